"""The state of a game of Hearts: immutable values, replaced whole at each step.

Scores are never stored: each is the score the scenario started from plus what every hand
scored since added to it (`HandResult`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from checker.api import Outcome

from hearts_rules.cards import HAND_SIZE, HEART, points, suit

GAME_END = 100
"""A score that ends the game at the end of a hand (4.1)."""


@dataclass(frozen=True, slots=True)
class Play:
    """One card played to a trick, and who played it."""

    player: str
    card: str


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a finished hand was scored."""

    taken: Mapping[str, int]
    """The points in the cards each player took (3.1, 3.2)."""
    added: Mapping[str, int]
    """What each player's score grew by: the points taken, or 0 and 26 after a moon shot."""
    moon: str | None
    """The player who shot the moon (3.3), if anyone did."""


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    """Seating order, clockwise; play goes clockwise (2.2)."""
    opening: Mapping[str, int]
    """Each score before the first hand of the scenario."""
    hands: Mapping[str, tuple[str, ...]]
    """The cards each player holds; all empty between hands."""
    taken: Mapping[str, tuple[str, ...]]
    """The cards each player has taken in tricks this hand (kept until the next deal)."""
    trick: tuple[Play, ...]
    """The cards on the table, in the order played."""
    leader: str | None
    """Who leads the trick on the table, or the next one."""
    tricks_played: int
    """Tricks finished this hand, 0 to 13."""
    last_trick: tuple[Play, ...]
    """The last finished trick of this hand, for the picture; its winner leads next."""
    results: tuple[HandResult, ...]
    """Every hand scored since the scenario started, in order."""
    ended: Outcome | None

    def score(self, player: str) -> int:
        return self.opening[player] + sum(r.added[player] for r in self.results)

    def scores(self) -> dict[str, int]:
        return {player: self.score(player) for player in self.players}

    @property
    def in_progress(self) -> bool:
        """A hand is being played: someone still holds cards."""
        return any(self.hands.values())

    @property
    def first_trick(self) -> bool:
        return self.in_progress and self.tricks_played == 0

    @property
    def to_play(self) -> str | None:
        """Whose turn it is: clockwise from the leader (2.2); nobody's between hands."""
        if not self.in_progress or self.leader is None:
            return None
        start = self.players.index(self.leader)
        return self.players[(start + len(self.trick)) % len(self.players)]

    @property
    def hearts_broken(self) -> bool:
        """A heart has been played this hand (2.5): one is on the table or among the cards
        taken (a setup's taken cards stand for the tricks played before it)."""
        cards = [play.card for play in self.trick] + [
            card for held in self.taken.values() for card in held]
        return any(suit(card) == HEART for card in cards)

    def points_taken(self, player: str) -> int:
        return sum(points(card) for card in self.taken[player])

    @property
    def last_result(self) -> HandResult | None:
        return self.results[-1] if self.results else None

    @property
    def trick_number(self) -> int:
        """The trick on the table (or the next one), 1 to 13."""
        return min(self.tricks_played + 1, HAND_SIZE)

    def with_(self, **changes: Any) -> State:
        return replace(self, **changes)
