"""Tax: a Loyal city anywhere, or a Rival city in a system you control, gives a resource of its
planet's type; taxing a Rival also captures one of their agents; each city once a turn (8.1)."""

from __future__ import annotations

from typing import Any

from checker.games.arcs.actions.acting import acting, pay
from checker.games.arcs.actions.gaining import gain
from checker.games.arcs.common import Events, cite, refuse
from checker.games.arcs.parts.board import SYSTEMS
from checker.games.arcs.parts.rounds import Turn
from checker.games.arcs.state import State
from checker.games.arcs.table.control import control_text, controller
from checker.games.arcs.table.player_board import NAMES
from checker.games.arcs.table.supply import agents_in_supply
from checker.games.immutable import frozen, updated


def tax(state: State, args: Any) -> tuple[State, Events]:
    state, paying = acting(state, "tax", args)
    turn = paying.turn
    player, system = turn.player, args["system"]
    owner = args.get("owner") or player
    cities = [i for i, b in enumerate(state.slots(system))
              if b is not None and b.kind == "city" and b.owner == owner]
    if not cities:
        refuse("8.1a", f"{owner} has no city at {system}")
    if owner != player and controller(state, system) != player:
        refuse("8.1a", f"{owner}'s city is a Rival city, taxed only by the player who controls "
               f"{system}, and {control_text(state, system)}")
    untaxed = untaxed_cities(turn, system, cities)
    if not untaxed:
        refuse("8.1d", f"{owner}'s city at {system} has already been taxed this turn")
    resource = SYSTEMS[system].resource
    assert resource is not None
    whose = "a Loyal city" if owner == player else \
        f"{owner}'s city ({control_text(state, system)})"
    events = [cite("8.1a", f"{player} taxes {whose} at {system}."),
              cite("8.1b", f"{system} is a {NAMES[resource]} planet: the tax is 1 "
                           f"{NAMES[resource]}.")]
    state, gained = gain(state, player, resource, args.get("discard"))
    events += gained
    if owner != player:
        state, captured = _capture(state, player, owner)
        events += captured
    return pay(state, paying, events, taxed=turn.taxed + ((system, untaxed[0]),))


def untaxed_cities(turn: Turn, system: str, cities: list[int]) -> list[int]:
    """The cities (by building slot) not taxed yet this turn (8.1d)."""
    return [i for i in cities if (system, i) not in turn.taxed]


def _capture(state: State, player: str, owner: str) -> tuple[State, Events]:
    if agents_in_supply(state, owner) == 0:
        return state, [cite("8.1c", f"{owner} has no agent in supply: nothing is captured.")]
    held = dict(state.captives.get(player, {}))
    held[owner] = held.get(owner, 0) + 1
    state = state.with_(captives=updated(state.captives, player, frozen(held)))
    return state, [cite("8.1c", f"Taxing a Rival city: {player} captures 1 of {owner}'s agents "
                                "from their supply, whether or not a resource was gained.")]
