"""Destroying a city: once every hit is dealt, the player who destroyed it Provokes Outrage of
the planet's type and then Ransacks the Court (9.9)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.games.arcs.actions.court_actions import spot_of, take_card
from checker.games.arcs.actions.outrage import provoke_outrage
from checker.games.arcs.battle.hits import take_trophy
from checker.games.arcs.common import Events, cite, listed, plural, refuse
from checker.games.arcs.parts.board import SYSTEMS
from checker.games.arcs.state import State


def destroy_cities(state: State, player: str, defender: str, system: str, destroyed: int,
                   ransack: Any) -> tuple[State, tuple[str, ...], Events]:
    """`player` destroyed `destroyed` of `defender`'s cities at `system` at once: each city's
    Outrage and Ransack come before the next's, the cards Ransacked in the order named (7.11,
    9.9); the names of the cards Ransacked."""
    named = [ransack] if isinstance(ransack, (str, Mapping)) else list(ransack or ())
    if len(named) > destroyed:
        refuse("9.9e", f"{plural(destroyed, 'city')} destroyed: the Court is Ransacked once for "
               f"each, not {len(named)} times")
    events: Events = []
    if destroyed > 1:
        events.append(cite("7.11", f"{destroyed} cities are destroyed at once: {player}, whose "
                                   "turn it is, resolves them one after another in the order "
                                   "chosen, each city's Outrage and Ransack before the next."))
    resource = SYSTEMS[system].resource
    assert resource is not None or not destroyed
    for number in range(destroyed):
        item = named[number] if number < len(named) else None
        choices = {"card": item} if isinstance(item, str) else item
        assert resource is not None
        events.append(cite("9.9", f"{player} destroyed a city: with every hit dealt, Outrage "
                                  "comes first, then the Ransack, then any keys."))
        state, more = destroy_city(state, player, defender, resource, choices)
        events += more
    return state, tuple(item if isinstance(item, str) else item["card"] for item in named), \
        events


def destroy_city(state: State, player: str, defender: str, resource: str,
                 ransack: Mapping[str, Any] | None) -> tuple[State, Events]:
    """`player` destroyed `defender`'s city on a planet of type `resource`; `ransack`: the card
    taken by Ransacking the Court, with the choices its When Secured effect asks for."""
    state, events = provoke_outrage(state, player, resource)
    state, more = ransack_court(state, player, defender, ransack)
    return state, events + more


def _which_card(player: str, defender: str, holding: list[str], card: str | None) -> str:
    named = "no card is named" if card is None else f"{card} holds no agent of {defender}'s"
    return f"{player} Ransacks the Court, taking one of {listed(holding)}, each holding an " \
           f"agent of {defender}'s; {named}"


def ransack_court(state: State, player: str, defender: str, ransack: Mapping[str, Any] | None
                  ) -> tuple[State, Events]:
    """Secure a card holding any agent of the defender's, whoever has the most agents on it;
    the Rival agents on it become Trophies, not Captives (9.9e, 9.9f)."""
    card = ransack["card"] if ransack else None
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
    state, more = take_card(state, player, index, ransack or {})
    return state, events + more
