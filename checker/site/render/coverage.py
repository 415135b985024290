"""A game's coverage, the page text a `[[coverage:ti4]]` line stands for: every rule of the
game with the number of verified examples that illustrate it (their `about:` names it) and
the number the engine decided by it (it cited the rule while checking them), the rules that
no example covers first, and the game's totals.

The tables are HTML made here and kept out of search (a rule is found on its own page).
"""

from __future__ import annotations

import re
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
    parts_covered: bool = False
    """A section (a rule with sub-rules, such as 61 or 2.3) one of whose sub-rules is covered:
    the section is covered through its parts, whatever its own counts."""

    @property
    def covered(self) -> bool:
        return bool(self.illustrated or self.cited or self.parts_covered)


def game_coverage(rules: Iterable[str], uses: RuleUses) -> list[Covered]:
    """Every rule of `rules` with its counts, the uncovered ones first, each part in the
    rules' order. A section counts as covered when one of its sub-rules is."""
    ordered = sorted(rules, key=rule_order)
    none = Cited()
    own = {rule: (uses.illustrated.get(rule, none).verified,
                  uses.decided.get(rule, none).verified)
           for rule in ordered}
    sections = {section for rule, counts in own.items() if any(counts)
                for section in _sections(rule)}
    counted = [Covered(rule, *own[rule], parts_covered=rule in sections) for rule in ordered]
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
    covered = [c for c in counted if c.covered]
    examples, _, good = context.counts(game)
    title = context.game_title(game)
    share = f" ({100 * len(covered) // len(counted)}%)" if counted else ""
    summary = (f'<p class="rule-coverage-total">{escape(title)}: <strong>{len(counted)} '
               f"rules</strong>, {len(covered)} of them covered by a verified example{share}, "
               f"{len(uncovered)} not covered yet. Worked examples: {examples}, "
               f"{good} of them verified.</p>")
    lines = ["", stash(rendering.defer(links.page, summary)), ""]
    for heading, part in ((f"Rules no example covers ({len(uncovered)})", uncovered),
                          (f"Rules with examples ({len(covered)})", covered)):
        if part:
            lines += [f"## {heading}", "", stash(rendering.defer(
                links.page, _table(context.rules, context.index, part, links))), ""]
    return lines


def _table(rules: RuleMap, index: RuleIndex, part: list[Covered], links: Links) -> str:
    rows = []
    for entry in part:
        title = rule_title(entry.rule, rules, index)
        if entry.parts_covered and not (entry.illustrated or entry.cited):
            title += " (covered through its parts)"
        rows.append(f"<tr><td>{links(entry.rule)}</td><td>{escape(title)}</td>"
                    f"<td>{entry.illustrated}</td><td>{entry.cited}</td></tr>\n")
    return one_byte(
        '<div data-search-exclude>\n<table class="rule-coverage">\n<thead><tr><th>Rule</th>'
        '<th>Title</th><th>Illustrated by</th><th>Decided by the engine in</th></tr></thead>\n'
        f'<tbody>\n{"".join(rows)}</tbody>\n</table>\n</div>')
