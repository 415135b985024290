"""Raiding: the keys rolled, spent one item at a time on the defender's resources (the raid
cost printed above each resource slot) and Guild cards (the cost printed on each card) (9.10)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from checker.games.arcs.actions.court_actions import give_up_guild, take_guild
from checker.games.arcs.actions.gaining import receive, take_out
from checker.games.arcs.common import Events, cite, plural, refuse
from checker.games.arcs.state import State
from checker.games.arcs.table.player_board import NAMES, open_slots

SLOT_RAID_COST = (3, 1, 1, 2, 1, 3)
"""The keys printed above the six resource slots, left to right."""
SWORN_GUARDIANS = "Sworn Guardians"
GUILD_RAID_COST: dict[str, int] = {
    "Loyal Engineers": 3, "Loyal Pilots": 3, "Loyal Marines": 3, "Loyal Empaths": 3,
    "Loyal Keepers": 3, SWORN_GUARDIANS: 1, "Galactic Bards": 1,
}
"""The keys printed on the Guild cards that do not cost the usual 2."""
USUAL_RAID_COST = 2


def raid_cost(card: str) -> int:
    return GUILD_RAID_COST.get(card, USUAL_RAID_COST)


def raid(state: State, attacker: str, defender: str, keys: int,
         items: Sequence[Mapping[str, Any]]) -> tuple[State, tuple[str, ...], Events]:
    """Steal the items named, in order, while the keys last."""
    events: Events = []
    stolen: list[str] = []
    left = keys
    for item in items:
        if ("slot" in item) == ("card" in item):
            refuse("9.10", "each item raided is a resource slot or a Guild card: name one of "
                   "them, `slot` or `card`")
        guarded = SWORN_GUARDIANS in state.guild_held[defender]
        if guarded and item.get("card") != SWORN_GUARDIANS:
            refuse("9.10e", f"{defender} holds {SWORN_GUARDIANS}: Rivals cannot steal "
                   f"{defender}'s resources or other Guild cards until it is stolen")
        cost, what, rule = _cost(state, defender, item)
        if cost > left:
            refuse("9.10", f"{what} costs {plural(cost, 'key')}; {attacker} has "
                   f"{plural(left, 'key')} left")
        left -= cost
        if "slot" in item:
            state, more = _steal_resource(state, attacker, defender, item)
        else:
            state, more = _steal_card(state, attacker, defender, item)
        stolen.append(what)
        events += [cite(rule, f"{attacker} spends {plural(cost, 'key')} to steal {what} "
                              f"from {defender}.")] + more
    return state, tuple(stolen), events


def _cost(state: State, defender: str, item: Mapping[str, Any]) -> tuple[int, str, str]:
    """What the item costs in keys, what it is, and the rule that prices it."""
    if "card" in item:
        card = item["card"]
        if card not in state.guild_held[defender]:
            refuse("9.10b", f"{defender} has no Guild card {card} to steal")
        return raid_cost(card), card, "9.10b"
    slot = item["slot"]
    held = state.resources[defender][slot - 1] if slot <= open_slots(state, defender) else None
    if held is None:
        refuse("9.10a", f"{defender}'s resource slot {slot} holds no resource")
    return SLOT_RAID_COST[slot - 1], f"the {NAMES[held]} in slot {slot}", "9.10a"


def _steal_resource(state: State, attacker: str, defender: str, item: Mapping[str, Any]
                    ) -> tuple[State, Events]:
    slot = item["slot"]
    resource = state.resources[defender][slot - 1]
    assert resource is not None
    state = take_out(state, defender, slot - 1)
    state, events = receive(state, attacker, resource, item.get("discard"))
    return state, [cite("9.10c", f"A stolen resource is gained: the slots of {attacker}'s "
                                 "board decide where it goes.")] + events


def _steal_card(state: State, attacker: str, defender: str, item: Mapping[str, Any]
                ) -> tuple[State, Events]:
    card = item["card"]
    if item.get("discard"):
        refuse("9.10d", f"{card} is a Guild card: it takes no resource slot, so nothing is "
               "discarded for it")
    state = give_up_guild(state, defender, card)
    if card == SWORN_GUARDIANS:
        return state.with_(court_deck=state.court_deck + (card,)), [
            cite("9.10e", f"{card} says to bury it when stolen: it goes to the bottom of the "
                          "Court deck.")]
    return take_guild(state, attacker, card), [
        cite("9.10d", f"{card} goes to {attacker}'s play area.")]
