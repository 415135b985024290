"""The map of the Reach (base game): six clusters of a gate and three planets, which systems
touch, and which clusters a setup card puts out of play (6).

A system is named by its cluster number and what it is: `3 Gate`, and for the planets the ID
symbol printed on them, `3 Arrow`, `3 Moon` (the crescent) and `3 Hex`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

CLUSTERS = (1, 2, 3, 4, 5, 6)
"""Numbered around the map; each gate touches the gates of the clusters before and after."""
SYMBOLS = ("Arrow", "Moon", "Hex")
"""The planets of a cluster, in their chain: the Moon touches both others."""
GATE = "Gate"


@dataclass(frozen=True, slots=True)
class System:
    """A gate or a planet."""

    name: str
    cluster: int
    symbol: str
    """`Gate`, or the planet's ID symbol."""
    resource: str | None
    """The planet type, which is the resource its cities are taxed for; None for a gate."""
    slots: int
    """Building slots: 1 or 2 on a planet, none on a gate."""

    @property
    def is_gate(self) -> bool:
        return self.symbol == GATE


PLANETS: dict[int, tuple[tuple[str, int], tuple[str, int], tuple[str, int]]] = {
    1: (("weapons", 2), ("fuel", 1), ("material", 2)),
    2: (("psionics", 1), ("weapons", 1), ("relics", 2)),
    3: (("material", 1), ("fuel", 1), ("weapons", 2)),
    4: (("relics", 2), ("fuel", 2), ("material", 1)),
    5: (("weapons", 1), ("relics", 1), ("psionics", 2)),
    6: (("material", 1), ("fuel", 2), ("psionics", 1)),
}
"""Type and building slots of the Arrow, Moon and Hex planet of each cluster."""

CROSS_BORDERS = (("2 Hex", "3 Arrow"), ("5 Hex", "6 Arrow"))
"""The only planets of different clusters that share a thin border."""


def _systems() -> dict[str, System]:
    systems = {}
    for cluster in CLUSTERS:
        gate = System(f"{cluster} {GATE}", cluster, GATE, None, 0)
        systems[gate.name] = gate
        for symbol, (resource, slots) in zip(SYMBOLS, PLANETS[cluster]):
            planet = System(f"{cluster} {symbol}", cluster, symbol, resource, slots)
            systems[planet.name] = planet
    return systems


SYSTEMS: dict[str, System] = _systems()
SYSTEM_NAMES = tuple(SYSTEMS)

SETUP_CARDS: dict[str, tuple[int, ...]] = {
    "2 Player Frontiers": (1, 6),
    "2 Player Mix Up 1": (2, 5),
    "2 Player Homelands": (1, 4),
    "2 Player Mix Up 2": (1, 4),
    "3 Player Mix Up": (1, 4),
    "3 Player Frontiers": (2, 3),
    "3 Player Homelands": (5, 6),
    "3 Player Core Conflict": (3, 6),
    "4 Player Mix Up 1": (3,),
    "4 Player Mix Up 2": (4,),
    "4 Player Frontiers": (5,),
    "4 Player Mix Up 3": (6,),
}
"""The clusters each setup card puts out of play."""

OUT_OF_PLAY = {2: 2, 3: 2, 4: 1}
"""How many clusters are out of play, by number of players."""


def setup_card_players(card: str) -> int:
    """The number of players a setup card is for, read off its name."""
    return int(card.split()[0])


def _planet_links() -> frozenset[frozenset[str]]:
    links = set()
    for cluster in CLUSTERS:
        for a, b in pairwise(SYMBOLS):
            links.add(frozenset((f"{cluster} {a}", f"{cluster} {b}")))
        for symbol in SYMBOLS:
            links.add(frozenset((f"{cluster} {GATE}", f"{cluster} {symbol}")))
    links.update(frozenset(pair) for pair in CROSS_BORDERS)
    return frozenset(links)


PLANET_LINKS = _planet_links()
"""Every border except those between gates: gate to its planets, planet to planet."""


def gate_ring(out_of_play: Iterable[int]) -> tuple[int, ...]:
    """The clusters whose gates are in play, around the map; a path marker on an out-of-play
    gate joins the gates on either side of it, so the ring simply skips it."""
    out = set(out_of_play)
    return tuple(c for c in CLUSTERS if c not in out)


@lru_cache(maxsize=64)
def neighbours(out_of_play: frozenset[int]) -> dict[str, frozenset[str]]:
    """Each system in play and the systems in play adjacent to it."""
    near: dict[str, set[str]] = {name: set() for name, system in SYSTEMS.items()
                                 if system.cluster not in out_of_play}
    for link in PLANET_LINKS:
        a, b = sorted(link)
        if a in near and b in near:
            near[a].add(b)
            near[b].add(a)
    ring = gate_ring(out_of_play)
    if len(ring) > 1:
        for here, there in zip(ring, ring[1:] + ring[:1]):
            if here != there:
                near[f"{here} {GATE}"].add(f"{there} {GATE}")
                near[f"{there} {GATE}"].add(f"{here} {GATE}")
    return {name: frozenset(others) for name, others in near.items()}


def adjacent(a: str, b: str, out_of_play: frozenset[int]) -> bool:
    return b in neighbours(out_of_play).get(a, frozenset())


def in_play(name: str, out_of_play: frozenset[int]) -> bool:
    return SYSTEMS[name].cluster not in out_of_play
