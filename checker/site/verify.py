"""Check the site's scenarios, remembering each text's result between serve rebuilds.

A result is keyed by the YAML text alone and computed with the text's offsets at zero, then
moved to where the text stands now: editing a line above a fence does not re-run it, editing
the fence or loading another engine does.
"""

from __future__ import annotations

import functools
import hashlib
import sys
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from checker.engine import Ruleset
from checker.location import Location, Problem, ScenarioError
from checker.runner import check_scenario
from checker.scenario import Scenario, build
from checker.verdict import Verdict
from checker.yamlsource import Text, load


@dataclass(frozen=True, slots=True)
class Example:
    """One checked scenario, located where it stands in the site's sources."""

    scenario: Scenario
    verdict: Verdict
    failures: tuple[Problem, ...]

    @property
    def passed(self) -> bool:
        return self.verdict.passed


@dataclass(frozen=True, slots=True)
class CheckedText:
    """A YAML text (a file or one fence): its scenarios, or the errors that kept them out."""

    examples: tuple[Example, ...]
    problems: tuple[Problem, ...]


@dataclass(frozen=True, slots=True)
class _Result:
    scenarios: tuple[tuple[Scenario, Verdict], ...]
    problems: tuple[Problem, ...]


@functools.cache
def engine_version() -> str:
    """A fingerprint of the checker code this process runs: the results of one engine are
    never served for another."""
    digest = hashlib.sha256()
    for name, module in sorted(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if (name == "checker" or name.startswith("checker.")) and path:
            digest.update(name.encode())
            digest.update(Path(path).read_bytes())
    return digest.hexdigest()[:16]


class ScenarioChecks:
    """The checker the site uses, with its memory of results."""

    def __init__(self, games: Mapping[str, Ruleset]) -> None:
        self.games = games
        self.runs = 0
        """Scenarios actually run through the engine, for tests and logs."""
        self._engine = ""
        self._cache: dict[str, _Result] = {}
        self._used: set[str] = set()

    def start_build(self) -> None:
        """Forget the texts the last build did not use, and everything if the engine changed."""
        engine = engine_version()
        if engine != self._engine:
            self._cache.clear()
            self._engine = engine
        elif self._used:
            self._cache = {key: value for key, value in self._cache.items() if key in self._used}
        self._used = set()

    def check(self, text: Text) -> CheckedText:
        self._used.add(text.text)
        result = self._cache.get(text.text)
        if result is None:
            result = self._cache[text.text] = self._run(text.text)
        return _place(result, text)

    def _run(self, yaml_text: str) -> _Result:
        try:
            unplaced = Text("", yaml_text)
            scenarios = build(load(unplaced), unplaced, self.games)
        except ScenarioError as error:
            return _Result((), tuple(error.problems))
        self.runs += len(scenarios)
        return _Result(tuple((s, check_scenario(s, self.games)) for s in scenarios), ())


def _place(result: _Result, text: Text) -> CheckedText:
    def move(location: Location) -> Location:
        return Location(text.path, location.line + text.line_offset,
                        location.col + text.col_offset)

    def moved(problems: list[Problem] | tuple[Problem, ...]) -> tuple[Problem, ...]:
        return tuple(Problem(move(p.location), p.message) for p in problems)

    examples = tuple(Example(replace(scenario, location=move(scenario.location)), verdict,
                             moved(verdict.failures()))
                     for scenario, verdict in result.scenarios)
    return CheckedText(examples, moved(result.problems))
