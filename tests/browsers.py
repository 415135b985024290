"""What the browser tests share: the real site built by `mkdocs build`, a quiet local HTTP
server for a built site, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import yaml
from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright
from sites import generate

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]

# How long an `expect` waits for its condition before it fails. Playwright's 5 s is too short
# on a machine whose two cores are busy with other work (a theme's instant navigation then
# takes longer to put the new page in place): the tests wait for conditions, and only a
# failure waits the whole bound.
expect.set_options(timeout=30_000)
ACTION_TIMEOUT = 30_000
"""The same bound for a page's actions (a click, a screenshot, a wait for a function)."""


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves files without logging each request."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a page left mid-download
            super().handle_error(request, client_address)


def build_real_site(out: Path) -> Path:
    """The project's own site, built into `out` by `mkdocs build`."""
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-d", str(out)], cwd=ROOT,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, capture_output=True,
                          text=True, check=False, timeout=600)
    assert done.returncode == 0, f"mkdocs build failed:\n{done.stdout}{done.stderr}"
    return out


def build_zensical_site(work: Path) -> Path:
    """The project's own site built by Zensical in `work`, from a copy of mkdocs.yml, docs/
    and scenarios/ after the pre-build step (`python -m checker.site --rules docs`): the
    folder it wrote."""
    shutil.copy2(ROOT / "mkdocs.yml", work / "mkdocs.yml")
    for folder in ("docs", "scenarios"):
        shutil.copytree(ROOT / folder, work / folder)
    step = subprocess.run([sys.executable, "-m", "checker.site", "--rules", "docs"], cwd=work,
                          capture_output=True, text=True, check=False, timeout=600)
    assert step.returncode == 0, step.stderr
    done = generate("zensical", work / "mkdocs.yml", "--clean")
    assert done.returncode == 0, done.stderr
    return work / "site"


def press(page: Page, selector: str) -> None:
    """Click an ask page's button once its form has caught up with the text: the form is
    drawn again a moment after the text changes (it is `aria-busy` until then), which can
    move the buttons below it, and a click on a busy machine would land where one was."""
    expect(page.locator("[data-checker-form][aria-busy]")).to_have_count(0)
    page.locator(selector).click()


def hold_runtime(page: Page) -> None:
    """The checker's runtime never arrives in `page`'s browser context: the first file its
    worker asks for is held, as on a very slow network. For a test that reads an ask page's
    form or editor alone: an idle ask page starts Python, seconds of both cores, which such a
    test never uses."""
    page.context.route("**/assets/checker/browser/bundle.json", lambda route: None)


SHOW_ALL = "localStorage.setItem('checker-examples-shown', '1')"
"""What a reader's "show the examples in full" leaves in the browser: every example of a rules
page opens in place on the pages after (an init script of a test's browser context)."""


def all_open(page: Page) -> None:
    """Wait until every example of a rules page is open in place."""
    expect(page.locator("[data-walkthrough-line]")).to_have_count(0)


def build_plain_site(out: Path) -> Path:
    """The project's own site without the checker, built into `out`: mkdocs.yml with the
    checker's plugin, Markdown extension, styles and scripts left out (the fences show as
    code, the rule markers as text)."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    ours = ("checker", "checker.site.markdown_ext")

    def named(entry: Any) -> str:
        return str(next(iter(entry))) if isinstance(entry, dict) else str(entry)

    config["docs_dir"] = str(ROOT / config.get("docs_dir", "docs"))
    config.pop("watch", None)  # relative to mkdocs.yml; serve only
    config["plugins"] = [p for p in config.get("plugins", []) if named(p) not in ours]
    config["markdown_extensions"] = [e for e in config.get("markdown_extensions", [])
                                     if named(e) not in ours]
    for key in ("extra_css", "extra_javascript"):
        config[key] = [x for x in config.get(key, []) if "assets/checker/" not in named(x)]
    path = out.parent / f"{out.name}-mkdocs.yml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-f", str(path), "-d",
                           str(out)], cwd=ROOT, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
                          capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, f"mkdocs build failed:\n{done.stdout}{done.stderr}"
    return out


def start_server(folder: Path, handler: type[SimpleHTTPRequestHandler] = QuietHandler
                 ) -> tuple[str, Callable[[], None]]:
    """`folder` served on a free local port: its base URL, and how to stop the server (more
    than once does no harm)."""
    server = _Server(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    stopped: list[bool] = []

    def stop() -> None:
        if not stopped:
            server.shutdown()
            server.server_close()
            thread.join(timeout=10)
            stopped.append(True)

    return f"http://127.0.0.1:{server.server_address[1]}/", stop


@contextmanager
def serving(folder: Path, handler: type[SimpleHTTPRequestHandler] = QuietHandler) -> Iterator[str]:
    """`folder` served on a free local port: its base URL, while the block runs."""
    url, stop = start_server(folder, handler)
    try:
        yield url
    finally:
        stop()


@contextmanager
def chromium() -> Iterator[Browser]:
    """Headless Chromium, as the guide's browser tests run it."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} not found: the browser tests need Debian's chromium package "
                    "(sudo apt-get install -y --no-install-recommends chromium)", pytrace=False)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


ON_SITE = ("http://127.0.0.1:", "data:", "blob:", "file://")
"""Where a page of these tests may send a request: the local servers of the sites they build,
or the machine itself. Nothing a page loads leaves the machine."""


def assert_on_site(requests: list[str]) -> None:
    """Every request in `requests` went to one of the local servers or the machine itself."""
    outside = sorted({url for url in requests if not url.startswith(ON_SITE)})
    assert outside == [], f"requests left the site: {outside}"


@contextmanager
def page_opener(browser: Browser, requests: list[str] | None = None,
                timeout: int = ACTION_TIMEOUT) -> Iterator[Callable[..., Page]]:
    """Opens pages, each in a fresh browser context (options as for `new_context`), every
    request recorded in `requests`; the contexts are closed when the block ends, and then a
    request any of them made off the site fails the test (`assert_on_site`)."""
    contexts = []
    made: list[str] = []

    def _record(url: str) -> None:
        made.append(url)
        if requests is not None:
            requests.append(url)

    def _open(**options: Any) -> Page:
        context = browser.new_context(**options)
        context.set_default_timeout(timeout)
        context.on("request", lambda request: _record(request.url))
        contexts.append(context)
        return context.new_page()

    try:
        yield _open
    finally:
        for context in contexts:
            context.close()
    assert_on_site(made)


@contextmanager
def checked_page_opener(browser: Browser, requests: list[str] | None = None,
                        timeout: int = ACTION_TIMEOUT) -> Iterator[Callable[..., Page]]:
    """`page_opener`, and an error thrown by the checker's scripts on any of the pages fails
    the test when the block ends."""
    errors: list[str] = []
    with page_opener(browser, requests, timeout=timeout) as opener:

        def _open(**options: Any) -> Page:
            page = opener(**options)
            page.on("pageerror", lambda error: errors.append(f"{error}\n{error.stack}"))
            return page

        yield _open
    assert [error for error in errors if "assets/checker/" in error] == []


def visit_kept(page: Page, url: str) -> None:
    """Open `url` with the service worker in charge, and wait until it keeps what it loaded."""
    page.goto(url)
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller")
    wait_kept(page)


UNKEPT_JS = """async () => {
    const cache = await caches.open('checker-pages-v1');
    const kept = new Set((await cache.keys()).map(request => request.url));
    const loaded = performance.getEntriesByType('resource').map(entry => entry.name)
        .filter(url => url.startsWith(location.origin));
    return [location.href.split('#')[0], ...loaded].filter(url => !kept.has(url));
}"""
"""The page and the files of the site it loaded that the service worker does not keep."""


def wait_kept(page: Page, seconds: float = 30) -> None:
    """Waits until the service worker keeps the page and its files. Polled from here:
    `wait_for_function` takes the promise an async function returns as a truthy value, so
    it would not wait at all."""
    deadline = time.monotonic() + seconds
    while unkept := page.evaluate(UNKEPT_JS):
        assert time.monotonic() < deadline, f"not kept offline within {seconds} s: {unkept}"
        page.wait_for_timeout(100)


def material_search(page: Page, query: str) -> Locator:
    """Type `query` into Material's search box, as a whole, and wait for its results (the
    result groups, one for each page): the box is emptied first, which leaves no result, so
    the first results to show are the query's. On a phone the search opens from the header's
    icon first."""
    box = page.locator(".md-search__input")
    icon = page.locator('.md-header label.md-header__button[for="__search"]')
    if icon.is_visible():
        icon.click()
    else:
        box.click()
    box.fill("")
    box.press("End")  # Material reads the box when a key goes up
    groups = page.locator("li.md-search-result__item")
    expect(groups).to_have_count(0)
    box.fill(query)
    box.press("End")
    expect(groups.first).to_be_visible()
    return groups


def first_result(groups: Locator) -> Locator:
    """The first result of Material's search: the best of the first group (its page, or the
    first of its sections shown), which Enter opens."""
    links = groups.first.locator("a.md-search-result__link")
    scores = links.evaluate_all(
        "links => links.map(a => parseFloat(a.querySelector('article').dataset.mdScore))")
    return links.nth(scores.index(max(scores)))
