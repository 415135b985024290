"""Gaining a resource from the supply into an empty resource slot, or, with every slot full,
rearranging and discarding (6.11)."""

from __future__ import annotations

from checker.games.arcs.common import Events, cite, refuse
from checker.games.arcs.player_board import NAMES, held, open_slots
from checker.games.arcs.state import State
from checker.games.arcs.supply import resources_in_supply
from checker.games.immutable import frozen, updated


def gain(state: State, player: str, resource: str, discard: str | None) -> tuple[State, Events]:
    """Gain one resource from the supply: into an empty slot, or, with every slot full, keep
    the new one and discard another, or discard the new one (the player's choice, `discard`)."""
    name = NAMES[resource]
    full = held(state, player) >= open_slots(state, player)
    if discard is not None and not full:
        refuse("6.11b", f"{player} has an empty resource slot for the {name}: nothing is "
               "discarded")
    if resources_in_supply(state, resource) == 0:
        return state, [cite("6.11c", f"The {name} supply is empty: {player} gains nothing.")]
    if not full:
        return _add(state, player, resource, 1), [cite("6.11a", f"{player} gains 1 {name} into "
                                                               "an empty resource slot.")]
    slots = open_slots(state, player)
    if discard is None:
        refuse("6.11b", f"all {slots} of {player}'s open resource slots are full: {player} must "
               f"discard one resource, the new {name} or one already held, and the step must "
               "say which")
    if discard == resource:
        return state, [cite("6.11b", f"All {slots} of {player}'s open resource slots are full; "
                                     f"{player} discards the new {name} back to the supply.")]
    if not state.resources[player].get(discard, 0):
        refuse("6.11b", f"{player} holds no {NAMES[discard]} to discard")
    state = _add(_add(state, player, discard, -1), player, resource, 1)
    return state, [cite("6.11b", f"All {slots} of {player}'s open resource slots are full; "
                                 f"{player} discards a {NAMES[discard]} and puts the {name} in "
                                 "its place.")]


def _add(state: State, player: str, resource: str, number: int) -> State:
    tokens = dict(state.resources[player])
    tokens[resource] = tokens.get(resource, 0) + number
    return state.with_(resources=updated(state.resources, player, frozen(tokens)))
