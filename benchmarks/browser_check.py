"""Checking a scenario in the page: time to the first verdict (the Python runtime and the checker
loaded, then the check) and to later verdicts (the runtime stays loaded), in headless Chromium
on the real site, as a reader presses "Edit and check" then "Check".

    .venv/bin/python benchmarks/browser_check.py [--site DIR] [--runs N] [--later N]

Builds the site with `mkdocs build` into benchmarks/out/browser-site unless --site names a
built one, serves it on a local port, and for each run opens a new browser context (an empty
cache: the runtime comes from the local server) on ti4/objective-cards/. Prints the median and
the range of each figure, and the bytes the first check fetched (as served, uncompressed, and
as gzip would send them).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import os
import statistics
import subprocess
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
PAGE = "ti4/objective-cards/"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
BUNDLE = "assets/checker/browser/"


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


def measure(base: str, runs: int, later: int) -> tuple[list[float], list[float], list[float]]:
    first, after, engine = [], [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(runs):
            context = browser.new_context()
            page = context.new_page()
            page.goto(base + PAGE)
            host = page.locator("[data-checker-host]").first
            host.locator("[data-checker-edit]").click()
            state = "[data-checker-host] [data-checker]"
            done = ("s => ['done', 'unavailable'].includes("
                    "document.querySelector(s).getAttribute('data-checker-state'))")
            started = time.perf_counter()
            host.locator("[data-checker-check]").click()
            page.wait_for_function(done, arg=state, timeout=300_000)
            first.append(time.perf_counter() - started)
            verdict = host.locator("[data-checker-verdict]").get_attribute("data-verdict")
            assert verdict == "verified", f"first check: {verdict}"
            for _ in range(later):
                started = time.perf_counter()
                host.locator("[data-checker-check]").click()
                page.wait_for_function(done, arg=state, timeout=60_000)
                after.append(time.perf_counter() - started)
                engine.append(float(host.locator("[data-checker-status]")
                                    .get_attribute("data-checker-ms") or 0) / 1000)
            context.close()
        browser.close()
    return first, after, engine


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--runs", type=int, default=5, help="cold starts (default 5)")
    parser.add_argument("--later", type=int, default=10, help="checks after each (default 10)")
    args = parser.parse_args()
    site = args.site or ROOT / "benchmarks" / "out" / "browser-site"
    if args.site is None:
        build(site)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        first, after, engine = measure(f"http://127.0.0.1:{server.server_address[1]}/",
                                        args.runs, args.later)
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

    print(f"first verdict (runtime loaded, then checked): {said(first)}")
    print(f"later verdicts, press to verdict shown:       {said(after)}")
    print(f"  of which the check in the worker:           {said(engine)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
