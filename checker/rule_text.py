"""The rule items of a page, as written: `§61.6 ...` markers, where an item's text ends, and
that text as plain text. The core reads the pages' rules with it (`checker.rule_pages`), and
the site renders and scans them with the same patterns (`checker.site.pages.syntax`).

- A rule item is a paragraph, list item or heading whose text starts with `§` and a rule
  number of the page's game: `§61.6 Each player may ...`, `# §61 Objective Cards`.
- A cross-reference is `[[ti4:61.6]]`, or `[[ti4:61.6|a label]]` with a label of one's own.

Code spans and fenced code blocks are left alone, so pages can show the syntax itself.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Sequence

from checker.sources import fenced_blocks

RULE_MARK = re.compile(r"§(?P<ref>[0-9]+(?:\.[0-9A-Za-z]+)*)"
                       r"(?:\{title=\"(?P<title>[^\"\n]*)\"\})?(?=\s|$)")
"""`§61.6` at the start of a rule item's text, with its short title when it gives one:
`§61.6{title="At most one public objective"}`."""
RULE_REF = re.compile(r"\[\[(?P<id>[a-z][a-z0-9]*:[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)"
                      r"(?:\|(?P<label>[^\]|]+))?\]\]")
ITEM_START = re.compile(r"^[ \t]*(?:#{1,6}[ \t]+|(?:[-*+]|\d+[.)])[ \t]+)?(?=§)")
_BLOCK_START = re.compile(r"^[ \t]*(?:#{1,6}[ \t]|[-*+][ \t]|\d+[.)][ \t]|`{3,}|~{3,}|\||>|<)")
"""A line that starts a block of its own, ending the rule item before it."""
_ITEM_SYNTAX = re.compile(r"^[ \t]*(?:#{1,6}[ \t]+|(?:[-*+]|\d+[.)])[ \t]+)?")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"(\*{1,3}|_{2,3})(?=\S)(.+?)(?<=\S)\1")
_CODE = re.compile(r"(`+)(.+?)\1")
_TAG = re.compile(r"<[^>]+>")
_ATTRIBUTES = re.compile(r"[ \t]*\{[:#.][^}]*\}")


def prose_lines(lines: list[str]) -> Iterator[tuple[int, str]]:
    """The lines outside fenced code blocks, with their 0-based index (a `scenario` fence is a
    code block too)."""
    return ((number, lines[number]) for number in prose_numbers(lines, range(len(lines))))


def prose_numbers(lines: list[str], numbers: Sequence[int]) -> list[int]:
    """Those of `numbers` (0-based, in order) that are lines outside fenced code blocks (a
    `scenario` fence is a code block too)."""
    out: list[int] = []
    at = 0
    for block in fenced_blocks(lines):
        if block.closed:
            start = bisect.bisect_left(numbers, block.start, at)
            out += numbers[at:start]
            at = bisect.bisect_left(numbers, block.end, start)
    out += numbers[at:]
    return out


def extent(lines: list[str], start: int) -> tuple[int, int]:
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


def label(ref: str) -> str:
    """How a rule number is shown: "61.6", or "61 note 2" for a note."""
    section, dot, rest = ref.partition(".")
    if dot and rest.startswith("note"):
        return f"{section} note {rest[4:]}"
    return ref


def depth(ref: str) -> int:
    """How deep an item sits: 0 for a section, 1 for 61.6, 2 for 61.5a or a note's sub-note."""
    if "." not in ref:
        return 0
    last = ref.rsplit(".", 1)[1]
    return 2 if last[-1].isalpha() and last[0].isdigit() or (last.startswith("note")
                                                                and last[-1].isalpha()) else 1
