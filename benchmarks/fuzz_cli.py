"""Fuzz the real `checker run` at scale with the mutants of tests/mutants.py.

    .venv/bin/python benchmarks/fuzz_cli.py                     # 10,000 mutants, seed 1
    .venv/bin/python benchmarks/fuzz_cli.py --mutants 20000 --seed 7
    .venv/bin/python benchmarks/fuzz_cli.py --keep benchmarks/out/fuzz   # keep files, findings

It writes the mutants into folders of --batch files, each with one known-good scenario file
that sorts after them, and then:

1. runs the real command, `.venv/bin/checker run --junit-xml X FOLDER`, once per folder as a
   subprocess (address space capped at --memory MB, killed after --timeout s; started by a
   small launcher process, so that the peak RSS `wait4` gives is the checker's own), and
   judges its output: no traceback on stderr, exit code 0 or 1, every line before the summary
   a `path:line:col: message` naming a file of the folder with 1 <= line <= its line count + 1
   and col >= 1, no control character in any line, the JUnit report well-formed XML, and the
   known-good file passed in it (a bad file must not hide the others);
2. times every file on its own, in batches: one driver process per folder imports the checker
   once and forks a child per file that calls `checker.cli.main(["run", FILE])`, with the
   same cap and --file-timeout; it records each file's time (measured in the child), its peak
   RSS (the child's `ru_maxrss` from `wait4`, which includes the driver it was forked from, as
   a CLI process includes its interpreter and imports) and its output, judged as above.

It prints a table: mutants, tracebacks seen (a "Traceback" on stderr, a signal, an exit code
other than 0/1, or a timeout), unlocated problems (output lines not of the located form),
lines out of range, control characters, the slowest file, the peak RSS of any checker
process, and wall times; then the failures by kind with one example each, and by mutation.
With --keep, DIR keeps the folders and DIR/findings.tsv lists every finding by file.

Nothing here fails a build: run it by hand, with a memory cap of its own when the checker is
known to be weak (`ulimit -v 8000000`), as alias bombs and deep nesting are in the mix.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from mutants import (  # tests/ is not a package: its helper is imported by path
    MUTATIONS,
    junit_result,
    known_good,
    last_line,
    mutants,
    output_complaints,
)

DRIVER = r'''
"""Run `checker.cli.main(["run", FILE])` for each file in a forked child; one JSON line each."""
import json, os, sys, time, traceback

from checker import cli

listing, results_path, timeout = sys.argv[1], sys.argv[2], float(sys.argv[3])
scratch = os.path.dirname(results_path)
out_path, err_path = os.path.join(scratch, "driver.out"), os.path.join(scratch, "driver.err")
with open(listing, encoding="utf-8") as f:
    files = [line for line in f.read().split("\n") if line]

# Warm up: what the checker imports on first use (reports, suggestions) is imported here once,
# so that each file's time is the cost of that file.
warm = os.path.join(scratch, "warm-up.yaml")
with open(warm, "w", encoding="utf-8") as f:
    f.write("id: w\ntitle: w\ngame: ti4\nsetup: {playrs: [Red]}\nsteps: [{scroe: {}}]\n")
with open(os.devnull, "w") as null:
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = null
    try:
        cli.main(["run", warm, files[0] if files else warm])
    except BaseException:
        pass
    finally:
        sys.stdout, sys.stderr = saved
with open(results_path, "w", encoding="utf-8") as results:
    for path in files:
        read_end, write_end = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        started = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                os.close(read_end)
                for fd, name in ((1, out_path), (2, err_path)):
                    target = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                    os.dup2(target, fd)
                    os.close(target)
                begin = time.perf_counter()
                try:
                    code = cli.main(["run", path])
                except SystemExit as exit_:
                    code = exit_.code if isinstance(exit_.code, int) else 1
                except BaseException:
                    traceback.print_exc()
                    code = 1
                seconds = time.perf_counter() - begin
                sys.stdout.flush()
                sys.stderr.flush()
                os.write(write_end, repr(seconds).encode())
            finally:
                os._exit(code if isinstance(code, int) else 1)
        os.close(write_end)
        status = rusage = None
        timed_out = False
        while True:
            done, status, rusage = os.wait4(pid, os.WNOHANG)
            if done:
                break
            if time.perf_counter() - started > timeout:
                os.kill(pid, 9)
                _, status, rusage = os.wait4(pid, 0)
                timed_out = True
                break
            time.sleep(0.0005)
        wall = time.perf_counter() - started
        said = os.read(read_end, 64)
        os.close(read_end)
        with open(out_path, encoding="utf-8", errors="replace") as f:
            stdout = f.read()
        with open(err_path, encoding="utf-8", errors="replace") as f:
            stderr = f.read()
        if timed_out:
            ended = "timeout"
        elif os.WIFSIGNALED(status):
            ended = "signal %d" % os.WTERMSIG(status)
        else:
            ended = "exit %d" % os.WEXITSTATUS(status)
        results.write(json.dumps({
            "path": path, "ended": ended, "seconds": float(said) if said else wall,
            "rss_kb": rusage.ru_maxrss, "stdout": stdout, "stderr": stderr}) + "\n")
        results.flush()
'''


@dataclass
class Process:
    """How one checker process (or one forked per-file run) ended."""

    ended: str
    """"exit N", "signal N" or "timeout"."""
    seconds: float
    rss_kb: int
    stdout: str
    stderr: str

    @property
    def crashed(self) -> str | None:
        """Why this counts as a traceback seen, or None: a Traceback on stderr, a signal, an
        exit code other than 0 or 1, or a timeout."""
        if self.ended == "timeout":
            return "timeout"
        if self.ended.startswith("signal"):
            number = int(self.ended.split()[1])
            return f"signal {signal.Signals(number).name}"
        if "Traceback" in self.stderr:
            return "traceback " + _normalise(last_line(self.stderr))
        if self.ended not in ("exit 0", "exit 1"):
            said = next((line for line in (self.stdout + "\n" + self.stderr).split("\n")
                         if "internal error" in line), "")
            message = said.split(": ", 1)[-1] if said else last_line(self.stderr or self.stdout)
            return f"{self.ended}: {_normalise(message)}"
        return None


def _normalise(message: str) -> str:
    """A failure's message with the particulars taken out, to group like failures."""
    message = re.sub(r"'[^']*'", "'…'", message)
    message = re.sub(r"\b\d+\b", "N", message)
    return message[:110]


@dataclass
class Finding:
    file: str
    """A mutant's file name, or a folder."""
    kind: str
    detail: str


@dataclass
class Results:
    findings: list[Finding] = field(default_factory=list)
    crashes: int = 0
    timeouts: int = 0
    unlocated: int = 0
    out_of_range: int = 0
    controls: int = 0
    good_passed: int = 0
    junit_malformed: int = 0
    slowest: tuple[float, str, str] = (0.0, "", "")
    times: list[float] = field(default_factory=list)
    peak: tuple[int, str] = (0, "")
    wall: float = 0.0
    runs: int = 0

    def percentiles(self) -> str:
        if not self.times:
            return "-"
        ordered = sorted(self.times)
        return (f"{1000 * ordered[len(ordered) // 2]:.0f} ms, "
                f"{1000 * ordered[min(len(ordered) - 1, len(ordered) * 99 // 100)]:.0f} ms")

    def judge(self, name: str, process: Process, files: dict[str, int],
              names: dict[str, str]) -> None:
        self.runs += 1
        self.times.append(process.seconds)
        if process.seconds > self.slowest[0]:
            self.slowest = (process.seconds, name, process.ended)
        if process.rss_kb > self.peak[0]:
            self.peak = (process.rss_kb, name)
        why = process.crashed
        if why:
            self.crashes += 1
            self.timeouts += why == "timeout"
            self.findings.append(Finding(name, why, f"after {process.seconds:.2f} s"))
            if not process.ended.startswith("exit"):
                return
        for complaint in output_complaints(process.stdout, process.stderr, files):
            if complaint.kind == "traceback" or (why and complaint.kind == "no summary line"):
                continue
            where = names.get(complaint.file or "", name)
            self.unlocated += complaint.kind in ("unlocated line", "unknown path",
                                                 "no summary line")
            self.out_of_range += complaint.kind in ("line out of range", "column out of range")
            self.controls += complaint.kind == "control character in output"
            self.findings.append(Finding(where, complaint.kind, complaint.detail))


LAUNCHER = r'''
"""Start each command read from stdin (one JSON job a line) with its output in files and its
address space capped; answer with how it ended, its time and its peak RSS, one JSON line."""
import json, os, resource, sys, time

size = int(sys.argv[1])
for line in sys.stdin:
    job = json.loads(line)
    fds = [os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
           for path in (job["stdout"], job["stderr"])]
    started = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        try:
            os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
            os.dup2(fds[0], 1)
            os.dup2(fds[1], 2)
            os.chdir(job["cwd"])
            resource.setrlimit(resource.RLIMIT_AS, (size, size))
            os.execv(job["argv"][0], job["argv"])
        finally:
            os._exit(127)
    for fd in fds:
        os.close(fd)
    timed_out = False
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        if time.perf_counter() - started > job["timeout"]:
            os.kill(pid, 9)
            _, status, usage = os.wait4(pid, 0)
            timed_out = True
            break
        time.sleep(0.002)
    if timed_out:
        ended = "timeout"
    elif os.WIFSIGNALED(status):
        ended = "signal %d" % os.WTERMSIG(status)
    else:
        ended = "exit %d" % os.WEXITSTATUS(status)
    sys.stdout.write(json.dumps({"ended": ended, "seconds": time.perf_counter() - started,
                                 "rss_kb": usage.ru_maxrss}) + "\n")
    sys.stdout.flush()
'''


class Launcher:
    """Starts checker processes from a small process of its own, made before anything else.
    A child's peak RSS from wait4 counts what it had before `exec`, that is the RSS of the
    process it was forked from; forked from this one, which holds the run's bookkeeping, a
    small checker run would show this process's size instead of its own."""

    def __init__(self, memory_mb: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-S", "-c", LAUNCHER, str(memory_mb * 1024 * 1024)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")

    def run(self, argv: list[str], scratch: Path, timeout: float) -> Process:
        """Run a command in ROOT with its output in files; wait at most `timeout` s."""
        assert self.process.stdin and self.process.stdout
        out_path, err_path = scratch / "process.out", scratch / "process.err"
        job = {"argv": argv, "cwd": str(ROOT), "timeout": timeout, "stdout": str(out_path),
               "stderr": str(err_path)}
        self.process.stdin.write(json.dumps(job) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        return Process(answer["ended"], answer["seconds"], answer["rss_kb"],
                       out_path.read_text(encoding="utf-8", errors="replace"),
                       err_path.read_text(encoding="utf-8", errors="replace"))

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=60)
        if self.process.stdout:
            self.process.stdout.close()


def checker_command() -> list[str]:
    script = Path(sys.executable).parent / "checker"
    return [str(script)] if script.exists() else [sys.executable, "-m", "checker"]


def describe_checker() -> str:
    done = subprocess.run([sys.executable, "-c", "import checker; print(checker.__file__)"],
                          capture_output=True, text=True, check=False, cwd=ROOT)
    where = done.stdout.strip() or done.stderr.strip()[-200:]
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                              capture_output=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "--no-optional-locks", "status", "--porcelain", "--",
                                "checker"], cwd=ROOT, text=True, capture_output=True,
                               check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return f"package {where}"
    return (f"package {where}; commit {head}"
            + (" with uncommitted changes in checker/" if dirty else ""))


@dataclass(frozen=True)
class Written:
    """What the benchmark keeps of a mutant once its file is written (not its content, so
    that this process stays smaller than a checker process: a child's peak RSS from wait4
    includes the process it was forked from)."""

    filename: str
    lines: int
    operators: tuple[str, ...]
    described: str


def write_folders(base: Path, seed: int, count: int, batch: int
                  ) -> tuple[list[tuple[Path, str, dict[str, Written]]], list[int]]:
    """The mutants written into folders of `batch`, each with a known-good file last; and
    the size of each mutant."""
    folders = []
    sizes: list[int] = []
    for number, first in enumerate(range(0, count, batch)):
        folder = base / f"batch-{number:03d}"
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
        files: dict[str, Written] = {}
        for mutant in mutants(seed, min(batch, count - first), start=first):
            path = folder / mutant.filename
            data = mutant.data()
            path.write_bytes(data)
            sizes.append(len(data))
            files[str(path)] = Written(mutant.filename, mutant.line_count(), mutant.operators,
                                       mutant.describe())
        good_id, text = known_good(f"{number:03d}")
        (folder / "zzz-known-good.yaml").write_text(text, encoding="utf-8")
        folders.append((folder, good_id, files))
    return folders, sizes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants", type=int, default=10_000, metavar="N",
                        help="how many mutants (default 10000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the generator (default 1)")
    parser.add_argument("--batch", type=int, default=500, metavar="N",
                        help="mutants per folder (default 500)")
    parser.add_argument("--timeout", type=float, default=60.0, metavar="S",
                        help="seconds for one folder's `checker run` (default 60)")
    parser.add_argument("--file-timeout", type=float, default=3.0, metavar="S",
                        help="seconds for one file on its own (default 3)")
    parser.add_argument("--memory", type=int, default=4000, metavar="MB",
                        help="address space of each checker process (default 4000)")
    parser.add_argument("--no-per-file", action="store_true",
                        help="skip timing each file on its own")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="write the mutants to DIR/batch-NNN/ and keep them, with "
                             "DIR/findings.tsv")
    args = parser.parse_args(argv)

    command = checker_command()
    print(f"checker: {' '.join(command)} run --junit-xml X FOLDER; {describe_checker()}")
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs; each checker process "
          f"capped at {args.memory} MB of address space")
    if hasattr(os, "getloadavg"):
        print("load average before: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))

    launcher = Launcher(args.memory)
    started = time.perf_counter()
    scratch = Path(tempfile.mkdtemp(prefix="checker-fuzz-"))
    try:
        base = args.keep if args.keep else scratch / "mutants"
        folders, sizes = write_folders(base, args.seed, args.mutants, args.batch)
        made = time.perf_counter() - started
        written = [w for _, _, files in folders for w in files.values()]
        print(f"{len(written)} mutants of seed {args.seed} made and written in {made:.1f} s: "
              f"{sum(sizes) / 1e6:.1f} MB, largest {max(sizes) / 1e3:.0f} KB, "
              f"{sum(w.filename.endswith('.md') for w in written)} pages, in {len(folders)} "
              f"folders of up to {args.batch}, each with one known-good file checked after "
              "its mutants")
        good = folders[0][0] / "zzz-known-good.yaml"
        alone = launcher.run([*command, "run", str(good)], scratch, args.timeout)
        print(f"for comparison, `checker run` on one known-good file: {alone.ended}, "
              f"{alone.seconds:.2f} s, peak RSS {alone.rss_kb / 1024:.0f} MB\n")
        folder_results = Results()
        began = time.perf_counter()
        for folder, good_id, files in folders:
            junit = scratch / "junit.xml"
            junit.unlink(missing_ok=True)
            process = launcher.run([*command, "run", "--junit-xml", str(junit), str(folder)],
                                   scratch, args.timeout)
            counts = {path: w.lines for path, w in files.items()}
            good = folder / "zzz-known-good.yaml"
            counts[str(good)] = len(good.read_text(encoding="utf-8").split("\n"))
            names = {path: m.filename for path, m in files.items()}
            folder_results.judge(folder.name, process, counts, names)
            passed, malformed = junit_result(junit, good_id)
            if passed:
                folder_results.good_passed += 1
            else:
                folder_results.findings.append(Finding(
                    folder.name, "known-good not passed",
                    f"the run ended: {process.ended}; {last_line(process.stdout)}"))
            if malformed:
                folder_results.junit_malformed += 1
                folder_results.findings.append(Finding(folder.name, "JUnit report", malformed))
            print(f"  {folder.name}: {process.ended}, {process.seconds:.2f} s, "
                  f"{process.rss_kb / 1024:.0f} MB", flush=True)
        folder_results.wall = time.perf_counter() - began

        file_results = Results()
        if not args.no_per_file:
            began = time.perf_counter()
            driver = scratch / "driver.py"
            driver.write_text(DRIVER, encoding="utf-8")
            for folder, _, files in folders:
                listing = scratch / "files.txt"
                listing.write_text("\n".join(files) + "\n", encoding="utf-8")
                results = scratch / "results.jsonl"
                limit = len(files) * (args.file_timeout + 2) + 60
                launcher.run([sys.executable, str(driver), str(listing), str(results),
                              str(args.file_timeout)], scratch, limit)
                lines = results.read_text(encoding="utf-8").splitlines() \
                    if results.exists() else []
                for line in lines:
                    data = json.loads(line)
                    path = data.pop("path")
                    w = files[path]
                    file_results.judge(w.filename, Process(**data), {path: w.lines},
                                       {path: w.filename})
                if len(lines) < len(files):
                    file_results.findings.append(Finding(
                        folder.name, "driver lost", f"{len(files) - len(lines)} files unrun"))
                print(f"  per file {folder.name}: {len(lines)} files", flush=True)
            file_results.wall = time.perf_counter() - began
        total = time.perf_counter() - started
        print()
        table(len(written), len(folders), folder_results, file_results, args.no_per_file)
        print(f"\nwall time of the whole run: {total:.1f} s (making the mutants {made:.1f} s)")
        kinds(folder_results, file_results)
        by_mutation(written, file_results if not args.no_per_file else folder_results)
        if args.keep:
            with (args.keep / "findings.tsv").open("w", encoding="utf-8") as out:
                out.write("run\tfile\tkind\tdetail\tmutant\n")
                described = {w.filename: w.described for w in written}
                for label, results_ in (("folder", folder_results), ("file", file_results)):
                    for f in results_.findings:
                        out.write(f"{label}\t{f.file}\t{f.kind}\t{f.detail}\t"
                                  f"{described.get(f.file, '')}\n")
            print(f"\nmutants kept in {args.keep}/batch-NNN/, findings in "
                  f"{args.keep}/findings.tsv")
    finally:
        launcher.close()
        shutil.rmtree(scratch, ignore_errors=True)
    if hasattr(os, "getloadavg"):
        print("load average after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    return 0


def table(count: int, folders: int, by_folder: Results, by_file: Results,
          no_per_file: bool) -> None:
    def files(value: object) -> str:
        return "-" if no_per_file else str(value)

    rows = [
        ("mutants", f"{count:,} in {folders} folders", files(f"{by_file.runs:,} runs")),
        ("tracebacks seen (Traceback, signal, exit not 0/1, timeout)",
         f"{by_folder.crashes} runs", files(f"{by_file.crashes} files")),
        ("  of which timeouts", str(by_folder.timeouts), files(by_file.timeouts)),
        ("unlocated problems (lines not path:line:col: message)", str(by_folder.unlocated),
         files(by_file.unlocated)),
        ("lines or columns out of range", str(by_folder.out_of_range),
         files(by_file.out_of_range)),
        ("lines with control characters", str(by_folder.controls), files(by_file.controls)),
        ("known-good files reported passed", f"{by_folder.good_passed}/{folders}", "-"),
        ("JUnit reports missing or not well-formed XML", f"{by_folder.junit_malformed}/{folders}", "-"),
        ("slowest", f"{by_folder.slowest[0]:.2f} s {by_folder.slowest[1]}",
         files(f"{by_file.slowest[0]:.2f} s ({by_file.slowest[2]}) {by_file.slowest[1]}")),
        ("median, 99th percentile time", by_folder.percentiles(),
         files(by_file.percentiles())),
        ("peak RSS of a checker process", f"{by_folder.peak[0] / 1024:.0f} MB {by_folder.peak[1]}",
         files(f"{by_file.peak[0] / 1024:.0f} MB {by_file.peak[1]}")),
        ("wall time", f"{by_folder.wall:.1f} s", files(f"{by_file.wall:.1f} s")),
    ]
    head = ("", "checker run FOLDER", "each file alone")
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(3)]
    print(" | ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)))
    print("-|-".join("-" * w for w in widths))
    for row in rows:
        print(" | ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)))


def kinds(by_folder: Results, by_file: Results) -> None:
    """Failures by kind, most frequent first, with one example each."""
    for label, results in (("each file alone", by_file), ("checker run FOLDER", by_folder)):
        if not results.findings:
            continue
        grouped: dict[str, list[Finding]] = {}
        for finding in results.findings:
            grouped.setdefault(finding.kind, []).append(finding)
        print(f"\nfailures by kind ({label}):")
        for kind, items in sorted(grouped.items(), key=lambda item: -len(item[1])):
            example = items[0]
            print(f"  {len(items):>5}  {kind}\n         e.g. {example.file}: {example.detail}")


def by_mutation(written: list[Written], results: Results) -> None:
    """For each mutation: how many mutants had it, and how many of those crashed, timed out
    or printed a bad line."""
    bad: dict[str, set[str]] = {"crash": set(), "timeout": set(), "output": set()}
    for finding in results.findings:
        if finding.kind == "timeout":
            bad["timeout"].add(finding.file)
        elif finding.kind.startswith(("signal", "traceback", "exit")):
            bad["crash"].add(finding.file)
        else:
            bad["output"].add(finding.file)
    seen: Counter[str] = Counter()
    counts = {key: Counter[str]() for key in bad}
    for mutant in written:
        for op in set(mutant.operators):
            seen[op] += 1
            for key, names in bad.items():
                counts[key][op] += mutant.filename in names
    print("\nby mutation (a mutant has 1 to 3):")
    print(f"  {'mutation':<16} {'mutants':>7} {'crash':>6} {'timeout':>7} {'bad output':>10}")
    for op in MUTATIONS:
        print(f"  {op:<16} {seen[op]:>7} {counts['crash'][op]:>6} {counts['timeout'][op]:>7} "
              f"{counts['output'][op]:>10}")


if __name__ == "__main__":
    sys.exit(main())
