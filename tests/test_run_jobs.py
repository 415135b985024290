"""`checker run --jobs N`: the same lines, summary, exit code, JUnit report and GitHub
annotations on two processes as on one, byte for byte, over a folder with passes, failures,
YAML errors, limits hit, unreadable files and duplicate ids; every limit holds in the workers;
Ctrl-C and a worker that dies end the run with a clear line, never a hang."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import uses_repo_rules

from checker import limits

MEMORY_CAP = 300 << 20
"""The address space the command, and so each worker it forks, may use."""


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def checker(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    done = subprocess.run([sys.executable, "-m", "checker", *args], cwd=cwd,
                          capture_output=True, timeout=120, preexec_fn=_capped, check=False)
    assert b"Traceback" not in done.stdout + done.stderr, done.stderr
    return done


def scenario(minimal: str, sid: str, *, points: int = 1) -> str:
    return minimal.replace("id: x", f"id: {sid}").replace("{Red: 1}", f"{{Red: {points}}}")


def as_list(*texts: str) -> str:
    return "".join("- " + "\n  ".join(text.splitlines()) + "\n" for text in texts)


def fence(text: str) -> str:
    return "```scenario\n" + text + "```\n"


def mixed_project(root: Path, minimal: str) -> None:
    """Files of every kind, spread so that each worker gets several, in two folders."""
    uses_repo_rules(root)
    folder = root / "scenarios"
    for number in range(40):
        sub = folder / f"part-{number % 3}"
        sub.mkdir(parents=True, exist_ok=True)
        name = sub / f"s-{number:02d}.yaml"
        if number % 7 == 3:  # a wrong claim
            name.write_text(scenario(minimal, f"s-{number}", points=2), encoding="utf-8")
        elif number % 5 == 4:  # a list, one of them wrong
            name.write_text(as_list(scenario(minimal, f"s-{number}a"),
                                    scenario(minimal, f"s-{number}b", points=0)), "utf-8")
        else:
            name.write_text(scenario(minimal, f"s-{number}"), encoding="utf-8")
    odd = folder / "part-1"
    (odd / "a-syntax.yaml").write_text("id: [x\n", encoding="utf-8")
    (odd / "b-unknown-key.yaml").write_text(scenario(minimal, "unknown").replace(
        "phase: status", "phse: status"), encoding="utf-8")
    (odd / "c-deep.yaml").write_text("a: " + "[" * 25_000 + "]" * 25_000 + "\n", "utf-8")
    (odd / "d-too-large.yaml").write_bytes(b"# " + b"x" * limits.FILE_BYTES + b"\n")
    (odd / "e-binary.yaml").write_bytes(bytes(range(256)))
    (odd / "f-long-number.yaml").write_text(minimal.replace("{Red: 1}", "{Red: " + "9" * 50
                                                            + "}"), encoding="utf-8")
    many = [scenario(minimal, f"many-{n}") for n in range(limits.SCENARIOS + 1)]
    (odd / "g-too-many.yaml").write_text(as_list(*many), encoding="utf-8")
    os.mkfifo(odd / "h-pipe.yaml")
    (odd / "i-nowhere.yaml").symlink_to("missing.yaml")
    # Duplicates: across files, and twice in one file after an earlier file used the id.
    (folder / "part-2" / "z-duplicates.yaml").write_text(
        as_list(scenario(minimal, "s-1"), scenario(minimal, "s-1"), scenario(minimal, "new")),
        encoding="utf-8")
    docs = root / "docs"
    docs.mkdir()
    (docs / "page.md").write_text("# Page\n\n" + fence(scenario(minimal, "page-good"))
                                  + "\n" + fence(scenario(minimal, "page-wrong", points=3))
                                  + "\n```scenario\nid: never-closed\n", encoding="utf-8")


@pytest.mark.parametrize("output", ["text", "github"])
def test_two_processes_print_and_write_what_one_does(tmp_path: Path, minimal: str,
                                                     output: str) -> None:
    mixed_project(tmp_path, minimal)
    runs = {}
    for jobs in ("1", "2"):
        done = checker("run", "scenarios", "docs", "--format", output, "--jobs", jobs,
                       "--junit-xml", f"report-{jobs}.xml", cwd=tmp_path)
        runs[jobs] = (done.returncode, done.stdout, done.stderr,
                      (tmp_path / f"report-{jobs}.xml").read_bytes())
    assert runs["2"] == runs["1"]
    code, stdout, stderr, _ = runs["1"]
    assert code == 1 and stderr == b""
    lines = stdout.decode().splitlines()
    assert lines[-1] == "36 passed, 26 failed"
    assert sum("duplicate scenario id 's-1'" in line for line in lines) == 2
    assert sum("c-deep.yaml" in line and "nested more than 32 levels deep" in line
               for line in lines) == 1


def test_the_default_is_every_core_and_gives_the_same(tmp_path: Path, minimal: str) -> None:
    mixed_project(tmp_path, minimal)
    one = checker("run", "--jobs", "1", cwd=tmp_path)
    default = checker("run", cwd=tmp_path)
    assert (default.returncode, default.stdout, default.stderr) == \
        (one.returncode, one.stdout, one.stderr)


@pytest.mark.parametrize("value", ["0", "-1", "two"])
def test_a_bad_number_of_jobs_is_a_usage_error(tmp_path: Path, value: str) -> None:
    done = checker("run", "--jobs", value, cwd=tmp_path)
    assert done.returncode == 4
    assert f"not a number of processes: '{value}'" in done.stderr.decode()


def test_an_engine_crash_in_a_worker_exits_3_with_the_scenario_place(tmp_path: Path,
                                                                     minimal: str) -> None:
    uses_repo_rules(tmp_path)
    (tmp_path / "scenarios").mkdir()
    for number in range(4):
        (tmp_path / "scenarios" / f"s-{number}.yaml").write_text(scenario(minimal, f"s-{number}"),
                                                                 "utf-8")
    crash = ("import sys\n"
             "from checker.games.ti4.ruleset import TI4\n"
             "def boom(self, state, kind, args):\n"
             "    raise KeyError('lost')\n"
             "TI4.apply = boom\n"
             "from checker.cli import main\n"
             "sys.exit(main(['run', '--jobs', sys.argv[1], 'scenarios']))\n")
    outputs = [subprocess.run([sys.executable, "-c", crash, jobs], cwd=tmp_path,
                              capture_output=True, text=True, timeout=60, check=False)
               for jobs in ("1", "2")]
    assert [(done.returncode, done.stdout, done.stderr) for done in outputs] == [(
        3, "".join(f"scenarios/s-{n}.yaml:1:1: internal error in the ti4 engine: KeyError: 'lost'\n"
                   for n in range(4)) + "0 passed, 4 failed\n", "")] * 2


def test_a_worker_that_dies_ends_the_run_with_a_clear_line(tmp_path: Path,
                                                          minimal: str) -> None:
    uses_repo_rules(tmp_path)
    for number in range(6):
        (tmp_path / f"s-{number}.yaml").write_text(scenario(minimal, f"s-{number}"), "utf-8")
    killing = ("import os, signal, sys\n"
               "import checker.runner as runner\n"
               "checked = runner.check_scenario\n"
               "def dying(scenario, games):\n"
               "    if scenario.id == 's-4':\n"
               "        os.kill(os.getpid(), signal.SIGKILL)\n"
               "    return checked(scenario, games)\n"
               "runner.check_scenario = dying\n"
               "from checker.cli import main\n"
               "sys.exit(main(['run', '--jobs', '2', '.']))\n")
    done = subprocess.run([sys.executable, "-c", killing], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60, check=False)
    assert (done.returncode, done.stdout) == (3, "")
    assert done.stderr == ("checker: internal error: a checking process ended unexpectedly "
                           "(killed by a signal or out of memory); run with --jobs 1 to see "
                           "which file it was checking\n")


def _children(pid: int) -> list[int]:
    found = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(child) for child in found]


HELD = ("import os, signal, sys, time\n"
        "with open('started', 'w') as note:\n"
        "    note.write(f'SIGINT {signal.getsignal(signal.SIGINT)!r}, blocked '\n"
        "               f'{sorted(signal.pthread_sigmask(signal.SIG_BLOCK, []))}')\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})\n"
        "import checker.runner as runner\n"
        "checked = runner.check_scenario\n"
        "def held(scenario, games):\n"
        "    while not os.path.exists('release'):\n"
        "        time.sleep(0.01)\n"
        "    return checked(scenario, games)\n"
        "runner.check_scenario = held\n"
        "from checker.cli import main\n"
        "sys.exit(main(['run', '--jobs', '2', 'scenarios']))\n")
"""`checker run --jobs 2`, every scenario held until a file `release` appears: the run cannot
end before the test has sent its signal, however busy the machine. It starts with Ctrl-C
as a terminal leaves it (Python's handler, not blocked), whatever the test process inherited,
and notes in `started` what that was: under `stress --cpu 2` the run went on to the end twice
after a Ctrl-C, which it never does started from a shell."""


def _started_with_workers(root: Path, minimal: str) -> tuple[subprocess.Popen[bytes], list[int]]:
    """`checker run --jobs 2` on 400 scenarios, held (`HELD`), once both its workers are
    there."""
    uses_repo_rules(root)
    folder = root / "scenarios"
    folder.mkdir()
    for number in range(40):
        texts = [scenario(minimal, f"s-{number}-{n}") for n in range(10)]
        (folder / f"s-{number:03d}.yaml").write_text(as_list(*texts), encoding="utf-8")
    process = subprocess.Popen([sys.executable, "-c", HELD], cwd=root, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True)
    workers: list[int] = []
    while len(workers) < 2 and process.poll() is None:
        workers = _children(process.pid)
    assert process.poll() is None, "the run ended before its workers were seen"
    return process, workers


def _running(pid: int) -> bool:
    """Whether the process is there and not a zombie waiting to be reaped."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


LINUX_PROC = pytest.mark.skipif(not Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children")
                                .exists(), reason="needs Linux's /proc/PID/task/PID/children")


@LINUX_PROC
def test_ctrl_c_stops_the_workers_and_the_run(tmp_path: Path, minimal: str) -> None:
    """Ctrl-C reaches the whole process group, as a terminal sends it: the command says it
    was interrupted and exits 2, and no worker is left running."""
    process, workers = _started_with_workers(tmp_path, minimal)
    try:
        os.killpg(process.pid, signal.SIGINT)
        (tmp_path / "release").touch()  # the workers finish what they hold
        stdout, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    started = (tmp_path / "started").read_text(encoding="utf-8")
    assert (process.returncode, stdout, stderr) == (2, b"", b"checker: interrupted\n"), started
    assert len(workers) == 2
    assert not any(_running(worker) for worker in workers)


@LINUX_PROC
def test_the_workers_end_when_the_command_is_killed(tmp_path: Path, minimal: str) -> None:
    process, workers = _started_with_workers(tmp_path, minimal)
    process.kill()
    process.communicate(timeout=60)
    assert len(workers) == 2
    deadline = time.monotonic() + 30
    left = list(workers)
    while left and time.monotonic() < deadline:  # each ends once its lifeline closes
        left = [worker for worker in left if _running(worker)]
    assert not left, f"workers {left} left running"
