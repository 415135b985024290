"""A kept copy never passes for the current site, in a real browser: when the server takes
longer than the service worker's patience, the page it shows from its kept copies says so at
its top, with the time its build started, and vouches for none of its examples; and what an
example's verdict is drawn from besides the page (rules.json) is never taken from a kept copy
older than a page the worker has seen.

The site is small and built in this process; its server runs in a thread of this test, with
a gate: closed, it answers nothing until it is opened again, as a slow server would. Every
wait is for a condition.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

import pytest
from browsers import (
    QuietHandler,
    checked_page_opener,
    chromium,
    start_server,
    visit_kept,
    wait_kept,
)
from playwright.sync_api import Browser, Page, expect
from sites import GOOD_YAML, built, make_site

from checker.site.publish.build_stamp import BuildStamp

SCREENSHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"
PAGE = "ti4/embed/"
OTHER = "ti4/other/"
FILE = GOOD_YAML.replace("ti4-page-example", "ti4-file")
WRONG = FILE.replace("{Red: 1}", "{Red: 3}")
THEME = ("theme: {name: material, font: false, features: [navigation.instant], palette: ["
         "{media: '(prefers-color-scheme: light)', scheme: default}, "
         "{media: '(prefers-color-scheme: dark)', scheme: slate}]}")
PATIENCE = 4.0
"""The service worker's (sw.js): how long the network has before a kept copy is shown."""
WAIT = 30_000
"""The longest wait for any one thing, in milliseconds: a slow server costs PATIENCE for the
page, then again for its files."""
STAMP = re.compile(r'<div class="checker-build" data-built="([^"]+)" hidden></div>')

RULES_JS = """async () => {
    const rules = await (await fetch('../../rules.json')).json();
    return rules.scenarios.find(scenario => scenario.id === 'ti4-file').verdict;
}"""
"""The verdict rules.json gives the page's example."""


class _Gate:
    """Open, the server answers; closed, each request waits until it is opened again."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.open.set()


def _gated(gate: _Gate) -> type[QuietHandler]:
    class Handler(QuietHandler):
        def do_GET(self) -> None:
            gate.open.wait(timeout=120)
            super().do_GET()

    return Handler


class Site:
    """The small site, its server and its gate."""

    def __init__(self, root: Path, url: str, gate: _Gate) -> None:
        self.root, self.url, self.gate = root, url, gate
        self.config = root / "mkdocs.yml"

    def build(self, scenario: str) -> str:
        """Build with `scenario` standing in scenarios/; the pages' stamp. Built as under
        `mkdocs serve`, so a failing example is written in red, not a failed build."""
        (self.root / "scenarios" / "ti4" / "one.yaml").write_text(scenario, encoding="utf-8")
        built(self.config, command="serve")
        found = STAMP.search((self.root / "site" / PAGE / "index.html").read_text("utf-8"))
        assert found is not None, "the page carries its build's stamp"
        return found[1]


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)  # each build its own time
    pages = {"ti4/embed.md": "# Embed\n\nRed scores.\n\n[[scenario:ti4-file]]\n\n"
                             "[The other page](../other/)\n",
             "ti4/other.md": "# Other\n\n[Back to the example](../embed/)\n"}
    config = make_site(tmp_path, pages, {"ti4/one.yaml": FILE}, material=True)
    (tmp_path / "site").mkdir()
    gate = _Gate()
    url, stop = start_server(tmp_path / "site", _gated(gate))
    # At its own address: Material's instant navigation swaps the pages sitemap.xml lists.
    text = config.read_text(encoding="utf-8")
    assert text.count("theme: {name: material, font: false}") == 1
    text = text.replace("theme: {name: material, font: false}", THEME)
    config.write_text(f"site_url: {url}\n{text}", encoding="utf-8")
    try:
        yield Site(tmp_path, url, gate)
    finally:
        gate.open.set()
        stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@pytest.fixture
def open_page(browser: Browser) -> Iterator[Callable[..., Page]]:
    with checked_page_opener(browser, [], timeout=WAIT) as opener:
        yield opener


def _badge(page: Page) -> Any:
    return page.locator('[id="ti4-file"] .wt-badge')


def test_a_kept_copy_says_so_and_vouches_for_no_example(
        site: Site, open_page: Callable[..., Page]) -> None:
    first = site.build(FILE)
    page = open_page()
    visit_kept(page, site.url + PAGE)
    visit_kept(page, site.url + PAGE)  # now served by the worker: its files are kept too
    expect(_badge(page)).to_have_text(re.compile("Verified"))
    expect(page.locator(".checker-kept")).to_have_count(0)

    site.build(WRONG)  # the example now fails
    site.gate.open.clear()  # and the server is slow
    page.reload()
    note = page.locator("article .checker-kept")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Kept copy")
    assert note.locator("time").get_attribute("datetime") == first
    expect(_badge(page)).not_to_have_text(re.compile("Verified", re.IGNORECASE))
    expect(_badge(page)).to_have_text("Not confirmed")
    assert page.locator(".wt-badge--verified").count() == 0
    expect(page.locator("h1")).to_have_text("Embed")  # the note above the page's title
    _screenshots(page)

    site.gate.open.set()  # the server answers again: the current page, no note
    page.reload()
    expect(page.locator(".checker-kept")).to_have_count(0)
    expect(_badge(page)).to_have_text("Does not hold")


def _screenshots(page: Page) -> None:
    """The kept page at a desktop's and a phone's width, light and dark, for a person to
    look at: the note reads in both schemes and fits the phone."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    schemes: list[tuple[Literal["light", "dark"], str]] = [("light", "default"),
                                                           ("dark", "slate")]
    for scheme, material in schemes:
        # As Material's palette switches at a click of its toggle (the palette here has none).
        page.emulate_media(color_scheme=scheme)
        page.locator("body").evaluate("(body, scheme) => body.setAttribute("
                                      "'data-md-color-scheme', scheme)", material)
        for width in (1280, 390):
            page.set_viewport_size({"width": width, "height": 800})
            note = page.locator(".checker-kept").bounding_box()
            assert note is not None and note["x"] >= 0 and note["x"] + note["width"] <= width
            path = SCREENSHOTS / f"kept-copy-{width}-{scheme}.png"
            page.screenshot(path=str(path))
            assert path.stat().st_size > 1000
    background, text = page.locator(".checker-kept").evaluate(
        "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]")
    assert background != text


def test_instant_navigation_to_a_kept_page_shows_the_note(
        site: Site, open_page: Callable[..., Page]) -> None:
    first = site.build(FILE)
    page = open_page()
    visit_kept(page, site.url + OTHER)
    visit_kept(page, site.url + PAGE)
    visit_kept(page, site.url + OTHER)
    site.build(WRONG)
    site.gate.open.clear()
    page.evaluate("window.stayed = true")
    page.locator("article a", has_text="Back to the example").click()
    note = page.locator("article .checker-kept")
    expect(note).to_be_visible()
    assert page.evaluate("window.stayed === true"), "not an instant navigation"
    assert note.locator("time").get_attribute("datetime") == first
    expect(_badge(page)).to_have_text("Not confirmed")


def test_verdict_data_is_never_older_than_a_page_seen(
        site: Site, open_page: Callable[..., Page]) -> None:
    site.build(FILE)
    page = open_page()
    visit_kept(page, site.url + PAGE)
    assert page.evaluate(RULES_JS) == "verified"  # rules.json is kept now, from this build
    wait_kept(page)
    second = site.build(WRONG)
    page.reload()  # the server answers: the worker sees the new build's page
    expect(_badge(page)).to_have_text("Does not hold")
    page.wait_for_function("""async build => {
        const kept = await (await caches.open('checker-pages-v1')).match(location.href);
        return kept && kept.headers.get('X-Checker-Build') === build;
    }""", arg=second, polling=100)
    site.gate.open.clear()
    # A file that carries no verdict, asked for twice in a row: each kept copy comes after
    # PATIENCE, so by the second, rules.json has had twice its patience.
    page.evaluate("""() => {
        window.verdict = null;
        window.styled = 0;
        fetch('../../rules.json').then(r => r.json()).then(rules => {
            window.verdict = rules.scenarios.find(s => s.id === 'ti4-file').verdict;
        });
        const style = () => fetch('../../assets/checker/checker.css?' + window.styled)
            .then(() => { window.styled += 1; });
        style().then(style);
    }""")
    page.wait_for_function("window.styled === 2", timeout=WAIT)
    assert page.evaluate("window.verdict") is None, "rules.json from the older kept copy"
    site.gate.open.set()
    page.wait_for_function("window.verdict !== null", timeout=WAIT)
    assert page.evaluate("window.verdict") == "fails"


def test_the_stamp_is_the_build_time_to_the_millisecond() -> None:
    early = BuildStamp.at(datetime(2025, 5, 3, 14, 2, 11, 123456, tzinfo=UTC))
    late = BuildStamp.at(datetime(2025, 5, 3, 14, 2, 11, 124000, tzinfo=UTC))
    assert early.built == "2025-05-03T14:02:11.123Z" and late.built > early.built
    assert BuildStamp.at(datetime(1970, 1, 1, tzinfo=UTC)).built == "1970-01-01T00:00:00.000Z"
