"""What both editions' claims say alike in words: where the round stands (its phase, the
status phase step done, named as the game's rules name its steps, its number), the cards a
player has in some way, and a player's command counters or tokens by where they lie."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from checker.sentences import count, listed


def status_step(steps: Sequence[str], number: int) -> str:
    """A status phase step by its name in the rules: `the reveal public objective step`."""
    return f"the {steps[number - 1]} step"


def round_claims(steps: Sequence[str]) -> dict[str, Any]:
    """The sentences of the claims `phase`, `status_step` and `round`
    (`checker.games.twilight.vocabulary.round_expectations`)."""
    def done(number: int) -> str:
        return ("no status phase step is done yet" if number == 0 else
                f"the status phase is done up to {status_step(steps, number)}")
    return {
        "phase": lambda v: f"it is the {v} phase",
        "status_step": done,
        "round": lambda v: f"it is round {v}",
    }


def naming_cards(player: str, names: Any, what: str, empty: str) -> str:
    """`Red has scored A and B`, or `Red` followed by `empty` when there are none."""
    return f"{player} {what} {listed(list(names))}" if names else f"{player} {empty}"


def tokens_in(player: str, counts: Mapping[str, int], places: Mapping[str, str],
              noun: str) -> str:
    """`Red has 3 command tokens in the tactic pool and 2 in the fleet pool`: how many of a
    player's `noun` lie in each of the `places` named."""
    said = [f"{count(n, noun) if i == 0 else n} {places[place]}"
            for i, (place, n) in enumerate(counts.items())]
    return f"{player} has " + listed(said, noun + "s")
