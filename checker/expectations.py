"""Claims every game understands: how the game ended, whether a step or the setup was refused,
and which rules a step cites or does not cite."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from checker import limits
from checker.vocabulary import NAMES, Bool, Expectation, Int, ListOf, Ref, Spec, Str


@dataclass(frozen=True, slots=True)
class View:
    """What an expectation can read: the state at that point and how things stand."""

    state: Any
    outcome: Any
    """engine.Outcome or None."""
    ended_at_step: int | None
    citations: tuple[str, ...]
    """Rule ids cited by the step (empty for the final expectations)."""
    rejected_by: str | None
    """Rule id that refused the step, if it was refused."""


class RuleIdSpec(Str):
    """A rule id such as `ti4:61.6`; whether it exists is checked against the rule books."""

    description = "a rule id such as ti4:61.6"

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "pattern": r"^[a-z][a-z0-9]*:[0-9A-Za-z]+(\.[0-9A-Za-z]+)*$",
                NAMES: "rule"}


RULE_ID = RuleIdSpec()


def _winner(view: View) -> Any:
    return view.outcome.winner if view.outcome else None


GAME_END: dict[str, Expectation] = {
    e.name: e for e in (
        Expectation("game_over", Bool(), "Whether the game has ended.",
                    lambda v: v.outcome is not None),
        Expectation("winner", Ref("player", nullable=True), "Who won; `null` for a draw or while the game goes on.",
                    _winner),
        Expectation("ended_by", RULE_ID, "The rule that ended the game and decided the winner.",
                    lambda v: v.outcome.rule if v.outcome else None),
        Expectation("ended_at_step", Int(minimum=0, maximum=limits.STEPS),
                    "The number of the step (from 1) during which the game ended; 0 at setup.",
                    lambda v: v.ended_at_step),
    )
}
"""Valid in the final `expect` and in a step's `expect`."""

STEP_ONLY: dict[str, Expectation] = {
    e.name: e for e in (
        Expectation("rejected", RULE_ID,
                    "The rules forbid this step: the engine must refuse it, citing this rule.",
                    lambda v: v.rejected_by),
        Expectation("cites", ListOf(RULE_ID, min_items=1, max_items=limits.RULE_IDS),
                    "Rules the engine must cite while resolving this step (others may be cited too).",
                    lambda v: v.citations, compare="contains"),
        Expectation("not_cited", ListOf(RULE_ID, min_items=1, unique=True,
                                        max_items=limits.RULE_IDS),
                    "Rules the engine must not cite while resolving this step.",
                    lambda v: v.citations, compare="excludes"),
    )
}
"""Valid only in a step's `expect`."""

SETUP_REJECTED = "setup_rejected"

FINAL_ONLY: dict[str, Expectation] = {
    e.name: e for e in (
        Expectation(SETUP_REJECTED, RULE_ID,
                    "The rules forbid this setup: the engine must refuse it, citing this rule. "
                    "Stands alone: no steps and no other claim.",
                    lambda v: None),
    )
}
"""Valid only in the final `expect`. A setup the engine accepts is never refused, so the
claim observes nothing there; the refused setup is judged by `verdict.judge_refused_setup`."""


def spec_of(expectations: dict[str, Expectation]) -> dict[str, Spec]:
    return {name: e.spec for name, e in expectations.items()}
