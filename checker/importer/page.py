"""A rules text written as a rules page of this project: `# §61 Objective Cards`, the prose
kept as paragraphs, and every numbered item a paragraph of its own that starts with its
number written out, so later edits never renumber a rule.

Numbers follow the official TI4 rules reference: item 5 of section 61 is `§61.5`, the items
under it `§61.5a`, `§61.5b`, ...; notes are `§61.note1`, a note's items `§61.note1a`. Deeper
levels alternate the same way: a third level is `§61.5a.1`, a fourth `§61.5a.1a`."""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection

from checker.importer.lists import SPACE, Block, Kind, Part, RulesText
from checker.importer.markup import Link, bare_path, emphasis, fragment, markdown, path_label, topic
from checker.location import Location, Problem

_WEB = re.compile(r"(?:https?:|mailto:|//)", re.IGNORECASE)


class Linker:
    """Writes each link of a text: to the game's page of its topic when there is one,
    otherwise as its plain label, with a notice of where it was."""

    def __init__(self, pages: Collection[str]) -> None:
        self.pages = pages
        """The slugs of the game's pages: those there already and those being imported."""
        self.notices: list[Problem] = []

    def write(self, link: Link, at: Location) -> str:
        label = " ".join(link.label.split()) or path_label(link.target)
        if _WEB.match(link.target):
            return f"[{label}]({link.target})"
        name = topic(link.target)
        if name in self.pages:
            return f"[{label}]({name}.md{fragment(link.target)})"
        self.notices.append(Problem(at, f"no page for {link.target}; kept as text"))
        return label


def page_text(text: RulesText, section: int, linker: Linker) -> str:
    """The whole page, ending in one newline; the same text gives the same bytes."""
    title = " ".join(emphasis(text.heading.title or "").split())
    chunks = [(Kind.HEADING, f"# §{section} {_escaped(title)}")]
    for part, heading in ((Part.RULES, ""), (Part.NOTES, "## Notes"),
                          (Part.RELATED, "## Related topics")):
        blocks = text.of(part)
        if blocks and heading:
            chunks.append((Kind.HEADING, heading))
        chunks += [(block.kind, _block(block, section, linker)) for block in blocks]
    out = [chunks[0][1]]
    for (before, _), (kind, chunk) in itertools.pairwise(chunks):
        out += ["\n" if before is kind is Kind.BULLET else "\n\n", chunk]
    return "".join(out) + "\n"


def item_ref(numbers: tuple[int, ...], note: bool = False) -> str:
    """The part of an item's number after the section: (5, 1) gives "5a", as a note
    "note5a"; (5, 1, 2) gives "5a.2"."""
    ref = f"note{numbers[0]}" if note else str(numbers[0])
    for level, number in enumerate(numbers[1:], start=2):
        ref += letters(number) if level % 2 == 0 else f".{number}"
    return ref


def letters(number: int) -> str:
    """1 gives "a", 26 "z", 27 "aa": as spreadsheet columns count."""
    out = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        out = chr(ord("a") + rest) + out
    return out


def _block(block: Block, section: int, linker: Linker) -> str:
    if block.kind is Kind.CODE:
        return block.text
    if block.kind is Kind.HEADING:
        return "#" * max(2, block.numbers[0]) + " " + _prose(block, linker)
    if block.kind is Kind.ITEM:
        ref = item_ref(block.numbers, note=block.part is Part.NOTES)
        return f"§{section}.{ref} {_prose(block, linker)}"
    if block.part is Part.RELATED and bare_path(block.text):
        return "- " + linker.write(Link(0, block.text, ""), block.starts[0])
    return ("- " if block.kind is Kind.BULLET else "") + _prose(block, linker)


def _prose(block: Block, linker: Linker) -> str:
    """The block's text as Markdown, one line per source line, none of them blank, none
    starting with `§` (that would make a rule item of it)."""
    converted = markdown(block.text, lambda link: linker.write(link, _place(block, link.offset)))
    lines = [line.strip(SPACE) for line in converted.split("\n")]
    return "\n".join(_escaped(line) for line in lines if line)


def _escaped(line: str) -> str:
    return "&sect;" + line[1:] if line.startswith("§") else line


def _place(block: Block, offset: int) -> Location:
    """Where the character at `offset` of the block's text is in the source."""
    start = block.starts[block.text.count("\n", 0, offset)]
    return start._replace(col=start.col + offset - (block.text.rfind("\n", 0, offset) + 1))
