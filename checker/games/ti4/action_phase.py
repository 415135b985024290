"""The action phase as far as scoring cares: turns, combat windows (61.7), destroying units
(61.9) and the custodians token (27). Strategic actions have their own module."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from checker.games.immutable import frozen, updated
from checker.games.ti4.common import (
    Events,
    Handler,
    cite,
    fresh_window,
    gain_points,
    mostly,
    refuse,
)
from checker.games.ti4.state import (
    STRATEGY_CARDS,
    Combat,
    CommandTokens,
    Destruction,
    RoundPhase,
    State,
)
from checker.sentences import count as plural

MEANS = {"hits": "with hits", "action card": "with an action card",
         "technology": "with a technology", "ability": "with an ability"}
"""How units were destroyed (61.9), as the event says it."""

CUSTODIANS_COST = 6

COMBAT_RULES = {"space": ("78.9", "78.10", "ships"), "ground": ("42.4", "42.4c", "ground forces")}
"""For each kind of combat: the rule that ends it, the rule that names its winner, and what
the winner has left."""


def strategy_phase(state: State, picks: Any) -> tuple[State, Events]:
    events: Events = []
    if state.phase is RoundPhase.AGENDA:
        state = state.with_(round=state.round + 1, phase=RoundPhase.STRATEGY, status_done=0)
        events.append(cite("40", f"The agenda phase is over; round {state.round} begins."))
    if state.phase is not RoundPhase.STRATEGY:
        refuse("40", f"the strategy phase starts a game round; this is the {state.phase.value} "
               "phase")
    missing = [p for p in state.players if p not in picks]
    if missing:
        refuse("84.1", f"every player takes a strategy card; {mostly(missing)} took none")
    taken: dict[str, str] = {}
    held = {}
    for player in state.clockwise_from_speaker():
        chosen = (picks[player],) if isinstance(picks[player], str) else tuple(picks[player])
        for card in chosen:
            if card in taken:
                refuse("84.1", f"{card} was already taken by {taken[card]}")
            taken[card] = player
            events.append(cite("84.1", f"{player} takes {card} (initiative {STRATEGY_CARDS[card]})."))
        held[player] = tuple(sorted(chosen, key=STRATEGY_CARDS.__getitem__))
    state = state.with_(strategy_cards=frozen(held), phase=RoundPhase.ACTION, active=None,
                        destroyed=(), combats=())
    state = fresh_window(state, "between")
    rule = "48.3" if any(len(cards) > 1 for cards in held.values()) else "48.1"
    events.append(cite(rule, f"Initiative order: {', '.join(state.initiative_order())}."))
    return state, events


def tactical_action(state: State, args: Any) -> tuple[State, Events]:
    if state.phase is not RoundPhase.ACTION:
        refuse("40.2", f"players take turns only in the action phase; this is the "
               f"{state.phase.value} phase")
    player = args["player"]
    state = fresh_window(state.with_(active=player), "turn")
    return state, [cite("89", f"{player} takes a tactical action and is the active player.")]


def _window(step: str, kind: str, label: str, rule: str, text: str) -> Handler:
    def handler(state: State, args: Any) -> tuple[State, Events]:
        if state.active is None:
            refuse("89", f"{label} happens during a tactical action, and none is under way")
        if kind == "space" and state.window_kind == "space":
            combat = state.combat
            if combat is not None and combat.ended:
                refuse("78.9", f"the space combat of this tactical action is over; {label} "
                       "belongs to it")
            return state.with_(window_step=step), [cite(rule, text)]
        state = fresh_window(state, kind, step)
        if kind == "space":
            state = state.with_(combats=state.combats + (Combat(state.window, "space"),))
        return state, [cite(rule, text)]
    return handler


space_cannon_offense = _window("space_cannon_offense", "outside", "space cannon offense",
                               "61.note6", "Space cannon offense is outside combat: no limit on "
                               "scoring.")
anti_fighter_barrage = _window("anti_fighter_barrage", "space", "anti-fighter barrage",
                               "61.note6a", "Anti-fighter barrage is part of the space combat: "
                               "one objective per player during or after it.")
space_combat = _window("space_combat", "space", "space combat", "61.7",
                       "Space combat: one objective per player during or after it.")
bombardment = _window("bombardment", "outside", "bombardment", "61.note6",
                      "Bombardment is outside combat: no limit on scoring.")
space_cannon_defense = _window("space_cannon_defense", "outside", "space cannon defense",
                               "61.note6", "Space cannon defense is outside combat: no limit on "
                               "scoring.")


def ground_combat(state: State, args: Any) -> tuple[State, Events]:
    if state.active is None:
        refuse("89", "a ground combat happens during a tactical action, and none is under way")
    state = fresh_window(state, "ground", "ground_combat")
    state = state.with_(combats=state.combats + (Combat(state.window, "ground"),))
    return state, [cite("61.7a", f"Ground combat on {args['planet']}: counted apart from the space "
                                 "combat and other ground combats; one objective per player.")]


def combat_ends(state: State, args: Any) -> tuple[State, Events]:
    """The combat under way is over, and its winner known (78.10, 42.4c); until the next step
    of the tactical action, what players score is scored after it (61.7)."""
    combat = state.combat
    if combat is None:
        refuse("78.9", "no combat is under way: a combat ends only once it has begun")
    ends, wins, left = COMBAT_RULES[combat.kind]
    if combat.ended:
        refuse(ends, f"this {combat.kind} combat has already ended")
    winner = args.get("winner")
    state = state.with_(combats=state.combats[:-1] + (replace(combat, ended=True, winner=winner),),
                        window_step="")
    return state, [cite(ends, f"The {combat.kind} combat is over."),
                   cite(wins, f"{winner} has {left} left and wins it." if winner else
                        f"Neither side has {left} left: a draw, with no winner."),
                   cite("61.7", "From now until the next step of the tactical action, an "
                                "objective is scored after this combat: it is still the "
                                "combat's one.")]


def destroy_units(state: State, args: Any) -> tuple[State, Events]:
    units = tuple(args["units"])
    record = Destruction(args["player"], args["owner"], units, args["means"], state.window_step)
    return state.with_(destroyed=state.destroyed + (record,)), [
        cite("61.9", f"{args['player']} destroys {args['owner']}'s {mostly(list(units))} "
                     f"{MEANS[args['means']]}.")]


def reduce_fleet_pool(state: State, args: Any) -> tuple[State, Events]:
    player, count = args["player"], args["tokens"]
    pools = state.tokens[player]
    taken = min(count, pools.fleet)
    fleet = pools.fleet - taken
    state = state.with_(tokens=updated(state.tokens, player, CommandTokens(
        pools.tactic, fleet, pools.strategy, pools.board, pools.reinforcements + taken)))
    events = [cite("37.3", f"{args['forced_by']}'s effect takes {plural(taken, 'token')} from "
                           f"{player}'s fleet pool, now {fleet}.")]
    largest = state.largest_fleet.get(player, 0)
    if largest > fleet:
        excess = largest - fleet
        chosen = tuple(args.get("units") or ())
        if chosen and len(chosen) != excess:
            refuse("37.3", f"{player} must remove exactly {plural(excess, 'ship')}, not "
                   f"{len(chosen)}")
        removal = Destruction(args["forced_by"], player, chosen or ("ship",) * excess,
                              "fleet pool")
        state = state.with_(largest_fleet=updated(state.largest_fleet, player, fleet),
                            ships_removed=updated(state.ships_removed, player,
                                                  state.ships_removed.get(player, 0) + excess),
                            destroyed=state.destroyed + (removal,))
        events.append(cite("61.9a", f"{player} removes {plural(excess, 'ship')} over the fleet "
                                    "pool; they are removed, not destroyed."))
    return state, events


def remove_custodians(state: State, args: Any) -> tuple[State, Events]:
    player = args["player"]
    if state.custodians_removed:
        refuse("27.2", "the custodians token has already been removed from Mecatol Rex")
    if state.phase is not RoundPhase.ACTION or state.active != player:
        refuse("27.2", "only the active player removes the custodians token, during an invasion "
               "of Mecatol Rex")
    events = []
    funds = state.spendable.get(player)
    if funds is not None:
        # Trade goods stand in for influence, one for one (93.4b).
        influence, goods = funds.get("influence", 0), funds.get("trade_goods", 0)
        short = max(0, CUSTODIANS_COST - influence)
        if short > goods:
            refuse("27.2", f"removing the custodians token costs {CUSTODIANS_COST} influence; "
                   f"{player} has {influence} influence and {goods} trade goods")
        paid = updated(funds, "influence", influence - (CUSTODIANS_COST - short))
        if short:
            paid = updated(paid, "trade_goods", goods - short)
            events.append(cite("93.4b", f"{player} spends {plural(short, 'trade good')} in place "
                                        "of influence."))
        state = state.with_(spendable=updated(state.spendable, player, paid))
    events.append(cite("27.2", f"{player} spends {CUSTODIANS_COST} influence and removes the "
                               "custodians token."))
    state = state.with_(custodians_removed=True)
    state, gained = gain_points(state, player, 1, "the custodians token", "27.3")
    return state, events + gained + ([] if state.ended else [
        cite("27.4", "From this round on, every round has an agenda phase.")])
