"""The title and section number of a rules text: from front matter (`title:`, `section:`) or a
first line `# Title`, where a title such as "61 Objective Cards" also gives the section."""

from __future__ import annotations

import re
from dataclasses import dataclass

from checker.location import Location, Problem

MAX_SECTION = 999_999

_KEY = re.compile(r"(?P<key>[A-Za-z_][\w-]*)[ \t]*:[ \t]*(?P<value>.*?)[ \t]*$")
_NUMBERED_TITLE = re.compile(r"§?(?P<section>[0-9]{1,6})\.?[ \t\u00a0]+(?P<title>\S.*)")
_SECTION = re.compile(r"[0-9]{1,6}")


@dataclass(slots=True)
class Heading:
    """What a text says about itself, each with its place."""

    title: str | None = None
    title_at: Location | None = None
    section: int | None = None
    section_at: Location | None = None
    section_from: str = ""
    """Where the section number was read: "front matter" or "title"."""

    def take_title(self, text: str, at: Location) -> None:
        """The first title read is kept; a leading number is the section when none is set,
        and is dropped from the title when it is the section."""
        if self.title is not None or not text:
            return
        numbered = _NUMBERED_TITLE.fullmatch(text)
        if numbered is not None and self.section in (None, int(numbered["section"])):
            if self.section is None:
                self.section, self.section_at = int(numbered["section"]), at
                self.section_from = "title"
            text = numbered["title"]
        self.title, self.title_at = text, at


class TextError(Exception):
    """Why a rules text cannot be imported, at its place."""

    def __init__(self, location: Location, message: str) -> None:
        super().__init__(message)
        self.problem = Problem(location, message)


def front_matter(path: str, lines: list[str]) -> tuple[Heading, int]:
    """The heading the front matter gives, and the index of the first line after it (0 when
    the text has none)."""
    heading = Heading()
    if not lines or lines[0].rstrip() != "---":
        return heading, 0
    end = next((n for n in range(1, len(lines)) if lines[n].rstrip() in ("---", "...")), None)
    if end is None:
        raise TextError(Location(path, 1, 1), "the front matter opened here is never "
                               "closed with ---")
    title: tuple[str, Location] | None = None
    for index in range(1, end):
        entry = _KEY.fullmatch(lines[index])
        if entry is None:
            continue
        at = Location(path, index + 1, entry.start("value") + 1)
        value = _unquoted(entry["value"])
        if entry["key"] == "section":
            heading.section, heading.section_at = _section(value, at), at
            heading.section_from = "front matter"
        elif entry["key"] == "title":
            title = (value, at)
    if title is not None:
        heading.take_title(*title)
    return heading, end + 1


def _section(value: str, at: Location) -> int:
    if _SECTION.fullmatch(value) is None or not 1 <= int(value) <= MAX_SECTION:
        raise TextError(at, f"section: a whole number from 1 to {MAX_SECTION:,} is "
                               f"needed, not {value[:40]!r}")
    return int(value)


def _unquoted(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value
