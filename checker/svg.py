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

import functools
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

# The characters XML 1.0 does not allow, and C1 controls (as a class of its own: the
# complement written with astral ranges takes 5 ms to compile, at every build's start).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
_NOT_ASCII = re.compile("[^\x00-\x7f]")


def escape(value: object) -> str:
    """Text or an attribute value, safe between tags and inside double quotes. Characters XML
    forbids (and the C1 controls) become U+FFFD."""
    return _escaped(value if isinstance(value, str) else str(value))


@functools.lru_cache(maxsize=4096)
def _escaped(text: str) -> str:
    """(A picture writes the same names, colours and classes over and over: each is escaped
    once.)"""
    text = _NOT_XML.sub("\ufffd", text)
    text = (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))
    return _NOT_ASCII.sub(lambda m: f"&#{ord(m[0])};", text)


def shorten(text: str, most: int) -> str:
    """At most `most` characters, an ellipsis marking a cut."""
    return text if len(text) <= most else text[:max(most - 1, 0)].rstrip() + "\u2026"


@functools.lru_cache(maxsize=4096)
def num(value: float, places: int = 1) -> str:
    """A number as short as it goes, to `places` decimals: `12`, `12.5`, `-3.2`, `.05`.
    (Pictures place things on a few grids: the same numbers come back thousands of times.)"""
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
    written = "".join(f' {_attribute(key)}="{_value(value)}"'
                      for key, value in attributes.items() if value is not None)
    return f"<{name}{written}/>" if body is None else f"<{name}{written}>{body}</{name}>"


@functools.cache
def _attribute(key: str) -> str:
    return key.rstrip("_").replace("_", "-")


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


def picture(width: float, height: float, title: str, body: str, name: str,
            zoom: bool = False) -> str:
    """The `<svg>` root: scales to its container's width, `title` is its text alternative,
    words and lines default to the text colour, `pic pic--NAME` its classes for the site's
    CSS (which may cap its width). A `zoom` picture, too detailed for a phone's width, can
    take the focus: the site's CSS zooms it in when it is tapped (class `pic-zoom`)."""
    zoomed = ('pic-zoom ', ' tabindex="0"') if zoom else ("", "")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="pic {zoomed[0]}pic--'
            f'{escape(name)}" viewBox="0 0 {num(width)} {num(height)}" width="100%" role="img"'
            f'{zoomed[1]} fill="currentColor"><title>{escape(title)}</title>{body}</svg>')


FIXED = '<g class="pic-fixed"'
"""How `fixed` parts start: a walkthrough finds them by this text."""


def fixed(body: str, x: float = 0, y: float = 0) -> str:
    """Part of a picture that pictures of a walkthrough may draw alike, such as the board, a
    card or a token: the walkthrough draws the first and shows the others as a `<use>` of it
    (moved by the difference when it stands elsewhere). Its `body` is drawn about its own
    origin, put at (x, y); parts may hold parts. Each picture still holds its own, so it
    also stands alone."""
    if not body:
        return ""
    moved = f' transform="translate({num(x)} {num(y)})"' if x or y else ""
    return f"{FIXED}{moved}>{body}</g>"


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
