"""A Prelude action that is not one of the standard actions: a Guild card's Prelude ability
(`guild_prelude`), or a resource spent for no action, which for a Weapon (or any resource with
Loyal Marines) lets the card's action pips battle this turn, and for any other is spent
without effect (10.2c, 10.4)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from checker.games.arcs.actions.prelude_spending import (
    RULES,
    prelude_turn,
    spend_token,
    token_slot,
    ways,
)
from checker.games.arcs.common import Events, cite, refuse
from checker.games.arcs.prelude.guild_prelude import use_card
from checker.games.arcs.state import State
from checker.games.arcs.table.player_board import NAMES


def prelude(state: State, args: Any) -> tuple[State, Events]:
    """A resource spent, or a Guild card's Prelude ability used (`guild_prelude`)."""
    if ("spend" in args) == ("card" in args):
        refuse("10.1", "a Prelude action either spends a resource or uses a Guild card, one at "
               "a time")
    if "card" in args:
        return use_card(state, args)
    if len(args) > 1:
        refuse("10.1", "a resource spent for no standard action takes no other choice")
    turn = prelude_turn(state, "a resource is spent")
    slot = token_slot(state, turn.player, args["spend"])
    resource = state.resources[turn.player][slot]
    assert resource is not None
    way = next((card for kind, card in ways(state, turn, resource) if kind == "weapons"), "")
    state, turn, _ = spend_token(state, turn, slot)
    said = f"{turn.player} spends a {NAMES[resource]} in the Prelude"
    if way != "":
        if way is None:
            return _arm(state, said, "10.2c")
        how = f" as a Weapon ({way})" if resource != "weapons" else f" ({way}: its Outrage " \
            "is ignored)"
        return _arm(state, said + how, "10.5")
    if resource in state.outraged[turn.player]:
        return state, [cite("10.4", f"{said}, without effect: {turn.player} has "
                                    f"{NAMES[resource]} Outrage, and an Outraged resource takes "
                                    "no Prelude action.")]
    return state, [cite(RULES[resource], f"{said}, without taking its Prelude action.")]


def _arm(state: State, said: str, rule: str) -> tuple[State, Events]:
    assert state.round is not None and state.round.turn is not None
    turn = state.round.turn
    already = "battle" in turn.actions
    if not already:
        turn = replace(turn, actions=turn.actions + ("battle",))
        state = state.with_(round=replace(state.round, turn=turn))
    told = "the action pips of this turn may already Battle" if already else \
        "this turn, the action pips of the card played may also Battle"
    return state, [cite(rule, f"{said}: {told}.")]
