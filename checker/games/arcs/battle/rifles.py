"""Galactic Rifles, a lore card of Leaders & Lore: Fire Rifles, a new action taken in place of
a Battle action. Like a battle it collects dice, skirmish dice for the fresh Loyal ships of a
system, but it fires at a Rival's pieces in an adjacent system, ships before buildings, and
is not a battle: no intercept, no raid. What its hits destroy is destroyed as in a battle:
Trophies for the player who fired, and for a city, Outrage and a Ransack (9.11)."""

from __future__ import annotations

from typing import Any

from checker.games.arcs.actions.acting import acting, pay
from checker.games.arcs.battle.dice import DICE, DICE_OF_A_TYPE, FACE_RULE, parse_face
from checker.games.arcs.battle.hits import Side, deal, ships_first
from checker.games.arcs.battle.outrage import destroy_cities
from checker.games.arcs.common import Events, cite, plural, refuse
from checker.games.arcs.parts.battle_report import HIT, SKIRMISH
from checker.games.arcs.parts.board import adjacent
from checker.games.arcs.state import State

GALACTIC_RIFLES = "Galactic Rifles"
LORE = (GALACTIC_RIFLES,)
"""The lore cards the engine knows."""


def fire_rifles(state: State, args: Any) -> tuple[State, Events]:
    state, paying = acting(state, "battle", args)
    player, system, target = paying.turn.player, args["system"], args["target"]
    defender = args["defender"]
    if GALACTIC_RIFLES not in state.lore[player]:
        refuse("9.11", f"{player} does not hold {GALACTIC_RIFLES}: Fire Rifles is its action")
    if not adjacent(system, target, state.out_of_play):
        refuse("9.11", f"{target} is not adjacent to {system}: the Rifles fire at an adjacent "
               "system")
    if defender == player:
        refuse("9.11", f"{player}'s own pieces are Loyal: the Rifles fire at a Rival's")
    pieces = state.fleet(target, defender).total + sum(
        1 for b in state.slots(target) if b is not None and b.owner == defender)
    if not pieces:
        refuse("9.11", f"{defender} has no piece at {target} to fire at: the defender is a "
               "Rival with pieces there")
    hits = _roll(state, player, system, args.get("dice", ()))
    events = [cite("9.11", f"{player} fires {GALACTIC_RIFLES} from {system} at {defender}'s "
                           f"pieces at {target}: {plural(hits, HIT)} rolled, ships first.")]
    side = Side(defender, player, target, "9.11a")
    state, landed, more = deal(state, hits, HIT, side, args.get("hits", ()),
                               ships_first(defender, target), "9.11")
    events += more
    cities = sum(1 for hit in landed if hit.piece == "city" and hit.destroyed)
    if cities:
        events.append(cite("9.11a", f"A city destroyed outside a battle is destroyed all the "
                                    f"same: {player} Provokes Outrage and Ransacks the Court."))
    state, _, more = destroy_cities(state, player, defender, target, cities, args.get("ransack"))
    return pay(state, paying, events + more)


def _roll(state: State, player: str, system: str, faces: Any) -> int:
    """The hits of the skirmish dice rolled: one die at most for each fresh Loyal ship in the
    system, six at most, each face a skirmish face."""
    fresh = state.fleet(system, player).fresh
    if len(faces) > fresh:
        refuse("9.11", f"{player} has {plural(fresh, 'fresh ship')} at {system}: one skirmish "
               f"die for each, not {len(faces)}")
    if len(faces) > DICE_OF_A_TYPE:
        refuse("9.4b", f"at most {DICE_OF_A_TYPE} skirmish dice, not {len(faces)}")
    rolled = [parse_face(face) for face in faces]
    wrong = next((face for face, symbols in zip(faces, rolled, strict=True)
                  if symbols not in DICE[SKIRMISH]), None)
    if wrong is not None:
        refuse(FACE_RULE[SKIRMISH], f"'{wrong}' is not a face of the skirmish die")
    return sum(symbols.count(HIT) for symbols in rolled)
