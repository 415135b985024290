"""Check scenario files end to end: read, load, validate, run, judge. The CLI and the pytest
plugin both stand on this."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from checker.engine import BoundRuleset, RuleViolation, run
from checker.ids import first_uses
from checker.location import InternalError, Location, Problem, ScenarioError
from checker.parallel import ordered_map
from checker.scenario import Scenario, build
from checker.sources import ReadError, find_files, read_problem, read_text, texts_in_file
from checker.verdict import Verdict, judge, judge_refused_setup
from checker.yamlsource import load


@dataclass
class Loaded:
    """What one file gave: its scenarios, and the problems that kept others from loading."""

    path: str
    scenarios: list[Scenario] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    failed_texts: int = 0
    """How many YAML texts (a file, or a Markdown fence) could not be read as scenarios."""


@dataclass(frozen=True, slots=True)
class Checked:
    """What a report keeps of one checked scenario: enough to print and count it."""

    id: str
    location: Location
    passed: bool
    failures: tuple[Problem, ...]
    """The mismatches and problems, when it failed."""


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A file some of whose texts could not be read as scenarios."""

    path: str
    problems: tuple[Problem, ...]
    texts: int


@dataclass
class Report:
    checked: list[Checked] = field(default_factory=list)
    unreadable: list[Unreadable] = field(default_factory=list)

    @property
    def problems(self) -> list[Problem]:
        return [p for item in self.unreadable for p in item.problems]

    @property
    def passed(self) -> int:
        return sum(1 for c in self.checked if c.passed)

    @property
    def failed(self) -> int:
        return sum(1 for c in self.checked if not c.passed) + sum(u.texts for u in self.unreadable)

    @property
    def ok(self) -> bool:
        return self.failed == 0

    @property
    def internal_errors(self) -> bool:
        """Whether the checker itself failed on some input (a bug to report, exit 3)."""
        return any(isinstance(p, InternalError) for checked in self.checked
                   for p in checked.failures) or \
            any(isinstance(p, InternalError) for p in self.problems)


def load_file(path: str, content: str, games: Mapping[str, BoundRuleset],
              seen: dict[str, Location] | None = None) -> Loaded:
    """The scenarios of one file; `seen` carries the ids of files loaded before it, so a
    duplicate is caught within the file and across files in one pass."""
    loaded = _load_texts(path, content, games)
    duplicate_ids([loaded], seen)
    return loaded


def _load_texts(path: str, content: str, games: Mapping[str, BoundRuleset]) -> Loaded:
    """Every scenario of one file, duplicate ids not yet told apart."""
    texts, unclosed = texts_in_file(path, content)
    loaded = Loaded(path, problems=unclosed, failed_texts=len(unclosed))
    for text in texts:
        try:
            loaded.scenarios += build(load(text), text, games)
        except ScenarioError as error:
            loaded.problems += error.problems
            loaded.failed_texts += 1
        except Exception as exc:  # noqa: BLE001 - a checker bug is reported in place
            place = Location(path, text.line_offset + 1, text.col_offset + 1)
            loaded.problems.append(InternalError(place, f"internal error in the checker: "
                                                        f"{type(exc).__name__}: {exc}"))
            loaded.failed_texts += 1
    return loaded


def read_file(path: Path, games: Mapping[str, BoundRuleset], name: str | None = None,
              seen: dict[str, Location] | None = None) -> Loaded:
    """Load a file from disk; `name` is how it is shown (the path itself by default)."""
    loaded = _read_texts(path, games, name or str(path))
    duplicate_ids([loaded], seen)
    return loaded


def _read_texts(path: Path, games: Mapping[str, BoundRuleset], name: str) -> Loaded:
    try:
        content = read_text(path)
    except ReadError as exc:
        return Loaded(name, problems=[read_problem(name, exc)], failed_texts=1)
    return _load_texts(name, content, games)


def check_scenario(scenario: Scenario, games: Mapping[str, BoundRuleset]) -> Verdict:
    ruleset = games[scenario.game]
    try:
        return judge(run(scenario, ruleset))
    except RuleViolation as refused:
        return judge_refused_setup(scenario, refused.with_traceback(None))
    except Exception as exc:  # noqa: BLE001 - an engine bug is reported in place, not as a traceback
        problem = InternalError(scenario.location, f"internal error in the {scenario.game} "
                                                   f"engine: {type(exc).__name__}: {exc}")
    return Verdict(scenario, None, problems=[problem])


def duplicate_ids(loaded: Iterable[Loaded], first: dict[str, Location] | None = None) -> None:
    """Scenario ids are unique across everything checked together; later copies are errors.
    `first` maps the ids already seen to where they were, when checking goes file by file."""
    first = {} if first is None else first
    for item in loaded:
        item.scenarios, problems = first_uses(item.scenarios, first)
        item.problems += problems
        item.failed_texts += len(problems)


def check_paths(paths: Iterable[Path], games: Mapping[str, BoundRuleset],
                jobs: int = 1) -> Report:
    """Check file by file, keeping only what the report prints, so memory stays small however
    many scenarios there are (`checker explain` and the pytest plugin keep their own). With
    `jobs` above 1 the files are checked on that many processes; the report is the same, in
    the same order: ids are told unique here, in the files' order, not in the workers."""
    report = Report()
    found: list[Path | Unreadable] = []

    def unlisted(folder: str, reason: str) -> None:
        found.append(Unreadable(folder, (Problem(Location(folder, 1, 1), reason),), 1))

    found.extend(find_files(paths, unlisted))
    files = [entry for entry in found if isinstance(entry, Path)]
    results = ordered_map(_check_file, files, jobs, games)
    seen: dict[str, Location] = {}
    for entry in found:
        if isinstance(entry, Unreadable):
            report.unreadable.append(entry)
        else:
            _add_file(report, next(results), seen)
    return report


@dataclass(frozen=True, slots=True)
class CheckedFile:
    """One file's part of a report, before the files checked ahead of it are known: every
    scenario in it checked, duplicates of earlier ids too."""

    path: str
    problems: tuple[Problem, ...]
    failed_texts: int
    checked: tuple[Checked, ...]


def _check_file(games: Mapping[str, BoundRuleset], path: Path) -> CheckedFile:
    item = _read_texts(path, games, str(path))
    checked = []
    for scenario in item.scenarios:
        verdict = check_scenario(scenario, games)
        checked.append(Checked(scenario.id, scenario.location, verdict.passed,
                               tuple(verdict.failures())))
    return CheckedFile(item.path, tuple(item.problems), item.failed_texts, tuple(checked))


def _add_file(report: Report, item: CheckedFile, seen: dict[str, Location]) -> None:
    """`item` into `report`, a scenario whose id an earlier one took as a problem of its
    file (`duplicate_ids`)."""
    checked, duplicates = first_uses(item.checked, seen)
    problems = item.problems + tuple(duplicates)
    if problems:
        report.unreadable.append(Unreadable(item.path, problems,
                                            item.failed_texts + len(duplicates)))
    report.checked += checked
