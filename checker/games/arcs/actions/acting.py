"""Taking an action on a turn: one the played card's suit allows, paid for with one action pip
(7.4, 7.9), or in the Prelude with a resource token (10.2)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from checker.engine import Event
from checker.games.arcs.actions.prelude_spending import ACTION_NAMES as NAMES
from checker.games.arcs.actions.prelude_spending import pay_for_action
from checker.games.arcs.common import Events, refuse
from checker.games.arcs.parts.rounds import Turn
from checker.games.arcs.state import State


@dataclass(frozen=True, slots=True)
class Payment:
    """How an action about to be taken is paid for."""

    turn: Turn
    """The turn under way, as it was when the action began."""
    said: tuple[Event, ...] = ()
    """What paying says, before what the action does."""
    token: bool = False
    """Paid with a resource token spent in the Prelude, not an action pip."""


def acting(state: State, action: str, args: Any = None) -> tuple[State, Payment]:
    """If the turn under way may take this action now: the state with anything paid in advance
    taken away, and how the action is paid."""
    spend = args.get("spend") if args else None
    if spend is not None:
        state, paying, said = pay_for_action(state, action, spend)
        return state, Payment(paying, tuple(said), token=True)
    current = state.round
    turn = current.turn if current else None
    if current is None or turn is None:
        refuse("7.9", f"nobody is taking a turn: {NAMES[action]} is taken with the action pips "
               "of a card just played")
    if turn.ended:
        refuse("7.10", f"{turn.player}'s turn is over: the ships placed at a gate end it")
    if action not in turn.actions:
        card = turn.card.name if turn.card else "the lead suit"
        how = {"copy": f"a Copy gives an action of the lead suit ({current.lead.suit})",
               "pivot": f"a Pivot gives an action of its own suit ({card})"}.get(
            turn.play, f"{card} allows {', '.join(NAMES[a] for a in turn.actions)}")
        refuse("7.4", f"{turn.player} cannot {NAMES[action]}: {how}")
    if turn.left <= 0:
        refuse("7.9", f"{turn.player} has no action pip left this turn")
    # The pip is spent before the action is taken: what the Prelude spent is back in the supply
    # (10.1, 10.3); spend_pip marks the pip spent as the action is paid for.
    turn = replace(turn, spent=())
    return state.with_(round=replace(current, turn=turn)), Payment(turn)


def pay(state: State, payment: Payment, events: Events, **changes: Any
        ) -> tuple[State, Events]:
    """The state once the action is paid for (and any per-turn record of the turn updated),
    and the events of the action after what paying said."""
    if payment.token:
        return _record(state, **changes), [*payment.said, *events]
    return spend_pip(state, **changes), [*payment.said, *events]


def _record(state: State, **changes: Any) -> State:
    assert state.round is not None and state.round.turn is not None
    return state.with_(round=replace(state.round, turn=replace(state.round.turn, **changes)))


def spend_pip(state: State, **changes: Any) -> State:
    """The state with one pip of the turn under way spent."""
    assert state.round is not None and state.round.turn is not None
    turn = state.round.turn
    turn = replace(turn, left=turn.left - 1, acted=True, **changes)
    return state.with_(round=replace(state.round, turn=turn))
