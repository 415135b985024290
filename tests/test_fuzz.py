"""Fuzzing `checker run` with seeded mutants of the project's own scenario files and pages
(tests/mutants.py): whatever the input, the checker reports located problems and never
crashes, hangs or prints what a terminal would not show as text.

The mutants go into a few folders, each with one known-good scenario file checked after
them; each folder is checked with `checker.cli.main(["run", "--junit-xml", ..., FOLDER])` in
a forked copy of this process (the checker in-process, without a new interpreter per run),
so that a crash in the C YAML parser, a hang or a memory bomb fails this test with the
mutants to blame instead of killing or stalling the test session. A folder whose run
crashes, hangs, raises or exits with another code than 0 or 1 is run again file by file to
name the mutants. `benchmarks/fuzz_cli.py` runs the same generator through the real command
at a larger scale.
"""

from __future__ import annotations

import faulthandler
import io
import json
import os
import resource
import select
import signal
import sys
import time
import traceback
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mutants import (
    Complaint,
    Mutant,
    junit_result,
    known_good,
    last_line,
    mutants,
    output_complaints,
)

from checker import cli

SEED = 20261121
COUNT = 3000
FOLDERS = 15
FOLDER_TIMEOUT = 10.0
"""Seconds for one folder (200 mutants take about half a second)."""
FILE_TIMEOUT = 3.0
"""Seconds for one file when a folder's run is narrowed down to the file to blame."""
HANG_BUDGET = 20.0
"""Seconds spent in total waiting on runs that hung; past it, the test stops checking more
folders and fails with what it found."""
MEMORY = 1 << 30
"""Address space a run may add to what this process already maps (a memory bomb raises
MemoryError in the run instead of taking the machine)."""


@dataclass
class Run:
    """How one run of the checker ended."""

    status: str
    """"ok" (main returned), "raised", "signal NAME", "timeout" or "lost" (the child ended
    without a result)."""
    code: int | None = None
    stdout: str = ""
    stderr: str = ""
    error: str = ""
    """The traceback, when main raised."""
    seconds: float = 0.0


def run_many(argvs: list[list[str]], scratch: Path, timeout: float,
             budget: float = float("inf")) -> list[Run]:
    """`checker.cli.main(argv)` for each argv, one after the other in a forked child with its
    output captured and its address space capped. A run that kills the child or takes more
    than `timeout` seconds is recorded as such, and a new child goes on with the next, unless
    the runs that timed out have taken `budget` seconds: then the runs so far are returned."""
    runs: list[Run] = []
    while len(runs) < len(argvs) and sum(r.seconds for r in runs
                                         if r.status == "timeout") < budget:
        first = len(runs)
        results = scratch / f"runs-{os.getpid()}-{first}.jsonl"
        read_end, write_end = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        with warnings.catch_warnings():  # Python 3.12+ warns when other threads are running
            warnings.simplefilter("ignore", DeprecationWarning)
            pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            os.close(read_end)
            _child(argvs[first:], results, write_end)
        os.close(write_end)
        try:
            done, ended, item_seconds = _watch(pid, read_end, timeout)
        finally:
            os.close(read_end)
        lines = results.read_text(encoding="utf-8").splitlines() if results.exists() else []
        results.unlink(missing_ok=True)
        runs += [Run(**json.loads(line)) for line in lines[:done]]
        if len(runs) < len(argvs):
            runs.append(Run(ended, seconds=item_seconds))
    return runs


def _watch(pid: int, progress: int, timeout: float) -> tuple[int, str, float]:
    """Wait for a child: how many runs it finished, how it ended ("ok", "signal NAME",
    "timeout", "lost") and how long its last, unfinished run had taken."""
    done = 0
    item_start = time.perf_counter()
    try:
        while True:
            ready, _, _ = select.select([progress], [], [], 0.01)
            if ready:
                count = len(os.read(progress, 4096))
                if count:
                    done += count
                    item_start = time.perf_counter()
            finished, status = os.waitpid(pid, os.WNOHANG)
            if finished:
                break
            if time.perf_counter() - item_start > timeout:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return done, "timeout", time.perf_counter() - item_start
    except BaseException:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        raise
    while chunk := os.read(progress, 4096):
        done += len(chunk)
    seconds = time.perf_counter() - item_start
    if os.WIFSIGNALED(status):
        return done, f"signal {signal.Signals(os.WTERMSIG(status)).name}", seconds
    return done, "ok" if os.WEXITSTATUS(status) == 0 else "lost", seconds


def _child(argvs: list[list[str]], results: Path, progress: int) -> None:  # pragma: no cover
    code = 70
    try:
        faulthandler.disable()  # a crash is reported by the parent, not dumped here
        limit = _address_space() + MEMORY
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        with results.open("w", encoding="utf-8") as out:
            for argv in argvs:
                out.write(json.dumps(_call(cli.main, argv).__dict__) + "\n")
                out.flush()
                os.write(progress, b".")
        code = 0
    finally:
        os._exit(code)


def _call(main: Callable[[list[str]], int], argv: list[str]) -> Run:
    stdout, stderr = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    try:
        code: int | None = int(main(argv))
        status, error = "ok", ""
    except SystemExit as exit_:  # as the console script would end
        code = exit_.code if isinstance(exit_.code, int) else 1
        status, error = "ok", ""
    except BaseException:  # noqa: BLE001 - what escapes main is the finding
        code, status, error = None, "raised", traceback.format_exc()
    finally:
        sys.stdout, sys.stderr = stdout, stderr
    return Run(status, code, out.getvalue(), err.getvalue(), error,
               time.perf_counter() - started)


def _address_space() -> int:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[0]) * resource.getpagesize()


@dataclass
class Finding:
    kind: str
    where: str
    """The mutant (name and mutations) or the folder it is about."""
    detail: str


def crash(run: Run) -> Finding | None:
    """A run that did not end as `checker run` should: returning 0 or 1, without a
    traceback."""
    if run.status == "raised":
        return Finding("exception escaped", "", last_line(run.error))
    if run.status != "ok":
        return Finding(run.status.split()[0] if run.status != "timeout" else "timeout", "",
                       f"{run.status} after {run.seconds:.1f} s")
    if run.code not in (0, 1):
        lines = (run.stderr + "\n" + run.stdout).split("\n")
        said = next((line[line.index("internal error"):] for line in lines
                     if "internal error" in line), "")
        return Finding(f"exit code {run.code}", "", said[:200] or last_line(run.stderr or
                                                                              run.stdout))
    return None


def _where(complaint: Complaint, names: dict[str, Mutant], fallback: str) -> str:
    if complaint.file and complaint.file in names:
        return names[complaint.file].describe()
    return fallback


class Fuzz:
    def __init__(self, tmp_path: Path) -> None:
        self.tmp = tmp_path
        self.findings: list[Finding] = []
        self.hung = 0.0
        self.folders_checked = 0

    def folder(self, number: int, batch: list[Mutant]) -> None:
        folder = self.tmp / f"batch-{number:02d}"
        folder.mkdir()
        files: dict[str, Mutant] = {}
        for mutant in batch:
            path = folder / mutant.filename
            path.write_bytes(mutant.data())
            files[str(path)] = mutant
        good_id, good_text = known_good(f"{number:02d}")
        good = folder / "zzz-known-good.yaml"
        good.write_text(good_text, encoding="utf-8")
        junit = self.tmp / f"batch-{number:02d}.xml"
        [run] = run_many([["run", "--junit-xml", str(junit), str(folder)]], self.tmp,
                         FOLDER_TIMEOUT)
        self.hung += run.seconds if run.status == "timeout" else 0.0
        self.folders_checked += 1
        failed = crash(run)
        if failed:  # the files are judged one by one instead
            failed.where = f"folder {folder.name} ({len(batch)} mutants)"
            self.findings.append(failed)
            self.narrow(files)
        else:
            counts = {path: mutant.line_count() for path, mutant in files.items()}
            counts[str(good)] = len(good_text.split("\n"))
            for complaint in output_complaints(run.stdout, run.stderr, counts):
                where = _where(complaint, files, f"folder {folder.name}")
                self.findings.append(Finding(complaint.kind, where, complaint.detail))
        if run.status != "ok":  # the run itself did not end: nothing after the bad file counts
            self.findings.append(Finding("known-good file not reported passed",
                                         f"folder {folder.name}", f"the run ended: {run.status}"))
        else:
            passed, malformed = junit_result(junit, good_id)
            if not passed:
                self.findings.append(Finding("known-good file not reported passed",
                                             f"folder {folder.name}",
                                             _excerpt(run.stdout, good)))
            if malformed:
                self.findings.append(Finding("JUnit report", f"folder {folder.name}",
                                             malformed))

    def narrow(self, files: dict[str, Mutant]) -> None:
        """Run each file of a folder alone, to name the mutants that crash or hang."""
        paths = list(files)
        runs = run_many([["run", path] for path in paths], self.tmp, FILE_TIMEOUT,
                        budget=HANG_BUDGET - self.hung)
        if len(runs) < len(paths):
            self.findings.append(Finding("not narrowed down", f"{len(paths) - len(runs)} files",
                                         "hang budget spent"))
        for path, run in zip(paths, runs, strict=False):
            mutant = files[path]
            failed = crash(run)
            self.hung += run.seconds if run.status == "timeout" else 0.0
            if failed:
                failed.where = mutant.describe()
                self.findings.append(failed)
                if run.status != "ok":
                    continue
            for complaint in output_complaints(run.stdout, run.stderr,
                                               {path: mutant.line_count()}):
                if failed and complaint.kind == "no summary line":
                    continue
                self.findings.append(Finding(complaint.kind, mutant.describe(),
                                             complaint.detail))


def _excerpt(stdout: str, good: Path) -> str:
    lines = [line for line in stdout.split("\n") if line.startswith(str(good))]
    return (lines[0] if lines else stdout.strip().split("\n")[-1])[:200]


def report(findings: list[Finding], checked: int, folders: int) -> str:
    """The findings grouped by kind, most frequent first, with a few examples each."""
    kinds: dict[str, list[Finding]] = {}
    for finding in findings:
        kinds.setdefault(finding.kind, []).append(finding)
    out = [f"{len(findings)} findings in {folders} folders ({checked} mutants):"]
    for kind, items in sorted(kinds.items(), key=lambda item: -len(item[1])):
        out.append(f"  {kind}: {len(items)}")
        shown: set[str] = set()
        for item in items:
            if item.detail in shown or len(shown) >= 3:
                continue
            shown.add(item.detail)
            out.append(f"    {item.where}: {item.detail}")
    return "\n".join(out)


def test_fuzzed_scenarios_get_located_problems_and_no_crash(tmp_path: Path) -> None:
    batch_size = -(-COUNT // FOLDERS)
    fuzz = Fuzz(tmp_path)
    generated = list(mutants(SEED, COUNT))
    checked = 0
    for number in range(FOLDERS):
        batch = generated[number * batch_size:(number + 1) * batch_size]
        if not batch:
            break
        if fuzz.hung > HANG_BUDGET:
            fuzz.findings.append(Finding("not checked", f"{FOLDERS - number} folders",
                                         "hang budget spent"))
            break
        fuzz.folder(number, batch)
        checked += len(batch)
    assert not fuzz.findings, report(fuzz.findings, checked, fuzz.folders_checked)


def test_the_fuzzer_is_deterministic_and_bounded() -> None:
    first = list(mutants(SEED, 40, start=100))
    again = list(mutants(SEED, 40, start=100))
    assert [m.data() for m in first] == [m.data() for m in again]
    assert len({m.filename for m in first}) == len(first)
    assert all(len(m.content) <= 300_000 for m in first)

