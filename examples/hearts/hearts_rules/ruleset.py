"""The Hearts Ruleset: what the checker's core calls to run a scenario of the game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from checker.api import Event, Outcome, RuleBook

from hearts_rules.describe import describe
from hearts_rules.drawing import draw
from hearts_rules.sentences import SENTENCES
from hearts_rules.setup import deal, initial_state
from hearts_rules.state import State
from hearts_rules.tricks import play
from hearts_rules.vocabulary import VOCABULARY

HANDLERS: dict[str, Callable[[State, Any], tuple[State, list[Event]]]] = {
    "deal": deal,
    "play": play,
}


class Hearts:
    """Hearts for four players, to 100 points."""

    game = "hearts"
    title = "Hearts"
    vocabulary = VOCABULARY
    sentences = SENTENCES

    def setup(self, data: Mapping[str, Any]) -> State:
        return initial_state(data)

    def apply(self, state: State, kind: str, args: Any) -> tuple[State, list[Event]]:
        return HANDLERS[kind](state, args)

    def outcome(self, state: State) -> Outcome | None:
        return state.ended

    def describe(self, state: State) -> dict[str, str]:
        return describe(state)

    def picture(self, state: State, previous: State | None = None,
                rulebook: RuleBook | None = None) -> str:
        """The score pad and the trick as an inline SVG picture, what changed since
        `previous` marked."""
        return draw(state, previous, rulebook)
