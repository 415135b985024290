"""Guild cards discarded in the Prelude to place ships: Gatekeepers, a ship in each gate in
play; Prison Wardens, Skirmishers, Court Enforcers and Loyal Marines, three ships in a system
the player controls (10.7)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.games.arcs.common import Events, cite, listed, plural, refuse
from checker.games.arcs.parts.board import SYSTEMS
from checker.games.arcs.state import State
from checker.games.arcs.table.control import control_text, controller
from checker.games.arcs.table.supply import ships_in_supply
from checker.games.immutable import frozen, updated

GATEKEEPERS = "Gatekeepers"
THREE_SHIPS = ("Prison Wardens", "Skirmishers", "Court Enforcers", "Loyal Marines")
"""The Guild cards discarded to place 3 ships in a system their holder controls."""
SHIPS_PLACED = 3


def place_ship(state: State, system: str, player: str, number: int = 1) -> State:
    """`number` fresh ships of the player's come from their supply to `system`."""
    fleets = dict(state.ships.get(system, {}))
    fleets[player] = state.fleet(system, player).plus(fresh=number)
    return state.with_(ships=updated(state.ships, system, frozen(fleets)))


def gatekeepers(state: State, player: str, args: Mapping[str, Any]) -> tuple[State, Events]:
    """A fresh ship in each gate in play; with too few ships in supply for them all, in the
    gates the player chooses."""
    gates = [name for name, s in SYSTEMS.items()
             if s.is_gate and s.cluster not in state.out_of_play]
    left = ships_in_supply(state, player)
    chosen = args.get("gates")
    if left >= len(gates):
        if chosen is not None and sorted(chosen) != sorted(gates):
            refuse("10.7", f"{player} has ships enough for every gate in play: each of "
                   f"{listed(gates)} gets one")
        targets = gates
    else:
        if chosen is None or len(set(chosen)) != left or any(g not in gates for g in chosen):
            refuse("10.7", f"{player} has {plural(left, 'ship')} in supply for the "
                   f"{len(gates)} gates in play: {player} places as many as possible, in "
                   f"{left} of those gates, and the step must say which")
        targets = list(chosen)
    for gate in targets:
        state = place_ship(state, gate, player)
    where = listed(targets) if targets else "no gate: the supply is empty"
    return state, [cite("10.7", f"{GATEKEEPERS}: {player} places a fresh ship in each gate in "
                                f"play it can: {where}.")]


def three_ships(state: State, player: str, card: str, args: Mapping[str, Any]
                ) -> tuple[State, Events]:
    """Three fresh ships, as many as the supply holds, in a system the player controls."""
    system = args.get("system")
    if system is None:
        return state, [cite("10.6", f"{player} discards {card} without placing ships.")]
    if controller(state, system) != player:
        refuse("10.7", f"{card} places ships in a system {player} controls, and "
               f"{control_text(state, system)}")
    placed = min(SHIPS_PLACED, ships_in_supply(state, player))
    state = place_ship(state, system, player, placed)
    return state, [cite("10.7", f"{card}: {player} places {plural(placed, 'fresh ship')} at "
                                f"{system}, which {player} controls.")]
