"""Results kept on disk between builds, so an unchanged scenario is neither run nor rendered
again (`.cache/plugin/checker/` next to mkdocs.yml, as Material keeps its own plugin caches).

One file holds the results of one engine, keyed by the SHA-256 of each YAML text: a line of
JSON with everything but the walkthrough drafts, then the drafts one after another in UTF-8,
which the JSON locates by byte offset and length. Each draft is decoded on its own: decoding
megabytes of HTML out of JSON strings took most of a rebuild's loading time, and one string
of all the drafts would be stored two bytes a character as soon as one draft held a dash. A file that cannot be read, or was written by another engine or
format, is ignored: the build checks everything again. The file is replaced whole (written
aside, then renamed), so a build that stops halfway never leaves half a file behind.
"""

from __future__ import annotations

import gc
import json
import mmap
import os
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, BinaryIO

from checker.location import Location, Problem
from checker.site.results import Draft, Example, Result
from checker.site.writing import replace_file

FORMAT = 8
FILE = "results.json"
FILES = "files.json"
"""Where the state of each standalone scenario file is kept (`FileRecord`)."""
FILES_FORMAT = 1


FileRecord = list[Any]
"""A standalone scenario file when its text was checked, as JSON keeps it: its modification
and change times in nanoseconds, size and inode, then the key of its text and the text's
length in characters, `[mtime, ctime, size, inode, key, length]`. A file in the same state
need not be read again (`ScenarioChecks.check_file`, which checks each record's shape as it
uses it: thousands are loaded and most are used once)."""


class ResultStore:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.error: str | None = None
        """Why the last save failed, if it did (the build goes on without the cache)."""

    @property
    def path(self) -> Path:
        return self.folder / FILE

    def load(self, engine: str) -> dict[str, Result]:
        # Thousands of small objects and no cycles: the cyclic collector would only walk them.
        paused = gc.isenabled()
        gc.disable()
        try:
            return self._load(engine)
        finally:
            if paused:
                gc.enable()

    def _load(self, engine: str) -> dict[str, Result]:
        try:
            with open(self.path, "rb") as kept:
                header = kept.readline()
                data = json.loads(header)
                if data.get("format") != FORMAT or data.get("engine") != engine:
                    return {}
                drafts = _mapped(kept, len(header))
            return {key: _result(value, drafts) for key, value in data["results"].items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return {}

    def load_files(self, engine: str) -> dict[str, FileRecord]:
        """The standalone files' states the last build of `engine` kept (`save_files`)."""
        try:
            data = json.loads((self.folder / FILES).read_bytes())
            if data.get("format") != FILES_FORMAT or data.get("engine") != engine:
                return {}
            files = data["files"]
            return files if isinstance(files, dict) else {}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return {}

    def save_files(self, engine: str, files: Mapping[str, FileRecord]) -> None:
        data = {"format": FILES_FORMAT, "engine": engine, "files": files}
        try:
            replace_file(self.folder / FILES, json.dumps(
                data, ensure_ascii=False, separators=(",", ":")).encode("utf-8",
                                                                     "surrogatepass"))
        except OSError as exc:
            self.error = f"cannot keep the scenario files' states in {self.folder}: {exc}"

    def save(self, engine: str, results: Mapping[str, Result]) -> None:
        drafts = _Drafts()
        data = {"format": FORMAT, "engine": engine,
                "results": {key: _plain(result, drafts) for key, result in results.items()}}
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=".results-",
                                                 suffix=".tmp")
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(json.dumps(data, ensure_ascii=False, separators=(",", ":"))
                              .encode("utf-8") + b"\n")
                    out.writelines(drafts.texts)
                os.chmod(temporary, 0o644)
                os.replace(temporary, self.path)
            except BaseException:
                os.unlink(temporary)
                raise
            self.error = None
        except OSError as exc:
            self.error = f"cannot keep the scenario results in {self.folder}: {exc}"


def _problems(problems: tuple[Problem, ...]) -> list[list[Any]]:
    return [[p.location.line, p.location.col, p.message] for p in problems]


class _Drafts:
    """The drafts written after the JSON line, one after another, in UTF-8."""

    def __init__(self) -> None:
        self.texts: list[bytes] = []
        self.length = 0

    def add(self, text: str) -> list[int]:
        """Where `text` starts, and its length, in bytes."""
        encoded = text.encode("utf-8", "surrogatepass")
        start = self.length
        self.texts.append(encoded)
        self.length += len(encoded)
        return [start, len(encoded)]


def _plain(result: Result, drafts: _Drafts) -> dict[str, Any]:
    """The result as JSON values, its drafts located in `drafts`."""
    return {"problems": _problems(result.problems), "examples": [
        [e.id, e.title, e.game, list(e.about), e.location.line, e.location.col, e.steps,
         e.passed, _problems(e.failures), e.said, e.disputed,
         [[rule, step] for rule, step in e.cites], list(e.players), *drafts.add(str(e.html)),
         len(e.html)]
        for e in result.examples]}


def _mapped(kept: BinaryIO, start: int) -> memoryview:
    """The drafts after the JSON line, mapped into memory rather than read: a build decodes
    only those it renders (a long list's pages keep their content), so most are never read
    from the disk at all. The map stays valid when the file is replaced by the next save."""
    size = os.fstat(kept.fileno()).st_size
    if size <= start:
        return memoryview(b"")
    mapped = mmap.mmap(kept.fileno(), 0, access=mmap.ACCESS_READ)
    return memoryview(mapped)[start:]


def _located(items: list[list[Any]]) -> tuple[Problem, ...]:
    return tuple(Problem(Location("", int(line), int(col)), str(message))
                 for line, col, message in items)


def _result(value: dict[str, Any], drafts: memoryview) -> Result:
    examples = tuple(
        Example(str(id_), str(title), str(game), tuple(map(str, about)),
                Location("", int(line), int(col)), int(steps), bool(passed),
                _located(failures), _draft(drafts, start, length, size), str(said), "",
                bool(disputed), tuple((str(rule), int(step)) for rule, step in cites),
                tuple(map(str, players)))
        for (id_, title, game, about, line, col, steps, passed, failures, said, disputed, cites,
             players, start, length, size) in value["examples"])
    return Result(examples, _located(value["problems"]))


def _draft(drafts: memoryview, start: int, length: int, size: int) -> Draft:
    if not (isinstance(start, int) and isinstance(length, int) and isinstance(size, int)
            and 0 <= start and start + length <= len(drafts) and 0 <= size <= length):
        raise ValueError("a draft outside the file")
    return Draft(drafts[start:start + length], size)


def kept_file(folder: Path | None, name: str, make: Callable[[], bytes]) -> bytes:
    """What `make` makes, kept in `folder` under `name` (which must change with whatever the
    bytes depend on, such as the engine's fingerprint) and read from there next time; files
    of the same kind (`name` up to its first `-`) another engine left are removed. Without a
    folder, or when it cannot be written, made each time."""
    if folder is None:
        return make()
    path = folder / name
    try:
        return path.read_bytes()
    except OSError:
        pass
    data = make()
    try:
        kind = name.split("-", 1)[0]
        for old in folder.glob(f"{kind}-*"):
            old.unlink(missing_ok=True)
        replace_file(path, data)
    except OSError:
        pass  # the next build makes it again
    return data
