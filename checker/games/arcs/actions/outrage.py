"""Provoking Outrage: whoever destroys a city, or is made to by a card, discards every resource
and Guild card of a type, except cards that say to keep them, and covers that type's Outrage
icon with an agent unless it is covered already (9.9a-9.9d)."""

from __future__ import annotations

from checker.games.arcs.actions.guild_cards import give_up_guild
from checker.games.arcs.common import Events, cite, listed, plural
from checker.games.arcs.parts.court_cards import GUILD
from checker.games.arcs.state import State
from checker.games.arcs.table.player_board import NAMES
from checker.games.arcs.table.supply import agents_in_supply
from checker.games.immutable import updated

KEEP = ("Loyal Engineers", "Loyal Pilots", "Loyal Marines", "Loyal Empaths", "Loyal Keepers")
"""The Guild cards that say to keep them when their holder Provokes Outrage."""


def provoke_outrage(state: State, player: str, resource: str, cause: str = ""
                    ) -> tuple[State, Events]:
    """`player` Provokes Outrage of `resource`: by destroying a city on a planet of that type,
    or for the `cause` said (a card)."""
    name = NAMES[resource]
    tokens = state.resources[player].count(resource)
    suited = [card for card in state.guild_held[player] if GUILD[card] == resource]
    discarded = [card for card in suited if card not in KEEP]
    kept = [card for card in suited if card in KEEP]
    slots = tuple(None if held == resource else held for held in state.resources[player])
    state = state.with_(resources=updated(state.resources, player, slots))
    for card in discarded:
        state = give_up_guild(state, player, card)
    state = state.with_(court_discard=state.court_discard + tuple(discarded))
    why = cause or f"{player} destroyed a city on a {name} planet and"
    events = [cite("9.9a", f"{why} Provokes {name} Outrage: {player} discards "
                           f"{_lost(tokens, name, discarded)}.")]
    if kept:
        events.append(cite("9.9b", f"{listed(kept)} says to keep it when its holder Provokes "
                                   f"Outrage: {player} keeps it."))
    if resource in state.outraged[player]:
        return state, events + [cite("9.9d", f"{player} already has {name} Outrage: no agent "
                                             "is placed.")]
    free = agents_in_supply(state, player)
    state = state.with_(outraged=updated(state.outraged, player,
                                         state.outraged[player] | {resource}))
    if free == 0:
        return state, events + [cite("9.9c", f"{player} has no agent in supply: a placeholder "
                                             f"covers the {name} Outrage icon until an agent "
                                             "comes back.")]
    return state, events + [cite("9.9a", f"{player} covers the {name} Outrage icon with an "
                                         f"agent: {name} is Outraged.")]


def _lost(tokens: int, name: str, cards: list[str]) -> str:
    """`2 Fuel tokens and Gatekeepers`, `Gatekeepers`, or `0 Fuel tokens`."""
    held = [plural(tokens, f"{name} token")] if tokens or not cards else []
    return listed(held + ([listed(cards)] if cards else []))
