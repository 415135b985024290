"""The Arcs Ruleset: playing cards, the standard actions and the end of a chapter, as the core
runs them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.engine import Event, Outcome
from checker.games.arcs.actions import build, court_actions, elimination, move, repair, tax
from checker.games.arcs.battle import battle, rifles
from checker.games.arcs.chapter_end import chapter, cleanup, game_end, scoring
from checker.games.arcs.chapter_end import drawing as chapter_end
from checker.games.arcs.common import Handler
from checker.games.arcs.drawing.board_panel import shows_boards
from checker.games.arcs.drawing.map import changed_court, changed_systems, draw_map
from checker.games.arcs.narration.describe import describe
from checker.games.arcs.narration.sentences import SENTENCES
from checker.games.arcs.play import card_play, declaring
from checker.games.arcs.prelude import prelude_step
from checker.games.arcs.setup import initial_state
from checker.games.arcs.state import Stage, State
from checker.games.arcs.vocabulary import VOCABULARY
from checker.rulebook import RuleBook

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


def _clean_up(state: State, args: Any) -> tuple[State, list[Event]]:
    """The clean-up, with the resources each player chose to discard (3.4a)."""
    discards = args.get("discard", {})
    cores = {**CORES, Stage.CLEANED: lambda s: cleanup.clean_up(s, discards)}
    return chapter.reach(state, Stage.CLEANED, cores)


HANDLERS: dict[str, Handler] = {
    "lead": card_play.lead,
    "surpass": card_play.surpass,
    "copy": card_play.copy,
    "pivot": card_play.pivot,
    "seize": card_play.seize,
    "declare_ambition": declaring.declare_ambition,
    "pass_initiative": card_play.pass_initiative,
    "end_round": card_play.end_round,
    "tax": tax.tax,
    "build": build.build,
    "move": move.move,
    "repair": repair.repair,
    "influence": court_actions.influence,
    "secure": court_actions.secure,
    "battle": battle.battle,
    "fire_rifles": rifles.fire_rifles,
    "prelude": prelude_step.prelude,
    "elimination": elimination.elimination,
    "end_chapter": chapter.step(Stage.SCORING, CORES),
    "score_ambition": _score_ambition,
    "clean_up": _clean_up,
    "check_game_end": chapter.step(Stage.CHECKED, CORES),
    "draw_cards": chapter.step(Stage.DRAWN, CORES),
    "mulligan": game_end.mulligan,
}


class Arcs:
    """Arcs: Conflict and Collapse in the Reach (base game): card play, the standard actions
with Battle, and the end of a chapter."""

    game = "arcs"
    title = "Arcs"
    vocabulary = VOCABULARY
    sentences = SENTENCES

    def setup(self, data: Mapping[str, Any]) -> State:
        return initial_state(data)

    def apply(self, state: State, kind: str, args: Any) -> tuple[State, list[Event]]:
        """The step's handler, on the state without the report of a battle fought before."""
        return HANDLERS[kind](state.with_(battle=None), args)

    def outcome(self, state: State) -> Outcome | None:
        return state.ended

    def describe(self, state: State) -> dict[str, str]:
        return describe(state)

    def picture(self, state: State, previous: State | None = None,
                rulebook: RuleBook | None = None) -> str:
        """The map as an inline SVG picture, what changed since `previous` marked, with the
        key to its shapes when there is no `previous` (the setup's); or, on a step of the end
        of a chapter (which moves no piece on the map), and at a setup with no piece on the
        map but ambitions declared, the ambition boxes and the Power track
        (`chapter_end.draw`). "" when there is nothing new to draw: no piece on the map, or
        nothing on the map or in the Court changed since `previous` and no battle was
        fought, and no Prelude action or Outrage outside battle changed a player board, so the
        picture before still holds."""
        if chapter_end.shows(state, previous):
            return chapter_end.draw(state, previous, rulebook)
        if not any(s.ships or s.buildings for s in (state, previous) if s is not None):
            return ""
        fought = state.battle is not None and (previous is None or state.battle is not
                                                previous.battle)
        if previous is not None and not fought and not changed_systems(state, previous) \
                and not changed_court(state, previous) and not shows_boards(state, previous):
            return ""
        return draw_map(state, previous, key=previous is None)
