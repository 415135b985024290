"""The pieces on the map and in the Court, and how many of each a player has (6.6-6.9)."""

from __future__ import annotations

from dataclasses import dataclass

SHIPS, STARPORTS, CITIES, AGENTS = 15, 5, 5, 10
"""Each player's pieces."""
RESOURCE_TOKENS = 5
"""Tokens of each resource in the general supply."""
BUILDING_KINDS = ("city", "starport")


@dataclass(frozen=True, slots=True)
class Fleet:
    """One player's ships in one system."""

    fresh: int = 0
    """Standing upright."""
    damaged: int = 0
    """Tipped over."""

    @property
    def total(self) -> int:
        return self.fresh + self.damaged

    def plus(self, fresh: int = 0, damaged: int = 0) -> Fleet:
        return Fleet(self.fresh + fresh, self.damaged + damaged)


NO_SHIPS = Fleet()


@dataclass(frozen=True, slots=True)
class Building:
    """A city or starport in a building slot."""

    owner: str
    kind: str
    """`city` or `starport`."""
    fresh: bool = True
    """False when flipped to its darker, damaged side."""

    def describe(self) -> str:
        return f"{self.owner}'s {'' if self.fresh else 'damaged '}{self.kind}"


@dataclass(frozen=True, slots=True)
class CourtSpot:
    """One place in the Court row: the card face up there (None once the deck ran out) and
    the agents on it, by owner."""

    card: str | None
    agents: tuple[tuple[str, int], ...] = ()

    def agents_of(self, player: str) -> int:
        return dict(self.agents).get(player, 0)
