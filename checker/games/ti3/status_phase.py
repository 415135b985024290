"""The status phase (1): seven steps in order; asking for a later step resolves the steps
before it with no choices made, and a finished step never comes back (1.3)."""

from __future__ import annotations

from typing import Any

from checker.games.immutable import frozen, updated
from checker.games.ti3.common import Events, Handler, cite, listed, plural, refuse
from checker.games.ti3.game_end import token_on_imperium_rex
from checker.games.ti3.objectives import lose_claims
from checker.games.ti3.state import STATUS_STEPS, Counters, RoundPhase, State

GAINED_COUNTERS = 2


def begin(state: State, args: Any) -> tuple[State, Events]:
    if state.phase is not RoundPhase.ACTION:
        refuse("1.1", f"the status phase follows the action phase, not the {state.phase.value} "
               "phase")
    state = lose_claims(state.with_(phase=RoundPhase.STATUS, status_done=0, claim_cursor=-1),
                        state.home_lost)
    order = ", ".join(state.order_of_play())
    return state, [cite("1.1", "The action phase is over; the status phase begins."),
                   cite("2.1", f"First comes the qualify for objectives step, in order of "
                               f"play: {order}.")]


def _close_claims(state: State, args: Any) -> tuple[State, Events]:
    return state, [cite("2", "The qualify for objectives step is over: nobody claims another "
                             "objective this round.")]


def _repair(state: State, args: Any) -> tuple[State, Events]:
    units = [f"{p}'s {u}" for p, us in state.damaged.items() for u in us]
    text = f"Every damaged unit is repaired ({listed(units)})." if units else \
        "No unit is damaged; nothing to repair."
    return state.with_(damaged=frozen({})), [cite("5.1", text)]


def _remove_counters(state: State, args: Any) -> tuple[State, Events]:
    counters = {p: Counters(c.strategy, c.command, c.fleet, 0, c.reinforcements + c.board)
                for p, c in state.counters.items()}
    back = [f"{p} {c.board}" for p, c in state.counters.items() if c.board]
    text = "Command counters on the board go back to reinforcements" + \
        (f" ({', '.join(back)})." if back else ".")
    return state.with_(counters=frozen(counters)), [cite("6.1", text)]


def _refresh(state: State, args: Any) -> tuple[State, Events]:
    events = [cite("7.1", "Every exhausted planet card is refreshed, turned face up"
                   + (f" ({listed([n for ns in state.exhausted.values() for n in ns])})."
                      if any(state.exhausted.values()) else "."))]
    exhausted: dict[str, tuple[str, ...]] = {}
    for player, planets in (args or {}).items():
        for planet in planets:
            if planet not in state.planets.get(player, ()):
                refuse("7.2", f"{player} does not control {planet}, so cannot use its refresh "
                       "ability")
            exhausted[player] = exhausted.get(player, ()) + (planet,)
            events.append(cite("7.2", f"{player} uses the refresh ability of {planet}, which "
                                      "exhausts it."))
    return state.with_(exhausted=frozen(exhausted)), events


def _receive(state: State, args: Any) -> tuple[State, Events]:
    events: Events = []
    hands, counters, gained = dict(state.action_hands), dict(state.counters), {}
    for player in state.order_of_play():
        hands[player] = hands.get(player, 0) + 1
        events.append(cite("8.1", f"{player} draws an action card ({hands[player]} in hand)."))
        pool = counters[player]
        got = min(GAINED_COUNTERS, pool.reinforcements)
        counters[player] = Counters(pool.strategy, pool.command, pool.fleet, pool.board,
                                    pool.reinforcements - got)
        gained[player] = got
        events.append(cite("8.2", f"{player} receives {plural(got, 'command counter')}, placed "
                                  "when command areas are redistributed."))
    return state.with_(action_hands=frozen(hands), counters=frozen(counters),
                       gained_counters=frozen(gained)), events


def _redistribute(state: State, args: Any) -> tuple[State, Events]:
    events: Events = []
    chosen = args or {}
    for player in state.order_of_play():
        pool, got = state.counters[player], state.gained_counters.get(player, 0)
        total = pool.sheet + got
        wanted = chosen.get(player)
        if wanted is None:
            new = Counters(pool.strategy, pool.command + got, pool.fleet, pool.board,
                           pool.reinforcements)
        else:
            new = Counters(wanted.get("strategy", pool.strategy), wanted.get("command", pool.command),
                           wanted.get("fleet", pool.fleet), pool.board, pool.reinforcements)
            if new.sheet != total:
                refuse("9.1", f"{player} has {total} counters to place ({pool.sheet} on the race "
                       f"sheet and {got} received) but places {new.sheet}")
            largest = state.largest_fleet.get(player, 0)
            if new.fleet < largest:
                refuse("9.2", f"{player}'s largest fleet has {plural(largest, 'ship')}; the fleet "
                       f"supply cannot go down to {new.fleet}")
        state = state.with_(counters=updated(state.counters, player, new))
        events.append(cite("9.1", f"{player} sets strategy allocation {new.strategy}, command "
                                  f"pool {new.command}, fleet supply {new.fleet}."))
    return state.with_(gained_counters=frozen({})), events


def _return_cards(state: State, args: Any) -> tuple[State, Events]:
    # A mark of an earlier round has had its round of meeting requirements anew (3.3).
    marks = {p: lost for p, lost in state.claims_lost.items() if lost == state.round}
    state = state.with_(strategy_cards=frozen({}), strategy_cards_used=frozenset(),
                        claims_lost=frozen(marks), unlimited_publics=frozenset())
    events = [cite("10.1", "Every player returns their strategy cards.")]
    age = state.age_of_empire
    if age is not None and state.round == age.last_round:
        return token_on_imperium_rex(state, events)
    state = state.with_(phase=RoundPhase.STRATEGY, round=state.round + 1, status_done=0)
    if age is not None:
        events.append(cite("17.3", f"The turn token moves on to {age.row[state.round - 2]}."))
    return state, events + [cite("1.4", f"The round is over; round {state.round} begins with "
                                        "the strategy phase.")]


_STEPS: dict[int, Handler] = {
    1: _close_claims, 2: _repair, 3: _remove_counters, 4: _refresh, 5: _receive,
    6: _redistribute, 7: _return_cards,
}


def _advance(state: State, number: int, args: Any) -> tuple[State, Events]:
    """Resolve the steps between the last one done and `number`, then `number` itself."""
    if state.phase is not RoundPhase.STATUS:
        refuse("1.2", f"the {STATUS_STEPS[number - 1]} step belongs to the status phase; "
               f"this is the {state.phase.value} phase")
    if number <= state.status_done:
        refuse("1.3", f"the {STATUS_STEPS[number - 1]} step is already over: the steps go in "
               f"order and the {STATUS_STEPS[state.status_done - 1]} step is behind us")
    events: Events = []
    for current in range(state.status_done + 1, number + 1):
        state, happened = _STEPS[current](state, args if current == number else None)
        events += happened
        if state.phase is RoundPhase.STATUS:
            state = state.with_(status_done=current)
    return state, events


def step(number: int) -> Handler:
    return lambda state, args: _advance(state, number, args)


def scuttle(state: State, args: Any) -> tuple[State, Events]:
    """Destroy one's own units at any moment of the status phase (11.1, 11.2)."""
    player, owner, units = args["player"], args.get("owner") or args["player"], list(args["units"])
    if state.phase is not RoundPhase.STATUS:
        refuse("11.1", f"units are scuttled during the status phase; this is the "
               f"{state.phase.value} phase")
    if owner != player:
        refuse("11.1", f"{player} may scuttle only their own units, not {owner}'s")
    board = list(state.units.get(owner, ()))
    if owner in state.units:
        for unit in units:
            if unit not in board:
                refuse("11.1", f"{owner} has no {unit} on the board to scuttle")
            board.remove(unit)
        state = state.with_(units=updated(state.units, owner, tuple(board)))
    back = state.unit_reinforcements.get(owner, ()) + tuple(units)
    state = state.with_(unit_reinforcements=updated(state.unit_reinforcements, owner, back))
    events = [cite("11.1", f"{player} scuttles (destroys) their own {listed(units)}."),
              cite("11.2", f"They go back to {owner}'s reinforcements and can be produced "
                           "again.")]
    if args.get("largest_fleet") is not None:
        size = args["largest_fleet"]
        state = state.with_(largest_fleet=updated(state.largest_fleet, player, size))
        events.append(cite("9.2", f"{player}'s largest fleet is now {plural(size, 'ship')}."))
    return state, events
