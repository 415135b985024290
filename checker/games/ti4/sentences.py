"""TI4 in words: each step kind as the sentence a player would say, each claim as what it
checks (`checker.sentences`). The status phase steps are named as the rules name them
("reveal public objective"), never by their number: a walkthrough numbers its own steps."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.games.ti4.action_phase import MEANS
from checker.games.ti4.state import STATUS_STEPS
from checker.games.twilight.sentences import naming_cards, round_claims, tokens_in
from checker.sentences import Sentences, amounts, count, each, listed, naming, tally

_UNITS = {"infantry": "infantry", "PDS": "PDS"}


def units(names: Any, empty: str = "no unit") -> str:
    return tally(names, _UNITS, empty)


def _players(players: Any) -> str:
    return players if isinstance(players, str) else listed(list(players))


def _points(args: Mapping[str, Any], verb: str, way: str) -> str:
    players, points = args["players"], args["points"]
    source = args.get("law") or args["source"]
    if isinstance(players, Mapping):
        return f"{amounts(players, 'victory point', verbs=(verb + 's', verb))} {way} {source}"
    several = not isinstance(players, str) and len(players) > 1
    return (f"{_players(players)} {verb if several else verb + 's'} "
            f"{count(points, 'victory point')}{' each' if several else ''} {way} {source}")


def _score(args: Mapping[str, Any]) -> str:
    paid = args.get("tokens")
    pools = listed([count(n, f"{pool} token") for pool, n in paid.items() if n]) if paid else ""
    return f"{args['player']} scores {args['objective']}" + (f", paying {pools}" if pools else "")


def _destroy(args: Mapping[str, Any]) -> str:
    return (f"{args['player']} destroys {args['owner']}'s {units(args['units'])} "
            f"{MEANS[args['means']]}")


def _reduce_fleet_pool(args: Mapping[str, Any]) -> str:
    said = (f"{args['forced_by']}'s effect takes {count(args['tokens'], 'token')} from "
            f"{args['player']}'s fleet pool")
    removed = args.get("units")
    return said + (f"; {args['player']} removes {units(removed)}" if removed else "")


def _imperial(args: Mapping[str, Any]) -> str:
    player = args["player"]
    said = f"{player} uses the primary ability of Imperial, "
    said += "controlling Mecatol Rex" if args["controls_mecatol_rex"] else \
        "not controlling Mecatol Rex"
    extra = [f"scores {args['score']}"] if args.get("score") else []
    extra += [f"draws the secret objective {args['draw']}"] if args.get("draw") else []
    return said + (f", and {listed(extra)}" if extra else "")


def _strategy_phase(cards: Mapping[str, Any]) -> str:
    taken = each(cards, lambda player, held: f"{player} takes "
                 f"{held if isinstance(held, str) else listed(list(held))}")
    return f"strategy phase: {taken}"


def _redistribute(pools: Mapping[str, Any]) -> str:
    said = "status phase, gain and redistribute command tokens: "
    if not pools:
        return said + "each player puts the two tokens gained in their tactic pool"
    set_ = each(pools, lambda player, chosen: f"{player} sets " + listed(
        [f"{pool} {n}" for pool, n in chosen.items()], "their pools as they were"))
    return said + set_


def _status(name: str, doing: str) -> Any:
    return lambda args: f"status phase, {name}: {doing}"


def _reveal(args: Mapping[str, Any]) -> str:
    card = args.get("objective") if args else None
    return ("status phase, reveal public objective: the speaker reveals "
            + (card if card else "the next facedown public objective"))


STEPS: dict[str, Any] = {
    "strategy_phase": _strategy_phase,
    "tactical_action": lambda a: f"{a['player']} takes a tactical action",
    "space_cannon_offense": lambda a: "space cannon offense is resolved",
    "anti_fighter_barrage": lambda a: "anti-fighter barrage opens the space combat",
    "space_combat": lambda a: "the space combat is fought",
    "bombardment": lambda a: "bombardment is resolved",
    "space_cannon_defense": lambda a: "space cannon defense is resolved",
    "ground_combat": lambda a: f"a ground combat is fought on {a['planet']}",
    "combat_ends": lambda a: "the combat is over" + (f": {a['winner']} wins it"
                                                     if a.get("winner") else ", a draw"),
    "destroy_units": _destroy,
    "reduce_fleet_pool": _reduce_fleet_pool,
    "score": _score,
    "requirement": lambda a: f"{a['player']} {'now' if a['met'] else 'no longer'} fulfils the "
                             f"requirement of {a['objective']}",
    "home_system": lambda a: f"{a['player']} "
                             + ("controls every planet of their home system again"
                                if a["controls_all"] else
                                "loses control of a planet of their home system"),
    "draw_secret_objective": lambda a: f"{a['player']} draws the secret objective "
                                       f"{a['objective']}",
    "return_secret_objective": lambda a: f"{a['player']} returns the secret objective "
                                         f"{a['objective']} to the deck",
    "reveal_secret_objective": lambda a: f"{a['player']} shows the secret objective "
                                         f"{a['objective']} to everyone",
    "imperial_primary": _imperial,
    "imperial_secondary": lambda a: f"{a['player']} uses the secondary ability of Imperial "
                                    f"and draws the secret objective {a['draw']}",
    "politics_primary": lambda a: f"{a['player']} uses the primary ability of Politics and "
                                  f"makes {a['speaker']} the speaker",
    "remove_custodians_token": lambda a: f"{a['player']} removes the custodians token from "
                                         "Mecatol Rex",
    "gain_points": lambda a: _points(a, "gain", "from"),
    "lose_points": lambda a: _points(a, "lose", "through"),
    "discard_law": lambda a: f"the law {a['law']} is discarded",
    "shard_of_the_throne": lambda a: f"{a['player']} gains the Shard of the Throne",
    "support_for_the_throne": lambda a: f"{a['from']} gives {a['player']} their Support for "
                                        "the Throne",
    "exchange_support_for_the_throne": lambda a: f"{listed(list(a['players']))} give each "
                                                 "other their Support for the Throne",
    "return_support_for_the_throne": lambda a: f"{a['player']} returns {a['to']}'s Support "
                                               "for the Throne",
    "seed_of_an_empire": lambda a: f"the agenda Seed of an Empire resolves "
                                   f"{a['outcome'].capitalize()}",
    "incentive_program": lambda a: f"the agenda Incentive Program resolves "
                                   f"{a['outcome'].capitalize()}, and {a['objective']} is drawn",
    "status_phase": lambda a: "the action phase ends and the status phase begins",
    "reveal_objective": _reveal,
    "draw_action_cards": _status("draw action cards", "each player draws one action card"),
    "remove_command_tokens": _status("remove command tokens", "every command token on the "
                                     "board goes back to its reinforcements"),
    "redistribute_command_tokens": _redistribute,
    "ready_cards": _status("ready cards", "every exhausted card is readied"),
    "repair_units": _status("repair units", "every damaged unit is repaired"),
    "return_strategy_cards": _status("return strategy cards", "every player returns their "
                                     "strategy cards"),
}


_POOLS = {"tactic": "in the tactic pool", "fleet": "in the fleet pool",
          "strategy": "in the strategy pool", "board": "on the board",
          "reinforcements": "in reinforcements"}
_SPENDABLE = {"resources": ("resource", None), "influence": ("influence", "influence"),
              "trade_goods": ("trade good", None)}


def _tokens(player: str, pools: Mapping[str, int]) -> str:
    """`Red has 3 command tokens in the tactic pool and 2 in the fleet pool`."""
    return tokens_in(player, pools, _POOLS, "command token")


def _spendable(player: str, amounts: Mapping[str, int]) -> str:
    return f"{player} can still spend " + listed(
        [count(n, *_SPENDABLE[kind]) for kind, n in amounts.items()], "what they have")


def _unrevealed(stages: Mapping[str, int]) -> str:
    said = listed([count(n, f"stage {'I' if stage == 'stage_i' else 'II'} objective")
                   for stage, n in stages.items()], "public objectives")
    return f"{said} {'is' if said.startswith('1 ') and ' and ' not in said else 'are'} " \
           "still facedown"


CLAIMS: dict[str, Any] = {
    "points": lambda v: amounts(v, "victory point"),
    "scored": lambda v: each(v, lambda p, names: naming_cards(p, names, "has scored",
                                                              "has scored no objective")),
    "revealed": lambda v: naming(v, "the public objective face up is",
                                 "the public objectives face up are",
                                 "no public objective is face up"),
    "unrevealed": _unrevealed,
    **round_claims(STATUS_STEPS),
    "speaker": lambda v: f"{v} is the speaker",
    "initiative_order": lambda v: "the initiative order is " + listed(list(v), "empty"),
    "active_player": lambda v: f"it is {v}'s turn" if v else "it is nobody's turn",
    "secret_objectives": lambda v: amounts(v, "unscored secret objective", after=" in hand"),
    "shown_secret_objectives": lambda v: each(v, lambda p, names: naming_cards(
        p, names, "has shown", "has shown no secret objective")),
    "command_tokens": lambda v: each(v, _tokens),
    "ships_removed": lambda v: amounts(v, "ship", after=" over their fleet pool",
                                       verbs=("has removed", "have removed")),
    "action_cards": lambda v: amounts(v, "action card", after=" in hand"),
    "action_deck": lambda v: f"{count(v, 'card')} {'is' if v == 1 else 'are'} left in the "
                             "action card deck",
    "action_discard": lambda v: f"the action card discard pile holds {count(v, 'card')}",
    "exhausted": lambda v: each(v, lambda p, names: naming_cards(p, names, "has exhausted",
                                                                 "has no exhausted card")),
    "damaged_units": lambda v: each(v, lambda p, names: f"{p} has damaged units: "
                                    f"{units(names)}" if names else f"{p} has no damaged unit"),
    "custodians_token": lambda v: "the custodians token is on Mecatol Rex"
                                  if v == "on Mecatol Rex" else
                                  "the custodians token has been removed from Mecatol Rex",
    "spendable": lambda v: each(v, _spendable),
}

SENTENCES = Sentences(STEPS, CLAIMS)
