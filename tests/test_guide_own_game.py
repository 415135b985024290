"""The guide page "Add your own game" works as printed: its files (each code sample names
the file it is, on its first line) make a game package, its page and a scenario, and the
game, registered through the entry point its pyproject.toml declares, checks the scenario
against the rules its page defines."""

from __future__ import annotations

import re
import sys
import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from checker.registry import GROUP, bind, from_entry_points
from checker.rule_pages import read_rulebooks
from checker.runner import check_scenario, load_file

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "guide" / "own-game.md"
_FENCE = re.compile(r"^```(\w+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
_NAMED = re.compile(r"^(?:# |<!-- )(?P<path>[\w./-]+)(?: -->)?$")


def _samples() -> dict[str, tuple[str, str]]:
    """Every code sample of the guide, by the file it names on its first line."""
    samples = {}
    for language, body in _FENCE.findall(GUIDE.read_text(encoding="utf-8")):
        first, _, rest = body.partition("\n")
        named = _NAMED.match(first)
        assert named is not None, f"a {language} sample names no file: {first!r}"
        samples[named["path"]] = (language, rest if language == "markdown" else body)
    return samples


def test_every_sample_of_the_guide_names_its_file() -> None:
    assert sorted(_samples()) == ["docs/race/rules.md", "pyproject.toml",
                                  "race_rules/__init__.py", "race_rules/ruleset.py",
                                  "scenarios/race/first-to-the-goal.yaml"]


def test_the_guides_game_checks_its_scenario(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    samples = _samples()
    for name, (_, text) in samples.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    for module in ("race_rules", "race_rules.ruleset"):
        sys.modules.pop(module, None)
    project = tomllib.loads(samples["pyproject.toml"][1])
    entries = [EntryPoint(name, value, GROUP)
               for name, value in project["project"]["entry-points"][GROUP].items()]
    registry = from_entry_points(entries, {"race": "race-rules 0.1.0"})
    assert registry.problems == [] and list(registry.games) == ["race"]
    books = read_rulebooks(tmp_path / "docs", {"race": "race"})
    assert books["race"].titles == {
        "1": "The race", "1.1": "Players take turns in the order they sit, each moving",
        "1.2": "A move is one to six spaces forward, never more", "1.3":
        "Reaching the goal wins"}
    games = bind(registry.games, books)
    name = "scenarios/race/first-to-the-goal.yaml"
    loaded = load_file(name, samples[name][1], games)
    assert loaded.problems == []
    verdict = check_scenario(loaded.scenarios[0], games)
    assert verdict.passed, verdict.lines()
    assert [record.violation.rule for record in verdict.run.records if record.violation] == [
        "race:1.2"]


def test_the_guides_game_refuses_a_move_out_of_turn(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    samples = _samples()
    (tmp_path / "race_rules").mkdir()
    for name in ("race_rules/__init__.py", "race_rules/ruleset.py"):
        (tmp_path / name).write_text(samples[name][1], encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    for module in ("race_rules", "race_rules.ruleset"):
        sys.modules.pop(module, None)
    from race_rules.ruleset import Race  # type: ignore[import-not-found]

    race = Race()
    state = race.setup({"players": ["Red", "Blue"], "goal": 10})
    with pytest.raises(Exception, match="it is Red's turn, not Blue's") as refused:
        race.apply(state, "move", {"player": "Blue", "spaces": 3})
    assert refused.value.rule == "race:1.1"
