"""Shared fixtures: a minimal valid TI4 scenario, loaders that return located problems,
a tiny second game, a runner for the real `checker` command, and the project's own site
built once for the browser tests."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from browsers import build_real_site
from repo_games import GAMES, ROOT

from checker.engine import Event, Outcome, RuleViolation
from checker.rulebook import RuleBook
from checker.runner import Loaded, check_scenario, load_file
from checker.verdict import Verdict
from checker.vocabulary import Int, Key, Record, StepKind, Vocabulary

MINIMAL = """\
id: x
title: X
game: ti4
setup:
  players: [Red, Blue, Green]
  phase: status
  strategy_cards: {Red: Leadership, Blue: Trade, Green: Imperial}
  public_objectives: {revealed: [Expand Borders]}
steps:
  - score: {player: Red, objective: Expand Borders}
expect:
  points: {Red: 1}
"""
"""The minimal valid scenario of the brief, in block style so that line numbers are easy:
line 10 is the step, line 12 the final claim (`Red: 1` value at column 13)."""

SETUP = """\
setup:
  players: [Red, Blue, Green]
  phase: status
  strategy_cards: {Red: Leadership, Blue: Trade, Green: Imperial}
  public_objectives: {revealed: [Expand Borders, Corner the Market]}
"""
"""A status-phase setup (4 lines after the `setup:` key) with two public objectives revealed."""


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's own site, built by `mkdocs build` once for the whole run (once on each
    pytest-xdist worker) and shared by the browser tests: no test writes into it."""
    return build_real_site(tmp_path_factory.mktemp("site"))


@pytest.fixture
def minimal() -> str:
    return MINIMAL


@pytest.fixture
def status_setup() -> str:
    return SETUP


@pytest.fixture
def load() -> Callable[..., Loaded]:
    """Load one file's text the way the CLI and the plugin do."""

    def _load(text: str, path: str = "s.yaml", games: Mapping[str, Any] | None = None) -> Loaded:
        return load_file(path, text, GAMES if games is None else games)

    return _load


@pytest.fixture
def problems(load: Callable[..., Loaded]) -> Callable[..., list[str]]:
    """The `path:line:col: message` lines a text gives; the text must not load any scenario."""

    def _problems(text: str, path: str = "s.yaml",
                  games: Mapping[str, Any] | None = None) -> list[str]:
        loaded = load(text, path, games)
        assert loaded.scenarios == [], "expected the text to be refused"
        assert loaded.failed_texts >= 1
        return [str(p) for p in loaded.problems]

    return _problems


@pytest.fixture
def verdict(load: Callable[..., Loaded]) -> Callable[..., Verdict]:
    """Load a text holding exactly one valid scenario and judge it."""

    def _verdict(text: str, path: str = "s.yaml") -> Verdict:
        loaded = load(text, path)
        assert [str(p) for p in loaded.problems] == []
        assert len(loaded.scenarios) == 1
        return check_scenario(loaded.scenarios[0], GAMES)

    return _verdict


class Toy:
    """A tiny second game: a counter that ends the game when it reaches `goal`.

    Enough of a Ruleset for `build` (game, vocabulary, rulebook) and for the engine core.
    """

    game = "toy"
    title = "Toy"
    rulebook = RuleBook("toy", {"1": "Adding", "2": "Reaching the goal ends the game",
                                "3": "No adding zero", "9": "Explode"})
    vocabulary = Vocabulary(
        setup=Record({"goal": Key(Int(minimum=1, maximum=100), "Where the game ends.",
                                  default=3),
                      "start": Key(Int(minimum=0, maximum=100), "Where the counter starts.",
                                   default=0)},
                     "setup key"),
        steps={
            "add": StepKind("add", Record({"n": Key(Int(minimum=0, maximum=100), "How much.",
                                                    required=True)},
                                          "argument"), "Add to the counter."),
            "explode": StepKind("explode", Record({}, "argument"), "An engine bug."),
        },
        expectations={},
    )

    def setup(self, data: Mapping[str, Any]) -> tuple[int, int]:
        return (data["start"], data["goal"])

    def apply(self, state: tuple[int, int], kind: str, args: Any) -> tuple[Any, list[Event]]:
        if kind == "explode":
            raise ZeroDivisionError("boom")
        if args["n"] == 0:
            raise RuleViolation("toy:3", "adding zero is not a move")
        value = state[0] + args["n"]
        return (value, state[1]), [Event("toy:1", f"The counter goes to {value}.")]

    def outcome(self, state: tuple[int, int]) -> Outcome | None:
        if state[0] >= state[1]:
            return Outcome(None, "toy:2", f"the counter reached {state[1]}")
        return None

    def describe(self, state: tuple[int, int]) -> dict[str, str]:
        return {"Counter": str(state[0])}


@pytest.fixture
def toy() -> Toy:
    return Toy()


@pytest.fixture
def games_with_toy(toy: Toy) -> dict[str, Any]:
    return {**GAMES, "toy": toy}


CHECKER_SCRIPT = Path(sys.executable).parent / "checker"


def uses_repo_rules(project: Path) -> None:
    """Make `project` a project whose rules are those of this repository's pages (its
    mkdocs.yml names the repository's docs folder), as the built-in games' scenarios need:
    a rule exists because a page defines it."""
    config = project / "mkdocs.yml"
    if not config.exists():
        config.write_text(f"docs_dir: {ROOT / 'docs'}\n", encoding="utf-8")


@pytest.fixture(params=["python -m checker", "checker script"])
def checker(request: pytest.FixtureRequest,
            tmp_path: Path) -> Callable[..., subprocess.CompletedProcess[str]]:
    """Run the real command in a subprocess, in tmp_path unless told otherwise; both front doors."""
    if request.param == "python -m checker":
        command = [sys.executable, "-m", "checker"]
    else:
        assert CHECKER_SCRIPT.exists(), f"console script missing: {CHECKER_SCRIPT}"
        command = [str(CHECKER_SCRIPT)]

    uses_repo_rules(tmp_path)

    def _run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([*command, *args], cwd=cwd or tmp_path, capture_output=True,
                              check=False, text=True, timeout=60)
        assert "Traceback" not in done.stderr, done.stderr
        assert "Traceback" not in done.stdout, done.stdout
        return done

    return _run


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite the golden files under tests/golden/ from the current output")


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Callable[[str, str], None]:
    """Compare output with tests/golden/NAME; `--update-golden` rewrites the file instead."""
    folder = Path(__file__).parent / "golden"

    def check(name: str, output: str) -> None:
        path = folder / name
        if request.config.getoption("--update-golden"):
            folder.mkdir(exist_ok=True)
            path.write_text(output, encoding="utf-8")
        assert path.exists(), f"no golden file {path}; run pytest --update-golden and review it"
        assert output == path.read_text(encoding="utf-8"), \
            f"output differs from {path}; if the change is intended, run --update-golden"

    return check
