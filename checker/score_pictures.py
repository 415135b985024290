"""The pieces of a scoring picture, drawn with `checker.svg`: the points track, the cards on
the table, the players in order of play and the banner of a game's end. TI4, TI3 and the end
of an Arcs chapter draw with them; any game may.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from checker.rulebook import RuleBook
from checker.svg import (
    Look,
    escape,
    fixed,
    num,
    shorten,
    tag,
)

# Scoring tables: tracks, cards, tables of players, banners ----------------------------------
#
# A scoring picture is drawn for a phone first: `WIDTH` units wide, which a 390 px phone shows
# at about a pixel a unit, with no word smaller than 11 units. Its look comes from classes
# that walkthrough.css styles once for the whole site (the root `.pic-s`), not from
# attributes repeated on every element:
#   h  a heading (bold, 12)          b  bold            m  centred        e  ended at x
#   f  faint words                   l  a line, unfilled (l d: dashed and faint; l t: thin)
#   k  a card back, lightly filled   g  the goal's space, lightly filled
#   o  a token: its circle outlined, its letter bold, centred, black (o w: white)
#   chg  what the step changed, a dashed outline on an amber wash (chg r: a dashed ring)

WIDTH = 340
"""The width of a scoring picture, in its units."""
CHAR = 0.58
"""The width of an average character, in font sizes (of the wider fonts phones use): what a
line of words may hold."""
SIZE = 11
"""The size of the words, the smallest in a scoring picture (headings are 12)."""
CHANGED = 'class="chg"'
RADIUS = 7.5
"""A token's radius: its letter (11 units, bold) fits inside."""


def scoring_picture(width: float, height: float, title: str, body: str, name: str) -> str:
    """The `<svg>` root of a scoring picture, styled by the site's CSS (`pic-s`); like
    `picture`, `title` is its text alternative."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="pic-s pic--{escape(name)}" '
            f'viewBox="0 0 {num(width)} {num(height)}" role="img">'
            f'<title>{escape(title)}</title>{body}</svg>')


def words(x: float, y: float, said: str, kind: str = "") -> str:
    """Words at a point, in the classes `kind` (see above)."""
    return tag("text", escape(said), x=x or None, y=y or None, class_=kind or None)


def token(look: Look, x: float, y: float) -> str:
    """A player's round token (victory point, control, Power) centred at (x, y): a `fixed`
    part, so a walkthrough writes each player's once and shows the rest by `<use>`."""
    return fixed(f'<circle class="o" r="{num(RADIUS)}" fill="{look.fill}"/>'
                 f'<text class="o{" w" if look.ink == "#fff" else ""}" y="3.6">'
                 f'{escape(look.letter)}</text>', x, y)


def ring(x: float, y: float, radius: float = RADIUS + 2.5) -> str:
    """A circle as path data: the change mark around a token."""
    return (f"M{num(x - radius)} {num(y)}a{num(radius)} {num(radius)} 0 1 0 {num(2 * radius)} 0"
            f"a{num(radius)} {num(radius)} 0 1 0-{num(2 * radius)} 0")


def rings(paths: Sequence[str]) -> str:
    """Change marks around tokens, and arrows, in one path."""
    return f'<path class="chg r" d="{"".join(paths)}"/>' if paths else ""


def washes(boxes: Sequence[tuple[float, float, float, float]]) -> str:
    """Change marks over parts (x, y, width, height): one path of outlines on a wash."""
    return (f'<path {CHANGED} d="' + "".join(
        f"M{num(x)} {num(y)}h{num(w)}v{num(h)}h{num(-w)}z" for x, y, w, h in boxes) + '"/>'
        if boxes else "")


def fits(size: float, width: float) -> int:
    """How many characters of font `size` a line of `width` holds."""
    return max(int(width / (size * CHAR)), 1)


def wrap(said: str, most: int, lines: int) -> list[str]:
    """Words in at most `lines` lines of at most `most` characters, the last one shortened."""
    out: list[str] = []
    for word in said.split():
        if out and len(out[-1]) + 1 + len(word) <= most:
            out[-1] += " " + word
        elif len(out) < lines:
            out.append(word)
        else:
            out[-1] += " " + word
    return [shorten(line, most) for line in out] or [""]


def heading(y: float, said: str) -> str:
    """A section's name."""
    return words(0, y, said, "h")


def numbers(places: Sequence[tuple[float, str]], y: float) -> str:
    """Numbers centred at their places along a line, as one `<text>`: each character placed
    on its own (a number of two digits as two, side by side)."""
    xs, chars = [], []
    for x, number in places:
        for i, char in enumerate(number):
            xs.append(num(x + (i - (len(number) - 1) / 2) * SIZE * 0.56))
            chars.append(char)
    return f'<text class="m" x="{" ".join(xs)}" y="{num(y)}">{"".join(chars)}</text>'


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


LANE, LABEL = 19, 72
"""The height of a player's lane of a track, and the width of the names before it."""


def track(players: Sequence[str], seen: Mapping[str, Look], values: Mapping[str, int],
          before: Mapping[str, int] | None, scale: Scale, top: float, title: str,
          names: bool = True) -> tuple[str, float]:
    """A track of numbers with each player's token, one lane a player (in seat order), so
    tokens on the same number stay apart; a token the step moved ringed, with a dashed arrow
    from where it was; with `names`, each lane starts with its player's token and name (else
    the tokens' letters and colours say whose they are, and the table of the players is
    their key). The heading, grid, names and numbers are one `fixed` part. The height it
    takes."""
    count = scale.end + 1 if scale.spaces else scale.end
    room = WIDTH - (1 if scale.spaces else 8) - (LABEL if names else 1)
    # A whole number of units a space where spaces are wide, centred in the room left over:
    # shorter numbers to write.
    step = room / count if room / count < 8 else float(room // count)
    left: float = (LABEL if names else 1) + (room - step * count) // 2
    right = left + step * count

    def at(value: int) -> float:
        return left + step * (min(value, scale.end) + (0.5 if scale.spaces else 0))

    lanes, count = 26, len(players)
    bottom = lanes + LANE * count
    grid = "".join(f"M{num(left)} {lanes + LANE * i}H{num(right)}" for i in range(count + 1))
    shown = range(scale.end + 1) if scale.spaces else range(0, scale.end + 1, 5)
    if scale.spaces:
        # The lines between spaces: one line along the track, as tall as the lanes, dashed
        # into thin strokes a space apart.
        lines = (f'<path class="l t" d="M{num(left - .3)} {num((lanes + bottom) / 2)}'
                 f'H{num(right + .3)}" style="stroke-width:{bottom - lanes}px;'
                 f'stroke-dasharray:.6 {num(step - .6, 2)}"/>')
        goal = (f'<path class="g" d="M{num(left + step * scale.goal)} {lanes}h{num(step)}'
                f'v{bottom - lanes}h{num(-step)}z"/>')
    else:
        grid += "".join(f"M{num(at(n))} {lanes}v-3" for n in shown)
        lines = ""
        goal = (f'<path class="l" d="M{num(at(scale.goal))} {lanes - 3}V{bottom}" '
                'style="stroke-width:2.5px;stroke-dasharray:4 2"/>')
    labels = numbers([(at(n), str(n)) for n in shown if n != scale.goal], lanes - 5) \
        + words(at(scale.goal), lanes - 5, str(scale.goal), "m b")
    frame = heading(11, title) + goal + f'<path class="l t" d="{grid}"/>' + lines + labels
    if names:
        for index, player in enumerate(players):
            y = lanes + LANE * index + LANE / 2
            frame += token(seen[player], 9, y) + words(20, y + 3.6, shorten(
                player, fits(SIZE, LABEL - 22)))
    tokens, marks = [], []
    for index, player in enumerate(players):
        y = lanes + LANE * index + LANE / 2
        value = values.get(player, 0)
        tokens.append(token(seen[player], at(value), y))
        y += top
        was = None if before is None else before.get(player, 0)
        if was is not None and was != value:
            marks += _moved(at(was), at(value), y)
    return fixed(fixed(frame) + "".join(tokens), 0, top) + rings(marks), bottom + 4


def _moved(x0: float, x1: float, y: float) -> list[str]:
    """A token the step moved from `x0` to `x1`: a ring where it is now, and a dashed arrow
    from where it was."""
    marks = [ring(x1, y)]
    if x0 != x1:
        tip = x1 - (RADIUS + 3 if x1 > x0 else -RADIUS - 3)
        back = tip - (3 if x1 > x0 else -3)
        side = num(back - tip)
        marks.append(f"M{num(x0)} {num(y)}H{num(tip)}m{side}-3 {num(tip - back)} 3"
                     f" {side} 3")
    return marks


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


COLUMNS, GAP = 3, 5
CARD_W = (WIDTH - GAP * (COLUMNS - 1)) / COLUMNS
CARD_H = 56


def cards(items: Sequence[Card], seen: Mapping[str, Look], top: float, title: str
          ) -> tuple[str, float]:
    """Cards under a heading, `COLUMNS` a row, with the tokens on them: each card a `fixed`
    part (alike from step to step until it changes), the whole row of them one too; the
    height they take."""
    drawn, marks, circles = [], [], []
    most = fits(SIZE, CARD_W - 10)
    for index, card in enumerate(items):
        x = (CARD_W + GAP) * (index % COLUMNS)
        y = 16 + (CARD_H + GAP) * (index // COLUMNS)
        # Drawn about its corner label's start, at (6, 14) on the card: words need no x or y.
        w, h = CARD_W - 1, CARD_H - 1
        outline = f"M-5.5-13.5h{num(w)}v{h}h{num(-w)}z"
        if card.double:
            outline += f"M-3-11h{num(w - 5)}v{h - 5}h{num(5 - w)}z"
        if card.facedown:
            outline += f"M{num(w - 46)} {CARD_H - 19}l12-12m0 12 12-12m0 12 12-12"
        said = wrap(card.name, most, 2 if card.owners or card.facedown else 3)
        body = (f'<path class="l{" d" if card.empty else ""}" d="{outline}"/>'
                + words(0, 0, card.corner, "b")
                + "".join(words(0, 12 + 11 * i, line) for i, line in enumerate(said)))
        step = min(17.0, (CARD_W - 18) / max(len(card.owners) - 1, 1))
        for i, owner in enumerate(card.owners):
            cx = 11 + step * i
            body += token(seen[owner], cx - 6, CARD_H - 23)
            if owner in card.new:
                circles.append(ring(x + cx, top + y + CARD_H - 9))
        drawn.append(fixed(body, x + 6, top + y + 14))
        if card.changed:
            marks.append((x, top + y, CARD_W, CARD_H))
    rows = -(-len(items) // COLUMNS)
    # The section a part of its own, in the picture's coordinates: written whole where no
    # later picture shows it, with no group to move it.
    return (washes(marks) + fixed(fixed(heading(top + 11, title)) + "".join(drawn))
            + rings(circles),
            16 + rows * (CARD_H + GAP) - GAP)


def banner(top: float, lines: Sequence[str], changed: bool) -> tuple[str, float]:
    """A framed notice across the width, its first line bold: the end of the game."""
    said = [(i, part) for i, line in enumerate(lines)
            for part in wrap(line, fits(SIZE, WIDTH - 14), 2)]
    height = 9 + 13 * len(said)
    frame = (f'<path class="l" style="stroke-width:2px" d="M1 {num(top + 1)}h{WIDTH - 2}'
             f'v{height - 2}H1z"/>')
    mark = washes([(0, top, WIDTH, height)]) if changed else ""
    return mark + frame + "".join(words(7, top + 16 + 13 * n, part, "b" if i == 0 else "")
                                  for n, (i, part) in enumerate(said)), height


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


HOLDS, BACK = 150, 11
"""Where a table's third column (what a player holds) starts, and the room of a card back."""


def seats(rows: Sequence[Seat], seen: Mapping[str, Look], top: float, title: str,
          columns: tuple[str, str]) -> tuple[str, float]:
    """A table of the players in play order, one line each (more when their words or cards
    do not fit): the order, the token and name, a badge, what they hold, and their cards,
    those face down at the end of the line, those face up under it. Each line is a `fixed`
    part, the table one too; a changed line is marked. The height it takes."""
    heads = heading(top + 11, title)
    if any(row.holds for row in rows):
        heads += words(HOLDS, top + 24, columns[0], "f")
    if any(row.facedown or row.faceup for row in rows):
        heads += words(WIDTH, top + 24, columns[1], "f e")
    parts = [fixed(heads)]
    marks, y = [], 28.0
    for index, row in enumerate(rows):
        line, height = _seat(index, row, seen[row.player])
        parts.append(fixed(line, 0, top + y + 13))
        if row.changed:
            marks.append((0, top + y, WIDTH, height))
        y += height
    return washes(marks) + fixed("".join(parts)), y


def _seat(index: int, row: Seat, look: Look) -> tuple[str, float]:
    """One line of `seats`, drawn from its first baseline (13 below its top), and its
    height."""
    backs = WIDTH - BACK * row.facedown
    held = wrap(row.holds, fits(SIZE, backs - HOLDS - 3), 2) if row.holds else []
    body = [words(0, 0, str(index + 1), "b"), token(look, 19, -4),
            words(31, 0, shorten(row.player, fits(SIZE, (92 if row.badge else HOLDS) - 33)))]
    body += [words(HOLDS, 13 * i, part) for i, part in enumerate(held)]
    lines = ""
    if row.badge:
        width = len(row.badge) * SIZE * CHAR
        body.append(words(100, 0, row.badge))
        lines += (f"M100-11h{num(width - 3)}a6.5 6.5 0 0 1 0 13h{num(3 - width)}"
                  f"a6.5 6.5 0 0 1 0-13z")
    height = 4 + 13 * max(len(held), 1)
    x, y = 27.0, height
    for name in row.faceup:
        said = shorten(name, fits(SIZE, WIDTH - 40))
        width = 8 + len(said) * SIZE * CHAR
        if x > 27 and x + width > WIDTH:
            x, y = 27.0, y + 17
        lines += f"M{num(x)} {num(y - 13)}h{num(width)}v15h{num(-width)}z"
        body.append(words(x + 4, y - 2, said))
        x += width + 4
    if row.faceup:
        height = y + 17
    backs_drawn = "".join(f"M{backs + BACK * i + 2}-11h8v13h-8zl8 13"
                          for i in range(row.facedown))
    shapes = (f'<path class="l" d="{lines}"/>' if lines else "") \
        + (f'<path class="k" d="{backs_drawn}"/>' if backs_drawn else "")
    return shapes + "".join(body), max(height, 19)


def rule_line(rule: str, rulebook: RuleBook | None) -> str:
    """How a picture names the rule that ended the game: "Rule 98.7: <its title>"."""
    title = rulebook.title(rule) if rulebook is not None else ""
    number = rule.partition(":")[2]
    return f"Rule {number}: {title}" if title else f"Rule {number}"
