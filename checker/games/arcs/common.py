"""Small helpers shared by the Arcs step handlers: citing, refusing, naming."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NoReturn

from checker.engine import Event, RuleViolation
from checker.games.arcs.state import State

Events = list[Event]
Handler = Callable[[State, Any], tuple[State, Events]]


def cite(rule: str, text: str) -> Event:
    return Event(f"arcs:{rule}", text)


def refuse(rule: str, message: str) -> NoReturn:
    raise RuleViolation(f"arcs:{rule}", message)


def listed(words: Iterable[str]) -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def plural(number: int, word: str) -> str:
    """`1 city`, `2 cities`, `3 Blue ships`."""
    if number == 1:
        return f"{number} {word}"
    return f"{number} {word[:-1]}ies" if word.endswith("ty") else f"{number} {word}s"
