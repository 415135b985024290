"""The battle panel under the map of the Reach on the step of a battle (9): who attacked whom
where, the dice rolled, each hit landing, the Trophies taken, what the attacker lost by
Outrage (the resources and Guild cards discarded, the agent placed), what was stolen and
Ransacked,
and what the symbols mean; the battle system outlined on the map; and the battle in words for
the picture's text alternative. Each symbol of the dice has its own shape; damaged pieces are
hollow, destroyed ones crossed out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from checker.games.arcs.battle.dice import DIE_NAMES, face_text
from checker.games.arcs.common import listed, plural
from checker.games.arcs.drawing.shapes import NEUTRAL, SIZE, agent, building, cell_path, ship
from checker.games.arcs.parts.battle_report import (
    BUILDING_HIT,
    HIT,
    INTERCEPT,
    KEY,
    SELF_HIT,
    BattleReport,
    Hit,
)
from checker.games.arcs.parts.board import SYSTEMS
from checker.games.arcs.state import State
from checker.games.arcs.table.player_board import NAMES
from checker.games.arcs.table.supply import agents_in_supply
from checker.svg import Look, Tray, group, num, shorten, tag, text

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


@dataclass(frozen=True, slots=True)
class Outrage:
    """What the attacker lost by Provoking Outrage in a battle (9.9a-9.9d)."""

    player: str
    resource: str
    """The type Outraged, `fuel`..."""
    tokens: int
    """Resource tokens of the type discarded."""
    cards: tuple[str, ...]
    """Guild cards discarded (the Loyal ones are kept)."""
    cover: str
    """What covers the Outrage icon now: `agent`, `placeholder`, or `` when it was covered
    already."""

    def said(self) -> str:
        """`Red Provokes Fuel Outrage: discards 2 Fuel tokens, Gatekeepers and Fuel Cartel;
        an agent covers the Fuel Outrage icon`."""
        name = NAMES[self.resource]
        lost = [plural(self.tokens, f"{name} token")] * bool(self.tokens) + list(self.cards)
        covered = {"agent": f"an agent covers the {name} Outrage icon",
                   "placeholder": f"no agent in supply: a placeholder covers the {name} "
                                  "Outrage icon",
                   "": f"{name} was Outraged already: no agent placed"}[self.cover]
        return (f"{self.player} Provokes {name} Outrage: discards "
                f"{listed(lost) if lost else 'nothing'}; {covered}")


def outrage_provoked(state: State, previous: State | None) -> Outrage | None:
    """The Outrage the step's battle provoked, read from the states before and after it:
    a city destroyed on the battle's planet, the attacker's tokens of its type before the
    battle (what a raid brings comes after the Outrage and stays), the Guild cards they no
    longer hold, and whether an agent or a placeholder went on the icon."""
    report = state.battle
    if report is None or previous is None or not any(
            hit.destroyed and hit.piece == "city" for hit in report.hits):
        return None
    player, resource = report.attacker, SYSTEMS[report.system].resource
    if resource is None or player not in previous.resources:
        return None
    cards = tuple(c for c in previous.guild_held.get(player, ())
                  if c not in state.guild_held.get(player, ()))
    if resource in previous.outraged.get(player, frozenset()):
        cover = ""
    else:
        cover = "agent" if agents_in_supply(previous, player) else "placeholder"
    return Outrage(player, resource, previous.resources[player].count(resource), cards, cover)


def battle_summary(report: BattleReport, trophies: list[Trophy],
                   outrage: Outrage | None = None) -> list[str]:
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
    if outrage is not None:
        said.append(f"Outrage: {outrage.said()}")
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


def draw_battle(report: BattleReport, trophies: list[Trophy], seen: Mapping[str, Look],
                top: float, outrage: Outrage | None = None) -> tuple[str, float]:
    """The battle's marks, in the class of the change marks (a later step showing this
    picture drops them): the battle system outlined; under the map, who attacked whom where,
    the dice rolled, each hit landing, the Trophies taken, what the attacker lost by Outrage,
    what was stolen and Ransacked, and what the symbols mean; and the height the panel
    takes."""
    panel = _Panel(seen)
    title = (f"Battle at {report.system}: {shorten(report.attacker, 11)} attacks "
             f"{shorten(report.defender, 11)}")
    panel.words.append(text(18, 9, title, font_size=8.5, font_weight=700))
    y = panel.dice(report, 14)
    if report.hits:
        y = panel.hits(report, y)
    if trophies:
        y = panel.trophies(trophies, y)
    if outrage is not None:
        y = panel.outrage(outrage, y)
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

    def outrage(self, outrage: Outrage, top: float) -> float:
        """What the attacker discarded, one item a line where it does not fit; then the
        agent (or placeholder) in their colour on the Outrage icon. Where the rows end."""
        name = NAMES[outrage.resource]
        lost = [plural(outrage.tokens, f"{name} token")] * bool(outrage.tokens) \
            + list(outrage.cards)
        lines = _lines(f"{shorten(outrage.player, 12)} discards", lost or ["nothing"], 50)
        self.words.append(text(0, top + 10, "Outrage"))
        for index, line in enumerate(lines):
            self.words.append(text(LABELS, top + 10 + 12 * index, line))
        y = top + 12 * len(lines) + 2
        if outrage.cover == "agent":
            self.tray.piece(self.seen[outrage.player], *agent(LABELS + 5, y + 3))
            said = f"on the {name} Outrage icon"
        else:
            said = (f"a placeholder on the {name} Outrage icon" if outrage.cover
                    else f"{name} Outraged already: no agent")
        self.words.append(text(LABELS + (14 if outrage.cover == "agent" else 0), y + 8, said))
        return y + 14

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


def _lines(first: str, items: list[str], most: int) -> list[str]:
    """`first` then the items, comma-separated, in lines of about `most` characters."""
    lines = [first]
    for index, item in enumerate(items):
        item += "," if index < len(items) - 1 else ""
        if len(lines[-1]) + 1 + len(item) > most and lines[-1] != first:
            lines.append(shorten(item, most))
        else:
            lines[-1] += " " + item
    return lines


def _held(state: State, holder: str, owner: str, kind: str) -> int:
    return state.trophies.get(holder, {}).get(owner, {}).get(kind, 0)


def _piece(kind: str, x: float, y: float) -> tuple[str, tuple[float, float]]:
    """A fresh piece of a kind: `ship`, `city`, `starport` or `agent`."""
    if kind == "ship":
        return ship(True)(x, y)
    return agent(x, y) if kind == "agent" else building(kind, x, y)
