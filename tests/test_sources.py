"""sources: scenario text in YAML files and in ```scenario fences of Markdown pages, also
inside admonitions and content tabs, with errors pointing at the right line and column."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from repo_games import GAMES

from checker.location import Location, Problem
from checker.sources import (
    ReadError,
    find_files,
    markdown_fences,
    read_text,
    texts_in_file,
    walk,
)

BODY = """\
id: x
title: X
game: ti4
setup:
  players: [Red, Blue, Green]
  phase: status
  strategy_cards: {Red: Leadership, Blue: Trade, Green: Imperial}
  public_objectives: {revealed: [Expand Borders]}
steps:
  - score: {player: Red, objective: Expand Borders}
expect:
  points: {Red: 2}
"""


def indent(text: str, by: int) -> str:
    return "".join(" " * by + line if line.strip() else line for line in text.splitlines(True))


def fenced(body: str, by: int = 0, fence: str = "```") -> str:
    return indent(f"{fence}scenario\n{body}{fence}\n", by)


def test_yaml_file_is_one_text_from_its_first_line() -> None:
    [text], [] = texts_in_file("s.yaml", "id: x\n")
    assert (text.path, text.text, text.line_offset, text.col_offset) == ("s.yaml", "id: x\n", 0, 0)


def test_markdown_page_gives_each_scenario_fence_and_skips_other_fences() -> None:
    page = ("# Title\n\n```yaml\nid: not-a-scenario\n```\n\n" + fenced("id: a\n")
            + "\ntext\n\n" + fenced("id: b\n"))
    texts, unclosed = texts_in_file("p.md", page)
    assert unclosed == []
    assert [(t.text, t.line_offset, t.col_offset) for t in texts] == [
        ("id: a\n", 7, 0), ("id: b\n", 13, 0)]


def test_fence_in_an_admonition_is_dedented_and_remembers_its_indent() -> None:
    page = "!!! example \"Scoring\"\n\n" + fenced("id: a\nsetup:\n  players: []\n", by=4)
    [text] = markdown_fences("p.md", page)
    assert text.text == "id: a\nsetup:\n  players: []\n"
    assert (text.line_offset, text.col_offset) == (3, 4)


def test_fence_in_a_content_tab_inside_an_admonition() -> None:
    page = "!!! example\n\n    === \"Tab\"\n\n" + fenced("id: a\n", by=8)
    [text] = markdown_fences("p.md", page)
    assert (text.text, text.line_offset, text.col_offset) == ("id: a\n", 5, 8)


def test_tilde_and_longer_fences_close_only_on_their_own_kind() -> None:
    page = "~~~~scenario\nid: a\n```\nstill: inside\n~~~~\n" + "````scenario\nb: 1\n```\n````\n"
    texts = list(markdown_fences("p.md", page))
    assert [t.text for t in texts] == ["id: a\n```\nstill: inside\n", "b: 1\n```\n"]


def test_page_without_scenario_fence_has_no_text() -> None:
    assert texts_in_file("p.md", "# Nothing\n\n```python\nprint(1)\n```\n") == ([], [])


def test_find_files_walks_folders_in_a_stable_order_and_keeps_named_files(tmp_path: Path) -> None:
    for name in ("b/two.yml", "a/one.yaml", "a/page.md", "a/notes.txt", "c.json"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x: 1\n")
    found = list(find_files([tmp_path, tmp_path / "c.json"]))
    assert [p.relative_to(tmp_path).as_posix() for p in found] == [
        "a/one.yaml", "a/page.md", "b/two.yml", "c.json"]


def test_a_file_is_a_scenario_file_by_its_extension(tmp_path: Path) -> None:
    # As os.path.splitext tells it: a name that is only dots before the suffix has none.
    names = [".yaml", "..yml", "...md", ".markdown", "a.yaml", ".a.yml", "b..md", "._c.markdown",
             "d.YAML", "e.yaml.bak", "f.yamlx", "g.json", "yaml"]
    for name in names:
        (tmp_path / name).write_text("x: 1\n")
    assert [Path(p).name for p in walk(str(tmp_path))] == [
        "._c.markdown", ".a.yml", "a.yaml", "b..md"]


# Locations through Markdown: a mismatch and an error point at the page, not the fence.

def test_mismatch_in_a_top_level_fence_points_at_the_page(verdict) -> None:
    page = "# Scoring\n\nSome text.\n\n" + fenced(BODY)
    result = verdict(page, "docs/p.md")
    # fence opens on line 5; `  points: {Red: 2}` is body line 12, so page line 17
    assert result.lines() == ["docs/p.md:17:17: points.Red: stated 2, engine 1"]


def test_mismatch_in_an_admonition_points_at_line_and_column(verdict) -> None:
    page = "# Scoring\n\n!!! example \"Red scores\"\n\n" + fenced(BODY, by=4)
    result = verdict(page, "docs/p.md")
    assert result.lines() == ["docs/p.md:17:21: points.Red: stated 2, engine 1"]


def test_mismatch_in_a_content_tab_points_at_line_and_column(verdict) -> None:
    page = "# Scoring\n\n=== \"First\"\n\n    Text.\n\n=== \"Second\"\n\n" + fenced(BODY, by=4)
    result = verdict(page, "docs/p.md")
    assert result.lines() == ["docs/p.md:21:21: points.Red: stated 2, engine 1"]


def test_step_location_in_an_admonition(load) -> None:
    page = "!!! example\n\n" + fenced(BODY, by=4)
    [scenario] = load(page, "p.md").scenarios
    assert str(scenario.location) == "p.md:4:5"
    assert str(scenario.steps[0].location) == "p.md:13:9"
    assert str(scenario.setup_location) == "p.md:8:7"


def test_errors_in_an_admonition_point_at_line_and_column(problems) -> None:
    body = BODY.replace("  phase: status", "  phse: status").replace("points: {Red: 2}",
                                                                     "points: {Rad: 2}")
    page = "Intro\n\n!!! example\n\n" + fenced(body, by=4)
    assert problems(page, "p.md") == [
        "p.md:11:7: unknown setup key 'phse' (did you mean 'phase'?)",
        "p.md:17:16: unknown player 'Rad' (did you mean 'Red'?)",
    ]


def test_yaml_error_in_a_content_tab_points_at_line_and_column(problems) -> None:
    page = "=== \"Tab\"\n\n    ```scenario\n    id: x\n    title: X: y\n    ```\n"
    assert problems(page, "p.md") == [
        "p.md:5:13: YAML: mapping values are not allowed in this context"]


def test_duplicate_key_in_an_admonition_points_at_the_second_key(problems) -> None:
    page = "!!! note\n\n    ```scenario\n    id: x\n    id: y\n    ```\n"
    assert problems(page, "p.md") == ["p.md:5:5: duplicate key 'id' (first given at line 4)"]


def test_every_fence_of_a_page_reports_its_errors(load) -> None:
    page = ("```scenario\nid: [a\n```\n\n!!! example\n\n" + fenced("id: b\nid: c\n", by=4)
            + "\n=== \"T\"\n\n" + fenced(BODY.replace("game: ti4", "game: ti5"), by=4))
    loaded = load(page, "p.md")
    assert loaded.failed_texts == 3
    assert [str(p) for p in loaded.problems] == [
        "p.md:3:1: YAML: did not find expected ',' or ']'",
        "p.md:9:5: duplicate key 'id' (first given at line 8)",
        "p.md:17:11: unknown game 'ti5' (did you mean 'ti4'?); expected one of " + ", ".join(GAMES),
    ]


def test_valid_fences_load_next_to_broken_ones(load) -> None:
    page = fenced(BODY) + "\n" + fenced("id: [broken\n") + "\n!!! example\n\n" + fenced(
        BODY.replace("id: x", "id: y"), by=4)
    loaded = load(page, "p.md")
    assert [s.id for s in loaded.scenarios] == ["x", "y"]
    assert loaded.failed_texts == 1


def test_a_scenario_fence_shown_inside_another_code_block_is_not_a_scenario() -> None:
    page = "Intro\n\n````markdown\n```scenario\nid: shown\n```\n````\n\n```scenario\nid: real\n```\n"
    texts = list(markdown_fences("page.md", page))
    assert [t.text for t in texts] == ["id: real\n"]
    assert texts[0].line_offset == 9


def test_read_text_reads_line_endings_as_text_mode_does(tmp_path: Path) -> None:
    path = tmp_path / "endings.yaml"
    path.write_bytes("a: 1\r\nb: \u00e9\rc: 3\n".encode())
    assert read_text(path) == path.read_text(encoding="utf-8") == "a: 1\nb: \u00e9\nc: 3\n"
    path.write_bytes(b"a: 1\nb: \xc3\xa9\xff\n")  # e acute, then a byte no UTF-8 text has
    with pytest.raises(ReadError) as caught:
        read_text(path)
    assert (caught.value.line, caught.value.col) == (2, 5)
    assert caught.value.reason == "not UTF-8 text: byte 0xff cannot start or continue a character"


def test_read_text_reads_a_file_larger_than_one_read(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    text = "".join(f"line {n}: {'x' * 70}\n" for n in range(12_000))  # 0.97 MB
    path.write_text(text, encoding="utf-8")
    assert read_text(path) == text
    assert read_text(str(tmp_path / "big.yaml")) == text
    with pytest.raises(ReadError, match="^not a regular file but a folder$"):
        read_text(tmp_path)


def test_read_text_reads_on_when_the_file_grew_after_its_size_was_taken(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "growing.yaml"
    text = "id: x\n" * 30_000
    path.write_text(text, encoding="utf-8")

    class Small:
        st_size = 10
        st_mode = stat.S_IFREG

    monkeypatch.setattr("checker.sources.os.fstat", lambda handle: Small())
    assert read_text(path) == text


def test_an_unclosed_fence_of_another_language_hides_no_scenario_fence_after_it() -> None:
    """Python-Markdown shows a fence nothing closes as text, so a scenario fence after it
    is shown, and checked."""
    page = "# Page\n\n````python\nprint(1)\n\n" + fenced("id: a\n")
    texts, unclosed = texts_in_file("p.md", page)
    assert ([(t.text, t.line_offset) for t in texts], unclosed) == ([("id: a\n", 6)], [])


def test_an_unclosed_scenario_fence_is_a_located_problem() -> None:
    page = "# Page\n\n!!! example\n\n    ```scenario\n    id: a\n"
    assert texts_in_file("p.md", page) == ([], [Problem(Location("p.md", 5, 5), (
        "this ```scenario fence is never closed: end the example with a line of ```, "
        "indented as the opening one"))])


def test_many_unclosed_fences_are_read_in_linear_time() -> None:
    """Each unclosed fence used to be searched to the end of the page again."""
    page = "`````x\n" * 20_000 + "```\n" * 20_000 + fenced("id: a\n")
    texts, unclosed = texts_in_file("p.md", page)
    assert unclosed == [] and [t.text for t in texts] == ["id: a\n"]
