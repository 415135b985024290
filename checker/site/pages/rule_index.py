"""What the pages say of each rule, read from their Markdown before any page is rendered:
the rule item's text, the page it is on, and the references to it, each with the rule item
whose text holds it. The "cited by" lists, the coverage pages and `rules.json` read it.

A rule item's text runs from its `§` marker to the end of its paragraph, list item or
heading; as plain text, its references read as their labels (`[[ti4:81.1|step 1]]` is
"step 1").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from checker.location import Location
from checker.rule_pages import game_of
from checker.rule_text import extent, plain_text
from checker.site.pages.syntax import PageScan


class RuleItem(NamedTuple):
    """A rule item as a page defines it."""

    rule: str
    """Full id, e.g. "ti4:61.6"."""
    page: str
    """The page's path in the docs folder, e.g. "ti4/objective-cards.md"."""
    text: str
    """Its text as plain text, without its number."""


class Mention(NamedTuple):
    """A `[[game:ref]]` reference in a page."""

    rule: str
    """The rule it refers to."""
    page: str
    within: str | None
    """The rule item whose text holds it (full id), or None outside any rule item."""
    location: Location


class RuleIndex:
    """What the pages say of each rule (`index_rules`)."""

    items: dict[str, RuleItem]
    """Every rule item of the pages, by full id, in the order of the pages."""
    mentions: dict[str, list[Mention]]
    """The references to each rule, by the full id referred to."""
    page_titles: dict[str, str]
    """Each page's first level-1 heading, without a rule number."""

    def __init__(self) -> None:
        self.items, self.mentions, self.page_titles = {}, {}, {}


def index_rules(sources: Mapping[str, str], scans: Mapping[str, PageScan],
                folders: Mapping[str, str]) -> RuleIndex:
    """The index of the pages `sources` (their Markdown by path), given their `scans`."""
    index = RuleIndex()
    for page, content in sources.items():
        scan = scans[page]
        lines = content.split("\n")
        index.page_titles[page] = _page_title(lines, page)
        game = game_of(page, folders)
        spans: list[tuple[int, int, str]] = []
        if game:
            for mark in scan.marks:
                rule = f"{game}:{mark.ref}"
                first, last = extent(lines, mark.location.line)
                spans.append((first, last, rule))
                if rule not in index.items:
                    index.items[rule] = RuleItem(rule, page, plain_text(
                        " ".join(lines[first - 1:last]), mark.ref))
        for ref in scan.references:
            line = ref.location.line
            within = next((rule for first, last, rule in spans if first <= line <= last), None)
            index.mentions.setdefault(ref.target, []).append(
                Mention(ref.target, page, within, ref.location))
    return index


def _page_title(lines: list[str], page: str) -> str:
    for line in lines:
        if line.startswith("# "):
            return plain_text(line)
    stem = page.rsplit("/", 1)[-1].removesuffix(".md")
    return stem.replace("-", " ").capitalize()
