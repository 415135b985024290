"""yamlsource: plain values that remember where every key, value and item stood."""

from __future__ import annotations

import time

import pytest

from checker import limits
from checker.location import Location, ScenarioError
from checker.yamlsource import Text, YList, YMap, load


def _error_lines(text: str, path: str = "f.yaml") -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        load(Text(path, text))
    lines = [str(p) for p in caught.value.problems]
    assert str(caught.value) == "\n".join(lines)
    return lines


def _at(text: Text, pos: object) -> tuple[int, int]:
    """Positions are kept as indexes in the text and shown as 1-based (line, col) in the file."""
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
    assert _error_lines("id: *nope\n") == ["f.yaml:1:5: YAML: the alias *nope names no anchor set before it"]


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


# Limits (checker.limits): refused in place, never a crash, a hang or a huge allocation.

def test_nesting_of_25000_levels_is_refused_at_the_first_level_too_deep() -> None:
    """The C composer crashed the process here (a segmentation fault)."""
    assert _error_lines("a: " + "[" * 25_000 + "]" * 25_000 + "\n") == [
        f"f.yaml:1:{4 + limits.DEPTH - 1}: nested more than {limits.DEPTH} levels deep"]
    assert _error_lines("a: " + "{a: " * 25_000 + "1" + "}" * 25_000 + "\n") == [
        f"f.yaml:1:{4 + 4 * (limits.DEPTH - 1)}: nested more than {limits.DEPTH} levels deep"]


def test_nesting_up_to_the_limit_loads() -> None:
    depth = limits.DEPTH - 1  # the outer mapping is the first level
    value = load(Text("f.yaml", "a: " + "[" * depth + "1" + "]" * depth + "\n"))
    for _ in range(depth):
        value = value[0] if isinstance(value, list) else value["a"]
    assert value == [1]


def test_deep_block_nesting_is_refused_at_its_line() -> None:
    text = "".join("  " * level + "a:\n" for level in range(2_000)) + "  " * 2_000 + "b: 1\n"
    assert _error_lines(text) == [(f"f.yaml:{limits.DEPTH + 1}:{2 * limits.DEPTH + 1}: nested "
                                   f"more than {limits.DEPTH} levels deep")]


def test_a_number_longer_than_the_limit_is_refused_in_place() -> None:
    """`int()` refuses more than 4,300 digits with a ValueError; a long sexagesimal or hex
    number costs time to convert. Each is refused, and the file's other problems still
    show."""
    long = "9" * 5_000
    assert _error_lines(f"a: {long}\nb: 0x{'f' * 30}\nc: 1{':59' * 20}\nd: 1{'0' * 30}.5\n"
                        f"a: 1\n") == [
        "f.yaml:1:4: a number may be at most 20 characters long; this one has 5000",
        "f.yaml:2:4: a number may be at most 20 characters long; this one has 32",
        "f.yaml:3:4: a number may be at most 20 characters long; this one has 61",
        "f.yaml:4:4: a number may be at most 20 characters long; this one has 33",
        "f.yaml:5:1: duplicate key 'a' (first given at line 1)"]
    assert load(Text("f.yaml", f"a: {'9' * 20}\nb: '{long}'\n")) == {"a": int("9" * 20),
                                                                      "b": long}


def test_an_alias_bomb_is_refused_at_once_where_it_passes_the_limit() -> None:
    """744 bytes that stood for 9^9 values: 43 s and 5.8 GB before a MemoryError."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for name, before in zip("bcdefghi", "abcdefgh"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{before}"] * 9) + "]")
    started = time.perf_counter()
    [line] = _error_lines("\n".join(lines) + "\n")
    assert time.perf_counter() - started < 1
    assert line.startswith("f.yaml:5:28: ")
    assert line.endswith(f"more than {limits.VALUES:,} values in one scenario text (an alias "
                         "counts as a copy of what it stands for)")


def test_aliases_within_the_limit_load_as_the_value_they_stand_for() -> None:
    value = load(Text("f.yaml", "a: &x {b: [1, 2]}\nc: *x\nd: [*x, *x]\n"))
    assert value["c"] == value["d"][0] == {"b": [1, 2]}


def test_nesting_through_aliases_counts_where_the_alias_is_used() -> None:
    deep = "[" * 20 + "1" + "]" * 20
    assert _error_lines(f"a: &a {deep}\nb: &b [[[[[[[[[[[[[[*a]]]]]]]]]]]]]]\n") == [
        f"f.yaml:2:21: nested more than {limits.DEPTH} levels deep (through the alias *a)"]
    chain = [f"a0: &a0 {deep}"] + [f"a{n}: &a{n} [*a{n - 1}]" for n in range(1, 20)]
    [line] = _error_lines("\n".join(chain) + "\n")
    assert line.endswith(f"nested more than {limits.DEPTH} levels deep (through the alias *a11)")


def test_recursive_alias_is_located_at_the_alias() -> None:
    assert _error_lines("id: x\nsetup: &a\n  b: [*a]\n") == [
        ("f.yaml:3:7: YAML: the alias *a is used inside the anchor &a it stands for (a "
         "recursive alias)")]


def test_an_anchor_set_twice_is_an_error_at_the_second() -> None:
    assert _error_lines("a: &x 1\nb: &x [2]\n") == [
        "f.yaml:2:4: YAML: the anchor &x is set twice (first set at line 1)"]


@pytest.mark.parametrize(("text", "message"), [
    ("a: !!int 0x\n", "f.yaml:1:4: YAML: '0x' is not a valid int"),
    ("a: !!float abc\n", "f.yaml:1:4: YAML: 'abc' is not a valid float"),
    ("a: !!bool maybe\n", "f.yaml:1:4: YAML: 'maybe' is not a valid bool"),
    ("a: 2024-02-30\n", "f.yaml:1:4: YAML: '2024-02-30' is not a valid timestamp"),
    ("a: !!timestamp x\n", "f.yaml:1:4: YAML: 'x' is not a valid timestamp"),
    ("a: !!int\n", "f.yaml:1:4: YAML: '' is not a valid int"),
])
def test_a_value_its_tag_does_not_fit_is_refused_in_place(text: str, message: str) -> None:
    """PyYAML's constructors trust the tag and raise plain Python errors on a value that
    does not fit it; each is a located problem, and the rest of the text is still read."""
    assert _error_lines(text + "b: !!bool maybe\n") == [
        message, "f.yaml:2:4: YAML: 'maybe' is not a valid bool"]


def test_lines_are_counted_as_an_editor_counts_them_whatever_breaks_yaml_sees() -> None:
    """YAML 1.1 counts NEL, LS and PS as line breaks; editors do not, so a place after one
    is reported on the line an editor shows (never past the end of the file)."""
    f = Text("f.yaml", "a: 'x\u2028y\u0085z'\nb: \"\u2029c\"\nd: [\n", line_offset=4, col_offset=2)
    with pytest.raises(ScenarioError) as caught:
        load(f)
    (problem,) = caught.value.problems
    assert (problem.location.line, problem.location.col) == (8, 3)
    g = Text("g.yaml", "a: 'x\u2028y'\nb: 1\r\nc: 2\n")
    value = load(g)
    assert _all(g, value.key_pos) == {"a": (1, 1), "b": (2, 1), "c": (3, 1)}
    assert _at(g, value.value_pos["b"]) == (2, 4)


def test_a_leading_byte_order_mark_takes_no_column_on_any_line() -> None:
    """libyaml does not count a leading BOM; nor do the places shown, also where a NEL, LS
    or PS makes the lines counted from indexes (a place on line 2 was shown at the end of
    line 1 there), and also for text too deep for libyaml, read again by PyYAML's reader,
    which counts the BOM."""
    f = Text("f.yaml", "\ufeffa: 1\nb: [x, y]\n", line_offset=2, col_offset=4)
    value = load(f)
    assert _all(f, value.key_pos) == {"a": (3, 5), "b": (4, 5)}
    assert [_at(f, p) for p in value["b"].item_pos] == [(4, 9), (4, 12)]
    g = Text("g.yaml", "\ufeffa: 'x\u2028y'\nb: 1\n")
    assert _all(g, load(g).key_pos) == {"a": (1, 1), "b": (2, 1)}
    deep = "\ufeffb: 1\na: " + "[" * 1_100 + "]" * 1_100 + "\n"
    assert _error_lines(deep) == [(f"f.yaml:2:{4 + limits.DEPTH - 1}: nested more than "
                                   f"{limits.DEPTH} levels deep")]


def test_loaded_values_keep_places_as_plain_numbers() -> None:
    """A pytest session holds the loaded values of every scenario it collected: a place is
    an int (not tracked by the garbage collector), not a libyaml mark with a dictionary."""
    value = load(Text("f.yaml", "a: [1, {b: 2}]\n"))
    places = [value.pos, *value.key_pos.values(), *value.value_pos.values(),
              *value["a"].item_pos, value["a"][1].value_pos["b"]]
    assert all(place.__class__ is int for place in places)
