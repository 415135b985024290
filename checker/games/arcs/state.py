"""The Arcs state: the chapter and its ambitions, the map and its pieces, the Court, the
player boards and the round being played. Immutable values, replaced whole at each step.

Power is never stored: it is summed from the log of gains, which also says what
each gain came from.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from checker.engine import Outcome
from checker.games.arcs.parts.battle_report import BattleReport
from checker.games.arcs.parts.board import SYSTEMS
from checker.games.arcs.parts.components import BY_FACE, THRESHOLDS, Marker, face
from checker.games.arcs.parts.pieces import NO_SHIPS, Building, CourtSpot, Fleet
from checker.games.arcs.parts.rounds import Round


class Stage(enum.IntEnum):
    """Where the chapter is: being played, or how far its end has come (1.4)."""

    PLAYING = 0
    """The chapter is being played."""
    SCORING = 1
    """The chapter has ended; step 1, scoring ambitions, is under way."""
    CLEANED = 2
    """Step 2, clean-up, is done."""
    CHECKED = 3
    """Step 3, end the game or advance the chapter, is done."""
    DRAWN = 4
    """Step 4, drawing cards, is done; the next chapter starts with the first card played."""


STAGE_NAMES = {Stage.PLAYING: "chapter", Stage.SCORING: "scoring", Stage.CLEANED: "cleaned up",
               Stage.CHECKED: "game end checked", Stage.DRAWN: "cards drawn"}


@dataclass(frozen=True, slots=True)
class Gain:
    """One entry of the Power log."""

    player: str
    power: int
    source: str


@dataclass(frozen=True, slots=True)
class Result:
    """How one ambition was scored (2)."""

    ambition: str
    markers: tuple[tuple[int, int], ...]
    """The faces of the markers in its box."""
    counts: Mapping[str, int]
    """What each player (and the two-player neutral) had of the counted thing."""
    first: str | None
    second: tuple[str, ...]
    gained: Mapping[str, int]
    """Power gained by each player, bonus included."""
    bonus: Mapping[str, int]

    @property
    def high(self) -> int:
        return sum(high for high, _ in self.markers)

    @property
    def low(self) -> int:
        return sum(low for _, low in self.markers)



@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    """Seating order, clockwise."""
    initiative: str
    """Who holds the initiative marker."""
    chapter: int
    stage: Stage
    gains: tuple[Gain, ...]
    hands: Mapping[str, int]
    """Action cards in each player's hand."""
    passed: frozenset[str]
    """Players who passed the initiative since the last card was played (1.1b)."""
    boxes: Mapping[str, tuple[str, ...]]
    """Markers (by their front face) in each ambition box."""
    flipped: frozenset[str]
    """Markers (by their front face) showing their higher side."""
    resources: Mapping[str, tuple[str | None, ...]]
    """Each player's resource slots, left to right: the resource in each, None when empty."""
    guild: Mapping[str, Mapping[str, int]]
    """Resource icons on each player's Guild cards."""
    trophies: Mapping[str, Mapping[str, Mapping[str, int]]]
    """Holder -> owner -> kind (ships, starports, cities) -> number."""
    captives: Mapping[str, Mapping[str, int]]
    """Holder -> owner -> agents."""
    cities: Mapping[str, int]
    """Cities still on each player's board."""
    box_resources: Mapping[str, int] | None
    """Two players only: the resources on the ambition boxes (2.11)."""
    results: tuple[Result, ...]
    """The ambitions scored at the end of this chapter, in the order scored."""
    returned: Mapping[str, Mapping[str, int]]
    """Pieces returned to each owner at the last clean-up."""
    cleanup: tuple[str, ...]
    """What the last clean-up did, for people."""
    check: str
    """What the last end-of-game check found, for people."""
    mulliganed: str | None
    ended: Outcome | None
    out_of_play: frozenset[int]
    """Clusters covered by a path marker and out-of-play markers (6.4)."""
    ships: Mapping[str, Mapping[str, Fleet]]
    """System -> player -> ships there; players with none are left out."""
    buildings: Mapping[str, tuple[Building | None, ...]]
    """System -> its building slots, in order; systems without buildings are left out."""
    court: tuple[CourtSpot, ...]
    """The Court row, left to right."""
    court_deck: tuple[str, ...]
    """Court cards still to draw, top first."""
    court_discard: tuple[str, ...]
    guild_held: Mapping[str, tuple[str, ...]]
    """Guild cards each player has secured; their icons are counted in `guild` too."""
    round: Round | None
    """The round being played; None between rounds, when the holder leads or passes."""
    outraged: Mapping[str, frozenset[str]]
    """The resources each player has Outraged by destroying a city (9.9a)."""
    lore: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    """Lore cards each player holds (Leaders & Lore): those the engine knows (9.11)."""
    battle: BattleReport | None = None
    """The battle just fought, for people and pictures; None after any other step."""

    def power(self, player: str) -> int:
        return sum(g.power for g in self.gains if g.player == player)

    @property
    def threshold(self) -> int:
        return THRESHOLDS[len(self.players)]

    def turn_order(self) -> tuple[str, ...]:
        """From the initiative holder, clockwise."""
        start = self.players.index(self.initiative)
        return self.players[start:] + self.players[:start]

    def marker(self, name: str) -> Marker:
        return BY_FACE[name]

    def showing(self, name: str) -> tuple[int, int]:
        """The values a marker (named by its front face) shows now."""
        marker = BY_FACE[name]
        return marker.back if name in self.flipped else marker.front

    def faces(self, name: str) -> str:
        return face(self.showing(name))

    def declared(self) -> list[str]:
        return [ambition for ambition, markers in self.boxes.items() if markers]

    def result(self, ambition: str) -> Result | None:
        return next((r for r in self.results if r.ambition == ambition), None)

    def bonus(self, player: str) -> int:
        """Bonus Power for an untied first place: the +2 slot is uncovered with at most one
        city left on the board, the +3 slot with none (2.10, 2.10b)."""
        left = self.cities[player]
        return 5 if left == 0 else 2 if left == 1 else 0

    def tokens(self, player: str) -> dict[str, int]:
        """How many of each resource a player holds, whatever the slots."""
        held: dict[str, int] = {}
        for resource in self.resources[player]:
            if resource is not None:
                held[resource] = held.get(resource, 0) + 1
        return held

    def trophy_count(self, player: str) -> int:
        return sum(sum(kinds.values()) for kinds in self.trophies.get(player, {}).values())

    def captive_count(self, player: str) -> int:
        return sum(self.captives.get(player, {}).values())

    def fleet(self, system: str, player: str) -> Fleet:
        return self.ships.get(system, {}).get(player, NO_SHIPS)

    def slots(self, system: str) -> tuple[Building | None, ...]:
        return self.buildings.get(system, (None,) * SYSTEMS[system].slots)

    def with_(self, **changes: Any) -> State:
        return dataclasses.replace(self, **changes)
