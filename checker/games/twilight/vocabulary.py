"""What both editions let a scenario say alike: the players a setup names, the per-player
readings of the state, and the round's expectations (its phase, the status phase step
done, its number), each over the game's own phases, steps and limits."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from checker.vocabulary import Choice, Expectation, Int, Key, Record, StepKind


def record(what: str = "key", **keys: Key) -> Record:
    return Record(keys, what)


def step(name: str, doc: str, **keys: Key) -> StepKind:
    """A step kind whose arguments are a record of `keys`."""
    return StepKind(name, record("argument", **keys), doc)


def names(setup: Mapping[str, Any]) -> dict[str, Sequence[str]]:
    """The players a setup names, for the `player` references of the rest of the scenario."""
    players = setup.get("players", ())
    if not isinstance(players, list):
        return {"player": []}
    return {"player": [p for p in players if isinstance(p, str)]}


def per_player(read: Callable[[Any, str], Any]) -> Callable[[Any], dict[str, Any]]:
    """An observer reading `read(state, player)` for every player."""
    return lambda view: {player: read(view.state, player) for player in view.state.players}


def round_expectations(phase: Choice, steps: Sequence[str], round_: Int
                       ) -> tuple[Expectation, ...]:
    """`phase`, `status_step` and `round`: where the game round stands."""
    return (
        Expectation("phase", phase, "The phase of the game round.",
                    lambda v: v.state.phase.value),
        Expectation("status_step", Int(minimum=0, maximum=len(steps)),
                    "The last status phase step completed "
                    f"({', '.join(f'{i} {s}' for i, s in enumerate(steps, 1))}).",
                    lambda v: v.state.status_done),
        Expectation("round", round_, "The game round.", lambda v: v.state.round),
    )
