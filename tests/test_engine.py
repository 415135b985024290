"""The engine core, on a tiny game of its own and on TI4: the trace, refusals, and the end."""

from __future__ import annotations

from repo_games import GAMES

from checker.engine import Outcome, RuleViolation, run
from checker.runner import check_scenario
from checker.scenario import build
from checker.yamlsource import Text, load

TOY = """\
id: t
title: Counting to three
game: toy
steps:
  - add: {n: 2}
  - add: {n: 0}
  - add: {n: 1}
  - add: {n: 5}
expect: {game_over: true}
"""


def _toy_scenario(games, text: str = TOY):
    source = Text("t.yaml", text)
    [scenario] = build(load(source), source, games)
    return scenario


def test_trace_records_each_step_with_its_events_and_rule(games_with_toy, toy) -> None:
    trace = run(_toy_scenario(games_with_toy), toy)
    first, refused, last, _after_end = trace.records
    assert trace.initial == (0, 3)
    assert [e.rule for e in first.events] == ["toy:1"]
    assert first.events[0].text == "The counter goes to 2."
    assert first.state == (2, 3) and first.violation is None and first.outcome is None
    assert refused.violation is not None and refused.violation.rule == "toy:3"
    assert refused.state == (2, 3), "a refused step leaves the state as it was"
    assert refused.events == []
    assert last.state == (3, 3)
    assert last.outcome == Outcome(None, "toy:2", "the counter reached 3")
    assert trace.outcome == last.outcome
    assert trace.ended_at_step == 3
    assert trace.final_state == (3, 3)


def test_steps_after_the_end_are_refused_citing_the_rule_that_ended_it(games_with_toy, toy) -> None:
    after_end = run(_toy_scenario(games_with_toy), toy).records[3]
    assert after_end.violation is not None
    assert after_end.violation.rule == "toy:2"
    assert after_end.violation.message == "the game is already over: the counter reached 3"
    assert after_end.state == (3, 3)
    assert after_end.events == []


def test_game_over_at_setup_is_step_zero(games_with_toy, toy) -> None:
    text = "id: z\ntitle: Z\ngame: toy\nsetup: {start: 3}\nsteps:\n  - add: {n: 1}\n" \
           "expect: {ended_at_step: 0}\n"
    trace = run(_toy_scenario(games_with_toy, text), toy)
    assert trace.ended_at_step == 0
    assert trace.records[0].violation.rule == "toy:2"
    assert trace.final_state == (3, 3)


def test_rule_violation_names_rule_and_message() -> None:
    refused = RuleViolation("ti4:61.6", "one public objective per status phase")
    assert (refused.rule, refused.message) == ("ti4:61.6", "one public objective per status phase")
    assert str(refused) == "one public objective per status phase (ti4:61.6)"


def test_an_engine_bug_is_reported_in_place_not_raised(games_with_toy) -> None:
    text = "id: b\ntitle: B\ngame: toy\nsteps:\n  - explode: {}\nexpect: {game_over: false}\n"
    verdict = check_scenario(_toy_scenario(games_with_toy, text), games_with_toy)
    assert not verdict.passed
    assert verdict.lines() == [
        "t.yaml:1:1: internal error in the toy engine: ZeroDivisionError: boom"]


def test_ti4_trace_cites_the_scoring_rule(minimal) -> None:
    source = Text("s.yaml", minimal)
    [scenario] = build(load(source), source, GAMES)
    trace = run(scenario, GAMES["ti4"])
    [record] = trace.records
    assert [e.rule for e in record.events] == ["ti4:61.12", "ti4:61.12"]
    assert record.state.points("Red") == 1
    assert trace.outcome is None and trace.ended_at_step is None


def test_every_rule_the_ti4_engine_cites_is_in_its_rulebook(minimal) -> None:
    """A trace that reaches the end of the game cites only rules the rule book defines."""
    text = minimal.replace("  phase: status\n", "  phase: status\n  points: {Red: 9}\n")
    source = Text("s.yaml", text)
    [scenario] = build(load(source), source, GAMES)
    trace = run(scenario, GAMES["ti4"])
    cited = [e.rule for r in trace.records for e in r.events] + [trace.outcome.rule]
    assert cited == ["ti4:61.12", "ti4:61.12", "ti4:98.7", "ti4:98.7"]
    assert all(rule in GAMES["ti4"].rulebook for rule in cited)
