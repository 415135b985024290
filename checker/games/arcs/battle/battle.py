"""Battle: the attacker picks a system with Loyal ships and a Rival with pieces there, collects
and rolls dice, and resolves every face in the rules' order: self-hits, the intercept, hits on
ships and then buildings, building hits; then the cities destroyed, then raiding (9)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from checker.games.arcs.actions.acting import acting, pay
from checker.games.arcs.battle.dice import DIE_NAMES, SYMBOLS, collect, count
from checker.games.arcs.battle.hits import Side, buildings_of, deal, ships_first, ships_of
from checker.games.arcs.battle.outrage import destroy_cities
from checker.games.arcs.battle.raid import raid
from checker.games.arcs.common import Events, cite, listed, plural, refuse
from checker.games.arcs.parts.battle_report import (
    BUILDING_HIT,
    HIT,
    INTERCEPT,
    KEY,
    SELF_HIT,
    BattleReport,
    Hit,
)
from checker.games.arcs.state import State


def battle(state: State, args: Any) -> tuple[State, Events]:
    state, paying = acting(state, "battle", args)
    attacker, system, defender = paying.turn.player, args["system"], args["defender"]
    events = [_battle_system(state, attacker, system),
              _defender(state, attacker, system, defender)]
    rolls = collect(state, attacker, system, defender, args.get("dice", {}))
    report = BattleReport(system, attacker, defender, rolls)
    events.append(cite("9.4", _rolled(report)))
    state, report, more = _resolve(state, report, args)
    return pay(state.with_(battle=report), paying, events + more)


def _battle_system(state: State, attacker: str, system: str) -> Any:
    fleet = state.fleet(system, attacker)
    if not fleet.total:
        refuse("9.2", f"{attacker} has no ship at {system}: the battle system is one with "
               "Loyal ships")
    return cite("9.2", f"{attacker} battles at {system} with {plural(fleet.total, 'attacking ship')}"
                       f" ({fleet.fresh} fresh, {fleet.damaged} damaged).")


def _defender(state: State, attacker: str, system: str, defender: str) -> Any:
    if defender == attacker:
        refuse("9.3", f"{attacker}'s own pieces are Loyal: the defender is a Rival")
    ships = state.fleet(system, defender).total
    buildings = [b for b in state.slots(system) if b is not None and b.owner == defender]
    if not ships and not buildings:
        refuse("9.3", f"{defender} has no piece at {system}: without a defender there is no "
               "battle")
    return cite("9.3", _defending(state, system, defender))


def _defending(state: State, system: str, defender: str) -> str:
    ships = state.fleet(system, defender).total
    pieces = [plural(ships, "ship")] if ships else []
    pieces += [f"a {'' if b.fresh else 'damaged '}{b.kind}" for b in state.slots(system)
               if b is not None and b.owner == defender]
    return f"{defender} defends with {listed(pieces)}."


def _resolve(state: State, report: BattleReport, args: Any
             ) -> tuple[State, BattleReport, Events]:
    attacker, defender, system, rolls = report.attacker, report.defender, report.system, \
        report.rolls
    attacking = Side(attacker, defender, system, "9.8b")
    defending = Side(defender, attacker, system, "9.8a")
    own_ships = ships_of(attacker, system)
    events: Events = []
    hits: list[Hit] = []
    intercepts = count(rolls, INTERCEPT)
    volleys = (
        (count(rolls, SELF_HIT), SELF_HIT, attacking, "self_hits", own_ships, "9.6a"),
        (_intercept(state, defender, system, intercepts), INTERCEPT, attacking,
         "intercept_hits", own_ships, "9.6b"),
        (count(rolls, HIT), HIT, defending, "ship_hits", ships_first(defender, system), "9.6c"),
        (count(rolls, BUILDING_HIT), BUILDING_HIT, defending, "building_hits",
         buildings_of(defender, system), "9.6d"),
    )
    for number, symbol, side, key, legal, rule in volleys:
        if number or symbol == INTERCEPT and intercepts:
            events.append(cite(rule, _volley(report, rule, number, intercepts)))
        state, landed, more = deal(state, number, symbol, side, args.get(key, ()), legal, rule)
        hits += landed
        events += more
    # Ships that come into the system later (a Mass Uprising Ransacked) are no attacking ships.
    attacking_left = state.fleet(system, attacker).total
    state, ransacked, more = _cities(state, report, hits, args.get("ransack"))
    events += more
    state, stolen, more = _raid(state, report, args.get("raid", ()), attacking_left)
    return state, BattleReport(system, attacker, defender, rolls, tuple(hits), stolen,
                               ransacked), events + more


def _intercept(state: State, defender: str, system: str, intercepts: int) -> int:
    """One hit for each fresh defending ship, once, however many intercepts were rolled."""
    return state.fleet(system, defender).fresh if intercepts else 0


def _cities(state: State, report: BattleReport, hits: list[Hit], ransack: Any
            ) -> tuple[State, tuple[str, ...], Events]:
    """Once every hit is dealt, each city destroyed Provokes Outrage and Ransacks the Court."""
    destroyed = sum(1 for hit in hits if hit.piece == "city" and hit.destroyed)
    return destroy_cities(state, report.attacker, report.defender, report.system, destroyed,
                          ransack)


def _raid(state: State, report: BattleReport, items: Sequence[Any], attacking_left: int
          ) -> tuple[State, tuple[str, ...], Events]:
    keys = count(report.rolls, KEY)
    if attacking_left:
        return raid(state, report.attacker, report.defender, keys, items)
    if items:
        refuse("9.6e", f"no attacking ship of {report.attacker}'s is left at {report.system}: "
               "there is no raid")
    lost = [cite("9.6e", f"No attacking ship is left: the {plural(keys, 'key')} rolled steal "
                         "nothing.")]
    return state, (), lost if keys else []


def _volley(report: BattleReport, rule: str, hits: int, intercepts: int) -> str:
    attacker, defender = report.attacker, report.defender
    return {
        "9.6a": f"First, {plural(hits, SELF_HIT)} on {attacker}'s own attacking ships.",
        "9.6b": f"{plural(intercepts, INTERCEPT)} rolled: {defender} intercepts once, with "
                f"{plural(hits, 'fresh ship')}: {plural(hits, 'hit')} on {attacker}'s attacking "
                "ships.",
        "9.6c": f"{plural(hits, HIT)} on {defender}'s ships, then on {defender}'s buildings "
                "once no ship of theirs is left.",
        "9.6d": f"{plural(hits, BUILDING_HIT)} on {defender}'s buildings.",
    }[rule]


def _rolled(report: BattleReport) -> str:
    numbers = {die: sum(1 for r in report.rolls if r.die == die) for die in DIE_NAMES}
    by_die = [f"{n} {die} {'die' if n == 1 else 'dice'}" for die, n in numbers.items() if n]
    if not by_die:
        return f"{report.attacker} collects no dice: nothing is rolled."
    symbols = [plural(count(report.rolls, s), s) for s in SYMBOLS if count(report.rolls, s)]
    shown = listed(symbols) if symbols else "all blanks"
    return f"{report.attacker} rolls {listed(by_die)}: {shown}."
