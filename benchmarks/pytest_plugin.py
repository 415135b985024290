"""Cost of the checker's pytest plugin per scenario, against Sybil doing the same checks.

    .venv/bin/python benchmarks/pytest_plugin.py [--sizes 1000 5000] [--repeat 3]

Needs Sybil (`pip install -e '.[bench]'`, or `pip install --target DIR sybil` and DIR on
PYTHONPATH): this script installs nothing.

For each size it writes that many generated TI4 scenarios (checker_run.py's generator, seed 4)
twice into a temporary project that has the repository's mkdocs.yml and rules pages (so the
games know their rules): as Markdown pages of ten ```scenario fences each, and as YAML files
(half one scenario per file, half lists of ten). Then, for each format, in --repeat rounds,
it runs in turn, each as a subprocess on one core (`taskset -c 0`):

1. **engine**: the checker's own work and nothing else: read each file, load and build its
   scenarios, `check_scenario` on each (`checker.runner`, as the plugin calls it);
2. **plugin**: `python -m pytest -q -p no:cacheprovider DIR` with the checker's plugin;
3. **sybil**: the same with `-p no:checker -p sybil_scenarios`: Sybil finds the fences (its
   own Markdown parser) or the YAML entries, and each example runs the same checker calls
   (benchmarks/sybil_scenarios.py).

Every pytest run must report exactly N passed, or the script stops. It measures each child's
CPU time (user + system) and peak RSS (`os.wait4`), and prints, as median (least-most) over
the rounds: each side's CPU and RSS, the CPU per item beyond the engine's ((side - engine) /
N, the interpreter's and pytest's start included), and the paired ratios plugin / sybil.
The target (issue 34): the plugin's CPU per item beyond the engine at most Sybil's, and its
peak RSS at most 1.2 times Sybil's.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from checker_run import generate, revision, scenarios, spread

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
CPU = 0
PER_PAGE = 10
TARGET_TIME = 1.0
"""The plugin's CPU per item beyond the engine, at most Sybil's."""
TARGET_RSS = 1.2
"""The plugin's peak RSS, at most 1.2 times Sybil's."""
SIDES = ("engine", "plugin", "sybil")


# --- The project the runs check.

def write_pages(count: int, folder: Path, seed: int) -> int:
    """`count` scenarios as Markdown pages of PER_PAGE fences with prose between; the pages
    written."""
    pages = 0
    page: list[str] = []
    for number, (kind, lines) in enumerate(scenarios(count, seed), start=1):
        page += [f"## Example {number}: {kind}", "", "What happens, in a few words.", "",
                 "```scenario", *lines, "```", ""]
        if number % PER_PAGE and number < count:
            continue
        sub = folder / f"part-{(number - 1) // 500:03d}"
        sub.mkdir(parents=True, exist_ok=True)
        (sub / f"page-{number:05d}.md").write_text(
            f"# Page {pages + 1}\n\n" + "\n".join(page), encoding="utf-8")
        pages += 1
        page = []
    return pages


def make_project(scratch: Path, count: int, seed: int) -> dict[str, tuple[Path, int]]:
    """The project folder with the repository's rules (mkdocs.yml and docs/ linked) and the
    generated scenarios as pages (`md/`) and as YAML files (`yaml/`): the folder of each
    format and how many files it has."""
    scratch.mkdir(parents=True, exist_ok=True)
    for name in ("mkdocs.yml", "docs"):
        (scratch / name).symlink_to(ROOT / name)
    (scratch / "pytest.ini").write_text("[pytest]\nchecker_paths = md yaml\n", encoding="utf-8")
    pages = write_pages(count, scratch / "md", seed)
    files, _ = generate(count, scratch / "yaml", seed)
    return {"md": (scratch / "md", pages), "yaml": (scratch / "yaml", files)}


# --- The runs.

ENGINE = """
import sys
from pathlib import Path
from checker.project import project_games, read_project
from checker.runner import check_scenario, read_file
from checker.sources import find_files
root, folder = Path(sys.argv[1]), Path(sys.argv[2])
games = project_games(read_project(root))
seen, passed = {}, 0
for path in find_files([folder]):
    loaded = read_file(path, games, str(path.relative_to(root)), seen)
    assert not loaded.problems, loaded.problems
    passed += sum(check_scenario(s, games).passed for s in loaded.scenarios)
print(f"{passed} passed")
"""


def command(side: str, project: Path, folder: Path) -> list[str]:
    pin = ["taskset", "-c", str(CPU)] if shutil.which("taskset") else []
    if side == "engine":
        return pin + [sys.executable, "-c", ENGINE, str(project), str(folder)]
    plugins = ["-p", "no:checker", "-p", "sybil_scenarios"] if side == "sybil" else []
    return pin + [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *plugins,
                  str(folder.relative_to(project))]


def child_env() -> dict[str, str]:
    """The checker, this folder (for sybil_scenarios) and Sybil on the children's path."""
    sybil = importlib.util.find_spec("sybil")
    if sybil is None or sybil.origin is None:
        sys.exit("benchmarks/pytest_plugin.py needs Sybil: pip install -e '.[bench]', or "
                 "pip install --target DIR sybil and run with DIR on PYTHONPATH")
    paths = [str(ROOT), str(HERE), str(Path(sybil.origin).parent.parent)]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(paths + [p for p in [env.get("PYTHONPATH")] if p])
    env.pop("PYTEST_ADDOPTS", None)
    return env


def run(side: str, project: Path, folder: Path, expected: int,
        env: dict[str, str]) -> tuple[float, float]:
    """CPU seconds and peak RSS (MB) of one run, which must pass exactly `expected`."""
    with tempfile.TemporaryFile() as out:
        child = subprocess.Popen(command(side, project, folder), cwd=project, env=env,
                                 stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    lines = text.strip().splitlines()
    last = lines[-1] if lines else ""
    if child.returncode != 0 or not re.match(rf"=*\s*{expected} passed\b", last):
        sys.exit(f"{side} on {folder} did not pass all {expected} scenarios (exit "
                 f"{child.returncode}):\n" + "\n".join(lines[-30:]))
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def shown(values: list[float], unit: str = "", digits: int = 2) -> str:
    median, least, most = spread(values)
    return f"{median:.{digits}f}{unit} ({least:.{digits}f}-{most:.{digits}f})"


def measure(project: Path, folder: Path, size: int, repeat: int,
            env: dict[str, str]) -> dict[str, list[tuple[float, float]]]:
    rounds: dict[str, list[tuple[float, float]]] = {side: [] for side in SIDES}
    for _ in range(repeat):  # a round: each in turn, so a slow spell hits all three
        for side in SIDES:
            rounds[side].append(run(side, project, folder, size, env))
    return rounds


def report(size: int, kind: str, files: int, rounds: dict[str, list[tuple[float, float]]]
           ) -> tuple[float, float]:
    """Print one size and format; the medians of the paired ratios (time beyond the engine,
    peak RSS)."""
    engine = [cpu for cpu, _ in rounds["engine"]]
    beyond = {side: [1000 * (cpu - e) / size for (cpu, _), e in zip(rounds[side], engine)]
              for side in ("plugin", "sybil")}
    print(f"\n{size} scenarios, {kind} ({files} files):")
    for side in SIDES:
        cpu = [c for c, _ in rounds[side]]
        rss = [r for _, r in rounds[side]]
        extra = f", beyond the engine {shown(beyond[side], ' ms', 3)} per item" \
            if side in beyond else f", {1000 * spread(cpu)[0] / size:.3f} ms per scenario"
        print(f"  {side + ':':<8} CPU {shown(cpu, ' s')}, peak RSS {shown(rss, ' MB', 0)}{extra}")
    time_ratio = [p / s for p, s in zip(beyond["plugin"], beyond["sybil"])]
    rss_ratio = [p[1] / s[1] for p, s in zip(rounds["plugin"], rounds["sybil"])]
    print(f"  plugin / sybil: CPU beyond the engine {shown(time_ratio, 'x')} "
          f"(target <= {TARGET_TIME:.1f}x), peak RSS {shown(rss_ratio, 'x')} "
          f"(target <= {TARGET_RSS:.1f}x)")
    return spread(time_ratio)[0], spread(rss_ratio)[0]


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000], metavar="N",
                        help="how many scenarios per run (default: 1000 5000)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--formats", nargs="+", choices=("md", "yaml"), default=["md", "yaml"])
    parser.add_argument("--seed", type=int, default=4, help="generator seed (default 4)")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="write the projects to DIR/<size>/ and keep them")
    args = parser.parse_args(argv)
    env = child_env()
    print(f"each side on core {CPU}, in turn, {args.repeat} rounds; Python "
          f"{sys.version.split()[0]}; commit {revision()}")
    print(f"load average before: {load()}")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="pytest-plugin-bench-") as scratch:
        for size in args.sizes:
            project = (args.keep if args.keep else Path(scratch)) / str(size)
            if project.exists():
                shutil.rmtree(project)
            folders = make_project(project, size, args.seed)
            for kind in args.formats:
                folder, files = folders[kind]
                label = "Markdown pages" if kind == "md" else "YAML files"
                report(size, label, files, measure(project, folder, size, args.repeat, env))
    print(f"\nload average after: {load()}; {time.perf_counter() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
