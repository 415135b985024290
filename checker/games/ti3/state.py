"""The TI3 game state: immutable values, replaced whole at each step.

Victory points are never stored: they are summed from the log of gains, which also tells
who claimed what and in which status phase.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from checker.engine import Outcome
from checker.games.twilight.strategy import clockwise_from

STRATEGY_CARDS: dict[str, int] = {
    "Initiative": 1, "Diplomacy": 2, "Political": 3, "Logistics": 4,
    "Trade": 5, "Warfare": 6, "Technology": 7, "Imperial": 8,
}
"""The eight strategy cards of the base game and their numbers, which set the order of play."""

IMPERIUM_REX = "Imperium Rex"
IMPERIAL_II = "Imperial II"


class RoundPhase(enum.Enum):
    """The phases of a game round, in order (14)."""

    STRATEGY = "strategy"
    ACTION = "action"
    STATUS = "status"


STATUS_STEPS = (
    "qualify for objectives", "repair damaged units", "remove command counters",
    "refresh planet cards", "action card and two command counters",
    "redistribute command areas", "return strategy cards",
)
"""The seven steps of the status phase (1.2)."""


class Kind(enum.Enum):
    """What sort of objective a claim is for."""

    PUBLIC = "public"
    """A face-up public objective: anyone may claim it, once each (2.4, 2.5)."""
    SECRET = "secret"
    """The player's own secret objective (2.6)."""
    PRELIMINARY = "preliminary"
    """The player's preliminary objective, with the preliminary objectives option (4)."""


@dataclass(frozen=True, slots=True)
class Card:
    """An objective card a player holds (secret or preliminary): its name and worth."""

    name: str
    points: int


@dataclass(frozen=True, slots=True)
class Gain:
    """One entry of the victory point log."""

    player: str
    points: int
    source: str
    """The objective's name, or what else gave the points."""
    window: str
    """"setup", "status:<round>" for a claim in that round's status phase, or "action:<round>"."""
    kind: Kind | None = None
    """Set when the points came from claiming an objective."""


@dataclass(frozen=True, slots=True)
class Counters:
    """A player's command counters: the three areas of the race sheet, the board, reinforcements."""

    strategy: int = 2
    """Strategy allocation."""
    command: int = 3
    """Command pool."""
    fleet: int = 3
    """Fleet supply."""
    board: int = 0
    reinforcements: int = 8

    @property
    def unused(self) -> int:
        """Counters still to spend: command pool and strategy allocation (13.note1)."""
        return self.strategy + self.command

    @property
    def sheet(self) -> int:
        return self.strategy + self.command + self.fleet




@dataclass(frozen=True, slots=True)
class AgeOfEmpire:
    """The Age of Empire option (17): every public objective face up in one row, stage I then
    stage II, with Imperium Rex at the right end."""

    row: tuple[str, ...]
    """The public objectives, left to right, Imperium Rex not included."""
    stage_ii: frozenset[str]

    @property
    def last_round(self) -> int:
        """The round whose status phase moves the turn token onto Imperium Rex: after round 1
        it lies on the first card of the row, and it moves one card after each round (17.3)."""
        return len(self.row) + 1


@dataclass(frozen=True, slots=True)
class Secondary:
    """The secondary ability of the Imperial strategy card while its strategic action lasts
    (15.2): the holder, who used it so far, and whether the holder took it for themselves
    alone (16.3)."""

    holder: str
    used: tuple[str, ...] = ()
    exclusive: bool = False


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    """Seating order, clockwise."""
    speaker: str
    goal: int
    """The last space of the victory point track: 10, or 14 on the long track (12.1)."""
    round: int
    phase: RoundPhase
    status_done: int
    """The last status phase step completed (0 while step 1 is open)."""
    claim_cursor: int
    """Index in order of play of the last player who claimed this status phase (-1: nobody)."""
    strategy_cards: Mapping[str, tuple[str, ...]]
    gains: tuple[Gain, ...]
    public: Mapping[str, int]
    """Face-up public objectives and their worth in victory points."""
    secrets: Mapping[str, Card | None]
    """Each player's unclaimed secret objective, if any."""
    preliminaries: Mapping[str, Card | None]
    """Each player's unclaimed preliminary objective, if any (4)."""
    preliminary_done: frozenset[str]
    """Players who completed their preliminary objective, when the option is in use."""
    preliminary_option: bool
    home_lost: frozenset[str]
    """Players who do not control every planet of their home system (3.1)."""
    claims_lost: Mapping[str, int]
    """For a player who lacked that control at some moment of a status phase, the last such
    round: they claim nothing in it (3.1), and in the next round only what they are shown to
    meet in that round (3.3). Kept until the end of that next round."""
    blockaded: frozenset[str]
    """Players with enemy ships in their home system (3.2)."""
    requirement: Mapping[tuple[str, str], tuple[bool, int]]
    """Stated fulfilment of an objective's requirements, with the round when stated."""
    strategy_cards_used: frozenset[str]
    """Strategy cards whose primary ability has been used this round (14.3)."""
    counters: Mapping[str, Counters]
    gained_counters: Mapping[str, int]
    """Counters received in step 5 and not yet placed (placed in step 6)."""
    largest_fleet: Mapping[str, int]
    planets: Mapping[str, tuple[str, ...]]
    exhausted: Mapping[str, tuple[str, ...]]
    damaged: Mapping[str, tuple[str, ...]]
    units: Mapping[str, tuple[str, ...]]
    """Units on the board, where the scenario lists them."""
    unit_reinforcements: Mapping[str, tuple[str, ...]]
    """Units returned to reinforcements (by scuttling), available for production again (11.2)."""
    action_hands: Mapping[str, int]
    imperial_card: str
    """Which card is strategy card 8: "Imperial", or "Imperial II" (16)."""
    age_of_empire: AgeOfEmpire | None
    """The row of public objectives with the Age of Empire option (17); None without it."""
    secondary: Secondary | None
    """Imperial's secondary ability, from its primary to the end of that strategic action."""
    unlimited_publics: frozenset[str]
    """Players who may claim any number of public objectives this round's status phase
    (16.2)."""
    ended: Outcome | None

    def points(self, player: str) -> int:
        return sum(g.points for g in self.gains if g.player == player)

    def barred(self, player: str) -> bool:
        """Whether the player lost this round's claims to their home system (3.1)."""
        return self.claims_lost.get(player) == self.round

    def claimed(self, player: str) -> list[str]:
        return [g.source for g in self.gains if g.player == player and g.kind is not None]

    def order_of_play(self) -> tuple[str, ...]:
        """By lowest strategy card number (14.2); with no cards held, clockwise from the speaker."""
        if not self.strategy_cards:
            return clockwise_from(self.players, self.speaker)
        return tuple(sorted(self.strategy_cards,
                            key=lambda p: min(STRATEGY_CARDS[c] for c in self.strategy_cards[p])))

    def with_(self, **changes: Any) -> State:
        return replace(self, **changes)
