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

from checker.games.arcs.chapter_end.scoring import counts
from checker.games.arcs.parts.components import AMBITIONS, FLIP_ORDER, LAST_CHAPTER, NEUTRAL
from checker.games.arcs.state import Stage, State
from checker.rulebook import RuleBook
from checker.score_pictures import (
    CARD_W,
    GAP,
    SIZE,
    WIDTH,
    Scale,
    banner,
    fits,
    rule_line,
    scoring_picture,
    token,
    track,
    washes,
    words,
    wrap,
)
from checker.svg import Look, fixed, looks, num

NEUTRAL_LOOK = Look("N", "#9A9A9A", "#000")
"""The two-player neutral third player (2.11): grey, with an N."""
STAGES = {Stage.PLAYING: "being played", Stage.SCORING: "over: scoring ambitions",
          Stage.CLEANED: "over: cleaned up", Stage.CHECKED: "over: the next chapter is next",
          Stage.DRAWN: "new hands drawn"}
BOX = CARD_W
"""The width of an ambition box: three a row, as the cards of TI4 and TI3."""
ROW = 18


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


def panel(state: State, rulebook: RuleBook | None = None) -> Panel:
    stage = "game over" if state.ended else STAGES[state.stage]
    placed = {m for names in state.boxes.values() for m in names}
    available = tuple((m.name, state.showing(m.name), m.name in state.flipped)
                      for m in reversed(FLIP_ORDER) if m.name not in placed)
    notes = ((f"Clean-up: {'; '.join(state.cleanup)}",) if state.cleanup else ()) \
        + ((f"End of game check: {state.check}",) if state.check else ())
    ended = () if state.ended is None else (
        f"Game over: {state.ended.winner} wins",
        rule_line(state.ended.rule, rulebook))
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


def draw(state: State, previous: State | None = None, rulebook: RuleBook | None = None
         ) -> str:
    """The end of the chapter as one inline `<svg>`, what changed since `previous` marked."""
    now = panel(state, rulebook)
    before = None if previous is None else panel(previous, rulebook)
    seen: dict[str, Look] = {**looks(state.players), NEUTRAL: NEUTRAL_LOOK}
    parts = [washes([(0, 0, WIDTH, 17)]) if before is not None and before.chapter != now.chapter
             else "", words(0, 12, now.chapter, "h")]
    boxes, tall = _boxes(now, before, seen, 22)
    height = 22 + tall + 8
    markers, tall = _available(now, before, height)
    height += tall + 8
    end = max(state.threshold, *(n for _, n in now.power))
    power, tall = track_of(state, now, before, height, -(-end // 5) * 5)
    height += tall
    parts += [boxes, markers, power]
    for note in now.notes:
        for part in wrap(note, fits(SIZE, WIDTH), 2):
            # Each line a part where it stands: a later picture saying it there shows it.
            parts.append(fixed(words(0, height + 11, part)))
            height += 13
    if now.ended:
        drawn, tall = banner(height + 6, now.ended, before is not None and not before.ended)
        parts.append(drawn)
        height += 6 + tall
    return scoring_picture(WIDTH, height + 4, summary(state, previous), "".join(parts),
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
    """The five ambition boxes, three a row, the counts and places in each: each box a
    `fixed` part, and all of them one too; their height."""
    rows = max([len(b.counts) for b in now.boxes] + [0])
    height = 38 + ROW * rows
    drawn, marks = [], []
    for index, box in enumerate(now.boxes):
        x, y = (BOX + GAP) * (index % 3), (height + GAP) * (index // 3)
        # Drawn about the ambition's name, centred at (BOX / 2, 14) in the box.
        cx = BOX / 2
        body = (f'<path class="l" d="M{num(.5 - cx)}-13.5h{num(BOX - 1)}v{height - 1}'
                f'h{num(1 - BOX)}z"/>' + words(0, 0, box.ambition, "m b"))
        chips = "".join(f"M{num(5 + 31 * i - cx)} 5h28v15h-28z"
                        for i in range(len(box.markers)))
        if chips:
            body += f'<path class="l{" d" if box.returned else ""}" d="{chips}"/>'
        body += "".join(words(19 + 31 * i - cx, 16, f"{a}/{b}", "m")
                        for i, (a, b) in enumerate(box.markers))
        if not box.markers and not box.counts:
            body += words(0, 16, "not declared", "m f")
        place = {who: (where, gained) for who, where, gained in box.places}
        for i, (who, count) in enumerate(box.counts):
            cy = 32 + ROW * i
            body += token(seen[who], 11 - cx, cy) + words(23 - cx, cy + 3.6, str(count))
            if who in place:
                where, gained = place[who]
                body += words(42 - cx, cy + 3.6, f"{where} +{gained}" if gained else where)
        drawn.append(fixed(body, x + cx, top + y + 14))
        if before is not None and before.boxes[index] != box:
            marks.append((x, top + y, BOX, height))
    count = -(-len(now.boxes) // 3)
    return washes(marks) + fixed("".join(drawn)), count * (height + GAP) - GAP


def _available(now: Panel, before: Panel | None, top: float) -> tuple[str, float]:
    """The markers out of the boxes, values showing, flipped ones in a double frame: a
    `fixed` part; its height."""
    was = {} if before is None else {name: flipped for name, _, flipped in before.available}
    chips, said, marks = [], [], []
    for i, (name, values, flipped) in enumerate(now.available):
        x = 118 + 34 * i
        chips.append(f"M{x} 1h30v15h-30z" + (f"M{x + 2} 3h26v11h-26z" if flipped else ""))
        said.append(words(x + 15, 12.5, f"{values[0]}/{values[1]}", "m"))
        if before is not None and was.get(name) != flipped:
            marks.append((x - 3, top - 2, 36, 21))
    label = words(0, 12.5, "Markers available" if now.available else
                  "Markers available: none", "b")
    lines = f'<path class="l" d="{"".join(chips)}"/>' if chips else ""
    return washes(marks) + fixed(label + lines + "".join(said), 0, top), 18


def summary(state: State, previous: State | None = None) -> str:
    """The picture's text alternative, short: the chapter and the Power and, at a step, what
    it changed, in a last sentence that a later step showing this picture drops. The state
    table beside the picture says everything else in words."""
    now = panel(state)
    said = f"{now.chapter}. Power (the game ends at {state.threshold}): " + ", ".join(
        f"{p} {n}" for p, n in now.power) + "."
    if previous is not None:
        said += " Changed by this step: " + "; ".join(changes(state, previous)) + "."
    return said


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
