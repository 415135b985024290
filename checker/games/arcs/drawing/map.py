"""The map of the Reach as a picture for walkthroughs (6.1-6.8): the six clusters around the
middle as on the board, each a gate on the inner ring and three planets outside it; thick
lines where the board has thick borders, thin ones where systems are adjacent; out-of-play
clusters greyed, with the path marker over their gates; every piece in its owner's colour
with their letter; the Court row and its agents; and the systems a step changed marked. On
the step of a battle (9), the battle system is outlined and a panel under the map shows the
dice rolled, each hit landing and the Trophies taken.

Shapes, not colours alone, tell pieces apart: a fresh ship stands up, a damaged one lies on
its side; a city is a square, a starport a disc, an agent an arch; damaged pieces are hollow
and dashed, destroyed ones crossed out. Each symbol of the dice has its own shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from checker.games.arcs.battle.dice import DIE_NAMES, face_text
from checker.games.arcs.common import listed, plural
from checker.games.arcs.narration.describe_map import describe_court, describe_map
from checker.games.arcs.parts.battle_report import (
    BUILDING_HIT,
    HIT,
    INTERCEPT,
    KEY,
    SELF_HIT,
    BattleReport,
    Hit,
)
from checker.games.arcs.parts.board import (
    CLUSTERS,
    CROSS_BORDERS,
    SYMBOLS,
    SYSTEMS,
    System,
    gate_ring,
)
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
    polar,
    shorten,
    tag,
    text,
)

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

TYPES = {"material": "Mat", "fuel": "Fuel", "weapons": "Wpn", "relics": "Rel",
         "psionics": "Psi"}
"""Planet types, short enough to fit under a planet."""
CROSSING = frozenset(frozenset(SYSTEMS[s].cluster for s in pair) for pair in CROSS_BORDERS)
"""Neighbouring clusters whose planets touch across a thin border."""
NEUTRAL = Look("", "#8A8A8A", "#000")
"""The pieces of the key, in no player's colour."""
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
        fought, tall = _battle(state.battle, trophies_taken(state, previous), seen, height + 6)
        parts.append(fought)
        height += tall + 6
    if key:
        shapes, tall = _key(height + 8, bool(state.court))
        parts.append(shapes)
        height += tall
    return picture(SIZE, height, summary(state, previous), "".join(parts), "arcs-map")


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
        said += battle_summary(state.battle, trophies_taken(state, previous))
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


def cluster_path(cluster: int) -> str:
    """The outline of a whole cluster on the picture, from the middle to the rim."""
    return _sector(HUB, EDGE, _angle(cluster) - 30, _angle(cluster) + 30)


def cell_path(name: str) -> str:
    """The outline of a system on the picture."""
    system = SYSTEMS[name]
    start, end = _arc(system)
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
        border, later = _angle(cluster) + 30, cluster % len(CLUSTERS) + 1
        if cluster not in out_of_play or later not in out_of_play:
            thin.append(_line(HUB, GATES, border))
            (thin if frozenset((cluster, later)) in CROSSING else thick).append(
                _line(GATES, EDGE, border))
        if cluster not in out_of_play:
            thin += [_line(GATES, EDGE, _angle(cluster) + turn) for turn in (-10, 10)]
    planets = [s for s in SYSTEMS.values() if not s.is_gate and s.cluster not in out_of_play]
    badges = [_at(BADGE, _angle(c)) for c in CLUSTERS]
    outlines = group([tag("circle", cx=MIDDLE, cy=MIDDLE, r=HUB),
                      tag("circle", cx=MIDDLE, cy=MIDDLE, r=GATES), tag("path", d="".join(thin))],
                     stroke_opacity=0.6) \
        + tag("path", d="".join(thick), stroke_width=THICK) \
        + "".join(tag("circle", cx=x, cy=y, r=8) for x, y in badges) \
        + tag("path", d="".join(_symbol(*_label_at(s), s.symbol) for s in planets
                                if s.symbol != "Moon"))
    moons = "".join(_symbol(*_label_at(s), s.symbol) for s in planets if s.symbol == "Moon")
    numbers = group([text(x, y + 3, str(c), fill_opacity=0.4 if c in out_of_play else None)
                     for c, (x, y) in zip(CLUSTERS, badges)], font_size=9, font_weight=700,
                    text_anchor="middle")
    types = group([text(_label_at(s)[0] + 5, _label_at(s)[1] + 3, TYPES[s.resource or ""])
                   for s in planets], font_size=7.5, fill_opacity=0.8)
    board = group([outlines], fill="none", stroke="currentColor", stroke_width=THIN) \
        + tag("path", d=moons) + numbers + types + "".join(_out(c) for c in sorted(out_of_play))
    return disc, board


def _out(cluster: int) -> str:
    """An out-of-play cluster: greyed, and the path marker over its gate."""
    centre = _angle(cluster)
    start, end = centre - 30, centre + 30
    middle = (HUB + GATES) // 2 + 4
    marker = f"M{_xy(_at(middle, start))}A{middle} {middle} 0 0 1 {_xy(_at(middle, end))}"
    x, y = _at(PLANET_BOX + 8, centre)
    return group([
        tag("path", d=cluster_path(cluster), fill_opacity=0.16),
        tag("path", d=marker, fill="none", stroke="currentColor", stroke_width=12,
            stroke_opacity=0.3),
        group([text(*_at(middle, centre), "path", dy=2.6, font_size=7.5),
               text(x, y - 2, "out of"), text(x, y + 8, "play")], font_size=9,
              text_anchor="middle")], class_="out")


def _symbol(x: float, y: float, symbol: str) -> str:
    """The ID symbol printed on a planet, as path data: an arrow, a crescent moon (filled) or
    a hexagon."""
    if symbol == "Arrow":
        return f"M{num(x)} {num(y + 4)}v-8m-3.5 3.5 3.5-3.5 3.5 3.5"
    if symbol == "Moon":
        return f"M{num(x + 1.5)} {num(y - 4)}a4 4 0 1 0 0 8a3.2 3.2 0 1 1 0-8z"
    return f"M{num(x + 3.5)} {num(y - 2)}v4l-3.5 2-3.5-2v-4l3.5-2z"


def _label_at(system: System) -> tuple[float, float]:
    x, y = _at(LABEL, sum(_arc(system)) / 2)
    return x - 8, y


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
    return _at(GATE_BOX if system.is_gate else PLANET_BOX, sum(_arc(system)) / 2)


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


def _piece(kind: str, x: float, y: float) -> tuple[str, tuple[float, float]]:
    """A fresh piece of a kind: `ship`, `city`, `starport` or `agent`."""
    if kind == "ship":
        return ship(True)(x, y)
    return agent(x, y) if kind == "agent" else building(kind, x, y)


def _sample(word: str) -> Glyph:
    if word.endswith("ship"):
        return ship(word == "fresh ship")
    if word == "agent":
        return agent
    return lambda x, y: building("starport" if word == "starport" else "city", x, y)


# The battle ---------------------------------------------------------------------------------

BATTLE_MARK = {"fill": "none", "stroke": "currentColor", "stroke_width": 3.5}
"""How the battle system is outlined: a heavy solid line, unlike the dashed change marks."""
SCALE = 1.25
"""The battle panel is drawn larger than the map's words and pieces, to read on a phone."""
WIDE = SIZE / SCALE
"""The width of the battle panel, in its own units."""
LABELS = 48
"""Where the items of the battle panel's rows start, after the rows' labels."""
DIE = 22
"""The side of a die."""
FACES = {1: ((0, 0),), 2: ((-4.5, -4.5), (4.5, 4.5)), 3: ((-5, -5), (5, -5), (0, 5))}
"""Where the symbols of a face go on its die, from the die's middle."""
GLYPHS: dict[str, tuple[float, float, str]] = {
    HIT: (0, -4, "l1 3 3 1-3 1-1 3-1-3-3-1 3-1z"),
    SELF_HIT: (-4, -3, "h8l-4 7z"),
    INTERCEPT: (-3.5, -4, "h7v3c0 3-2 4-3.5 5-1.5-1-3.5-2-3.5-5z"),
    BUILDING_HIT: (-4, 4, "v-4l4-4 4 4v4z"),
    KEY: (0, 0, "a2 2 0 1 1-4 0 2 2 0 1 1 4 0h4v2m-2-2v2"),
}
"""The symbols of the dice, as path data from a symbol's middle, each about 8 units across:
a hit is a four-pointed burst, a self-hit a triangle pointing down, an intercept a shield, a
building hit a house, all filled; a key is drawn in outline."""
TROPHY_KINDS = {"ships": "ship", "starports": "starport", "cities": "city", "agents": "agent"}
"""The kinds of piece held as Trophies, and one of each."""
CROSS = "l4 4m6 0 4-4m0 14-4-4m-6 0-4 4"
"""The cross over a destroyed piece, from its top left corner: open in the middle, where
the owner's letter is."""

Trophy = tuple[str, str, str, int]
"""Who took whose pieces of which kind (`ships`...), how many."""


def symbol_path(symbol: str, x: float, y: float) -> str:
    """A symbol of the dice, centred at (x, y), as path data."""
    dx, dy, rest = GLYPHS[symbol]
    return f"M{num(x + dx)} {num(y + dy)}{rest}"


def trophies_taken(state: State, previous: State | None) -> list[Trophy]:
    """The pieces the step added to each player's Trophies, by holder and owner in seat
    order; without `previous`, the pieces its battle destroyed."""
    taken: dict[tuple[str, str, str], int] = {}
    report = state.battle
    if previous is None and report is not None:
        for hit in report.hits:
            if hit.destroyed:
                holder = report.defender if hit.owner == report.attacker else report.attacker
                kind = next(k for k, one in TROPHY_KINDS.items() if one == hit.piece)
                taken[holder, hit.owner, kind] = taken.get((holder, hit.owner, kind), 0) + 1
    elif previous is not None:
        taken = {(holder, owner, kind): _held(state, holder, owner, kind)
                 - _held(previous, holder, owner, kind)
                 for holder in state.trophies for owner in state.trophies[holder]
                 for kind in state.trophies[holder][owner]}
    return [(holder, owner, kind, taken[holder, owner, kind])
            for holder in state.players for owner in state.players for kind in TROPHY_KINDS
            if taken.get((holder, owner, kind), 0) > 0]


def battle_summary(report: BattleReport, trophies: list[Trophy]) -> list[str]:
    """The battle in sentences, for the text alternative."""
    rolled = [f"{plural(len(faces), die + ' die').replace('dies', 'dice')} "
              f"({', '.join(face_text(face) for face in faces)})"
              for die in DIE_NAMES if (faces := [r.face for r in report.rolls if r.die == die])]
    said = [f"Battle at {report.system}: {report.attacker} attacks {report.defender}",
            f"Rolled: {listed(rolled)}" if rolled else "No dice rolled"]
    if report.hits:
        said.append("Hits: " + "; ".join(_landed(hit, n) for hit, n in _runs(report)))
    holders = dict.fromkeys(holder for holder, *_ in trophies)
    if holders:
        said.append("Trophies: " + "; ".join(
            f"{holder} takes " + listed(
                f"{owner}'s {TROPHY_KINDS[kind] if n == 1 else plural(n, TROPHY_KINDS[kind])}"
                for h, owner, kind, n in trophies if h == holder)
            for holder in holders))
    if report.stolen:
        said.append(f"Stolen: {listed(report.stolen)}")
    if report.ransacked:
        said.append(f"Ransacked: {listed(report.ransacked)}")
    return said


def _landed(hit: Hit, times: int) -> str:
    """`a hit damages Blue's ship`, `2 hits destroy Blue's damaged ships`."""
    what = f"{'an' if hit.symbol[0] in 'aeiou' else 'a'} {hit.symbol}" if times == 1 \
        else plural(times, hit.symbol)
    does = ("destroy" if hit.destroyed else "damage") + ("s" if times == 1 else "")
    piece = hit.piece if times == 1 else plural(2, hit.piece)[2:]
    return f"{what} {does} {hit.owner}'s {'damaged ' if hit.destroyed else ''}{piece}"


def _runs(report: BattleReport) -> list[tuple[Hit, int]]:
    """The hits in order, each run of alike hits once with how many."""
    runs: list[tuple[Hit, int]] = []
    for hit in report.hits:
        if runs and runs[-1][0] == hit:
            runs[-1] = (hit, runs[-1][1] + 1)
        else:
            runs.append((hit, 1))
    return runs


def _battle(report: BattleReport, trophies: list[Trophy], seen: Mapping[str, Look],
            top: float) -> tuple[str, float]:
    """The battle's marks, in the class of the change marks (a later step showing this
    picture drops them): the battle system outlined; under the map, who attacked whom where,
    the dice rolled, each hit landing, the Trophies taken, what was stolen and Ransacked, and
    what the symbols mean; and the height the panel takes."""
    panel = _Panel(seen)
    title = (f"Battle at {report.system}: {shorten(report.attacker, 11)} attacks "
             f"{shorten(report.defender, 11)}")
    panel.words.append(text(18, 9, title, font_size=8.5, font_weight=700))
    y = panel.dice(report, 14)
    if report.hits:
        y = panel.hits(report, y)
    if trophies:
        y = panel.trophies(trophies, y)
    for label, taken in (("Stolen", report.stolen), ("Ransacked", report.ransacked)):
        if taken:
            panel.words += [text(0, y + 10, label),
                            text(LABELS, y + 10, shorten(listed(taken), 54))]
            y += 14
    y = panel.legend(report, y)
    # The outline of the battle system, and a sample of it by the panel's title.
    mark = tag("path", d=cell_path(report.system), **BATTLE_MARK)
    sample = tag("path", d="M1.5 1.5h11v9h-11z", **{**BATTLE_MARK, "stroke_width": 3})
    return group([mark, group([sample, panel.svg()],
                              transform=f"translate(0 {num(top)})scale({SCALE})")],
                 class_="chg"), y * SCALE


class _Panel:
    """The rows of the battle panel as they are laid out: dice, symbols, pieces, words."""

    def __init__(self, seen: Mapping[str, Look]) -> None:
        self.seen = seen
        self.tray, self.symbols = Tray(), _Symbols()
        self.outlines: list[str] = []
        self.crosses: list[str] = []
        self.words: list[str] = []
        self.key: list[str] = []

    def dice(self, report: BattleReport, top: float) -> float:
        """The dice rolled by type, each type named before its dice; where the row ends."""
        if not report.rolls:
            self.words.append(text(0, top + 12, "No dice rolled"))
            return top + 18
        items = [(die, roll.face) for die in DIE_NAMES
                 for roll in report.rolls if roll.die == die]
        named = [i for i, (die, _) in enumerate(items) if i == 0 or items[i - 1][0] != die]
        widths = [w for i, (die, _) in enumerate(items)
                  for w in ([4.4 * len(die)] if i in named else []) + [DIE]]
        laid, bottom = _flow(widths, top, DIE + 4, 0)
        places = iter(laid)
        for index, (die, face) in enumerate(items):
            if index in named:
                x, middle = next(places)
                self.words.append(text(x, middle + 3, die))
            x, middle = next(places)
            self.outlines.append(f"M{num(x)} {num(middle - DIE / 2)}h{DIE}v{DIE}h-{DIE}z")
            for symbol, (dx, dy) in zip(face, FACES.get(len(face), ()), strict=False):
                self.symbols.add(symbol, x + DIE / 2 + dx, middle + dy)
        return bottom

    def hits(self, report: BattleReport, top: float) -> float:
        """Each hit in order: its symbol and the piece it landed on, damaged or destroyed;
        alike hits in a row once, counted. Where the row ends."""
        runs = _runs(report)
        places, bottom = _flow([26 + (12 if n > 1 else 0) for _, n in runs], top, 18, gap=8)
        self.words.append(text(0, top + 12, "Hits"))
        for (hit, times), (x, middle) in zip(runs, places, strict=True):
            self.symbols.add(hit.symbol, x + 4, middle)
            self.crosses += _hit(self.tray, self.seen[hit.owner], hit.piece, hit.destroyed,
                                 x + 17, middle)
            if times > 1:
                self.words.append(text(x + 27, middle + 3, f"\u00d7{times}"))
        return bottom

    def trophies(self, trophies: list[Trophy], top: float) -> float:
        """Each holder's name, then the pieces they took, in their owners' colours, counted;
        where the row ends."""
        items: list[tuple[str, str, str, int, float]] = []
        for holder in dict.fromkeys(holder for holder, *_ in trophies):
            name = shorten(holder, 12) + ":"
            items.append((name, "", "", 0, 4.6 * len(name) + (6 if items else 0)))
            items += [("", owner, kind, n, 14 + (6 * len(str(n)) if n > 1 else 0))
                      for h, owner, kind, n in trophies if h == holder]
        places, bottom = _flow([item[-1] for item in items], top, 18)
        self.words.append(text(0, top + 12, "Trophies"))
        for (name, owner, kind, number, width), (x, middle) in zip(items, places, strict=True):
            if name:
                self.words.append(text(x + width - 4.6 * len(name), middle + 3, name))
                continue
            self.tray.piece(self.seen[owner], *_piece(TROPHY_KINDS[kind], x + 6, middle + 1))
            if number > 1:
                self.tray.count(x + 13, middle + 4.5, number)
        return bottom

    def legend(self, report: BattleReport, top: float) -> float:
        """What the symbols on the dice and the hits mean, in rows that fit the width; where
        they end."""
        words = [s for s in GLYPHS if any(s in roll.face for roll in report.rolls)
                 or any(hit.symbol == s for hit in report.hits)]
        words += [word for word, destroyed in (("damaged", False), ("destroyed", True))
                  if any(hit.destroyed == destroyed for hit in report.hits)]
        places, bottom = _flow([(13 if word in GLYPHS else 25) + 4.2 * len(word)
                                for word in words], top, 14, 0, 4)
        for word, (x, middle) in zip(words, places, strict=True):
            if word in GLYPHS:
                self.symbols.add(word, x + 4, middle)
            else:
                self.crosses += _hit(self.tray, NEUTRAL, "ship", word == "destroyed", x + 10.5,
                                     middle)
            self.key.append(text(x + (12 if word in GLYPHS else 21), middle + 2.7, word))
        return bottom

    def svg(self) -> str:
        """The dice and the keys' outlines, the filled symbols, the pieces, the crosses over
        them, the words."""
        keys = "".join(self.symbols.paths.pop(KEY, []))
        lines = [tag("path", d="".join(self.outlines))] * bool(self.outlines) \
            + [tag("path", d=keys, stroke_width=1.3)] * bool(keys)
        return group(lines, fill="none", stroke="currentColor") + self.symbols.svg() \
            + self.tray.svg() + _crosses(self.crosses) + group(self.words, font_size=8) \
            + group(self.key, font_size=7.5)


def _hit(tray: Tray, look: Look, piece: str, destroyed: bool, x: float, y: float
         ) -> list[str]:
    """A piece a hit landed on, centred near (x, y): damaged, as it is now (hollow, a ship on
    its side); destroyed, the same crossed out. The cross, if any, as path data."""
    shape, letter = ship(False)(x, y) if piece == "ship" else building(piece, x + 1, y)
    tray.piece(look, shape, letter, hollow=True)
    middle = letter[0], letter[1] - 2.7
    return [f"M{num(middle[0] - 7)} {num(middle[1] - 7)}{CROSS}"] if destroyed else []


def _crosses(crosses: list[str]) -> str:
    return tag("path", d="".join(crosses), fill="none", stroke="currentColor",
               stroke_width=1.6) if crosses else ""


class _Symbols:
    """Symbols of the dice to draw, one path for each symbol."""

    def __init__(self) -> None:
        self.paths: dict[str, list[str]] = {}

    def add(self, symbol: str, x: float, y: float) -> None:
        self.paths.setdefault(symbol, []).append(symbol_path(symbol, x, y))

    def svg(self) -> str:
        """The symbols but keys, which are drawn in outline, filled."""
        return "".join(tag("path", d="".join(self.paths[symbol]))
                       for symbol in GLYPHS if symbol in self.paths and symbol != KEY)


def _flow(widths: list[float], top: float, height: float, left: float = LABELS,
          gap: float = 4) -> tuple[list[tuple[float, float]], float]:
    """Where items of these widths go, left to right in lines of `height` from `top`, each
    line starting at `left`: each item's left and middle; and where the last line ends."""
    x, y, places = left, top, []
    for width in widths:
        if x > left and x + width > WIDE:
            x, y = left, y + height
        places.append((x, y + height / 2))
        x += width + gap
    return places, y + height


def _held(state: State, holder: str, owner: str, kind: str) -> int:
    return state.trophies.get(holder, {}).get(owner, {}).get(kind, 0)


# Geometry and comparisons ---------------------------------------------------------------------

def _angle(cluster: int) -> float:
    """Cluster 1 at the top, the others clockwise, as on the board."""
    return -90 + 60 * (cluster - 1)


def _arc(system: System) -> tuple[float, float]:
    centre = _angle(system.cluster)
    if system.is_gate:
        return centre - 30, centre + 30
    start = centre - 30 + SPAN * SYMBOLS.index(system.symbol)
    return start, start + SPAN


def _at(radius: float, degrees: float) -> tuple[float, float]:
    """A point of the map, to a whole unit."""
    x, y = polar(MIDDLE, MIDDLE, radius, degrees)
    return float(round(x)), float(round(y))


def _xy(point: tuple[float, float]) -> str:
    return f"{num(point[0])} {num(point[1])}"


def _line(inner: float, outer: float, degrees: float) -> str:
    return f"M{_xy(_at(inner, degrees))}L{_xy(_at(outer, degrees))}"


def _sector(inner: float, outer: float, start: float, end: float) -> str:
    return (f"M{_xy(_at(inner, start))}L{_xy(_at(outer, start))}"
            f"A{outer} {outer} 0 0 1 {_xy(_at(outer, end))}L{_xy(_at(inner, end))}"
            f"A{inner} {inner} 0 0 0 {_xy(_at(inner, start))}Z")


def _fleets(state: State, system: str) -> dict[str, Fleet]:
    return {p: f for p, f in state.ships.get(system, {}).items() if f.total}


def _spot(spot: CourtSpot) -> tuple[str | None, tuple[tuple[str, int], ...]]:
    return spot.card, tuple(sorted((p, n) for p, n in spot.agents if n))
