"""What cites each rule: the worked examples that illustrate it (their `about:`), those whose
steps the engine decided by it (its citations), and the places in the pages that refer to it.

A rule item shows them on demand, in a disclosure under it (`cited_by_html`); the coverage
pages count them and `rules.json` lists them. Each list shows at most `SHOWN` entries, so
that a rule cited by thousands of examples keeps its page small; the rest are counted, with
a link to the game's scenario list.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from checker.rule_text import label
from checker.site.examples.results import Example
from checker.site.examples.standalone import Standalone, verified
from checker.site.pages.rule_index import Mention, RuleIndex
from checker.site.pages.rulemap import RuleMap, escape
from checker.site.walkthroughs.placing import one_byte, step_anchor

SHOWN = 12
"""Entries shown in each list of a rule's disclosure; the others are counted."""


class Citing(NamedTuple):
    """An example as a rule's disclosure lists it."""

    id: str
    title: str
    passed: bool
    disputed: bool
    path: str
    """The file it is in, as problems name it."""
    step: int
    """The first step (from 1) that cited the rule, 0 for the setup and for `about:`."""


class Cited:
    """The examples that cite a rule one way (their `about:`, or the engine's citations), in
    the order of their ids: the pages' own, each with the first step that cited the rule (0
    for the setup, and for `about:`), and the standalone ones by index (`Standalone`)."""

    __slots__ = ("indexes", "own", "standalone", "steps", "verified_standalone")

    def __init__(self, own: list[tuple[Example, int]] | None = None,
                 standalone: Standalone | None = None, indexes: list[int] | None = None,
                 steps: list[int] | None = None, verified_standalone: int = 0) -> None:
        self.own = [] if own is None else own
        self.standalone = standalone
        self.indexes = [] if indexes is None else indexes
        self.steps = steps
        """By standalone index in `indexes`: the step, for the engine's citations."""
        self.verified_standalone = verified_standalone

    def __len__(self) -> int:
        return len(self.own) + len(self.indexes)

    def first(self, count: int) -> list[Citing]:
        """The first `count`, by id."""
        whole = self.standalone
        own = (Citing(e.id, e.title, e.passed, e.disputed, e.location.path, step)
               for e, step in self.own)
        if whole is None or not self.indexes:
            return list(itertools.islice(own, count))
        steps = self.steps
        others = (Citing(whole.ids[index], whole.titles[index], whole.passed(index),
                         whole.disputed(index), whole.files[whole.where[index][0]][1],
                         steps[n] if steps is not None else 0)
                  for n, index in enumerate(self.indexes))
        if not self.own:
            return list(itertools.islice(others, count))
        return list(itertools.islice(heapq.merge(own, others, key=lambda c: c.id), count))

    def ids(self) -> list[str]:
        """Every one's id, in order."""
        whole = self.standalone
        return sorted([e.id for e, _ in self.own] +
                      ([whole.ids[i] for i in self.indexes] if whole is not None else []))

    @property
    def verified(self) -> int:
        """How many are verified (`verified`)."""
        return sum(verified(e) for e, _ in self.own) + self.verified_standalone


class RuleUses:
    """What cites each rule (`rule_uses`)."""

    illustrated: dict[str, Cited]
    """By rule: the examples whose `about:` names it."""
    decided: dict[str, Cited]
    """By rule: the examples whose run cites it."""
    shown_on: dict[str, str]
    """By example id: the page that shows its walkthrough."""
    lists: dict[str, str]
    """By game: the page that lists its scenarios."""

    def __init__(self, shown_on: dict[str, str] | None = None,
                 lists: dict[str, str] | None = None, index: RuleIndex | None = None,
                 standalone: Standalone | None = None) -> None:
        self.illustrated, self.decided = {}, {}
        self.shown_on = {} if shown_on is None else shown_on
        self.lists = {} if lists is None else lists
        self.index = RuleIndex() if index is None else index
        self.standalone = standalone

    def citing(self, rule: str) -> int:
        """How many examples cite `rule` either way."""
        illustrated, decided = self.illustrated.get(rule, Cited()), \
            self.decided.get(rule, Cited())
        own = {e.id for e, _ in illustrated.own} | {e.id for e, _ in decided.own}
        both = self.standalone.rule_counts.get(rule, (0, 0, 0))[2] \
            if self.standalone is not None else 0
        return len(own) + len(illustrated.indexes) + len(decided.indexes) - both

    def mentions(self, rule: str) -> list[Mention]:
        """The places in the pages that refer to `rule`, once per rule item (or page, outside
        rule items), the rule's own text left out, in the order of the pages' paths (the same
        whatever order a generator lists the pages in)."""
        seen: set[tuple[str, str | None]] = set()
        out = []
        for mention in sorted(self.index.mentions.get(rule, ()),
                              key=lambda m: (m.page, m.location.line, m.location.col)):
            key = (mention.page, mention.within)
            if mention.within != rule and key not in seen:
                seen.add(key)
                out.append(mention)
        return out


def rule_uses(examples: Iterable[Example], shown_on: Mapping[str, str],
              lists: Mapping[str, str], index: RuleIndex,
              standalone: Standalone | None = None) -> RuleUses:
    """Who cites what, from the pages' own examples, the standalone ones, and where each is
    shown."""
    uses = RuleUses(shown_on=dict(shown_on), lists=dict(lists), index=index,
                    standalone=standalone)
    for example in sorted(examples, key=lambda e: e.id):
        for rule in dict.fromkeys(example.about):
            uses.illustrated.setdefault(rule, Cited()).own.append((example, 0))
        for rule, step in example.cites:
            uses.decided.setdefault(rule, Cited()).own.append((example, step))
    if standalone is not None:
        counts = standalone.rule_counts
        for rule, indexes in standalone.illustrated.items():
            own = uses.illustrated.get(rule, Cited()).own
            uses.illustrated[rule] = Cited(own, standalone, indexes, None,
                                           counts.get(rule, (0, 0, 0))[0])
        for rule, (indexes, steps) in standalone.decided.items():
            own = uses.decided.get(rule, Cited()).own
            uses.decided[rule] = Cited(own, standalone, indexes, steps,
                                       counts.get(rule, (0, 0, 0))[1])
    return uses


Made = dict[tuple[str, int, str], str]
"""Each example's entry in the lists, by its id, step and page, made once a build (the same
examples come first in the lists of many rules)."""


USES_BODY = '<div class="rule-uses-body">'
"""Where a disclosure's list starts (`cited_by_html`); a rules page keeps the list beside it
(`Rendering.cited_aside`)."""


def cited_by_html(uses: RuleUses, rule: str, rules: RuleMap, page: str,
                  made: Made | None = None) -> str:
    """The disclosure under a rule item on `page`: what cites the rule; "" when nothing does.
    Its examples' entries are kept in `made` for the next disclosures."""
    made = {} if made is None else made
    illustrated = uses.illustrated.get(rule, Cited())
    decided = uses.decided.get(rule, Cited())
    mentions = uses.mentions(rule)
    examples = uses.citing(rule)
    if not examples and not mentions:
        return ""
    number = escape(label(rule.partition(":")[2]))
    said = _counted(examples, "example") if examples else ""
    if mentions:
        said = f"{said}{', ' if said else ''}{_counted(len(mentions), 'reference')}"
    head = (f'<details class="rule-uses" data-search-exclude data-rule-uses="{escape(rule)}">'
            f'<summary title="What cites {number}: {said}">Cited by '
            f'{examples + len(mentions)}</summary>{USES_BODY}')
    parts = [head]
    game = rule.partition(":")[0]
    if illustrated:
        parts.append(_list(f"Examples that illustrate {number}", [
            _example(uses, c, rules, page, made) for c in illustrated.first(SHOWN)],
            len(illustrated), uses, game, rules, page))
    if decided:
        parts.append(_list(f"Examples the engine decided by {number}", [
            _example(uses, c, rules, page, made) for c in decided.first(SHOWN)],
            len(decided), uses, game, rules, page))
    if mentions:
        parts.append(_list(f"Rules and pages that refer to {number}", [
            _mention(uses, m, rules, page) for m in mentions[:SHOWN]],
            len(mentions), uses, "", rules, page))
    parts.append("</div></details>")
    return one_byte("".join(parts))


def _counted(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _list(heading: str, items: list[str], total: int, uses: RuleUses, game: str,
          rules: RuleMap, page: str) -> str:
    """A list of the first `items` of `total`, the others counted."""
    shown = "".join(f"<li>{item}</li>" for item in items)
    more = total - len(items)
    if more > 0:
        listed = uses.lists.get(game)
        what = f"{more:,} more"
        if listed is not None:
            what = f'<a href="{escape(_page_href(rules, listed, page))}">{what}</a>'
        shown += f'<li class="rule-uses-more">and {what}</li>'
    return f'<p class="rule-uses-head">{escape(heading)}</p><ul>{shown}</ul>'


def _example(uses: RuleUses, example: Citing, rules: RuleMap, page: str, made: Made) -> str:
    key = (example.id, example.step, page)
    entry = made.get(key)
    if entry is None:
        entry = made[key] = _entry(uses, example, rules, page)
    return entry


def _entry(uses: RuleUses, example: Citing, rules: RuleMap, page: str) -> str:
    where = uses.shown_on.get(example.id)
    step = example.step
    target = step_anchor(example.id, step) if step else example.id
    mark = " <strong>(does not hold)</strong>" if not example.passed else \
        " (disputed)" if example.disputed else ""
    at = f", step {step}" if step else ""
    if where is None:  # past its list page's budget: no walkthrough on the site
        return f'{escape(example.title)}{at}{mark} (<code>{escape(example.path)}</code>)'
    href = f"{_page_href(rules, where, page)}#{target}"
    return f'<a href="{escape(href)}">{escape(example.title)}</a>{at}{mark}'


def _mention(uses: RuleUses, mention: Mention, rules: RuleMap, page: str) -> str:
    title = escape(uses.index.page_titles.get(mention.page, mention.page))
    if mention.within is None:
        return f'<a href="{escape(_page_href(rules, mention.page, page))}">{title}</a>'
    href = rules.href(mention.within, page) or _page_href(rules, mention.page, page)
    number = escape(label(mention.within.partition(":")[2]))
    return f'<a href="{escape(href)}">{number}</a> in {title}'


def _page_href(rules: RuleMap, target: str, page: str) -> str:
    return "" if target == page else rules.page_link(target, page)
