"""The end of a chapter as a picture for walkthroughs (1.4): the five ambition boxes with the
markers in them, each showing the values of the side that is up (2.1); in every declared box
each player's count of what it counts (2.3), their place and the Power they gained (2.4-2.6,
the city bonus of 2.10 with it); the markers available and which of them are flipped (3.5,
3.6); the Power track with the Power that ends the game for this number of players (4.1);
and what the clean-up did and the end-of-game check found, with the winner and the rule
that decided it once the game is over.

What a step changed is marked: a box scored or emptied, a marker returned or flipped, a
token that moved on the Power track, the line of the chapter and the end of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from checker.games.arcs.components import AMBITIONS, FLIP_ORDER, LAST_CHAPTER, NEUTRAL
from checker.games.arcs.rules import RULEBOOK
from checker.games.arcs.scoring import counts
from checker.games.arcs.state import Stage, State
from checker.svg import (
    MARK,
    WIDTH,
    Look,
    Scale,
    Tray,
    banner,
    disc,
    fits,
    fixed,
    group,
    looks,
    picture,
    tag,
    text,
    track,
    wrap,
)

NEUTRAL_LOOK = Look("N", "#9A9A9A", "#000")
"""The two-player neutral third player (2.11): grey, with an N."""
STAGES = {Stage.PLAYING: "being played", Stage.SCORING: "over: scoring ambitions",
          Stage.CLEANED: "over: cleaned up", Stage.CHECKED: "over: the next chapter is next",
          Stage.DRAWN: "new hands drawn"}
GAP = 4.0
BOX = (WIDTH - GAP * (len(AMBITIONS) - 1)) / len(AMBITIONS)
ROW = 13


@dataclass(frozen=True, slots=True)
class Box:
    """An ambition box as drawn: its markers (values showing), and once declared, each
    one's count, place and Power gained."""

    ambition: str
    markers: tuple[tuple[int, int], ...]
    counts: tuple[tuple[str, int], ...]
    places: tuple[tuple[str, str, int], ...]
    """Who placed, which place ("1st", "2nd"), and the Power gained (bonus included)."""
    scored: bool
    returned: bool = False
    """Scored, and its markers gone back at the clean-up: they are drawn dashed."""


@dataclass(frozen=True, slots=True)
class Panel:
    """What the picture shows of a state: equal panels draw alike."""

    chapter: str
    boxes: tuple[Box, ...]
    available: tuple[tuple[str, tuple[int, int], bool], ...]
    """The markers out of the boxes: name, values showing, flipped."""
    power: tuple[tuple[str, int], ...]
    notes: tuple[str, ...]
    ended: tuple[str, ...]


def panel(state: State) -> Panel:
    stage = "game over" if state.ended else STAGES[state.stage]
    placed = {m for names in state.boxes.values() for m in names}
    available = tuple((m.name, state.showing(m.name), m.name in state.flipped)
                      for m in reversed(FLIP_ORDER) if m.name not in placed)
    notes = ((f"Clean-up: {'; '.join(state.cleanup)}",) if state.cleanup else ()) \
        + ((f"End of game check: {state.check}",) if state.check else ())
    ended = () if state.ended is None else (
        f"Game over: {state.ended.winner} wins",
        f"Rule {state.ended.rule.partition(':')[2]}: {RULEBOOK.title(state.ended.rule)}")
    return Panel(f"Chapter {state.chapter} of {LAST_CHAPTER}, {stage}",
                 tuple(_box(state, a) for a in AMBITIONS), available,
                 tuple((p, state.power(p)) for p in state.players), notes, ended)


def _box(state: State, ambition: str) -> Box:
    result = state.result(ambition)
    markers = tuple(state.showing(m) for m in state.boxes.get(ambition, ()))
    if result is not None:
        places = ([(result.first, "1st", result.gained.get(result.first, 0))]
                  if result.first is not None else []) \
            + [(who, "2nd", result.gained.get(who, 0)) for who in result.second]
        return Box(ambition, result.markers, tuple(result.counts.items()), tuple(places), True,
                   returned=not markers)
    if not markers or state.stage >= Stage.CLEANED:
        return Box(ambition, markers, (), (), False)
    return Box(ambition, markers, tuple(counts(state, ambition).items()), (), False)


def shows(state: State, previous: State | None) -> bool:
    """Whether a step (or the setup, without `previous`) has this picture: a step of the end
    of a chapter that changed what it shows; a setup with no piece on the map to draw and an
    ambition declared or the chapter's end under way."""
    if previous is None:
        return not (state.ships or state.buildings) and bool(
            state.declared() or state.stage is not Stage.PLAYING or state.results)
    ending = state.stage is not Stage.PLAYING or previous.stage is not Stage.PLAYING
    return ending and panel(state) != panel(previous)


def draw(state: State, previous: State | None = None) -> str:
    """The end of the chapter as one inline `<svg>`, what changed since `previous` marked."""
    now = panel(state)
    before = None if previous is None else panel(previous)
    seen: dict[str, Look] = {**looks(state.players), NEUTRAL: NEUTRAL_LOOK}
    line = text(0, 9, now.chapter, font_size=9.5, font_weight=700)
    mark = tag("rect", x=0, y=0, width=WIDTH, height=13, **MARK) \
        if before is not None and before.chapter != now.chapter else ""
    boxes, tall = _boxes(now, before, seen, 18)
    height = 18 + tall + 6
    markers, tall = _available(now, before, height)
    height += tall + 6
    end = max(state.threshold, *(n for _, n in now.power))
    power, tall = track_of(state, now, before, height, -(-end // 5) * 5)
    height += tall
    words = []
    for note in now.notes:
        for part in wrap(note, fits(8.5, WIDTH), 2):
            words.append(text(0, height + 10, part))
            height += 12
    parts = [mark, line, boxes, markers, power, group(words, font_size=8.5)]
    if now.ended:
        drawn, tall = banner(height + 6, now.ended, before is not None and not before.ended)
        parts.append(drawn)
        height += 6 + tall
    return picture(WIDTH, height + 4, summary(state, previous), "".join(parts),
                   "arcs-chapter-end")


def track_of(state: State, now: Panel, before: Panel | None, top: float, end: int
             ) -> tuple[str, float]:
    """The Power track, marked at the Power that ends the game; its height."""
    return track(state.players, looks(state.players), dict(now.power),
                 None if before is None else dict(before.power),
                 Scale(end, state.threshold, spaces=False), top,
                 f"Power (the game ends at {state.threshold} with {len(state.players)} "
                 "players)")


def _boxes(now: Panel, before: Panel | None, seen: Mapping[str, Look], top: float
           ) -> tuple[str, float]:
    """The five ambition boxes side by side, the counts and places in each; their height."""
    rows = max([len(b.counts) for b in now.boxes] + [0])
    height = 30 + ROW * rows + 4
    frames: list[str] = []
    words: list[str] = []
    bold: list[str] = []
    chips: list[str] = []
    gone: list[str] = []
    marks: list[str] = []
    counted: list[str] = []
    tray = Tray()
    for index, box in enumerate(now.boxes):
        x = index * (BOX + GAP)
        frames.append(f"M{x + .5:.1f} {top + .5:.1f}h{BOX - 1:.1f}v{height - 1:.1f}"
                      f"h-{BOX - 1:.1f}z")
        bold.append(text(x + BOX / 2, top + 11, box.ambition))
        if before is not None and before.boxes[index] != box:
            marks.append(tag("rect", x=x, y=top, width=BOX, height=height))
        for i, values in enumerate(box.markers):
            cx = x + 4 + i * 22
            (gone if box.returned else chips).append(f"M{cx:.1f} {top + 15}h20v11h-20z")
            words.append(text(cx + 10, top + 23.5, f"{values[0]}/{values[1]}"))
        if not box.markers and not box.counts:
            words.append(text(x + BOX / 2, top + 24, "not declared", fill_opacity=0.6))
        place = {who: (where, gained) for who, where, gained in box.places}
        for i, (who, count) in enumerate(box.counts):
            y = top + 36 + ROW * i
            tray.piece(seen[who], *disc(x + 9, y - 3, 5.4))
            counted.append(text(x + 17, y, str(count)))
            if who in place:
                where, gained = place[who]
                counted.append(text(x + 30, y, f"{where} +{gained}" if gained else where))
    drawn = fixed(tag("path", d="".join(frames), fill="none", stroke="currentColor",
                      stroke_width=0.9)) \
        + tag("path", d="".join(chips), fill="none", stroke="currentColor", stroke_width=0.8) \
        + group(bold, font_size=8.5, font_weight=700, text_anchor="middle") \
        + (tag("path", d="".join(gone), fill="none", stroke="currentColor", stroke_width=0.8,
               stroke_dasharray="2 2", stroke_opacity=0.6) if gone else "") \
        + group(words, font_size=8, text_anchor="middle") + group(counted, font_size=8)
    return group(marks, **MARK) + drawn + tray.svg(), height


def _available(now: Panel, before: Panel | None, top: float) -> tuple[str, float]:
    """The markers out of the boxes, values showing, flipped ones in a double frame."""
    was = {} if before is None else {name: flipped for name, _, flipped in before.available}
    chips, doubles, words, rings = [], [], [], []
    x = 112.0
    for name, values, flipped in now.available:
        chips.append(f"M{x:.1f} {top + 2}h26v13h-26z")
        if flipped:
            doubles.append(f"M{x + 2:.1f} {top + 4}h22v9h-22z")
        words.append(text(x + 13, top + 12, f"{values[0]}/{values[1]}"))
        if before is not None and was.get(name) != flipped:
            rings.append(f"M{x - 3:.1f} {top - 1}h32v19h-32z")
        x += 32
    said = text(0, top + 12, "Markers available" if now.available else
                "Markers available: none", font_size=8.5, font_weight=700)
    lines = tag("path", d="".join(chips + doubles), fill="none", stroke="currentColor",
                stroke_width=0.9) if chips else ""
    marked = tag("path", d="".join(rings), **MARK) if rings else ""
    return marked + said + lines + group(words, font_size=8, text_anchor="middle"), 18


def summary(state: State, previous: State | None = None) -> str:
    """The picture in words, its text alternative; what the step changed last."""
    now = panel(state)
    said = [now.chapter]
    for box in now.boxes:
        if not box.markers and not box.counts:
            continue
        shown = " + ".join(f"{a}/{b}" for a, b in box.markers)
        words = f"{box.ambition} ({shown})" if shown else box.ambition
        if box.counts:
            words += ": " + ", ".join(f"{_name(w)} {n}" for w, n in box.counts)
        if box.places:
            words += "; " + ", ".join(f"{where} {_name(w)}" + (f" +{g} Power" if g else "")
                                      for w, where, g in box.places)
        elif box.scored:
            words += "; nobody places"
        said.append(words)
    said.append("Markers available: " + (", ".join(
        f"{a}/{b}{' (flipped)' if flipped else ''}" for _, (a, b), flipped in now.available)
        or "none"))
    said.append(f"Power (the game ends at {state.threshold}): "
                + ", ".join(f"{p} {n}" for p, n in now.power))
    said += now.notes
    if state.ended is not None:
        said.append(f"{now.ended[0]}, {now.ended[1]}: {state.ended.reason}")
    if previous is not None:
        said.append("Changed by this step: " + "; ".join(changes(state, previous)))
    return ". ".join(said) + "."


def changes(state: State, previous: State) -> list[str]:
    """What the step changed of what the picture shows, in words."""
    now, before = panel(state), panel(previous)
    said = [f"{now.chapter}"] if now.chapter != before.chapter else []
    said += [f"{b.ambition} scored" for b, a in zip(now.boxes, before.boxes, strict=True)
             if b.scored and not a.scored]
    said += [f"{p} {previous.power(p)} to {state.power(p)} Power" for p in state.players
             if state.power(p) != previous.power(p)]
    if len(now.available) > len(before.available):
        said.append("the markers return")
    said += [f"{name} flipped to {a}/{b}" for name, (a, b), flipped in now.available
             if flipped and name not in previous.flipped]
    if state.ended is not None and previous.ended is None:
        said.append("the game ends")
    return said or ["the end of the chapter"]


def _name(who: str) -> str:
    return "the neutral" if who == NEUTRAL else who
