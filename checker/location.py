"""Places in source files, and errors that know their place."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Location:
    """A 1-based line and column in a file, as editors count them."""

    path: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"


@dataclass(frozen=True, slots=True)
class Problem:
    """A located message: a scenario error or a stated-versus-engine mismatch."""

    location: Location
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


class ScenarioError(Exception):
    """A user mistake in a scenario file; carries every problem found, never a traceback."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems
