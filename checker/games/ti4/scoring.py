"""Scoring objectives: timing (61.5), limits (61.6, 61.7), who may score what (61.8, 61.16,
61.19), requirements (61.4, 61.9) and costs (61.10)."""

from __future__ import annotations

import re
from typing import Any

from checker.games.ti4.cards import ObjectiveCard, Phase
from checker.games.ti4.common import Events, cite, gain_points, refuse
from checker.games.ti4.objectives import BY_NAME
from checker.games.ti4.state import CommandTokens, RoundPhase, State, updated

_COST_PART = re.compile(r"(\d+) (resources|influence|trade goods|command tokens)")


def score(state: State, args: Any) -> tuple[State, Events]:
    """The `score` step: a player scores an objective in the ordinary way."""
    player, card = args["player"], BY_NAME[args["objective"]]
    check_ownership(state, player, card)
    _check_timing(state, player, card)
    check_requirement(state, player, card)
    _check_limits(state, player, card)
    return _score(state, player, card, args.get("tokens"))


def score_by_imperial(state: State, player: str, name: str) -> tuple[State, Events]:
    """Imperial's primary ability scores a public objective in the action phase (45.2)."""
    card = BY_NAME[name]
    check_ownership(state, player, card)
    check_requirement(state, player, card)
    state, events = _score(state, player, card, None)
    return state, [cite("45.2", f"Imperial lets {player} score {name} now.")] + events


def check_ownership(state: State, player: str, card: ObjectiveCard) -> None:
    if card.name in state.scored(player):
        refuse("61.8", f"{player} has already scored {card.name}")
    if card.public:
        if card.name not in state.revealed:
            refuse("61.11", f"{card.name} is not a revealed public objective")
        if player in state.home_lost:
            refuse("61.16", f"{player} does not control every planet in their home system, "
                   "so cannot score public objectives")
        return
    if card.name not in state.secrets[player]:
        holder = next((p for p in state.players if card.name in state.secrets[p]
                       or card.name in state.scored(p)), None)
        where = f"it belongs to {holder}" if holder else "it is not in their hand"
        refuse("61.19", f"{player} can only score their own secret objectives; {card.name}: {where}")


def _check_timing(state: State, player: str, card: ObjectiveCard) -> None:
    wanted = {Phase.STATUS: RoundPhase.STATUS, Phase.ACTION: RoundPhase.ACTION,
              Phase.AGENDA: RoundPhase.AGENDA}[card.phase]
    if state.phase is not wanted:
        refuse("61.5", f"{card.name} is scored in the {card.phase.value} phase, not the "
               f"{state.phase.value} phase")
    if card.phase is Phase.STATUS and state.status_done >= 1:
        refuse("61.5a", f"{card.name} can only be scored in the Score Objectives step (step 1) "
               "of the status phase")


def check_requirement(state: State, player: str, card: ObjectiveCard) -> None:
    stated = state.requirement.get((player, card.name))
    if stated is False:
        rule = "61.5a" if card.phase is Phase.STATUS else "61.4"
        refuse(rule, f"{player} does not fulfil the requirement of {card.name} now")
    if stated is None and card.destroys:
        done = [d for d in state.destroyed if d.player == player and d.owner != player]
        if not any(d.means != "fleet pool" for d in done):
            if done:
                refuse("61.9a", f"{player} only forced units to be removed for the fleet pool; "
                       f"that is not destroying them, as {card.name} requires")
            refuse("61.4", f"{player} has destroyed no other player's units during this "
                   f"tactical action, as {card.name} requires")


def _check_limits(state: State, player: str, card: ObjectiveCard) -> None:
    mine = [g for g in state.gains if g.player == player and g.window == state.window and g.objective]
    if state.window_kind == "status":
        if any(g.public == card.public for g in mine):
            kind = "public" if card.public else "secret"
            refuse("61.6", f"{player} has already scored a {kind} objective this status phase")
        order = state.initiative_order()
        position = order.index(player)
        if position < state.status_cursor:
            refuse("81.1", f"objectives are scored in initiative order; {order[state.status_cursor]} "
                   f"has already scored, after {player}'s turn to score")
    if state.window_kind in ("space", "ground") and mine:
        rule = "61.note5" if state.window_kind == "ground" else "61.7"
        refuse(rule, f"{player} has already scored {mine[0].objective} during or after this "
               f"{state.window_kind} combat; only one objective per combat")


def _score(state: State, player: str, card: ObjectiveCard, tokens: Any) -> tuple[State, Events]:
    events: Events = []
    if card.cost:
        state, events = _pay(state, player, card, tokens)
    if state.window_kind == "status":
        state = state.with_(status_cursor=max(state.status_cursor,
                                              state.initiative_order().index(player)))
    if card.public:
        events.append(cite("61.12", f"{player} places a control token on {card.name}."))
    else:
        events.append(cite("61.18", f"{player} reveals {card.name} and places a control token "
                                    "on it."))
        hand = tuple(n for n in state.secrets[player] if n != card.name)
        shown = tuple(n for n in state.shown_secrets.get(player, ()) if n != card.name)
        state = state.with_(secrets=updated(state.secrets, player, hand),
                            shown_secrets=updated(state.shown_secrets, player, shown))
    state, gained = gain_points(state, player, card.points, card.name,
                                "61.12" if card.public else "61.18", card.name, card.public)
    return state, events + gained


def _pay(state: State, player: str, card: ObjectiveCard, tokens: Any) -> tuple[State, Events]:
    events: Events = []
    for amount_text, what in _COST_PART.findall(card.cost or ""):
        amount = int(amount_text)
        if what == "command tokens":
            state = _pay_tokens(state, player, card, amount, tokens)
            events.append(cite("61.10", f"{player} spends {amount} command tokens to score "
                                        f"{card.name}."))
            continue
        key = what.replace(" ", "_")
        funds = state.spendable.get(player)
        if funds is not None and key in funds:
            if funds[key] < amount:
                refuse("61.10", f"{card.name} costs {amount} {what}; {player} can spend only "
                       f"{funds[key]}")
            state = state.with_(spendable=updated(state.spendable, player,
                                                  updated(funds, key, funds[key] - amount)))
        events.append(cite("61.10", f"{player} spends {amount} {what} to score {card.name}."))
    return state, events


def _pay_tokens(state: State, player: str, card: ObjectiveCard, amount: int, chosen: Any) -> State:
    pools = state.tokens[player]
    if chosen:
        tactic, strategy = chosen.get("tactic", 0), chosen.get("strategy", 0)
        if tactic + strategy != amount:
            refuse("61.10", f"{card.name} costs {amount} command tokens; {tactic + strategy} named")
    else:
        tactic = min(amount, pools.tactic)
        strategy = amount - tactic
    if tactic > pools.tactic or strategy > pools.strategy:
        refuse("61.10", f"{card.name} costs {amount} command tokens from the tactic and strategy "
               f"pools; {player} has {pools.tactic} tactic and {pools.strategy} strategy")
    paid = CommandTokens(pools.tactic - tactic, pools.fleet, pools.strategy - strategy,
                         pools.board, pools.reinforcements + amount)
    return state.with_(tokens=updated(state.tokens, player, paid))
