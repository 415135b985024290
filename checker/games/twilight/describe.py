"""What both editions' state tables say alike: the round and its phase, a player with the
strategy cards they hold, and the end of the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Protocol

from checker.engine import Outcome


class Round(Protocol):
    """What the round's line reads of a game's state."""

    @property
    def round(self) -> int: ...
    @property
    def phase(self) -> Enum: ...
    @property
    def status_done(self) -> int: ...
    @property
    def strategy_cards(self) -> Mapping[str, tuple[str, ...]]: ...


def round_and_phase(state: Round, status: Enum, steps: Sequence[str]) -> str:
    """`2, status phase (reveal public objective done)`: the round and its phase, in the
    `status` phase with the last of its `steps` done (or the first, while it is open)."""
    phase = f"{state.phase.value} phase"
    if state.phase is status:
        phase += (f" ({steps[state.status_done - 1]} done)" if state.status_done
                  else f" ({steps[0]})")
    return f"{state.round}, {phase}"


def with_cards(state: Round, player: str) -> str:
    """`Red (Diplomacy, Trade)`: a player and the strategy cards they hold, if any."""
    cards = state.strategy_cards.get(player)
    return f"{player} ({', '.join(cards)})" if cards else player


def game_over(ended: Outcome) -> str:
    """`Red wins: ...`, or `a draw: ...`, with the reason."""
    return f"{ended.winner} wins: {ended.reason}" if ended.winner else f"a draw: {ended.reason}"
