"""Results kept on disk between builds, so an unchanged scenario is neither run nor rendered
again (`.cache/plugin/checker/` next to mkdocs.yml, as Material keeps its own plugin caches).

One file holds the results of one engine, keyed by the SHA-256 of each YAML text: a line of
JSON with the engine, the keys, each result's seal and where each result and its drafts end
(`encoded`), then each result as JSON, everything but its walkthrough drafts, then each
result's drafts one after another in UTF-8, which the result locates by byte offset and
length among its own. A build reads the first line; a result is read and made into examples
only where the build places it (`KeptResult`): a rebuild whose standalone scenarios are kept
whole (`standalone`) places a few hundred of thousands. Each draft is decoded on its own:
decoding megabytes of HTML out of JSON strings took most of a rebuild's loading time, and one
string of all the drafts would be stored two bytes a character as soon as one draft held a
dash.

The cache can save work, never change a verdict: a kept result is used only for the very
text and engine it was made from. Its seal (`sealed`) is the SHA-256 of the engine's
fingerprint (the checker's code and the site's rules), the key of its text, and its own bytes
(its JSON and its drafts); a build checks it before placing the result, and runs the text
again when it does not match. So a result relabelled under another text's key, two results
swapped, one truncated or damaged, or one another engine made, is never used. The file is
read only when it is a regular file (`open_regular`), its first line up to `HEADER_BYTES`, the
rest mapped into memory, not read: a device, a FIFO or a sparse file in its place is a damaged
cache, ignored. What no seal without a secret can stop: someone who forges a result on purpose
and computes its seal anew, as anyone who can write the cache can (or the checker's code).

A file that cannot be read, or was written by another engine or format, is ignored: the
build checks everything again; a result in it that is not what `save` writes is checked
again alone. The file is replaced whole (written aside, then renamed), so a build that
stops halfway never leaves half a file behind.
"""

from __future__ import annotations

import gc
import hashlib
import itertools
import json
import mmap
import os
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple

from checker.files import open_regular, read_regular
from checker.location import Location, Problem
from checker.provenance import Provenance
from checker.site.examples.results import CheckedText, Draft, Example, Result
from checker.site.writing import replace_file

FORMAT = 11
FILE = "results.json"
_KEY = 64
"""The length of a key, and of a seal: a SHA-256 in hexadecimal (`verify.text_key`)."""
HEADER_BYTES = 1 << 26
"""The most the first line of the store's file may take (64 MiB): about 150 bytes a result,
far above the 15 MB of 100,000 results; a longer one is a damaged file, not read on."""
_START = b'{"format":%d,' % FORMAT
"""How the first line starts (`encoded`): a file that starts otherwise is not read on."""


class Record(NamedTuple):
    """A result as the store's file keeps it: its JSON, its drafts one after another, and its
    seal (`sealed`)."""

    value: bytes | memoryview
    drafts: Sequence[bytes | memoryview]
    seal: str


def sealed(engine: str, key: str, value: bytes | memoryview,
           drafts: Sequence[bytes | memoryview]) -> str:
    """The seal of a result of the text keyed `key`, by `engine`: the SHA-256 of all three
    and the result's bytes (its JSON `value`, then its `drafts`)."""
    digest = hashlib.sha256(f"{engine}\n{key}\n{len(value)}\n".encode("utf-8", "surrogatepass"))
    digest.update(value)
    for draft in drafts:
        digest.update(draft)
    return digest.hexdigest()


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
                header = kept.read(len(_START))
                if header != _START:  # not this format: not read on
                    return {}
                header += kept.readline(HEADER_BYTES + 1)
                if not header.endswith(b"\n"):
                    return {}
                data = json.loads(header)
                if data.get("format") != FORMAT or data.get("engine") != engine:
                    return {}
                keys, seals, ends, marks = data["keys"], data["seals"], data["ends"], \
                    data["marks"]
                if not (_offsets(ends) and _offsets(marks) and len(ends) == len(marks)
                        and isinstance(keys, str) and isinstance(seals, str)
                        and len(keys) == len(seals) == _KEY * len(ends)):
                    return {}
                mapped = _mapped(kept, len(header))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return {}
        size = ends[-1] if ends else 0
        if size + (marks[-1] if marks else 0) > len(mapped):
            return {}
        values, drafts = mapped[:size], mapped[size:]
        return {keys[_KEY * n:_KEY * (n + 1)]: KeptResult(
                    engine, keys[_KEY * n:_KEY * (n + 1)], seals[_KEY * n:_KEY * (n + 1)],
                    values[start:end], drafts[first:last])
                for n, (start, end, first, last) in enumerate(
                    zip([0, *ends[:-1]], ends, [0, *marks[:-1]], marks))}

    def save(self, engine: str, results: Mapping[str, Result | KeptResult]) -> None:
        content = encoded(engine, {key: _record(engine, key, result)
                                   for key, result in results.items()})
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


def _offsets(ends: Any) -> bool:
    """Whether `ends` is where each of a run of parts ends: whole numbers, none before 0, in
    order."""
    return isinstance(ends, list) and all(type(end) is int for end in ends) and \
        ends == sorted(ends) and (not ends or ends[0] >= 0)


def encoded(engine: str, records: Mapping[str, Record]) -> list[bytes | memoryview]:
    """The store's file for `records` (by the key of their text): a line with the engine, the
    keys, the seals, where each record's JSON ends and where its drafts end, then the JSON
    of each record one after another, then the drafts of each."""
    keys = "".join(records)
    seals = "".join(record.seal for record in records.values())
    if len(keys) != _KEY * len(records) or len(seals) != len(keys):
        raise ValueError("a key or seal that is not a SHA-256 in hexadecimal")
    ends = list(itertools.accumulate(len(record.value) for record in records.values()))
    marks = list(itertools.accumulate(sum(map(len, record.drafts))
                                      for record in records.values()))
    head = json.dumps({"format": FORMAT, "engine": engine, "keys": keys, "seals": seals,
                       "ends": ends, "marks": marks}, separators=(",", ":")).encode() + b"\n"
    return [head, *(record.value for record in records.values()),
            *(draft for record in records.values() for draft in record.drafts)]


def decoded(content: bytes) -> tuple[str, dict[str, Record]]:
    """What `encoded` made `content` of: the engine and the records by key (each record's
    drafts as one), for tools and tests that look inside the store. Raises ValueError for
    anything else."""
    head, _, rest = content.partition(b"\n")
    data = json.loads(head)
    keys, seals, ends, marks = data["keys"], data["seals"], data["ends"], data["marks"]
    size = ends[-1] if ends else 0
    return data["engine"], {
        keys[_KEY * n:_KEY * (n + 1)]: Record(rest[start:end], [rest[size + first:size + last]],
                                              seals[_KEY * n:_KEY * (n + 1)])
        for n, (start, end, first, last) in enumerate(
            zip([0, *ends[:-1]], ends, [0, *marks[:-1]], marks))}


def _problems(problems: tuple[Problem, ...]) -> list[list[Any]]:
    return [[p.location.line, p.location.col, p.message] for p in problems]


def _record(engine: str, key: str, result: Result | KeptResult) -> Record:
    """The result as the store keeps it: a kept one as it was read, byte for byte."""
    if isinstance(result, KeptResult):
        return Record(result.raw, [result.drafts], result.seal)
    drafts: list[bytes] = []
    at = 0
    rows = []
    for e in result.examples:
        draft = str(e.html).encode("utf-8", "surrogatepass")
        drafts.append(draft)
        rows.append([e.id, e.title, e.game, list(e.about), e.location.line, e.location.col,
                     e.steps, e.passed, _problems(e.failures), e.said, e.disputed,
                     [[rule, step] for rule, step in e.cites], list(e.players),
                     _stated(e.provenance), at, len(draft), len(e.html)])
        at += len(draft)
    value = json.dumps({"problems": _problems(result.problems), "examples": rows},
                       ensure_ascii=False, separators=(",", ":")).encode("utf-8",
                                                                         "surrogatepass")
    return Record(value, drafts, sealed(engine, key, value, drafts))


def _mapped(kept: BinaryIO, start: int) -> memoryview:
    """What follows the JSON line, mapped into memory rather than read: a build decodes only
    the drafts it renders (a long list's pages keep their content), so most are never read
    from the disk at all. The map stays valid when the file is replaced by the next save."""
    size = os.fstat(kept.fileno()).st_size
    if size <= start:
        return memoryview(b"")
    mapped = mmap.mmap(kept.fileno(), 0, access=mmap.ACCESS_READ)
    return memoryview(mapped)[start:]


DAMAGED = (ValueError, KeyError, TypeError, AttributeError, IndexError)
"""What placing a kept result raises when the store's file was damaged."""


class KeptResult:
    """A result as the store's file keeps it (its JSON value, and its drafts), made into
    examples in one pass where a build places it, once its seal is found to match: most of
    thousands are placed once, and making a `Result` first, then moving each example, took
    twice the time."""

    __slots__ = ("_value", "drafts", "engine", "key", "raw", "seal")

    def __init__(self, engine: str, key: str, seal: str, value: memoryview,
                 drafts: memoryview) -> None:
        self.engine, self.key, self.seal = engine, key, seal
        self.raw, self.drafts = value, drafts
        self._value: Any = None

    @property
    def value(self) -> Any:
        """The result's JSON values, read from the store's file when its seal matches. Raises
        ValueError when it does not: not the result of this text by this engine."""
        if self._value is None:
            if sealed(self.engine, self.key, self.raw, [self.drafts]) != self.seal:
                raise ValueError("a kept result whose seal does not match")
            self._value = json.loads(bytes(self.raw))
        return self._value

    def placed(self, path: str, line_offset: int, col_offset: int, source: str) -> CheckedText:
        """As `Result.placed`. Raises one of `DAMAGED` when the value is not what `save`
        writes for this text and engine."""
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
                    tuple(map(str, players)), _provenance(stated))
            for (id_, title, game, about, line, col, steps, passed, failures, said, disputed,
                 cites, players, stated, start, length, size) in self.value["examples"])
        return CheckedText(examples, located(self.value["problems"]))


def _stated(provenance: Provenance | None) -> list[str] | None:
    return None if provenance is None else [provenance.kind, provenance.ref, provenance.why]


def _provenance(stated: list[Any] | None) -> Provenance | None:
    if stated is None:
        return None
    kind, ref, why = stated
    return Provenance(str(kind), str(ref), str(why))


def _draft(drafts: memoryview, start: int, length: int, size: int) -> Draft:
    if not (isinstance(start, int) and isinstance(length, int) and isinstance(size, int)
            and 0 <= start and start + length <= len(drafts) and 0 <= size <= length):
        raise ValueError("a draft outside its result's drafts")
    return Draft(drafts[start:start + length], size)


def kept_file(folder: Path | None, name: str, make: Callable[[], bytes]) -> bytes:
    """What `make` makes, kept in `folder` under `name` (which must change with whatever the
    bytes depend on, such as the engine's fingerprint) and read from there next time; files
    of the same kind (`name` up to its first `-`) another engine left are removed. Without a
    folder, or when it cannot be written, made each time.

    The file starts with a line holding the SHA-256 of its name and the rest (`_file_seal`):
    read back only when it matches, so one damaged, cut short, or copied from under another
    name (another engine's, say) is made again."""
    if folder is None:
        return make()
    path = folder / name
    try:
        seal, _, data = read_regular(path).partition(b"\n")
        if seal == _file_seal(name, data):
            return data
    except OSError:
        pass
    data = make()
    try:
        kind = name.split("-", 1)[0]
        for old in folder.glob(f"{kind}-*"):
            old.unlink(missing_ok=True)
        replace_file(path, _file_seal(name, data) + b"\n" + data)
    except OSError:
        pass  # the next build makes it again
    return data


def _file_seal(name: str, data: bytes) -> bytes:
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass") + b"\n")
    digest.update(data)
    return digest.hexdigest().encode()
