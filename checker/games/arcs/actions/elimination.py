"""A player left with no ship and no starport on the map places 3 fresh ships at a gate of
their choice at the end of their turn, as many as their supply holds when it has fewer; the
turn is then over (7.10)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from checker.games.arcs.common import Events, cite, plural, refuse
from checker.games.arcs.parts.board import SYSTEMS
from checker.games.arcs.state import State
from checker.games.arcs.table.supply import (
    buildings_on_map,
    ships_in_supply,
    ships_on_map,
    stranded,
)
from checker.games.immutable import frozen, updated

SHIPS_PLACED = 3


def elimination(state: State, args: Any) -> tuple[State, Events]:
    player, gate = args["player"], args["gate"]
    turn = state.round.turn if state.round else None
    if turn is None or turn.player != player:
        refuse("7.10", f"{player} places ships at a gate only as their own turn ends")
    if not stranded(state, player):
        refuse("7.10", f"{player} still has {_on_map(state, player)} on the map: only a player "
               "with no ship and no starport there places ships at a gate")
    if not SYSTEMS[gate].is_gate:
        refuse("7.10", f"{gate} is a planet: the ships go to a gate")
    if SYSTEMS[gate].cluster in state.out_of_play:
        refuse("6.4b", f"{gate} is out of play: cluster {SYSTEMS[gate].cluster} is covered")
    left = ships_in_supply(state, player)
    if not left:
        refuse("7.10", f"{player} has no ship left in supply: there is nothing to place, and the "
               "turn ends without it")
    placed = min(SHIPS_PLACED, left)
    fleets = dict(state.ships.get(gate, {}))
    fleets[player] = state.fleet(gate, player).plus(fresh=placed)
    state = state.with_(ships=updated(state.ships, gate, frozen(fleets)))
    assert state.round is not None
    # Placing ends the turn: no action after it, and none of what comes before an action.
    state = state.with_(round=replace(state.round, turn=replace(turn, acted=True, ended=True)))
    return state, [cite("7.10", _placed(player, placed, gate))]


def _placed(player: str, placed: int, gate: str) -> str:
    return (f"{player} has no ship and no starport on the map: as the turn ends, {player} "
            f"places {plural(placed, 'fresh ship')} at {gate}"
            + (f", all that is left in {player}'s supply." if placed < SHIPS_PLACED else "."))


def _on_map(state: State, player: str) -> str:
    ships, ports = ships_on_map(state, player), buildings_on_map(state, player, "starport")
    return " and ".join(plural(n, what) for n, what in ((ships, "ship"), (ports, "starport"))
                        if n)
