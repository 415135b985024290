"""Checking a question in the page: time from pressing Check to the verdict shown, in headless
Chromium on the real site, as a reader asks on an ask page (arcs/ask/):

- first visit: a new browser profile (an empty cache); the page has been open `--wait`
  seconds (10 by default) when the reader, who picked a situation, presses Check. The page
  started loading the runtime when it was idle.
- first visit, reader saving data: the same, but the page waits for the reader to start
  editing (they pick a situation one second after the page opened).
- later visit: the same profile opens the page again (the runtime kept by the browser's
  cache and the site's service worker), open `--wait` seconds, then Check.
- at once: a new profile, Check pressed as soon as the form is there (the runtime's whole
  load counted).
- later verdicts: Check again on the same page, and the check's own time in the worker.

It also reports the longest task the page's thread ran from the form's being drawn while the
reader picked a situation and checked (PerformanceObserver "longtask", wall time), the longest task drawing the form for
each of the largest situations of TI4 and Arcs takes, in CPU time of the page's thread (a
trace's RunTask events: on a busy machine the wall time counts the waits for a core), and
the bytes of the bundle.

    .venv/bin/python benchmarks/browser_check.py [--site DIR] [--runs N] [--later N] [--wait S]

Builds the site with `mkdocs build` into benchmarks/out/browser-site unless --site names a
built one, and serves it on a local port.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
PAGE = "arcs/ask/"
SITUATION = "arcs-battle-rulebook-example"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
BUNDLE = "assets/checker/browser/"
DONE = ("() => ['done', 'unavailable'].includes(document.querySelector('[data-checker]')"
        ".getAttribute('data-checker-state'))")
LONG_TASKS = """() => { window.longest = 0; new PerformanceObserver(list => { for (const entry
  of list.getEntries()) window.longest = Math.max(window.longest, entry.duration); })
  .observe({type: 'longtask'}); }"""
SAVE_DATA = "Object.defineProperty(navigator, 'connection', {value: {saveData: true}})"
LOADED: list[float] = []
"""Seconds each runtime took to load, from the worker's start to its being ready."""


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def build(out: Path) -> None:
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(out)], cwd=ROOT,
                   env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, check=True)


def sizes(site: Path) -> list[tuple[str, int, int]]:
    """Each file of the bundle: its path, bytes, and bytes gzipped (level 6, as servers do)."""
    out = []
    for path in sorted((site / BUNDLE).rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            out.append((str(path.relative_to(site)), len(data), len(gzip.compress(data, 6))))
    return out


def ask(context: BrowserContext, base: str, wait: float,
        before: Callable[[Page], None] | None = None) -> tuple[Page, float]:
    """Open the ask page, pick the situation (at once, or through `before`), let `wait` seconds
    pass from the page's opening, press Check: the page, and seconds to the verdict."""
    page = context.new_page()
    opened = time.perf_counter()
    page.goto(base + PAGE)
    page.wait_for_selector("[data-checker-form] section")
    page.evaluate(LONG_TASKS)   # from the form's being drawn on
    if before is not None:
        before(page)
    else:
        page.locator(f"[data-situation='{SITUATION}']").click()
    rest = wait - (time.perf_counter() - opened)
    if rest > 0:
        page.wait_for_timeout(rest * 1000)
    started = time.perf_counter()
    page.locator("[data-checker-check]").click()
    page.wait_for_function(DONE, timeout=300_000)
    took = time.perf_counter() - started
    verdict = page.locator("[data-checker-verdict]").get_attribute("data-verdict")
    assert verdict == "verified", f"verdict: {verdict}"
    loading = page.evaluate("window.rulesChecker.loading")
    LOADED.append((loading["ready"] - loading["started"]) / 1000)
    return page, took


def pick_later(page: Page) -> None:
    """A reader saving data, who starts editing a second after the page opened."""
    page.wait_for_timeout(1000)
    page.locator(f"[data-situation='{SITUATION}']").click()


def form_tasks(base: str, site: Path, largest: int = 5) -> list[tuple[str, float, float]]:
    """For the `largest` situations (by text, of those alone in theirs) of TI4 and Arcs: the
    id, and the longest task of the page's thread choosing it and drawing the next frame, in
    CPU and wall seconds."""
    out = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for game in ("ti4", "arcs"):
            data = json.loads((site / BUNDLE / "templates" / f"{game}.json").read_text("utf-8"))
            alone = [s for s in data["situations"] if "item" not in s]  # a text of its own
            chosen = sorted(alone, key=lambda s: -len(data["texts"][s["text"]]))
            context = browser.new_context()
            context.add_init_script(SAVE_DATA)  # no runtime loading alongside
            page = context.new_page()
            page.goto(f"{base}{game}/ask/")
            page.wait_for_selector("[data-checker-form] section")
            for situation in chosen[:largest]:
                browser.start_tracing(page=page, categories=[
                    "devtools.timeline", "disabled-by-default-devtools.timeline"])
                page.evaluate("async id => { document.querySelector(`[data-situation='${id}']`)"
                              ".click(); await new Promise(r => requestAnimationFrame(() => "
                              "setTimeout(r, 50))); }", situation["id"])
                trace = json.loads(browser.stop_tracing())
                events = trace["traceEvents"] if isinstance(trace, dict) else trace
                main = {(e["pid"], e["tid"]) for e in events if e.get("name") == "thread_name"
                        and e.get("args", {}).get("name") == "CrRendererMain"}
                tasks = [e for e in events if e.get("ph") == "X" and e.get("name") == "RunTask"
                         and (e["pid"], e["tid"]) in main]
                out.append((situation["id"], max(e.get("tdur", 0) for e in tasks) / 1e6,
                            max(e.get("dur", 0) for e in tasks) / 1e6))
            context.close()
        browser.close()
    return out


def measure(base: str, runs: int, later: int, wait: float) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {name: [] for name in (
        "first", "saving", "again", "at once", "later", "engine", "longest")}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as profile:
                # A profile of its own, kept on disk: the service worker and the cache work.
                context = playwright.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, args=ARGS)
                page, took = ask(context, base, wait)
                figures["first"].append(took)
                for _ in range(later):
                    started = time.perf_counter()
                    page.locator("[data-checker-check]").click()
                    page.wait_for_function(DONE, timeout=60_000)
                    figures["later"].append(time.perf_counter() - started)
                    figures["engine"].append(float(page.locator("[data-checker-status]")
                                                   .get_attribute("data-checker-ms") or 0) / 1000)
                figures["longest"].append(page.evaluate("window.longest") / 1000)
                page.close()
                page, took = ask(context, base, wait)
                figures["again"].append(took)
                context.close()
            context = browser.new_context()
            context.add_init_script(SAVE_DATA)
            page, took = ask(context, base, wait, pick_later)
            figures["saving"].append(took)
            context.close()
            context = browser.new_context()
            page, took = ask(context, base, 0)
            figures["at once"].append(took)
            context.close()
        browser.close()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each case (default 5)")
    parser.add_argument("--later", type=int, default=10, help="checks after the first (default 10)")
    parser.add_argument("--wait", type=float, default=10, help="seconds the page is open (default 10)")
    args = parser.parse_args()
    site = args.site or ROOT / "benchmarks" / "out" / "browser-site"
    if args.site is None:
        build(site)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        drawn = form_tasks(base, site)
        figures = measure(base, args.runs, args.later, args.wait)
    finally:
        server.shutdown()
    total = plain = 0
    for path, size, packed in sizes(site):
        print(f"{path:60} {size:>10,} B {packed:>10,} B gzipped")
        total, plain = total + packed, plain + size
    print(f"{'bundle':60} {plain:>10,} B {total:>10,} B gzipped")

    def said(values: list[float]) -> str:
        return (f"median {statistics.median(values) * 1000:,.0f} ms "
                f"(min {min(values) * 1000:,.0f}, max {max(values) * 1000:,.0f}, n={len(values)})")

    print(f"first verdict, page open {args.wait:g} s, first visit:   {said(figures['first'])}")
    print(f"  the same, reader saving data (loads on editing): {said(figures['saving'])}")
    print(f"  the same, later visit (runtime kept):            {said(figures['again'])}")
    print(f"  Check pressed at once, first visit:              {said(figures['at once'])}")
    print(f"runtime loading, worker started to ready:          {said(LOADED)}")
    print(f"later verdicts, press to verdict shown:            {said(figures['later'])}")
    print(f"  of which the check in the worker:                {said(figures['engine'])}")
    print(f"longest task of the page's thread:                 {said(figures['longest'])}")
    for situation, cpu, wall in drawn:
        print(f"form drawn for {situation}: longest task {cpu * 1000:,.0f} ms CPU "
              f"({wall * 1000:,.0f} ms wall)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
