"""A rules text as a publisher writes it: a title, then numbered lists nested by indentation
under `## Rules Reference`, `## Notes` and `## Related Topics` headings. Read into blocks in
source order, each item with its number at every level and each line with its place, for
`checker.importer.page` to write as a rules page."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

from checker.importer.front import Heading, TextError, front_matter
from checker.location import Location

__all__ = ["Block", "Kind", "Part", "RulesText", "TextError", "read_rules"]

SPACE = " \t\u00a0"
"""What a line is stripped of: blanks, tabs and the stray non-breaking spaces of exports."""
MAX_LEVELS = 6
"""Lists nested in lists: the official references use two; deeper is refused, not guessed."""
MAX_DIGITS = 6
"""The written length of an item's number."""

_MARKER = re.compile(r"(?P<indent>[ \t\u00a0]*)(?P<number>[0-9]+)[.)](?=[ \t\u00a0]|$)")
_BULLET = re.compile(r"[ \t\u00a0]*[-*+](?=[ \t\u00a0])")
_HEADING = re.compile(r"[ \t\u00a0]{0,3}(?P<level>#{1,6})(?:[ \t\u00a0]+(?P<text>.*?))?"
                      r"(?:[ \t\u00a0]+#+)?[ \t\u00a0]*$")
_FENCE = re.compile(r"(?P<indent>[ \t\u00a0]*)(?P<fence>`{3,}|~{3,})")


class Part(enum.Enum):
    """Which heading a block stands under."""

    RULES = "rules"
    """The numbered rules, and the prose before and between them."""
    NOTES = "notes"
    """Numbered notes on the section."""
    RELATED = "related"
    """Links to other topics, one a line."""


_PART_TITLES = {"rules reference": Part.RULES, "rules": Part.RULES, "notes": Part.NOTES,
                "related topics": Part.RELATED, "related": Part.RELATED,
                "see also": Part.RELATED}


class Kind(enum.Enum):
    """What a block is."""

    ITEM = "item"
    """A numbered item: a rule, or a note."""
    TEXT = "text"
    """A paragraph that is not numbered."""
    BULLET = "bullet"
    """An item of a bulleted list (every line of Related Topics is one)."""
    HEADING = "heading"
    """A heading that names no part, kept as a heading."""
    CODE = "code"
    """A fenced code block, kept as written."""


@dataclass(slots=True)
class Block:
    """A paragraph of the text: its lines stripped and joined by "\n", with where each
    line's first character is in the source."""

    kind: Kind
    part: Part
    at: Location
    """Where the block starts: an item's number, a heading's text."""
    numbers: tuple[int, ...] = ()
    """An item's number at each level: (5, 1) for the first item under item 5; a heading's
    level: (2,) for `##`."""
    text: str = ""
    starts: list[Location] = field(default_factory=list)

    def add_line(self, text: str, start: Location) -> None:
        self.text = f"{self.text}\n{text}" if self.starts else text
        self.starts.append(start)


@dataclass(slots=True)
class RulesText:
    """One input file, read."""

    path: str
    heading: Heading
    blocks: list[Block] = field(default_factory=list)

    def of(self, part: Part) -> list[Block]:
        return [block for block in self.blocks if block.part is part]


@dataclass(slots=True)
class _Open:
    """An item whose sub-items may still follow."""

    indent: int
    numbers: tuple[int, ...]
    last: int = 0
    """The number of its latest sub-item."""


class _Numbering:
    """Numbers the items of one part as they come: a written number is kept when it is greater
    than the one before at its level (so the publisher's numbers stay, gaps too), otherwise
    the item takes the next one (lists written `1.`, `1.`, `1.`). An item is under the open
    item whose marker is at least two columns to its left."""

    def __init__(self) -> None:
        self.root = _Open(-2, ())
        self.open: list[_Open] = []

    def number(self, indent: int, written: int, at: Location) -> tuple[int, ...]:
        while self.open and indent < self.open[-1].indent + 2:
            self.open.pop()
        parent = self.open[-1] if self.open else self.root
        parent.last = written if written > parent.last else parent.last + 1
        numbers = (*parent.numbers, parent.last)
        if len(numbers) > MAX_LEVELS:
            raise TextError(at, f"a list nested {len(numbers)} deep; a rules text may nest "
                            f"lists at most {MAX_LEVELS} deep")
        self.open.append(_Open(indent, numbers))
        return numbers

    def close(self) -> None:
        self.open.clear()


def read_rules(path: str, content: str) -> RulesText:
    """The blocks of a rules text; a TextError at the first thing that cannot be imported."""
    lines = content.removeprefix("\ufeff").split("\n")
    heading, first = front_matter(path, lines)
    reader = _Reader(RulesText(path, heading))
    number = first
    while number < len(lines):
        number = reader.line(lines, number)
    return reader.finish()


class _Reader:
    """Reads a text line by line into its blocks."""

    def __init__(self, text: RulesText) -> None:
        self.text = text
        self.part = Part.RULES
        self.numbering = {Part.RULES: _Numbering(), Part.NOTES: _Numbering()}
        self.block: Block | None = None
        """The block a next line without a marker goes on (none after a blank line)."""
        self.titled = False
        """Whether a `# Title` line was read (the front matter's title wins over it)."""

    def line(self, lines: list[str], index: int) -> int:
        """Reads the line at `index`; the index of the next one to read."""
        line = lines[index].expandtabs(4)
        at = Location(self.text.path, index + 1, 1)
        if not line.strip(SPACE):
            self.block = None
        elif (heading := _HEADING.match(line)) is not None:
            self.heading(heading, at)
        elif (fence := _FENCE.match(line)) is not None:
            return self.code(lines, index, fence)
        elif self.part is Part.RELATED:
            self.topic(line, at)
        elif (marker := _MARKER.match(line)) is not None:
            self.item(line, marker, at)
        elif (bullet := _BULLET.match(line)) is not None:
            self.start(Kind.BULLET, line, bullet.end(), at)
        elif self.block is not None:
            self.block.add_line(*_stripped(line, 0, at))
        else:
            self.start(Kind.TEXT, line, 0, at)
        return index + 1

    def heading(self, match: re.Match[str], at: Location) -> None:
        self.block = None
        title = (match["text"] or "").strip(SPACE)
        col = at.col + match.start("text") if match["text"] else at.col
        if len(match["level"]) == 1 and not self.text.blocks and not self.titled:
            self.titled = True
            self.text.heading.take_title(title, at._replace(col=col))
            return
        part = _PART_TITLES.get(" ".join(title.lower().split()))
        if part is not None:
            self.part = part
        if self.part in self.numbering:
            self.numbering[self.part].close()
        if part is None and title:
            heading = Block(Kind.HEADING, self.part, at._replace(col=col), (len(match["level"]),))
            heading.add_line(title, heading.at)
            self.text.blocks.append(heading)

    def item(self, line: str, marker: re.Match[str], at: Location) -> None:
        written = marker["number"]
        col = at.col + marker.start("number")
        if len(written) > MAX_DIGITS:
            raise TextError(at._replace(col=col), f"item number {written[:20]} is too long: "
                            f"at most {MAX_DIGITS} digits")
        numbers = self.numbering[self.part].number(len(marker["indent"]), int(written),
                                                   at._replace(col=col))
        self.start(Kind.ITEM, line, marker.end(), at, numbers)
        self.text.blocks[-1].at = at._replace(col=col)

    def topic(self, line: str, at: Location) -> None:
        start = _BULLET.match(line) or _MARKER.match(line)
        self.start(Kind.BULLET, line, start.end() if start else 0, at)
        self.block = None

    def start(self, kind: Kind, line: str, offset: int, at: Location,
              numbers: tuple[int, ...] = ()) -> None:
        text, start = _stripped(line, offset, at)
        self.block = Block(kind, self.part, at._replace(col=at.col + offset), numbers)
        if text:
            self.block.add_line(text, start)
        self.text.blocks.append(self.block)

    def code(self, lines: list[str], index: int, fence: re.Match[str]) -> int:
        """Keeps a fenced block as written; the index of the line after its closing fence."""
        opening = fence["fence"]
        at = Location(self.text.path, index + 1, len(fence["indent"]) + 1)
        closing = re.compile(rf"[ \t]*{re.escape(opening[0])}{{{len(opening)},}}[ \t]*$")
        end = next((n for n in range(index + 1, len(lines)) if closing.match(lines[n])), None)
        if end is None:
            raise TextError(at, f"a code block opened with {opening} is never closed")
        indent = len(fence["indent"])
        body = [line[indent:] if line[:indent].strip(SPACE) == "" else line.lstrip(SPACE)
                for line in lines[index:end + 1]]
        self.text.blocks.append(Block(Kind.CODE, self.part, at, (), "\n".join(body), [at]))
        self.block = None
        return end + 1

    def finish(self) -> RulesText:
        text = self.text
        if text.heading.title is None:
            raise TextError(Location(text.path, 1, 1), "no title: give the text front matter "
                            "with `title:`, or a first line `# Title`")
        if not any(block.kind is Kind.ITEM for block in text.of(Part.RULES)):
            raise TextError(Location(text.path, 1, 1), "no numbered list: a rules text holds "
                            "its rules as items `1.`, `2.`, ... under its title")
        for block in text.blocks:
            if block.kind is Kind.ITEM and not block.text:
                raise TextError(block.at, "a numbered item with no text")
        text.blocks = [block for block in text.blocks if block.text]
        return text


def _stripped(line: str, offset: int, at: Location) -> tuple[str, Location]:
    """The text of `line` from `offset` on, stripped, and where it starts."""
    rest = line[offset:]
    text = rest.lstrip(SPACE)
    return text.rstrip(SPACE), at._replace(col=at.col + offset + len(rest) - len(text))
