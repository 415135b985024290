"""Gaining a resource from the supply into an empty resource slot, or, with every slot full,
rearranging and discarding (6.11). A stolen resource is gained the same way, from a Rival
instead of the supply (9.10c)."""

from __future__ import annotations

from checker.games.arcs.common import Events, cite, refuse
from checker.games.arcs.state import State
from checker.games.arcs.table.player_board import NAMES, open_slots
from checker.games.arcs.table.supply import resources_in_supply
from checker.games.immutable import updated


def gain(state: State, player: str, resource: str, discard: str | None) -> tuple[State, Events]:
    """Gain one resource from the supply: into an empty slot, or, with every slot full, keep
    the new one and discard another, or discard the new one (the player's choice, `discard`)."""
    _needless_discard(state, player, resource, discard)
    if resources_in_supply(state, resource) == 0:
        return state, [cite("6.11c", f"The {NAMES[resource]} supply is empty: {player} gains "
                                     "nothing.")]
    return receive(state, player, resource, discard)


def receive(state: State, player: str, resource: str, discard: str | None
            ) -> tuple[State, Events]:
    """Put a resource the player gains into their slots, by the rules of gaining."""
    _needless_discard(state, player, resource, discard)
    name, slots = NAMES[resource], state.resources[player]
    empty = first_empty(state, player)
    if empty is not None:
        return _put(state, player, empty, resource), [
            cite("6.11a", f"{player} gains 1 {name} into an empty resource slot.")]
    count = open_slots(state, player)
    if discard is None:
        refuse("6.11b", f"all {count} of {player}'s open resource slots are full: {player} must "
               f"discard one resource, the new {name} or one already held, and the step must "
               "say which")
    if discard == resource:
        return state, [cite("6.11b", f"All {count} of {player}'s open resource slots are full; "
                                     f"{player} discards the new {name} back to the supply.")]
    if discard not in slots:
        refuse("6.11b", f"{player} holds no {NAMES[discard]} to discard")
    state = _put(state, player, slots.index(discard), resource)
    return state, [cite("6.11b", f"All {count} of {player}'s open resource slots are full; "
                                 f"{player} discards a {NAMES[discard]} and puts the {name} in "
                                 "its place.")]


def first_empty(state: State, player: str) -> int | None:
    """The leftmost empty open resource slot: where the checker puts a gained token."""
    slots = state.resources[player][:open_slots(state, player)]
    return slots.index(None) if None in slots else None


def _needless_discard(state: State, player: str, resource: str, discard: str | None) -> None:
    if discard is not None and first_empty(state, player) is not None:
        refuse("6.11b", f"{player} has an empty resource slot for the {NAMES[resource]}: "
               "nothing is discarded")


def _put(state: State, player: str, slot: int, resource: str | None) -> State:
    """The state with one resource slot (0 for the leftmost) holding `resource`."""
    slots = state.resources[player]
    changed = slots[:slot] + (resource,) + slots[slot + 1:]
    return state.with_(resources=updated(state.resources, player, changed))


def take_out(state: State, player: str, slot: int) -> State:
    """A token leaves its slot; the others stay where they are (they are rearranged only when
    one is gained)."""
    return _put(state, player, slot, None)
