"""benchmarks/mutation.py on a tiny game of its own: a mutant the scenario catches is killed,
one it cannot tell apart survives, and the keys and the equivalent-mutants file agree."""

from __future__ import annotations

import ast
import dataclasses
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

RULESET = '''\
"""A counter that ends the game when it reaches the goal."""

from __future__ import annotations

from checker.engine import Event, Outcome, RuleViolation
from checker.games.counter.rules import reached
from checker.rulebook import RuleBook
from checker.vocabulary import Int, Key, Record, StepKind, Vocabulary

N = Int(minimum=0, maximum=100)


class Counter:
    game = "counter"
    title = "Counter"
    rulebook = RuleBook("counter", {"1": "Adding", "2": "Reaching the goal ends the game"})
    vocabulary = Vocabulary(
        setup=Record({"goal": Key(N, "Where the game ends.", default=3)}, "setup key"),
        steps={"add": StepKind("add", Record({"n": Key(N, "How much.", required=True)},
                                             "argument"), "Add to the counter.")},
        expectations={},
    )

    def setup(self, data):
        return (0, data["goal"])

    def apply(self, state, kind, args):
        if state[0] >= state[1]:
            raise RuleViolation("counter:2", "the game is over")
        value = state[0] + args["n"]
        return (value, state[1]), [Event("counter:1", f"The counter goes to {value}.")]

    def outcome(self, state):
        if reached(state[0], state[1]):
            return Outcome(None, "counter:2", "the goal is reached")
        return None

    def describe(self, state):
        return {"Counter": str(state[0] + 0)}
'''

RULES = '''\
def reached(value, goal):
    spare = value * 2 if value > 100 else value
    return value >= goal
'''

SCENARIO = """\
id: counter-reaches-goal
title: Reaching the goal exactly ends the game
game: counter
setup: {goal: 3}
steps:
  - add: {n: 3}
expect:
  game_over: true
"""


@pytest.fixture(scope="module")
def mutation() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation_tool",
                                                  ROOT / "benchmarks" / "mutation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def project(tmp_path: Path) -> Path:
    game = tmp_path / "checker" / "games" / "counter"
    game.mkdir(parents=True)
    (game / "__init__.py").write_text("")
    (game / "ruleset.py").write_text(RULESET)
    (game / "rules.py").write_text(RULES)
    (tmp_path / "scenarios" / "counter").mkdir(parents=True)
    (tmp_path / "scenarios" / "counter" / "reach.yaml").write_text(SCENARIO)
    return tmp_path


def _find(mutants: list[Any], operator: str, original: str) -> Any:
    [found] = [m for m in mutants if m.operator == operator and m.original == original]
    return found


def test_a_caught_mutant_is_killed_and_a_harmless_one_survives(mutation: ModuleType,
                                                               project: Path) -> None:
    source = mutation.GameSource.read("counter", project)
    mutants = source.mutants()
    # `reached` is imported by name into ruleset.py: the kill shows the mutated code runs there.
    caught = _find(mutants, "compare", "value >= goal")
    harmless = _find(mutants, "compare", "value > 100")
    report = mutation.run_game(source, mutation.Suite.read(project), [caught, harmless], {},
                               jobs=2)
    verdicts = {o.mutant: o.verdict for o in report.outcomes}
    assert verdicts[caught].killed and verdicts[caught].how == "failed"
    assert verdicts[caught].by == "counter-reaches-goal"
    assert not verdicts[harmless].killed
    assert report.baseline.scenarios == 1 and report.baseline.broken == {}
    assert len(report.survivors) == 1 and report.score == 0.5


def test_what_is_mutated_and_what_is_not(mutation: ModuleType, project: Path) -> None:
    mutants = mutation.GameSource.read("counter", project).mutants()
    found = {(m.operator, m.original, m.mutated) for m in mutants}
    assert ("compare", "value >= goal", "value > goal") in found
    assert ("arithmetic", "state[0] + args['n']", "state[0] - args['n']") in found
    assert ("number", "3", "4") in found  # the default goal
    assert ("statement", "return value >= goal", "pass") in found
    texts = " ".join(m.original for m in mutants)
    assert "state[0] + 0" not in texts  # describe(): narration
    assert "100" not in {m.original for m in mutants if m.module.endswith("ruleset.py")}  # bound
    for mutant in mutants:  # spliced in place: every line stays where it was
        text = (project / "checker" / "games" / mutant.module).read_text()
        assert mutant.source.count("\n") == text.count("\n")


def test_a_helper_of_describe_that_a_picture_also_calls_is_not_mutated(
        mutation: ModuleType) -> None:
    rows = "def rows(state):\n    return {'Counter': str(state[0] + 0)}\n"
    trees = {"g/ruleset.py": ast.parse("def describe(self, state):\n    return rows(state)\n"
                                       "def apply(self, state):\n    return state[0] + 1\n"),
             "g/rows.py": ast.parse(rows),
             "g/drawing/board.py": ast.parse("def draw(state):\n    return rows(state)\n"),
             "g/board.py": ast.parse("def draw(state):\n    return rows(state)\n")}
    # A picture module is not mutated, so its call does not keep `rows` alive...
    assert "rows" in mutation.skipped_names({k: v for k, v in trees.items() if k != "g/board.py"})
    assert mutation.module_mutants("g/rows.py", rows, {"rows"}) == []
    # ...but the same call from a module that is mutated does.
    assert "rows" not in mutation.skipped_names(trees)


def test_a_kind_of_value_s_check_is_mutated_whatever_describe_reads(
        mutation: ModuleType) -> None:
    spec = "class Word:\n    def check(self, value, pos, ctx):\n        return value.strip()\n"
    trees = {"g/words.py": ast.parse(spec),
             "g/ruleset.py": ast.parse("def describe(self, state):\n    return state.check\n")}
    # The core calls `check`; the attribute `state.check` read only in describe() is another.
    assert "check" not in mutation.skipped_names(trees)
    assert mutation.module_mutants("g/words.py", spec, mutation.skipped_names(trees)) != []


def test_an_equivalent_mark_is_read_back_and_a_stale_one_is_not_matched(
        mutation: ModuleType, project: Path, tmp_path: Path) -> None:
    mutants = mutation.GameSource.read("counter", project).mutants()
    harmless = _find(mutants, "compare", "value > 100")
    marks = tmp_path / "equivalent.txt"
    marks.write_text(f"# comment\n{harmless.key}: `spare` is never used\n"
                     "counter/rules.py::reached compare#0 'a' -> 'b': gone\nnot a mark\n")
    found, bad = mutation.read_equivalents(marks)
    assert found[harmless.key].reason == "`spare` is never used"
    assert "counter/rules.py::reached compare#0 'a' -> 'b'" not in {m.key for m in mutants}
    assert bad == [("equivalent.txt:4: not `module::function operator#n 'original' -> "
                    "'mutated': reason`")]


def test_a_mutant_that_hangs_or_dies_is_killed(mutation: ModuleType, project: Path) -> None:
    source = mutation.GameSource.read("counter", project)
    base = next(m for m in source.mutants() if m.module == "counter/rules.py")
    text = source.texts["counter/rules.py"]
    hangs = dataclasses.replace(base, operator="hang", source=text + "while True:\n    pass\n")
    dies = dataclasses.replace(base, operator="die",
                               source=text + "import os\nos.kill(os.getpid(), 9)\n")
    report = mutation.run_game(source, mutation.Suite.read(project), [hangs, dies], {},
                               jobs=2, timeout=1.0)
    assert [(o.mutant.operator, o.verdict.how) for o in report.outcomes] == \
        [("hang", "timeout"), ("die", "crash")]
    assert "SIGKILL" in report.outcomes[1].verdict.detail


def test_a_splice_that_cannot_keep_the_lines_falls_back_to_the_whole_module(
        mutation: ModuleType) -> None:
    stats = mutation.Stats()
    text = "def f(x):\n    a = 1; b = (x +\n        2)\n    return a + b\n"
    mutants = mutation.module_mutants("g/m.py", text, set(), stats)
    [removed] = [m for m in mutants if m.original == "b = x + 2"]
    assert stats.unparsed == 1
    assert ast.dump(ast.parse(removed.source)) == ast.dump(ast.parse(
        "def f(x):\n    a = 1\n    pass\n    return a + b\n"))
