"""The pytest plugin, loaded through its pytest11 entry point: one item per scenario, node id
ending with the scenario id; failures show stated and engine values and the claim's place."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import uses_repo_rules

WRONG = "  points: {Red: 1, Blue: 3}"


@pytest.fixture(autouse=True)
def _repo_rules(request: pytest.FixtureRequest) -> None:
    """Each test's project takes its rules from this repository's pages."""
    if "pytester" in request.fixturenames:
        uses_repo_rules(request.getfixturevalue("pytester").path)


def write(root: Path, name: str, text: str) -> Path:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def as_list(*scenarios: str) -> str:
    return "".join("- " + s.replace("\n", "\n  ").rstrip() + "\n" for s in scenarios)


def test_plugin_is_registered_through_its_entry_point(pytester: pytest.Pytester) -> None:
    config = pytester.parseconfig()
    assert config.pluginmanager.hasplugin("checker")


@pytest.mark.parametrize("where", [(), ("scenarios",)], ids=["rootdir", "folder"])
def test_one_item_per_scenario_node_id_ends_with_the_scenario_id(pytester, minimal, where) -> None:
    write(pytester.path, "scenarios/ti4/scoring.yaml",
          as_list(minimal.replace("id: x", "id: red-scores"),
                  minimal.replace("id: x", "id: red-scores-again")))
    write(pytester.path, "scenarios/single.yml", minimal.replace("id: x", "id: single"))
    result = pytester.runpytest(*where, "--collect-only", "-q")
    assert result.ret == pytest.ExitCode.OK
    assert [line for line in result.outlines if "::" in line] == [
        "scenarios/single.yml::single",
        "scenarios/ti4/scoring.yaml::red-scores",
        "scenarios/ti4/scoring.yaml::red-scores-again",
    ]


def test_passing_scenarios_pass(pytester, minimal) -> None:
    write(pytester.path, "scenarios/a.yaml", as_list(minimal, minimal.replace("id: x", "id: y")))
    result = pytester.runpytest()
    result.assert_outcomes(passed=2)


def test_wrong_claim_fails_showing_stated_engine_and_place(pytester, minimal) -> None:
    write(pytester.path, "scenarios/ti4/ok.yaml", minimal.replace("id: x", "id: holds"))
    write(pytester.path, "scenarios/ti4/wrong.yaml",
          minimal.replace("id: x", "id: blue-did-not-score").replace("  points: {Red: 1}", WRONG))
    result = pytester.runpytest()
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([
        "*scenario 'blue-did-not-score' (scenarios/ti4/wrong.yaml:1:1) does not hold:",
        "scenarios/ti4/wrong.yaml:12:26: points.Blue: stated 3, engine 0",
        "FAILED scenarios/ti4/wrong.yaml::blue-did-not-score*",
    ])
    assert "Traceback" not in result.stdout.str()


def test_file_with_errors_is_a_failing_item_listing_every_error(pytester, minimal) -> None:
    text = minimal.replace("phase: status", "phse: status").replace("player: Red,", "player: Rad,")
    write(pytester.path, "scenarios/broken.yaml", text)
    write(pytester.path, "scenarios/malformed.yaml", "id: [x\n")
    write(pytester.path, "scenarios/empty.yaml", "")
    result = pytester.runpytest()
    result.assert_outcomes(failed=3)
    result.stdout.fnmatch_lines_random([
        "scenarios/broken.yaml:6:3: unknown setup key 'phse' (did you mean 'phase'?)",
        "scenarios/broken.yaml:10:21: unknown player 'Rad' (did you mean 'Red'?)",
        "scenarios/malformed.yaml:2:1: YAML: did not find expected ',' or ']'",
        "scenarios/empty.yaml:1:1: empty: no scenario here",
    ])
    assert "Traceback" not in result.stdout.str()


def test_markdown_pages_under_docs_are_collected_with_page_locations(pytester, minimal) -> None:
    body = "".join("    " + line + "\n" for line in
                   minimal.replace("id: x", "id: in-admonition").replace("{Red: 1}", "{Red: 2}")
                   .splitlines())
    write(pytester.path, "docs/ti4/objectives.md",
          "# Objectives\n\n!!! example\n\n    ```scenario\n" + body + "    ```\n")
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["docs/ti4/objectives.md:17:21: points.Red: stated 2, engine 1",
                                 "FAILED docs/ti4/objectives.md::in-admonition*"])


def test_disputed_scenario_passes_while_the_engine_disagrees(pytester, minimal) -> None:
    disputed = minimal.replace("game: ti4\n", "game: ti4\nstatus: disputed\n")
    write(pytester.path, "scenarios/d.yaml", as_list(
        disputed.replace("id: x", "id: still-disputed").replace("{Red: 1}", "{Red: 2}"),
        disputed.replace("id: x", "id: now-agrees")))
    result = pytester.runpytest()
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([("*scenario 'now-agrees' is marked disputed but the engine now "
                                 "agrees with every claim: mark it verified")])


def test_files_outside_checker_paths_are_not_collected_unless_named(pytester, minimal) -> None:
    write(pytester.path, "elsewhere/x.yaml", minimal.replace("id: x", "id: named"))
    write(pytester.path, "elsewhere/config.yaml", "site_name: not a scenario\n")
    result = pytester.runpytest("elsewhere")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    result = pytester.runpytest("elsewhere/x.yaml")
    result.assert_outcomes(passed=1)
    result = pytester.runpytest("elsewhere/x.yaml::named")
    result.assert_outcomes(passed=1)


def test_checker_paths_ini_option_chooses_the_folders(pytester, minimal) -> None:
    pytester.makeini("[pytest]\nchecker_paths = examples\n")
    write(pytester.path, "examples/a.yaml", minimal.replace("id: x", "id: from-examples"))
    write(pytester.path, "scenarios/b.yaml", "id: [not read\n")
    result = pytester.runpytest("-v")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["examples/a.yaml::from-examples PASSED*"])


def test_a_single_scenario_can_be_selected_by_node_id(pytester, minimal) -> None:
    write(pytester.path, "scenarios/a.yaml", as_list(
        minimal.replace("id: x", "id: first"),
        minimal.replace("id: x", "id: second").replace("  points: {Red: 1}", WRONG)))
    result = pytester.runpytest("scenarios/a.yaml::first")
    result.assert_outcomes(passed=1)


def test_duplicate_ids_in_a_file_are_an_error_not_two_items_with_one_node_id(pytester,
                                                                            minimal) -> None:
    write(pytester.path, "scenarios/dup.yaml", as_list(minimal, minimal))
    result = pytester.runpytest("--collect-only", "-q")
    ids = [line for line in result.outlines if "::" in line]
    assert len(ids) == len(set(ids)), ids
    result = pytester.runpytest()
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([("*scenarios/dup.yaml:13:3: duplicate scenario id 'x' (first used "
                                 "at scenarios/dup.yaml:1:3)*")])


def test_unreadable_file_is_a_failing_item_and_the_others_still_run(pytester, minimal) -> None:
    write(pytester.path, "scenarios/good.yaml", minimal)
    (pytester.path / "scenarios" / "latin.yaml").write_bytes(b"id: caf\xe9\n")
    result = pytester.runpytest()
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*scenarios/latin.yaml:1:8: cannot read file: not UTF-8 *"])


def test_duplicate_ids_across_files_are_an_error_in_the_later_file(pytester, minimal) -> None:
    write(pytester.path, "scenarios/a.yaml", minimal)
    write(pytester.path, "scenarios/b.yaml", minimal)
    result = pytester.runpytest()
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([("*scenarios/b.yaml:1:1: duplicate scenario id 'x' (first used "
                                  "at scenarios/a.yaml:1:1)*")])


def test_files_pytest_passes_over_get_a_notice_and_bad_files_hide_nothing(
        pytester, minimal) -> None:
    write(pytester.path, "scenarios/good.yaml", minimal)
    write(pytester.path, "scenarios/deep.yaml", "a: " + "[" * 25_000 + "]" * 25_000 + "\n")
    write(pytester.path, "scenarios/huge.yaml", "a: " + "9" * 5_000 + "\n")
    os.mkfifo(pytester.path / "scenarios" / "pipe.yaml")
    (pytester.path / "scenarios" / "loop.yaml").symlink_to("loop.yaml")
    result = pytester.runpytest()
    result.assert_outcomes(passed=1, failed=2)
    result.stdout.fnmatch_lines([
        "checker: not checked: scenarios/loop.yaml: Too many levels of symbolic links",
        "checker: not checked: scenarios/pipe.yaml: not a regular file but a FIFO",
        "*scenarios/deep.yaml:1:35: nested more than 32 levels deep*"])


def test_a_file_pytest_passes_over_fails_the_session_as_checker_run_fails(
        pytester, minimal) -> None:
    """A FIFO or a looping link among the scenarios was a header notice (exit 0) where
    `checker run` fails (exit 1)."""
    write(pytester.path, "scenarios/good.yaml", minimal)
    os.mkfifo(pytester.path / "scenarios" / "pipe.yaml")
    (pytester.path / "scenarios" / "loop.yaml").symlink_to("loop.yaml")
    result = pytester.runpytest()
    result.assert_outcomes(passed=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["checker: not checked: scenarios/pipe.yaml: *FIFO"])


def test_a_folder_that_cannot_be_listed_is_reported_and_the_rest_runs(
        pytester, minimal, monkeypatch: pytest.MonkeyPatch) -> None:
    """As root (CI) no permission bit keeps a folder from being listed: listing fails here
    for a folder named `locked`, in pytest's collection too (which stopped it, exit 2)."""
    write(pytester.path, "scenarios/good.yaml", minimal)
    write(pytester.path, "scenarios/locked/inside.yaml", minimal.replace("id: x", "id: y"))
    scandir = os.scandir

    def refusing(path: object = ".") -> object:
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied")
        return scandir(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", refusing)
    result = pytester.runpytest()
    result.assert_outcomes(passed=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines([("checker: not checked: scenarios/locked: cannot list the "
                                 "folder: Permission denied")])


def test_checker_paths_and_named_files_are_matched_through_links(pytester, minimal) -> None:
    """The folders of `checker_paths` and the files named on the command line are compared
    by their real paths: a `scenarios` folder that is a link, or a file named through one."""
    write(pytester.path, "kept/a.yaml", minimal.replace("id: x", "id: through-link"))
    write(pytester.path, "elsewhere/b.yaml", minimal.replace("id: x", "id: named-by-link"))
    (pytester.path / "scenarios").symlink_to("kept")
    (pytester.path / "alias").symlink_to("elsewhere")
    result = pytester.runpytest("-v", "scenarios", "alias/b.yaml")
    result.assert_outcomes(passed=2)
    result = pytester.runpytest("-v", "alias")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED
