"""A setup cannot use more pieces or tokens than the box holds, nor more resources than a
player board has open slots for (6.9, 6.10)."""

from __future__ import annotations

from checker.games.arcs.common import refuse
from checker.games.arcs.parts.components import RESOURCES
from checker.games.arcs.parts.pieces import AGENTS, CITIES, RESOURCE_TOKENS, SHIPS, STARPORTS
from checker.games.arcs.state import State
from checker.games.arcs.table.player_board import NAMES, held, open_slots
from checker.games.arcs.table.supply import (
    agents_in_supply,
    buildings_on_map,
    held_by_rivals,
    resources_in_supply,
    ships_in_supply,
    starports_in_supply,
)


def check_limits(state: State) -> None:
    for player in state.players:
        _cities(state, player)
        for count, most, what in ((ships_in_supply(state, player), SHIPS, "ships"),
                                  (starports_in_supply(state, player), STARPORTS, "starports"),
                                  (agents_in_supply(state, player), AGENTS, "agents")):
            if count < 0:
                refuse("6.9", f"{player} has {most} {what}; this setup uses {most - count}")
        if held(state, player) > open_slots(state, player):
            refuse("6.10", f"{player} holds {held(state, player)} resources but, with "
                   f"{state.cities[player]} cities on the board, has only "
                   f"{open_slots(state, player)} open resource slots")
        if any(state.resources[player][open_slots(state, player):]):
            refuse("6.10", f"{player} has a resource in a slot covered by a city: with "
                   f"{state.cities[player]} cities on the board, slots 1 to "
                   f"{open_slots(state, player)} are open")
    for resource in RESOURCES:
        left = resources_in_supply(state, resource)
        if left < 0:
            refuse("6.9", f"there are {RESOURCE_TOKENS} {NAMES[resource]} tokens; this setup "
                   f"uses {RESOURCE_TOKENS - left}")


def _cities(state: State, player: str) -> None:
    taken = held_by_rivals(state, player, "cities")
    built = buildings_on_map(state, player, "city")
    if state.cities[player] + taken + built > CITIES:
        where = f"{state.cities[player]} on the board"
        if built:
            where += f", {built} on the map"
        refuse("2.10b", f"{player} has {CITIES} cities: {where} and {taken} held as Trophies "
               "are too many")
