"""The strategy cards as both editions hand them out and the order of play before they
are taken: the numbers and the rules are each game's own, passed in."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.engine import RuleViolation


def held_cards(picks: Mapping[str, Any], numbers: Mapping[str, int], rule: str
               ) -> dict[str, tuple[str, ...]]:
    """The strategy cards a setup gives each player (a card or a list), lowest number first;
    a card given to two players breaks `rule`, the game's full rule id."""
    cards: dict[str, tuple[str, ...]] = {}
    taken: dict[str, str] = {}
    for player, pick in picks.items():
        chosen = (pick,) if isinstance(pick, str) else tuple(pick)
        for card in chosen:
            if card in taken:
                raise RuleViolation(rule, f"{card} is held by both {taken[card]} and {player}")
            taken[card] = player
        cards[player] = tuple(sorted(chosen, key=numbers.__getitem__))
    return cards


def clockwise_from(players: tuple[str, ...], speaker: str) -> tuple[str, ...]:
    """The players in seating order, starting with the speaker."""
    start = players.index(speaker)
    return players[start:] + players[:start]
