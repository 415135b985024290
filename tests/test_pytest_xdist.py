"""The pytest plugin under pytest-xdist (`pytest -n 2`): the same items with the same
outcomes and failure texts, and the same exit code, as in one process (`-n 0`), for a
project with passes, failures, file errors, duplicate ids, a page's fences and files
pytest's collection passes over."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import uses_repo_rules


def scenario(minimal: str, sid: str, *, points: int = 1) -> str:
    return minimal.replace("id: x", f"id: {sid}").replace("{Red: 1}", f"{{Red: {points}}}")


def write(root: Path, name: str, text: str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def passing(root: Path, minimal: str) -> None:
    for number in range(8):
        write(root, f"scenarios/part-{number % 2}/s-{number}.yaml",
              scenario(minimal, f"s-{number}"))
    write(root, "docs/page.md", "# Page\n\n```scenario\n" + scenario(minimal, "page")
          + "```\n")


def unreadable(root: Path, minimal: str) -> None:
    passing(root, minimal)
    os.mkfifo(root / "scenarios" / "pipe.yaml")
    (root / "scenarios" / "loop.yaml").symlink_to("loop.yaml")


def mixed(root: Path, minimal: str) -> None:
    unreadable(root, minimal)
    write(root, "scenarios/part-0/wrong.yaml", scenario(minimal, "wrong", points=2))
    write(root, "scenarios/part-1/typo.yaml", scenario(minimal, "typo").replace(
        "phase: status", "phse: status"))
    write(root, "scenarios/part-1/z-copy.yaml", scenario(minimal, "s-0"))
    write(root, "scenarios/deep.yaml", "a: " + "[" * 25_000 + "]" * 25_000 + "\n")
    write(root, "docs/other.md", "```scenario\n" + scenario(minimal, "other-wrong", points=0)
          + "```\n\n```scenario\n" + scenario(minimal, "other-disputed", points=3)
          .replace("game: ti4", "game: ti4\nstatus: disputed") + "```\n")


def outcomes(report: Path) -> dict[tuple[str, str], tuple[str, str]]:
    """Each test case of a JUnit report: its outcome and failure text."""
    found = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        failure = case.find("failure")
        found[case.get("classname", ""), case.get("name", "")] = (
            "failed" if failure is not None else "passed",
            "" if failure is None else failure.get("message", "") + (failure.text or ""))
    return found


@pytest.mark.parametrize("project, code, passed, failed", [
    (passing, pytest.ExitCode.OK, 9, 0),
    (unreadable, pytest.ExitCode.TESTS_FAILED, 9, 0),
    (mixed, pytest.ExitCode.TESTS_FAILED, 10, 5),
], ids=["passing", "unreadable", "mixed"])
def test_two_workers_give_what_one_process_gives(pytester: pytest.Pytester, minimal: str,
                                                 project, code, passed, failed) -> None:
    uses_repo_rules(pytester.path)
    project(pytester.path, minimal)
    runs = {}
    for workers in ("0", "2"):
        result = pytester.runpytest_subprocess("-n", workers, "-p", "no:cacheprovider",
                                               f"--junit-xml=report-{workers}.xml")
        result.assert_outcomes(passed=passed, failed=failed)
        assert result.ret == code
        runs[workers] = outcomes(pytester.path / f"report-{workers}.xml")
        if project is not passing:
            result.stdout.fnmatch_lines(
                ["checker: not checked: scenarios/pipe.yaml: not a regular file but a FIFO"])
    assert runs["2"] == runs["0"]
    assert len(runs["0"]) == passed + failed
