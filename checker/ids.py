"""Scenario ids: unique across everything checked together, later copies are problems."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

from checker.location import Location, Problem


class Identified(Protocol):
    """Anything with a scenario id and the place it was given."""

    @property
    def id(self) -> str: ...

    @property
    def location(self) -> Location: ...


T = TypeVar("T", bound=Identified)


def first_uses(items: Iterable[T], first: dict[str, Location]) -> tuple[list[T], list[Problem]]:
    """The items whose id was not seen before, and a problem for each later copy. `first` maps
    the ids seen so far to where they were, and is updated."""
    kept: list[T] = []
    problems: list[Problem] = []
    for item in items:
        if item.id in first:
            problems.append(Problem(item.location, f"duplicate scenario id '{item.id}' (first "
                                    f"used at {first[item.id]})"))
            continue
        first[item.id] = item.location
        kept.append(item)
    return kept, problems
