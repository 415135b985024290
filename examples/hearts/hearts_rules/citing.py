"""How the engine names the rules behind what it does: every event and every refusal cites a
rule of the pages (`hearts:N.M`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NoReturn

from checker.api import Event, RuleViolation

GAME = "hearts"


def rule(number: str) -> str:
    return f"{GAME}:{number}"


def cite(number: str, text: str) -> Event:
    return Event(rule(number), text)


def refuse(number: str, message: str) -> NoReturn:
    raise RuleViolation(rule(number), message)


def listed(words: Iterable[str], empty: str = "nobody") -> str:
    """`A`, `A and B`, `A, B and C`."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words) or empty
    return ", ".join(words[:-1]) + " and " + words[-1]
