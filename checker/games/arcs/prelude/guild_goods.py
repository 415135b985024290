"""Guild cards that bring resources and cards in the Prelude: Elder Broker (a Material, a Fuel
and a Weapon), Mining Interest and Shipping Interest (as many as the empty slots, stolen once
the supply runs out), Relic Fence (a resource for a Relic, once a turn), the two Cartels (steal
one of their resource) and Silver-Tongues (steal a resource or a Guild card) (10.8, 10.9)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from checker.games.arcs.actions.gaining import first_empty, gain, take_out
from checker.games.arcs.actions.prelude_spending import token_slot
from checker.games.arcs.actions.stealing import (
    SWORN_GUARDIANS,
    guarded,
    steal_card,
    steal_resource,
)
from checker.games.arcs.common import Events, cite, plural, refuse
from checker.games.arcs.parts.rounds import Turn
from checker.games.arcs.state import State
from checker.games.arcs.table.player_board import NAMES, open_slots
from checker.games.arcs.table.supply import resources_in_supply

ELDER_BROKER = "Elder Broker"
INTERESTS = {"Mining Interest": "material", "Shipping Interest": "fuel"}
CARTELS = {"Material Cartel": "material", "Fuel Cartel": "fuel"}
SILVER_TONGUES = "Silver-Tongues"
RELIC_FENCE = "Relic Fence"
BROKERED = ("material", "fuel", "weapons")


class Room:
    """The resources a step names to discard, used in turn by each gain that finds every open
    slot full (6.11b)."""

    def __init__(self, discards: Any) -> None:
        self.left = list(discards or ())

    def take(self, state: State, player: str) -> str | None:
        full = first_empty(state, player) is None
        return self.left.pop(0) if full and self.left else None

    def done(self) -> None:
        if self.left:
            refuse("6.11b", f"nothing more is gained into a full board: {NAMES[self.left[0]]} "
                   "is not discarded")


def elder_broker(state: State, player: str, args: Mapping[str, Any]) -> tuple[State, Events]:
    room = Room(args.get("discard"))
    events = [cite("10.8a", f"{ELDER_BROKER}: {player} gains a Material, a Fuel and a Weapon.")]
    for resource in BROKERED:
        wanted = room.take(state, player) if resources_in_supply(state, resource) else None
        state, more = gain(state, player, resource, wanted)
        events += more
    room.done()
    return state, events


def interest(state: State, player: str, card: str, args: Mapping[str, Any]
             ) -> tuple[State, Events]:
    """Gain the resource up to the number of empty slots; what the supply lacks is stolen."""
    resource = INTERESTS[card]
    name = NAMES[resource]
    empty = state.resources[player][:open_slots(state, player)].count(None)
    wanted = args.get("gain", empty)
    if wanted > empty:
        refuse("10.8b", f"{player} has {plural(empty, 'empty resource slot')}: {card} gains "
               f"up to {empty} {name}, not {wanted}")
    from_supply = min(wanted, resources_in_supply(state, resource))
    events = [cite("10.8b", f"{card}: {player} has {plural(empty, 'empty resource slot')} and "
                            f"gains up to {wanted} {name}: {from_supply} from the supply, the "
                            "rest stolen from Rivals as far as they can be.")]
    for _ in range(from_supply):
        state, more = gain(state, player, resource, None)
        events += more
    rest = wanted - from_supply
    steals = _listed(args.get("steal"))
    stealable = sum(held.count(resource) for rival, held in state.resources.items()
                    if rival != player and SWORN_GUARDIANS not in state.guild_held[rival])
    if len(steals) != min(rest, stealable):
        refuse("10.8b", f"the {name} supply runs out: {player} steals the other {rest} {name} "
               f"from Rivals, as many as can be stolen ({stealable}), and the step must name "
               f"them, {min(rest, stealable)} in all")
    for item in steals:
        state, more = _steal(state, player, item, resource, None)
        events += more
    return state, events


def cartel(state: State, player: str, card: str, args: Mapping[str, Any]
           ) -> tuple[State, Events]:
    return _one_steal(state, player, card, args, CARTELS[card])


def silver_tongues(state: State, player: str, args: Mapping[str, Any]) -> tuple[State, Events]:
    return _one_steal(state, player, SILVER_TONGUES, args, None)


def relic_fence(state: State, turn: Turn, args: Mapping[str, Any]) -> tuple[State, Events]:
    """Once a turn: discard a resource to gain a Relic (the card stays)."""
    player = turn.player
    if RELIC_FENCE in turn.used:
        refuse("10.8c", f"{player} has used {RELIC_FENCE} this turn already: once a turn")
    if "pay" not in args:
        refuse("10.8c", f"{RELIC_FENCE} takes a resource of {player}'s to discard, and the step "
               "must say which")
    slot = token_slot(state, player, args["pay"])
    paid = state.resources[player][slot]
    assert paid is not None
    state = take_out(state, player, slot)
    current = state.round
    assert current is not None and current.turn is not None
    state = state.with_(round=replace(current, turn=replace(
        current.turn, used=current.turn.used + (RELIC_FENCE,))))
    state, events = gain(state, player, "relics", None)
    return state, [cite("10.8c", f"{RELIC_FENCE}: {player} discards a {NAMES[paid]} to gain a "
                                 "Relic.")] + events


def _one_steal(state: State, player: str, card: str, args: Mapping[str, Any],
               resource: str | None) -> tuple[State, Events]:
    steals = _listed(args.get("steal"))
    if not steals:
        return state, [cite("10.6", f"{player} discards {card} without stealing anything.")]
    if len(steals) > 1:
        refuse("10.9", f"{card} steals one thing, not {len(steals)}")
    room = Room(args.get("discard"))
    state, events = _steal(state, player, steals[0], resource, room.take(state, player))
    room.done()
    what = f"a {NAMES[resource]}" if resource else "a resource or a Guild card"
    return state, [cite("10.9", f"{card}: {player} steals {what} from a Rival.")] + events


def _steal(state: State, thief: str, item: Mapping[str, Any], resource: str | None,
           discard: str | None) -> tuple[State, Events]:
    victim = item["from"]
    if victim == thief:
        refuse("10.9", f"{thief} steals from a Rival, not from themselves")
    if ("slot" in item) == ("card" in item):
        refuse("10.9", "each thing stolen is a resource, by its slot, or a Guild card: one of "
               "them")
    card = item.get("card")
    if card is not None:
        if resource is not None:
            refuse("10.9", f"only a {NAMES[resource]} is stolen here, not a Guild card")
        if card not in state.guild_held[victim]:
            refuse("10.9", f"{victim} holds no Guild card {card}")
        guarded(state, victim, card)
        return steal_card(state, thief, victim, card, discard)
    slot = item["slot"]
    held = state.resources[victim][slot - 1] if slot <= open_slots(state, victim) else None
    if held is None or (resource is not None and held != resource):
        wanted = NAMES[resource] if resource else "resource"
        refuse("10.9", f"{victim}'s resource slot {slot} holds no {wanted} to steal")
    guarded(state, victim, None)
    return steal_resource(state, thief, victim, slot, discard)


def _listed(given: Any) -> list[Mapping[str, Any]]:
    if given is None:
        return []
    return [given] if isinstance(given, Mapping) else list(given)
