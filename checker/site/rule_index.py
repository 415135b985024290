"""What the pages say of each rule, read from their Markdown before any page is rendered:
the rule item's text, the page it is on, and the references to it, each with the rule item
whose text holds it. The "cited by" lists, the coverage pages and `rules.json` read it.

A rule item's text runs from its `§` marker to the end of its paragraph, list item or
heading; as plain text, its references read as their labels (`[[ti4:81.1|step 1]]` is
"step 1").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from checker.location import Location
from checker.site.syntax import RULE_MARK, RULE_REF, PageScan, label

_BLOCK_START = re.compile(r"^[ \t]*(?:#{1,6}[ \t]|[-*+][ \t]|\d+[.)][ \t]|`{3,}|~{3,}|\||>|<)")
"""A line that starts a block of its own, ending the rule item before it."""
_ITEM_SYNTAX = re.compile(r"^[ \t]*(?:#{1,6}[ \t]+|(?:[-*+]|\d+[.)])[ \t]+)?")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"(\*{1,3}|_{2,3})(?=\S)(.+?)(?<=\S)\1")
_CODE = re.compile(r"(`+)(.+?)\1")
_TAG = re.compile(r"<[^>]+>")
_ATTRIBUTES = re.compile(r"[ \t]*\{[:#.][^}]*\}")


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
    previews: dict[str, str]
    """What the preview of each rule shows, as the attributes `previews.preview_html` writes,
    made once a build for all the pages that cite the rule."""

    def __init__(self) -> None:
        self.items, self.mentions, self.page_titles, self.previews = {}, {}, {}, {}


def index_rules(sources: Mapping[str, str], scans: Mapping[str, PageScan],
                games: Iterable[str]) -> RuleIndex:
    """The index of the pages `sources` (their Markdown by path), given their `scans`."""
    index = RuleIndex()
    known = set(games)
    for page, content in sources.items():
        scan = scans[page]
        lines = content.split("\n")
        index.page_titles[page] = _page_title(lines, page)
        game = page.split("/", 1)[0] if "/" in page else ""
        spans: list[tuple[int, int, str]] = []
        if game in known:
            for mark in scan.marks:
                rule = f"{game}:{mark.ref}"
                first, last = _extent(lines, mark.location.line)
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


def _extent(lines: list[str], start: int) -> tuple[int, int]:
    """The first and last line (from 1) of the rule item whose marker is on line `start`."""
    last = start
    while last < len(lines):
        following = lines[last]
        if not following.strip() or _BLOCK_START.match(following) or \
                lines[start - 1].lstrip().startswith("#"):
            break
        last += 1
    return start, last


def plain_text(markdown: str, ref: str = "") -> str:
    """A rule item's Markdown as plain text, without its item syntax and `§ref` marker."""
    text = _ITEM_SYNTAX.sub("", markdown, count=1)
    mark = RULE_MARK.match(text)
    if mark is not None and (not ref or mark["ref"] == ref):
        text = text[mark.end():]
    # Each pattern only where its first character is: most rule items have no markup.
    if "[" in text:
        text = RULE_REF.sub(lambda m: m["label"] or label(m["id"].partition(":")[2]), text)
        text = _LINK.sub(r"\1", text)
    if "`" in text:
        text = _CODE.sub(r"\2", text)
    if "*" in text or "_" in text:
        text = _EMPHASIS.sub(r"\2", text)
    if "<" in text:
        text = _TAG.sub("", text)
    if "{" in text:
        text = _ATTRIBUTES.sub("", text)
    return " ".join(text.split()).rstrip("#").strip()


def _page_title(lines: list[str], page: str) -> str:
    for line in lines:
        if line.startswith("# "):
            return plain_text(line)
    stem = page.rsplit("/", 1)[-1].removesuffix(".md")
    return stem.replace("-", " ").capitalize()
