"""What a rules page costs a reader before any interaction, with the checker and without it.

    .venv/bin/python benchmarks/rules_pages.py [--rounds 5] [--pages ti4/objective-cards/ ...]

It builds the project's site twice, with the checker and without it (mkdocs.yml with the
checker's plugin, Markdown extension, styles and scripts left out: the fences show as code),
serves both on local ports, and opens each rules page in headless Chromium (a fresh context
each time, no service worker, no cache), the two sites in turn, --rounds times. For each page
it prints, with the checker against without it: the bytes of the page's HTML; every byte the
page loaded until the network went quiet (HTML, styles, scripts, icons); the page's height at
1280 px; and the time to DOMContentLoaded, as median, min and max of the ratios of the paired
rounds. Targets (issue 31, item 1): bytes loaded at most 2x, DOMContentLoaded at most 1.5x.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browsers import CHROMIUM, CHROMIUM_ARGS, build_plain_site, build_real_site, serving
from playwright.sync_api import sync_playwright

PAGES = ["ti4/objective-cards/", "ti4/victory-points/", "ti3/status-phase/",
         "arcs/battle/", "arcs/standard-actions/"]


def visit(browser: Any, url: str) -> dict[str, float]:
    context = browser.new_context(service_workers="block", viewport={"width": 1280,
                                                                     "height": 900})
    page = context.new_page()
    sizes: dict[str, int] = {}

    def finished(request: Any) -> None:
        measured = request.sizes()
        sizes[request.url] = measured["responseBodySize"] + measured["responseHeadersSize"]

    page.on("requestfinished", finished)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    timing = page.evaluate("performance.getEntriesByType('navigation')[0].toJSON()")
    height = page.evaluate("document.documentElement.scrollHeight")
    context.close()
    return {"html": timing["decodedBodySize"], "bytes": sum(sizes.values()),
            "dcl": timing["domContentLoadedEventEnd"], "height": height}


def spread(values: list[float]) -> str:
    return (f"median {statistics.median(values):5.2f}x  min {min(values):5.2f}x  "
            f"max {max(values):5.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pages", nargs="*", default=PAGES)
    options = parser.parse_args()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True, check=False).stdout.strip()
    with tempfile.TemporaryDirectory() as work:
        ours = build_real_site(Path(work) / "ours")
        plain = build_plain_site(Path(work) / "plain")
        with serving(ours) as with_checker, serving(plain) as without, \
                sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                 args=CHROMIUM_ARGS)
            print(f"commit {commit}; {options.rounds} paired rounds per page; ratios with "
                  f"the checker / without it")
            for path in options.pages:
                rounds = []
                for _ in range(options.rounds):
                    rounds.append((visit(browser, with_checker + path),
                                   visit(browser, without + path)))
                a, b = rounds[0]
                print(f"\n{path}\n  HTML          {a['html']:>9,.0f} B vs {b['html']:>9,.0f} B"
                      f"  {a['html'] / b['html']:5.2f}x\n"
                      f"  loaded        {a['bytes']:>9,.0f} B vs {b['bytes']:>9,.0f} B"
                      f"  {a['bytes'] / b['bytes']:5.2f}x (target 2x)\n"
                      f"  height        {a['height']:>9,.0f} px vs {b['height']:>8,.0f} px"
                      f"  {a['height'] / b['height']:5.2f}x\n"
                      f"  DOMContentLoaded {spread([x['dcl'] / y['dcl'] for x, y in rounds])}"
                      f" (target 1.5x); medians "
                      f"{statistics.median(x['dcl'] for x, _ in rounds):.0f} ms vs "
                      f"{statistics.median(y['dcl'] for _, y in rounds):.0f} ms")
            browser.close()


if __name__ == "__main__":
    main()
