"""Move: Loyal ships from one system to an adjacent one; from a system with a Loyal starport,
Catapult moves carry them on, dropping ships off, until they enter a planet or a gate that
anyone else controls, checked before moving in (6.4b, 8.3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.games.arcs.actions.acting import acting, pay
from checker.games.arcs.common import Events, cite, plural, refuse
from checker.games.arcs.parts.board import SYSTEMS, adjacent
from checker.games.arcs.parts.pieces import Fleet
from checker.games.arcs.state import State
from checker.games.arcs.table.control import control_text, controlled_by_other
from checker.games.immutable import frozen, updated


def move(state: State, args: Any) -> tuple[State, Events]:
    state, paying = acting(state, "move", args)
    player, origin = paying.turn.player, args["from"]
    path = [args["to"]] if isinstance(args["to"], str) else list(args["to"])
    moving = Fleet(args.get("fresh", 0), args.get("damaged", 0))
    here = state.fleet(origin, player)
    if moving.total == 0:
        refuse("8.3", "no ship is moved: name how many fresh and damaged ships move")
    if moving.fresh > here.fresh or moving.damaged > here.damaged:
        refuse("8.3", f"{player} has {_ships(here)} at {origin}, not {_ships(moving)}")
    drops: Mapping[str, Any] = args.get("drop_off", {})
    unknown = [s for s in drops if s not in path[:-1]]
    if unknown:
        refuse("8.3a", f"ships are dropped off only on the way, and {unknown[0]} is not a "
               "system the ships pass through before the last")
    events = [cite("8.3", f"{player} moves {_ships(moving)} from {origin}.")]
    if len(path) > 1:
        events.append(_catapult(state, player, origin))
    state = _put(state, origin, player, Fleet(-moving.fresh, -moving.damaged))
    previous = origin
    for number, system in enumerate(path, start=1):
        _step_into(state, player, previous, system)
        last = number == len(path)
        if not last:
            rule, stop = _stops(state, player, system)
            if stop:
                refuse(rule, f"the ships stop at {system}: {stop}; they cannot go on to "
                       f"{path[number]}")
            if SYSTEMS[system].is_gate:
                events.append(cite("8.3c", f"Before the ships move in, "
                                           f"{control_text(state, system)}, so they may go on."))
        dropped = moving if last else _drop(drops.get(system), moving, system)
        drops = {k: v for k, v in drops.items() if k != system}
        if dropped.total:
            state = _put(state, system, player, dropped)
            moving = Fleet(moving.fresh - dropped.fresh, moving.damaged - dropped.damaged)
            verb = ("end" if dropped.total > 1 else "ends") if last else \
                ("are" if dropped.total > 1 else "is") + " dropped off"
            events.append(cite("8.3", f"{_ships(dropped).capitalize()} {verb} at {system}."))
        if not last and moving.total == 0:
            refuse("8.3a", f"every ship was dropped off at {system}: none is left to go on")
        previous = system
    return pay(state, paying, events)


def _catapult(state: State, player: str, origin: str) -> Any:
    ports = [b for b in state.slots(origin) if b is not None and b.kind == "starport"]
    if any(b.owner == player for b in ports):
        return cite("8.3a", f"{player} has a starport at {origin}: the ships take Catapult "
                            "moves.")
    if ports:
        refuse("8.3d", f"the starport at {origin} is a Rival's: no Catapult from it, even where "
               f"{player} controls")
    refuse("8.3a", f"{player} has no starport at {origin}: a move goes to one adjacent system, "
           "and only ships leaving a Loyal starport keep moving")


def _step_into(state: State, player: str, previous: str, system: str) -> None:
    if SYSTEMS[system].cluster in state.out_of_play:
        refuse("6.4b", f"{system} is in cluster {SYSTEMS[system].cluster}, which is out of play: "
               "nothing moves there")
    if not adjacent(previous, system, state.out_of_play):
        refuse("8.3", f"{system} is not adjacent to {previous}")


def _stops(state: State, player: str, system: str) -> tuple[str, str]:
    """The rule and the reason why Catapult ships must stop on entering `system`, if they
    must."""
    if not SYSTEMS[system].is_gate:
        return "8.3b", "Catapult ships stop on entering any planet"
    if controlled_by_other(state, system, player):
        return "8.3b", f"before they move in, {control_text(state, system)}"
    return "", ""


def _drop(given: Any, moving: Fleet, system: str) -> Fleet:
    if not given:
        return Fleet()
    dropped = Fleet(given.get("fresh", 0), given.get("damaged", 0))
    if dropped.fresh > moving.fresh or dropped.damaged > moving.damaged:
        refuse("8.3a", f"only {_ships(moving)} reach {system}: {_ships(dropped)} cannot be "
               "dropped off there")
    return dropped


def _put(state: State, system: str, player: str, ships: Fleet) -> State:
    fleets = dict(state.ships.get(system, {}))
    fleet = state.fleet(system, player).plus(ships.fresh, ships.damaged)
    if fleet.total:
        fleets[player] = fleet
    else:
        fleets.pop(player, None)
    return state.with_(ships=updated(state.ships, system, frozen(fleets)))


def _ships(fleet: Fleet) -> str:
    parts = []
    if fleet.fresh:
        parts.append(plural(fleet.fresh, "fresh ship"))
    if fleet.damaged:
        parts.append(plural(fleet.damaged, "damaged ship"))
    return " and ".join(parts) or "no ship"
