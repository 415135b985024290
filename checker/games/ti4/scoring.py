"""Scoring objectives: timing (61.5), limits (61.6, 61.7), who may score what (61.8, 61.16,
61.19), requirements (61.4, 61.9) and costs (61.10)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from checker.games.immutable import updated
from checker.games.ti4.cards import ObjectiveCard, Phase
from checker.games.ti4.common import Events, cite, gain_points, refuse
from checker.games.ti4.objectives import BY_NAME
from checker.games.ti4.state import CommandTokens, RoundPhase, State
from checker.sentences import count as plural

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
        refuse("61.5a", f"{card.name} can only be scored in the score objectives step "
               "of the status phase")


def check_requirement(state: State, player: str, card: ObjectiveCard) -> None:
    stated = state.requirement.get((player, card.name))
    if stated is False:
        # 61.5a judges a status phase card in the status phase; Imperial scores one in the
        # action phase (45.2), where only the general rule applies.
        in_status = card.phase is Phase.STATUS and state.phase is RoundPhase.STATUS
        rule = "61.5a" if in_status else "61.4"
        refuse(rule, f"{player} does not fulfil the requirement of {card.name} now")
    if stated is None and card.destroys:
        _check_destroyed(state, player, card)
    if stated is None and card.wins:
        _check_won(state, player, card)


def _check_won(state: State, player: str, card: ObjectiveCard) -> None:
    """A "win a combat" objective: a combat has a winner only once it has ended (78.10,
    42.4c). A combat of this action phase whose end no step has stated may have been won."""
    space_only = card.wins == "space combat"
    fought = [c for c in state.combats if not space_only or c.kind == "space"]
    if any(c.winner == player or not c.ended for c in fought):
        return
    refuse("61.4", f"{card.name} needs {player} to win a {card.wins}; " + (
        "; ".join(f"{c.winner} won the {c.kind} combat" if c.winner else
                  f"the {c.kind} combat ended in a draw" for c in fought)
        or f"no {card.wins} has been fought this action phase"))


def _check_destroyed(state: State, player: str, card: ObjectiveCard) -> None:
    """A destroy objective needs another player's units of the right kind destroyed, by any
    means that destroys (61.9) but not removed for the fleet pool (61.9a), in the right step."""
    need = card.destroys
    assert need is not None
    done = [d for d in state.destroyed if d.player == player and d.owner != player
            and any(unit in need.units or unit == "ship" for unit in d.units)]
    destroyed = [d for d in done if d.means != "fleet pool"]
    if not destroyed and done:
        refuse("61.9a", f"{player} only forced units to be removed for the fleet pool; that is "
               f"not destroying them, as {card.name} requires")
    if need.during is not None:
        destroyed = [d for d in destroyed if d.during == need.during]
    if not destroyed:
        units = " or ".join(need.units) if len(need.units) < 4 else "the right units"
        when = f" during {need.during.replace('_', ' ')}" if need.during else ""
        refuse("61.4", f"{card.name} needs {player} to destroy another player's {units}{when} "
               "this action phase; that has not happened")


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
        refuse("61.7", f"{player} has already scored {mine[0].objective} during or after this "
               f"{state.window_kind} combat; only one objective per combat")


def _score(state: State, player: str, card: ObjectiveCard, tokens: Any) -> tuple[State, Events]:
    events: Events = _timing_notes(state, player, card)
    if card.cost:
        state, paid = _pay(state, player, card, tokens)
        events += paid
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


def _timing_notes(state: State, player: str, card: ObjectiveCard) -> Events:
    notes: Events = []
    if state.phase is RoundPhase.ACTION and card.phase is Phase.ACTION:
        notes.append(cite("61.5b", f"{card.name} is an action phase objective: it can be scored "
                                   "at any time in that phase."))
        if state.active is not None and state.active != player:
            notes.append(cite("61.note7", f"{player} is not the active player, and may still "
                                          "score it."))
    if state.phase is RoundPhase.AGENDA and card.phase is Phase.AGENDA:
        notes.append(cite("61.5c", f"{card.name} is an agenda phase objective: it can be scored "
                                   "at any time in that phase."))
    if card.public:
        others = [p for p in state.players if p != player and card.name in state.scored(p)]
        if others:
            notes.append(cite("61.note2", f"{', '.join(others)} scored {card.name} already; "
                                          f"{player} may score it too."))
    return notes


def _pay(state: State, player: str, card: ObjectiveCard, tokens: Any) -> tuple[State, Events]:
    events: Events = []
    parts = sorted(_COST_PART.findall(card.cost or ""), key=lambda part: part[1] != "trade goods")
    for amount_text, what in parts:
        amount = int(amount_text)
        if what == "command tokens":
            state = _pay_tokens(state, player, card, amount, tokens)
            events.append(cite("61.10", f"{player} spends {amount} command tokens to score "
                                        f"{card.name}."))
            continue
        funds = state.spendable.get(player)
        if funds is not None:
            funds, used = _spend(funds, what, amount, player, card)
            state = state.with_(spendable=updated(state.spendable, player, funds))
            if used:
                rule = "93.4a" if what == "resources" else "93.4b"
                events.append(cite(rule, f"{player} spends {plural(used, 'trade good')} in "
                                         f"place of {what}."))
        events.append(cite("61.10", f"{player} spends {amount} {what} to score {card.name}."))
    return state, events


def _spend(funds: Mapping[str, int], what: str, amount: int, player: str,
           card: ObjectiveCard) -> tuple[Mapping[str, int], int]:
    """Pay `amount` of `what`; trade goods stand in for resources or influence (93.4)."""
    key = what.replace(" ", "_")
    own = funds.get(key, 0)
    goods = funds.get("trade_goods", 0)
    from_goods = 0 if key == "trade_goods" else max(0, amount - own)
    if (key == "trade_goods" and own < amount) or from_goods > goods:
        refuse("61.10", f"{card.name} costs {amount} {what}; {player} can spend {own} {what}"
               + (f" and {goods} trade goods" if key != "trade_goods" else ""))
    funds = updated(funds, key, own - min(own, amount))
    if from_goods:
        funds = updated(funds, "trade_goods", goods - from_goods)
    return funds, from_goods


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
