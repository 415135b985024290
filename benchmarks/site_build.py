"""Build time of the site with the checker and without it.

    .venv/bin/python benchmarks/site_build.py [--scenarios 1000] [--repeat 3] [--keep]

It copies mkdocs.yml, docs/ and scenarios/ into a temporary folder and adds --scenarios
generated TI4 scenarios (the generator of checker_run.py, one scenario per file) under
scenarios/ti4/bench/, after checking once with `checker run` that they all pass (they are
shown on the page that lists the TI4 scenarios, docs/ti4/scenarios.md). It writes configs
that inherit mkdocs.yml and differ only in the checker's entries: without the checker (no
plugin, no Markdown extension, no walkthrough assets: the scenarios are not read and the
fences render as code blocks), and with it and its plugin's result cache in a folder of its
own. Three builds are compared: without the checker; with it and an empty result cache (a
first build, as on a fresh CI machine: every scenario is checked and rendered); and with the
cache the previous build left (a rebuild after editing pages: nothing is checked or rendered
again). It times `mkdocs build -q -f CONFIG -d SITE` as a subprocess pinned to the cores of
--cpus (`taskset`, default every core this process may use: a first build checks on all of
them), in --repeat rounds of the three builds taken in turn, checks what each build wrote,
and prints each round's ratios to the round's build without the checker, as median, least
and most, against the targets: a first build at most 5 times the build without the checker
(median), a rebuild at most 1.25 times in every round.

It also times the steps of one build of each kind inside a single process (the plugin's
checking, the scenario list, the walkthrough HTML, Markdown, the search index, theme and
writing), and the size of the walkthrough's own script and style against their target: under
15 KB uncompressed, no third-party script.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from checker_run import scenarios

from checker.site.publish.site_files import ASSETS as ASSET_PATHS
from checker.site.publish.site_files import served

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "checker" / "site" / "assets"
CPU = 0
TARGET_ADDED = 0.25
"""A rebuild (warm): the plugin adds at most 25% to the build time, in every round."""
TARGET_COLD = 5.0
"""A first build (cold): at most five times the build without the plugin (issue 34)."""
TARGET_ASSET_BYTES = 15_000
"""The walkthrough's own JS and CSS together (walkthrough.js and .css), uncompressed; the
reader's other features (previews, cited-by lists, offline, checking in the page) have scripts
of their own, reported beside it."""
GAME = "ti4"
SCENARIOS_PAGE = f"{GAME}/scenarios.md"
"""The page that lists the TI4 scenarios, and shows those no page embeds: the generated."""
EXTENSION = "checker.site.markdown_ext"
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
ENV["NO_MKDOCS_2_WARNING"] = "1"
"""The builds run as after a normal install: Python caches the compiled modules of the checker
as it does those of MkDocs (this machine sets PYTHONDONTWRITEBYTECODE, which would make every
build compile the checker's 50 modules again)."""

# The builds compared: (name, with the checker, what it finds in its result cache).
VARIANTS = (("off", False, ""), ("cold", True, "nothing"), ("warm", True, "the last build's"))


# --- The copy of the site.

class _Tagged(yaml.SafeLoader):
    """Reads mkdocs.yml whatever tags it uses (`!ENV`, `!!python/name:`): only the lists with
    the checker's entries are needed, and the configs written inherit the rest."""


_Tagged.add_multi_constructor("", lambda loader, suffix, node: None)
_Tagged.add_multi_constructor("tag:yaml.org,2002:python/",
                              lambda loader, suffix, node: None)


def _name(entry: Any) -> str:
    return str(next(iter(entry))) if isinstance(entry, dict) else str(entry)


def _listed(data: dict[str, Any], key: str, default: list[Any]) -> list[Any]:
    value = data.get(key, default)
    if isinstance(value, dict):
        value = [{name: options} if options else name for name, options in value.items()]
    return list(value or [])


def variant_config(data: dict[str, Any], name_of_build: str, enabled: bool) -> dict[str, Any]:
    """The config of one build: mkdocs.yml (`data`) inherited, with the checker's entries
    left out, or with the plugin's cache in a folder of the build's own. Lists replace the
    inherited ones whole, so each is written out."""
    plugins = _listed(data, "plugins", ["search"])
    if "checker" not in [_name(p) for p in plugins] or \
            EXTENSION not in [_name(e) for e in _listed(data, "markdown_extensions", [])]:
        sys.exit(f"mkdocs.yml does not list the checker plugin and {EXTENSION}")
    if enabled:
        return {"INHERIT": "mkdocs.yml", "plugins": [
            {"checker": {"cache_dir": cache_dir(name_of_build)}} if _name(p) == "checker"
            else p for p in plugins]}
    assets = set(ASSET_PATHS.values())
    return {"INHERIT": "mkdocs.yml",
            "plugins": [p for p in plugins if _name(p) != "checker"],
            "markdown_extensions": [e for e in _listed(data, "markdown_extensions", [])
                                    if _name(e) != EXTENSION],
            "extra_css": [x for x in _listed(data, "extra_css", []) if x not in assets],
            "extra_javascript": [x for x in _listed(data, "extra_javascript", [])
                                 if _name(x) not in assets]}


def cache_dir(name_of_build: str) -> str:
    return f".cache/{name_of_build}"


def prepare(work: Path, count: int, seed: int) -> dict[str, Path]:
    """Copy the site into `work`, add the generated scenarios, write one config per variant."""
    shutil.copy2(ROOT / "mkdocs.yml", work / "mkdocs.yml")
    shutil.copytree(ROOT / "docs", work / "docs")
    shutil.copytree(ROOT / "scenarios", work / "scenarios")
    bench = work / "scenarios" / GAME / "bench"
    bench.mkdir(parents=True)
    for number, (kind, lines) in enumerate(scenarios(count, seed), start=1):
        (bench / f"{kind}-{number:05d}.yaml").write_text("\n".join(lines) + "\n",
                                                          encoding="utf-8")
    data = yaml.load((work / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Tagged) or {}
    configs = {}
    for name, enabled, _ in VARIANTS:
        path = configs[name] = work / f"mkdocs-{name}.yml"
        path.write_text(yaml.safe_dump(variant_config(data, name, enabled), sort_keys=False),
                        encoding="utf-8")
    return configs


def check_generated(folder: Path, expected: int) -> None:
    """The generated scenarios must pass the engine, or the plugin would fail the build."""
    here = Path(sys.executable).parent / "checker"
    command = [str(here)] if here.exists() else [sys.executable, "-m", "checker"]
    done = subprocess.run(command + ["run", str(folder)], capture_output=True, text=True,
                          check=False, cwd=ROOT)
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    if done.returncode != 0 or last != f"{expected} passed, 0 failed":
        sys.exit(f"checker run on the generated scenarios: exit {done.returncode}, last line "
                 f"{last!r}\n{done.stdout[-2000:]}{done.stderr[-2000:]}")


# --- Timing the real command.

def pin_prefix(pin: bool, cpus: str = str(CPU)) -> list[str]:
    return ["taskset", "-c", cpus] if pin and shutil.which("taskset") else []


def mkdocs_command(pin: bool, cpus: str) -> list[str]:
    here = Path(sys.executable).parent / "mkdocs"
    return pin_prefix(pin, cpus) + ([str(here)] if here.exists() else
                                    [sys.executable, "-m", "mkdocs"])


def all_cpus() -> str:
    """Every core this process may run on, as taskset lists them: a build with the checker
    checks on all of them (a first build's work; the plugin's `jobs`), the others use one."""
    try:
        return ",".join(str(cpu) for cpu in sorted(os.sched_getaffinity(0)))
    except AttributeError:
        return str(CPU)


def spread(values: list[float]) -> tuple[float, float, float]:
    """Median, least and most."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    median = ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return median, ordered[0], ordered[-1]


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def before_build(config: Path, site: Path | None = None) -> None:
    """Not timed: remove the old site (mkdocs would clean it first) and, for a cold build,
    the result cache."""
    if site is not None and site.exists():
        shutil.rmtree(site)
    if config.stem == "mkdocs-cold":
        shutil.rmtree(config.parent / cache_dir("cold"), ignore_errors=True)


def build_once(command: list[str], config: Path, site: Path) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + system) of one build."""
    before_build(config, site)
    cpu = _child_cpu()
    start = time.perf_counter()
    done = subprocess.run(command + ["build", "-q", "-f", str(config), "-d", str(site)],
                          cwd=config.parent, env=ENV, capture_output=True, text=True,
                          check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"mkdocs build -f {config.name} failed (exit {done.returncode}):\n"
                 f"{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return elapsed, _child_cpu() - cpu


def instructions(config: Path, site: Path) -> int:
    """Instructions one build runs, counted by valgrind's callgrind: a figure that other work
    on the machine does not move, unlike wall-clock time (about 50 times slower to take)."""
    before_build(config, site)
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config),
                           "-d", str(site)],
                          cwd=config.parent, env=ENV, capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        sys.exit(f"valgrind on mkdocs build -f {config.name} failed (exit {done.returncode}):\n"
                 f"{done.stderr[-3000:]}")
    return int(found[1])


def walkthroughs(site: Path) -> int:
    return sum(page.read_text(encoding="utf-8").count("data-walkthrough")
               for page in site.rglob("*.html"))


def check_site(site: Path, enabled: bool, count: int) -> dict[str, Any]:
    """What a build wrote: with the checker, the list page and the pages it continues on
    (`ti4/scenarios/page-N.html`) show the walkthrough of every generated scenario once, each
    page's table linking its own; without it, no walkthrough at all. Returns sizes for the
    report, with the largest page's."""
    listing = site / SCENARIOS_PAGE.removesuffix(".md") / "index.html"
    parts = [listing, *sorted(listing.parent.glob("page-*.html"))]
    shown = walkthroughs(site)
    if enabled:
        bench: list[str] = []
        for part in parts:
            text = part.read_text(encoding="utf-8")
            ids = re.findall(r'id="(bench-\d{5}-[a-z]+(?:-[a-z]+)*)" data-walkthrough', text)
            listed = set(re.findall(r'href="#(bench-\d{5}-[a-z-]+)"', text))
            if listed != set(ids):
                sys.exit(f"{part} shows {len(ids)} generated scenarios and links {len(listed)}")
            bench += ids
        if len(bench) != count or len(set(bench)) != count:
            sys.exit(f"the list's {len(parts)} pages show {len(set(bench))} generated scenarios, "
                     f"not {count}")
    elif shown:
        sys.exit(f"the build without the checker shows {shown} walkthroughs")
    index = site / "search" / "search_index.json"
    pages = [p for p in parts if p.exists()]
    return {"bytes": sum(p.stat().st_size for p in site.rglob("*") if p.is_file()),
            "page": sum(p.stat().st_size for p in pages), "pages": len(pages),
            "search": index.stat().st_size if index.exists() else 0, "walkthroughs": shown,
            "largest": max((p.stat().st_size for p in site.rglob("*.html")), default=0)}


# --- The steps of one build, timed inside one process.

class Clock:
    def __init__(self) -> None:
        self.spent: dict[str, float] = defaultdict(float)

    def wrap(self, owner: Any, name: str, key: Callable[..., str]) -> None:
        original = getattr(owner, name, None)
        if original is None:
            self.spent[f"(not found: {name})"] = 0.0
            return

        @functools.wraps(original)
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                self.spent[key(*args, **kwargs)] += time.perf_counter() - start

        setattr(owner, name, timed)


def _where(uri: str) -> str:
    return "scenario pages" if uri.startswith(SCENARIOS_PAGE.removesuffix(".md")) \
        else "other pages"


def in_process(config: Path, site: Path) -> dict[str, Any]:
    """One build in this process, with its steps timed; run by the parent as a subprocess."""
    import logging

    from mkdocs.commands import build as mkbuild
    from mkdocs.config import load_config

    clock = Clock()
    clock.wrap(mkbuild, "_populate_page", lambda p, *a, **k: "markdown " + _where(p.file.src_uri))
    clock.wrap(mkbuild, "_build_page", lambda p, *a, **k: "page " + _where(p.file.src_uri))
    try:
        from material.plugins.search.plugin import SearchPlugin
        clock.wrap(SearchPlugin, "on_page_context",
                   lambda self, ctx, **k: "search " + _where(k["page"].file.src_uri))
        clock.wrap(SearchPlugin, "on_post_build", lambda *a, **k: "search file")
    except ImportError:
        pass
    import checker.site.gathered.context as site_context
    import checker.site.markdown_ext as site_extension
    import checker.site.plugin as site_plugin
    for name in ("fence_html", "embed_html", "walkthroughs_html"):
        clock.wrap(site_context.SiteContext, name,
                   lambda self, *a, **k: "walkthrough " + _where(a[-1].page))
    clock.wrap(site_plugin, "gather", lambda *a, **k: "collect")
    clock.wrap(site_plugin, "write_pages", lambda *a, **k: "written pages")
    clock.wrap(site_plugin, "write_rules_json", lambda *a, **k: "rules.json")
    clock.wrap(site_plugin, "write_bundle", lambda *a, **k: "bundle")
    clock.wrap(site_extension, "scenario_list", lambda *a, **k: "scenario_list")
    clock.wrap(site_plugin.RulesPlugin, "on_config", lambda *a, **k: "on_config")
    clock.wrap(site_plugin.RulesPlugin, "on_files", lambda *a, **k: "on_files")

    messages: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            messages.append(f"{record.levelname} {record.getMessage()}")

    logger = logging.getLogger("mkdocs")
    logger.setLevel(logging.INFO)
    logger.addHandler(Keep())
    if site.exists():
        shutil.rmtree(site)
    start = time.perf_counter()
    mkbuild.build(load_config(config_file=str(config), site_dir=str(site)))
    total = time.perf_counter() - start
    checked = [m for m in messages if re.search(r"checked \d+ scenarios", m)]
    return {"total": total, "spent": dict(clock.spent), "checked": checked,
            "warnings": [m for m in messages if not m.startswith(("INFO", "DEBUG"))],
            "anchor_notes": sum(1 for m in messages if "no such anchor" in m
                                or "does not contain an anchor" in m)}


_STAMP = re.compile(rb' data-built="[^"]*"')
"""Each page's build time (`build_stamp`): the one thing two builds of a site write apart."""


def same_pages(one: Path, other: Path) -> bool:
    """Whether two builds wrote the same HTML (the sitemap's dates and the build time aside)."""
    pages = sorted(p.relative_to(one) for p in one.rglob("*.html"))
    return pages == sorted(p.relative_to(other) for p in other.rglob("*.html")) and all(
        _STAMP.sub(b"", (one / p).read_bytes()) == _STAMP.sub(b"", (other / p).read_bytes())
        for p in pages)


def breakdown(prefix: list[str], config: Path, site: Path, repeat: int) -> dict[str, Any]:
    """The in-process build with the smallest total of `repeat`."""
    runner = prefix + [sys.executable, str(Path(__file__).resolve()), "--in-process",
                       str(config), str(site)]
    best: dict[str, Any] | None = None
    for _ in range(repeat):
        before_build(config)  # the child removes the site itself
        done = subprocess.run(runner, cwd=config.parent, env=ENV, capture_output=True,
                              text=True, check=False)
        if done.returncode != 0:
            sys.exit(f"in-process build of {config.name} failed:\n{done.stderr[-3000:]}")
        result = json.loads(done.stdout.strip().splitlines()[-1])
        if best is None or result["total"] < best["total"]:
            best = result
    assert best is not None
    return best


STEPS = (
    ("the plugin: checking the scenarios (gather)", ["collect"]),
    ("the plugin: the rest of on_config/on_files", ["on_config", "on_files", "-collect"]),
    ("the scenario list (its table; all of page 2)", ["scenario_list",
                                                       "-walkthrough scenario pages"]),
    ("walkthrough HTML, scenario pages", ["walkthrough scenario pages"]),
    ("walkthrough HTML, other pages", ["walkthrough other pages"]),
    ("Markdown to HTML, scenario pages", ["markdown scenario pages", "-scenario_list"]),
    ("Markdown to HTML, other pages", ["markdown other pages", "-walkthrough other pages"]),
    ("search index, scenario pages", ["search scenario pages"]),
    ("search index, other pages", ["search other pages"]),
    ("search index: writing search_index.json", ["search file"]),
    ("theme and writing, scenario pages", ["page scenario pages", "-search scenario pages"]),
    ("theme and writing, other pages", ["page other pages", "-search other pages"]),
    ("the list's pages 3, 4, ... written from page 2's frame", ["written pages"]),
    ("rules.json and the in-page checker's files", ["rules.json", "bundle"]),
)


def steps(result: dict[str, Any]) -> list[tuple[str, float]]:
    spent = result["spent"]
    rows = [(label, sum(-spent.get(k[1:], 0.0) if k.startswith("-") else spent.get(k, 0.0)
                        for k in keys)) for label, keys in STEPS]
    rows.append(("the rest: config, nav, theme files, other events",
                 result["total"] - sum(s for _, s in rows)))
    rows.append(("total", result["total"]))
    return rows


# --- The walkthrough's own assets.

THIRD_PARTY = re.compile(r"""\b(?:import\s*\(|import\s+[\w{*]|require\s*\(|fetch\s*\(|"""
                         r"""XMLHttpRequest|createElement\(\s*['"]script|https?://|//cdn)""")


def asset_report() -> tuple[list[tuple[str, int, int]], list[str]]:
    files = sorted([*ASSETS.glob("*.js"), *ASSETS.glob("*.css")])
    # As the site serves them (`site_files.served`: without comment lines).
    data = {p.name: served(p.name, p.read_bytes()) for p in files}
    sizes = [(name, len(raw), len(gzip.compress(raw, 9))) for name, raw in data.items()]
    suspicious = [f"{p.name}: {m.group(0)!r}" for p in files
                  for m in THIRD_PARTY.finditer(p.read_text(encoding="utf-8"))
                  if not (p.suffix == ".css" and m.group(0).startswith("//"))]
    return sizes, suspicious


def references(site: Path) -> set[str]:
    """Every script and style sheet the built pages load."""
    found: set[str] = set()
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        found.update(re.findall(r'<script[^>]*\bsrc="([^"]+)"', text))
        found.update(re.findall(r'<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"', text))
    # The same file from any depth (../../x, /x, x), without a cache-busting query.
    return {re.sub(r"\?v=[\w.]+$", "", re.sub(r"^(?:\.\./)*/?", "", ref))
            if not re.match(r"^(?:[a-z]+:)?//", ref) else ref for ref in found}


# --- The report.

def _spread(values: list[float], unit: str) -> str:
    median, least, most = spread(values)
    return f"{median:>5.2f}{unit} ({least:.2f}-{most:.2f})".rjust(17 if unit == "s" else 19)


def revision() -> str:
    """The commit measured, and which of the site's inputs differ from it."""
    inputs = ["checker", "docs", "scenarios", "mkdocs.yml"]
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                              capture_output=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--",
                                *inputs], cwd=ROOT, text=True, capture_output=True,
                               check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    changed = sorted({line[3:].split("/", 1)[0] for line in dirty.splitlines()})
    return head + (f" with uncommitted changes in {', '.join(changed)}" if changed else "")


def load_average() -> str:
    if not hasattr(os, "getloadavg"):
        return "unknown"
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    if argv is None and len(sys.argv) == 4 and sys.argv[1] == "--in-process":
        print(json.dumps(in_process(Path(sys.argv[2]), Path(sys.argv[3]))))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenarios", type=int, default=1000, metavar="N",
                        help="generated scenarios added to the site (default 1000)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="rounds of the three builds (default 5)")
    parser.add_argument("--cpus", default=all_cpus(), metavar="LIST",
                        help="the cores the builds may use, as taskset lists them (default: "
                        f"all of them, here {all_cpus()})")
    parser.add_argument("--seed", type=int, default=4,
                        help="seed of the scenario generator (default 4)")
    parser.add_argument("--no-pin", action="store_true",
                        help="do not pin the builds to one core with taskset")
    parser.add_argument("--no-breakdown", action="store_true",
                        help="skip the in-process timing of the steps")
    parser.add_argument("--instructions", action="store_true",
                        help="also count each build's instructions under valgrind (slow)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the temporary folder (site copy, configs, built sites)")
    args = parser.parse_args(argv)

    command = mkdocs_command(not args.no_pin, args.cpus)
    pinned = f"taskset -c {args.cpus}" if command[0] == "taskset" else "not pinned"
    work = Path(tempfile.mkdtemp(prefix="site-build-bench-"))
    try:
        configs = prepare(work, args.scenarios, args.seed)
        if args.scenarios:
            check_generated(work / "scenarios" / GAME / "bench", args.scenarios)
        print(f"mkdocs: {' '.join(command)} build -q -f CONFIG -d SITE   [{pinned}]")
        print(f"site: {ROOT.name}'s mkdocs.yml, docs/ and scenarios/ plus {args.scenarios} "
              f"generated scenarios (all pass `checker run`), in {work}")
        print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, {args.repeat} rounds; "
              f"commit {revision()}")
        print(f"load average before: {load_average()}\n")

        walls: dict[str, list[float]] = {name: [] for name, *_ in VARIANTS}
        cpus: dict[str, list[float]] = {name: [] for name, *_ in VARIANTS}
        sites = {name: work / f"site-{name}" for name, *_ in VARIANTS}
        build_once(command, configs["warm"], sites["warm"])  # untimed: fills the warm cache
        for _ in range(args.repeat):  # a round: each build in turn, so a slow spell hits all
            for name, *_ in VARIANTS:
                wall, cpu = build_once(command, configs[name], sites[name])
                walls[name].append(wall)
                cpus[name].append(cpu)
        info = {name: check_site(sites[name], enabled, args.scenarios)
                for name, enabled, _ in VARIANTS}
        if (sites["cold"] / SCENARIOS_PAGE.removesuffix(".md")).exists() and not same_pages(
                sites["cold"], sites["warm"]):
            sys.exit("the warm build wrote other pages than the cold one")

        print("Plugin disabled, then enabled with an empty result cache (cold) and with the "
              "cache of the last build (warm). Seconds, and each round's ratio to the round's "
              "build without the plugin: median (least-most) over the rounds; wall clock, and "
              "CPU time (user + system of the build and its workers):")
        print(f"{'build':<6} {'cache':<18} {'wall s':>17} {'ratio':>19}  "
              f"{'CPU s':>17} {'ratio':>19}")
        for name, enabled, cache in VARIANTS:
            ratios = [w / off for w, off in zip(walls[name], walls["off"], strict=True)]
            cpu_ratios = [c / off for c, off in zip(cpus[name], cpus["off"], strict=True)]
            print(f"{name:<6} {cache or '(plugin off)':<18} {_spread(walls[name], 's')} "
                  f"{_spread(ratios, 'x')}  {_spread(cpus[name], 's')} "
                  f"{_spread(cpu_ratios, 'x')}")
        cold = spread([w / off for w, off in zip(walls["cold"], walls["off"], strict=True)])
        warm = spread([w / off for w, off in zip(walls["warm"], walls["off"], strict=True)])
        print(f"targets: cold at most {TARGET_COLD:.1f}x in wall clock (median {cold[0]:.2f}x: "
              f"{'met' if cold[0] <= TARGET_COLD else 'not met'}); warm at most "
              f"{1 + TARGET_ADDED:.2f}x in every round (most {warm[2]:.2f}x: "
              f"{'met' if warm[2] <= 1 + TARGET_ADDED else 'not met'})")
        print()
        for name, *_ in VARIANTS:
            i = info[name]
            print(f"site {name:<5} {i['bytes'] / 1e6:6.1f} MB; scenario list "
                  f"{i['page'] / 1e6:5.1f} MB on {i['pages']} pages, {i['walkthroughs']} "
                  f"walkthroughs in all; "
                  f"search index {i['search'] / 1e6:4.1f} MB; largest page "
                  f"{i['largest'] / 1e6:4.2f} MB")
        print(f"load average after: {load_average()}")

        if args.instructions:
            if shutil.which("valgrind") is None:
                print("\nvalgrind is not installed: no instruction counts")
            else:
                print("\nInstructions of one build each (valgrind --tool=callgrind; they do not "
                      "move with the machine's load):")
                counts = {name: instructions(configs[name], sites[name])
                          for name, *_ in VARIANTS}
                for name, enabled, _ in VARIANTS:
                    ratio = counts[name] / counts["off"]
                    met = ("yes" if ratio <= 1 + TARGET_ADDED else "no") if enabled else ""
                    print(f"{name:<6} {counts[name] / 1e9:6.3f} G  {ratio:5.2f}x "
                          f"{ratio - 1:>+6.0%}  {met}")

        if not args.no_breakdown:
            prefix = pin_prefix(not args.no_pin)
            print(f"\nSteps of one build in one process, {' '.join(prefix) or 'not pinned'}, "
                  f"best total of {args.repeat}:")
            runs = {name: breakdown(prefix, configs[name], work / "site-in-process", args.repeat)
                    for name, *_ in VARIANTS}
            print(f"{'step':<50} " + " ".join(f"{name:>7}" for name, *_ in VARIANTS))
            for rows in zip(*(steps(runs[name]) for name, *_ in VARIANTS), strict=True):
                print(f"{rows[0][0]:<50} " + " ".join(f"{s:>7.2f}" for _, s in rows))
            for name, enabled, _ in VARIANTS:
                for line in runs[name]["checked"]:
                    print(f"plugin log, {name}: {line}")
            on, off = runs["warm"], runs["off"]
            print(f"log: {on['anchor_notes']} notes about missing anchors with the plugin, "
                  f"{off['anchor_notes']} without; warnings with the plugin: "
                  f"{len(on['warnings'])}" + "".join(f"\n  {w}" for w in on["warnings"][:5]))

        sizes, suspicious = asset_report()
        own = [size for size in sizes if size[0].startswith("walkthrough.")]
        total = sum(raw for _, raw, _ in own)
        print("\nThe checker's scripts and styles (checker/site/assets):")
        for name, raw, packed in sizes:
            print(f"  {name:<20} {raw:>6,} bytes, {packed:>5,} gzipped")
        print(f"  {'all of them':<20} {sum(raw for _, raw, _ in sizes):>6,} bytes, "
              f"{sum(p for *_, p in sizes):>5,} gzipped")
        print(f"  {'the walkthrough':<20} {total:>6,} bytes, {sum(p for *_, p in own):>5,} "
              f"gzipped (walkthrough.js and .css); target under {TARGET_ASSET_BYTES:,} bytes: "
              f"{'met' if total < TARGET_ASSET_BYTES else 'NOT met'}")
        added = sorted(references(sites["warm"]) - references(sites["off"]))
        outside = [ref for ref in added if re.match(r"^(?:[a-z]+:)?//", ref)]
        print(f"  loaded by the pages only with the plugin: {', '.join(added) or 'nothing'}"
              f"; from another site: {', '.join(outside) or 'none'}")
        print(f"  in the files, anything that could load a script: "
              f"{'; '.join(suspicious) or 'nothing'}")
    finally:
        if args.keep:
            print(f"\nkept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
