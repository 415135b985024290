"""Hearts in words: each step as a player would say it, each claim as what it checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.api import Sentences

from hearts_rules.cards import shown, written
from hearts_rules.citing import listed


def _points(number: int) -> str:
    return f"{number} point{'' if number == 1 else 's'}"


def _each(values: Mapping[str, Any], say: Any) -> str:
    return listed([say(player, value) for player, value in values.items()], "nothing is stated")


def _deal(hands: Mapping[str, Any]) -> str:
    return "a new hand is dealt; after passing, " + "; ".join(
        f"{player} holds {written(cards)}" for player, cards in hands.items())


STEPS = {
    "play": lambda a: f"{a['player']} plays {shown(a['card'])}",
    "deal": _deal,
}

CLAIMS = {
    "scores": lambda v: _each(v, lambda p, n: f"{p} has {_points(n)}"),
    "points_taken": lambda v: _each(v, lambda p, n: f"{p} has taken {_points(n)} this hand"),
    "hand_scores": lambda v: _each(v, lambda p, n: f"{p} scores {_points(n)} for the hand"),
    "moon": lambda v: f"{v} shot the moon" if v else "nobody shot the moon",
    "to_play": lambda v: f"it is {v}'s turn" if v else "nobody is to play",
    "trick": lambda v: ("the cards on the table are " + " ".join(shown(c) for c in v))
                       if v else "no card is on the table",
    "trick_winner": lambda v: f"{v} won the last trick" if v else "no trick is finished yet",
    "tricks_played": lambda v: f"{v} of 13 tricks are finished",
    "hearts_broken": lambda v: "hearts are broken" if v else "hearts are not broken",
}

SENTENCES = Sentences(STEPS, CLAIMS)
