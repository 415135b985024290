"""Results kept on disk between builds, so an unchanged scenario is neither run nor rendered
again (`.cache/plugin/checker/` next to mkdocs.yml, as Material keeps its own plugin caches).

One file holds the results of one engine, keyed by the SHA-256 of each YAML text: a line of
JSON with the engine, the keys and where each result ends (`encoded`), then each result as
JSON, everything but its walkthrough drafts, then the drafts one after another in UTF-8,
which each result locates by byte offset and length. A build reads the first line; a
result is read and made into examples only where the build places it (`KeptResult`): a
rebuild whose standalone scenarios are kept whole (`standalone`) places a few hundred of
thousands. Each draft is decoded on its own: decoding megabytes of HTML out of JSON strings
took most of a rebuild's loading time, and one string of all the drafts would be stored two
bytes a character as soon as one draft held a dash.

A file that cannot be read, or was written by another engine or format, is ignored: the
build checks everything again; a result in it that is not what `save` writes is checked
again alone. The file is replaced whole (written aside, then renamed), so a build that
stops halfway never leaves half a file behind.
"""

from __future__ import annotations

import gc
import itertools
import json
import mmap
import os
import tempfile
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, BinaryIO

from checker.files import open_regular, read_regular
from checker.location import Location, Problem
from checker.site.examples.results import CheckedText, Draft, Example, Result, SourceFile
from checker.site.writing import replace_file

FORMAT = 9
FILE = "results.json"
_KEY = 64
"""The length of a key: a SHA-256 in hexadecimal (`verify.text_key`)."""
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

    def load(self, engine: str) -> dict[str, KeptResult]:
        """The results the last build of `engine` kept, by the key of their text; each made
        into examples only when a build places it (`KeptResult.placed`)."""
        # Thousands of small objects and no cycles: the cyclic collector would only walk them.
        paused = gc.isenabled()
        gc.disable()
        try:
            return self._load(engine)
        finally:
            if paused:
                gc.enable()

    def _load(self, engine: str) -> dict[str, KeptResult]:
        try:
            with open_regular(self.path) as kept:
                header = kept.readline()
                data = json.loads(header)
                if data.get("format") != FORMAT or data.get("engine") != engine:
                    return {}
                keys, ends = data["keys"], data["ends"]
                if not (isinstance(keys, str) and isinstance(ends, list)
                        and len(keys) == _KEY * len(ends)
                        and all(type(end) is int for end in ends)
                        and ends == sorted(ends) and (not ends or ends[0] >= 0)):
                    return {}
                mapped = _mapped(kept, len(header))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return {}
        size = ends[-1] if ends else 0
        if size > len(mapped):
            return {}
        values, drafts = mapped[:size], mapped[size:]
        starts = [0, *ends[:-1]]
        return {keys[_KEY * n:_KEY * (n + 1)]: KeptResult(values[start:end], drafts)
                for n, (start, end) in enumerate(zip(starts, ends))}

    def load_files(self, engine: str) -> dict[str, FileRecord]:
        """The standalone files' states the last build of `engine` kept (`save_files`)."""
        try:
            data = json.loads(read_regular(self.folder / FILES))
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

    def save(self, engine: str, results: Mapping[str, Result | KeptResult]) -> None:
        drafts = _Drafts()
        content = encoded(engine, {key: _plain(result, drafts) for key, result in results.items()},
                          drafts.texts)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=".results-",
                                                 suffix=".tmp")
            try:
                with os.fdopen(handle, "wb") as out:
                    out.writelines(content)
                os.chmod(temporary, 0o644)
                os.replace(temporary, self.path)
            except BaseException:
                os.unlink(temporary)
                raise
            self.error = None
        except OSError as exc:
            self.error = f"cannot keep the scenario results in {self.folder}: {exc}"


def encoded(engine: str, values: Mapping[str, Any], drafts: Iterable[bytes | memoryview]
            ) -> list[bytes | memoryview]:
    """The store's file for `values` (each result as JSON values, by the key of its text)
    and the `drafts` they locate: a line with the engine, the keys and where each value ends,
    then the values one after another, then the drafts."""
    parts = [json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode(
        "utf-8", "surrogatepass") for value in values.values()]
    keys = "".join(values)
    if len(keys) != _KEY * len(values):
        raise ValueError("a key that is not a SHA-256 in hexadecimal")
    ends = list(itertools.accumulate(map(len, parts)))
    head = json.dumps({"format": FORMAT, "engine": engine, "keys": keys, "ends": ends},
                      separators=(",", ":")).encode() + b"\n"
    return [head, *parts, *drafts]


def decoded(content: bytes) -> tuple[str, dict[str, Any], bytes]:
    """What `encoded` made `content` of: the engine, the values by key and the drafts, for
    tools and tests that look inside the store. Raises ValueError for anything else."""
    head, _, rest = content.partition(b"\n")
    data = json.loads(head)
    keys, ends = data["keys"], data["ends"]
    starts = [0, *ends[:-1]]
    values = {keys[_KEY * n:_KEY * (n + 1)]: json.loads(rest[start:end])
              for n, (start, end) in enumerate(zip(starts, ends))}
    return data["engine"], values, rest[ends[-1] if ends else 0:]


def _problems(problems: tuple[Problem, ...]) -> list[list[Any]]:
    return [[p.location.line, p.location.col, p.message] for p in problems]


class _Drafts:
    """The drafts written after the JSON line, one after another, in UTF-8."""

    def __init__(self) -> None:
        self.texts: list[bytes | memoryview] = []
        self.length = 0

    def add(self, text: str) -> list[int]:
        """Where `text` starts, and its length, in bytes."""
        return self.add_bytes(text.encode("utf-8", "surrogatepass"))

    def add_bytes(self, encoded: bytes | memoryview) -> list[int]:
        start = self.length
        self.texts.append(encoded)
        self.length += len(encoded)
        return [start, len(encoded)]


def _plain(result: Result | KeptResult, drafts: _Drafts) -> dict[str, Any]:
    """The result as JSON values, its drafts located in `drafts`."""
    if isinstance(result, KeptResult):
        return result.plain(drafts)
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


DAMAGED = (ValueError, KeyError, TypeError, AttributeError, IndexError)
"""What placing a kept result raises when the store's file was damaged."""


class KeptResult:
    """A result as the store's file keeps it (its JSON value, and the drafts it locates),
    made into examples in one pass where a build places it: most of thousands are placed
    once, and making a `Result` first, then moving each example, took twice the time."""

    __slots__ = ("_value", "drafts", "raw")

    def __init__(self, value: memoryview, drafts: memoryview) -> None:
        self.raw, self.drafts = value, drafts
        self._value: Any = None

    @property
    def value(self) -> Any:
        """The result's JSON values, read from the store's file when first asked for."""
        if self._value is None:
            self._value = json.loads(bytes(self.raw))
        return self._value

    def placed(self, path: str, line_offset: int, col_offset: int,
               source: str | SourceFile) -> CheckedText:
        """As `Result.placed`. Raises one of `DAMAGED` when the value is not what `save`
        writes."""
        drafts = self.drafts

        def located(items: list[list[Any]]) -> tuple[Problem, ...]:
            return tuple(Problem(Location(path, int(line) + line_offset,
                                          int(col) + col_offset), str(message))
                         for line, col, message in items) if items else ()

        examples = tuple(
            Example(str(id_), str(title), str(game), tuple(map(str, about)),
                    Location(path, int(line) + line_offset, int(col) + col_offset),
                    int(steps), bool(passed), located(failures),
                    _draft(drafts, start, length, size), str(said), source, bool(disputed),
                    tuple((str(rule), int(step)) for rule, step in cites),
                    tuple(map(str, players)))
            for (id_, title, game, about, line, col, steps, passed, failures, said, disputed,
                 cites, players, start, length, size) in self.value["examples"])
        return CheckedText(examples, located(self.value["problems"]))

    def plain(self, drafts: _Drafts) -> dict[str, Any]:
        """The value as `save` writes it, its drafts copied into `drafts` as they are."""
        return {"problems": self.value["problems"], "examples": [
            [*row[:-3], *drafts.add_bytes(self.drafts[row[-3]:row[-3] + row[-2]]), row[-1]]
            for row in self.value["examples"]]}


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
        return read_regular(path)
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
