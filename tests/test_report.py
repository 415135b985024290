"""Report formats from one check: plain lines, GitHub annotations, JUnit XML."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from repo_games import GAMES

from checker.report import github_lines, problem_lines, summary, write_junit
from checker.runner import check_paths


def _report(tmp_path: Path, files: dict[str, str]):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return check_paths([tmp_path / name for name in files], GAMES)


def test_problem_lines_list_file_errors_then_failed_claims(tmp_path, minimal) -> None:
    report = _report(tmp_path, {"a.yaml": minimal.replace("{Red: 1}", "{Red: 5}"),
                                "b.yaml": "id: [x\n", "c.yaml": minimal.replace("id: x", "id: c")})
    assert [line.replace(str(tmp_path), "T") for line in problem_lines(report)] == [
        "T/b.yaml:2:1: YAML: did not find expected ',' or ']'",
        "T/a.yaml:12:17: points.Red: stated 5, engine 1",
    ]
    assert (report.passed, report.failed, report.ok) == (1, 2, False)
    assert summary(report) == "1 passed, 2 failed"


def test_github_annotations_escape_percent_and_keep_colons_in_messages(tmp_path, minimal) -> None:
    text = minimal.replace("player: Red,", "player: '50%',")
    report = _report(tmp_path, {"a.yaml": text})
    assert github_lines(report) == [
        f"::error file={tmp_path}/a.yaml,line=10,col=21::unknown player '50%25'"]


def test_junit_xml_is_well_formed_with_declaration(tmp_path, minimal) -> None:
    report = _report(tmp_path, {"a.yaml": minimal})
    write_junit(report, tmp_path / "j.xml")
    raw = (tmp_path / "j.xml").read_bytes()
    assert raw.startswith(b"<?xml version='1.0' encoding='utf-8'?>")
    root = ET.fromstring(raw)
    [case] = root.findall("testcase")
    assert (case.get("name"), case.get("line"), case.get("file")) == (
        "x", "1", f"{tmp_path}/a.yaml")
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("1", "0", "0")
