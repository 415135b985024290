"""The longest tasks of the page's thread on the worst inputs the limits allow (issue 33, item 3).

    .venv/bin/python benchmarks/page_tasks.py [--site DIR] [--runs 3]

Builds the site with `mkdocs build` (unless --site names a built one), serves it on a local
port and, in headless Chromium, on `ti4/ask/`:

- share link: the page opened from a link to the worst legal question (as many 200-step
  scenarios as the limits let through, every step refused: about 17 MB of walkthroughs),
  which it checks and draws by itself;
- typed and checked: the same question put in the editor (as a reader's edit leaves it) and
  checked, the runtime already loaded;
- pasted, legal: the same question pasted over the editor's text;
- pasted, 5 MB: a text five times what the checker reads, pasted (refused with a note).

For each it prints the longest task (PerformanceObserver "longtask", wall time) from the
page's DOMContentLoaded to the end (the verdict drawn, or the paste's note shown), as median,
min and max over --runs, and the three longest of the last run. Target: no task over 200 ms.
Wall time counts waits for a core: measure on an idle machine.
"""

from __future__ import annotations

import argparse
import base64
import statistics
import sys
import tempfile
import zlib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browsers import build_real_site, chromium, serving
from limit_inputs import worst_legal_question
from playwright.sync_api import Browser, Page

OBSERVE = """window.tasks = []; window.taskObserver = new PerformanceObserver(list => {
  for (const entry of list.getEntries()) window.tasks.push([entry.startTime, entry.duration]);
}); window.taskObserver.observe({type: 'longtask', buffered: true});"""
TASKS = """() => window.tasks.concat(window.taskObserver.takeRecords()
  .map(entry => [entry.startTime, entry.duration]))"""
STATE = "document.querySelector('[data-checker]')?.getAttribute('data-checker-state')"
DONE = f"['done', 'unavailable'].includes({STATE})"
PASTE = """() => { const area = document.querySelector("[data-checker-editor]");
  area.focus(); area.select(); const data = new DataTransfer();
  data.setData("text/plain", window.pasted);
  area.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true,
                                                  cancelable: true})); }"""


IN_EDITOR = "document.querySelector('[data-checker-editor]').value === window.pasted"
REFUSED = ("document.querySelector('[data-checker-status]').textContent"
           ".includes('Not pasted')")


def share_code(text: str) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate, as the page packs
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    return "z" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def tasks_after(page: Page, since: float) -> list[float]:
    """Durations (ms) of the long tasks that started after `since` (ms from navigation)."""
    found = page.evaluate(TASKS)  # the last ones, reported but not yet handed over too
    return sorted((duration for start, duration in found if start >= since), reverse=True)


def dcl(page: Page) -> float:
    return float(page.evaluate(
        "performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"))


def opened(browser: Browser, url: str) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(OBSERVE)
    page = context.new_page()
    page.goto(url)
    return page


def ready(browser: Browser, base: str) -> tuple[Page, float]:
    """The ask page with the runtime loaded and a check done: the moment to start from."""
    page = opened(browser, base + "ti4/ask/")
    page.wait_for_function("window.rulesChecker && window.rulesChecker.check")
    page.evaluate("window.rulesChecker.check('id: x\\n')")
    return page, float(page.evaluate("performance.now()"))


def share_link(browser: Browser, base: str, question: str) -> list[float]:
    page = opened(browser, f"{base}ti4/ask/#q={share_code(question)}")
    page.wait_for_function(DONE, timeout=300_000)
    found = tasks_after(page, dcl(page))
    page.context.close()
    return found


def typed(browser: Browser, base: str, question: str) -> list[float]:
    page, since = ready(browser, base)
    page.evaluate("text => { const area = document.querySelector('[data-checker-editor]'); "
                  "area.value = text; area.dispatchEvent(new Event('input')); }", question)
    page.locator("[data-checker-check]").click()
    page.wait_for_function(f"{STATE} === 'checking' || {DONE}")
    page.wait_for_function(DONE, timeout=300_000)
    found = tasks_after(page, since)
    page.context.close()
    return found


def pasted(browser: Browser, base: str, text: str, done: str) -> list[float]:
    """`text` pasted over the editor's (handed to the page first: that is no part of the
    paste), until `done` holds."""
    page, _ = ready(browser, base)
    page.evaluate("text => { window.pasted = text; }", text)
    since = float(page.evaluate("performance.now()"))
    page.evaluate(PASTE)
    page.wait_for_function(done)
    found = tasks_after(page, since)
    page.context.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    question = worst_legal_question()
    huge = "steps:\n" + "  - score: {player: Red, objective: Expand Borders}\n" * 100_000
    cases: dict[str, Callable[[Browser, str], list[float]]] = {
        "share link": lambda b, u: share_link(b, u, question),
        "typed and checked": lambda b, u: typed(b, u, question),
        "pasted, legal": lambda b, u: pasted(b, u, question, IN_EDITOR),
        "pasted, 5 MB": lambda b, u: pasted(b, u, huge, REFUSED),
    }
    with tempfile.TemporaryDirectory() as scratch:
        site = args.site or build_real_site(Path(scratch) / "site")
        with serving(site) as base, chromium() as browser:
            print(f"worst legal question: {len(question):,} bytes; "
                  f"share link {len(share_code(question)):,} characters")
            for name, case in cases.items():
                longest, last = [], []
                for _ in range(args.runs):
                    last = case(browser, base)
                    longest.append(last[0] if last else 0.0)
                print(f"{name:18} longest task median {statistics.median(longest):5.0f} ms  "
                      f"min {min(longest):5.0f}  max {max(longest):5.0f}  "
                      f"(last run: {', '.join(f'{t:.0f}' for t in last[:3]) or 'none'} ms)")


if __name__ == "__main__":
    main()
