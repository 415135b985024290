"""Strategic actions that matter for scoring: Imperial (45) and Politics (66), and the order in
which the other players get a card's secondary ability: clockwise from the active player's left
(82.1)."""

from __future__ import annotations

from typing import Any

from checker.games.immutable import updated
from checker.games.ti4 import action_cards, scoring, secrets
from checker.games.ti4.common import Events, cite, fresh_window, gain_points, refuse
from checker.games.ti4.state import CommandTokens, RoundPhase, State

POLITICS_DRAW = action_cards.Why(draw="66.2", reshuffle="2.note3", empty="2.note3")
"""The two cards Politics draws come off the deck like any others (2.2, 2.note3)."""


def _strategic_action(state: State, player: str, card: str, rule: str) -> State:
    """Checks and bookkeeping shared by every strategic action: only in the action phase, only
    with one's own readied card, which it exhausts (71.6); the player becomes the active player."""
    if state.phase is not RoundPhase.ACTION or card not in state.strategy_cards.get(player, ()):
        refuse(rule, f"only the holder of {card} uses its primary ability, in the action phase")
    used = state.exhausted.get(player, ())
    if card in used:
        refuse("71.6", f"{player} has already used {card} this round: the card is exhausted")
    return fresh_window(state.with_(active=player, exhausted=updated(state.exhausted, player,
                                                                    (*used, card))), "turn")


def after_active(state: State, active: str) -> tuple[str, ...]:
    """The other players, clockwise from the active player's left (82.1)."""
    start = state.players.index(active) + 1
    return state.players[start:] + state.players[:start - 1]


def imperial_primary(state: State, args: Any) -> tuple[State, Events]:
    player = args["player"]
    state = _strategic_action(state, player, "Imperial", "45.1").with_(imperial_secondary=())
    if args["controls_mecatol_rex"] and args.get("draw"):
        refuse("45.note3", f"{player} controls Mecatol Rex, so Imperial gives them the victory "
               f"point; they cannot draw {args['draw']} instead")
    events: Events = [cite("71.6", f"{player} takes the strategic action of Imperial and "
                                   "exhausts it.")]
    if args.get("score"):
        state, scored = scoring.score_by_imperial(state, player, args["score"])
        events += scored
        if state.ended:
            return state, events
    if args["controls_mecatol_rex"]:
        state, gained = gain_points(state, player, 1, "Imperial (Mecatol Rex)", "45.2")
        return state, events + gained
    if args.get("draw"):
        state, drawn = secrets.draw(state, player, args["draw"], "61.22")
        events += drawn
    return state, events


def imperial_secondary(state: State, args: Any) -> tuple[State, Events]:
    player = args["player"]
    holder = next((p for p, cards in state.strategy_cards.items() if "Imperial" in cards), None)
    used = state.imperial_secondary
    if used is None or holder is None:
        refuse("45.3", "the secondary ability of Imperial is used right after its holder "
               "resolves the primary ability")
    if player == holder or player in used:
        refuse("45.3", f"{player} cannot use this secondary ability"
               + (" twice" if player != holder else ": it is their own card"))
    seats = after_active(state, holder)
    if used and seats.index(player) < seats.index(used[-1]):
        refuse("82.1", f"the secondary ability goes round clockwise from {holder}'s left "
               f"({', '.join(seats)}); {used[-1]} has used it, so {player}'s chance has passed")
    pools = state.tokens[player]
    if pools.strategy < 1:
        refuse("45.3", f"{player} has no token in their strategy pool to spend")
    state = state.with_(tokens=updated(state.tokens, player, CommandTokens(
        pools.tactic, pools.fleet, pools.strategy - 1, pools.board, pools.reinforcements + 1)))
    state = state.with_(imperial_secondary=(*used, player))
    events = [cite("45.3", f"{player} spends a strategy token to draw a secret objective.")]
    state, drawn = secrets.draw(state, player, args["draw"], "61.22")
    return state, events + drawn


def politics_primary(state: State, args: Any) -> tuple[State, Events]:
    """A new speaker, two action cards, a look at the agenda deck (66.2), in that order."""
    player, chosen = args["player"], args["speaker"]
    state = _strategic_action(state, player, "Politics", "66.1")
    if chosen == state.speaker:
        refuse("66.2", f"{chosen} already has the speaker token; Politics gives it to someone "
               "else")
    events = [cite("71.6", f"{player} takes the strategic action of Politics and exhausts it."),
              cite("66.2", f"{player} gives the speaker token to {chosen}, who is now the "
                           "speaker.")]
    state = state.with_(speaker=chosen)
    state, drawn = action_cards.draw(state, [player, player], POLITICS_DRAW)
    events += drawn
    events.append(cite("66.2", f"{player} looks at the top two agenda cards and puts each back "
                               "on the top or the bottom of the deck."))
    return state, events
