"""The When Secured effects of the Vox cards the engine knows, resolved before the Court is
refilled; each card is then discarded to the Court discard pile (8.6c)."""

from __future__ import annotations

from typing import Any

from checker.games.arcs.actions.outrage import provoke_outrage
from checker.games.arcs.common import Events, cite, plural, refuse
from checker.games.arcs.parts.board import SYSTEMS
from checker.games.arcs.parts.court_cards import (
    CALL_TO_ACTION,
    MASS_UPRISING,
    OUTRAGE_SPREADS,
    POPULIST_DEMANDS,
)
from checker.games.arcs.play.declaring import place_marker
from checker.games.arcs.state import State
from checker.games.arcs.table.player_board import NAMES
from checker.games.arcs.table.supply import ships_in_supply
from checker.games.immutable import frozen, updated

VOX_CHOICES = ("cluster", "ambition", "outrage")
"""What a Vox card's When Secured effect may ask a step to choose."""


def resolve_vox(state: State, player: str, card: str, args: Any) -> tuple[State, Events]:
    cluster, ambition, outrage = args.get("cluster"), args.get("ambition"), args.get("outrage")
    if cluster is not None and card != MASS_UPRISING:
        refuse("8.6c", f"{card} asks for no cluster")
    if ambition is not None and card != POPULIST_DEMANDS:
        refuse("8.6c", f"{card} lets nobody declare an ambition")
    if outrage is not None and card != OUTRAGE_SPREADS:
        refuse("8.6c", f"{card} asks for no Outrage type")
    if card == MASS_UPRISING:
        state, events = _mass_uprising(state, player, cluster)
    elif card == POPULIST_DEMANDS:
        state, events = _populist_demands(state, player, ambition)
    elif card == OUTRAGE_SPREADS:
        state, events = _outrage_spreads(state, player, outrage)
    else:
        assert card == CALL_TO_ACTION
        state = state.with_(hands=updated(state.hands, player, state.hands[player] + 1))
        events = [cite("8.6c", f"When Secured: {player} draws the bottom card of the action "
                               "discard pile into their hand.")]
    events.append(cite("8.6c", f"{card} goes to the Court discard pile."))
    return state.with_(court_discard=state.court_discard + (card,)), events


def _mass_uprising(state: State, player: str, cluster: int | None) -> tuple[State, Events]:
    if cluster is None:
        refuse("8.6c", f"{MASS_UPRISING} asks {player} to choose a cluster")
    if cluster in state.out_of_play:
        refuse("6.4b", f"cluster {cluster} is out of play: no piece is placed there")
    placed = 0
    for system in (name for name, s in SYSTEMS.items() if s.cluster == cluster):
        if ships_in_supply(state, player) == 0:
            break
        fleets = dict(state.ships.get(system, {}))
        fleets[player] = state.fleet(system, player).plus(fresh=1)
        state = state.with_(ships=updated(state.ships, system, frozen(fleets)))
        placed += 1
    return state, [cite("8.6c", f"When Secured: {player} places a ship in each system of "
                                f"cluster {cluster} ({plural(placed, 'ship')} placed).")]


def _populist_demands(state: State, player: str, ambition: str | None
                      ) -> tuple[State, Events]:
    if ambition is None:
        return state, [cite("8.6c", f"When Secured: {player} may declare any ambition, and "
                                    "does not.")]
    state, events = place_marker(state, ambition, player)
    return state, [cite("8.6c", f"When Secured: {player} may declare any ambition."), *events]


def _outrage_spreads(state: State, player: str, resource: str | None) -> tuple[State, Events]:
    """Each player, from the one who secured it and on in turn order, Provokes Outrage of the
    type chosen, if any; no city was destroyed, so nobody Ransacks the Court (9.9h)."""
    if resource is None:
        return state, [cite("8.6c", f"When Secured: {player} may choose an Outrage type, and "
                                    "does not.")]
    start = state.players.index(player)
    events = [cite("8.6c", f"When Secured: {player} chooses {NAMES[resource]}; every player, "
                           f"{player} too, Provokes {NAMES[resource]} Outrage.")]
    for each in state.players[start:] + state.players[:start]:
        state, more = provoke_outrage(state, each, resource, f"{OUTRAGE_SPREADS}: {each}")
        events += more
    return state, events + [cite("9.9h", "No city was destroyed: nobody Ransacks the Court.")]
