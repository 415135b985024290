"""The map, the player boards and the Court as labelled rows for people: one row per system
with pieces, then resources, supplies and the Court. Systems and players with nothing to show
are left out, so a chapter-end scenario without a map reads as before."""

from __future__ import annotations

from checker.games.arcs.common import plural
from checker.games.arcs.parts.board import SYSTEMS
from checker.games.arcs.state import State
from checker.games.arcs.table.control import controller
from checker.games.arcs.table.player_board import resource_summary
from checker.games.arcs.table.supply import agents_in_supply, ships_in_supply, starports_in_supply


def describe_map(state: State) -> dict[str, str]:
    rows: dict[str, str] = {}
    if state.out_of_play:
        clusters = " and ".join(str(c) for c in sorted(state.out_of_play))
        rows["Out of play"] = f"cluster{'s' if len(state.out_of_play) > 1 else ''} {clusters}"
    for system in SYSTEMS:
        text = _system(state, system)
        if text:
            rows[system] = text
    if not _has_map(state):
        return rows
    for player in state.players:
        rows[f"{player}'s board"] = (
            f"resources {resource_summary(state, player)}; supply "
            f"{plural(ships_in_supply(state, player), 'ship')}, "
            f"{plural(starports_in_supply(state, player), 'starport')}, "
            f"{plural(agents_in_supply(state, player), 'agent')}")
    return rows


def describe_court(state: State) -> dict[str, str]:
    if not state.court and not state.court_deck:
        return {}
    spots = []
    for spot in state.court:
        agents = ", ".join(f"{p} {n}" for p, n in spot.agents)
        spots.append(f"{spot.card or '(empty)'}" + (f" ({agents})" if agents else ""))
    rows = {"Court": "; ".join(spots) or "empty",
            "Court deck": plural(len(state.court_deck), "card") + " left"}
    held = "; ".join(f"{p}: {', '.join(cards)}" for p, cards in state.guild_held.items() if cards)
    if held:
        rows["Guild cards secured"] = held
    return rows


def _has_map(state: State) -> bool:
    return bool(state.ships or state.buildings)


def _system(state: State, system: str) -> str:
    parts = []
    for player, fleet in state.ships.get(system, {}).items():
        ships = []
        if fleet.fresh:
            ships.append(plural(fleet.fresh, "fresh ship"))
        if fleet.damaged:
            ships.append(plural(fleet.damaged, "damaged ship"))
        parts.append(f"{player} {' and '.join(ships)}")
    parts += [b.describe() for b in state.slots(system) if b is not None]
    if not parts:
        return ""
    holder = controller(state, system)
    return "; ".join(parts) + (f" — {holder} controls" if holder else "")
