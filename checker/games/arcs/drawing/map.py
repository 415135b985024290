"""The map of the Reach as a picture for walkthroughs (6.1-6.8): the six clusters around the
middle as on the board, each a gate on the inner ring and three planets outside it; thick
lines where the board has thick borders, thin ones where systems are adjacent; out-of-play
clusters greyed, with the path marker over their gates; every piece in its owner's colour
with their letter; the Court row and its agents; and the systems a step changed marked. On
the step of a battle (9), the battle system is outlined and a panel under the map shows the
dice rolled, each hit landing and the Trophies taken; on a Prelude action (10) or an Outrage
a card provoked (9.9h), a panel shows the player boards it changed.

Shapes, not colours alone, tell pieces apart: a fresh ship stands up, a damaged one lies on
its side; a city is a square, a starport a disc, an agent an arch; damaged pieces are hollow
and dashed, destroyed ones crossed out. Each symbol of the dice has its own shape.
"""


from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from checker.games.arcs.common import listed
from checker.games.arcs.drawing.battle_panel import (
    battle_summary,
    draw_battle,
    outrage_provoked,
    trophies_taken,
)
from checker.games.arcs.drawing.board_panel import board_changes, draw_boards, shows_boards
from checker.games.arcs.drawing.shapes import (
    BADGE,
    EDGE,
    GATE_BOX,
    GATES,
    HUB,
    LABEL,
    MIDDLE,
    NEUTRAL,
    PLANET_BOX,
    ROW,
    SIZE,
    THICK,
    THIN,
    agent,
    angle,
    arc,
    at,
    building,
    cell_path,
    cluster_path,
    ship,
    xy,
)
from checker.games.arcs.narration.describe_map import describe_court, describe_map
from checker.games.arcs.parts.board import CLUSTERS, CROSS_BORDERS, SYSTEMS, System, gate_ring
from checker.games.arcs.parts.pieces import CourtSpot, Fleet
from checker.games.arcs.state import State
from checker.svg import (
    Glyph,
    Look,
    Tray,
    fixed,
    group,
    looks,
    num,
    picture,
    player_key,
    shorten,
    tag,
    text,
)

TYPES = {"material": "Mat", "fuel": "Fuel", "weapons": "Wpn", "relics": "Rel",
         "psionics": "Psi"}
"""Planet types, short enough to fit under a planet."""
CROSSING = frozenset(frozenset(SYSTEMS[s].cluster for s in pair) for pair in CROSS_BORDERS)
"""Neighbouring clusters whose planets touch across a thin border."""
CHANGED = {"fill": "#FFB000", "fill_opacity": 0.3, "stroke": "currentColor",
           "stroke_width": 2, "stroke_dasharray": "5 3", "class_": "chg"}
"""How a system or Court card the step changed is marked: a dashed outline, which shows
without telling colours apart, over a light amber wash."""
MARKED = "changed by the step"
"""What the key calls the change marks."""


def draw_map(state: State, previous: State | None = None, key: bool = True) -> str:
    """The map, the Court (when the scenario has one) and who is who, as one inline `<svg>`;
    the systems and Court cards whose pieces differ from `previous` marked; after a battle,
    its system outlined and the battle under who is who; `key` adds what the shapes and the
    marks mean (a walkthrough shows that once, on its first picture)."""
    seen = looks(state.players)
    disc, board = _board(state.out_of_play)
    marks = "".join(tag("path", d=cell_path(name)) for name in changed_systems(state, previous))
    tray = Tray()
    _pieces(state, seen, tray)
    parts = [disc, group([marks], **CHANGED) if marks else "", fixed(board), _slots(state)]
    height = SIZE + 4.0
    if state.court:
        parts.append(_court(state.court, changed_court(state, previous), seen, height, tray))
        height += 50
    parts += [tray.svg(), fixed(player_key(state.players, seen, height + 6, SIZE, ship(True)))]
    height += 16
    if state.battle is not None:
        fought, tall = draw_battle(state.battle, trophies_taken(state, previous), seen, height + 6,
                                   outrage_provoked(state, previous))
        parts.append(fought)
        height += tall + 6
    if shows_boards(state, previous):
        assert previous is not None
        boards, tall = draw_boards(board_changes(state, previous), seen, height + 6)
        parts.append(boards)
        height += tall + 6
    if key:
        shapes, tall = _key(height + 8, bool(state.court))
        parts.append(shapes)
        height += tall
    return picture(SIZE, height, summary(state, previous), "".join(parts), "arcs-map", zoom=True)


def summary(state: State, previous: State | None = None) -> str:
    """The picture in words, its text alternative: what is out of play, each system's pieces
    and who controls it, the Court, and what the step changed."""
    rows = describe_map(state)
    said = ["Map of the Reach"]
    if state.out_of_play:
        said.append(f"Out of play: {rows['Out of play']}, the path marker joining "
                    + listed(f"gates {a} and {b}" for a, b in path_joins(state.out_of_play)))
    said += [f"{name}: {rows[name]}" for name in SYSTEMS if name in rows] \
        or ["no pieces on the map"]
    if state.court:
        said.append(f"Court: {describe_court(state)['Court']}")
    if previous is not None:
        court = changed_court(state, previous)
        changes = [*changed_systems(state, previous),
                   *(f"the Court card {spot.card or '(empty)'}" for i, spot
                     in enumerate(state.court) if i in court)]
        # One sentence a later step showing this picture drops, with the battle after it.
        said.append(f"Changed by this step: {listed(changes) if changes else 'no piece'}")
    if state.battle is not None:
        # After the changes: a later step showing this picture drops them and the battle.
        said += battle_summary(state.battle, trophies_taken(state, previous),
                               outrage_provoked(state, previous))
    if previous is not None and shows_boards(state, previous):
        said += [change.said() for change in board_changes(state, previous)]
    return ". ".join(said) + "."


def changed_systems(state: State, previous: State | None) -> tuple[str, ...]:
    """The systems whose ships or buildings differ from `previous`, in map order."""
    if previous is None:
        return ()
    return tuple(name for name in SYSTEMS
                 if _fleets(state, name) != _fleets(previous, name)
                 or state.slots(name) != previous.slots(name))


def changed_court(state: State, previous: State | None) -> frozenset[int]:
    """The places in the Court row whose card or agents differ from `previous`."""
    if previous is None:
        return frozenset()
    before = previous.court
    return frozenset(i for i, spot in enumerate(state.court)
                     if i >= len(before) or _spot(spot) != _spot(before[i]))


def path_joins(out_of_play: frozenset[int]) -> list[tuple[int, int]]:
    """The gates the path markers make adjacent, as (before, after) around the ring."""
    ring = gate_ring(out_of_play)
    if len(ring) < 2:
        return []
    return [(a, b) for a, b in zip(ring, ring[1:] + ring[:1]) if b != a % len(CLUSTERS) + 1]


# The board -----------------------------------------------------------------------------------

@lru_cache(maxsize=16)
def _board(out_of_play: frozenset[int]) -> tuple[str, str]:
    """What does not move: the map's disc (under the change marks), then its borders, gate
    numbers, planet symbols and types, and the out-of-play clusters."""
    disc = tag("circle", cx=MIDDLE, cy=MIDDLE, r=EDGE, fill_opacity=0.05, stroke="currentColor",
               stroke_width=THICK)
    thin: list[str] = []
    thick: list[str] = []
    for cluster in CLUSTERS:
        border, later = angle(cluster) + 30, cluster % len(CLUSTERS) + 1
        if cluster not in out_of_play or later not in out_of_play:
            thin.append(_line(HUB, GATES, border))
            (thin if frozenset((cluster, later)) in CROSSING else thick).append(
                _line(GATES, EDGE, border))
        if cluster not in out_of_play:
            thin += [_line(GATES, EDGE, angle(cluster) + turn) for turn in (-10, 10)]
    planets = [s for s in SYSTEMS.values() if not s.is_gate and s.cluster not in out_of_play]
    badges = [at(BADGE, angle(c)) for c in CLUSTERS]
    outlines = group([tag("circle", cx=MIDDLE, cy=MIDDLE, r=HUB),
                      tag("circle", cx=MIDDLE, cy=MIDDLE, r=GATES), tag("path", d="".join(thin))],
                     stroke_opacity=0.6) \
        + tag("path", d="".join(thick), stroke_width=THICK) \
        + "".join(tag("circle", cx=x, cy=y, r=8) for x, y in badges) \
        + tag("path", d="".join(_symbol(*_symbol_at(s), s.symbol) for s in planets
                                if s.symbol != "Moon"))
    moons = "".join(_symbol(*_symbol_at(s), s.symbol) for s in planets if s.symbol == "Moon")
    numbers = group([_gate_name(c, x, y, c in out_of_play) for c, (x, y) in zip(CLUSTERS, badges)],
                    font_size=9, font_weight=700, text_anchor="middle")
    # Every planet's name, out of play too: a step may name it (a move there is refused).
    names = group([text(*_label_at(s), s.name) for s in SYSTEMS.values() if not s.is_gate],
                  font_size=7.5, text_anchor="middle")
    types = group([text(_symbol_at(s)[0] + 5, _symbol_at(s)[1] + 3, TYPES[s.resource or ""])
                   for s in planets], font_size=7.5, fill_opacity=0.8)
    board = group([outlines], fill="none", stroke="currentColor", stroke_width=THIN) \
        + tag("path", d=moons) + numbers + names + types \
        + "".join(_out(c) for c in sorted(out_of_play))
    return disc, board


def _out(cluster: int) -> str:
    """An out-of-play cluster: greyed, and the path marker over its gate."""
    centre = angle(cluster)
    start, end = centre - 30, centre + 30
    middle = (HUB + GATES) // 2 + 4
    marker = f"M{xy(at(middle, start))}A{middle} {middle} 0 0 1 {xy(at(middle, end))}"
    x, y = at(PLANET_BOX - 8, centre)  # inside the planets, clear of their names
    return group([
        tag("path", d=cluster_path(cluster), fill_opacity=0.16),
        tag("path", d=marker, fill="none", stroke="currentColor", stroke_width=12,
            stroke_opacity=0.3),
        group([text(*at(middle, centre), "path", dy=2.6, font_size=7.5),
               text(x, y - 2, "out of"), text(x, y + 8, "play")], font_size=9,
              text_anchor="middle")], class_="out")


def _symbol(x: float, y: float, symbol: str) -> str:
    """The ID symbol printed on a planet, as path data: an arrow, a crescent moon (filled) or
    a hexagon."""
    if symbol == "Arrow":
        return f"M{num(x)} {num(y + 4)}v-8m-3.5 3.5 3.5-3.5 3.5 3.5"
    if symbol == "Moon":
        return f"M{num(x + 1.5)} {num(y - 4)}a4 4 0 1 0 0 8a6 6 0 0 1 0-8z"
    return f"M{num(x + 3.5)} {num(y - 2)}v4l-3.5 2-3.5-2v-4l3.5-2z"


def _gate_name(cluster: int, x: float, y: float, out: bool) -> str:
    """The cluster's number on its badge and "Gate" beyond it, one text that reads as the
    rules name the gate ("4 Gate")."""
    gx, gy = at(BADGE + 15, angle(cluster))
    return tag("text", f'{cluster} <tspan x="{num(gx)}" y="{num(gy + 2.6)}" font-size="7.5" '
               f'font-weight="400">Gate</tspan>', x=x, y=y + 3,
               fill_opacity=0.4 if out else None)


def _label_at(system: System) -> tuple[float, float]:
    """Where a planet's name goes ("4 Moon", centred), over its symbol and type."""
    x, y = at(LABEL, sum(arc(system)) / 2)
    return x, y - 2


def _symbol_at(system: System) -> tuple[float, float]:
    x, y = at(LABEL, sum(arc(system)) / 2)
    return x - 8, y + 7


# Pieces on the map ---------------------------------------------------------------------------

def _slots(state: State) -> str:
    """The empty building slots of the planets in play, dashed."""
    squares = "".join(f"M{num(x - 5.5)} {num(y - 5.5)}h11v11h-11z"
                      for name, system in SYSTEMS.items()
                      if system.cluster not in state.out_of_play
                      for (x, y), piece in zip(_slot_places(system), state.slots(name))
                      if piece is None)
    return tag("path", d=squares, fill="none", stroke="currentColor", stroke_width=THIN,
               stroke_opacity=0.5, stroke_dasharray="2 2") if squares else ""


def _slot_places(system: System) -> list[tuple[float, float]]:
    x, y = _box(system)
    return [(x + (i - (system.slots - 1) / 2) * 14, y - ROW) for i in range(system.slots)]


def _pieces(state: State, seen: Mapping[str, Look], tray: Tray) -> None:
    for name, system in SYSTEMS.items():
        for (x, y), piece in zip(_slot_places(system), state.slots(name)):
            if piece is not None and piece.owner in seen:
                tray.piece(seen[piece.owner], *building(piece.kind, x, y), hollow=not piece.fresh)
        fleets = _fleets(state, name)
        entries = [(seen[p], fresh, n) for p in state.players if p in fleets
                   for fresh, n in ((True, fleets[p].fresh), (False, fleets[p].damaged)) if n]
        widths = [_width(fresh, count) for _, fresh, count in entries]
        for (x, y), (look, fresh, count) in zip(_entry_places(system, widths), entries):
            tray.piece(look, *ship(fresh)(x + 6, y), hollow=not fresh)
            if count > 1:
                tray.count(x + (13 if fresh else 15), y + 3.5, count)


def _width(fresh: bool, count: int) -> float:
    """A ship and its count, side by side."""
    return (12 if fresh else 14) + (1 + 5.5 * len(str(count)) if count > 1 else 0)


def _entry_places(system: System, widths: list[float]) -> list[tuple[float, float]]:
    """Where each entry of given width starts: in rows centred on the system, as many as fit
    in a row; below the building slots on a planet, around the middle of a gate."""
    x, y = _box(system)
    most, gap = (70 if system.is_gate else 46), 3
    rows: list[list[float]] = []
    for width in widths:
        if rows and sum(rows[-1]) + gap * len(rows[-1]) + width <= most:
            rows[-1].append(width)
        else:
            rows.append([width])
    top = y - (len(rows) - 1) * ROW / 2 if system.is_gate else y + 1
    places = []
    for index, row in enumerate(rows):
        left = x - (sum(row) + gap * (len(row) - 1)) / 2
        for width in row:
            places.append((left, top + index * ROW))
            left += width + gap
    return places


def _box(system: System) -> tuple[float, float]:
    return at(GATE_BOX if system.is_gate else PLANET_BOX, sum(arc(system)) / 2)


# The Court and the key -----------------------------------------------------------------------

def _court(court: tuple[CourtSpot, ...], changes: frozenset[int], seen: Mapping[str, Look],
           top: float, tray: Tray) -> str:
    """The Court row under the map: each card's name and the agents on it."""
    gap = 4
    width = (SIZE - gap * (len(court) - 1)) / len(court)
    cards: list[str] = []
    marked: list[str] = []
    names = []
    for index, spot in enumerate(court):
        left = index * (width + gap)
        card = tag("rect", x=left, y=top + 12, width=width, height=34, rx=3)
        cards.append(card)
        if index in changes:
            marked.append(card)
        names.append(text(left + width / 2, top + 23, shorten(spot.card or "(empty)",
                                                              int(width / 4.3))))
        agents = [(seen[p], n) for p, n in spot.agents if n and p in seen]
        start = left + width / 2 - (len(agents) - 1) * 10.5
        for i, (look, count) in enumerate(agents):
            x = start + i * 21
            tray.piece(look, *agent(x - 4, top + 36))
            if count > 1:
                tray.count(x + 4, top + 39.5, count)
    return text(0, top + 8, "Court", font_size=8.5, font_weight=700) + group(marked, **CHANGED) \
        + group(cards, fill="none", stroke="currentColor", stroke_opacity=0.6) \
        + group(names, font_size=7.5, text_anchor="middle")


def _key(top: float, court: bool) -> tuple[str, float]:
    """What the shapes and the change marks mean, in rows that fit the width; and the height
    they take. It goes on the first picture of a walkthrough, whose later pictures are
    marked."""
    words = ["fresh ship", "damaged ship", "city", "starport", "damaged building"] \
        + ["agent"] * court + [MARKED]
    tray, marked, said = Tray(), [], []
    x, y = 7.0, top
    for word in words:
        width = 24 + 4.8 * len(word)
        if x + width > SIZE + 8:
            x, y = 7.0, y + 16
        if word == MARKED:
            marked.append(tag("rect", x=x - 5.5, y=y - 5.5, width=11, height=11))
        else:
            tray.piece(NEUTRAL, *_sample(word)(x, y), hollow=word.startswith("damaged"))
        said.append(text(x + 11, y + 3, word))
        x += width
    # Looks like a change mark, but is none: without the class that names them.
    sample = {**CHANGED, "class_": None}
    return tray.svg() + group(marked, **sample) + group(said, font_size=8, fill_opacity=0.85), \
        y - top + 16


def _sample(word: str) -> Glyph:
    if word.endswith("ship"):
        return ship(word == "fresh ship")
    if word == "agent":
        return agent
    return lambda x, y: building("starport" if word == "starport" else "city", x, y)


# Lines and comparisons ---------------------------------------------------------------------

def _line(inner: float, outer: float, degrees: float) -> str:
    return f"M{xy(at(inner, degrees))}L{xy(at(outer, degrees))}"


def _fleets(state: State, system: str) -> dict[str, Fleet]:
    return {p: f for p, f in state.ships.get(system, {}).items() if f.total}


def _spot(spot: CourtSpot) -> tuple[str | None, tuple[tuple[str, int], ...]]:
    return spot.card, tuple(sorted((p, n) for p, n in spot.agents if n))
