"""What a Hearts scenario can say: its setup keys, step kinds and claims, each with its
meaning; the checker's validator and JSON Schema read them from here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from checker.api import (
    Bool,
    Choice,
    Expectation,
    Int,
    Key,
    ListOf,
    MapOf,
    Record,
    Ref,
    StepKind,
    Str,
    Vocabulary,
)

from hearts_rules.cards import DECK, HAND_SIZE
from hearts_rules.state import State

PLAYERS = 4
MOST_POINTS = 999
"""More than any game reaches: it ends at the first hand that takes someone to 100, and a
hand gives at most 26 points to a player."""

PLAYER = Ref("player")
SOMEONE = Ref("player", nullable=True)
CARD = Choice(list(DECK), "card")
HAND = ListOf(CARD, unique=True, max_items=HAND_SIZE)
CARDS = ListOf(CARD, unique=True, max_items=len(DECK))
SCORE = Int(minimum=0, maximum=MOST_POINTS)
CARD_NAMES = ("Cards are written rank then suit: 2 to 10, J, Q, K, A, then C, D, S or H, "
              "such as `2C`, `10H` or `QS`.")

SETUP = Record({
    "players": Key(ListOf(Str(), min_items=PLAYERS, unique=True, max_items=PLAYERS),
                   "The four players in seating order, clockwise (1.1).", required=True),
    "scores": Key(MapOf(PLAYER, SCORE), "Each player's score before this hand (0 when not "
                  "given)."),
    "hands": Key(MapOf(PLAYER, HAND), "The cards each player holds, after passing (1.2), "
                 "all four the same number. " + CARD_NAMES + " With 13 each the hand starts "
                 "at its first trick; not given, the scenario starts between hands and its "
                 "first step deals."),
    "taken": Key(MapOf(PLAYER, CARDS), "Cards each player took in the tricks played earlier "
                 "in this hand. Every heart and the Queen of Spades must be in a hand or here "
                 "(3.2); the other cards may be left out."),
    "leader": Key(PLAYER, "Who leads the next trick, in the middle of a hand: the winner of "
                  "the last one (2.6). At the first trick, the holder of 2C (2.1)."),
}, "setup key")

STEPS: dict[str, StepKind] = {step.name: step for step in (
    StepKind("play", Record({
        "player": Key(PLAYER, "The player whose turn it is.", required=True),
        "card": Key(CARD, "The card they play. " + CARD_NAMES, required=True),
    }, "argument"), "A player plays a card to the trick (2). The fourth card finishes the "
        "trick; the thirteenth trick finishes the hand, which is scored (3) and may end the "
        "game (4)."),
    StepKind("deal", MapOf(PLAYER, HAND), "A new hand: the 13 cards each player holds after "
             "passing (1.1, 1.2)."),
)}


def _names(setup: Mapping[str, Any]) -> dict[str, Sequence[str]]:
    players = setup.get("players")
    return {"player": [p for p in players if isinstance(p, str)]
            if isinstance(players, list) else []}


def _each(read: Any) -> Any:
    return lambda view: {p: read(view.state, p) for p in view.state.players}


def _last(read: Any, default: Any) -> Any:
    return lambda view: read(view.state.last_result) if view.state.results else default


def _trick_winner(view: Any) -> str | None:
    """The winner of the last trick leads the next one (2.6)."""
    return view.state.leader if view.state.tricks_played else None


EXPECTATIONS: dict[str, Expectation] = {e.name: e for e in (
    Expectation("scores", MapOf(PLAYER, SCORE), "Each named player's score.",
                _each(State.score), "subset"),
    Expectation("points_taken", MapOf(PLAYER, Int(minimum=0, maximum=26)),
                "Points in the cards each named player has taken this hand (3.1, 3.2); after "
                "the hand ends, until the next deal, those of the hand just played.",
                _each(State.points_taken), "subset"),
    Expectation("hand_scores", MapOf(PLAYER, Int(minimum=0, maximum=26)),
                "What the last hand scored added to each named player's score: the points "
                "they took, or 0 for a moon shooter and 26 for the others (3.3).",
                _last(lambda r: dict(r.added), {}), "subset"),
    Expectation("moon", SOMEONE, "Who shot the moon in the last hand scored (3.3); `null` "
                "for nobody.", _last(lambda r: r.moon, None)),
    Expectation("to_play", SOMEONE, "Whose turn it is to play a card; `null` between hands.",
                lambda view: view.state.to_play),
    Expectation("trick", ListOf(CARD, max_items=PLAYERS), "The cards on the table, in the "
                "order played.", lambda view: [p.card for p in view.state.trick]),
    Expectation("trick_winner", SOMEONE, "Who won the last finished trick of this hand "
                "(2.6); `null` before the first is finished.",
                _trick_winner),
    Expectation("tricks_played", Int(minimum=0, maximum=HAND_SIZE), "Tricks finished in "
                "this hand.", lambda view: view.state.tricks_played),
    Expectation("hearts_broken", Bool(), "Whether a heart has been played this hand, so "
                "hearts may be led (2.5).", lambda view: view.state.hearts_broken),
)}

VOCABULARY = Vocabulary(SETUP, STEPS, EXPECTATIONS, _names)
