"""The real `checker` command in a subprocess, through `python -m checker` and the console
script: output lines, exit codes, JUnit XML, GitHub annotations, explain and schema."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from checker.cli import _printable

MISMATCH = "  points: {Red: 1, Blue: 3}"
"""Replaces the final claim of the minimal scenario: Blue's 3 (line 12, column 26) is wrong."""


def write(root: Path, name: str, text: str) -> Path:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def lines(text: str) -> list[str]:
    return text.splitlines()


# checker run: passing, failing, folders, defaults.

def test_run_passing_file_exits_0(checker, tmp_path, minimal) -> None:
    write(tmp_path, "good.yaml", minimal)
    done = checker("run", "good.yaml")
    assert (done.returncode, done.stdout, done.stderr) == (0, "1 passed, 0 failed\n", "")


def test_run_failing_claim_exits_1_with_the_located_line(checker, tmp_path, minimal) -> None:
    write(tmp_path, "bad.yaml", minimal.replace("  points: {Red: 1}", MISMATCH))
    done = checker("run", "bad.yaml")
    assert done.returncode == 1
    assert lines(done.stdout) == ["bad.yaml:12:26: points.Blue: stated 3, engine 0",
                                  "0 passed, 1 failed"]


def test_run_folders_prints_one_line_per_problem_then_the_summary(checker, tmp_path,
                                                                  minimal) -> None:
    write(tmp_path, "scenarios/ti4/a-good.yaml", minimal.replace("id: x", "id: good"))
    write(tmp_path, "scenarios/ti4/b-wrong.yaml",
          minimal.replace("id: x", "id: wrong").replace("  points: {Red: 1}", MISMATCH))
    write(tmp_path, "scenarios/ti4/c-broken.yaml",
          minimal.replace("id: x", "id: broken").replace("phase: status", "phse: status")
          .replace("player: Red,", "player: Rad,"))
    write(tmp_path, "docs/page.md", "# Page\n\n!!! example\n\n    ```scenario\n"
          + "".join("    " + line + "\n" for line in
                    minimal.replace("id: x", "id: page").replace("{Red: 1}", "{Red: 2}")
                    .splitlines())
          + "    ```\n")
    write(tmp_path, "docs/notes.txt", "not a scenario")
    done = checker("run", "scenarios", "docs")
    assert done.returncode == 1
    assert lines(done.stdout) == [
        "scenarios/ti4/c-broken.yaml:6:3: unknown setup key 'phse' (did you mean 'phase'?)",
        "scenarios/ti4/c-broken.yaml:10:21: unknown player 'Rad' (did you mean 'Red'?)",
        "scenarios/ti4/b-wrong.yaml:12:26: points.Blue: stated 3, engine 0",
        "docs/page.md:17:21: points.Red: stated 2, engine 1",
        "1 passed, 3 failed",
    ]


def test_run_without_paths_reads_scenarios_and_docs(checker, tmp_path, minimal) -> None:
    write(tmp_path, "scenarios/one.yaml", minimal.replace("id: x", "id: one"))
    write(tmp_path, "docs/two.md", "```scenario\n" + minimal.replace("id: x", "id: two") + "```\n")
    write(tmp_path, "elsewhere/three.yaml", "not: [valid")
    done = checker("run")
    assert (done.returncode, done.stdout) == (0, "2 passed, 0 failed\n")


def test_run_on_a_folder_without_scenarios_fails(checker, tmp_path) -> None:
    (tmp_path / "empty").mkdir()
    done = checker("run", "empty")
    assert done.returncode == 1
    assert done.stdout == "0 passed, 0 failed\n"
    assert done.stderr == "checker: no scenarios found\n"


# Bad input through the real command: located one-line errors, exit 1, never a traceback.

BAD_INPUT = {
    "malformed": ("id: x\ntitle: [unclosed\n",
                  ["f.yaml:3:1: YAML: did not find expected ',' or ']'"]),
    "unknown key": ("MINIMAL:expect:|expcet:",
                    ["f.yaml:11:1: unknown key 'expcet' (did you mean 'expect'?)",
                     ("f.yaml:1:1: the scenario claims nothing: give an `expect` (at the end or "
                     "on a step)")]),
    "wrong type": ("MINIMAL:points: {Red: 1}|points: {Red: one}",
                   ["f.yaml:12:17: expected a whole number, got text"]),
    "unknown player": ("MINIMAL:player: Red,|player: Rad,",
                       ["f.yaml:10:21: unknown player 'Rad' (did you mean 'Red'?)"]),
    "unknown objective": ("MINIMAL:objective: Expand Borders}|objective: Expand Bordrs}",
                          [("f.yaml:10:37: unknown objective 'Expand Bordrs' (did you mean "
                           "'Expand Borders'?)")]),
    "unknown step kind": ("MINIMAL:- score:|- scroe:",
                          ["f.yaml:10:5: unknown step kind 'scroe' (did you mean 'score'?)"]),
    "empty file": ("", ["f.yaml:1:1: empty: no scenario here"]),
    "duplicate key": ("MINIMAL:title: X\n|title: X\ntitle: Y\n",
                      ["f.yaml:3:1: duplicate key 'title' (first given at line 2)"]),
    "no claim": ("MINIMAL:expect:\n  points: {Red: 1}\n|",
                 [("f.yaml:1:1: the scenario claims nothing: give an `expect` (at the end or on a "
                  "step)")]),
}


def _bad_text(spec: str, minimal: str) -> str:
    if not spec.startswith("MINIMAL:"):
        return spec
    old, new = spec[len("MINIMAL:"):].split("|")
    assert old in minimal
    return minimal.replace(old, new)


@pytest.mark.parametrize("kind", list(BAD_INPUT))
def test_bad_input_is_a_located_line_and_exit_1(checker, tmp_path, minimal, kind) -> None:
    spec, expected = BAD_INPUT[kind]
    write(tmp_path, "f.yaml", _bad_text(spec, minimal))
    done = checker("run", "f.yaml")
    assert done.returncode == 1
    assert lines(done.stdout) == [*sorted(expected, key=_line_col), "0 passed, 1 failed"]
    assert done.stderr == ""


def _line_col(line: str) -> tuple[int, int]:
    _, row, col, _ = line.split(":", 3)
    return int(row), int(col)


def test_every_error_of_a_file_is_printed(checker, tmp_path, minimal) -> None:
    text = (minimal.replace("phase: status", "phase: statu").replace("player: Red,", "player: Rad,")
            .replace("points: {Red: 1}", "points: {Red: 1}\n  winnr: Red"))
    write(tmp_path, "f.yaml", text)
    done = checker("run", "f.yaml")
    assert done.returncode == 1
    assert lines(done.stdout) == [
        ("f.yaml:6:10: unknown phase 'statu' (did you mean 'status'?); expected one of strategy, "
        "action, status, agenda"),
        "f.yaml:10:21: unknown player 'Rad' (did you mean 'Red'?)",
        "f.yaml:13:3: unknown expectation 'winnr' (did you mean 'winner'?)",
        "0 passed, 1 failed",
    ]


def test_duplicate_ids_across_files(checker, tmp_path, minimal) -> None:
    write(tmp_path, "a.yaml", minimal)
    write(tmp_path, "b.yaml", minimal)
    done = checker("run", "a.yaml", "b.yaml")
    assert done.returncode == 1
    assert lines(done.stdout) == [
        "b.yaml:1:1: duplicate scenario id 'x' (first used at a.yaml:1:1)", "1 passed, 1 failed"]


def test_duplicate_ids_in_one_file(checker, tmp_path, minimal) -> None:
    item = "- " + minimal.replace("\n", "\n  ").rstrip() + "\n"
    write(tmp_path, "a.yaml", item + item)
    done = checker("run", "a.yaml")
    assert done.returncode == 1
    assert lines(done.stdout) == [
        "a.yaml:13:3: duplicate scenario id 'x' (first used at a.yaml:1:3)", "1 passed, 1 failed"]


def test_unreadable_file_is_a_located_error(checker, tmp_path) -> None:
    (tmp_path / "latin.yaml").write_bytes(b"id: caf\xe9\n")
    done = checker("run", "latin.yaml")
    assert done.returncode == 1
    [problem, summary] = lines(done.stdout)
    assert problem == ("latin.yaml:1:8: cannot read file: not UTF-8 text: byte 0xe9 cannot "
                       "start or continue a character")
    assert summary == "0 passed, 1 failed"


# Usage errors: exit 4.

@pytest.mark.parametrize("args", [
    ("run", "--bogus", "good.yaml"),
    ("--bogus",),
    ("run", "missing.yaml"),
    ("run", "--format", "xml", "good.yaml"),
    (),
    ("frobnicate",),
    ("explain", "missing.yaml"),
    ("explain", "two.yaml"),
    ("explain", "two.yaml", "--id", "nope"),
    ("schema", "extra"),
])
def test_usage_errors_exit_4(checker, tmp_path, minimal, args) -> None:
    write(tmp_path, "good.yaml", minimal)
    write(tmp_path, "two.yaml", "- " + minimal.replace("\n", "\n  ").rstrip() + "\n- "
          + minimal.replace("id: x", "id: y").replace("\n", "\n  ").rstrip() + "\n")
    done = checker(*args)
    assert done.returncode == 4, done
    assert done.stdout == ""
    assert done.stderr.startswith("checker: error: ")


def test_usage_error_names_the_unknown_option(checker) -> None:
    done = checker("run", "--bogus")
    assert done.returncode == 4
    assert lines(done.stderr)[0] == "checker: error: unrecognized arguments: --bogus"


def test_top_level_unknown_option_is_named(checker) -> None:
    done = checker("--bogus")
    assert done.returncode == 4
    assert "--bogus" in lines(done.stderr)[0]


def test_missing_path_is_named(checker) -> None:
    done = checker("run", "missing.yaml", "gone")
    assert done.returncode == 4
    assert lines(done.stderr)[0] == "checker: error: no such file or folder: missing.yaml, gone"


def test_explain_without_id_on_a_multi_scenario_file_lists_the_ids(checker, tmp_path,
                                                                   minimal) -> None:
    write(tmp_path, "two.yaml", "- " + minimal.replace("\n", "\n  ").rstrip() + "\n- "
          + minimal.replace("id: x", "id: y").replace("\n", "\n  ").rstrip() + "\n")
    done = checker("explain", "two.yaml")
    assert done.returncode == 4
    assert lines(done.stderr)[0] == ("checker: error: two.yaml holds 2 scenarios; choose one with "
                                     "--id (x, y)")


def test_help_exits_0(checker) -> None:
    done = checker("--help")
    assert done.returncode == 0
    assert "run" in done.stdout and "explain" in done.stdout and "schema" in done.stdout


# --junit-xml

def test_junit_xml_has_one_testcase_per_scenario_and_a_failure(checker, tmp_path, minimal) -> None:
    write(tmp_path, "s/a.yaml", minimal.replace("id: x", "id: good"))
    write(tmp_path, "s/b.yaml", minimal.replace("id: x", "id: wrong").replace("  points: {Red: 1}",
                                                                               MISMATCH))
    done = checker("run", "--junit-xml", "out.xml", "s")
    assert done.returncode == 1
    root = ET.parse(tmp_path / "out.xml").getroot()
    assert root.tag == "testsuite"
    cases = root.findall("testcase")
    assert [(c.get("classname"), c.get("name")) for c in cases] == [("s/a.yaml", "good"),
                                                                    ("s/b.yaml", "wrong")]
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("2", "1", "0")
    assert cases[0].find("failure") is None
    failure = cases[1].find("failure")
    assert failure is not None
    assert failure.get("message") == "s/b.yaml:12:26: points.Blue: stated 3, engine 0"
    assert failure.text == "s/b.yaml:12:26: points.Blue: stated 3, engine 0"
    assert lines(done.stdout) == ["s/b.yaml:12:26: points.Blue: stated 3, engine 0",
                                  "1 passed, 1 failed"]


def test_junit_xml_counts_match_its_testcases(checker, tmp_path, minimal) -> None:
    write(tmp_path, "ok.yaml", minimal)
    write(tmp_path, "page.md", "```scenario\nid: [a\n```\n\n```scenario\nid: [b\n```\n")
    done = checker("run", "--junit-xml", "out.xml", "ok.yaml", "page.md")
    assert done.returncode == 1
    root = ET.parse(tmp_path / "out.xml").getroot()
    cases = root.findall("testcase")
    assert int(root.get("tests")) == len(cases)
    assert int(root.get("failures")) == sum(1 for c in cases if c.find("failure") is not None)
    assert int(root.get("errors")) == sum(1 for c in cases if c.find("error") is not None)
    errors = [c.find("error") for c in cases if c.find("error") is not None]
    assert "\n".join(e.text for e in errors) == ("page.md:3:1: YAML: did not find expected ',' or "
                                                 "']'\npage.md:7:1: YAML: did not find expected "
                                                 "',' or ']'")


def test_junit_xml_into_a_new_folder(checker, tmp_path, minimal) -> None:
    write(tmp_path, "ok.yaml", minimal)
    done = checker("run", "--junit-xml", "reports/ci/junit.xml", "ok.yaml")
    assert done.returncode == 0, done.stderr
    assert ET.parse(tmp_path / "reports/ci/junit.xml").getroot().get("tests") == "1"


# --format github

def test_github_annotations(checker, tmp_path, minimal) -> None:
    write(tmp_path, "s/b.yaml", minimal.replace("  points: {Red: 1}", MISMATCH))
    write(tmp_path, "s/c.yaml", "id: [x\n")
    done = checker("run", "--format", "github", "s")
    assert done.returncode == 1
    assert lines(done.stdout) == [
        "::error file=s/c.yaml,line=2,col=1::YAML: did not find expected ',' or ']'",
        "::error file=s/b.yaml,line=12,col=26::points.Blue: stated 3, engine 0",
        "0 passed, 2 failed",
    ]


# checker explain

STEP_EXPLAINED = """\
Step 1: Red scores Expand Borders.  (s.yaml:11:5)
  [ti4:61.12] Red places a control token on Expand Borders.
  [ti4:61.12] Red gains 1 victory point from Expand Borders: 0 \u2192 1.
  Changes to the state:
    Victory points: Red 0 \u2192 1, Blue 0, Green 0 (goal 10)
    Scored: nothing \u2192 Red: Expand Borders

Outcome: the game goes on.
Checked at the end: Red has 1 victory point.
Verdict: every claim holds
"""


def test_explain_prints_steps_with_citations_state_and_outcome(checker, tmp_path, minimal) -> None:
    write(tmp_path, "s.yaml", minimal.replace("game: ti4\n", "game: ti4\n"
                                              'source: {kind: rules, ref: "61.12"}\n'))
    done = checker("explain", "s.yaml")
    assert (done.returncode, done.stderr) == (0, "")
    head, _, rest = done.stdout.partition("\nSetup:\n")
    assert head == ("X\n  id: x (ti4) at s.yaml:1:1\n"
                    "  source: Living Rules Reference 61.12\n"), "in the game's own words"
    setup, _, steps = rest.partition("\n\n")
    assert "  Victory points: Red 0, Blue 0, Green 0 (goal 10)" in setup.splitlines()
    assert "  Public objectives: Expand Borders" in setup.splitlines()
    assert steps == STEP_EXPLAINED


def test_explain_writes_what_the_terminal_can_show() -> None:
    """A terminal that cannot show `→` (ASCII, a legacy code page) gets `->`, and an escape
    for any other character, rather than an internal error."""
    class Terminal:
        encoding = "ascii"
    assert _printable("Red 8 \u2192 9, R\u00f8d", Terminal()) == "Red 8 -> 9, R\\xf8d"
    assert _printable("Red 8 \u2192 9", sys.stdout) in ("Red 8 \u2192 9", "Red 8 -> 9")


def test_explain_a_failing_scenario_by_id(checker, tmp_path, minimal) -> None:
    text = minimal.replace("phase: status\n", "phase: status\n  points: {Red: 9}\n").replace(
        "  points: {Red: 1}", "  winner: Blue")
    item = "- " + text.replace("\n", "\n  ").rstrip() + "\n"
    write(tmp_path, "two.yaml", "- id: other\n  title: O\n  game: ti4\n"
          "  setup: {players: [A, B, C]}\n"
          "  expect: {game_over: false}\n" + item)
    done = checker("explain", "two.yaml", "--id", "x")
    assert done.returncode == 1
    out = lines(done.stdout)
    assert out[0:2] == ["X", "  id: x (ti4) at two.yaml:6:3"]
    assert "  [ti4:98.7] Red reached 10 victory points: the game ends at once and Red wins." in out
    assert out[-4:] == [
        "Outcome: game over at step 1; Red wins (ti4:98.7: Red reached 10 victory points).",
        "Checked at the end: Blue wins.",
        "Verdict: some claims do not hold",
        "  two.yaml:18:13: winner: stated Blue, engine Red (ti4:98.7)",
    ]


def test_explain_shows_a_refused_step_with_its_rule(checker, tmp_path, minimal) -> None:
    text = minimal.replace("[Expand Borders]", "[Expand Borders, Corner the Market]").replace(
        "expect:\n", "  - score: {player: Red, objective: Corner the Market}\n"
                     "    expect: {rejected: ti4:61.6}\nexpect:\n")
    write(tmp_path, "s.yaml", text)
    done = checker("explain", "s.yaml")
    assert done.returncode == 0, done.stdout
    out = lines(done.stdout)
    step = out.index("Step 2: Red scores Corner the Market.  (s.yaml:11:5)")
    assert out[step + 1:step + 3] == [
        "  refused by ti4:61.6: Red has already scored a public objective this status phase",
        "  Checked: the rules forbid this step (ti4:61.6)."]


def test_explain_a_file_with_errors_prints_them_and_exits_1(checker, tmp_path, minimal) -> None:
    write(tmp_path, "s.yaml", minimal.replace("player: Red,", "player: Rad,"))
    done = checker("explain", "s.yaml")
    assert done.returncode == 1
    assert lines(done.stdout) == [
        "s.yaml:10:21: unknown player 'Rad' (did you mean 'Red'?)",
        "Verdict: not checked: the scenario has errors (above); fix them and run again"]


# checker schema

def test_schema_prints_a_valid_json_schema(checker, tmp_path, minimal) -> None:
    done = checker("schema")
    assert done.returncode == 0
    schema = json.loads(done.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
