"""The pieces of Arcs that the end of a chapter handles, with their printed numbers."""

from __future__ import annotations

from dataclasses import dataclass

AMBITIONS = ("Tycoon", "Tyrant", "Warlord", "Keeper", "Empath")
"""In the order of the ambition boxes on the map."""

RESOURCES = ("material", "fuel", "weapons", "relics", "psionics")

COUNTED: dict[str, tuple[str, ...]] = {
    "Tycoon": ("fuel", "material"),
    "Keeper": ("relics",),
    "Empath": ("psionics",),
}
"""The resource and Guild card icons an ambition counts (2.3); Tyrant and Warlord count pieces."""

BOX_RESOURCES: dict[str, tuple[str, ...]] = {
    "Tycoon": ("material", "fuel"),
    "Warlord": ("weapons",),
    "Keeper": ("relics",),
    "Empath": ("psionics",),
}
"""Where the two-player resources go at setup (2.11a); Weapons count as Trophies (2.11b)."""

BOX_RESOURCE_TOTAL = 6

TROPHY_KINDS = ("ships", "starports", "cities", "agents")
"""Agents become Trophies when a Court card is Ransacked after a city is destroyed."""
CITIES = 5
"""City slots on a player board, and cities per player (2.10b)."""
CITIES_AT_START = 4
"""One city goes on the map at setup."""

THRESHOLDS = {4: 27, 3: 30, 2: 33}
"""Power that ends the game, by number of players (4.1)."""
LAST_CHAPTER = 5
HAND = 6
NEUTRAL = "neutral"
"""The two-player stand-in third player: the resources on the ambition boxes (2.11)."""


@dataclass(frozen=True, slots=True)
class Marker:
    """One ambition marker: its lower-numbered side and its flipped side (2.1, 3.6a)."""

    front: tuple[int, int]
    back: tuple[int, int]

    @property
    def name(self) -> str:
        return face(self.front)


def face(values: tuple[int, int]) -> str:
    return f"{values[0]}/{values[1]}"


MARKERS = (Marker((5, 3), (9, 4)), Marker((3, 2), (6, 3)), Marker((2, 0), (4, 2)))
"""Highest first: a declared ambition takes the highest available marker."""
FLIP_ORDER = tuple(sorted(MARKERS, key=lambda m: m.front))
"""The lowest unflipped marker is flipped at each clean-up (3.6)."""
BY_FACE = {face(side): marker for marker in MARKERS for side in (marker.front, marker.back)}
FACES = [face(m.front) for m in MARKERS] + [face(m.back) for m in MARKERS]


def flipped_in_chapter(chapter: int) -> tuple[Marker, ...]:
    """One marker is flipped at the end of each chapter, lowest first, until all three are."""
    return FLIP_ORDER[:min(chapter - 1, len(FLIP_ORDER))]
