"""What both editions' claims about the round say in words: its phase, the status phase
step done, named as the game's rules name its steps, and its number."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


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
