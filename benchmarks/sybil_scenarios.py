"""A pytest plugin made with Sybil that checks the same scenarios as the checker's own plugin,
for `benchmarks/pytest_plugin.py` to compare the two (issue 34).

    pytest -p no:checker -p sybil_scenarios DIR     (benchmarks/ and Sybil on the path)

Sybil finds the examples: ```scenario fences in Markdown pages (its own Markdown code-block
parser) and, in YAML files, the whole file or each entry of a top-level list (a parser of
this module). Each example, when it runs, makes the checker's own calls: the located YAML load,
`build` against the games, and `check_scenario` on each scenario the text holds, with the
games read once per session from the rootdir as the checker's plugin reads them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from sybil import Document, Example, Region, Sybil
from sybil.parsers.markdown import CodeBlockParser

from checker.engine import BoundRuleset
from checker.project import project_games, read_project
from checker.runner import check_scenario
from checker.scenario import build
from checker.yamlsource import Text, load

_ENTRY = re.compile(r"^- ", re.MULTILINE)
_GAMES: dict[str, Mapping[str, BoundRuleset]] = {}
_COLLECT: list[Any] = []


def check_text(text: Text) -> str | None:
    """The checker's work on one YAML text; Sybil's failure message when a scenario fails."""
    games = _GAMES["games"]
    failures = []
    for scenario in build(load(text), text, games):
        verdict = check_scenario(scenario, games)
        if not verdict.passed:
            failures.append("\n".join(verdict.lines()))
    return "\n".join(failures) or None


def check_fence(example: Example) -> str | None:
    """A ```scenario fence found by Sybil's Markdown parser: its text starts on the line after
    the opening fence."""
    return check_text(Text(example.path, str(example.parsed), line_offset=example.line))


def yaml_entries(document: Document) -> Iterator[Region]:
    """The whole YAML file as one example, or each entry of a list at its top level (a line
    starting `- `, its following lines indented by two), as the generated files are written."""
    text = document.text
    if not text.startswith("- "):
        yield Region(0, len(text), Text(document.path, text), check_parsed)
        return
    starts = [match.start() for match in _ENTRY.finditer(text)]
    for start, end in zip(starts, starts[1:] + [len(text)]):
        line = text.count("\n", 0, start)
        body = "\n".join(row[2:] for row in text[start:end].split("\n"))
        yield Region(start, end, Text(document.path, body, line_offset=line, col_offset=2),
                     check_parsed)


def check_parsed(example: Example) -> str | None:
    return check_text(example.parsed)


def pytest_addoption(parser: pytest.Parser) -> None:
    """The project's setting for the checker's plugin, known here too so that both runs
    read the same pytest.ini without a warning; Sybil's patterns decide what is collected."""
    parser.addini("checker_paths", "unused", type="paths", default=[])


def pytest_configure(config: pytest.Config) -> None:
    _GAMES["games"] = project_games(read_project(config.rootpath))
    root = str(config.rootpath)
    pages = Sybil(parsers=[CodeBlockParser(language="scenario", evaluator=check_fence)],
                  patterns=["*.md"], path=root)
    files = Sybil(parsers=[yaml_entries], patterns=["*.yaml"], path=root)
    _COLLECT.append((pages + files).pytest())


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> Any:
    return _COLLECT[0](file_path, parent)
