"""Places in source files, and errors that know their place."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e"
                     "\u2066-\u2069\ud800-\udfff\ufeff\ufffe\uffff]")
"""Characters that would end a line or steer the terminal or the text's direction: control
characters (C0, DEL, C1), the line and paragraph separators, and the bidirectional marks and
overrides (a name can otherwise display as another); and those no UTF-8 output or XML report
may hold (lone surrogates, U+FFFE, U+FFFF)."""


def inert(text: str) -> str:
    """`text` with every character of `_UNSAFE` written as an escape (`\\n`, `\\x1b`,
    `\\u202e`), so user text printed in a message can never start a line of its own or
    change how the terminal shows what follows."""
    if _UNSAFE.search(text) is None:
        return text
    return _UNSAFE.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    char = match[0]
    named = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char)
    if named:
        return named
    return f"\\x{ord(char):02x}" if ord(char) <= 0xFF else f"\\u{ord(char):04x}"


class Location(NamedTuple):
    """A 1-based line and column in a file, as editors count them. (A NamedTuple: thousands
    are made in a build, each three times faster than a frozen dataclass.)"""

    path: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{inert(self.path)}:{self.line}:{self.col}"


@dataclass(frozen=True, slots=True)
class Problem:
    """A located message: a scenario error or a stated-versus-engine mismatch. Printed, it
    is one line whatever user text the message quotes (see `inert`)."""

    location: Location
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {inert(self.message)}"


@dataclass(frozen=True, slots=True)
class InternalError(Problem):
    """A bug of the checker's met on some input, reported where that input is; the command
    exits 3 for it, not 1, so CI tells a crash from a wrong example."""


class ScenarioError(Exception):
    """A user mistake in a scenario file; carries every problem found, never a traceback."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems
