"""pytest plugin: one test item per scenario, its node id the scenario id.

Scenario files are collected under the `checker_paths` ini folders (default: scenarios and
docs) and whenever a file is named on the command line.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from checker.location import Location, Problem, inert
from checker.project import project_games, read_project
from checker.registry import InstalledGame, installed
from checker.runner import check_scenario, read_file
from checker.scenario import Scenario
from checker.sources import MARKDOWN_SUFFIXES, YAML_SUFFIXES, ReadError, read_text, walk


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("checker_paths", "folders whose YAML and Markdown files hold scenarios",
                  type="paths", default=["scenarios", "docs"])


_UNCHECKED = pytest.StashKey[list[str]]()
"""The files and folders under `checker_paths` that could not be checked, one line each."""
_NOTICES = pytest.StashKey[list[str]]()
"""Those lines, and a warning for each game or project setting that cannot be used."""


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """A folder under the `checker_paths` folders that cannot be listed is left to the
    notices (`pytest_report_collectionfinish`) rather than stopping pytest's collection."""
    if not collection_path.is_dir() or \
            not _scope(config).covers(os.path.realpath(collection_path)):
        return None
    try:
        with os.scandir(collection_path):
            return None
    except OSError:
        return True


def pytest_sessionstart(session: pytest.Session) -> None:
    """The notices, made once by the process that reports: not by a pytest-xdist worker,
    whose controller reports for it."""
    if not hasattr(session.config, "workerinput"):
        session.config.stash[_NOTICES] = _notices(session.config)


def pytest_report_collectionfinish(config: pytest.Config) -> list[str]:
    return config.stash.get(_NOTICES, [])


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """Under pytest-xdist the controller collects nothing, so it has no collection report
    to add the notices to: they come in the summary."""
    if config.pluginmanager.has_plugin("dsession"):
        for line in config.stash.get(_NOTICES, []):
            terminalreporter.write_line(line)


def _notices(config: pytest.Config) -> list[str]:
    """A line for each file with a scenario suffix under the `checker_paths` folders that
    pytest's collection passes over without a word (a FIFO, a device, a link that loops or
    leads nowhere), and for each folder there that cannot be listed: the session fails for
    them, as `checker run` does (`pytest_sessionfinish`)."""
    notices: list[str] = [f"checker: warning: {inert(line)}" for line in
                          [*installed().problems, *read_project(config.rootpath).problems]]
    unchecked = config.stash.setdefault(_UNCHECKED, [])

    def unlisted(folder: str, reason: str) -> None:
        unchecked.append(f"checker: not checked: {inert(os.path.relpath(folder, root))}: "
                         f"{reason}")
        notices.append(unchecked[-1])

    root = config.rootpath
    for name in config.getini("checker_paths"):
        folder = Path(root, name)
        if not folder.is_dir():
            continue
        for path in walk(str(folder), unlisted):
            if not os.path.isfile(path):
                try:
                    read_text(path)
                except ReadError as exc:
                    unlisted(path, exc.reason)
    return notices


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A file or folder the checker could not read fails the session, as it fails
    `checker run`, even when every test that ran passed (or none ran)."""
    if session.config.stash.get(_UNCHECKED, []) and exitstatus in (
            pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@dataclass(frozen=True, slots=True)
class _Scope:
    """Where scenario files are collected from, as real paths: the `checker_paths` folders
    and the files named on the command line. Made once a session: resolving each for every
    file pytest visits was most of the plugin's own time on a folder of small files."""

    roots: tuple[str, ...]
    named: frozenset[str]

    def covers(self, real: str) -> bool:
        """Whether the real path `real` is one of the roots or inside one."""
        return any(real == root or real.startswith(root.rstrip(os.sep) + os.sep)
                   for root in self.roots)


_SCOPE = pytest.StashKey[_Scope]()


def _scope(config: pytest.Config) -> _Scope:
    if _SCOPE not in config.stash:
        config.stash[_SCOPE] = _Scope(
            tuple(os.path.realpath(Path(config.rootpath, p))
                  for p in config.getini("checker_paths")),
            frozenset(os.path.realpath(arg.split("::")[0]) for arg in config.args))
    return config.stash[_SCOPE]


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.File | None:
    if file_path.suffix not in YAML_SUFFIXES + MARKDOWN_SUFFIXES:
        return None
    scope = _scope(parent.config)
    real = os.path.realpath(file_path)
    if real in scope.named or scope.covers(real):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


_SEEN = pytest.StashKey[dict[str, Location]]()
"""Scenario ids collected so far in this session, for duplicates across files."""
_GAMES = pytest.StashKey[dict[str, InstalledGame]]()
"""The installed games with the rules of the project's pages, read once a session."""


def _games(config: pytest.Config) -> dict[str, InstalledGame]:
    """The games as `checker run` sees them from the rootdir (its mkdocs.yml's docs folder,
    else docs/)."""
    if _GAMES not in config.stash:
        config.stash[_GAMES] = project_games(read_project(config.rootpath))
    return config.stash[_GAMES]


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        root = self.config.rootpath
        name = str(self.path.relative_to(root)) if self.path.is_relative_to(root) else str(self.path)
        loaded = read_file(self.path, _games(self.config), name, self.config.stash.setdefault(_SEEN, {}))
        if loaded.problems:
            yield ScenarioErrors.from_parent(self, name="errors", problems=loaded.problems)
        for scenario in loaded.scenarios:
            yield ScenarioItem.from_parent(self, name=scenario.id, scenario=scenario)


class ScenarioFailed(Exception):
    """Raised by an item whose scenario disagrees with the engine."""


class ScenarioItem(pytest.Item):
    def __init__(self, *, scenario: Scenario, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario

    def runtest(self) -> None:
        verdict = check_scenario(self.scenario, _games(self.config))
        if not verdict.passed:
            raise ScenarioFailed("\n".join(verdict.lines()))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioFailed):
            return (f"scenario '{self.scenario.id}' ({self.scenario.location}) does not hold:\n"
                    f"{excinfo.value}")
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.scenario.location.line - 1, f"scenario {self.scenario.id}"


class ScenarioErrors(pytest.Item):
    """Stands for the parts of a file that could not be read as scenarios."""

    def __init__(self, *, problems: list[Problem], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.problems = problems

    def runtest(self) -> None:
        raise ScenarioFailed("\n".join(str(p) for p in self.problems))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        return f"{self.path.name} has errors:\n{excinfo.value}"

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.problems[0].location.line - 1, "scenario file errors"
