"""Search that answers, in Chromium, on the real site built by MkDocs (Material's search):
a player reading a page types a number, a term or a question in the search box, and the
first result is the rule that answers it. Results of the game read come first, rule entries
before sections, guide pages and examples, a glossary term finds its defining rule, and a
switch next to the search box limits the search to the game read (light and dark, on a
390 px phone too)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from browsers import (
    ACTION_TIMEOUT,
    chromium,
    first_result,
    material_search,
    serving,
)
from playwright.sync_api import Browser, Locator, Page, expect
from test_site_browser import _Handler

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "build" / "screenshots"


class Asked(NamedTuple):
    query: str
    reading: str
    """The page being read, from the site's root."""
    rule: str
    """The rule that must come first."""


ASKED = [Asked(*row) for row in [
    # Rule numbers: the game read decides between games that share a number.
    ("61.6", "ti4/objective-cards/", "ti4:61.6"),
    ("ti4:61.6", "", "ti4:61.6"),
    ("98.7", "ti4/victory-points/", "ti4:98.7"),
    ("81.2", "ti4/status-phase/", "ti4:81.2"),
    ("81", "ti4/objective-cards/", "ti4:81"),
    ("61 note 2", "ti4/objective-cards/", "ti4:61.note2"),
    ("2.3c", "arcs/scoring-ambitions/", "arcs:2.3c"),
    ("2.3", "arcs/scoring-ambitions/", "arcs:2.3"),
    ("2.3", "ti3/status-phase/", "ti3:2.3"),
    ("1.1", "arcs/ending-a-chapter/", "arcs:1.1"),
    ("1.1", "ti3/status-phase/", "ti3:1.1"),
    ("13.3a", "ti3/end-of-game/", "ti3:13.3a"),
    ("9.9", "arcs/battle/", "arcs:9.9"),
    ("arcs:9.9a", "ti4/objective-cards/", "arcs:9.9a"),
    # Glossary terms: the rule that defines them, of the game read.
    ("Outrage", "arcs/battle/", "arcs:9.9a"),
    ("Catapult", "arcs/standard-actions/", "arcs:8.3a"),
    ("Tycoon", "arcs/scoring-ambitions/", "arcs:2.3a"),
    ("Warlord", "arcs/scoring-ambitions/", "arcs:2.3c"),
    ("Trophies", "arcs/battle/", "arcs:6.12"),
    ("Captives", "arcs/scoring-ambitions/", "arcs:6.12"),
    ("Surpass", "arcs/playing-cards/", "arcs:7.5a"),
    ("Pivot", "arcs/playing-cards/", "arcs:7.5c"),
    ("seize the initiative", "arcs/playing-cards/", "arcs:7.7"),
    ("Loyal", "arcs/standard-actions/", "arcs:6.5"),
    ("control", "arcs/the-board/", "arcs:6.8"),
    ("court", "arcs/the-board/", "arcs:6.13"),
    ("power", "arcs/scoring-ambitions/", "arcs:2.6"),
    ("raid", "arcs/battle/", "arcs:9.10"),
    ("initiative order", "ti4/status-phase/", "ti4:48.1"),
    ("speaker", "ti4/status-phase/", "ti4:84.1"),
    ("home system", "ti4/objective-cards/", "ti4:61.16"),
    ("home system", "ti3/status-phase/", "ti3:3.1"),
    ("secret objective", "ti4/objective-cards/", "ti4:61.17"),
    ("public objective", "ti3/status-phase/", "ti3:2.3"),
    ("stage II", "ti4/status-phase/", "ti4:61.13"),
    ("custodians token", "ti4/victory-points/", "ti4:27"),
    ("fleet pool", "ti4/status-phase/", "ti4:37"),
    ("Imperium Rex", "ti3/end-of-game/", "ti3:13.1"),
    ("scuttle", "ti3/status-phase/", "ti3:11.1"),
    ("preliminary objective", "ti3/status-phase/", "ti3:4.1"),
    # Players' words.
    ("destroy city", "arcs/battle/", "arcs:9.9"),
    ("catapult rival starport", "arcs/standard-actions/", "arcs:8.3d"),
    ("game ends", "ti4/victory-points/", "ti4:98.7"),
    ("game ends", "arcs/ending-a-chapter/", "arcs:4.1"),
    ("game ends", "ti3/end-of-game/", "ti3:13.2"),
    ("reaches the goal", "ti4/status-phase/", "ti4:98.7"),
    ("10th point status phase", "ti4/status-phase/", "ti4:98.7"),
    ("no objective left to reveal", "ti4/victory-points/", "ti4:61.15"),
    ("three secret objectives", "ti4/objective-cards/", "ti4:61.21"),
    ("fourth secret objective", "ti4/objective-cards/", "ti4:61.note8"),
    ("hand limit", "ti4/action-cards/", "ti4:2.4"),
    ("seven action cards", "ti4/status-phase/", "ti4:2.4"),
    ("repair units", "ti4/status-phase/", "ti4:81.7"),
    ("reveal public objective", "ti4/status-phase/", "ti4:81.2"),
    ("custodians victory point", "ti4/custodians-token/", "ti4:27.3"),
    ("custodians 6 influence", "ti4/custodians-token/", "ti4:27.2"),
    ("space combat ground combat", "ti4/objective-cards/", "ti4:61.7a"),
    ("fleet pool excess ships", "ti4/fleet-pool/", "ti4:37.3"),
    ("trade good instead of influence", "ti4/trade-goods/", "ti4:93.4b"),
    ("mulligan", "arcs/ending-a-chapter/", "arcs:5.4"),
    ("out of action cards", "arcs/ending-a-chapter/", "arcs:1.1a"),
    ("fifth chapter", "arcs/ending-a-chapter/", "arcs:4.2"),
    ("intercept", "arcs/battle/", "arcs:9.6b"),
    ("how many dice", "arcs/battle/", "arcs:9.4"),
    ("stolen guild card", "arcs/battle/", "arcs:9.10d"),
    ("outrage already outraged", "arcs/battle/", "arcs:9.9d"),
    ("tie for second", "arcs/scoring-ambitions/", "arcs:2.8"),
    ("both tied for first", "arcs/scoring-ambitions/", "arcs:2.7"),
    ("bonus power cities", "arcs/scoring-ambitions/", "arcs:2.10"),
    ("tax rival city", "arcs/standard-actions/", "arcs:8.1c"),
    ("secure a card", "arcs/standard-actions/", "arcs:8.6"),
    ("tie most planets", "ti3/end-of-game/", "ti3:13.3a"),
    ("unused command counters tie", "ti3/end-of-game/", "ti3:13.3b"),
    ("long track", "ti3/end-of-game/", "ti3:12.1"),
    ("enemy ships home system", "ti3/status-phase/", "ti3:3.2"),
]]
"""Each query, the page it is asked from, and the rule its first result must open."""


@pytest.fixture(scope="module")
def site(built: Path) -> Iterator[str]:
    """Served as if deployed at its `site_url`, so that Material's instant navigation swaps
    pages (`test_site_browser._Handler`)."""
    with serving(built, _Handler) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def reader(browser: Browser, site: str) -> Iterator[dict[str, Page]]:
    """One open page for each page read, kept for the module's queries (the search is
    cleared between them)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(ACTION_TIMEOUT)

    class Pages(dict[str, Page]):
        def __missing__(self, path: str) -> Page:
            page = self[path] = context.new_page()
            page.goto(site + path)
            return page

    yield Pages()
    context.close()


def places(built: Path, rule: str) -> re.Pattern[str]:
    """The addresses a result for `rule` may have: its page, with the rule's own entry (the
    full id) or the heading it is (its number), or none where the rule heads the page."""
    rules = json.loads((built / "rules.json").read_text(encoding="utf-8"))["rules"]
    url = next(r["url"] for r in rules if r["id"] == rule)
    page, _, ref = url.partition("#")
    html = (built / page / "index.html").read_text(encoding="utf-8")
    heads = re.search(rf'<h1 [^>]*data-rule="{re.escape(rule)}"', html) is not None
    anchors = f"#(?:{re.escape(rule)}|{re.escape(ref)})" + ("|" if heads else "")
    return re.compile(rf"^[^#?]*/{re.escape(page)}(?:\?[^#]*)?(?:{anchors})$")


@pytest.mark.parametrize("asked", ASKED, ids=[f"{a.query}@{a.reading or 'home'}" for a in ASKED])
def test_the_first_result_is_the_rule_that_answers(
        reader: dict[str, Page], built: Path, asked: Asked) -> None:
    page = reader[asked.reading]
    first = first_result(material_search(page, asked.query)).get_attribute("href") or ""
    assert places(built, asked.rule).match(first), \
        f"{asked.query!r} read from /{asked.reading}: first {first}, not {asked.rule}"


def test_the_query_set_is_large_and_asks_from_every_game() -> None:
    assert len(ASKED) >= 40
    assert {a.rule.partition(":")[0] for a in ASKED} == {"ti4", "ti3", "arcs"}
    assert len({(a.query, a.reading) for a in ASKED}) == len(ASKED)


def test_the_built_index_names_the_terms_each_rule_defines(built: Path) -> None:
    index = json.loads((built / "search" / "search_index.json").read_text(encoding="utf-8"))
    glossary = {doc["location"]: doc["glossary"] for doc in index["docs"] if "glossary" in doc}
    assert glossary["arcs/battle/#arcs:9.9a"] == ["Outrage", "Outraged"]
    assert glossary["ti4/initiative-order/#ti4:48.1"] == ["Initiative order", "Initiative number"]
    assert "Custodians token" in glossary["ti4/custodians-token/"]
    assert len(glossary) > 60


def groups_of(groups: Locator) -> list[str]:
    """The page of each result group, from its first link."""
    return [re.sub(r"^https?://[^/]+/|[?#].*$", "", href) for href in groups.evaluate_all(
        "items => items.map(item => item.querySelector('a').getAttribute('href'))")]


def test_rule_entries_come_before_guide_pages_and_the_home_page(
        reader: dict[str, Page]) -> None:
    for query, reading in [("61.6", "ti4/objective-cards/"), ("Catapult", "arcs/battle/")]:
        pages = groups_of(material_search(reader[reading], query))
        game = reading.split("/")[0]
        others = [i for i, p in enumerate(pages) if not p.startswith(f"{game}/")]
        ours = [i for i, p in enumerate(pages) if p.startswith(f"{game}/")]
        assert ours and others and max(ours) < min(others), (query, pages)


def switch(page: Page) -> Locator:
    return page.locator(".md-search-result .search-scope")


def test_a_reader_can_limit_the_search_to_the_game_read(
        browser: Browser, site: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(ACTION_TIMEOUT)
    try:
        page = context.new_page()
        page.goto(site + "ti4/objective-cards/")
        games = {p.split("/")[0] for p in groups_of(material_search(page, "destroy"))}
        assert {"ti4", "arcs"} <= games, games
        toggle = switch(page)
        expect(toggle).to_have_text("TI4 only")
        expect(toggle).to_have_attribute("aria-pressed", "false")
        toggle.click()
        expect(toggle).to_have_attribute("aria-pressed", "true")
        expect(page.locator(".md-search__input")).to_be_visible()
        groups = page.locator("li.md-search-result__item")
        expect(groups.locator("a[href*='/arcs/']")).to_have_count(0)
        assert {p.split("/")[0] for p in groups_of(groups)} == {"ti4"}
        # Remembered on the next page, and there it names that page's game.
        page.goto(site + "arcs/battle/")
        groups = material_search(page, "destroy")
        expect(switch(page)).to_have_text("Arcs only")
        expect(switch(page)).to_have_attribute("aria-pressed", "true")
        assert {p.split("/")[0] for p in groups_of(groups)} == {"arcs"}
        switch(page).click()
        expect(switch(page)).to_have_attribute("aria-pressed", "false")
        expect(groups.locator("a[href*='/ti4/']").first).to_be_attached()
        # Not shown where no game is read.
        page.goto(site + "guide/writing-scenarios/")
        material_search(page, "destroy")
        expect(switch(page)).to_be_hidden()
    finally:
        context.close()


def test_instant_navigation_ranks_for_the_page_now_read(browser: Browser, site: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(ACTION_TIMEOUT)
    try:
        page = context.new_page()
        page.goto(site + "ti4/victory-points/")
        assert places_from(page, "game ends") == "ti4/victory-points/#ti4:98.7"
        page.evaluate("window.__sameDocument = true")
        page.keyboard.press("Escape")
        page.locator('.md-nav--primary a.md-nav__link[href$="/arcs/ending-a-chapter/"]').first \
            .click()
        page.wait_for_url("**/arcs/ending-a-chapter/")
        assert page.evaluate("window.__sameDocument === true"), "reloaded, not swapped"
        assert places_from(page, "game ends") == "arcs/ending-a-chapter/#arcs:4.1"
        expect(switch(page)).to_have_text("Arcs only")
    finally:
        context.close()


def test_ranks_when_the_index_reached_the_worker_before_the_script_ran(
        browser: Browser, site: str) -> None:
    """The page hands its worker the index as soon as it is read; a script that loads late
    missed it, and reads the index itself, then ranks again the answer shown (a query typed
    before it has read the index is answered unranked first: under load, for a moment)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(ACTION_TIMEOUT)
    try:
        page = context.new_page()
        held: list[Any] = []
        page.route("**/assets/checker/checker.js", lambda route: held.append(route))
        page.goto(site + "ti4/victory-points/", wait_until="commit")
        # The worker has the index and has answered the empty query: the script is not there.
        expect(page.locator(".md-search-result__meta")).to_have_text("Type to start searching")
        assert len(held) == 1
        held[0].continue_()
        page.wait_for_load_state("load")
        material_search(page, "game ends")
        page.wait_for_function(f"() => ({FIRST_JS})() === 'ti4/victory-points/#ti4:98.7'")
    finally:
        context.close()


FIRST_JS = """() => {
    const group = document.querySelector('li.md-search-result__item');
    const links = group ? Array.from(group.querySelectorAll('a.md-search-result__link')) : [];
    const scores = links.map(a => parseFloat(a.querySelector('article').dataset.mdScore));
    const href = links.length ? links[scores.indexOf(Math.max(...scores))].getAttribute('href') : '';
    return href.replace(/^https?:\\/\\/[^/]+\\//, '').replace(/\\?[^#]*/, '');
}"""
"""The page and anchor of the first result shown, as `first_result` and `places_from` find
them."""


def places_from(page: Page, query: str) -> str:
    href = first_result(material_search(page, query)).get_attribute("href") or ""
    return re.sub(r"^https?://[^/]+/|\?[^#]*", "", href)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_switch_on_a_phone(browser: Browser, site: str, scheme: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme,
                                  has_touch=True, is_mobile=True, device_scale_factor=2)
    context.set_default_timeout(ACTION_TIMEOUT)
    try:
        page = context.new_page()
        page.goto(site + "arcs/battle/")
        groups = material_search(page, "destroy")
        # A phone lays the page out wider for a moment as the search opens (Chromium's mobile
        # viewport), then at its own width: the switch is measured once it is back.
        page.wait_for_function("innerWidth === 390 && document.documentElement.scrollWidth === 390")
        toggle = switch(page)
        expect(toggle).to_be_in_viewport()
        box: Any = toggle.bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24, box
        assert box["x"] + box["width"] <= 390, box
        meta = page.locator(".md-search-result__meta").bounding_box()
        assert meta is not None and box["y"] < meta["y"] + meta["height"], "not on the count line"
        colours = toggle.evaluate(
            "el => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]")
        assert colours[0] != colours[1]
        toggle.tap()
        expect(toggle).to_have_attribute("aria-pressed", "true")
        expect(groups.locator("a[href*='/ti4/']")).to_have_count(0)
        pressed = toggle.evaluate(
            "el => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]")
        assert pressed != colours, "the switch looks the same on and off"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"search-switch-390-{scheme}.png"))
        toggle.tap()
        expect(toggle).to_have_attribute("aria-pressed", "false")
    finally:
        context.close()
