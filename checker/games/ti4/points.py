"""Victory points outside objectives: gains from other effects, several players at once in the
order of 98.7, points lost, the players with the most or fewest points (98.5), and laws, whose
points stay when they are discarded (98.6)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.games.ti4.common import Events, cite, gain_points, lose_points, mostly, refuse
from checker.games.ti4.state import State


def order_of(state: State, players: Mapping[str, int]) -> tuple[list[str], str]:
    """The players named, in the order their simultaneous gains resolve (98.7), and how that
    order was decided, in words."""
    order = [p for p in state.simultaneous_order() if p in players]
    if state.everyone_holds_a_strategy_card:
        return order, "in initiative order"
    if state.strategy_cards:
        return order, ("clockwise from the speaker, as not every player holds a strategy card "
                       "yet")
    return order, "clockwise from the speaker"


def gain_together(state: State, amounts: Mapping[str, int], source: str, rule: str,
                  law: str | None = None) -> tuple[State, Events]:
    """Every gain is applied, one player at a time in the order of 98.7, until one of them
    reaches the goal and the game ends."""
    order, how = order_of(state, amounts)
    events: Events = []
    if len(order) > 1:
        events.append(cite("98.7", f"{mostly(order)} gain points at the same time: resolved "
                                   f"{how}."))
    for player in order:
        state, gained = gain_points(state, player, amounts[player], source, rule, law=law)
        events += gained
        if state.ended:
            break
    return state, events


def standing(state: State, most: bool) -> list[str]:
    """The players with the most (or fewest) victory points: all of them when tied (98.5),
    in the order of 98.7."""
    totals = {p: state.points(p) for p in state.players}
    wanted = max(totals.values()) if most else min(totals.values())
    return [p for p in state.simultaneous_order() if totals[p] == wanted]


def _amounts(args: Any) -> dict[str, int]:
    """`players` as a player, a list (each gets `points`), or a mapping of player to points."""
    players = args["players"]
    if isinstance(players, str):
        return {players: args["points"]}
    if isinstance(players, Mapping):
        return dict(players)
    return {player: args["points"] for player in players}


def _law_in_play(state: State, law: str | None) -> None:
    if law is not None and law in state.discarded_laws:
        refuse("7.5", f"{law} has been discarded: it gives and takes no more points")


def gain_step(state: State, args: Any) -> tuple[State, Events]:
    law = args.get("law")
    _law_in_play(state, law)
    return gain_together(state, _amounts(args), law or args["source"], "98.1", law)


def lose_step(state: State, args: Any) -> tuple[State, Events]:
    law = args.get("law")
    _law_in_play(state, law)
    amounts = _amounts(args)
    events: Events = []
    for player in state.simultaneous_order():
        if player in amounts:
            state, lost = lose_points(state, player, amounts[player], law or args["source"],
                                      "98.4a", law)
            events += lost
    return state, events


def discard_law(state: State, args: Any) -> tuple[State, Events]:
    law = args["law"]
    _law_in_play(state, law)
    events = [cite("7.5", f"{law} is discarded: from now on it has no effect.")]
    kept: dict[str, int] = {}
    for gain in state.gains:
        if gain.law == law:
            kept[gain.player] = kept.get(gain.player, 0) + gain.points
    for player, points in kept.items():
        if points > 0:
            events.append(cite("98.6", f"{player} keeps the {points} victory point"
                                       f"{'' if points == 1 else 's'} gained from {law}."))
    if not any(points > 0 for points in kept.values()):
        events.append(cite("98.6", f"Nobody holds a victory point from {law}; nobody loses one."))
    return state.with_(discarded_laws=state.discarded_laws | {law}), events
