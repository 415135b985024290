"""Destroying a city: once every hit is dealt, the player who destroyed it Provokes Outrage of
the planet's type and then Ransacks the Court (9.9)."""

from __future__ import annotations

from checker.games.arcs.actions.court_actions import give_up_guild, spot_of, take_card
from checker.games.arcs.battle.hits import take_trophy
from checker.games.arcs.common import Events, cite, listed, plural, refuse
from checker.games.arcs.parts.court_cards import GUILD
from checker.games.arcs.state import State
from checker.games.arcs.table.player_board import NAMES
from checker.games.arcs.table.supply import agents_in_supply
from checker.games.immutable import updated

KEEP = ("Loyal Engineers", "Loyal Pilots", "Loyal Marines", "Loyal Empaths", "Loyal Keepers")
"""The Guild cards that say to keep them when their holder Provokes Outrage."""


def destroy_city(state: State, player: str, defender: str, resource: str, ransack: str | None
                 ) -> tuple[State, Events]:
    """`player` destroyed `defender`'s city on a planet of type `resource`."""
    state, events = provoke_outrage(state, player, resource)
    state, more = ransack_court(state, player, defender, ransack)
    return state, events + more


def provoke_outrage(state: State, player: str, resource: str) -> tuple[State, Events]:
    """Discard every resource and Guild card of the type, except cards that say to keep them,
    and cover the Outrage icon with an agent unless it is covered already (9.9a-9.9d)."""
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
    events = [cite("9.9a", f"{player} destroyed a city on a {name} planet and Provokes {name} "
                           f"Outrage: {player} discards {_lost(tokens, name, discarded)}.")]
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


def _which_card(player: str, defender: str, holding: list[str], card: str | None) -> str:
    named = "no card is named" if card is None else f"{card} holds no agent of {defender}'s"
    return f"{player} Ransacks the Court, taking one of {listed(holding)}, each holding an " \
           f"agent of {defender}'s; {named}"


def _lost(tokens: int, name: str, cards: list[str]) -> str:
    return listed([plural(tokens, f"{name} token")] + ([listed(cards)] if cards else []))


def ransack_court(state: State, player: str, defender: str, card: str | None
                  ) -> tuple[State, Events]:
    """Secure a card holding any agent of the defender's, whoever has the most agents on it;
    the Rival agents on it become Trophies, not Captives (9.9e, 9.9f)."""
    holding = [spot.card for spot in state.court if spot.card and spot.agents_of(defender)]
    if not holding:
        if card is not None:
            refuse("9.9f", f"no card in the Court holds an agent of {defender}'s: there is no "
                   f"Ransack, and {card} is not taken")
        return state, [cite("9.9f", f"No card in the Court holds an agent of {defender}'s: "
                                    f"{player} Ransacks nothing.")]
    if card not in holding:
        refuse("9.9e", _which_card(player, defender, holding, card))
    index = spot_of(state, card, "9.9e")
    rivals = {owner: n for owner, n in state.court[index].agents if owner != player}
    for owner, number in rivals.items():
        state = take_trophy(state, player, owner, "agents", number)
    taken = listed([plural(n, f"{owner} agent") for owner, n in rivals.items()])
    events = [cite("9.9e", f"{player} Ransacks the Court and takes {card}; {taken} on it "
                           f"{'goes' if sum(rivals.values()) == 1 else 'go'} to {player}'s "
                           "Trophies, not Captives.")]
    state, more = take_card(state, player, index, {})
    return state, events + more
