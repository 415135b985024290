"""What is left in each supply: the pieces a player has that are neither on the map, in the
Court, nor held by a Rival, and the resource tokens nobody holds (6.9)."""

from __future__ import annotations

from checker.games.arcs.parts.pieces import AGENTS, NO_SHIPS, RESOURCE_TOKENS, SHIPS, STARPORTS
from checker.games.arcs.state import State


def ships_on_map(state: State, player: str) -> int:
    return sum(fleets.get(player, NO_SHIPS).total for fleets in state.ships.values())


def buildings_on_map(state: State, player: str, kind: str) -> int:
    return sum(1 for slots in state.buildings.values() for b in slots
               if b is not None and b.owner == player and b.kind == kind)


def held_by_rivals(state: State, player: str, kind: str) -> int:
    """Pieces of `player` held by others as Trophies."""
    return sum(owners.get(player, {}).get(kind, 0) for owners in state.trophies.values())


def stranded(state: State, player: str) -> bool:
    """No ship and no starport on the map, in a scenario that puts pieces on the map at all
    (one without any is about something else, and leaves the map out) (7.10)."""
    return bool(state.ships or state.buildings) and ships_on_map(state, player) == 0 \
        and buildings_on_map(state, player, "starport") == 0


def ships_in_supply(state: State, player: str) -> int:
    return SHIPS - ships_on_map(state, player) - held_by_rivals(state, player, "ships")


def starports_in_supply(state: State, player: str) -> int:
    return STARPORTS - buildings_on_map(state, player, "starport") \
        - held_by_rivals(state, player, "starports")


def agents_in_court(state: State, player: str) -> int:
    return sum(spot.agents_of(player) for spot in state.court)


def agents_in_supply(state: State, player: str) -> int:
    free = agents_free(state, player)
    return free - agents_on_outrage(state, player, free)


def agents_free(state: State, player: str) -> int:
    """Agents neither in the Court nor held by a Rival: in supply or on an Outrage icon."""
    captive = sum(owners.get(player, 0) for owners in state.captives.values())
    return AGENTS - agents_in_court(state, player) - captive \
        - held_by_rivals(state, player, "agents")


def agents_on_outrage(state: State, player: str, free: int) -> int:
    """Each Outrage icon is covered by an agent, or by a placeholder while no agent is free; a
    placeholder gives way to the first agent that comes back (9.9a)."""
    return min(len(state.outraged[player]), max(free, 0))


def placeholders(state: State, player: str) -> int:
    return len(state.outraged[player]) - agents_on_outrage(state, player,
                                                           agents_free(state, player))


def resources_in_supply(state: State, resource: str) -> int:
    held = sum(slots.count(resource) for slots in state.resources.values())
    on_boxes = state.box_resources.get(resource, 0) if state.box_resources else 0
    return RESOURCE_TOKENS - held - on_boxes - spent_in_prelude(state).count(resource)


def spent_in_prelude(state: State) -> tuple[str, ...]:
    """The resources spent in the Prelude under way: back in the supply only once it ends
    (10.3)."""
    turn = state.round.turn if state.round else None
    return turn.spent if turn is not None and turn.in_prelude else ()
