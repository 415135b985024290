"""A game's coverage, the page text a `[[coverage:ti4]]` line stands for: every rule of the
game with the number of verified examples that illustrate it (their `about:` names it) and
the number the engine decided by it (it cited the rule while checking them), the rules that
no example covers first; the sections no example names but some of whose rules have examples
apart, with how many of their rules do; and the game's totals.

The tables are HTML made here and kept out of search (a rule is found on its own page).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, NamedTuple

from checker.site.gathered.cited_by import Cited, RuleUses
from checker.site.pages.rule_index import RuleIndex
from checker.site.pages.rulemap import RuleMap, escape
from checker.site.render.rule_entries import rule_title
from checker.site.walkthroughs.placing import Links, one_byte

if TYPE_CHECKING:
    from checker.site.render.rendering import Rendering

_PARTS = re.compile(r"(\d+)")


class Covered(NamedTuple):
    """One rule and the verified examples that cover it."""

    rule: str
    illustrated: int
    """Verified examples whose `about:` names the rule."""
    cited: int
    """Verified examples the engine decided by the rule."""
    parts: int = 0
    """The rules under it, for a section (a rule with sub-rules, such as 61 or 2.3)."""
    parts_with_examples: int = 0
    """Those of `parts` that a verified example illustrates or the engine decided by."""

    @property
    def direct(self) -> bool:
        """Covered by an example of its own."""
        return bool(self.illustrated or self.cited)

    @property
    def parts_covered(self) -> bool:
        """A section one of whose rules has an example: covered through its parts, whatever
        its own counts."""
        return self.parts_with_examples > 0

    @property
    def covered(self) -> bool:
        return self.direct or self.parts_covered


def game_coverage(rules: Iterable[str], uses: RuleUses) -> list[Covered]:
    """Every rule of `rules` with its counts, the uncovered ones first, each part in the
    rules' order. A section counts as covered when one of its sub-rules is."""
    ordered = sorted(rules, key=rule_order)
    none = Cited()
    own = {rule: (uses.illustrated.get(rule, none).verified,
                  uses.decided.get(rule, none).verified)
           for rule in ordered}
    parts: Counter[str] = Counter()
    with_examples: Counter[str] = Counter()
    for rule, counts in own.items():
        for section in _sections(rule):
            parts[section] += 1
            with_examples[section] += any(counts)
    counted = [Covered(rule, *own[rule], parts[rule], with_examples[rule]) for rule in ordered]
    return [c for c in counted if not c.covered] + [c for c in counted if c.covered]


def _sections(rule: str) -> set[str]:
    """The sections `rule` is part of: ti4:61.6a is part of ti4:61.6 and ti4:61; 2.3c of 2.3
    (never 10 of 1)."""
    game, _, number = rule.partition(":")
    return {f"{game}:{number[:i]}" for i in range(1, len(number))
            if number[i] == "." or number[i].isalpha()}


def _is_part(rule: str, section: str) -> bool:
    """Whether `rule` is a sub-rule of `section`."""
    return section in _sections(rule)


def rule_order(rule: str) -> tuple[tuple[int, int, str], ...]:
    """The order of rule numbers: 61.2 before 61.10, 61.5 before 61.5a, notes after."""
    ref = rule.partition(":")[2]
    return tuple((0, int(piece), "") if piece.isdigit() else (1, 0, piece)
                 for part in ref.split(".") for piece in _PARTS.split(part) if piece)


def coverage_lines(rendering: Rendering, game: str, links: Links,
                   stash: Callable[[str], str]) -> list[str]:
    """The Markdown lines for `game`'s coverage on the page `links` is for; the HTML goes
    through `stash` (Markdown's own)."""
    context = rendering.site
    rules = [rule for rule in context.index.items if rule.partition(":")[0] == game]
    counted = game_coverage(rules, context.uses)
    uncovered = [c for c in counted if not c.covered]
    direct = [c for c in counted if c.direct]
    through = [c for c in counted if c.covered and not c.direct]
    examples, _, good = context.counts(game)
    title = context.game_title(game)
    covered = len(direct) + len(through)
    share = f" ({100 * covered // len(counted)}%)" if counted else ""
    summary = (f'<p class="rule-coverage-total">{escape(title)}: <strong>{len(counted)} '
               f"rules</strong>, {covered} of them covered{share}: {len(direct)} by a verified "
               f"example, {len(through)} through the rules under them; {len(uncovered)} not "
               f"covered yet. Worked examples: {examples}, {good} of them verified.</p>")
    lines = ["", stash(rendering.defer(links.page, summary)), ""]
    for heading, part, table in (
            (f"Rules no example covers ({len(uncovered)})", uncovered, _table),
            (f"Rules with examples ({len(direct)})", direct, _table),
            (f"Sections covered through their rules ({len(through)})", through, _parts_table)):
        if part:
            lines += [f"## {heading}", "", stash(rendering.defer(
                links.page, table(context.rules, context.index, part, links))), ""]
    return lines


def _table(rules: RuleMap, index: RuleIndex, part: list[Covered], links: Links) -> str:
    rows = [f"<tr><td>{links(entry.rule)}</td><td>{escape(rule_title(entry.rule, rules, index))}"
            f"</td><td>{entry.illustrated}</td><td>{entry.cited}</td></tr>\n" for entry in part]
    return _wrapped("<th>Illustrated by</th><th>Decided by the engine in</th>", rows)


def _parts_table(rules: RuleMap, index: RuleIndex, part: list[Covered], links: Links) -> str:
    """The sections no example names, with how many of the rules under each have one."""
    rows = [f"<tr><td>{links(entry.rule)}</td><td>{escape(rule_title(entry.rule, rules, index))}"
            f"</td><td>{entry.parts_with_examples} of {entry.parts}</td></tr>\n"
            for entry in part]
    return _wrapped("<th>Rules under it with examples</th>", rows)


def _wrapped(counts: str, rows: list[str]) -> str:
    return one_byte(
        '<div data-search-exclude>\n<table class="rule-coverage">\n<thead><tr><th>Rule</th>'
        f'<th>Title</th>{counts}</tr></thead>\n<tbody>\n{"".join(rows)}</tbody>\n</table>\n</div>')
