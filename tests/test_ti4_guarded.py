"""The TI4 scenarios guard the rules: they cover every rule of sections 61 and 81 and the end
conditions of 98, every rule the engine cites exists, and a rule coded wrong fails some
scenario (each mutation below breaks one rule and must be caught)."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from checker.engine import Outcome, run
from checker.games import GAMES
from checker.games.ti4 import action_phase, common, scoring, secrets, status_phase
from checker.games.ti4.rules import TITLES
from checker.games.ti4.state import State
from checker.runner import check_paths, read_file

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios" / "ti4"
TI4 = GAMES["ti4"]


def _scenarios() -> list[Any]:
    return [s for path in sorted(SCENARIOS.glob("*.yaml")) for s in read_file(path, GAMES).scenarios]


def test_scenarios_cover_every_rule_of_61_and_81_and_the_end_of_98() -> None:
    about = {rule for scenario in _scenarios() for rule in scenario.about}
    wanted = [f"ti4:{ref}" for ref in TITLES
              if ref.split(".")[0] in ("61", "81") and "." in ref and ref != "61.note9"]
    wanted += ["ti4:98.2a", "ti4:98.4a", "ti4:98.7", "ti4:98.8"]
    assert [rule for rule in wanted if rule not in about] == []
    assert len(_scenarios()) >= 40


def test_every_rule_the_ti4_code_cites_or_refuses_with_is_in_the_rulebook() -> None:
    package = ROOT / "checker" / "games" / "ti4"
    used = set()
    for path in package.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("cite", "refuse") and node.args
                    and isinstance(node.args[0], ast.Constant)):
                used.add(node.args[0].value)
    assert len(used) > 40
    assert sorted(ref for ref in used if ref not in TITLES) == []


def test_every_rule_cited_while_running_the_scenarios_is_in_the_rulebook() -> None:
    cited = set()
    for scenario in _scenarios():
        trace = run(scenario, TI4)
        for record in trace.records:
            cited.update(event.rule for event in record.events)
            if record.violation:
                cited.add(record.violation.rule)
        if trace.outcome:
            cited.add(trace.outcome.rule)
    assert sorted(rule for rule in cited if rule not in TI4.rulebook) == []


def _no_limits(state: State, player: str, card: Any) -> None:
    """61.6 and 61.7 forgotten."""


def _no_home_rule(state: State, player: str, card: Any) -> None:
    original_check_ownership(state.with_(home_lost=frozenset()), player, card)


def _uncapped_gain(state: State, player: str, points: int, *args: Any, **kwargs: Any) -> Any:
    """Points past the goal are kept; reaching the goal still ends the game."""
    goal = state.goal
    state, events = original_gain_points(state.with_(goal=99), player, points, *args, **kwargs)
    state = state.with_(goal=goal)
    if state.points(player) >= goal:
        state = state.with_(ended=Outcome(player, "ti4:98.7", f"{player} reached {goal}"))
    return state, events


def _last_leader_wins(state: State) -> Any:
    order = state.initiative_order()
    reversed_state = state.with_(strategy_cards={}, players=tuple(reversed(order)),
                                 speaker=order[-1])
    result, events = original_run_out(reversed_state)
    return result.with_(players=state.players, speaker=state.speaker,
                        strategy_cards=state.strategy_cards), events


def _no_secret_limit(state: State, player: str, name: str, rule: str = "61.21") -> Any:
    hand = state.secrets[player] + (name,)
    return state.with_(secrets={**state.secrets, player: hand}), []


def _any_order_in_status(state: State, args: Any) -> Any:
    return original_score(state.with_(status_cursor=-1), args)


def _combat_as_outside(state: State, args: Any) -> Any:
    return original_ground_combat(state, args)[0].with_(window_kind="outside"), []


original_check_ownership = scoring.check_ownership
original_gain_points = common.gain_points
original_run_out = status_phase._objectives_run_out
original_score = scoring.score
original_ground_combat = action_phase.ground_combat

MUTATIONS: dict[str, tuple[tuple[Any, ...], str, Callable[..., Any]]] = {
    "61.6/61.7 limits ignored": ((scoring,), "_check_limits", _no_limits),
    "61.16 home system ignored": ((scoring,), "check_ownership", _no_home_rule),
    "98.4a no cap at the goal": ((common, scoring, action_phase), "gain_points", _uncapped_gain),
    "98.8 tie to the last in initiative order": ((status_phase,), "_objectives_run_out",
                                                  _last_leader_wins),
    "61.21 no secret objective limit": ((secrets,), "draw", _no_secret_limit),
    "81.1 scoring in any order": ((scoring,), "score", _any_order_in_status),
    "61.7a ground combat not a combat": ((action_phase,), "ground_combat", _combat_as_outside),
}


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_a_rule_coded_wrong_fails_a_scenario(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    modules, attribute, wrong = MUTATIONS[name]
    for module in modules:
        monkeypatch.setattr(module, attribute, wrong)
    _rebind_handlers(monkeypatch)
    report = check_paths([SCENARIOS], GAMES)
    assert report.failed > 0, f"no scenario notices: {name}"


def _rebind_handlers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ruleset's dispatch table holds functions, not names: point it at the current ones."""
    from checker.games.ti4 import ruleset
    table = dict(ruleset.HANDLERS)
    table["score"] = scoring.score
    table["ground_combat"] = action_phase.ground_combat
    monkeypatch.setattr(ruleset, "HANDLERS", table)


def test_the_unmutated_engine_passes_every_scenario() -> None:
    report = check_paths([SCENARIOS], GAMES)
    assert (report.failed, report.passed) == (0, len(_scenarios()))
