"""`mkdocs serve`: from a file's save to its new content served, with the checker and without.

    .venv/bin/python benchmarks/serve.py [--scenarios 5000] [--rounds 7] [--keep DIR]

It copies mkdocs.yml, docs/ and scenarios/ into two temporary folders, adds --scenarios
generated TI4 scenarios to each (the generator of checker_run.py, as site_build.py does, under
scenarios/ti4/bench/), and starts `mkdocs serve` on a free local port in each: one with the
checker, one plain (mkdocs.yml without the checker's plugin, Markdown extension, styles,
scripts and `watch:` entries, as tests/browsers.py builds the plain site). Both servers run
all along; each round then takes, in turn (the order turns each round):

- plain, page edit: append a unique word to a rules page, and fetch the page until it shows;
- checker, page edit: the same on the checker's copy;
- checker, scenario edit: give a standalone scenario a unique title, and fetch the rules page
  that shows the scenario until the title is there.

Each time runs from just before the file is written to the first response holding the new
text (MkDocs holds every request while it rebuilds, so that is the end of the rebuild). It
also notes, from the server's log, when it saw the change ("Detected file changes") and when
the rebuild ended ("Reloading browsers"), so the time splits into noticing the change (the
watch's polling: every 0.5 s), MkDocs's wait for more changes (0.1 s) and the rebuild; the
time from noticed to served leaves the polling out. It also reads the CPU time the server used
from the write to the rebuild's end (/proc), which other work on the machine moves less. Before each edit it waits, untimed, a
random part of the polling interval, so that no side meets the polling at the same point
every time. It fetches every --poll seconds (20 ms), never sleeps otherwise, and prints
median (least-most) per kind, each round's difference and ratio to the round's plain page
edit, the target (plain + 0.3 s), the commit and the load average.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from checker_run import scenarios
from site_build import (
    ENV,
    ROOT,
    _Tagged,
    check_generated,
    load_average,
    revision,
    spread,
    variant_config,
)

TARGET_ADDED = 0.3
"""Seconds the checker may add to plain MkDocs's page edit, for either kind of edit."""
PAGE = "ti4/victory-points.md"
"""The rules page edited, under docs/."""
SCENARIO = "ti4/victory-fourteen-point-game.yaml"
"""The standalone scenario edited, under scenarios/; its line shows on PAGE."""
STARTED = "Serving on"
DETECTED = "Detected file changes"
RELOADED = "Reloading browsers"
POLLED = 0.5
"""How often MkDocs' watch looks at the files (its PollingObserver's interval), in seconds."""


@dataclass
class Server:
    """One `mkdocs serve` and what its log said, each line with when it was read."""

    name: str
    folder: Path
    process: subprocess.Popen[str]
    base: str
    lines: list[tuple[float, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            with self.lock:
                self.lines.append((time.perf_counter(), line.rstrip("\n")))

    def count(self, text: str) -> int:
        with self.lock:
            return sum(text in line for _, line in self.lines)

    def when(self, text: str, after: int) -> float | None:
        """When the line holding `text` after the first `after` such lines was read."""
        with self.lock:
            found = [at for at, line in self.lines if text in line]
        return found[after] if len(found) > after else None

    def log(self) -> str:
        with self.lock:
            return "\n".join(line for _, line in self.lines[-40:])


@dataclass
class Timing:
    served: float
    detected: float
    rebuilt: float
    """Seconds from the write to the change noticed, and to the rebuild's end."""
    cpu: float
    """CPU seconds the server used from the write to the rebuild's end (its polling too)."""


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process `pid` and its waited-for children used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return sum(int(field) for field in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def plain_config(data: dict[str, Any]) -> dict[str, Any]:
    """mkdocs.yml without the checker (site_build.py's build without it), and without the
    folders it watches for the checker's sake (tests/browsers.py's plain site)."""
    return {**variant_config(data, "plain", False), "watch": []}


def prepare(work: Path, count: int, seed: int, enabled: bool) -> Path:
    """The site copied into `work` with `count` generated scenarios; its config's path."""
    shutil.copy2(ROOT / "mkdocs.yml", work / "mkdocs.yml")
    shutil.copytree(ROOT / "docs", work / "docs")
    shutil.copytree(ROOT / "scenarios", work / "scenarios")
    bench = work / "scenarios" / "ti4" / "bench"
    bench.mkdir(parents=True)
    for number, (kind, lines) in enumerate(scenarios(count, seed), start=1):
        (bench / f"{kind}-{number:05d}.yaml").write_text("\n".join(lines) + "\n",
                                                          encoding="utf-8")
    data = yaml.load((work / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Tagged) or {}
    config = work / ("mkdocs-checker.yml" if enabled else "mkdocs-plain.yml")
    chosen = variant_config(data, "checker", True) if enabled else plain_config(data)
    config.write_text(yaml.safe_dump(chosen, sort_keys=False), encoding="utf-8")
    return config


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=600) as response:
            return response.read().decode("utf-8", "replace")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def wait_for(url: str, text: str, poll: float, server: Server, limit: float = 900) -> float:
    """Fetch `url` every `poll` seconds until it holds `text`; when it first did."""
    deadline = time.perf_counter() + limit
    while time.perf_counter() < deadline:
        body = fetch(url)
        if body is not None and text in body:
            return time.perf_counter()
        if server.process.poll() is not None:
            sys.exit(f"{server.name}: mkdocs serve ended ({server.process.returncode}):\n"
                     f"{server.log()}")
        time.sleep(poll)
    sys.exit(f"{server.name}: {url} never showed {text!r} in {limit:.0f} s:\n{server.log()}")


def start(name: str, config: Path, poll: float, servers: list[Server]) -> Server:
    here = Path(sys.executable).parent / "mkdocs"
    command = [str(here)] if here.exists() else [sys.executable, "-m", "mkdocs"]
    port = free_port()
    process = subprocess.Popen(command + ["serve", "-f", str(config), "-a", f"127.0.0.1:{port}"],
                               cwd=config.parent, env=ENV, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    server = Server(name, config.parent, process, f"http://127.0.0.1:{port}/")
    servers.append(server)  # stopped however this ends
    threading.Thread(target=server.read, daemon=True).start()
    started = time.perf_counter()
    while server.count(STARTED) == 0:
        if process.poll() is not None or time.perf_counter() - started > 900:
            sys.exit(f"{name}: mkdocs serve did not start:\n{server.log()}")
        time.sleep(poll)
    wait_for(page_url(server), "</html>", poll, server)
    print(f"{name}: serving after {time.perf_counter() - started:.1f} s", flush=True)
    return server


def stop(server: Server) -> None:
    if server.process.poll() is None:
        os.killpg(server.process.pid, signal.SIGINT)  # as Ctrl-C: the server shuts down
        try:
            server.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(server.process.pid, signal.SIGKILL)
            server.process.wait()


def page_url(server: Server) -> str:
    return server.base + PAGE.removesuffix(".md") + "/"


def edit_page(server: Server, token: str) -> None:
    path = server.folder / "docs" / PAGE
    with path.open("a", encoding="utf-8") as page:
        page.write(f"\n{token}\n")


def edit_scenario(server: Server, token: str) -> None:
    path = server.folder / "scenarios" / SCENARIO
    text = path.read_text(encoding="utf-8")
    edited, count = re.subn(r"(?m)^title: .*$", f"title: {token}", text, count=1)
    if count != 1:
        sys.exit(f"{path}: no `title:` line to edit")
    path.write_text(edited, encoding="utf-8")


def timed(server: Server, edit: Any, poll: float, phase: float) -> Timing:
    """Edit, then wait for the new text served and for the rebuild's end in the log. First,
    untimed, wait `phase` seconds: edits made at a steady pace would meet each server's polling
    at about the same point of its interval each time, and so favour one side."""
    token = f"Benchword{secrets.token_hex(6)}"
    time.sleep(phase)
    detected, reloaded = server.count(DETECTED), server.count(RELOADED)
    used = cpu_seconds(server.process.pid)
    began = time.perf_counter()
    edit(server, token)
    served = wait_for(page_url(server), token, poll, server) - began
    while server.when(RELOADED, reloaded) is None:  # the log line may lag the response
        time.sleep(poll)
    used = cpu_seconds(server.process.pid) - used
    seen, ended = server.when(DETECTED, detected), server.when(RELOADED, reloaded)
    assert seen is not None and ended is not None
    return Timing(served, seen - began, ended - began, used)


def _spread(values: list[float], unit: str = "s", sign: str = "") -> str:
    median, least, most = spread(values)
    return f"{median:{sign}.2f} {unit} ({least:{sign}.2f} to {most:{sign}.2f})"


def report(results: dict[str, list[Timing]]) -> bool:
    plain = results["plain page edit"]
    met = True
    print("\nfrom the write to the new content served; median (least-most) over the rounds")
    print(f"{'':24} {'served':>26} {'change noticed':>26} {'rebuild ended':>26} "
          f"{'noticed to served':>26} {'server CPU':>26}")
    for kind, timings in results.items():
        print(f"{kind:24} {_spread([t.served for t in timings]):>26} "
              f"{_spread([t.detected for t in timings]):>26} "
              f"{_spread([t.rebuilt for t in timings]):>26} "
              f"{_spread([t.served - t.detected for t in timings]):>26} "
              f"{_spread([t.cpu for t in timings]):>26}")
    print("\neach round against its plain page edit (served):")
    for kind in ("checker page edit", "checker scenario edit"):
        added = [t.served - p.served for t, p in zip(results[kind], plain, strict=True)]
        ratio = [t.served / p.served for t, p in zip(results[kind], plain, strict=True)]
        median = spread(added)[0]
        met = met and median <= TARGET_ADDED
        print(f"  {kind:22} {_spread(added, sign='+')}, ratio {_spread(ratio, 'x')}: "
              f"{'met' if median <= TARGET_ADDED else 'NOT met'} (target +{TARGET_ADDED} s)")
        rebuilt = [(t.served - t.detected) - (p.served - p.detected)
                   for t, p in zip(results[kind], plain, strict=True)]
        print(f"  {'':22} noticed to served: {_spread(rebuilt, sign='+')}")
        cpu = [t.cpu - p.cpu for t, p in zip(results[kind], plain, strict=True)]
        print(f"  {'':22} server CPU: {_spread(cpu, sign='+')}")
    return met


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenarios", type=int, default=0, metavar="N",
                        help="generated TI4 scenarios added to each copy (default 0)")
    parser.add_argument("--rounds", type=int, default=7, help="rounds of the three edits")
    parser.add_argument("--poll", type=float, default=0.02, help="seconds between fetches")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="make the copies in DIR (kept) instead of a temporary folder")
    args = parser.parse_args(argv)
    # Interruptible, and so are the servers, even when started from a shell in the background
    # (which ignores Ctrl-C for its children, and an ignored signal stays ignored across exec).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    print(f"commit {revision()}; load average {load_average()}; +{args.scenarios} scenarios")
    work = Path(tempfile.mkdtemp(prefix="serve-bench-", dir=args.keep))
    servers: list[Server] = []
    try:
        configs = {}
        for name, enabled in (("plain", False), ("checker", True)):
            (work / name).mkdir()
            configs[name] = prepare(work / name, args.scenarios, args.seed, enabled)
        if args.scenarios:
            check_generated(work / "checker" / "scenarios" / "ti4" / "bench", args.scenarios)
        for name, config in configs.items():
            start(name, config, args.poll, servers)
        plain, checker = servers
        kinds = [("plain page edit", plain, edit_page),
                 ("checker page edit", checker, edit_page),
                 ("checker scenario edit", checker, edit_scenario)]
        results: dict[str, list[Timing]] = {kind: [] for kind, _, _ in kinds}
        phases = random.Random(args.seed)
        for number in range(args.rounds):
            turn = number % len(kinds)
            for kind, server, edit in kinds[turn:] + kinds[:turn]:
                results[kind].append(timed(server, edit, args.poll,
                                           phases.uniform(0, POLLED)))
            print(f"round {number + 1}: " + ", ".join(
                f"{kind} {timings[-1].served:.2f} s" for kind, timings in results.items()),
                flush=True)
        met = report(results)
    finally:
        for server in servers:
            stop(server)
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    print(f"load average after: {load_average()}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
