"""yamlsource: plain values that remember where every key, value and item stood."""

from __future__ import annotations

import pytest

from checker.location import Location, ScenarioError
from checker.yamlsource import Text, YList, YMap, load


def _error_lines(text: str, path: str = "f.yaml") -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        load(Text(path, text))
    lines = [str(p) for p in caught.value.problems]
    assert str(caught.value) == "\n".join(lines)
    return lines


def _at(text: Text, pos: object) -> tuple[int, int]:
    """Positions are kept as libyaml marks and shown as 1-based (line, col) in the file."""
    return text.position(pos)


def _all(text: Text, places: dict) -> dict:
    return {key: text.position(pos) for key, pos in places.items()}


def test_mapping_and_list_positions_are_one_based_line_and_column() -> None:
    f = Text("f.yaml", "id: x\nsetup:\n  players: [Red, Blue]\n  points: {Blue: 3}\n")
    value = load(f)
    assert isinstance(value, YMap)
    assert _at(f, value.pos) == (1, 1)
    assert _all(f, value.key_pos) == {"id": (1, 1), "setup": (2, 1)}
    assert _at(f, value.value_pos["id"]) == (1, 5)
    setup = value["setup"]
    assert isinstance(setup, YMap)
    assert _at(f, setup.pos) == (3, 3)
    assert _all(f, setup.key_pos) == {"players": (3, 3), "points": (4, 3)}
    players = setup["players"]
    assert isinstance(players, YList)
    assert players == ["Red", "Blue"]
    assert _at(f, players.pos) == (3, 12)
    assert [_at(f, p) for p in players.item_pos] == [(3, 13), (3, 18)]
    points = setup["points"]
    assert points == {"Blue": 3}
    assert _at(f, points.key_pos["Blue"]) == (4, 12)
    assert _at(f, points.value_pos["Blue"]) == (4, 18)


def test_block_sequence_items_are_located_at_their_content() -> None:
    f = Text("f.yaml", "steps:\n  - score: {player: Red}\n  - status_phase: {}\n")
    steps = load(f)["steps"]
    assert [_at(f, p) for p in steps.item_pos] == [(2, 5), (3, 5)]
    assert _at(f, steps[0].key_pos["score"]) == (2, 5)
    assert _at(f, steps[0]["score"].value_pos["player"]) == (2, 21)


def test_scalars_keep_their_yaml_types_and_rule_ids_stay_text() -> None:
    value = load(Text("f.yaml", "a: 3\nb: true\nc: ~\nd: ti4:61.6\ne: '10'\nf: 1.5\n"))
    assert value == {"a": 3, "b": True, "c": None, "d": "ti4:61.6", "e": "10", "f": 1.5}
    assert type(value["a"]) is int


def test_offsets_map_positions_back_into_the_enclosing_file() -> None:
    page = Text("page.md", "id: x\nexpect:\n  points: {Red: 2}\n", line_offset=10, col_offset=4)
    value = load(page)
    assert _at(page, value.pos) == (11, 5)
    assert _at(page, value.value_pos["id"]) == (11, 9)
    assert _at(page, value["expect"]["points"].value_pos["Red"]) == (13, 21)


def test_text_location_names_the_file() -> None:
    assert Text("a/b.yaml", "").location((3, 7)) == Location("a/b.yaml", 3, 7)
    assert str(Location("a/b.yaml", 3, 7)) == "a/b.yaml:3:7"


def test_empty_text_loads_as_none() -> None:
    assert load(Text("f.yaml", "")) is None
    assert load(Text("f.yaml", "# only a comment\n\n")) is None


def test_malformed_yaml_is_one_located_line() -> None:
    assert _error_lines("id: x\ntitle: [unclosed\n") == [
        "f.yaml:3:1: YAML: did not find expected ',' or ']'"]


def test_bad_indentation_is_located_where_the_parser_stopped() -> None:
    assert _error_lines("id: x\n  title: bad indent\n") == [
        "f.yaml:2:8: YAML: mapping values are not allowed in this context"]


def test_tab_indentation_is_located() -> None:
    assert _error_lines("id: x\n\ttitle: y\n") == [
        "f.yaml:2:1: YAML: found a tab character that violates indentation"]


def test_yaml_error_in_an_offset_text_points_into_the_page() -> None:
    with pytest.raises(ScenarioError) as caught:
        load(Text("page.md", "id: x\ntitle: X: y\n", line_offset=20, col_offset=4))
    assert [str(p) for p in caught.value.problems] == [
        "page.md:22:13: YAML: mapping values are not allowed in this context"]


def test_several_documents_in_one_file_are_an_error() -> None:
    assert _error_lines("id: a\n---\nid: b\n") == ["f.yaml:2:1: YAML: but found another document"]


def test_every_duplicate_key_is_reported_with_the_first_place() -> None:
    text = "id: x\ntitle: T\nid: y\nsetup:\n  players: [a]\n  players: [b]\ntitle: U\n"
    assert _error_lines(text) == [
        "f.yaml:3:1: duplicate key 'id' (first given at line 1)",
        "f.yaml:6:3: duplicate key 'players' (first given at line 5)",
        "f.yaml:7:1: duplicate key 'title' (first given at line 2)",
    ]


def test_merge_keys_are_refused_in_place() -> None:
    assert _error_lines("a: &a {x: 1}\nb:\n  <<: *a\n") == [
        "f.yaml:3:3: YAML merge keys ('<<') are not supported"]


def test_a_mapping_as_key_is_refused_in_place() -> None:
    assert _error_lines("? [a, b]\n: 1\n") == ["f.yaml:1:3: a mapping key must be a plain value"]


def test_undefined_alias_is_located() -> None:
    assert _error_lines("id: *nope\n") == ["f.yaml:1:5: YAML: found undefined alias"]


def test_unknown_tag_on_a_scalar_is_located() -> None:
    assert _error_lines("id: !foo x\n") == [
        "f.yaml:1:5: YAML: could not determine a constructor for the tag '!foo'"]


def test_python_tag_on_a_collection_is_refused_like_the_safe_loader_does(tmp_path) -> None:
    """Nothing in a scenario can run code, and a tag the safe loader does not know is an
    error, whether it sits on a scalar or on a mapping or list."""
    marker = tmp_path / "pwned"
    text = f"setup: !!python/object/apply:os.system ['touch {marker}']\n"
    lines = _error_lines(text)
    assert not marker.exists()
    assert len(lines) == 1
    assert lines[0].startswith("f.yaml:1:8: YAML: could not determine a constructor for the tag")
    assert "python/object/apply:os.system" in lines[0]


def test_recursive_alias_is_a_located_error_not_a_recursion_error() -> None:
    lines = _error_lines("a: &a [*a]\n")
    assert len(lines) == 1
    assert lines[0].startswith("f.yaml:1:")


def test_control_character_is_one_located_line() -> None:
    lines = _error_lines("id: x\x00\n", path="nul.yaml")
    assert len(lines) == 1
    assert "\n" not in lines[0]
    assert lines[0].startswith("nul.yaml:1:6: YAML: unacceptable character #x0000")
