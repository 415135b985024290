"""The TI4 scenarios guard the rules: they cover every rule of sections 61 and 81 and the end
conditions of 98, every rule the engine cites exists, and a rule coded wrong fails some
scenario (each mutation below breaks one rule and must be caught)."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from repo_games import GAMES, plays
from repo_games import TI4_TITLES as TITLES

from checker.engine import Outcome, run
from checker.games.ti4 import (
    action_phase,
    agendas,
    common,
    point_cards,
    points,
    scoring,
    secrets,
    status_phase,
    strategic_actions,
)
from checker.games.ti4.state import Gain, State
from checker.runner import check_paths, check_scenario, load_file, read_file

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios" / "ti4"
TI4 = GAMES["ti4"]


def _scenarios() -> list[Any]:
    return [s for path in sorted(SCENARIOS.glob("*.yaml")) for s in read_file(path, GAMES).scenarios]


def test_scenarios_cover_every_rule_of_61_and_81_and_the_end_of_98() -> None:
    about = {rule for scenario in _scenarios() for rule in scenario.about}
    wanted = [f"ti4:{ref}" for ref in TITLES
              if ref.split(".")[0] in ("61", "81") and "." in ref and ref != "61.note9"]
    wanted += ["ti4:98.2a", "ti4:98.4a", "ti4:98.5", "ti4:98.6", "ti4:98.7", "ti4:98.8"]
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
    for scenario in filter(plays, _scenarios()):
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


def _order_from_cards_alone(state: State) -> tuple[str, ...]:
    """98.7 in initiative order whenever anyone holds a card: players without one drop out."""
    return state.initiative_order()


def _secondary_counterclockwise(state: State, active: str) -> tuple[str, ...]:
    return tuple(reversed(original_after_active(state, active)))


def _law_takes_its_points_back(state: State, args: Any) -> Any:
    state, events = original_discard_law(state, args)
    taken = tuple(Gain(g.player, -g.points, g.source, g.window, law=g.law)
                  for g in state.gains if g.law == args["law"])
    return state.with_(gains=state.gains + taken), events


def _first_tied_player_only(state: State, most: bool) -> list[str]:
    return original_standing(state, most)[:1]


def _incentive_program_from_the_row(state: State, args: Any) -> Any:
    """The extra objective counts as the speaker's reveal: an empty row ends the game."""
    if not state.facedown_i and not state.facedown_ii:
        return original_run_out(state)
    return original_incentive_program(state, args)


def _card_loss_forgotten(state: State, *args: Any, **kwargs: Any) -> Any:
    return state, []


original_check_ownership = scoring.check_ownership
original_gain_points = common.gain_points
original_run_out = status_phase._objectives_run_out
original_score = scoring.score
original_ground_combat = action_phase.ground_combat
original_after_active = strategic_actions.after_active
original_discard_law = points.discard_law
original_standing = points.standing
original_incentive_program = agendas.incentive_program

MUTATIONS: dict[str, tuple[tuple[Any, ...], str, Callable[..., Any]]] = {
    "61.6/61.7 limits ignored": ((scoring,), "_check_limits", _no_limits),
    "61.16 home system ignored": ((scoring,), "check_ownership", _no_home_rule),
    "98.4a no cap at the goal": ((common, scoring, action_phase, strategic_actions, points,
                                  point_cards), "gain_points", _uncapped_gain),
    "98.8 tie to the last in initiative order": ((status_phase,), "_objectives_run_out",
                                                  _last_leader_wins),
    "61.21 no secret objective limit": ((secrets,), "draw", _no_secret_limit),
    "81.1 scoring in any order": ((scoring,), "score", _any_order_in_status),
    "61.7a ground combat not a combat": ((action_phase,), "ground_combat", _combat_as_outside),
    "98.7 order by strategy cards even when not everyone holds one": (
        (State,), "simultaneous_order", _order_from_cards_alone),
    "82.1 secondary abilities counterclockwise": ((strategic_actions,), "after_active",
                                                  _secondary_counterclockwise),
    "98.6 a discarded law takes its points back": ((points,), "discard_law",
                                                   _law_takes_its_points_back),
    "98.5 a tie goes to one player only": ((agendas,), "standing", _first_tied_player_only),
    "61.15 Incentive Program ends the game on an empty row": (
        (agendas,), "incentive_program", _incentive_program_from_the_row),
    "73.3/69.1 losing a card keeps its point": ((point_cards,), "lose_points",
                                                _card_loss_forgotten),
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
    table["discard_law"] = points.discard_law
    table["incentive_program"] = agendas.incentive_program
    monkeypatch.setattr(ruleset, "HANDLERS", table)


def test_the_unmutated_engine_passes_every_scenario() -> None:
    report = check_paths([SCENARIOS], GAMES)
    assert (report.failed, report.passed) == (0, len(_scenarios()))


AGENDA_SETUP = """\
id: ti4-agenda-phase-with-strategy-cards
title: Red and Blue reach 10 together in the agenda phase
game: ti4
about: [ti4:98.7]
setup:
  players: [Red, Blue, Green]
  speaker: Blue
  phase: agenda
  custodians_token: removed
{cards}  points: {{Red: 9, Blue: 9}}
steps:
  - gain_points: {{players: [Red, Blue]}}
expect:
  winner: Blue
"""


def test_strategy_cards_in_an_agenda_phase_setup_are_a_located_error() -> None:
    """They went back in status phase step 8 (81.8): a setup giving them contradicts itself."""
    cards = "  strategy_cards: {Red: Leadership, Blue: Trade, Green: Imperial}\n"
    [scenario] = load_file("s.yaml", AGENDA_SETUP.format(cards=cards), GAMES).scenarios
    assert check_scenario(scenario, GAMES).lines() == [(
        "s.yaml:6:3: the setup breaks ti4:81.8: strategy cards go back to the common play area "
        "at the end of the status phase, before the agenda phase; nobody holds one now, yet Red, "
        "Blue, Green are given some")]
    [scenario] = load_file("s.yaml", AGENDA_SETUP.format(cards=""), GAMES).scenarios
    assert check_scenario(scenario, GAMES).passed


ADDED_SETUP = """\
id: ti4-incentive-program-objective-in-setup
title: A stage II objective drawn by Incentive Program, with stage I ones still facedown
game: ti4
about: [ti4:7.8]
setup:
  players: [Red, Blue, Green]
  phase: status
  strategy_cards: {Red: Leadership, Blue: Trade, Green: Imperial}
  public_objectives: {objectives}
steps:
  - score: {player: Red, objective: Conquer the Weak}
expect:
  points: {Red: 2}
  unrevealed: {stage_i: 3, stage_ii: 5}
"""


def test_an_objective_added_by_incentive_program_is_outside_the_five_of_its_stage() -> None:
    """It counts neither for the five of its stage (61.13) nor against stage I first (61.14a)."""
    added = "{revealed: [Expand Borders, Corner the Market], added: [Conquer the Weak]}"
    [scenario] = load_file("s.yaml", ADDED_SETUP.replace("{objectives}", added), GAMES).scenarios
    assert check_scenario(scenario, GAMES).lines() == []
    revealed = "{revealed: [Expand Borders, Corner the Market, Conquer the Weak]}"
    [scenario] = load_file("s.yaml", ADDED_SETUP.replace("{objectives}", revealed),
                           GAMES).scenarios
    assert check_scenario(scenario, GAMES).lines() == [(
        "s.yaml:6:3: the setup breaks ti4:61.14a: a stage II objective is revealed while stage I "
        "objectives are facedown")]
