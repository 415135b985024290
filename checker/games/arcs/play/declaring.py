"""Declaring an ambition: the player who led, on the lead card, before any action, once per
card; the highest available marker goes in the box and the zero marker covers the card's
number (2.1, 7.6)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from checker.games.arcs.common import Events, cite, refuse
from checker.games.arcs.parts.cards import CARD_AMBITION
from checker.games.arcs.parts.components import MARKERS
from checker.games.arcs.parts.rounds import LEAD
from checker.games.arcs.state import State
from checker.games.immutable import frozen


def declare_ambition(state: State, args: Any) -> tuple[State, Events]:
    ambition = args["ambition"]
    current = state.round
    turn = current.turn if current else None
    if current is None or turn is None or turn.play != LEAD:
        refuse("7.6", f"{ambition} can only be declared by the player who leads, on the lead "
               "card, during that turn")
    if turn.declared:
        refuse("7.6c", f"an ambition has already been declared on {current.lead.name}: one "
               "declaration per card")
    if turn.acted:
        refuse("7.6c", f"{turn.player} has already taken an action: an ambition is declared "
               "before any action")
    if turn.preluded:
        refuse("10.1a", f"{turn.player} has already taken a Prelude action: an ambition is "
               "declared before the Prelude")
    shown = CARD_AMBITION[current.lead.number]
    if shown is None:
        refuse("7.6a", f"{current.lead.name} shows no ambition: nothing can be declared on a 1")
    if shown not in ("any", ambition):
        refuse("7.6a", f"{current.lead.name} shows {shown}: {ambition} cannot be declared on it")
    state, events = place_marker(state, ambition, turn.player)
    which = "any ambition" if shown == "any" else shown
    events.insert(0, cite("7.6a", f"{current.lead.name} shows {which}."))
    current = replace(current, number=0, turn=replace(turn, declared=True))
    events.append(cite("7.6b", f"The zero marker covers the number of {current.lead.name}: it "
                               "counts as 0, and its action pips do not change."))
    return state.with_(round=current), events


def place_marker(state: State, ambition: str, player: str) -> tuple[State, Events]:
    """The highest available marker goes in the ambition's box (2.1)."""
    placed = {m for names in state.boxes.values() for m in names}
    free = [m.name for m in MARKERS if m.name not in placed]
    if not free:
        refuse("2.1", f"every ambition marker is already in a box: {ambition} cannot be declared")
    marker = max(free, key=state.showing)
    boxes = dict(state.boxes)
    boxes[ambition] = boxes.get(ambition, ()) + (marker,)
    text = (f"{player} declares {ambition}: the highest available marker, "
            f"{state.faces(marker)}, goes in its box.")
    return state.with_(boxes=frozen(boxes)), [cite("2.1", text)]
