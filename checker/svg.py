"""Pictures drawn at build time as inline SVG, shared by every game's drawing module.

A picture is one `<svg>` string: it scales to the width of its container (a viewBox and
`width="100%"`), is an image with a text alternative for screen readers (`role="img"` and a
`<title>`), and draws its lines and words in `currentColor`, so it reads on the light and the
dark theme alike. Players are told apart by a fixed colour-blind-safe colour *and* a letter.

Every word in a picture goes through `escape`: player names come from scenarios and may be
hostile. The output is ASCII (other characters become character references) and holds no
control character, so it drops into a walkthrough as it is.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

_NOT_XML = re.compile("[^\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_NOT_ASCII = re.compile("[^\x00-\x7f]")


def escape(value: object) -> str:
    """Text or an attribute value, safe between tags and inside double quotes. Characters XML
    forbids (and the C1 controls) become U+FFFD."""
    text = _NOT_XML.sub("\ufffd", str(value))
    text = (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))
    return _NOT_ASCII.sub(lambda m: f"&#{ord(m[0])};", text)


def shorten(text: str, most: int) -> str:
    """At most `most` characters, an ellipsis marking a cut."""
    return text if len(text) <= most else text[:max(most - 1, 0)].rstrip() + "\u2026"


def num(value: float, places: int = 1) -> str:
    """A number as short as it goes, to `places` decimals: `12`, `12.5`, `-3.2`, `.05`."""
    written = f"{value:.{places}f}"
    if "." in written:
        written = written.rstrip("0").rstrip(".")
    written = written.replace("0.", ".", 1) if written.startswith(("0.", "-0.")) else written
    return "0" if written in ("-0", "") else written


def tag(name: str, body: str | None = None, /, **attributes: object) -> str:
    """One element. Attribute names are written the Python way (`stroke_width`, `class_`) and
    come out the SVG way (`stroke-width`, `class`); None leaves an attribute out; numbers go
    through `num` (to tenths, hundredths below 1), everything else through `escape`. The
    body is given by position, so attributes may come from a mapping."""
    written = "".join(f' {key.rstrip("_").replace("_", "-")}="{_value(value)}"'
                      for key, value in attributes.items() if value is not None)
    return f"<{name}{written}/>" if body is None else f"<{name}{written}>{body}</{name}>"


def _value(value: object) -> str:
    if isinstance(value, float | int) and not isinstance(value, bool):
        return num(value, 2 if -1 < value < 1 else 1)
    return escape(value)


def text(x: float, y: float, words: str, **attributes: object) -> str:
    """Words at a point (x, y is the baseline), escaped."""
    return tag("text", escape(words), x=x, y=y, **attributes)


def group(parts: Sequence[str], **attributes: object) -> str:
    """Elements sharing attributes; nothing at all when there are none."""
    return tag("g", "".join(parts), **attributes) if parts else ""


def picture(width: float, height: float, title: str, body: str, name: str) -> str:
    """The `<svg>` root: scales to its container's width, `title` is its text alternative,
    words and lines default to the text colour, `pic pic--NAME` its classes for the site's
    CSS (which may cap its width)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="pic pic--{escape(name)}" '
            f'viewBox="0 0 {num(width)} {num(height)}" width="100%" role="img" '
            f'fill="currentColor"><title>{escape(title)}</title>{body}</svg>')


FIXED = '<g class="pic-fixed">'
"""How `fixed` parts start: a walkthrough finds them by this text."""


def fixed(body: str) -> str:
    """Part of a picture that every picture of a walkthrough draws alike, such as the board:
    the walkthrough draws the first and shows the others as a `<use>` of it. Each picture
    still holds its own, so it also stands alone."""
    return f"{FIXED}{body}</g>" if body else ""


def polar(cx: float, cy: float, radius: float, degrees: float) -> tuple[float, float]:
    """The point at `radius` from (cx, cy), `degrees` clockwise from pointing right."""
    angle = math.radians(degrees)
    return cx + radius * math.cos(angle), cy + radius * math.sin(angle)


# Players ------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Look:
    """How one player's pieces are drawn: a colour and a letter, so nobody needs to tell the
    colours apart."""

    letter: str
    fill: str
    """The player's colour, `#rrggbb`."""
    ink: str
    """The colour of a letter drawn on `fill`: black or white, whichever contrasts more."""


COLOURS: dict[str, str] = {
    "red": "#D55E00", "blue": "#0072B2", "green": "#009E73", "orange": "#E69F00",
    "pink": "#CC79A7", "yellow": "#F0E442", "purple": "#8E63B8", "cyan": "#56B4E9",
    "teal": "#56B4E9", "black": "#2B2B2B", "white": "#F2F2F2", "grey": "#9A9A9A",
    "gray": "#9A9A9A", "brown": "#9C6B3C",
}
"""Player colours by the name a player may go by (Okabe and Ito's colour-blind-safe set where
it has one); a player named after a colour is drawn in it."""

FALLBACK = ("red", "blue", "green", "orange", "pink", "cyan", "yellow", "purple", "grey",
            "brown", "black", "white")
"""The colours given, in seat order, to players whose name is no colour."""


def looks(players: Sequence[str]) -> dict[str, Look]:
    """Each player's colour and letter: a player named after a colour gets it (the first such
    player, if two share it), the others the first colours left, in seat order; the letter is
    the first of the name not already taken."""
    colours: dict[str, str] = {}
    for player in players:
        colour = COLOURS.get(player.strip().casefold())
        if colour is not None and colour not in colours.values():
            colours[player] = colour
    spare = [c for c in dict.fromkeys(COLOURS[n] for n in FALLBACK) if c not in colours.values()]
    used: set[str] = set()
    result = {}
    for player in players:
        if player not in colours:
            colours[player] = spare.pop(0) if spare else COLOURS["grey"]
        letter = _letter(player, used)
        used.add(letter)
        result[player] = Look(letter, colours[player], _ink(colours[player]))
    return result


def _letter(name: str, used: set[str]) -> str:
    for char in name.upper():
        if char.isalnum() and char not in used and not _NOT_XML.match(char):
            return char
    return next(c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" if c not in used)


def _ink(colour: str) -> str:
    """Black or white, whichever contrasts more with `colour` (WCAG relative luminance)."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return "#000" if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) else "#fff"


class Tray:
    """Players' pieces to draw, each with its letter and maybe a count beside it. They are
    written grouped, so that what they share is written once: the shapes by colour, the
    hollow (damaged) ones apart, the letters by the colour of their ink."""

    def __init__(self) -> None:
        self._shapes: dict[tuple[bool, str], list[str]] = {}
        self._letters: dict[str | None, list[str]] = {}
        self._counts: list[str] = []

    def piece(self, look: Look, shape: str, letter_at: tuple[float, float],
              hollow: bool = False) -> None:
        """A shape drawn without a fill (`look` gives it) and its letter: on the fill in the
        fill's ink, or, hollow, in the text colour."""
        self._shapes.setdefault((hollow, look.fill), []).append(shape)
        if look.letter:
            ink = None if hollow else look.ink
            self._letters.setdefault(ink, []).append(text(*letter_at, look.letter))

    def count(self, x: float, y: float, number: int) -> None:
        self._counts.append(text(x, y, str(number)))

    def svg(self) -> str:
        def painted(hollow: bool) -> list[str]:
            return [group(shapes, fill=fill) for (empty, fill), shapes in self._shapes.items()
                    if empty == hollow]
        hollow = group(painted(True), fill_opacity=0.3, stroke_dasharray="2 1.5")
        letters = [group(marks, fill=ink) if ink else "".join(marks)
                   for ink, marks in self._letters.items()]
        return group([*painted(False), hollow], stroke="currentColor", stroke_width=0.8) \
            + group(letters, font_size=7.5, font_weight=700, text_anchor="middle") \
            + group(self._counts, font_size=9, font_weight=700)


Glyph = Callable[[float, float], tuple[str, tuple[float, float]]]
"""Draws a piece, unfilled, centred at (x, y): its shape, and where its letter goes."""


def player_key(players: Sequence[str], seen: Mapping[str, Look], y: float, width: float,
               glyph: Glyph) -> str:
    """One row naming each player beside their piece, so colour and letter read as names."""
    step = width / max(len(players), 1)
    most = max(int((step - 22) / 5.2), 4)
    tray, names = Tray(), []
    for index, player in enumerate(players):
        x = index * step + 8
        tray.piece(seen[player], *glyph(x, y))
        names.append(text(x + 10, y + 3, shorten(player, most)))
    return tray.svg() + group(names, font_size=8.5)


# Scoring tables: tracks, cards, banners -------------------------------------------------------

MARK = {"fill": "#FFB000", "fill_opacity": 0.3, "stroke": "currentColor", "stroke_width": 2,
        "stroke_dasharray": "5 3", "class_": "chg"}
"""How a part a step changed is marked: a dashed outline, which shows without telling colours
apart, over a light amber wash; its class `chg` lets a later step showing the picture drop it."""
RING = {"fill": "none", "stroke": "currentColor", "stroke_width": 1.6,
        "stroke_dasharray": "3 2", "class_": "chg"}
"""How a token the step placed or moved is marked: a dashed ring around it."""
WIDTH = 360
"""The width of a scoring picture, in its units (about a pixel each on a 390 px phone)."""
CHAR = 0.55
"""The width of an average character, in font sizes: what a line of words may hold."""


def disc(x: float, y: float, radius: float = 6.5) -> tuple[str, tuple[float, float]]:
    """A round token, like a victory point or control token: its shape and where its letter
    goes (a `Glyph`)."""
    return tag("circle", cx=x, cy=y, r=radius), (x, y + 2.7)


def ring(x: float, y: float, radius: float = 9.5) -> str:
    """The change mark around a token, as path data."""
    return (f"M{num(x - radius)} {num(y)}a{num(radius)} {num(radius)} 0 1 0 {num(2 * radius)} 0"
            f"a{num(radius)} {num(radius)} 0 1 0-{num(2 * radius)} 0")


def fits(size: float, width: float) -> int:
    """How many characters of font `size` a line of `width` holds."""
    return max(int(width / (size * CHAR)), 1)


def wrap(words: str, most: int, lines: int) -> list[str]:
    """Words in at most `lines` lines of at most `most` characters, the last one shortened."""
    out: list[str] = []
    for word in words.split():
        if out and len(out[-1]) + 1 + len(word) <= most:
            out[-1] += " " + word
        elif len(out) < lines:
            out.append(word)
        else:
            out[-1] += " " + word
    return [shorten(line, most) for line in out] or [""]


def flow(widths: Sequence[float], left: float, right: float, top: float, height: float,
         gap: float = 4) -> tuple[list[tuple[float, float]], float]:
    """Where items of these widths go, left to right in lines of `height` from `top`, between
    `left` and `right`: each item's left and top; and where the last line ends."""
    x, y, places = left, top, []
    for width in widths:
        if x > left and x + width > right:
            x, y = left, y + height
        places.append((x, y))
        x += width + gap
    return places, (y + height if widths else top)


def heading(y: float, words: str) -> str:
    """A section's name, in bold."""
    return text(0, y, words, font_size=10, font_weight=700)


@dataclass(frozen=True, slots=True)
class Scale:
    """The numbers a track shows."""

    end: int
    """The last number on it."""
    goal: int
    """The number that wins or ends the game, drawn out."""
    spaces: bool = True
    """A space for every number, numbered (a victory point track), or a ruler numbered every
    five (a long track such as Arcs' Power)."""


LANE, LABEL = 17, 70
"""The height of a player's lane of a track, and the width of the names before it."""


def track(players: Sequence[str], seen: Mapping[str, Look], values: Mapping[str, int],
          before: Mapping[str, int] | None, scale: Scale, top: float, title: str,
          names: bool = True) -> tuple[str, float]:
    """A track of numbers with each player's token, one lane a player (in seat order), so
    tokens on the same number stay apart; a token the step moved ringed, with a dashed arrow
    from where it was; with `names`, each lane starts with its player's token and name (else
    the tokens' letters and colours say whose they are, and a table of the players beside the
    track is their key). The grid, names and numbers are `fixed`. The height it takes."""
    left, right = (LABEL if names else 1), WIDTH - (1 if scale.spaces else 8)
    step = (right - left) / (scale.end + 1 if scale.spaces else scale.end)

    def at(value: int) -> float:
        return left + step * (value + 0.5 if scale.spaces else value)

    lanes = top + 24
    bottom = lanes + LANE * len(players)
    numbers = range(scale.end + 1) if scale.spaces else range(0, scale.end + 1, 5)
    grid = [f"M{num(left)} {num(y)}H{num(right)}" for y in
            (lanes + LANE * i for i in range(len(players) + 1))]
    if scale.spaces:
        grid += [f"M{num(left + step * i)} {num(lanes)}V{num(bottom)}"
                 for i in range(scale.end + 2)]
        goal = tag("rect", x=left + step * scale.goal, y=lanes, width=step, height=bottom - lanes,
                   fill_opacity=0.14)
    else:
        grid += [f"M{num(at(n))} {num(lanes)}v-3" for n in numbers]
        goal = tag("path", d=f"M{num(at(scale.goal))} {num(lanes - 3)}V{num(bottom)}",
                   fill="none", stroke="currentColor", stroke_width=2.5, stroke_dasharray="4 2")
    labels = [text(at(n), lanes - 4, str(n), font_weight=700 if n == scale.goal else None)
              for n in numbers]
    said = [text(18, lanes + LANE * i + 12, shorten(p, fits(8.5, LABEL - 20)))
            for i, p in enumerate(players)] if names else []
    key = Tray()
    for index, player in enumerate(players if names else ()):
        key.piece(seen[player], *disc(8, lanes + LANE * index + LANE / 2))
    fixed_part = heading(top + 8, title) + goal + tag(
        "path", d="".join(grid), fill="none", stroke="currentColor", stroke_width=0.6,
        stroke_opacity=0.6) + group(labels, font_size=8, text_anchor="middle") \
        + group(said, font_size=8.5) + key.svg()
    tray, marks = Tray(), []
    for index, player in enumerate(players):
        y = lanes + LANE * index + LANE / 2
        value = values.get(player, 0)
        tray.piece(seen[player], *disc(at(min(value, scale.end)), y))
        was = None if before is None else before.get(player, 0)
        if was is not None and was != value:
            marks.append(ring(at(min(value, scale.end)), y, 8.5))
            x0, x1 = at(min(was, scale.end)), at(min(value, scale.end))
            tip = x1 - (9 if x1 > x0 else -9)
            back = tip - (3 if x1 > x0 else -3)
            marks.append(f"M{num(x0)} {num(y)}H{num(tip)}M{num(back)} {num(y - 3)}"
                         f"L{num(tip)} {num(y)}L{num(back)} {num(y + 3)}")
            marks.append(ring(x0, y, 6.5))
    return fixed(fixed_part) + tray.svg() + (tag("path", d="".join(marks), **RING)
                                             if marks else ""), bottom - top + 4


@dataclass(frozen=True, slots=True)
class Card:
    """A card on the table, face up or down, and the tokens on it."""

    name: str
    """What is written on it: its name, or for a facedown stack what it is."""
    corner: str
    """A short label at its top left: its stage, its worth."""
    owners: tuple[str, ...] = ()
    """Whose control tokens lie on it, in order."""
    double: bool = False
    """Drawn with a double border: a higher stage, so stages differ by shape as well."""
    facedown: bool = False
    """A card back (hatched), or a stack of them."""
    empty: bool = False
    """The place of a stack with no card left, dashed."""
    changed: bool = False
    """The step revealed it, drew it or otherwise changed what it is."""
    new: tuple[str, ...] = ()
    """Owners whose tokens the step put on it."""


CARD_W, CARD_H = 86, 46


def cards(items: Sequence[Card], seen: Mapping[str, Look], top: float, title: str
          ) -> tuple[str, float]:
    """Cards under a heading, in rows that fit the width, their frames and words `fixed`
    (alike from step to step until a card comes or goes), the tokens on top; the height they
    take."""
    places, bottom = flow([CARD_W] * len(items), 0, WIDTH, top + 12, CARD_H + 4, 4.6)
    frames: list[str] = []
    empty: list[str] = []
    hatch: list[str] = []
    corners: list[str] = []
    words: list[str] = []
    marks: list[str] = []
    rings: list[str] = []
    tray = Tray()
    most = fits(8, CARD_W - 7)
    for card, (x, y) in zip(items, places, strict=True):
        outline = f"M{num(x + .5)} {num(y + .5)}h{CARD_W - 1}v{CARD_H - 1}h-{CARD_W - 1}z"
        (empty if card.empty else frames).append(outline)
        if card.double:
            frames.append(f"M{num(x + 3)} {num(y + 3)}h{CARD_W - 6}v{CARD_H - 6}"
                          f"h-{CARD_W - 6}z")
        if card.facedown:
            hatch.append(f"M{num(x + 6)} {num(y + CARD_H - 5)}l12-12m0 12 12-12m0 12 12-12")
        said = wrap(card.name, most, 2 if card.owners or card.facedown else 3)
        corners.append(text(x + 6, y + 12, card.corner))
        words += [text(x + 6, y + 22 + 9 * i, line) for i, line in enumerate(said)]
        if card.changed:
            marks.append(tag("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=3))
        step = min(12.5, (CARD_W - 12) / max(len(card.owners), 1))
        for index, owner in enumerate(card.owners):
            cx, cy = x + 9 + step * index, y + CARD_H - 8.5
            tray.piece(seen[owner], *disc(cx, cy, 5.6))
            if owner in card.new:
                rings.append(ring(cx, cy, 7.5))
    lines = tag("path", d="".join(frames), stroke_width=0.9) \
        + (tag("path", d="".join(empty), stroke_dasharray="3 2", stroke_opacity=0.6)
           if empty else "") \
        + (tag("path", d="".join(hatch), stroke_opacity=0.5) if hatch else "")
    drawn = fixed(heading(top + 8, title) + group([lines], fill="none", stroke="currentColor")
                  + group([group(corners, font_weight=700), *words], font_size=8))
    over = tag("path", d="".join(rings), **RING) if rings else ""
    return group(marks, **MARK) + drawn + tray.svg() + over, bottom - top


def banner(top: float, lines: Sequence[str], changed: bool) -> tuple[str, float]:
    """A framed notice across the width, its first line bold: the end of the game."""
    height = 8 + 12 * len(lines)
    frame = tag("rect", x=0.5, y=top + 0.5, width=WIDTH - 1, height=height - 1, rx=3,
                fill="none", stroke="currentColor", stroke_width=2)
    mark = tag("rect", x=0, y=top, width=WIDTH, height=height, rx=3, **MARK) if changed else ""
    words = [text(8, top + 14 + 12 * i, shorten(line, fits(9, WIDTH - 16)),
                  font_weight=700 if i == 0 else None) for i, line in enumerate(lines)]
    return mark + frame + group(words, font_size=9), height


@dataclass(frozen=True, slots=True)
class Seat:
    """A player's line of a table: in play order, what they hold."""

    player: str
    badge: str = ""
    """A word in a frame after the name, such as "Speaker"."""
    holds: str = ""
    """What they hold that sets the order, such as their strategy cards."""
    facedown: int = 0
    """Cards held face down, drawn as card backs."""
    faceup: tuple[str, ...] = ()
    """Cards shown or scored, drawn face up with their names."""
    changed: bool = False


def marked(rows: Sequence[Seat], before: Sequence[Seat] | None) -> list[Seat]:
    """The lines of a table, those that differ from the line in the same place `before`
    marked changed."""
    if before is None:
        return list(rows)
    return [Seat(r.player, r.badge, r.holds, r.facedown, r.faceup,
                 changed=i >= len(before) or before[i] != r) for i, r in enumerate(rows)]


def seats(rows: Sequence[Seat], seen: Mapping[str, Look], top: float, title: str,
          columns: tuple[str, str, str]) -> tuple[str, float]:
    """A table of the players in play order, one line each (more when their cards do not
    fit): the order, the token and name, a badge, what they hold, their cards. The table is
    `fixed` (alike from step to step until a line changes); a changed line is marked. The
    height it takes."""
    heads = [text(x, top + 20, head) for x, head in zip((92, 136, 226), columns)]
    parts = [heading(top + 8, title), group(heads, font_size=8, fill_opacity=0.8)]
    marks, y = [], top + 24
    for index, row in enumerate(rows):
        line, height = _seat(index, row, seen[row.player], y)
        parts.append(line)
        if row.changed:
            marks.append(tag("rect", x=0, y=y, width=WIDTH, height=height, rx=2))
        y += height
    return group(marks, **MARK) + fixed("".join(parts)), y - top


def _seat(index: int, row: Seat, look: Look, y: float) -> tuple[str, float]:
    """One line of `seats` at `y`, and its height."""
    widths = [7.0] * row.facedown + [8 + 4.5 * len(shorten(c, 24)) for c in row.faceup]
    places, bottom = flow(widths, 226, WIDTH, y + 2, 14, 3)
    tray, chips, backs = Tray(), [], []
    tray.piece(look, *disc(20, y + 8))
    words = [text(0, y + 11, str(index + 1), font_weight=700),
             text(30, y + 11, shorten(row.player, fits(9, 58))),
             text(136, y + 11, shorten(row.holds, fits(9, 88)))]
    if row.badge:
        words.append(text(95, y + 11, row.badge, font_size=8))
        chips.append(f"M97.5 {num(y + 3)}h{num(4.5 * len(row.badge) - 6)}"
                     f"a5.5 5.5 0 0 1 0 11h-{num(4.5 * len(row.badge) - 6)}a5.5 5.5 0 0 1 0-11z")
    for (x, cy), width, name in zip(places, widths, [""] * row.facedown + list(row.faceup)):
        if name:
            chips.append(f"M{num(x)} {num(cy)}h{num(width)}v11h-{num(width)}z")
            words.append(text(x + 4, cy + 8.5, shorten(name, 24), font_size=8))
        else:
            backs.append(f"M{num(x)} {num(cy)}h7v11h-7zl7 11")
    lines = tag("path", d="".join(chips), fill="none", stroke="currentColor",
                stroke_width=0.8) if chips else ""
    lines += tag("path", d="".join(backs), fill_opacity=0.3, stroke="currentColor",
                 stroke_width=0.8) if backs else ""
    return lines + group(words, font_size=9) + tray.svg(), max(bottom - y, 16.0)
