"""The Arcs Ruleset: the end of a chapter, as the core runs it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.engine import Event, Outcome
from checker.games.arcs import chapter, cleanup, game_end, scoring
from checker.games.arcs.common import Handler
from checker.games.arcs.describe import describe
from checker.games.arcs.rules import RULEBOOK
from checker.games.arcs.setup import initial_state
from checker.games.arcs.state import Stage, State
from checker.games.arcs.vocabulary import VOCABULARY

CORES: dict[Stage, chapter.Core] = {
    Stage.SCORING: chapter.end_chapter,
    Stage.CLEANED: cleanup.clean_up,
    Stage.CHECKED: game_end.check_game_end,
    Stage.DRAWN: game_end.draw_cards,
}
"""What each step of ending a chapter does, keyed by the stage it leads to (1.4)."""


def _score_ambition(state: State, args: Any) -> tuple[State, list[Event]]:
    return scoring.score_ambition(state, args,
                                  lambda s: chapter.reach(s, Stage.SCORING, CORES))


HANDLERS: dict[str, Handler] = {
    "play_card": chapter.play_card,
    "pass_initiative": chapter.pass_initiative,
    "declare_ambition": chapter.declare_ambition,
    "end_chapter": chapter.step(Stage.SCORING, CORES),
    "score_ambition": _score_ambition,
    "clean_up": chapter.step(Stage.CLEANED, CORES),
    "check_game_end": chapter.step(Stage.CHECKED, CORES),
    "draw_cards": chapter.step(Stage.DRAWN, CORES),
    "mulligan": game_end.mulligan,
}


class Arcs:
    """Arcs: Conflict and Collapse in the Reach (base game), the end of a chapter."""

    game = "arcs"
    title = "Arcs"
    vocabulary = VOCABULARY
    rulebook = RULEBOOK

    def setup(self, data: Mapping[str, Any]) -> State:
        return initial_state(data)

    def apply(self, state: State, kind: str, args: Any) -> tuple[State, list[Event]]:
        return HANDLERS[kind](state, args)

    def outcome(self, state: State) -> Outcome | None:
        return state.ended

    def describe(self, state: State) -> dict[str, str]:
        return describe(state)
