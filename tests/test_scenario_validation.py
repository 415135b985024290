"""Bad input: every mistake is a located one-line `path:line:col: message`, every mistake
of a file is reported, and nothing raises anything but ScenarioError."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from repo_games import GAMES

from checker.location import ScenarioError
from checker.provenance import Provenance
from checker.rulebook import RuleBook
from checker.runner import duplicate_ids
from checker.scenario import Scenario, build
from checker.vocabulary import Record, StepKind, Vocabulary
from checker.yamlsource import Text, load

LINE = re.compile(r"^[^\n:]+:\d+:\d+: [^\n]+$")


def build_text(text: str, path: str = "s.yaml", games=None) -> list[Scenario]:
    source = Text(path, text)
    return build(load(source), source, GAMES if games is None else games)


def build_errors(text: str, path: str = "s.yaml", games=None) -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        build_text(text, path, games)
    lines = [str(p) for p in caught.value.problems]
    assert all(LINE.match(line) for line in lines), lines
    return lines


# A valid scenario builds, and every node keeps its location.

def test_minimal_scenario_builds_with_its_locations(minimal) -> None:
    [scenario] = build_text(minimal)
    assert (scenario.id, scenario.title, scenario.game, scenario.status) == ("x", "X", "ti4",
                                                                             "verified")
    assert str(scenario.location) == "s.yaml:1:1"
    assert str(scenario.setup_location) == "s.yaml:5:3"
    [step] = scenario.steps
    assert (step.index, step.kind, str(step.location)) == (1, "score", "s.yaml:10:5")
    assert step.args == {"player": "Red", "objective": "Expand Borders"}
    assert scenario.expect is not None
    assert scenario.expect.values == {"points": {"Red": 1}}
    where = scenario.source.position
    assert where(scenario.expect.value_pos("points")) == (12, 11)
    assert where(scenario.expect.node["points"].value_pos["Red"]) == (12, 17)


def test_a_list_of_scenarios_builds_each(minimal) -> None:
    second = minimal.replace("id: x", "id: y")
    text = "- " + minimal.replace("\n", "\n  ").rstrip() + "\n- " + second.replace(
        "\n", "\n  ").rstrip() + "\n"
    assert [(s.id, str(s.location)) for s in build_text(text)] == [("x", "s.yaml:1:3"),
                                                                    ("y", "s.yaml:13:3")]


# Empty input.

@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n"])
def test_empty_file_is_a_located_error(problems, text) -> None:
    assert problems(text, "empty.yaml") == ["empty.yaml:1:1: empty: no scenario here"]


def test_empty_list_is_a_located_error(problems) -> None:
    assert problems("[]\n", "e.yaml") == ["e.yaml:1:1: empty list: no scenario here"]


def test_scalar_is_not_a_scenario(problems) -> None:
    assert problems("- hello\n- 3\n") == [
        "s.yaml:1:3: a scenario must be a mapping, got text",
        "s.yaml:2:3: a scenario must be a mapping, got a whole number",
    ]


@pytest.mark.parametrize("steps", ["1.0", "7", "true", "abc"])
def test_steps_that_are_no_list_are_a_located_error_without_claims(problems, minimal,
                                                                  steps) -> None:
    """A scenario whose only claims would be on its steps, with `steps:` not a list (a fuzzed
    file once crashed the checker with a number there)."""
    head = minimal.split("steps:")[0]
    found = problems(f"{head}steps: {steps}\n")
    assert any(": `steps` must be a list" in line for line in found), found


# Malformed YAML, through load_file (what the CLI and the plugin use).

def test_malformed_yaml_is_one_located_line(problems) -> None:
    assert problems("id: x\ntitle: [unclosed\n", "bad.yaml") == [
        "bad.yaml:3:1: YAML: did not find expected ',' or ']'"]


def test_duplicate_keys_are_all_reported(problems, minimal) -> None:
    text = minimal.replace("title: X\n", "title: X\nid: y\n").replace(
        "  phase: status\n", "  phase: status\n  phase: action\n")
    assert problems(text) == [
        "s.yaml:3:1: duplicate key 'id' (first given at line 1)",
        "s.yaml:8:3: duplicate key 'phase' (first given at line 7)",
    ]


# Unknown keys, with a did-you-mean, at every level; all of them at once.

def test_unknown_keys_everywhere_each_with_a_suggestion(problems) -> None:
    text = """\
id: x
title: X
game: ti4
stauts: verified
setup:
  players: [Red, Blue, Green]
  phse: status
  public_objectives: {reveald: [Expand Borders]}
steps:
  - score: {player: Red, objectiv: Expand Borders}
    expect: {rejeted: ti4:61.6, game_over: false}
expect:
  game_over: false
  winnr: Red
"""
    assert problems(text) == [
        "s.yaml:4:1: unknown key 'stauts' (did you mean 'status'?)",
        "s.yaml:7:3: unknown setup key 'phse' (did you mean 'phase'?)",
        "s.yaml:8:23: unknown public objectives key 'reveald' (did you mean 'revealed'?)",
        "s.yaml:10:12: missing required argument 'objective'",
        "s.yaml:10:26: unknown argument 'objectiv' (did you mean 'objective'?)",
        "s.yaml:11:14: unknown expectation 'rejeted' (did you mean 'rejected'?)",
        "s.yaml:14:3: unknown expectation 'winnr' (did you mean 'winner'?)",
    ]


def test_misspelled_expect_key_alone_is_one_error_not_also_an_empty_expect(problems,
                                                                            minimal) -> None:
    text = minimal.replace("  points: {Red: 1}", "  winnr: Red")
    assert problems(text) == ["s.yaml:12:3: unknown expectation 'winnr' (did you mean 'winner'?)"]


def test_misspelled_expect_on_a_step_gets_a_suggestion(problems, minimal) -> None:
    text = minimal.replace("Expand Borders}\n", "Expand Borders}\n    expcet: {points: {Red: 1}}\n",
                           1)
    lines = problems(text)
    assert len(lines) == 1
    assert lines[0].startswith("s.yaml:11:5: ")
    assert "'expcet'" in lines[0] and "(did you mean 'expect'?)" in lines[0]


# Wrong types.

def test_wrong_types_are_each_located(problems) -> None:
    text = """\
id: 5
title: [X]
game: ti4
about: ti4:61.6
status: maybe
setup:
  players: [Red, Blue, Green]
  round: two
  new_game: yes please
  points: {Red: -1}
steps:
  - score: {player: [Red], objective: Expand Borders}
expect: {game_over: maybe, ended_at_step: -1, points: {Red: one}}
"""
    assert problems(text) == [
        "s.yaml:1:5: expected text, got a whole number",
        "s.yaml:2:8: expected text, got a list",
        "s.yaml:4:8: expected a list, got text",
        "s.yaml:5:9: unknown status 'maybe'; expected one of verified, disputed",
        "s.yaml:8:10: expected a whole number, got text",
        "s.yaml:9:13: expected true or false, got text",
        "s.yaml:10:17: expected at least 0, got -1",
        "s.yaml:12:21: expected a player name, got a list",
        "s.yaml:13:21: expected true or false, got text",
        "s.yaml:13:43: expected at least 0, got -1",
        "s.yaml:13:61: expected a whole number, got text",
    ]


def test_steps_and_setup_of_the_wrong_shape(problems) -> None:
    text = ("id: x\ntitle: X\ngame: ti4\nsetup: [Red]\nsteps: {score: {}}\n"
            "expect: {game_over: false}\n")
    assert problems(text) == [
        "s.yaml:4:8: expected a mapping, got a list",
        "s.yaml:5:8: `steps` must be a list, got a mapping",
    ]


@pytest.mark.parametrize("steps, got", [("7", "a whole number"), ("true", "true/false")])
def test_steps_that_are_a_single_value_are_an_error_not_a_crash(problems, steps, got) -> None:
    """`steps: 7` stopped the checker with a TypeError (found by benchmarks/fuzz_cli.py)."""
    text = f"id: x\ntitle: X\ngame: ti4\nsetup: {{}}\nsteps: {steps}\n"
    assert problems(text) == [
        "s.yaml:1:1: the scenario claims nothing: give an `expect` (at the end or on a step)",
        "s.yaml:4:8: missing required setup key 'players'",
        f"s.yaml:5:8: `steps` must be a list, got {got}"]


def test_step_with_two_kinds_or_none(problems, minimal) -> None:
    text = minimal.replace("  - score: {player: Red, objective: Expand Borders}\n",
                           "  - score: {player: Red, objective: Expand Borders}\n"
                           "    status_phase: {}\n  - expect: {game_over: false}\n  - 7\n")
    assert problems(text) == [
        ("s.yaml:10:5: step 1 has 2 step kinds (score, status_phase); give exactly one, plus an "
        "optional `expect`"),
        "s.yaml:12:5: step 2 has no step kind; give exactly one, plus an optional `expect`",
        "s.yaml:13:5: step 3 must be a mapping such as `- score: {...}`, got a whole number",
    ]


def test_a_non_text_rule_id_in_about_is_an_error_not_a_traceback(problems, minimal) -> None:
    text = minimal.replace("game: ti4\n", "game: ti4\nabout: [ti4:61.6, 61.6]\n")
    assert problems(text) == ["s.yaml:4:19: expected text, got a number"]


def test_missing_required_keys_and_bad_slug(problems) -> None:
    assert problems("id: Not A Slug\nexpect: {game_over: false}\n") == [
        "s.yaml:1:1: missing required key 'title'",
        "s.yaml:1:1: missing required key 'game'",
        "s.yaml:1:5: id 'Not A Slug' must be a slug: lowercase letters, digits and dashes",
    ]


def test_setup_without_players(problems) -> None:
    assert problems("id: x\ntitle: X\ngame: ti4\nexpect: {game_over: false}\n") == [
        "s.yaml:1:1: missing required setup key 'players'"]


# Unknown names: games, players, objectives, cards, rules.

def test_unknown_game(problems) -> None:
    assert problems("id: x\ntitle: X\ngame: ti5\nexpect: {game_over: false}\n") == [
        "s.yaml:3:7: unknown game 'ti5' (did you mean 'ti4'?); expected one of " + ", ".join(GAMES)]


def test_unknown_players_everywhere(problems, minimal) -> None:
    text = (minimal.replace("Blue: Trade", "Bleu: Trade")
            .replace("player: Red,", "player: Rad,")
            .replace("  points: {Red: 1}", "  points: {Green: 0, Blu: 1}\n  winner: Purple"))
    assert problems(text) == [
        "s.yaml:7:37: unknown player 'Bleu' (did you mean 'Blue'?)",
        "s.yaml:10:21: unknown player 'Rad' (did you mean 'Red'?)",
        "s.yaml:12:22: unknown player 'Blu' (did you mean 'Blue'?)",
        "s.yaml:13:11: unknown player 'Purple'",
    ]


def test_unknown_objectives_and_cards(problems, minimal) -> None:
    text = (minimal.replace("revealed: [Expand Borders]", "revealed: [Expand Border]")
            .replace("Green: Imperial", "Green: Imperail")
            .replace("objective: Expand Borders}", "objective: Conquer the Weak}"))
    lines = problems(text)
    assert lines == [
        ("s.yaml:7:57: unknown strategy card 'Imperail' (did you mean 'Imperial'?); expected one "
        "of Leadership, Diplomacy, Politics, Construction, Trade, Warfare, Technology, Imperial"),
        "s.yaml:8:34: unknown public objective 'Expand Border' (did you mean 'Expand Borders'?)",
    ]


def test_unknown_objective_in_a_step(problems, minimal) -> None:
    text = minimal.replace("objective: Expand Borders}", "objective: Expand Bordrs}")
    assert problems(text) == [
        "s.yaml:10:37: unknown objective 'Expand Bordrs' (did you mean 'Expand Borders'?)"]


def test_unknown_rule_ids(problems) -> None:
    text = """\
id: x
title: X
game: ti4
about: [ti4:61.99, zz:1, '61.6']
setup: {players: [Red, Blue, Green]}
steps:
  - status_phase: {}
    expect: {rejected: ti4:61.66, cites: [ti4:81, nope]}
expect: {ended_by: ti4:98.9}
"""
    assert problems(text) == [
        "s.yaml:4:9: unknown rule 'ti4:61.99' (did you mean 'ti4:61.9'?)",
        "s.yaml:4:20: rule id 'zz:1' names unknown game 'zz'",
        "s.yaml:4:26: '61.6' is not a rule id; write it like ti4:61.6",
        "s.yaml:8:24: unknown rule 'ti4:61.66' (did you mean 'ti4:61.6'?)",
        "s.yaml:8:51: 'nope' is not a rule id; write it like ti4:61.6",
        "s.yaml:9:20: unknown rule 'ti4:98.9' (did you mean 'ti4:98.8'?)",
    ]


def test_rejected_is_only_a_step_claim(problems, minimal) -> None:
    text = minimal.replace("  points: {Red: 1}", "  points: {Red: 1}\n  rejected: ti4:61.6")
    [line] = problems(text)
    assert line == ("s.yaml:13:3: `rejected` is a claim about one step: put it in that step's "
                    "`expect`")


# A step kind of another game.

def test_step_kind_of_another_game_names_that_game(games_with_toy, minimal) -> None:
    text = minimal.replace("  - score: {player: Red, objective: Expand Borders}",
                           "  - add: {n: 1}")
    assert build_errors(text, games=games_with_toy) == [
        "s.yaml:10:5: unknown step kind 'add'; it is a step of toy, not ti4"]


def test_build_needs_only_game_vocabulary_and_rulebook_of_the_other_game(minimal) -> None:
    other = SimpleNamespace(
        game="arcs", rulebook=RuleBook("arcs", {"1": "Battle"}),
        vocabulary=Vocabulary(Record({}), {"battle": StepKind("battle", Record({}), "A battle.")},
                              {}))
    text = minimal.replace("  - score: {player: Red, objective: Expand Borders}",
                           "  - battle: {}")
    assert build_errors(text, games={**GAMES, "arcs": other}) == [
        "s.yaml:10:5: unknown step kind 'battle'; it is a step of arcs, not ti4"]


def test_step_kind_of_ti4_in_the_other_game(games_with_toy) -> None:
    text = ("id: t\ntitle: T\ngame: toy\nsteps:\n  - score: {player: Red}\n"
            "expect: {game_over: true}\n")
    assert build_errors(text, games=games_with_toy) == [
        "s.yaml:5:5: unknown step kind 'score'; it is a step of ti4, not toy"]


def test_misspelled_step_kind_gets_a_suggestion(problems, minimal) -> None:
    text = minimal.replace("- score:", "- scroe:")
    assert problems(text) == ["s.yaml:10:5: unknown step kind 'scroe' (did you mean 'score'?)"]


def test_the_other_game_scenario_builds(games_with_toy) -> None:
    text = "id: t\ntitle: T\ngame: toy\nsteps:\n  - add: {n: 1}\nexpect: {game_over: false}\n"
    [scenario] = build_text(text, games=games_with_toy)
    assert scenario.game == "toy"
    assert scenario.setup == {"goal": 3, "start": 0}


# No claim.

def test_scenario_without_any_claim_is_an_error(problems, minimal) -> None:
    text = minimal.replace("expect:\n  points: {Red: 1}\n", "")
    assert problems(text) == [
        "s.yaml:1:1: the scenario claims nothing: give an `expect` (at the end or on a step)"]


@pytest.mark.parametrize("expect", ["expect:\n", "expect: {}\n"])
def test_empty_expect_is_an_error(problems, minimal, expect) -> None:
    text = minimal.replace("expect:\n  points: {Red: 1}\n", expect)
    column = 9 if "{}" in expect else 8
    assert problems(text) == [f"s.yaml:11:{column}: `expect` is empty: state at least one claim"]


# Every error of a file, across scenarios, in file order.

def test_every_error_of_every_scenario_of_a_file_is_reported(problems, minimal) -> None:
    first = minimal.replace("phase: status", "phase: statu")
    second = minimal.replace("id: x", "id: y").replace("player: Red,", "player: Rad,")
    third = "id: z\ntitle: Z\ngame: ti4\nsetup: {players: [Red, Blue, Green]}\n"
    text = "".join("- " + s.replace("\n", "\n  ").rstrip() + "\n" for s in (first, second, third))
    assert problems(text) == [
        ("s.yaml:6:12: unknown phase 'statu' (did you mean 'status'?); expected one of strategy, "
        "action, status, agenda"),
        "s.yaml:22:23: unknown player 'Rad' (did you mean 'Red'?)",
        "s.yaml:25:3: the scenario claims nothing: give an `expect` (at the end or on a step)",
    ]


# Duplicate ids.

def test_duplicate_ids_in_one_file_are_an_error(load, minimal) -> None:
    text = "- " + minimal.replace("\n", "\n  ").rstrip() + "\n- " + minimal.replace(
        "\n", "\n  ").rstrip() + "\n"
    loaded = load(text)
    assert [str(p) for p in loaded.problems] == [
        "s.yaml:13:3: duplicate scenario id 'x' (first used at s.yaml:1:3)"]
    assert [s.id for s in loaded.scenarios] == ["x"]


def test_duplicate_ids_across_files_are_an_error(load, minimal) -> None:
    first, second = load(minimal, "a.yaml"), load(minimal, "b/c.yaml")
    duplicate_ids([first, second])
    assert [s.id for s in first.scenarios] == ["x"] and first.problems == []
    assert second.scenarios == []
    assert [str(p) for p in second.problems] == [
        "b/c.yaml:1:1: duplicate scenario id 'x' (first used at a.yaml:1:1)"]
    assert second.failed_texts == 1


# Never a traceback: odd YAML that is valid YAML still ends in located errors.

@pytest.mark.parametrize("text", [
    ("id: 2020-01-01\ntitle: X\ngame: ti4\nsetup: {players: [a, b, c]}\n"
     "expect: {game_over: false}\n"),
    ("id: !!binary aGVsbG8=\ntitle: X\ngame: ti4\nsetup: {players: [a, b, c]}\n"
     "expect: {game_over: false}\n"),
    ("1: 2\n~: 3\nid: x\ntitle: X\ngame: ti4\nsetup: {players: [a, b, c]}\n"
     "expect: {game_over: false}\n"),
    ("id: x\ntitle: X\ngame: ti4\nsetup: {players: [a, b, c], phase: [1], points: {1: 2}}\n"
     "expect: {5: 1}\n"),
    ("id: x\ntitle: X\ngame: ti4\nsetup: {players: [a, b, c], round: .inf}\n"
     "steps:\n  -\n  - score:\n"
     "expect: {points: }\n"),
    ("id: x\ntitle: X\ngame: ti4\nabout: [3, ti4:61.6, [ti4:61.6]]\nsetup: {players: [a, b, c]}\n"
     "expect: {game_over: false}\n"),
])
def test_odd_values_give_located_errors_not_tracebacks(problems, text) -> None:
    lines = problems(text)
    assert lines
    assert all(LINE.match(line) for line in lines), lines


# The claims about the setup and about rules not cited, where they may go.

def test_setup_rejected_is_only_a_final_claim_and_stands_alone(problems, minimal) -> None:
    text = minimal.replace(
        "  - score: {player: Red, objective: Expand Borders}\n",
        "  - score: {player: Red, objective: Expand Borders}\n"
        "    expect: {setup_rejected: ti4:98.7}\n").replace(
        "  points: {Red: 1}", "  points: {Red: 1}\n  setup_rejected: ti4:98.9")
    assert problems(text) == [
        ("s.yaml:9:1: a scenario that claims `setup_rejected` has no steps: a refused setup "
        "starts no game"),
        ("s.yaml:11:14: `setup_rejected` is a claim about the setup: put it in the scenario's "
        "final `expect`"),
        ("s.yaml:13:3: `points` cannot go with `setup_rejected`: a refused setup starts no game "
        "to claim anything about"),
        "s.yaml:14:19: unknown rule 'ti4:98.9' (did you mean 'ti4:98.8'?)",
    ]


def test_not_cited_is_only_a_step_claim_and_never_with_the_same_rule_cited(problems,
                                                                           minimal) -> None:
    text = minimal.replace(
        "  - score: {player: Red, objective: Expand Borders}\n",
        "  - score: {player: Red, objective: Expand Borders}\n"
        "    expect: {cites: [ti4:61.12], not_cited: [ti4:61.12, ti4:61.0]}\n").replace(
        "  points: {Red: 1}", "  points: {Red: 1}\n  not_cited: [ti4:98.7]")
    assert problems(text) == [
        "s.yaml:11:45: ti4:61.12 cannot be both cited and not cited",
        "s.yaml:11:57: unknown rule 'ti4:61.0' (did you mean 'ti4:61.20'?)",
        "s.yaml:14:3: `not_cited` is a claim about one step: put it in that step's `expect`",
    ]


# Where a ruling comes from: the `source` key.

def _sourced(minimal: str, source: str) -> str:
    """The minimal scenario with `source` lines after its `game:` line (line 3), so that the
    source starts on line 4."""
    return minimal.replace("game: ti4\n", f"game: ti4\n{source}")


def test_a_source_builds_with_its_kind_ref_and_why(minimal) -> None:
    [scenario] = build_text(_sourced(minimal, 'source: {kind: rules, ref: "61.12"}\n'))
    assert scenario.provenance == Provenance("rules", "61.12")
    [read] = build_text(_sourced(minimal, 'source:\n  kind: reading\n  ref: "61.12"\n'
                                          '  why: " The card goes to the scorer. "\n'))
    assert read.provenance == Provenance("reading", "61.12", "The card goes to the scorer.")


def test_a_scenario_without_a_source_builds_and_says_none(minimal) -> None:
    [scenario] = build_text(minimal)
    assert scenario.provenance is None


@pytest.mark.parametrize(("source", "message"), [
    ('source: {kind: rule, ref: "61.12"}\n',
     ("s.yaml:4:16: unknown source kind 'rule' (did you mean 'rules'?); expected one of rules, "
     "faq, errata, designer, reading")),
    ("source: {kind: faq}\n", "s.yaml:4:9: missing required source key 'ref'"),
    ('source: {ref: "61.12"}\n', "s.yaml:4:9: missing required source key 'kind'"),
    ('source: {kind: reading, ref: "61.12"}\n',
     ("s.yaml:4:9: a source of kind `reading` needs a `why`: this site's reasoning, in a "
     "sentence, since the rules do not say it in so many words")),
    ('source: {kind: rules, ref: "  "}\n',
     ("s.yaml:4:28: `ref` is empty: say where the ruling is (a page, a rule number, an FAQ "
     "entry)")),
    ('source: {kind: faq, ref: x, why: ""}\n',
     "s.yaml:4:34: `why` is empty: give the reasoning in a sentence, or leave the key out"),
    ("source: {kind: rules, ref: 61.12}\n", "s.yaml:4:28: expected text, got a number"),
    ('source: {kind: rules, ref: "61.12", wy: x}\n',
     "s.yaml:4:37: unknown source key 'wy' (did you mean 'why'?)"),
    ("source: rulebook\n", "s.yaml:4:9: expected a mapping, got text"),
    ('sorce: {kind: rules, ref: "61.12"}\n',
     "s.yaml:4:1: unknown key 'sorce' (did you mean 'source'?)"),
])
def test_a_mistaken_source_is_one_located_error(problems, minimal, source, message) -> None:
    assert problems(_sourced(minimal, source)) == [message]
