"""Build: a city or starport in an empty slot of a system with a Loyal piece, or a ship at a
Loyal starport (one per starport a turn), placed damaged where anyone else controls (8.2)."""

from __future__ import annotations

from typing import Any

from checker.games.arcs.actions.acting import Payment, acting, pay
from checker.games.arcs.common import Events, cite, refuse
from checker.games.arcs.parts.board import SYSTEMS
from checker.games.arcs.parts.pieces import Building
from checker.games.arcs.parts.rounds import Turn
from checker.games.arcs.state import State
from checker.games.arcs.table.control import control_text, controlled_by_other
from checker.games.arcs.table.player_board import OPEN_SLOTS
from checker.games.arcs.table.supply import ships_in_supply, starports_in_supply
from checker.games.immutable import frozen, updated


def build(state: State, args: Any) -> tuple[State, Events]:
    state, paying = acting(state, "build", args)
    if args["piece"] == "ship":
        return _ship(state, paying, args["system"])
    return _building(state, paying, args["system"], args["piece"])


def _damaged(state: State, system: str, player: str) -> tuple[bool, Events]:
    rival = controlled_by_other(state, system, player)
    if rival is None:
        return False, []
    return True, [cite("8.2e", f"{control_text(state, system)}: the new piece is placed "
                               "damaged.")]


def _ship(state: State, paying: Payment, system: str) -> tuple[State, Events]:
    turn = paying.turn
    player = turn.player
    ports = [i for i, b in enumerate(state.slots(system))
             if b is not None and b.kind == "starport" and b.owner == player]
    if not ports:
        refuse("8.2c", f"{player} has no starport at {system}: ships are built at a Loyal "
               "starport")
    free = idle_starports(turn, system, ports)
    if not free:
        refuse("8.2d", f"{player}'s starport at {system} has already built a ship this turn")
    if ships_in_supply(state, player) == 0:
        return pay(state, paying, [cite("8.2f", f"{player} has no ship in supply: nothing is "
                                                "built.")])
    damaged, events = _damaged(state, system, player)
    fleets = dict(state.ships.get(system, {}))
    fleets[player] = state.fleet(system, player).plus(fresh=0 if damaged else 1,
                                                      damaged=1 if damaged else 0)
    state = state.with_(ships=updated(state.ships, system, frozen(fleets)))
    events.insert(0, cite("8.2c", f"{player} builds a {'damaged ' if damaged else ''}ship at "
                                  f"their starport at {system}."))
    return pay(state, paying, events, ships_built=turn.ships_built + ((system, free[0]),))


def idle_starports(turn: Turn, system: str, ports: list[int]) -> list[int]:
    """The starports (by building slot) that have not built a ship this turn (8.2d)."""
    return [i for i in ports if (system, i) not in turn.ships_built]


def _building(state: State, paying: Payment, system: str, kind: str
              ) -> tuple[State, Events]:
    player = paying.turn.player
    slots = state.slots(system)
    if not SYSTEMS[system].slots:
        refuse("8.2a", f"{system} is a gate: gates have no building slots")
    if None not in slots:
        refuse("8.2a", f"every building slot at {system} is taken")
    loyal = state.fleet(system, player).total or any(b and b.owner == player for b in slots)
    if not loyal:
        refuse("8.2a", f"{player} has no Loyal piece at {system}: buildings go where you have a "
               "ship or a building")
    left = state.cities[player] if kind == "city" else starports_in_supply(state, player)
    if left == 0:
        where = "on their player board" if kind == "city" else "in supply"
        return pay(state, paying, [cite("8.2f", f"{player} has no {kind} left {where}: "
                                                "nothing is built.")])
    damaged, events = _damaged(state, system, player)
    index = slots.index(None)
    placed = slots[:index] + (Building(player, kind, fresh=not damaged),) + slots[index + 1:]
    state = state.with_(buildings=updated(state.buildings, system, placed))
    events.insert(0, cite("8.2a", f"{player} builds a {'damaged ' if damaged else ''}{kind} at "
                                  f"{system}."))
    if kind == "city":
        state, more = _city_from_board(state, player)
        events += more
    return pay(state, paying, events)


def _city_from_board(state: State, player: str) -> tuple[State, Events]:
    before = state.cities[player]
    state = state.with_(cities=updated(state.cities, player, before - 1))
    opened = OPEN_SLOTS[before - 1] - OPEN_SLOTS[before]
    if opened:
        what = f"{opened} more resource slot{'s' if opened > 1 else ''} open"
    else:
        what = f"a bonus for won ambitions (+{state.bonus(player)} in all) is uncovered"
    return state, [cite("8.2b", f"The city comes from the leftmost city slot of {player}'s "
                                f"board: {what}.")]
