"""The Arcs scenarios guard the rules: they cover every rule item, every rule
the engine cites exists, and a rule coded wrong fails some scenario (each mutation below breaks
one rule and must be caught)."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from repo_games import ARCS_TITLES as TITLES
from repo_games import GAMES, plays

from checker.engine import run
from checker.games.arcs import state
from checker.games.arcs.chapter_end import game_end, scoring
from checker.runner import check_paths, read_file

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios" / "arcs"
ARCS = GAMES["arcs"]


def _scenarios() -> list[Any]:
    return [s for path in sorted(SCENARIOS.glob("*.yaml")) for s in read_file(path, GAMES).scenarios]


def test_scenarios_cover_every_rule_item() -> None:
    about = {rule for scenario in _scenarios() for rule in scenario.about}
    items = [f"arcs:{ref}" for ref in TITLES if "." in ref]
    assert [rule for rule in items if rule not in about] == []
    assert len(_scenarios()) >= 30


def test_every_rule_the_arcs_code_cites_or_refuses_with_is_in_the_rulebook() -> None:
    used = set()
    for path in (ROOT / "checker" / "games" / "arcs").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("cite", "refuse") and node.args
                    and isinstance(node.args[0], ast.Constant)):
                used.add(node.args[0].value)
    assert len(used) > 30
    assert sorted(ref for ref in used if ref not in TITLES) == []


def test_every_rule_cited_while_running_the_scenarios_is_in_the_rulebook() -> None:
    cited = set()
    for scenario in filter(plays, _scenarios()):
        trace = run(scenario, ARCS)
        for record in trace.records:
            cited.update(event.rule for event in record.events)
            if record.violation:
                cited.add(record.violation.rule)
        if trace.outcome:
            cited.add(trace.outcome.rule)
    assert sorted(rule for rule in cited if rule not in ARCS.rulebook) == []


original_places = scoring.places


def _tie_for_first_wins(tally: Any) -> Any:
    """2.7 forgotten: the first of the tied players is first."""
    qualified = {who: n for who, n in tally.items() if n > 0}
    first, second = original_places(tally)
    if first is None and second:
        return second[0], ()
    return first, second if qualified else ()


def _tie_for_second_shares(tally: Any) -> Any:
    """2.8 forgotten: players tied for second all take it."""
    first, second = original_places(tally)
    if first is not None and not second:
        rest = {w: n for w, n in tally.items() if w != first and n > 0}
        if rest:
            best = max(rest.values())
            return first, tuple(w for w, n in rest.items() if n == best)
    return first, second


def _zero_qualifies(tally: Any) -> Any:
    """2.9 forgotten: a count of zero can place."""
    return original_places({w: n + 1 for w, n in tally.items()})


MUTATIONS: dict[str, tuple[Any, str, Callable[..., Any] | Any]] = {
    "2.7 a tie for first goes to the first tied": (scoring, "places", _tie_for_first_wins),
    "2.8 a tie for second shares second place": (scoring, "places", _tie_for_second_shares),
    "2.9 no qualifying": (scoring, "places", _zero_qualifies),
    "2.10 a bonus of +2 at most": (state.State, "bonus",
                                   lambda self, p: 2 if self.cities[p] <= 1 else 0),
    "4.1 the four-player goal is 28": (state, "THRESHOLDS", {4: 28, 3: 30, 2: 33}),
    "4.1 the three-player goal is 29": (state, "THRESHOLDS", {4: 27, 3: 29, 2: 33}),
    "4.1 the two-player goal is 34": (state, "THRESHOLDS", {4: 27, 3: 30, 2: 34}),
    "4.2 the game goes past chapter 5": (game_end, "LAST_CHAPTER", 6),
    "4.3a turn order from the first seat": (state.State, "turn_order",
                                            lambda self: self.players),
}


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_a_rule_coded_wrong_fails_a_scenario(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    target, attribute, wrong = MUTATIONS[name]
    monkeypatch.setattr(target, attribute, wrong)
    report = check_paths([SCENARIOS], GAMES)
    assert report.failed > 0, f"no scenario notices: {name}"
