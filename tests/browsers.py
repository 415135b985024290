"""What the browser tests share: the real site built by `mkdocs build`, a quiet local HTTP
server for a built site, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]


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


@contextmanager
def page_opener(browser: Browser, requests: list[str],
                timeout: int = 10_000) -> Iterator[Callable[..., Page]]:
    """Opens pages, each in a fresh browser context (options as for `new_context`), every
    request recorded in `requests`; the contexts are closed when the block ends."""
    contexts = []

    def _open(**options: Any) -> Page:
        context = browser.new_context(**options)
        context.set_default_timeout(timeout)
        context.on("request", lambda request: requests.append(request.url))
        contexts.append(context)
        return context.new_page()

    try:
        yield _open
    finally:
        for context in contexts:
            context.close()


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
