"""The page syntax for rules, written once and read by both the renderer and the scanner.

- A rule item is a paragraph, list item or heading whose text starts with `§` and a rule
  number of the page's game: `§61.6 Each player may ...`, `# §61 Objective Cards`.
- A cross-reference is `[[ti4:61.6]]`, or `[[ti4:61.6|a label]]` with a label of one's own.
- A standalone scenario is embedded by a line of its own: `[[scenario:ti4-some-id]]`.
- A game's scenario list is a line of its own: `[[scenarios:ti4]]` (a table of every scenario
  of the game, then the walkthroughs of the standalone ones no page embeds).
- A game's coverage table is a line of its own: `[[coverage:ti4]]` (every rule of the game
  with the verified examples that cover it, see `checker.site.render.coverage`).
- A worked example is a ```` ```scenario ```` fence (see `checker.sources`).

Code spans and fenced code blocks are left alone, so pages can show the syntax itself.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from checker.location import Location, Problem
from checker.rule_text import ITEM_START, RULE_MARK, RULE_REF, prose_numbers

SCENARIO_EMBED = re.compile(r"^(?P<indent>[ \t]*)\[\[scenario:(?P<id>[a-z0-9][a-z0-9-]*)\]\][ \t]*$")
SCENARIO_LIST = re.compile(r"^(?P<indent>[ \t]*)\[\[scenarios:(?P<game>[a-z][a-z0-9]*)\]\][ \t]*$")
COVERAGE = re.compile(r"^(?P<indent>[ \t]*)\[\[coverage:(?P<game>[a-z][a-z0-9]*)\]\][ \t]*$")
_CODE_SPAN = re.compile(r"(`+).+?\1")


class Mark(NamedTuple):
    """A rule item's marker in a page."""

    ref: str
    """The number after `§`, e.g. "61.6"."""
    location: Location


class Reference(NamedTuple):
    """A `[[game:ref]]` cross-reference, a `[[scenario:id]]` embed or a `[[scenarios:game]]`
    list in a page."""

    target: str
    location: Location


class PageScan:
    """What a page defines and points to, with the line of each."""

    __slots__ = ("coverage", "embeds", "lists", "malformed", "marks", "references")

    def __init__(self) -> None:
        self.marks: list[Mark] = []
        self.references: list[Reference] = []
        self.embeds: list[Reference] = []
        self.lists: list[Reference] = []
        self.coverage: list[Reference] = []
        self.malformed: list[Reference] = []
        """Each `[[` outside code that starts none of the above, with what follows it."""


def scan_page(path: str, content: str) -> PageScan:
    """Rule markers, cross-references, scenario embeds and lists outside code, each with its
    place."""
    scan = PageScan()
    lines = content.split("\n")
    # Most lines hold neither a rule marker nor `[[`: those that do, outside code blocks.
    for index in prose_numbers(lines, [number for number, line in enumerate(lines)
                                       if "\u00a7" in line or "[[" in line]):
        line = lines[index]
        marked, linked = "\u00a7" in line, "[[" in line
        number = index + 1
        start = ITEM_START.match(line) if marked else None
        if start:
            mark = RULE_MARK.match(line, start.end())
            if mark:
                scan.marks.append(Mark(mark["ref"], Location(path, number, start.end() + 1)))
        if not linked:
            continue
        embed = SCENARIO_EMBED.match(line)
        if embed:
            scan.embeds.append(Reference(embed["id"], Location(path, number, len(embed["indent"]) + 3)))
            continue
        listed = SCENARIO_LIST.match(line)
        if listed:
            scan.lists.append(Reference(listed["game"], Location(path, number,
                                                                 len(listed["indent"]) + 3)))
            continue
        covered = COVERAGE.match(line)
        if covered:
            scan.coverage.append(Reference(covered["game"], Location(path, number,
                                                                     len(covered["indent"]) + 3)))
            continue
        prose = _CODE_SPAN.sub(_blank, line) if "`" in line else line
        starts = set()
        for ref in RULE_REF.finditer(prose):
            scan.references.append(Reference(ref["id"], Location(path, number, ref.start() + 1)))
            starts.add(ref.start())
        scan.malformed += [Reference(_shown(prose, at), Location(path, number, at + 1))
                           for at in _openings(prose) if at not in starts]
    return scan


def malformed_problem(reference: Reference) -> Problem:
    """What a `[[` that starts no reference says: the forms there are."""
    return Problem(reference.location, f"malformed reference {reference.target}: write "
                   "[[game:number]] or [[game:number|label]] (such as [[ti4:61.6]]); "
                   "[[scenario:id]], [[scenarios:game]] and [[coverage:game]] go on a line of "
                   "their own; in a code span `[[` is shown as it is")


def _openings(prose: str) -> list[int]:
    """Where each `[[` of a line starts (`[[[` counts once, at its last two brackets)."""
    found, at = [], prose.find("[[")
    while at >= 0:
        while prose.startswith("[[[", at):
            at += 1
        found.append(at)
        at = prose.find("[[", at + 2)
    return found


def _shown(prose: str, at: int) -> str:
    """The malformed reference at `at`, to its `]]` or for at most 40 characters."""
    end = prose.find("]]", at)
    text = prose[at:end + 2] if 0 <= end < at + 40 else prose[at:at + 40] + "..."
    return repr(text)


def _blank(match: re.Match[str]) -> str:
    return " " * len(match[0])
