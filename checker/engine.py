"""The engine core: run a scenario's steps through a game's Ruleset and keep the trace.

Nothing here knows any game. A Ruleset sets up an immutable state from the
scenario's setup, applies one step at a time (or refuses it with a
RuleViolation naming the rule), and says when the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from checker.rulebook import RuleBook

if TYPE_CHECKING:  # a site rebuilt from its cache needs rulesets, not scenarios
    from checker.scenario import Scenario, Step
    from checker.sentences import Sentences
    from checker.vocabulary import Vocabulary


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, and the rule that made it happen."""

    rule: str
    """Full rule id, e.g. "ti4:61.12"."""
    text: str
    """One sentence of narration, in the game's own terms."""


class RuleViolation(Exception):
    """The rules forbid this step; `rule` names the rule that forbids it."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.message = message


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winner (None for a draw) and the rule that decided it."""

    winner: str | None
    rule: str
    reason: str


class Ruleset(Protocol):
    """What a game module provides to the core."""

    @property
    def game(self) -> str:
        """Short name used in scenarios and rule ids, e.g. "ti4"."""

    @property
    def title(self) -> str: ...

    @property
    def vocabulary(self) -> Vocabulary: ...

    @property
    def sentences(self) -> Sentences:
        """Its step kinds and claims in words, for walkthroughs and `checker explain`."""

    def setup(self, data: Mapping[str, Any]) -> Any:
        """The starting state; may raise RuleViolation when the setup breaks a rule."""

    def apply(self, state: Any, kind: str, args: Any) -> tuple[Any, list[Event]]:
        """The state after one step and what happened; raises RuleViolation to refuse it."""

    def outcome(self, state: Any) -> Outcome | None:
        """The end of the game, once it has ended."""

    def describe(self, state: Any) -> dict[str, str]:
        """The state as labelled lines for people (walkthroughs, `checker explain`)."""


class BoundRuleset(Ruleset, Protocol):
    """A game's ruleset as the core runs it, with the rules its site's pages define
    (`checker.registry.InstalledGame`)."""

    @property
    def rulebook(self) -> RuleBook: ...


@dataclass
class StepRecord:
    """One step as the engine saw it."""

    step: Step
    state: Any
    """The state after the step (the state before it when it was refused)."""
    events: list[Event] = field(default_factory=list)
    violation: RuleViolation | None = None
    outcome: Outcome | None = None


@dataclass
class Run:
    """The whole trace of a scenario: the start, each step, and how it ended."""

    scenario: Scenario
    ruleset: Ruleset
    initial: Any
    records: list[StepRecord]
    outcome: Outcome | None
    ended_at_step: int | None

    @property
    def final_state(self) -> Any:
        return self.records[-1].state if self.records else self.initial


def run(scenario: Scenario, ruleset: Ruleset) -> Run:
    """Apply every step in order. A refused step leaves the state as it was; steps after
    the game has ended are refused citing the rule that ended it."""
    state = ruleset.setup(scenario.setup)
    initial = state
    outcome = ruleset.outcome(state)
    ended_at: int | None = 0 if outcome else None
    records = []
    for step in scenario.steps:
        if outcome is not None:
            violation = RuleViolation(outcome.rule, f"the game is already over: {outcome.reason}")
            records.append(StepRecord(step, state, violation=violation, outcome=outcome))
            continue
        try:
            state, events = ruleset.apply(state, step.kind, step.args)
        except RuleViolation as refused:
            records.append(StepRecord(step, state, violation=refused.with_traceback(None)))
            continue
        outcome = ruleset.outcome(state)
        if outcome is not None:
            ended_at = step.index
        records.append(StepRecord(step, state, events, outcome=outcome))
    return Run(scenario, ruleset, initial, records, outcome, ended_at)
