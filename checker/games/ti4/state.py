"""The TI4 game state: immutable values, replaced whole at each step.

Victory points are never stored: they are summed from the log of gains, which
also tells who scored what, when, and in which scoring window.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from checker.engine import Outcome
from checker.games.twilight.strategy import clockwise_from

STRATEGY_CARDS: dict[str, int] = {
    "Leadership": 1, "Diplomacy": 2, "Politics": 3, "Construction": 4,
    "Trade": 5, "Warfare": 6, "Technology": 7, "Imperial": 8,
}
"""The eight strategy cards and their initiative numbers (83.5)."""

NAALU_TOKEN = "Naalu 0"


class RoundPhase(enum.Enum):
    """The phases of a game round, in order (40)."""

    STRATEGY = "strategy"
    ACTION = "action"
    STATUS = "status"
    AGENDA = "agenda"


STATUS_STEPS = (
    "score objectives", "reveal public objective", "draw action cards",
    "remove command tokens", "gain and redistribute command tokens", "ready cards",
    "repair units", "return strategy cards",
)
"""The eight steps of the status phase (81.1-81.8)."""


@dataclass(frozen=True, slots=True)
class Gain:
    """One entry of the victory point log: points gained, or lost when `points` is negative."""

    player: str
    points: int
    source: str
    """The objective's name, or the effect that gave (or took) the points."""
    window: str
    """The scoring window it fell in, e.g. "status:2" or "combat:5" (61.6, 61.7)."""
    objective: str | None = None
    """Set when the points came from scoring an objective."""
    public: bool = False
    law: str | None = None
    """Set when a law gave or took the points; points a law gave are kept when it goes (98.6)."""


@dataclass(frozen=True, slots=True)
class CommandTokens:
    """A player's command sheet pools, tokens on the board, and reinforcements (20)."""

    tactic: int = 3
    fleet: int = 3
    strategy: int = 2
    board: int = 0
    reinforcements: int = 8

    @property
    def sheet(self) -> int:
        return self.tactic + self.fleet + self.strategy


@dataclass(frozen=True, slots=True)
class Destruction:
    """Units of `owner` destroyed (or only removed) by `player`, and by what means (61.9)."""

    player: str
    owner: str
    units: tuple[str, ...]
    means: str
    """"hits", "action card", "technology", "ability", or "fleet pool" (a removal, 61.9a)."""
    during: str = ""
    """The step of the tactical action it happened in (e.g. "bombardment"), if any."""


@dataclass(frozen=True, slots=True)
class Combat:
    """A combat fought this action phase: its scoring window, its kind ("space" or "ground"),
    and, once a step has said it ended, who won it (78.10, 42.4c)."""

    window: str
    kind: str
    ended: bool = False
    winner: str | None = None
    """None while it is under way, and after a draw."""


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    """Seating order, clockwise."""
    speaker: str
    goal: int
    """Victory points that win: 10, or 14 on the long track (98.2a)."""
    round: int
    phase: RoundPhase
    status_done: int
    """The last status phase step completed (0 before step 1 is over)."""
    status_cursor: int
    """Index in initiative order of the last player who scored in step 1 (-1: nobody yet)."""
    strategy_cards: Mapping[str, tuple[str, ...]]
    """Strategy cards held, by player (empty once returned)."""
    naalu_token: str | None
    gains: tuple[Gain, ...]
    revealed: tuple[str, ...]
    """Public objectives face up, in the order they were revealed."""
    facedown_i: tuple[str, ...]
    facedown_ii: tuple[str, ...]
    secrets: Mapping[str, tuple[str, ...]]
    """Unscored secret objectives in each player's hand."""
    shown_secrets: Mapping[str, tuple[str, ...]]
    """Unscored secret objectives a player chose to reveal (61.note4)."""
    home_lost: frozenset[str]
    """Players who do not control every planet of their home system (61.16)."""
    requirement: Mapping[tuple[str, str], bool]
    """Stated fulfilment of an objective's requirement, by (player, objective)."""
    window: str
    """The current scoring window."""
    window_kind: str
    """"status", "turn", "combat", "agenda", "setup" or "between"."""
    counter: int
    """Source of fresh window ids."""
    window_step: str
    """The step kind that opened the current window inside a tactical action ("" otherwise)."""
    active: str | None
    destroyed: tuple[Destruction, ...]
    """Destructions and removals during the current action phase (61.9)."""
    combats: tuple[Combat, ...]
    """The combats of the current action phase, in the order they were fought (61.7)."""
    tokens: Mapping[str, CommandTokens]
    largest_fleet: Mapping[str, int]
    """Non-fighter ships in each player's fullest system (37.3, 81.5a)."""
    ships_removed: Mapping[str, int]
    action_deck: int | None
    """Cards left in the action card deck; None when the scenario does not track it."""
    action_discard: int
    action_hands: Mapping[str, int]
    exhausted: Mapping[str, tuple[str, ...]]
    damaged: Mapping[str, tuple[str, ...]]
    custodians_removed: bool
    spendable: Mapping[str, Mapping[str, int]]
    """Resources, influence and trade goods a player can still spend, where the scenario says."""
    imperial_secondary: tuple[str, ...] | None
    """While Imperial's primary ability is being resolved: the players who used its secondary
    ability so far, in the order they did (45.3, 82.1); None at any other time."""
    shard: str | None
    """Who holds the Shard of the Throne relic, whose point goes with it (73.3)."""
    supports: Mapping[str, str]
    """Support for the Throne cards in play: by the colour of the card (who gave it), who holds
    it; its point goes with it (69.1)."""
    discarded_laws: frozenset[str]
    """Laws discarded from play: they give and take no more points (7.5, 98.6)."""
    pending_return: str | None
    """A player over the secret objective limit who must return one first (61.21a)."""
    ended: Outcome | None

    def points(self, player: str) -> int:
        totals = self.__dict__.get("_totals")
        if totals is None:
            totals = {}
            for gain in self.gains:
                totals[gain.player] = totals.get(gain.player, 0) + gain.points
            self.__dict__["_totals"] = totals
        return int(totals.get(player, 0))

    def scored(self, player: str) -> list[str]:
        return [g.objective for g in self.gains if g.player == player and g.objective]

    def scored_secrets(self, player: str) -> list[str]:
        return [g.objective for g in self.gains
                if g.player == player and g.objective and not g.public]

    def initiative_order(self) -> tuple[str, ...]:
        """By lowest strategy card number (48.1, 48.3); with no cards held, clockwise from the speaker."""
        order = self.__dict__.get("_order")
        if order is None:
            order = self.__dict__["_order"] = self._initiative_order()
        return order  # type: ignore[no-any-return]

    def _initiative_order(self) -> tuple[str, ...]:
        if not self.strategy_cards:
            return self.clockwise_from_speaker()

        def number(player: str) -> int:
            if self.naalu_token == player:
                return 0
            return min(STRATEGY_CARDS[card] for card in self.strategy_cards[player])
        return tuple(sorted(self.strategy_cards, key=number))

    @property
    def combat(self) -> Combat | None:
        """The combat whose scoring window this is: under way, or over with nothing else begun
        since ("during or after", 61.7)."""
        last = self.combats[-1] if self.combats else None
        return last if last is not None and last.window == self.window else None

    @property
    def everyone_holds_a_strategy_card(self) -> bool:
        return bool(self.strategy_cards) and all(p in self.strategy_cards for p in self.players)

    def simultaneous_order(self) -> tuple[str, ...]:
        """The order in which players resolve what happens to several of them at once (98.7):
        initiative order while every player holds a strategy card; otherwise (the strategy
        phase before everyone has chosen, the agenda phase) clockwise from the speaker."""
        if self.everyone_holds_a_strategy_card:
            return self.initiative_order()
        return self.clockwise_from_speaker()

    def clockwise_from_speaker(self) -> tuple[str, ...]:
        return clockwise_from(self.players, self.speaker)

    def with_(self, **changes: Any) -> State:
        """A copy with some fields changed. Copying the instance dict skips the per-field work
        of dataclasses.replace, which dominated step time; the copy is as frozen as the original.
        Derived values cached in the dict (point totals, initiative order) are left behind."""
        copy = object.__new__(State)
        fields = copy.__dict__
        fields.update(self.__dict__)
        fields.pop("_totals", None)
        fields.pop("_order", None)
        for name, value in changes.items():
            if name not in fields:
                raise TypeError(f"State has no field {name!r}")
            fields[name] = value
        return copy
