"""What cites each rule: the worked examples that illustrate it (their `about:`), those whose
steps the engine decided by it (its citations), and the places in the pages that refer to it.

A rule item shows them on demand, in a disclosure under it (`cited_by_html`); the coverage
pages count them and `rules.json` lists them. Each list shows at most `SHOWN` entries, so
that a rule cited by thousands of examples keeps its page small; the rest are counted, with
a link to the game's scenario list.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from checker.site.placing import one_byte, step_anchor
from checker.site.results import Example
from checker.site.rule_index import Mention, RuleIndex
from checker.site.rulemap import RuleMap, escape
from checker.site.syntax import label

SHOWN = 12
"""Entries shown in each list of a rule's disclosure; the others are counted."""


@dataclass(frozen=True, slots=True)
class Decided:
    """An example whose steps the engine decided by a rule."""

    example: Example
    step: int
    """The first step (from 1) that cited the rule, 0 for the setup."""


@dataclass
class RuleUses:
    illustrated: dict[str, list[Example]] = field(default_factory=dict)
    """By rule: the examples whose `about:` names it."""
    decided: dict[str, list[Decided]] = field(default_factory=dict)
    """By rule: the examples whose run cites it."""
    shown_on: dict[str, str] = field(default_factory=dict)
    """By example id: the page that shows its walkthrough."""
    lists: dict[str, str] = field(default_factory=dict)
    """By game: the page that lists its scenarios."""
    index: RuleIndex = field(default_factory=RuleIndex)

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
              lists: Mapping[str, str], index: RuleIndex) -> RuleUses:
    """Who cites what, from every checked example and where each is shown."""
    uses = RuleUses(shown_on=dict(shown_on), lists=dict(lists), index=index)
    for example in sorted(examples, key=lambda e: e.id):
        for rule in dict.fromkeys(example.about):
            uses.illustrated.setdefault(rule, []).append(example)
        for rule, step in example.cites:
            uses.decided.setdefault(rule, []).append(Decided(example, step))
    return uses


def verified(example: Example) -> bool:
    """Checked by the engine and agreeing with it: what coverage counts."""
    return example.passed and not example.disputed


def cited_by_html(uses: RuleUses, rule: str, rules: RuleMap, page: str) -> str:
    """The disclosure under a rule item on `page`: what cites the rule; "" when nothing does."""
    illustrated = uses.illustrated.get(rule, [])
    decided = uses.decided.get(rule, [])
    mentions = uses.mentions(rule)
    examples = len({e.id for e in illustrated} | {d.example.id for d in decided})
    if not examples and not mentions:
        return ""
    number = escape(label(rule.partition(":")[2]))
    said = _counted(examples, "example") if examples else ""
    if mentions:
        said = f"{said}{', ' if said else ''}{_counted(len(mentions), 'reference')}"
    head = (f'<details class="rule-uses" data-search-exclude data-rule-uses="{escape(rule)}">'
            f'<summary title="What cites {number}: {said}">Cited by '
            f'{examples + len(mentions)}</summary><div class="rule-uses-body">')
    parts = [head]
    game = rule.partition(":")[0]
    if illustrated:
        parts.append(_list(f"Examples that illustrate {number}", [
            _example(uses, e, 0, rules, page) for e in illustrated[:SHOWN]],
            len(illustrated), uses, game, rules, page))
    if decided:
        parts.append(_list(f"Examples the engine decided by {number}", [
            _example(uses, d.example, d.step, rules, page) for d in decided[:SHOWN]],
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


def _example(uses: RuleUses, example: Example, step: int, rules: RuleMap, page: str) -> str:
    where = uses.shown_on.get(example.id)
    target = step_anchor(example.id, step) if step else example.id
    mark = " <strong>(does not hold)</strong>" if not example.passed else \
        " (disputed)" if example.disputed else ""
    at = f", step {step}" if step else ""
    if where is None:  # past its list page's budget: no walkthrough on the site
        return f'{escape(example.title)}{at}{mark} (<code>{escape(example.location.path)}</code>)'
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
