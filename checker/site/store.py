"""Results kept on disk between builds, so an unchanged scenario is neither run nor rendered
again (`.cache/plugin/checker/` next to mkdocs.yml, as Material keeps its own plugin caches).

One JSON file holds the results of one engine, keyed by the SHA-256 of each YAML text. A file
that cannot be read, or was written by another engine or format, is ignored: the build checks
everything again. The file is replaced whole (written aside, then renamed), so a build that
stops halfway never leaves half a file behind.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from checker.location import Location, Problem
from checker.site.results import Example, Result

FORMAT = 1
FILE = "results.json"


class ResultStore:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.error: str | None = None
        """Why the last save failed, if it did (the build goes on without the cache)."""

    @property
    def path(self) -> Path:
        return self.folder / FILE

    def load(self, engine: str) -> dict[str, Result]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("format") != FORMAT or data.get("engine") != engine:
                return {}
            return {key: _result(value) for key, value in data["results"].items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return {}

    def save(self, engine: str, results: Mapping[str, Result]) -> None:
        data = {"format": FORMAT, "engine": engine,
                "results": {key: _plain(result) for key, result in results.items()}}
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=".results-",
                                                 suffix=".tmp")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    json.dump(data, out, ensure_ascii=False, separators=(",", ":"))
                os.replace(temporary, self.path)
            except BaseException:
                os.unlink(temporary)
                raise
            self.error = None
        except OSError as exc:
            self.error = f"cannot keep the scenario results in {self.folder}: {exc}"


def _problems(problems: tuple[Problem, ...]) -> list[list[Any]]:
    return [[p.location.line, p.location.col, p.message] for p in problems]


def _plain(result: Result) -> dict[str, Any]:
    return {"problems": _problems(result.problems), "examples": [
        [e.id, e.title, e.game, list(e.about), e.location.line, e.location.col, e.steps,
         e.passed, _problems(e.failures), e.html] for e in result.examples]}


def _located(items: list[list[Any]]) -> tuple[Problem, ...]:
    return tuple(Problem(Location("", int(line), int(col)), str(message))
                 for line, col, message in items)


def _result(value: dict[str, Any]) -> Result:
    examples = tuple(
        Example(str(id_), str(title), str(game), tuple(map(str, about)),
                Location("", int(line), int(col)), int(steps), bool(passed),
                _located(failures), str(html))
        for id_, title, game, about, line, col, steps, passed, failures, html
        in value["examples"])
    return Result(examples, _located(value["problems"]))
