"""The shapes the map of the Reach and the battle panel are drawn with: the map's size and
radii, where each cluster and system lies on it, and the pieces, drawn unfilled for a Tray to
paint in their owner's colour (6.1-6.8).

Shapes, not colours alone, tell pieces apart: a fresh ship stands up, a damaged one lies on
its side; a city is a square, a starport a disc, an agent an arch.
"""

from __future__ import annotations

from checker.games.arcs.parts.board import SYMBOLS, SYSTEMS, System
from checker.svg import Glyph, Look, num, polar, tag

SIZE = 360
"""The map is a square this many units wide; the Court and the keys go below it."""
MIDDLE = SIZE // 2
HUB, GATES, EDGE = 30, 100, 178
"""Radii: the middle of the map (no system), the edge between gates and planets, the rim."""
BADGE, GATE_BOX, PLANET_BOX, LABEL = 37, 75, 130, 161
"""Radii of the gate numbers, of the pieces at a gate, of the pieces on a planet, and of the
planets' symbols and types."""
SPAN = 20
"""Degrees of the ring each planet takes; a cluster takes three."""
ROW = 14
"""Height of a row of pieces."""
THICK, THIN = 2.5, 0.8
NEUTRAL = Look("", "#8A8A8A", "#000")
"""The pieces of the key, in no player's colour."""


def cluster_path(cluster: int) -> str:
    """The outline of a whole cluster on the picture, from the middle to the rim."""
    return _sector(HUB, EDGE, angle(cluster) - 30, angle(cluster) + 30)


def cell_path(name: str) -> str:
    """The outline of a system on the picture."""
    system = SYSTEMS[name]
    start, end = arc(system)
    inner, outer = (HUB, GATES) if system.is_gate else (GATES, EDGE)
    return _sector(inner, outer, start, end)


# The pieces, drawn unfilled: a Tray paints them -------------------------------------------------

def ship(fresh: bool) -> Glyph:
    """A fresh ship stands up, pointed at the top; a damaged one lies on its side, pointing
    right (and is drawn hollow)."""
    def draw(x: float, y: float) -> tuple[str, tuple[float, float]]:
        if fresh:
            return tag("path", d=f"M{num(x)} {num(y - 8)}l6 6v8h-12v-8z"), (x, y + 4.2)
        return tag("path", d=f"M{num(x + 8)} {num(y)}l-6 6h-8v-12h8z"), (x - 1.5, y + 2.7)
    return draw


def building(kind: str, x: float, y: float) -> tuple[str, tuple[float, float]]:
    """A city is a square, a starport a disc."""
    if kind == "city":
        return tag("path", d=f"M{num(x - 5.5)} {num(y - 5.5)}h11v11h-11z"), (x, y + 2.7)
    return tag("circle", cx=x, cy=y, r=6.2), (x, y + 2.7)


def agent(x: float, y: float) -> tuple[str, tuple[float, float]]:
    """An arch, like the agent pawns."""
    return tag("path", d=f"M{num(x - 5)} {num(y + 6)}v-7a5 5 0 0 1 10 0v7z"), (x, y + 4)


# Geometry -----------------------------------------------------------------------------------------

def angle(cluster: int) -> float:
    """Cluster 1 at the top, the others clockwise, as on the board."""
    return -90 + 60 * (cluster - 1)


def arc(system: System) -> tuple[float, float]:
    centre = angle(system.cluster)
    if system.is_gate:
        return centre - 30, centre + 30
    start = centre - 30 + SPAN * SYMBOLS.index(system.symbol)
    return start, start + SPAN


def at(radius: float, degrees: float) -> tuple[float, float]:
    """A point of the map, to a whole unit."""
    x, y = polar(MIDDLE, MIDDLE, radius, degrees)
    return float(round(x)), float(round(y))


def xy(point: tuple[float, float]) -> str:
    return f"{num(point[0])} {num(point[1])}"


def _sector(inner: float, outer: float, start: float, end: float) -> str:
    return (f"M{xy(at(inner, start))}L{xy(at(outer, start))}"
            f"A{outer} {outer} 0 0 1 {xy(at(outer, end))}L{xy(at(inner, end))}"
            f"A{inner} {inner} 0 0 0 {xy(at(inner, start))}Z")
