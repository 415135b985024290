"""Repair: one damaged Loyal ship stands up, or one damaged Loyal building turns back to its
fresh side, anywhere on the map (8.4)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from checker.games.arcs.actions.acting import acting, pay
from checker.games.arcs.common import Events, cite, refuse
from checker.games.arcs.state import State
from checker.games.immutable import frozen, updated


def repair(state: State, args: Any) -> tuple[State, Events]:
    state, paying = acting(state, "repair", args)
    player, system, piece = paying.turn.player, args["system"], args["piece"]
    if piece == "ship":
        fleet = state.fleet(system, player)
        if not fleet.damaged:
            refuse("8.4", f"{player} has no damaged ship at {system}")
        fleets = dict(state.ships[system])
        fleets[player] = fleet.plus(fresh=1, damaged=-1)
        state = state.with_(ships=updated(state.ships, system, frozen(fleets)))
        text = f"{player} repairs a ship at {system}: it stands up, fresh."
    else:
        slots = state.slots(system)
        index = next((i for i, b in enumerate(slots) if b is not None and b.owner == player
                      and b.kind == piece and not b.fresh), None)
        if index is None:
            refuse("8.4", f"{player} has no damaged {piece} at {system}")
        building = slots[index]
        assert building is not None
        fixed = slots[:index] + (replace(building, fresh=True),) + slots[index + 1:]
        state = state.with_(buildings=updated(state.buildings, system, fixed))
        text = f"{player} repairs their {piece} at {system}: it turns back to its fresh side."
    return pay(state, paying, [cite("8.4", text)])
