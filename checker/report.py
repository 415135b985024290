"""Ways to print a report: plain lines, GitHub annotations, JUnit XML."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from checker.location import Problem, inert
from checker.runner import Checked, Report


def summary(report: Report) -> str:
    return f"{report.passed} passed, {report.failed} failed"


def all_problems(report: Report) -> list[Problem]:
    """File errors first, then each failed scenario's mismatches, in the order checked."""
    return report.problems + [p for checked in report.checked for p in checked.failures]


def problem_lines(report: Report) -> list[str]:
    return [str(problem) for problem in all_problems(report)]


def github_lines(report: Report) -> list[str]:
    """Workflow commands that GitHub Actions shows as annotations on the file and line."""
    return [f"::error file={_escape_property(p.location.path)},line={p.location.line},"
            f"col={p.location.col}::{_escape(p.message)}" for p in all_problems(report)]


def _escape(text: str) -> str:
    """Inert (no line breaks or control characters left), then the `%` GitHub decodes."""
    return inert(text).replace("%", "%25")


def _escape_property(text: str) -> str:
    return _escape(text).replace(":", "%3A").replace(",", "%2C")


def write_junit(report: Report, path: Path) -> None:
    """One testcase per scenario, and one per file whose texts could not all be read. Every
    piece of user text goes in inert (see `inert`): XML 1.0 cannot hold most control
    characters even escaped, so the report always parses."""
    broken = report.unreadable
    suite = ET.Element("testsuite", name="scenarios", tests=str(len(report.checked) + len(broken)),
                       failures=str(sum(1 for c in report.checked if not c.passed)),
                       errors=str(len(broken)))
    for checked in report.checked:
        _case(suite, checked)
    for item in broken:
        case = ET.SubElement(suite, "testcase", classname=inert(item.path), name=inert(item.path))
        error = ET.SubElement(case, "error", message=str(item.problems[0]))
        error.text = "\n".join(str(p) for p in item.problems)
    path.parent.mkdir(parents=True, exist_ok=True)
    ET.ElementTree(suite).write(path, encoding="utf-8", xml_declaration=True)


def _case(suite: ET.Element, checked: Checked) -> None:
    where = checked.location
    case = ET.SubElement(suite, "testcase", classname=inert(where.path), name=inert(checked.id),
                         file=inert(where.path), line=str(where.line))
    if not checked.passed:
        lines = [str(p) for p in checked.failures]
        failure = ET.SubElement(case, "failure", message=lines[0] if lines else "failed")
        failure.text = "\n".join(lines)

