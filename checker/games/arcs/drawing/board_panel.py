"""The player boards under the map on a step that changed them outside a battle: a Prelude
action (10) or an Outrage a card provoked (9.9h). Each player whose board changed shows their
six resource slots (what each holds, the slots covered by cities shaded, the slots the step
changed marked, a token it took away struck through), then what they spent in the Prelude,
the Guild cards they gained and lost, and the Outrage icons newly covered; and the same in
words for the text alternative."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from checker.games.arcs.common import listed
from checker.games.arcs.drawing.shapes import SIZE, agent
from checker.games.arcs.state import State
from checker.games.arcs.table.player_board import NAMES, RESOURCE_SLOTS, open_slots
from checker.games.arcs.table.supply import agents_in_supply
from checker.svg import Look, Tray, group, num, shorten, tag, text

SCALE = 1.25
"""Drawn as large as the battle panel, to read on a phone."""
LABELS = 48
"""Where a board's slots start, after the player's name."""
SLOT, GAP = 34, 2
SHORT = {"material": "Mat", "fuel": "Fuel", "weapons": "Wpn", "relics": "Rel",
         "psionics": "Psi"}
"""Resources, short enough to fit a slot."""
MARK = {"fill": "#FFB000", "fill_opacity": 0.3, "stroke": "currentColor", "stroke_width": 1.5,
        "stroke_dasharray": "4 2"}
"""A slot the step changed: the map's change mark."""


@dataclass(frozen=True, slots=True)
class BoardChange:
    """What one step changed on one player's board."""

    player: str
    slots: tuple[str | None, ...]
    """The six resource slots now, left to right."""
    before: tuple[str | None, ...]
    """The six resource slots before the step."""
    open: int
    """Slots not covered by a city."""
    changed: frozenset[int]
    """The slots (0 for the leftmost) that hold something else than before the step."""
    spent: tuple[str, ...]
    """Resources spent in the Prelude by the step."""
    gained: tuple[str, ...]
    """Guild cards that came to the player's play area."""
    lost: tuple[str, ...]
    """Guild cards that left it."""
    outraged: tuple[tuple[str, bool], ...]
    """Outrage icons newly covered, and whether by an agent (else a placeholder)."""

    def said(self) -> str:
        """`Red's board: Fuel, Material, empty; spent in the Prelude: Fuel; ...`."""
        held = ", ".join(NAMES[r] if r else "empty" for r in self.slots[:self.open])
        parts = [f"{self.player}'s board: {held}"]
        parts += [f"spent in the Prelude: {listed(NAMES[r] for r in self.spent)}"] * bool(
            self.spent)
        parts += [f"Guild cards gained: {listed(self.gained)}"] * bool(self.gained)
        parts += [f"Guild cards gone: {listed(self.lost)}"] * bool(self.lost)
        parts += [f"{NAMES[r]} Outraged, " + ("an agent" if by_agent else "a placeholder")
                  + " on the icon" for r, by_agent in self.outraged]
        return "; ".join(parts)


def shows_boards(state: State, previous: State | None) -> bool:
    """A Prelude action was taken, or an Outrage was provoked outside a battle, and a board
    changed."""
    if previous is None or not board_changes(state, previous):
        return False
    turn = state.round.turn if state.round else None
    prelude = turn is not None and turn.in_prelude and turn.preluded
    outrage = state.battle is None and any(state.outraged[p] != previous.outraged[p]
                                           for p in state.players)
    return prelude or outrage


def board_changes(state: State, previous: State) -> list[BoardChange]:
    """Each player whose resources, Guild cards or Outrage differ from `previous`, in seat
    order."""
    changes = []
    for player in state.players:
        now, before = state.resources[player], previous.resources[player]
        gained = tuple(c for c in state.guild_held[player]
                       if c not in previous.guild_held[player])
        lost = tuple(c for c in previous.guild_held[player]
                     if c not in state.guild_held[player])
        outraged = tuple((r, agents_in_supply(previous, player) > 0)
                         for r in sorted(state.outraged[player] - previous.outraged[player]))
        if now == before and not gained and not lost and not outraged:
            continue
        changes.append(BoardChange(player, now, before, open_slots(state, player),
                                   frozenset(i for i in range(RESOURCE_SLOTS)
                                             if now[i] != before[i]),
                                   _spent(state, previous, player), gained, lost, outraged))
    return changes


def _spent(state: State, previous: State, player: str) -> tuple[str, ...]:
    turn = state.round.turn if state.round else None
    if turn is None or turn.player != player or not turn.in_prelude:
        return ()
    before = previous.round.turn if previous.round else None
    already = before.spent if before is not None and before.player == player else ()
    return turn.spent[len(already):]


def draw_boards(changes: list[BoardChange], seen: Mapping[str, Look], top: float
                ) -> tuple[str, float]:
    """The boards' rows, in the class of the change marks (a later step showing this picture
    drops them), and the height they take."""
    tray = Tray()
    words = [text(0, 9, "Player boards", font_weight=700, font_size=8.5)]
    marks: list[str] = []
    shaded: list[str] = []
    boxes: list[str] = []
    struck: list[str] = []
    """Lines across the tokens the step took off a board."""
    y = 14.0
    for change in changes:
        words.append(text(0, y + 10, shorten(change.player, 10)))
        for index, held in enumerate(change.slots):
            x = LABELS + index * (SLOT + GAP)
            box = f"M{num(x)} {num(y)}h{SLOT}v14h-{SLOT}z"
            (shaded if index >= change.open else boxes).append(box)
            if index in change.changed:
                marks.append(box)
            gone = change.before[index] if index in change.changed and held is None else None
            if held is not None or gone is not None:
                words.append(text(x + SLOT / 2, y + 10, SHORT[held or gone or ""],
                                  text_anchor="middle"))
            if gone is not None:
                struck.append(f"M{num(x + 5)} {num(y + 11)}l{SLOT - 10} -8")
            elif index >= change.open:
                words.append(text(x + SLOT / 2, y + 10, "city", text_anchor="middle",
                                  font_size=7.5))
        y += 18
        for line in _lines(change):
            words.append(text(LABELS, y + 8, line))
            y += 12
        for resource, by_agent in change.outraged:
            if by_agent:
                tray.piece(seen[change.player], *agent(LABELS + 5, y + 3))
            words.append(text(LABELS + (14 if by_agent else 0), y + 8,
                              f"{NAMES[resource]} Outrage icon covered" + (
                                  "" if by_agent else " by a placeholder")))
            y += 14
        y += 4
    body = group([tag("path", d="".join(boxes))] * bool(boxes), fill="none",
                 stroke="currentColor") \
        + group([tag("path", d="".join(shaded))] * bool(shaded), fill="currentColor",
                fill_opacity=0.15, stroke="currentColor") \
        + group([tag("path", d="".join(marks))] * bool(marks), **MARK) \
        + group([tag("path", d="".join(struck))] * bool(struck), stroke="currentColor",
                stroke_width=1.5) \
        + tray.svg() + group(words, font_size=8)
    return group([body], class_="chg", transform=f"translate(0 {num(top)})scale({SCALE})"), \
        y * SCALE


def _lines(change: BoardChange) -> list[str]:
    lines = []
    if change.spent:
        lines.append(f"spent in the Prelude: {listed(NAMES[r] for r in change.spent)}")
    for label, cards in (("gained", change.gained), ("gone", change.lost)):
        if cards:
            lines.append(shorten(f"Guild cards {label}: {listed(cards)}", 54))
    return lines


WIDE = SIZE / SCALE
"""The width the rows may take, in their own units."""
assert LABELS + RESOURCE_SLOTS * (SLOT + GAP) <= WIDE
