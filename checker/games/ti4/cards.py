"""Objective cards of Twilight Imperium 4: the facts printed on each card."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class ObjectiveType(enum.Enum):
    """Which deck a card comes from (61.1, 61.1.1)."""

    STAGE_I = "stage I"
    """Public objective with "I" on its back; worth 1 victory point."""
    STAGE_II = "stage II"
    """Public objective with "II" on its back; worth 2 victory points."""
    SECRET = "secret"
    """Secret objective, controlled by one player until scored; worth 1 victory point."""


class Phase(enum.Enum):
    """The phase printed on a card, during which it can be scored (61.3)."""

    STATUS = "status"
    ACTION = "action"
    AGENDA = "agenda"


SHIPS = ("war sun", "flagship", "dreadnought", "carrier", "cruiser", "destroyer", "fighter")
GROUND_FORCES = ("infantry", "mech")
UNITS = SHIPS + GROUND_FORCES + ("PDS", "space dock")


@dataclass(frozen=True, slots=True)
class Destroys:
    """What an objective about destroying units needs (61.9): which units, during which step."""

    units: tuple[str, ...]
    during: str | None = None
    """The step kind the units must be destroyed in (e.g. "bombardment"); None for any."""


@dataclass(frozen=True, slots=True)
class ObjectiveCard:
    """One real objective card: name and printed facts only."""

    name: str
    type: ObjectiveType
    points: int
    """Victory points gained by scoring it (61.2)."""
    phase: Phase
    """When it can be scored (61.3, 61.5)."""
    cost: str | None = None
    """What is spent when it is scored, e.g. "8 resources" (61.10); None when nothing is spent."""
    destroys: Destroys | None = None
    """Set when the requirement is met by destroying another player's units (61.9)."""
    wins: str | None = None
    """"combat" or "space combat" when the requirement is to win one: its winner is known
    only once it has ended (78.10, 42.4c)."""
    expansion: str = "base"
    """"base" or "pok" (Prophecy of Kings)."""

    @property
    def public(self) -> bool:
        return self.type is not ObjectiveType.SECRET
