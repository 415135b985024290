"""Every count a scenario states has a maximum and every list a maximum length, so that hostile
input cannot make the engine build or loop over a billion of anything: the JSON Schema gives
them all, a count or list past one is a located one-line error and no engine run, and the key
reference of the guide states them."""

from __future__ import annotations

import copy
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from repo_games import GAMES

from checker import limits
from checker.schema import scenario_schema
from checker.vocabulary import Context, Int, ListOf, MapOf, Str, is_valid
from checker.yamlsource import Text, load

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "guide" / "writing-scenarios.md"
LINE = re.compile(r"^[^\n:]+:\d+:\d+: [^\n]+$")
SMALL = 1_000
"""Every bound keeps the work small: hundreds, not millions."""


def _nodes(node: Any, path: str = "#") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every schema object in the tree, with a path to it."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _nodes(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _nodes(value, f"{path}/{index}")


def _types(node: dict[str, Any]) -> set[str]:
    kind = node.get("type", ())
    return {kind} if isinstance(kind, str) else set(kind)


def unbounded(schema: dict[str, Any]) -> list[str]:
    """Integers without a (small) maximum and arrays without a (small) maxItems."""
    found = []
    for path, node in _nodes(schema):
        if "integer" in _types(node) and not 0 <= node.get("maximum", -1) <= SMALL:
            found.append(f"{path}: integer without a maximum up to {SMALL}")
        if "array" in _types(node) and not 0 <= node.get("maxItems", -1) <= SMALL:
            found.append(f"{path}: array without maxItems up to {SMALL}")
    return found


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return scenario_schema(GAMES)


def test_every_count_and_list_of_the_schema_has_a_small_maximum(schema) -> None:
    assert unbounded(schema) == []
    kinds = [_types(node) for _, node in _nodes(schema)]
    assert sum("integer" in kind for kind in kinds) > 50
    assert sum("array" in kind for kind in kinds) > 50


@pytest.mark.parametrize("drop", ["maximum", "maxItems"])
def test_the_walk_finds_a_missing_maximum(schema, drop: str) -> None:
    """The check above can fail: remove one bound anywhere and it is named."""
    broken = copy.deepcopy(schema)
    paths = [path for path, node in _nodes(broken) if drop in node]
    assert paths
    for path, node in _nodes(broken):
        if path == paths[len(paths) // 2]:
            del node[drop]
    assert [line.split(":")[0] for line in unbounded(broken)] == [paths[len(paths) // 2]]


def test_an_int_or_a_list_without_a_maximum_cannot_be_declared() -> None:
    with pytest.raises(TypeError):
        Int(minimum=0)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        ListOf(Str())  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Int(minimum=0, maximum=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ListOf(Str(), max_items=None)  # type: ignore[arg-type]


def _check(spec: Any, yaml_text: str) -> tuple[Any, list[str]]:
    source = Text("s.yaml", yaml_text)
    ctx = Context(source, [])
    node = load(source)
    value = spec.check(node["v"], node.value_pos["v"], ctx)
    return value, [str(p) for p in ctx.problems]


def test_a_list_past_its_maximum_is_one_located_error_and_its_items_are_not_read() -> None:
    spec = ListOf(Int(minimum=0, maximum=9), max_items=3)
    assert spec.schema() == {"type": "array", "items": {"type": "integer", "minimum": 0,
                                                        "maximum": 9}, "maxItems": 3}
    value, problems = _check(spec, "v: [1, 2, 3]\n")
    assert value == (1, 2, 3) and problems == []
    value, problems = _check(spec, "v: [1, 2, 3, 40, x]\n")
    assert not is_valid(value)
    assert problems == ["s.yaml:1:4: expected at most 3 item(s), got 5"]


def test_a_mapping_with_free_keys_can_be_bounded_too() -> None:
    spec = MapOf(Str(), Int(minimum=0, maximum=9), max_keys=2)
    assert spec.schema()["maxProperties"] == 2
    value, problems = _check(spec, "v: {a: 1, b: 2, c: 3}\n")
    assert not is_valid(value)
    assert problems == ["s.yaml:1:4: expected at most 2 key(s), got 3"]


# Hostile counts and lists, per game: one located line, no scenario built (so no engine run),
# and quickly.

HUGE = 2**63

TI4 = """\
id: x
title: X
game: ti4
setup:
  players: [Red, Blue, Green]
  {line}
expect: {{game_over: false}}
"""

TI3 = TI4.replace("game: ti4", "game: ti3")
ARCS = TI4.replace("game: ti4", "game: arcs")


def _many(word: str, count: int) -> str:
    return "[" + ", ".join([word] * count) + "]"


HOSTILE = {
    "ti3 a billion planets": (TI3.format(line="planets: {Red: 1000000000}"),
                              "s.yaml:6:18: expected at most 100, got 1000000000"),
    "ti3 2**63 planets": (TI3.format(line=f"planets: {{Red: {HUGE}}}"),
                          f"s.yaml:6:18: expected at most 100, got {HUGE}"),
    "ti3 largest fleet": (TI3.format(line=f"largest_fleet: {{Blue: {HUGE}}}"),
                          f"s.yaml:6:25: expected at most 28, got {HUGE}"),
    "ti3 too many units": (TI3.format(line="units: {Red: " + _many("fighter", 101) + "}"),
                           "s.yaml:6:16: expected at most 100 item(s), got 101"),
    "ti3 too many players": (TI3.replace("[Red, Blue, Green]", _many("Red", 9)).format(line=""),
                             "s.yaml:5:12: expected at most 8 item(s), got 9"),
    "ti4 2**63 facedown objectives": (
        TI4.format(line=f"public_objectives: {{stage_i: {HUGE}}}"),
        f"s.yaml:6:32: expected at most 20, got {HUGE}"),
    "ti4 a billion ships": (TI4.format(line="largest_fleet: {Red: 1000000000}"),
                            "s.yaml:6:24: expected at most 28, got 1000000000"),
    "ti4 2**63 action cards": (TI4.format(line=f"action_cards: {{deck: {HUGE}}}"),
                               f"s.yaml:6:24: expected at most 100, got {HUGE}"),
    "ti4 too many exhausted cards": (
        TI4.format(line="exhausted: {Red: " + _many("Jord", 101) + "}"),
        "s.yaml:6:20: expected at most 100 item(s), got 101"),
    "arcs 2**63 power": (ARCS.format(line=f"power: {{Red: {HUGE}}}"),
                         f"s.yaml:6:16: expected at most 100, got {HUGE}"),
    "arcs a billion captives": (ARCS.format(line="captives: {Red: {Blue: 1000000000}}"),
                                "s.yaml:6:26: expected at most 10, got 1000000000"),
    "arcs too many players": (ARCS.replace("[Red, Blue, Green]", _many("Red", 9)).format(line=""),
                              "s.yaml:5:12: expected at most 8 item(s), got 9"),
    "steps": ("id: x\ntitle: X\ngame: arcs\nsetup: {players: [Red, Blue, Green]}\nsteps: "
              + _many("{end_chapter: {}}", limits.STEPS + 1) + "\nexpect: {game_over: false}\n",
              f"s.yaml:5:8: expected at most {limits.STEPS} steps, got {limits.STEPS + 1}"),
    "about": ("id: x\ntitle: X\ngame: arcs\nabout: " + _many("arcs:4.1", limits.RULE_IDS + 1)
              + "\nsetup: {players: [Red, Blue, Green]}\nexpect: {game_over: false}\n",
              f"s.yaml:4:8: expected at most {limits.RULE_IDS} item(s), got {limits.RULE_IDS + 1}"),
    "cites": ("id: x\ntitle: X\ngame: arcs\nsetup: {players: [Red, Blue, Green]}\nsteps:\n"
              "  - end_chapter: {}\n    expect: {cites: " + _many("arcs:4.1", limits.RULE_IDS + 1)
              + "}\n",
              f"s.yaml:7:21: expected at most {limits.RULE_IDS} item(s), got {limits.RULE_IDS + 1}"),
}


@pytest.mark.parametrize(("text", "line"), HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_count_or_list_is_one_located_line_and_no_engine_run(
        problems: Callable[..., list[str]], text: str, line: str) -> None:
    start = time.perf_counter()
    found = problems(text)
    assert time.perf_counter() - start < 1
    assert found == [line]
    assert LINE.match(found[0])


def test_too_many_scenarios_in_one_text_is_one_located_line(
        problems: Callable[..., list[str]], minimal: str) -> None:
    item = "- " + minimal.replace("\n", "\n  ").rstrip() + "\n"
    start = time.perf_counter()
    found = problems(item * (limits.SCENARIOS + 1))
    assert time.perf_counter() - start < 1
    most = limits.SCENARIOS
    assert found == [f"s.yaml:1:1: expected at most {most} scenarios in one text, got {most + 1}"]


def test_the_bounds_are_reached_but_not_passed(verdict: Callable[..., Any]) -> None:
    """A value at the bound is accepted, so the bound is the one the guide states."""
    text = TI3.format(line="planets: {Red: 100}")
    assert verdict(text).failures() == []


# The key reference in the guide states every bound.

HEADING = re.compile(r"^#{1,6}[ \t].*\{#(?P<id>key-[a-z0-9_-]+)\}[ \t]*$")
ROW = re.compile(r"^\| `(?P<key>[^`\s]+)` \| (?P<value>[^|]*) \|")


def _rows(text: str) -> dict[tuple[str, str], str]:
    """(group, key) -> the value cell, for every row of the key reference."""
    rows: dict[tuple[str, str], str] = {}
    group = None
    fence = False
    for line in text.split("\n"):
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        if fence:
            continue
        if line.startswith("#"):
            found = HEADING.match(line)
            group = found["id"] if found else None
        elif group and (row := ROW.match(line)):
            rows[(group, row["key"])] = row["value"]
    return rows


def _groups(schema: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    """(group, key) -> schema node, named as in the guide's key reference."""
    definitions = schema["$defs"]
    scenario = definitions["scenario"]
    out = {("key-envelope", key): node for key, node in scenario["properties"].items()}

    def record(group: str, node: dict[str, Any]) -> None:
        if "properties" not in node and isinstance(node.get("additionalProperties"), dict):
            node = node["additionalProperties"]
        for name, child in (node.get("properties") or {}).items():
            out[(group, name)] = child
            record(f"{group}-{name}", child)

    for branch in scenario["allOf"]:
        game = branch["if"]["properties"]["game"]["const"]
        parts = branch["then"]["properties"]
        record(f"key-{game}-setup", parts["setup"])
        kinds = parts["steps"]["items"]["oneOf"]
        for kind in kinds:
            name = kind["required"][0]
            out[(f"key-{game}-steps", name)] = kind["properties"][name]
            record(f"key-{game}-step-{name}", kind["properties"][name])
        record(f"key-{game}-expect", parts["expect"])
        claims = kinds[0]["properties"]["expect"]["$ref"].removeprefix("#/$defs/")
        for name, child in definitions[claims]["properties"].items():
            if name not in parts["expect"]["properties"]:
                out[(f"key-{game}-step-expect", name)] = child
    return out


def _bounds(node: dict[str, Any]) -> set[int]:
    """The bounds of a key's own value (through `by player` and `or`), not of its keys' keys."""
    found = set()
    if "integer" in _types(node):
        found.add(node["maximum"])
    if "array" in _types(node):
        found.add(node["maxItems"])
        if "integer" in _types(node.get("items", {})):
            found.add(node["items"]["maximum"])
    if "maxProperties" in node:
        found.add(node["maxProperties"])
    for option in node.get("anyOf", ()):
        found |= _bounds(option)
    value = node.get("additionalProperties")
    if isinstance(value, dict) and "properties" not in node:
        found |= _bounds(value)
    return found


def unstated_bounds(text: str, schema: dict[str, Any]) -> list[str]:
    rows = _rows(text)
    missing = []
    for (group, key), node in _groups(schema).items():
        cell = rows.get((group, key))
        if cell is None:
            continue  # test_guide_reference reports a missing row
        for bound in sorted(_bounds(node)):
            # "list of 2 players" states a list of exactly 2.
            if not re.search(rf"\b(to|most|up to|list of) {bound}\b", cell):
                missing.append(f"{group} `{key}`: {cell.strip()!r} does not state {bound}")
    return missing


def test_the_key_reference_states_every_maximum(schema) -> None:
    assert unstated_bounds(GUIDE.read_text(encoding="utf-8"), schema) == []


def test_a_maximum_missing_from_the_key_reference_is_named(schema) -> None:
    text = GUIDE.read_text(encoding="utf-8")
    row = next(line for line in text.split("\n") if line.startswith("| `largest_fleet` |"))
    broken = text.replace(row, row.replace(" to 28", ""), 1)
    assert unstated_bounds(broken, schema) == [
        "key-ti4-setup `largest_fleet`: 'by player: whole number, 0' does not state 28"]
