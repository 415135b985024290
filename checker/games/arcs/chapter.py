"""Playing out a chapter and the order of its end (1): cards, passing, and the four steps.

Naming a later step of the chapter's end resolves the earlier ones not done yet, as in
the other games; a step already done cannot come back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from checker.games.arcs.common import Events, Handler, cite, listed, plural, refuse
from checker.games.arcs.components import MARKERS
from checker.games.arcs.state import Stage, State
from checker.games.immutable import frozen

STEP_NAMES = {Stage.SCORING: "step 1, score ambitions", Stage.CLEANED: "step 2, clean up",
              Stage.CHECKED: "step 3, end the game or advance the chapter",
              Stage.DRAWN: "step 4, draw cards"}

Core = Callable[[State], tuple[State, Events]]


def play_card(state: State, args: Any) -> tuple[State, Events]:
    state = _in_chapter(state)
    player = args["player"]
    if state.hands[player] == 0:
        refuse("1.1a", f"{player} has no action card left to play")
    hands = dict(state.hands)
    hands[player] -= 1
    text = f"{player} plays an action card ({plural(hands[player], 'card')} left)."
    if state.passed:
        text += f" The passes of {listed(sorted(state.passed, key=state.players.index))} " \
                "no longer count: they were not in a row."
    return state.with_(hands=frozen(hands), passed=frozenset()), [cite("1.2", text)]


def pass_initiative(state: State, args: Any) -> tuple[State, Events]:
    state = _in_chapter(state)
    holder = state.initiative
    start = state.players.index(holder)
    around = state.players[start + 1:] + state.players[:start + 1]
    taker = next((p for p in around if state.hands[p]), holder)
    if taker == holder:
        text = f"{holder} passes the initiative; nobody else has cards, so {holder} keeps it."
    else:
        text = f"{holder} passes the initiative to {taker}, the next player clockwise with cards."
    return state.with_(initiative=taker, passed=state.passed | {holder}), [cite("1.2", text)]


def declare_ambition(state: State, args: Any) -> tuple[State, Events]:
    """The initiative holder leads a card and declares: the highest available marker goes in
    the ambition's box."""
    state = _in_chapter(state)
    placed = {m for names in state.boxes.values() for m in names}
    free = [m.name for m in MARKERS if m.name not in placed]
    ambition = args["ambition"]
    if not free:
        refuse("2.1", f"every ambition marker is already in a box: {ambition} cannot be declared")
    marker = max(free, key=state.showing)
    boxes = dict(state.boxes)
    boxes[ambition] = boxes.get(ambition, ()) + (marker,)
    text = (f"{state.initiative} declares {ambition}: the highest available marker, "
            f"{state.faces(marker)}, goes in its box.")
    return state.with_(boxes=frozen(boxes)), [cite("2.1", text)]


def _in_chapter(state: State) -> State:
    """Cards and passes belong to a chapter being played; the first one after drawing starts
    the new chapter."""
    if state.stage is Stage.DRAWN:
        return state.with_(stage=Stage.PLAYING, results=(), returned=frozen({}), cleanup=(),
                           check="", mulliganed=None)
    if state.stage is not Stage.PLAYING:
        refuse("1.4", "the chapter has ended: its four steps come first")
    return state


def end_chapter(state: State) -> tuple[State, Events]:
    with_cards = [p for p in state.players if state.hands[p]]
    waiting = [p for p in with_cards if p not in state.passed]
    if waiting:
        verb = "holds" if len(waiting) == 1 else "hold"
        refuse("1.1", f"{listed(waiting)} still {verb} action cards and "
               f"{'has' if len(waiting) == 1 else 'have'} not passed the initiative")
    if with_cards:
        events = [cite("1.1b", f"Everyone with cards ({listed(with_cards)}) has passed the "
                               "initiative in a row: the chapter ends."),
                  cite("1.3", f"The {sum(state.hands.values())} action cards still in hand are "
                              "discarded.")]
    else:
        events = [cite("1.1a", "Everyone is out of action cards: the chapter ends.")]
    events.append(cite("1.4", "Ending the chapter: score ambitions, clean up, end the game or "
                              "advance the chapter, draw cards."))
    declared = state.declared()
    if declared:
        events.append(cite("2.2", f"Declared, so scored: {listed(declared)}."))
    else:
        events.append(cite("2.2", "No ambition has a marker in its box: nothing is scored."))
    state = state.with_(stage=Stage.SCORING, hands=frozen({p: 0 for p in state.players}),
                        passed=frozenset(), results=(), returned=frozen({}), cleanup=(),
                        check="", mulliganed=None)
    return state, events


def reach(state: State, target: Stage, cores: dict[Stage, Core]) -> tuple[State, Events]:
    """Resolve every step of the chapter's end up to `target`, refusing a step already done."""
    current = Stage.PLAYING if state.stage is Stage.DRAWN and target is not Stage.DRAWN \
        else state.stage
    if current >= target:
        why = "the chapter has already ended" if target is Stage.SCORING else \
            f"{STEP_NAMES[target]} is already done"
        refuse("1.4", f"{why}: the steps of ending a chapter come once each, in order")
    events: Events = []
    for stage in Stage:
        if current < stage <= target and state.ended is None:
            state, done = cores[stage](state)
            events += done
    return state, events


def step(target: Stage, cores: dict[Stage, Core]) -> Handler:
    return lambda state, args: reach(state, target, cores)
