"""The JSON Schema of scenario files: valid Draft 2020-12, made from the same vocabulary as the
validator, accepting the real scenario files and refusing unknown keys."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml
from repo_games import GAMES

from checker.runner import load_file
from checker.schema import scenario_schema

ROOT = Path(__file__).resolve().parent.parent
REAL_FILES = sorted(p for p in (ROOT / "scenarios").rglob("*") if p.suffix in (".yaml", ".yml"))

SAMPLE = """\
id: sample-every-part
title: Every part of a scenario at once
game: ti4
about: [ti4:61.6, ti4:98.7]
source:
  kind: reading
  ref: "98.7"
  why: Points gained at once are added before the end is checked.
status: verified
setup:
  players: [Red, Blue, Green]
  speaker: Blue
  victory_points_goal: 10
  phase: status
  strategy_cards: {Red: Leadership, Blue: [Trade, Politics], Green: Imperial}
  points: {Red: 9, Blue: 1}
  scored: {Blue: [Corner the Market]}
  public_objectives: {revealed: [Expand Borders, Corner the Market], stage_i: 3, stage_ii: 5}
  command_tokens: {Red: {tactic: 3, fleet: 3, strategy: 2}}
steps:
  - score: {player: Red, objective: Expand Borders}
    expect:
      game_over: true
      winner: Red
      cites: [ti4:61.12, ti4:98.7]
  - score: {player: Blue, objective: Expand Borders}
    expect: {rejected: ti4:98.7}
expect:
  winner: Red
  ended_by: ti4:98.7
  ended_at_step: 1
  points: {Red: 10, Blue: 1}
"""

BARE_STEPS = """\
id: bare-step-kinds
title: Step kinds without arguments written bare
game: ti4
setup:
  players: [Red, Blue, Green]
  phase: action
steps:
  - status_phase:
  - reveal_objective:
    expect: {cites: [ti4:81.2]}
expect:
  game_over: false
  winner: null
"""


@pytest.fixture(scope="module")
def schema() -> dict:
    return scenario_schema(GAMES)


@pytest.fixture(scope="module")
def validator(schema) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema)


def _valid_for_checker(text: str, path: str = "sample.yaml") -> None:
    loaded = load_file(path, text, GAMES)
    assert [str(p) for p in loaded.problems] == []
    assert loaded.scenarios


def _errors(validator, data) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]


def test_schema_is_a_valid_draft_2020_12_schema(schema) -> None:
    jsonschema.Draft202012Validator.check_schema(schema)


def test_checker_schema_prints_the_same_schema(schema) -> None:
    done = subprocess.run([sys.executable, "-m", "checker", "schema"], capture_output=True,
                          text=True, check=True)
    assert json.loads(done.stdout) == json.loads(json.dumps(schema))


@pytest.mark.parametrize("text", [SAMPLE, BARE_STEPS], ids=["sample", "bare-steps"])
def test_schema_accepts_what_the_validator_accepts(validator, text) -> None:
    _valid_for_checker(text)
    assert _errors(validator, yaml.safe_load(text)) == []


def test_schema_accepts_a_list_of_scenarios(validator) -> None:
    item = yaml.safe_load(SAMPLE)
    assert _errors(validator, [item, {**item, "id": "other"}]) == []


@pytest.mark.parametrize("path", REAL_FILES, ids=[str(p.relative_to(ROOT)) for p in REAL_FILES])
def test_schema_accepts_the_real_scenario_files(validator, path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert _errors(validator, data) == []


def test_schema_and_validator_agree_on_the_real_scenario_files() -> None:
    """Every real scenario file is valid for the checker too (the schema mirrors it)."""
    for path in REAL_FILES:
        loaded = load_file(str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"), GAMES)
        assert [str(p) for p in loaded.problems] == []


@pytest.mark.parametrize("where", [
    ["winnr"],
    ["setup", "phse"],
    ["setup", "public_objectives", "reveald"],
    ["steps", 0, "expcet"],
    ["steps", 0, "score", "plyer"],
    ["steps", 0, "expect", "rejeted"],
    ["expect", "winnr"],
])
def test_schema_rejects_an_unknown_key(validator, where) -> None:
    data = copy.deepcopy(yaml.safe_load(SAMPLE))
    node = data
    for part in where[:-1]:
        node = node[part]
    node[where[-1]] = "Red"
    assert _errors(validator, data) != []


@pytest.mark.parametrize(("where", "value"), [
    (["game"], "ti5"),
    (["id"], "Not A Slug"),
    (["status"], "maybe"),
    (["setup", "players"], ["Red", "Blue"]),
    (["setup", "round"], "two"),
    (["steps", 0, "score", "objective"], "Expand Bordrs"),
    (["about"], ["61.6"]),
    (["expect", "game_over"], "yes"),
    (["source", "kind"], "rulebook"),
    (["source", "ref"], 98.7),
    (["source", "ref"], " "),
    (["source"], {"kind": "reading", "ref": "98.7"}),
    (["source"], {"kind": "faq"}),
    (["source"], "Rulebook p. 17"),
])
def test_schema_rejects_wrong_values(validator, where, value) -> None:
    data = copy.deepcopy(yaml.safe_load(SAMPLE))
    node = data
    for part in where[:-1]:
        node = node[part]
    node[where[-1]] = value
    assert _errors(validator, data) != []


def test_schema_rejects_a_step_kind_with_no_steps_vocabulary(validator) -> None:
    data = yaml.safe_load(SAMPLE)
    data["steps"].append({"roll_dice": {}})
    assert _errors(validator, data) != []


def _deref(schema: dict, node: dict) -> dict:
    """Follow local `$ref`s such as `#/$defs/x`."""
    while "$ref" in node:
        target = schema
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def test_schema_lists_every_step_kind_and_claim_of_the_vocabulary(schema) -> None:
    scenario = _deref(schema, schema["$defs"]["scenario"])
    branches = [_deref(schema, part) for part in scenario["allOf"]]
    assert [b["if"]["properties"]["game"] for b in branches] == [{"const": g} for g in GAMES]
    [ti4] = [b for b in branches if b["if"]["properties"]["game"] == {"const": "ti4"}]
    then = _deref(schema, ti4["then"])["properties"]
    items = _deref(schema, _deref(schema, then["steps"])["items"])
    steps = [_deref(schema, step) for step in items["oneOf"]]
    assert [s["required"][0] for s in steps] == list(GAMES["ti4"].vocabulary.steps)
    final_claims = _deref(schema, then["expect"])["properties"]
    assert set(final_claims) == {"game_over", "winner", "ended_by", "ended_at_step",
                                 "setup_rejected", *GAMES["ti4"].vocabulary.expectations}
    assert all(claim.get("description") for claim in final_claims.values())
    for step in steps:
        step_claims = _deref(schema, step["properties"]["expect"])["properties"]
        assert set(step_claims) == set(final_claims) - {"setup_rejected"} \
            | {"rejected", "cites", "not_cited"}


def _branch(schema, game: str) -> dict:
    scenario = _deref(schema, schema["$defs"]["scenario"])
    [branch] = [b for b in (_deref(schema, part) for part in scenario["allOf"])
                if b["if"]["properties"]["game"] == {"const": game}]
    return _deref(schema, branch["then"])["properties"]


def _step(schema, game: str, name: str) -> dict:
    items = _deref(schema, _deref(schema, _branch(schema, game)["steps"])["items"])
    [step] = [s for s in (_deref(schema, o) for o in items["oneOf"]) if s["required"] == [name]]
    return _deref(schema, step["properties"][name])


def test_schema_says_which_names_a_string_stands_for_and_a_dies_faces(schema) -> None:
    """What the ask pages' form lists as choices: the question's players where a string names
    a player, the site's rules where it names a rule (`x-names`, an annotation other tools
    ignore), and the faces each battle die shows (`examples`)."""
    score = _step(schema, "ti4", "score")["properties"]
    assert score["player"]["x-names"] == "player"
    assert "x-names" not in score["objective"] and _deref(schema, score["objective"])["enum"]
    claims = _deref(schema, _deref(schema, _branch(schema, "ti4")["expect"]))["properties"]
    assert claims["winner"]["type"] == ["string", "null"]
    assert claims["winner"]["x-names"] == claims["points"]["propertyNames"]["x-names"] \
        == "player"
    assert claims["ended_by"]["x-names"] == "rule"
    dice = _deref(schema, _step(schema, "arcs", "battle")["properties"]["dice"])["properties"]
    faces = {die: dice[die]["items"]["examples"] for die in dice}
    assert faces == {"skirmish": ["blank", "hit"],
                     "assault": ["blank", "hit + self-hit", "hit + intercept", "hit + hit",
                                 "hit + hit + self-hit"],
                     "raid": ["intercept", "intercept + key + key", "self-hit + key",
                              "building hit + key", "self-hit + building hit"]}
    for die, shown in faces.items():
        for face in shown:
            assert re.fullmatch(dice[die]["items"]["pattern"], face)
