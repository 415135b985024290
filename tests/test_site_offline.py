"""The whole site read offline, in Chromium, as a player at the table would: "Keep this site for
offline reading" keeps every page and file the build lists in one go, counting them as it
goes, naming what could not be kept and trying those again; then, the server stopped and the
browser offline, every page comes from its kept copy (each saying it is one, of which build;
one of each kind opens in full), the fallback page for a page not kept has the site's look
and the reader's colours and lists the kept pages by title, and search says which of its
results are not kept.

The real site is built once for the run (conftest's `built`); each test serves it on a server
of its own, which it stops, and whose files can be made to fail. Every wait is for a
condition. Screenshots at 1280 and 390 px, light and dark, go to build/screenshots/.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from browsers import checked_page_opener, material_search, start_server, visit_kept
from playwright.sync_api import Browser, Page, expect
from test_site_browser import SCREENSHOTS, _Handler, browser

from checker.site.publish.offline_files import MANIFEST

__all__ = ["browser"]  # a fixture, shared with test_site_browser

PAGE = "ti4/objective-cards/"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
KEEP = ".checker-keep"
STATUS = ".checker-keep__status"
KEEP_WAIT = 120_000
"""The longest wait for keeping the whole site (about 11 MB from a local server), in ms."""
PROGRESS_JS = """() => {
    window.keptCounts = [];
    const status = document.querySelector('.checker-keep__status');
    new MutationObserver(() => {
        const found = /(\\d+) of (\\d+) files/.exec(status.textContent);
        if (found) window.keptCounts.push([Number(found[1]), Number(found[2])]);
    }).observe(status, {childList: true, characterData: true, subtree: true});
}"""
"""Records each "n of N files" the keeper shows, as [n, N]."""

KEPT_JS = """async () => {
    const cache = await caches.open('checker-pages-v1');
    return (await cache.keys()).map(request => request.url);
}"""

BACKGROUND_JS = """() => [getComputedStyle(document.body).getPropertyValue('--md-default-bg-color'),
    getComputedStyle(document.querySelector('.md-main')).color]"""
"""The page's background colour in the scheme shown (Material's variable), and its text's."""

UNSERVED_JS = """() => performance.getEntriesByType('resource')
    .filter(entry => entry.responseStatus !== 200).map(entry => entry.name)"""
"""The files a page loaded that did not come whole (from its kept copy, offline)."""

WIDTH_JS = "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"

SERVED_JS = """urls => Promise.all(urls.map(async url => {
    const response = await fetch(url);
    const text = await response.text();
    const note = /<p class="checker-kept"[^]*?<\\/p>/.exec(text);
    const stamp = note && /<time datetime="([^"]*)"/.exec(note[0]);
    return {url, status: response.status, address: response.url,
            offline: text.includes('You are offline'), build: stamp ? stamp[1] : null};
}))"""
"""Each page asked for by the page shown, as its service worker answers: the status, the
address answered, whether it is the fallback page, and the build its kept-copy note names."""

OPENED = ["", "ti4/", "ti4/objective-cards/", "ti4/glossary/", "ti4/ask/", "ti4/scenarios/",
          "ti4/coverage/", "ti3/status-phase/", "arcs/battle/", "guide/ci/"]
"""The pages opened in full offline, one of each kind: the home page, a game's first page, a
rules page of each game, a glossary, an ask page, a list of scenarios, a coverage page and a
guide page (the others are asked for, and must come from their kept copy too)."""


class _Failing(_Handler):
    """The site's server, answering 500 for the paths in `failing`, and answering for those
    in `held` only once `release` is set; no answer is reused unasked (`Cache-Control:
    no-cache`)."""

    failing: ClassVar[set[str]] = set()
    held: ClassVar[set[str]] = set()
    release = threading.Event()

    def end_headers(self) -> None:
        # The browser asks again before it reuses an answer: offline, each must come from the
        # service worker's copies. Without this, the browser's own cache answers the worker's
        # requests for a while, judged by the files' age: minutes, for a build made earlier
        # in the run.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        if path in self.held:
            self.release.wait(timeout=60)
        if path in self.failing:
            self.send_error(500, "Broken for the test")
            return
        super().do_GET()


def _hold(path: str) -> None:
    _Failing.release.clear()
    _Failing.held = {path}


@pytest.fixture
def server(built: Path) -> Iterator[tuple[str, Callable[[], None]]]:
    """The built site on a server of its own: its URL, and how to stop it."""
    _Failing.failing, _Failing.held = set(), set()
    url, stop = start_server(built, _Failing)
    yield url, stop
    _Failing.release.set()
    stop()
    _Failing.failing, _Failing.held = set(), set()


@pytest.fixture
def listed(built: Path) -> dict[str, Any]:
    """The build's list of what to keep."""
    return json.loads((built / MANIFEST).read_text(encoding="utf-8"))


@pytest.fixture
def open_page(browser: Browser) -> Iterator[Callable[..., Page]]:
    """A page in a fresh browser context; an error thrown by the checker's scripts fails the
    test."""
    with checked_page_opener(browser, timeout=20_000) as opener:
        yield opener


def _keep_all(page: Page) -> None:
    keeper = page.locator(KEEP)
    keeper.scroll_into_view_if_needed()
    expect(keeper.locator("button")).to_have_text("Keep this site for offline reading")
    page.evaluate(PROGRESS_JS)
    keeper.locator("button").click()


def _screenshot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def _offline(page: Page, stop: Callable[[], None]) -> None:
    stop()
    page.context.set_offline(True)


def test_keeping_the_site_counts_every_file_and_every_page_then_opens_offline(
        server: tuple[str, Callable[[], None]], listed: dict[str, Any],
        open_page: Callable[..., Page]) -> None:
    root, stop = server
    page = open_page(viewport=DESKTOP)
    visit_kept(page, root)
    status = page.locator(STATUS)
    status.scroll_into_view_if_needed()  # how big, once a reader sees it
    expect(status).to_contain_text(f"{len(listed['pages'])} pages, ")
    total = len(listed["files"])
    _hold("/ti4/victory-points/walkthroughs.html")  # the rest kept, this one on its way
    _keep_all(page)
    expect(status).to_have_text(re.compile(
        rf"^Keeping for offline reading: {total - 1} of {total} files "
        r"\(\d+\.\d of \d+\.\d MB\)"),
        timeout=KEEP_WAIT)
    progress = page.locator(".checker-keep__progress")
    expect(progress).to_be_visible()
    assert progress.evaluate("p => [p.value, p.max]") == [total - 1, total]
    expect(page.locator(f"{KEEP} button")).to_be_disabled()
    _screenshot(page, "offline-keeping-1280-light")
    _Failing.release.set()
    expect(status).to_have_text(re.compile(
        rf"^Kept for offline reading: all {len(listed['pages'])} pages of the site as built "
        rf"on .+\. They open without a network\.$"), timeout=KEEP_WAIT)
    expect(page.locator(f"{KEEP} button")).to_have_text("Keep again")
    expect(progress).to_be_hidden()
    counts = page.evaluate("window.keptCounts")
    assert {of for _, of in counts} == {total}, "n of N, N the files the build lists"
    done = [count for count, _ in counts]
    assert done == sorted(done) and done[-1] == total and len(set(done)) > 1, done
    _screenshot(page, "offline-kept-1280-light")
    kept = set(page.evaluate(KEPT_JS))
    assert {root + file["url"] for file in listed["files"]} - kept == set()
    assert not [url for url in kept if "/assets/checker/browser/" in url and
                "/pyodide/" in url], "the checker's runtime only when asked for"

    _offline(page, stop)
    urls = [entry["url"] for entry in listed["pages"]]
    assert set(OPENED) <= set(urls)
    served = page.evaluate(SERVED_JS, [root + url for url in urls])
    assert [answer for answer in served if (answer["status"], answer["address"],
             answer["offline"], answer["build"]) != (200, answer["url"], False, listed["build"])
            ] == [], "every page comes from its kept copy, which names its build"
    for url in OPENED:  # each one never opened before but the home page
        page.goto(root + url)
        expect(page.locator("article h1").first).not_to_have_text("You are offline")
        note = page.locator("article .checker-kept")
        expect(note).to_be_visible()
        assert note.locator("time").get_attribute("datetime") == listed["build"], url
        assert page.url == root + url
        assert page.evaluate(UNSERVED_JS) == [], url
    # A walkthrough of a page never opened online: from its file, kept too, vouching nothing.
    page.goto(root + "arcs/battle/")
    line = page.locator("[data-walkthrough-line]").filter(has_text="steps)").first
    line.locator("[data-open-walkthrough]").click()
    walkthrough = page.locator("[data-walkthrough]").first
    expect(walkthrough.locator(".wt-stepper")).to_be_visible()
    expect(walkthrough.locator(".wt-badge").first).to_have_text("Not confirmed")
    # Search works offline, from the kept index, and marks nothing: every page is kept.
    groups = material_search(page, "ransack")
    expect(groups.first).to_be_visible()
    expect(page.locator(".checker-unkept__label")).to_have_count(0)


def test_what_could_not_be_kept_is_named_and_tried_again_on_a_phone(
        server: tuple[str, Callable[[], None]], listed: dict[str, Any],
        open_page: Callable[..., Page]) -> None:
    root, _ = server
    page = open_page(viewport=PHONE, color_scheme="dark")
    visit_kept(page, root)
    _Failing.failing = {"/ti3/status-phase/", "/ti4/victory-points/walkthroughs.html"}
    _hold("/ti4/victory-points/walkthroughs.html")
    _keep_all(page)
    total = len(listed["files"])
    status = page.locator(STATUS)
    expect(status).to_contain_text(f"{total - 1} of {total} files", timeout=KEEP_WAIT)
    page.locator(KEEP).scroll_into_view_if_needed()
    _screenshot(page, "offline-keeping-390-dark")
    _Failing.release.set()
    expect(status).to_have_text(f"Kept {total - 2} of {total} files; 2 could not be kept:",
                                timeout=KEEP_WAIT)
    failed = page.locator(".checker-keep__failed li")
    expect(failed).to_have_text([
        re.compile(r"^(Status Phase \(1-11\)|ti4/victory-points/walkthroughs\.html): the site "
                   r"answered 500 Broken for the test$")] * 2)
    assert sorted(failed.all_inner_texts()) == [
        "Status Phase (1-11): the site answered 500 Broken for the test",
        "ti4/victory-points/walkthroughs.html: the site answered 500 Broken for the test"]
    page.locator(KEEP).scroll_into_view_if_needed()
    scrolled, width = page.evaluate(WIDTH_JS)
    assert scrolled <= width, "the keeper fits the phone"
    _screenshot(page, "offline-failed-390-dark")
    assert page.evaluate("window.keptCounts").count([total - 2, total]) >= 1

    _Failing.failing = set()
    page.evaluate(PROGRESS_JS)
    page.locator(f"{KEEP} button", has_text="Try again").click()
    expect(status).to_contain_text(f"Kept for offline reading: all {len(listed['pages'])} pages",
                                   timeout=KEEP_WAIT)
    expect(page.locator(".checker-keep__failed")).to_be_hidden()
    assert page.evaluate("window.keptCounts")[-1] == [total, total], "only the two again"
    kept = set(page.evaluate(KEPT_JS))
    assert {root + "ti3/status-phase/", root + "ti4/victory-points/walkthroughs.html"} <= kept
    _screenshot(page, "offline-kept-390-dark")
    # Kept from an earlier build than the page's: it says so, and offers to keep it again.
    page.evaluate("""async () => {
        const builds = await caches.open('checker-builds-v1');
        const record = await (await builds.match(new URL('/kept-whole', location))).json();
        record.build = '2000-01-01T00:00:00.000Z';
        await builds.put(new URL('/kept-whole', location), new Response(JSON.stringify(record)));
    }""")
    page.reload()
    expect(status).to_contain_text("The site has changed since: keep it again")
    expect(page.locator(f"{KEEP} button")).to_have_text("Keep again")


def _choose_scheme(page: Page, scheme: str) -> None:
    """The reader picks the colour scheme with Material's toggle in the header."""
    material = {"light": "default", "dark": "slate"}[scheme]
    body = page.locator("body")
    for _ in range(2):
        if body.get_attribute("data-md-color-scheme") == material:
            return
        page.locator('form[data-md-component="palette"] label:visible').first.click()
    expect(body).to_have_attribute("data-md-color-scheme", material)


@pytest.mark.parametrize(("width", "scheme"), [(1280, "light"), (1280, "dark"),
                                               (390, "light"), (390, "dark")])
def test_the_fallback_page_has_the_sites_look_and_lists_kept_pages_by_title(
        server: tuple[str, Callable[[], None]], open_page: Callable[..., Page],
        listed: dict[str, Any], width: int, scheme: str) -> None:
    root, stop = server
    asked = next(page["title"] for page in listed["pages"] if page["url"] == "ti3/end-of-game/")
    # The reader's system says the other scheme: the choice on the site is what counts.
    page = open_page(viewport={"width": width, "height": 900},
                     color_scheme="dark" if scheme == "light" else "light")
    visit_kept(page, root)
    _choose_scheme(page, scheme)
    visit_kept(page, root + PAGE)
    background = page.evaluate(BACKGROUND_JS)
    _offline(page, stop)
    page.goto(root + "ti3/end-of-game/")
    assert page.url == root + "offline/?from=ti3%2Fend-of-game%2F"
    expect(page.locator("article h1")).to_have_text(re.compile("^You are offline"))
    expect(page.locator(".checker-offline__asked")).to_have_text(
        f"{asked} is not kept in this browser, and the site did not answer. "
        "Try again once you are online.")
    assert page.locator(".checker-offline__asked a").get_attribute("href") == \
        root + "ti3/end-of-game/"
    links = page.locator(".checker-offline__pages a")
    expect(links).to_have_text(["Home", "Objective Cards (61)"])
    assert links.evaluate_all("links => links.map(a => a.href)") == [root, root + PAGE]
    expect(page.locator(".checker-offline h2")).to_have_text(["Twilight Imperium 4"])
    # The site's theme: its header, its stylesheet, the reader's scheme and its colours.
    expect(page.locator(".md-header")).to_be_visible()
    assert page.locator("body").get_attribute("data-md-color-scheme") == \
        {"light": "default", "dark": "slate"}[scheme]
    assert page.evaluate(BACKGROUND_JS) == background
    assert page.locator("article h1").evaluate("h => getComputedStyle(h).fontWeight") == "300"
    scrolled, shown = page.evaluate(WIDTH_JS)
    assert scrolled <= shown
    _screenshot(page, f"offline-fallback-{width}-{scheme}")
    page.locator(f"{KEEP} button").click()  # offline: nothing to do but say so
    expect(page.locator(STATUS)).to_have_text(
        "You are offline: keep the site once it can be reached.")
    if width < 1280:
        return  # the nav is in the drawer on a phone
    # A link followed from a kept page (Material's instant navigation) leads there too.
    page.go_back()
    expect(page.locator("article h1").first).to_contain_text("Objective Cards")
    page.locator('.md-nav--primary a.md-nav__link[href$="/ti4/status-phase/"]').first.click()
    page.wait_for_url("**/offline/?from=ti4%2Fstatus-phase%2F")
    expect(page.locator(".checker-offline__asked strong")).to_have_text("Status Phase (81)")


@pytest.mark.parametrize(("width", "scheme"), [(1280, "light"), (390, "dark")])
def test_offline_search_marks_the_results_whose_page_is_not_kept(
        server: tuple[str, Callable[[], None]], open_page: Callable[..., Page],
        width: int, scheme: str) -> None:
    root, stop = server
    page = open_page(viewport={"width": width, "height": 900}, color_scheme=scheme)
    visit_kept(page, root)
    visit_kept(page, root + PAGE)
    groups = material_search(page, "status phase")
    expect(page.locator("a.md-search-result__link.checker-unkept")).to_have_count(0)
    page.keyboard.press("Escape")
    _offline(page, stop)
    page.reload()
    groups = material_search(page, "status phase")
    expect(page.locator(".checker-unkept__label").first).to_be_visible()
    marked = groups.evaluate_all("""groups => groups.map(group => {
        const link = group.querySelector('a.md-search-result__link');
        return [new URL(link.href).pathname, link.classList.contains('checker-unkept'),
                group.querySelectorAll('.checker-unkept__label').length];
    })""")
    assert len({path for path, _, _ in marked}) >= 3
    for path, unkept, labels in marked:
        is_kept = path in ("/", f"/{PAGE}")
        assert (unkept, labels) == ((False, 0) if is_kept else (True, 1)), path
    assert page.locator(".checker-unkept__label").first.inner_text() == \
        "Not kept: opens only online"
    _screenshot(page, f"offline-search-{width}-{scheme}")
    # A marked result, followed, leads to the fallback page, which names it.
    page.locator("a.md-search-result__link.checker-unkept").first.click()
    page.wait_for_url("**/offline/?from=*")
    expect(page.locator(".checker-offline__asked")).to_contain_text("is not kept")


def test_the_ask_pages_checker_is_kept_when_the_reader_asks_for_it(
        server: tuple[str, Callable[[], None]], listed: dict[str, Any],
        open_page: Callable[..., Page]) -> None:
    root, _ = server
    assert listed["checker"], "the build has the in-page checker to keep"
    page = open_page(viewport=DESKTOP)
    visit_kept(page, root + "ti4/ask/")
    keeper = page.locator(KEEP)
    keeper.scroll_into_view_if_needed()
    option = keeper.locator(".checker-keep__option")
    expect(option).to_contain_text(
        re.compile(r"Also the checker for the Ask pages \(\d+\.\d MB more\)"))
    option.locator("input").check()
    _keep_all(page)
    expect(page.locator(STATUS)).to_contain_text(
        f"all {len(listed['pages'])} pages of the site as built on", timeout=KEEP_WAIT)
    expect(page.locator(STATUS)).to_contain_text("and the Ask pages' checker")
    total = len(listed["files"]) + len(listed["checker"])
    assert page.evaluate("window.keptCounts")[-1] == [total, total]
    kept = set(page.evaluate(KEPT_JS))
    assert {root + file["url"] for file in listed["checker"]} - kept == set()


def test_without_the_builds_list_a_page_not_kept_still_lists_kept_pages_by_title(
        server: tuple[str, Callable[[], None]], open_page: Callable[..., Page]) -> None:
    """As under Zensical, which writes no list and no fallback page: the worker's own note,
    with each kept page's title as the page shows it, in the reader's chosen scheme."""
    root, stop = server
    _Failing.failing = {f"/{MANIFEST}"}
    page = open_page(viewport=PHONE, color_scheme="light")
    visit_kept(page, root)
    _choose_scheme(page, "dark")
    visit_kept(page, root + PAGE)
    _offline(page, stop)
    page.goto(root + "ti3/end-of-game/")
    assert page.url == root + "ti3/end-of-game/"
    expect(page.locator("h1")).to_have_text("You are offline")
    links = page.locator("li a")
    expect(links).to_have_text(["Rules reference with proven examples", "61 Objective Cards"])
    assert links.evaluate_all("links => links.map(a => a.href)") == [root, root + PAGE]
    assert page.evaluate("document.documentElement.className") == "dark"
    assert page.evaluate("getComputedStyle(document.body).colorScheme") == "dark"
    _screenshot(page, "offline-plain-note-390-dark")
