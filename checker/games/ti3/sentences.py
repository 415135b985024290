"""TI3 in words: each step kind as the sentence a player would say, each claim as what it
checks (`checker.sentences`). The status phase steps are named as the rules name them
("refresh planet cards"), never by their number: a walkthrough numbers its own steps."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.games.ti3.state import STATUS_STEPS
from checker.games.twilight.sentences import naming_cards, round_claims, tokens_in
from checker.sentences import Sentences, amounts, count, each, listed, naming, tally

_UNITS = {"PDS": "PDS"}


def units(names: Any, empty: str = "no unit") -> str:
    return tally(names, _UNITS, empty)


def _status(number: int, doing: str) -> Any:
    return lambda args: f"status phase, {STATUS_STEPS[number - 1]}: {doing}"


def _strategy_phase(cards: Mapping[str, Any]) -> str:
    return "strategy phase: " + each(cards, lambda player, held: f"{player} takes "
                                     f"{held if isinstance(held, str) else listed(list(held))}")


def _imperial(args: Mapping[str, Any]) -> str:
    said = (f"{args['player']} uses the primary ability of Imperial: "
            f"{count(args['victory_points'], 'victory point')}")
    card = args.get("reveals")
    if card is None:
        return said
    return said + f", then reveals {card}" + ("" if card == "Imperium Rex" else
                                              f" (worth {count(args['worth'], 'victory point')})")


def _imperial_ii(args: Mapping[str, Any]) -> str:
    said = f"{args['player']} uses the primary ability of Imperial II"
    if args["choice"] == "secondary":
        return said + " to take its secondary ability for free, alone"
    return said + " for any number of public objectives this round" + (
        ", controlling Mecatol Rex" if args.get("controls_mecatol_rex") else "")


def _home_system(args: Mapping[str, Any]) -> str:
    player = args["player"]
    said = (f"{player} controls every planet of their home system" if args["controls_all"]
            else f"{player} loses control of a planet of their home system")
    return said + (", with enemy ships in it" if args.get("enemy_ships") else "")


def _refresh(args: Mapping[str, Any]) -> str:
    said = "status phase, refresh planet cards: every exhausted planet card is refreshed"
    used = (args or {}).get("refresh_abilities")
    if used:
        said += "; " + each(used, lambda player, planets: f"{player} uses the refresh ability "
                            f"of {listed(list(planets))}")
    return said


def _redistribute(areas: Mapping[str, Any]) -> str:
    said = "status phase, redistribute command areas: "
    if not areas:
        return said + "each player puts the two counters received in their command pool"
    return said + each(areas, lambda player, chosen: f"{player} sets " + listed(
        [f"{area} {n}" for area, n in chosen.items()], "their areas as they were"))


def _scuttle(args: Mapping[str, Any]) -> str:
    owner = args.get("owner")
    whose = "their own" if owner in (None, args["player"]) else f"{owner}'s"
    said = (f"{args['player']} scuttles {units(args['units'])} of their own" if whose ==
            "their own" else f"{args['player']} scuttles {whose} {units(args['units'])}")
    fleet = args.get("largest_fleet")
    return said + (f", leaving a largest fleet of {count(fleet, 'ship')}"
                   if fleet is not None else "")


STEPS: dict[str, Any] = {
    "strategy_phase": _strategy_phase,
    "imperial_primary": _imperial,
    "imperial_secondary": lambda a: f"{a['player']} uses the secondary ability of Imperial and "
                                    "builds units at a space dock",
    "imperial_ii_primary": _imperial_ii,
    "home_system": _home_system,
    "requirement": lambda a: f"{a['player']} {'now meets' if a['met'] else 'no longer meets'} "
                             f"the requirements of {a['objective']}",
    "draw_secret_objective": lambda a: f"{a['player']} draws the secret objective "
                                       f"{a['objective']} (worth "
                                       f"{count(a['points'], 'victory point')})",
    "status_phase": lambda a: "the action phase ends and the status phase begins",
    "claim": lambda a: f"{a['player']} claims {a['objective']}",
    "repair_units": _status(2, "every damaged unit is repaired"),
    "remove_command_counters": _status(3, "command counters on the board go back to "
                                       "reinforcements"),
    "refresh_planets": _refresh,
    "receive_cards_and_counters": _status(5, "each player receives one action card and two "
                                          "command counters"),
    "redistribute_command_counters": _redistribute,
    "return_strategy_cards": _status(7, "every player returns their strategy cards"),
    "scuttle": _scuttle,
}


_AREAS = {"strategy": "in their strategy allocation", "command": "in their command pool",
          "fleet": "in their fleet supply", "board": "on the board",
          "reinforcements": "in reinforcements"}


def _counters(player: str, areas: Mapping[str, int]) -> str:
    """`Red has 0 command counters on the board and 8 in reinforcements`."""
    return tokens_in(player, areas, _AREAS, "command counter")


CLAIMS: dict[str, Any] = {
    "points": lambda v: amounts(v, "victory point"),
    "claimed": lambda v: each(v, lambda p, names: naming_cards(p, names, "has claimed",
                                                               "has claimed no objective")),
    "public_objectives": lambda v: naming(v, "the public objective face up is",
                                          "the public objectives face up are",
                                          "no public objective is face up"),
    "holds_secret_objective": lambda v: each(v, lambda p, held: f"{p} "
                                             + ("holds an unclaimed secret objective" if held
                                                else "holds no unclaimed secret objective")),
    "preliminary_completed": lambda v: (listed(list(v)) + (" has" if len(v) == 1 else " have")
                                        + " completed their preliminary objective") if v else
                                       "nobody has completed their preliminary objective",
    "home_control": lambda v: each(v, lambda p, held: f"{p} "
                                   + ("controls every planet of their home system" if held
                                      else "does not control every planet of their home "
                                           "system")),
    **round_claims(STATUS_STEPS),
    "order_of_play": lambda v: "the order of play is " + listed(list(v), "empty"),
    "strategy_cards": lambda v: each(v, lambda p, cards: naming_cards(p, cards, "holds",
                                                                      "holds no strategy card")),
    "strategy_cards_used": lambda v: ("the primary abilities used this round are those of "
                                      + listed(list(v))) if v else
                                     "no primary ability has been used this round",
    "command_counters": lambda v: each(v, _counters),
    "largest_fleet": lambda v: each(v, lambda p, n: f"{p}'s largest fleet has "
                                    f"{count(n, 'ship')}"),
    "planets": lambda v: amounts(v, "planet", verbs=("controls", "control")),
    "exhausted": lambda v: each(v, lambda p, names: naming_cards(p, names, "has exhausted",
                                                                 "has no exhausted planet card")),
    "damaged_units": lambda v: each(v, lambda p, names: f"{p} has damaged units: "
                                    f"{units(names)}" if names else f"{p} has no damaged unit"),
    "units": lambda v: each(v, lambda p, names: f"{p} has {units(names)} on the board"),
    "unit_reinforcements": lambda v: each(v, lambda p, names: f"{p} has put back "
                                          f"{units(names, 'no unit')} in reinforcements"),
    "action_cards": lambda v: amounts(v, "action card", after=" in hand"),
}

SENTENCES = Sentences(STEPS, CLAIMS)
