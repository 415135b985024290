"""When a chapter ends, and the order of the four steps of its end (1).

Naming a later step of the chapter's end resolves the earlier ones not done yet, as in
the other games; a step already done cannot come back.
"""

from __future__ import annotations

from collections.abc import Callable

from checker.games.arcs.common import Events, Handler, cite, listed, refuse
from checker.games.arcs.play.round_end import close_round
from checker.games.arcs.state import Stage, State
from checker.games.immutable import frozen

STEP_NAMES = {Stage.SCORING: "scoring ambitions", Stage.CLEANED: "the clean-up",
              Stage.CHECKED: "the check for the end of the game",
              Stage.DRAWN: "drawing new hands"}

Core = Callable[[State], tuple[State, Events]]


def end_chapter(state: State) -> tuple[State, Events]:
    state, closed = close_round(state)
    with_cards = [p for p in state.players if state.hands[p]]
    waiting = [p for p in with_cards if p not in state.passed]
    if waiting:
        verb = "holds" if len(waiting) == 1 else "hold"
        refuse("1.1", f"{listed(waiting)} still {verb} action cards and "
               f"{'has' if len(waiting) == 1 else 'have'} not passed the initiative")
    events = closed
    if with_cards:
        events += [cite("1.1b", f"Everyone with cards ({listed(with_cards)}) has passed the "
                               "initiative in a row: the chapter ends."),
                  cite("1.3", f"The {sum(state.hands.values())} action cards still in hand are "
                              "discarded.")]
    else:
        events.append(cite("1.1a", "Everyone is out of action cards: the chapter ends."))
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
