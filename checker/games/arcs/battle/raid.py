"""Raiding: the keys rolled, spent one item at a time on the defender's resources (the raid
cost printed above each resource slot) and Guild cards (the cost printed on each card) (9.10)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from checker.games.arcs.actions.stealing import (
    SWORN_GUARDIANS,
    guarded,
    steal_card,
    steal_resource,
)
from checker.games.arcs.common import Events, cite, plural, refuse
from checker.games.arcs.state import State
from checker.games.arcs.table.player_board import NAMES, open_slots

SLOT_RAID_COST = (3, 1, 1, 2, 1, 3)
"""The keys printed above the six resource slots, left to right."""
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
        guarded(state, defender, item.get("card"))
        cost, what, rule = _cost(state, defender, item)
        if cost > left:
            refuse("9.10", f"{what} costs {plural(cost, 'key')}; {attacker} has "
                   f"{plural(left, 'key')} left")
        left -= cost
        if "slot" in item:
            state, more = steal_resource(state, attacker, defender, item["slot"],
                                         item.get("discard"))
        else:
            state, more = steal_card(state, attacker, defender, item["card"],
                                     item.get("discard"))
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
