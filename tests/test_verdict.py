"""Claims against the engine: a mismatch names the exact line:col of the claim's value, the
stated value and the engine's; `rejected`, refusals, the end of the game, `disputed`."""

from __future__ import annotations

import pytest

from checker.location import Location
from checker.verdict import Mismatch, show

HEAD = "id: x\ntitle: X\ngame: ti4\n"
"""Lines 1-3; the status setup fixture is lines 4-8, `steps:` line 9, the first step line 10."""


@pytest.fixture
def scenario(status_setup):
    def _scenario(rest: str, setup_extra: str = "") -> str:
        return HEAD + status_setup + setup_extra + rest

    return _scenario


def test_minimal_scenario_passes(verdict, minimal) -> None:
    result = verdict(minimal)
    assert result.passed
    assert result.mismatches == [] and result.problems == [] and result.lines() == []


# Locations of mismatches.

def test_final_claim_mismatch_points_at_the_nested_value(verdict, minimal) -> None:
    result = verdict(minimal.replace("points: {Red: 1}", "points: {Red: 1, Blue: 3}"))
    assert not result.passed
    assert result.lines() == ["s.yaml:12:26: points.Blue: stated 3, engine 0"]
    [mismatch] = result.mismatches
    assert (mismatch.key, mismatch.stated, mismatch.engine) == ("points.Blue", 3, 0)
    assert mismatch.location == Location("s.yaml", 12, 26)


def test_final_claim_mismatch_in_block_style(verdict, minimal) -> None:
    text = minimal.replace("  points: {Red: 1}\n", "  points:\n    Red: 1\n    Blue: 3\n")
    assert verdict(text).lines() == ["s.yaml:14:11: points.Blue: stated 3, engine 0"]


def test_step_claim_mismatch_points_at_the_nested_value(verdict, scenario) -> None:
    text = scenario("steps:\n  - score: {player: Red, objective: Expand Borders}\n"
                    "    expect: {points: {Red: 2}}\n"
                    "  - score: {player: Blue, objective: Expand Borders}\n"
                    "    expect:\n      points:\n        Red: 1\n        Blue: 7\n")
    assert verdict(text).lines() == [
        "s.yaml:11:28: points.Red: stated 2, engine 1",
        "s.yaml:16:15: points.Blue: stated 7, engine 1",
    ]


def test_plain_claim_mismatch_points_at_the_value(verdict, minimal) -> None:
    text = minimal.replace("  points: {Red: 1}", "  game_over: true\n  phase: action\n  round: 2")
    assert verdict(text).lines() == [
        "s.yaml:12:14: game_over: stated true, engine false",
        "s.yaml:13:10: phase: stated action, engine status",
        "s.yaml:14:10: round: stated 2, engine 1",
    ]


def test_winner_mismatch_cites_the_rule_that_ended_the_game(verdict, minimal) -> None:
    text = minimal.replace("  phase: status\n", "  phase: status\n  points: {Red: 9}\n").replace(
        "  points: {Red: 1}", "  winner: Blue\n  ended_by: ti4:98.8\n  ended_at_step: 1")
    assert verdict(text).lines() == [
        "s.yaml:13:11: winner: stated Blue, engine Red (ti4:98.7)",
        "s.yaml:14:13: ended_by: stated ti4:98.8, engine ti4:98.7 (ti4:98.7)",
    ]


def test_winner_claims_hold_when_the_game_ends(verdict, minimal) -> None:
    text = minimal.replace("  phase: status\n", "  phase: status\n  points: {Red: 9}\n").replace(
        "  points: {Red: 1}", "  game_over: true\n  winner: Red\n  ended_by: ti4:98.7\n"
                              "  ended_at_step: 1\n  points: {Red: 10}")
    assert verdict(text).passed


def test_winner_null_while_the_game_goes_on(verdict, minimal) -> None:
    text = minimal.replace("  points: {Red: 1}", "  winner: null\n  game_over: false")
    assert verdict(text).passed


# Comparisons: subsets, sets, contains.

def test_set_and_contains_claims(verdict, scenario) -> None:
    text = scenario("steps:\n  - score: {player: Red, objective: Expand Borders}\n"
                    "    expect: {cites: [ti4:61.12], scored: {Red: [Expand Borders]}}\n"
                    "expect:\n  revealed: [Corner the Market, Expand Borders]\n")
    assert verdict(text).passed


def test_cites_a_rule_the_engine_did_not_cite(verdict, scenario) -> None:
    """The engine's citations are listed once each, in the order it first cited them."""
    text = scenario("steps:\n  - score: {player: Red, objective: Expand Borders}\n"
                    "    expect: {cites: [ti4:61.12, ti4:61.6]}\n")
    assert verdict(text).lines() == [
        "s.yaml:11:21: cites: stated [ti4:61.12, ti4:61.6], engine [ti4:61.12]"]


# rejected: passes only when the step is refused citing that exact rule.

def test_rejected_passes_when_refused_by_that_rule(verdict, scenario) -> None:
    text = scenario("steps:\n  - score: {player: Red, objective: Expand Borders}\n"
                    "  - score: {player: Red, objective: Corner the Market}\n"
                    "    expect: {rejected: ti4:61.6, points: {Red: 1}}\n"
                    "expect:\n  points: {Red: 1}\n")
    result = verdict(text)
    assert result.passed, result.lines()


def test_rejected_fails_when_another_rule_refuses(verdict, scenario) -> None:
    text = scenario("steps:\n  - score: {player: Red, objective: Expand Borders}\n"
                    "  - score: {player: Red, objective: Corner the Market}\n"
                    "    expect: {rejected: ti4:61.8}\n")
    assert verdict(text).lines() == ["s.yaml:12:24: rejected: stated ti4:61.8, engine ti4:61.6"]


def test_rejected_fails_when_the_step_is_allowed(verdict, scenario) -> None:
    text = scenario("steps:\n  - score: {player: Red, objective: Expand Borders}\n"
                    "    expect: {rejected: ti4:61.6}\n")
    assert verdict(text).lines() == [
        "s.yaml:11:24: rejected: stated ti4:61.6, engine allowed it"]


def test_a_refused_step_without_rejected_is_a_mismatch(verdict, scenario) -> None:
    text = scenario("steps:\n  - score: {player: Red, objective: Expand Borders}\n"
                    "  - score: {player: Red, objective: Corner the Market}\n"
                    "expect:\n  points: {Red: 1}\n")
    result = verdict(text)
    assert not result.passed
    assert result.lines() == [
        ("s.yaml:11:5: step 2 (score): stated allowed, engine refused: Red has already scored a "
        "public objective this status phase (ti4:61.6)")]
    assert result.mismatches[0].rule == "ti4:61.6"


def test_a_refused_step_with_other_claims_still_needs_rejected(verdict, scenario) -> None:
    text = scenario("steps:\n  - score: {player: Red, objective: Expand Borders}\n"
                    "  - score: {player: Red, objective: Corner the Market}\n"
                    "    expect: {points: {Red: 1}}\n")
    assert verdict(text).lines() == [
        ("s.yaml:11:5: step 2 (score): stated allowed, engine refused: Red has already scored a "
        "public objective this status phase (ti4:61.6)")]


# The end of the game.

def test_steps_after_the_end_are_refused_citing_the_rule_that_ended_it(verdict, scenario) -> None:
    text = scenario("steps:\n  - score: {player: Red, objective: Expand Borders}\n"
                    "    expect: {game_over: true, winner: Red, ended_at_step: 1}\n"
                    "  - score: {player: Blue, objective: Expand Borders}\n"
                    "    expect: {rejected: ti4:98.7}\n"
                    "expect: {winner: Red, points: {Red: 10, Blue: 0}}\n",
                    setup_extra="  points: {Red: 9}\n")
    assert verdict(text).passed


def test_a_step_after_the_end_without_rejected_names_the_ending(verdict, scenario) -> None:
    text = scenario("steps:\n  - score: {player: Red, objective: Expand Borders}\n"
                    "  - score: {player: Blue, objective: Expand Borders}\n"
                    "expect: {winner: Red}\n", setup_extra="  points: {Red: 9}\n")
    assert verdict(text).lines() == [
        ("s.yaml:12:5: step 2 (score): stated allowed, engine refused: the game is already over: "
        "Red reached 10 victory points (ti4:98.7)")]


def test_ended_at_step_is_null_on_a_step_before_the_end(verdict, scenario) -> None:
    text = scenario("steps:\n  - score: {player: Red, objective: Expand Borders}\n"
                    "    expect: {ended_at_step: 1, game_over: true}\n")
    assert verdict(text).lines() == [
        "s.yaml:11:29: ended_at_step: stated 1, engine null",
        "s.yaml:11:43: game_over: stated true, engine false",
    ]


# disputed: passes while the engine disagrees, fails with a clear message once it agrees.

def test_disputed_passes_while_the_engine_disagrees(verdict, minimal) -> None:
    text = minimal.replace("game: ti4\n", "game: ti4\nstatus: disputed\n").replace(
        "points: {Red: 1}", "points: {Red: 2}")
    result = verdict(text)
    assert result.passed
    assert result.lines() == []
    assert [str(m) for m in result.mismatches] == ["s.yaml:13:17: points.Red: stated 2, engine 1"]


def test_disputed_fails_once_the_engine_agrees(verdict, minimal) -> None:
    text = minimal.replace("game: ti4\n", "game: ti4\nstatus: disputed\n")
    result = verdict(text)
    assert not result.passed
    assert result.lines() == [
        ("s.yaml:1:1: scenario 'x' is marked disputed but the engine now agrees with every claim: "
        "mark it verified")]


def test_disputed_with_a_broken_setup_fails(verdict, minimal) -> None:
    text = minimal.replace("game: ti4\n", "game: ti4\nstatus: disputed\n").replace(
        "  phase: status\n", "  phase: status\n  points: {Red: 10}\n")
    result = verdict(text)
    assert not result.passed
    assert result.lines() == [
        ("s.yaml:6:3: the setup breaks ti4:98.7: Red starts on 10 victory points: the game would "
        "already be over")]


def test_a_setup_that_breaks_a_rule_is_reported_at_the_setup(verdict, minimal) -> None:
    text = minimal.replace("  phase: status\n", "  phase: status\n  points: {Red: 10}\n")
    result = verdict(text)
    assert result.run is None
    assert result.lines() == [
        ("s.yaml:5:3: the setup breaks ti4:98.7: Red starts on 10 victory points: the game would "
        "already be over")]


# Plain values for people.

@pytest.mark.parametrize(("value", "text"), [
    (None, "null"), (True, "true"), (False, "false"), (3, "3"), ("Red", "Red"),
    (("a", "b"), "[a, b]"), ({"Red": 1, "Blue": [None]}, "{Red: 1, Blue: [null]}"),
])
def test_show(value, text) -> None:
    assert show(value) == text


def test_mismatch_str() -> None:
    where = Location("a.yaml", 3, 9)
    assert str(Mismatch(where, "winner", "Blue", "Red", "ti4:98.8")) == \
        "a.yaml:3:9: winner: stated Blue, engine Red (ti4:98.8)"
    assert str(Mismatch(where, "round", 2, 1)) == "a.yaml:3:9: round: stated 2, engine 1"


# A setup the rules forbid, claimed as such.

REFUSED_SETUP = """\
id: x
title: X
game: ti4
setup:
  players: [Red, Blue, Green]
  points: {Red: 10}
expect:
  setup_rejected: ti4:98.7
"""
"""Lines 1-8: a setup the engine refuses citing 98.7 (the claim's value at line 8, column 19)."""


def test_setup_rejected_holds_when_the_setup_is_refused_by_that_rule(verdict) -> None:
    result = verdict(REFUSED_SETUP)
    assert result.passed and result.lines() == []
    assert result.run is None and result.setup_refused is not None
    assert result.setup_refused.rule == "ti4:98.7"


def test_setup_rejected_fails_when_another_rule_refuses(verdict) -> None:
    result = verdict(REFUSED_SETUP.replace("ti4:98.7", "ti4:61.6"))
    assert result.lines() == ["s.yaml:8:19: setup_rejected: stated ti4:61.6, engine ti4:98.7"]


def test_setup_rejected_fails_when_the_setup_is_accepted(verdict) -> None:
    result = verdict(REFUSED_SETUP.replace("{Red: 10}", "{Red: 9}"))
    assert result.run is not None
    assert result.lines() == [
        "s.yaml:8:19: setup_rejected: stated ti4:98.7, engine accepted the setup"]


def test_a_disputed_setup_rejected_that_agrees_fails(verdict) -> None:
    result = verdict(REFUSED_SETUP.replace("game: ti4\n", "game: ti4\nstatus: disputed\n"))
    assert not result.passed
    assert result.lines() == [
        ("s.yaml:1:1: scenario 'x' is marked disputed but the engine now agrees with every claim: "
        "mark it verified")]


# A rule the step must not cite.

def test_not_cited_holds_when_the_step_cites_none_of_the_rules(verdict, scenario) -> None:
    text = scenario("steps:\n  - score: {player: Red, objective: Expand Borders}\n"
                    "    expect: {cites: [ti4:61.12], not_cited: [ti4:98.7, ti4:61.6]}\n"
                    "expect: {points: {Red: 1}}\n")
    assert verdict(text).passed


def test_not_cited_fails_naming_the_rules_the_step_cites(verdict, scenario) -> None:
    text = scenario("steps:\n  - score: {player: Red, objective: Expand Borders}\n"
                    "    expect: {not_cited: [ti4:98.7, ti4:61.12]}\n")
    assert verdict(text).lines() == [
        "s.yaml:11:25: not_cited: stated [ti4:98.7, ti4:61.12], engine cites [ti4:61.12]"]
