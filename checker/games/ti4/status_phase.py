"""The status phase (81): eight steps in order; asking for a later step resolves the steps
before it with no choices made, and an earlier step can never come back."""

from __future__ import annotations

from typing import Any

from checker.engine import Outcome
from checker.games.immutable import frozen, updated
from checker.games.ti4 import action_cards
from checker.games.ti4.common import Events, Handler, cite, fresh_window, mostly, refuse
from checker.games.ti4.setup import shown
from checker.games.ti4.state import STATUS_STEPS, CommandTokens, RoundPhase, State
from checker.sentences import count as plural

GAINED_TOKENS = 2
STATUS_DRAW = action_cards.Why(draw="2.1", reshuffle="81.note2", empty="81.3")
"""The draw action cards step deals in initiative order, refilling the deck from the discard
pile (81.note2)."""


def begin(state: State, args: Any) -> tuple[State, Events]:
    if state.phase is not RoundPhase.ACTION:
        refuse("40", f"the status phase follows the action phase, not the {state.phase.value} phase")
    state = state.with_(phase=RoundPhase.STATUS, status_done=0, status_cursor=-1, active=None,
                        destroyed=())
    state = fresh_window(state, "status")
    order = ", ".join(state.initiative_order())
    return state, [cite("81", "The action phase is over; the status phase begins."),
                   cite("81.1", f"First comes the score objectives step, in initiative order: "
                                f"{order}.")]


def _reveal(state: State, args: Any) -> tuple[State, Events]:
    if not state.facedown_i and not state.facedown_ii:
        return _objectives_run_out(state)
    wanted = args.get("objective") if args else None
    stage_i_left = bool(state.facedown_i)
    if wanted is None:
        card = state.facedown_i[0] if stage_i_left else state.facedown_ii[0]
    elif wanted in state.facedown_i:
        card = wanted
    elif wanted in state.facedown_ii:
        if stage_i_left:
            refuse("81.2a", f"{wanted} is a stage II objective and stage I objectives are still "
                   "facedown")
        card = wanted
    else:
        refuse("81.2", f"{wanted} is not among the facedown public objectives")
    events = [cite("81.2", f"The speaker, {state.speaker}, reveals {shown(card)}.")]
    if not stage_i_left and state.facedown_ii and len(state.facedown_ii) == 5:
        events.append(cite("81.2a", "Every stage I objective is revealed, so stage II begins."))
    state = state.with_(revealed=state.revealed + (card,),
                        facedown_i=tuple(c for c in state.facedown_i if c != card),
                        facedown_ii=tuple(c for c in state.facedown_ii if c != card))
    return state, events


def _objectives_run_out(state: State) -> tuple[State, Events]:
    """No public objective left to reveal: most points wins, ties to initiative order (98.8)."""
    order = state.initiative_order()
    best = max(state.points(p) for p in order)
    leaders = [p for p in order if state.points(p) == best]
    winner = leaders[0]
    reason = (f"no public objective was left to reveal; {winner} has the most victory points "
              f"({best})")
    events = [cite("81.2b", "There is no facedown public objective left: the game ends."),
              cite("61.15", "The speaker must reveal an objective but none is left.")]
    if len(leaders) > 1:
        reason += f", tied with {mostly(leaders[1:])} and earliest in initiative order"
        events.append(cite("98.8", f"{mostly(leaders)} are tied on {best}; {winner} is first in "
                                   "initiative order and wins."))
    else:
        events.append(cite("98.8", f"{winner} has the most victory points ({best}) and wins."))
    return state.with_(ended=Outcome(winner, "ti4:98.8", reason)), events


def _draw_action_cards(state: State, args: Any) -> tuple[State, Events]:
    return action_cards.draw(state, list(state.initiative_order()), STATUS_DRAW)


def _remove_command_tokens(state: State, args: Any) -> tuple[State, Events]:
    tokens = {p: CommandTokens(t.tactic, t.fleet, t.strategy, 0, t.reinforcements + t.board)
              for p, t in state.tokens.items()}
    return state.with_(tokens=frozen(tokens)), [cite("81.4", "Every player returns their command "
                                                             "tokens on the board to reinforcements.")]


def _redistribute(state: State, args: Any) -> tuple[State, Events]:
    events: Events = []
    removing: list[str] = []
    chosen = args or {}
    for player in state.initiative_order():
        pools = state.tokens[player]
        gained = min(GAINED_TOKENS, pools.reinforcements)
        if gained < GAINED_TOKENS:
            events.append(cite("20.3a", f"{player} has only {plural(pools.reinforcements, 'token')}"
                                        f" in reinforcements and gains {gained}."))
        total = pools.sheet + gained
        wanted = chosen.get(player)
        if wanted is None:
            new = CommandTokens(pools.tactic + gained, pools.fleet, pools.strategy, pools.board,
                                pools.reinforcements - gained)
        else:
            tactic = wanted.get("tactic", pools.tactic)
            fleet = wanted.get("fleet", pools.fleet)
            strategy = wanted.get("strategy", pools.strategy)
            if tactic + fleet + strategy != total:
                refuse("81.5", f"{player} has {total} tokens to place ({pools.sheet} on the sheet "
                       f"and {gained} gained) but places {tactic + fleet + strategy}")
            new = CommandTokens(tactic, fleet, strategy, pools.board, pools.reinforcements - gained)
        events.append(cite("81.5", f"{player} gains {gained} and sets tactic {new.tactic}, fleet "
                                   f"{new.fleet}, strategy {new.strategy}."))
        state = state.with_(tokens=updated(state.tokens, player, new))
        state, removed = _fleet_check(state, player)
        events += removed
        if removed:
            removing.append(player)
    if len(removing) > 1:
        events.append(cite("81.5b", f"{mostly(removing)} both act while redistributing command "
                                    "tokens: the conflict is resolved in initiative order."))
    return state, events


def _fleet_check(state: State, player: str) -> tuple[State, Events]:
    largest, fleet = state.largest_fleet.get(player, 0), state.tokens[player].fleet
    if largest <= fleet:
        return state, []
    excess = largest - fleet
    state = state.with_(largest_fleet=updated(state.largest_fleet, player, fleet),
                        ships_removed=updated(state.ships_removed, player,
                                              state.ships_removed.get(player, 0) + excess))
    return state, [cite("81.5a", f"{player}'s fleet pool is {fleet} but a system holds {largest} "
                                 f"of their ships: {excess} removed to reinforcements."),
                   cite("61.9a", "Those ships are removed, not destroyed.")]


def _ready_cards(state: State, args: Any) -> tuple[State, Events]:
    cards = [card for player_cards in state.exhausted.values() for card in player_cards]
    text = f"Every exhausted card is readied ({mostly(cards)})." if cards else \
        "Every exhausted card is readied."
    return state.with_(exhausted=frozen({})), [cite("81.6", text)]


def _repair_units(state: State, args: Any) -> tuple[State, Events]:
    units = [u for player_units in state.damaged.values() for u in player_units]
    events = [cite("81.7", f"Every damaged unit is repaired ({mostly(units)})." if units
                   else "Every damaged unit is repaired.")]
    if units:
        events.append(cite("81.note3", "Repair applies to all damaged units, even any that no "
                                       "longer have Sustain Damage."))
    return state.with_(damaged=frozen({})), events


def _return_strategy_cards(state: State, args: Any) -> tuple[State, Events]:
    state = state.with_(strategy_cards=frozen({}))
    events = [cite("81.8", "Every player returns their strategy cards.")]
    if state.custodians_removed:
        state = fresh_window(state.with_(phase=RoundPhase.AGENDA, status_done=8), "agenda")
        events.append(cite("27.4", "The custodians token has left Mecatol Rex: the agenda phase "
                                   "follows."))
    else:
        state = fresh_window(state.with_(phase=RoundPhase.STRATEGY, status_done=0,
                                         round=state.round + 1), "between")
        events.append(cite("81.8", f"The custodians token is still on Mecatol Rex: no agenda "
                                   f"phase; round {state.round} begins with the strategy phase."))
    return state, events


def _close_scoring(state: State, args: Any) -> tuple[State, Events]:
    return state, [cite("81.1", "The score objectives step is over: no more objectives are scored "
                                "this status phase.")]


_STEPS: dict[int, Handler] = {
    1: _close_scoring, 2: _reveal, 3: _draw_action_cards, 4: _remove_command_tokens,
    5: _redistribute, 6: _ready_cards, 7: _repair_units, 8: _return_strategy_cards,
}


def _advance(state: State, number: int, args: Any) -> tuple[State, Events]:
    """Resolve the steps between the last one done and `number`, then `number` itself."""
    if state.phase is not RoundPhase.STATUS:
        refuse("81", f"the {STATUS_STEPS[number - 1]} step belongs to the status phase; "
               f"this is the {state.phase.value} phase")
    if number <= state.status_done:
        refuse("81", f"the {STATUS_STEPS[number - 1]} step is already done: the status phase "
               f"steps go in order and the {STATUS_STEPS[state.status_done - 1]} step is "
               "behind us")
    events: Events = []
    for current in range(state.status_done + 1, number + 1):
        state, happened = _STEPS[current](state, args if current == number else None)
        events += happened
        if state.ended:
            break
        if state.phase is RoundPhase.STATUS:
            state = state.with_(status_done=current)
    return state, events


def step(number: int) -> Handler:
    return lambda state, args: _advance(state, number, args)
