"""Compare a scenario's claims with what the engine decided."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from checker.engine import RuleViolation, Run, StepRecord
from checker.expectations import SETUP_REJECTED, View
from checker.location import Location, Problem
from checker.scenario import Claims, Scenario, expectations_for
from checker.vocabulary import Expectation


@dataclass(frozen=True, slots=True)
class Mismatch:
    """A claim the engine does not agree with."""

    location: Location
    key: str
    stated: Any
    engine: Any
    rule: str | None = None
    """The rule behind the engine's value, when one decided it."""

    @property
    def message(self) -> str:
        cite = f" ({self.rule})" if self.rule else ""
        if self.key == "rejected" and self.engine is None:
            return f"{self.key}: stated {show(self.stated)}, engine allowed it"
        if self.key == SETUP_REJECTED and self.engine is None:
            return f"{self.key}: stated {show(self.stated)}, engine accepted the setup"
        if self.key == "not_cited":
            return f"{self.key}: stated {show(self.stated)}, engine cites {show(self.engine)}"
        return f"{self.key}: stated {show(self.stated)}, engine {show(self.engine)}{cite}"

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


@dataclass
class Verdict:
    """The result of checking one scenario."""

    scenario: Scenario
    run: Run | None
    mismatches: list[Mismatch] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    """Failures that are not a stated-versus-engine difference (e.g. a disputed scenario that agrees)."""
    setup_refused: RuleViolation | None = None
    """Why the engine refused the setup, when it did (then `run` is None)."""

    @property
    def passed(self) -> bool:
        if self.problems:
            return False
        return bool(self.mismatches) if self.scenario.disputed else not self.mismatches

    def failures(self) -> list[Problem]:
        """What to show for a failed scenario (nothing when it passed), as located problems."""
        if self.passed:
            return []
        return [Problem(m.location, m.message) for m in self.mismatches] + self.problems

    def lines(self) -> list[str]:
        return [str(failure) for failure in self.failures()]


def show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, _MAPPINGS):
        return "{" + ", ".join(f"{k}: {show(v)}" for k, v in value.items()) + "}"
    return str(value)


def judge(run: Run) -> Verdict:
    scenario = run.scenario
    verdict = Verdict(scenario, run)
    vocabulary = run.ruleset.vocabulary
    step_table = expectations_for(vocabulary, step_level=True)
    for record in run.records:
        _judge_step(record, run, step_table, verdict)
    verdict.problems += _uncited(run)
    if scenario.expect is not None:
        view = View(run.final_state, run.outcome, run.ended_at_step, (), None)
        _compare(scenario.expect, view, expectations_for(vocabulary, False), scenario, verdict)
    _disputed(verdict)
    return verdict


def judge_refused_setup(scenario: Scenario, refused: RuleViolation) -> Verdict:
    """The verdict on a scenario whose setup the engine refused: it holds when the scenario
    claims `setup_rejected` with the rule the engine named; without that claim the refusal
    is a problem of the scenario, at its setup."""
    verdict = Verdict(scenario, None, setup_refused=refused)
    claims = scenario.expect
    stated = claims.values.get(SETUP_REJECTED) if claims is not None else None
    if claims is None or stated is None:
        verdict.problems.append(Problem(scenario.setup_location, f"the setup breaks "
                                        f"{refused.rule}: {refused.message}"))
        return verdict
    if stated != refused.rule:
        verdict.mismatches.append(Mismatch(
            scenario.source.location(claims.value_pos(SETUP_REJECTED)), SETUP_REJECTED, stated,
            refused.rule))
    _disputed(verdict)
    return verdict


def _disputed(verdict: Verdict) -> None:
    scenario = verdict.scenario
    if scenario.disputed and not verdict.mismatches:
        verdict.problems.append(Problem(scenario.location, f"scenario '{scenario.id}' is marked "
                                        "disputed but the engine now agrees with every claim: "
                                        "mark it verified"))


def _uncited(run: Run) -> list[Problem]:
    """A problem at the first step citing each rule that no page of the game defines: the
    engine's code and the pages have drifted apart (`checker.citations` finds most such
    citations in the code itself; this, those passed around in variables)."""
    rulebook = getattr(run.ruleset, "rulebook", None)
    if rulebook is None:
        return []
    seen: set[str] = set()
    problems = []
    for record in run.records:
        cited = [event.rule for event in record.events]
        cited += [rule.rule for rule in (record.violation, record.outcome) if rule is not None]
        for rule in cited:
            if rule not in seen and rule not in rulebook:
                seen.add(rule)
                problems.append(Problem(record.step.location, f"the {rulebook.game} engine cites "
                                        f"{rule}, which no page defines"))
    return problems


def _judge_step(record: StepRecord, run: Run, table: dict[str, Expectation], verdict: Verdict) -> None:
    step = record.step
    refused = record.violation
    claims = step.expect
    if refused is not None and (claims is None or "rejected" not in claims.values):
        verdict.mismatches.append(Mismatch(step.location, f"step {step.index} ({step.kind})",
                                           "allowed", f"refused: {refused.message}", refused.rule))
    if claims is None:
        return
    ended = run.ended_at_step if run.ended_at_step is not None and run.ended_at_step <= step.index else None
    view = View(record.state, record.outcome, ended, tuple(e.rule for e in record.events),
                refused.rule if refused else None)
    _compare(claims, view, table, run.scenario, verdict)


def _compare(claims: Claims, view: View, table: dict[str, Expectation], scenario: Scenario,
             verdict: Verdict) -> None:
    for key, stated in claims.values.items():
        expectation = table[key]
        actual = expectation.observe(view)
        for path, sub_stated, sub_actual in _differences(expectation.compare, stated, actual):
            where = claims.value_pos(key)
            node = claims.node[key]
            for part in path:
                if not (hasattr(node, "value_pos") and part in node.value_pos):
                    break
                where, node = node.value_pos[part], node[part]
            label = ".".join([key, *map(str, path)])
            rule = _deciding_rule(key, view)
            verdict.mismatches.append(Mismatch(scenario.source.location(where), label, sub_stated,
                                               sub_actual, rule))


def _deciding_rule(key: str, view: View) -> str | None:
    if key in ("winner", "game_over", "ended_by", "ended_at_step") and view.outcome is not None:
        return str(view.outcome.rule)
    return None


_MAPPINGS = (dict, MappingProxyType)
"""The mappings claims and observations are made of (a plain check, not the slower ABC one)."""

Difference = tuple[tuple[Any, ...], Any, Any]
"""(path of keys inside the claim, stated, engine)."""


def _differences(compare: str, stated: Any, actual: Any) -> list[Difference]:
    if compare == "subset":
        return _subset_differences(stated, actual, ())
    if compare == "set":
        return [] if set(stated) == set(actual) else [((), sorted(stated), sorted(actual))]
    if compare == "contains":
        missing = [item for item in stated if item not in actual]
        return [((), stated, list(dict.fromkeys(actual)))] if missing else []
    if compare == "excludes":
        cited = [item for item in stated if item in actual]
        return [((), stated, cited)] if cited else []
    return [] if _plain(stated) == _plain(actual) else [((), stated, actual)]


def _subset_differences(stated: Mapping[Any, Any], actual: Any,
                        path: tuple[Any, ...]) -> list[Difference]:
    """Only the keys the claim names are compared, at every depth."""
    out: list[Difference] = []
    for key, value in stated.items():
        engine = actual.get(key) if isinstance(actual, _MAPPINGS) else None
        if isinstance(value, _MAPPINGS) and isinstance(engine, _MAPPINGS):
            out += _subset_differences(value, engine, (*path, key))
        elif _unordered(value) != _unordered(engine):
            out.append(((*path, key), value, engine))
    return out


def _plain(value: Any) -> Any:
    """Tuples and lists compare alike; order matters."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, _MAPPINGS):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _unordered(value: Any) -> Any:
    """Within a per-player mapping, a list of names is a set; nested mappings compare alike."""
    if isinstance(value, (list, tuple)):
        return sorted(map(str, value))
    if isinstance(value, _MAPPINGS):
        return {k: _unordered(v) for k, v in value.items()}
    return value
