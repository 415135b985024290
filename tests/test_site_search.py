"""Finding a rule with the site search, in Chromium, as a reader does: type a rule number or
a term in the search box, and the rule comes first; its result opens the page at the rule,
highlighted. The real site, built by MkDocs (Material's search) and by Zensical (its own).
Also the "Cited by" link that ends a rule."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsers import (
    ACTION_TIMEOUT,
    assert_on_site,
    build_zensical_site,
    chromium,
    first_result,
    material_search,
    serving,
)
from playwright.sync_api import Browser, Page, expect

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "build" / "screenshots"

QUERIES = {
    "61.6": ("ti4/objective-cards/", "ti4:61.6"),
    "ti4:61.6": ("ti4/objective-cards/", "ti4:61.6"),
    "2.3c": ("arcs/scoring-ambitions/", "arcs:2.3c"),
    "2.3": ("arcs/scoring-ambitions/", "arcs:2.3"),
    "81.2": ("ti4/status-phase/", "ti4:81.2"),
    "13.3a": ("ti3/end-of-game/", "ti3:13.3a"),
    "Tycoon": ("arcs/scoring-ambitions/", "arcs:2.3a"),
    "initiative order": ("ti4/initiative-order/", "ti4:48.1"),
}
"""Each query, the page of the rule it must find first, and that rule: a term of a game's
glossary finds its defining rule (ti4:48.1 defines "initiative order"). The ranking for the
page being read: test_search_ranking.py."""


@pytest.fixture(scope="module")
def sites(built: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The real site built by MkDocs, and by Zensical after the pre-build step."""
    return {"mkdocs": built, "zensical": build_zensical_site(tmp_path_factory.mktemp("zensical"))}


@pytest.fixture(scope="module")
def served(sites: dict[str, Path]) -> Iterator[dict[str, str]]:
    """Each site served on a free local port: its base URL."""
    with serving(sites["mkdocs"]) as mkdocs, serving(sites["zensical"]) as zensical:
        yield {"mkdocs": mkdocs, "zensical": zensical}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A page in a fresh browser context; a request it makes off the site fails the test."""
    context = browser.new_context(viewport={"width": 1200, "height": 800})
    context.set_default_timeout(ACTION_TIMEOUT)
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    yield context.new_page()
    context.close()
    assert_on_site(requests)


def landed_on(page: Page, path: str, rule: str) -> None:
    """The page opened is `path`, at `rule`'s item, near the top of the window; when the
    address names the rule (a rule item's search entry), the item is highlighted."""
    page.wait_for_url(f"**/{path}**")
    ref = rule.partition(":")[2]
    item = page.locator(f'[id="{ref}"]')
    expect(item).to_be_in_viewport()
    top = item.evaluate("item => item.getBoundingClientRect().top")
    assert 40 <= top <= 200, f"{rule} at {top}px from the top"
    if page.evaluate("location.hash") == f"#{rule}":
        expect(page.locator(":target")).to_have_attribute("id", rule)
        background = item.evaluate("item => getComputedStyle(item).backgroundColor")
        assert background not in ("rgba(0, 0, 0, 0)", "transparent"), "not highlighted"


@pytest.mark.parametrize("query", QUERIES)
def test_material_search_finds_the_rule_first_and_opens_the_page_at_it(
        served: dict[str, str], page: Page, query: str) -> None:
    path, rule = QUERIES[query]
    page.goto(served["mkdocs"])
    hit = first_result(material_search(page, query))
    expect(hit).to_have_attribute("href", opening(path, rule))
    if query == "61.6":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "search-61.6-results.png"))
    hit.click()
    landed_on(page, path, rule)
    if query == "61.6":
        page.screenshot(path=str(SCREENSHOTS / "search-61.6-landed.png"))


def opening(path: str, rule: str) -> re.Pattern[str]:
    """A result's address that opens `path` at `rule`, or at its top (a page without rules)."""
    return re.compile(rf"^[^#]*{re.escape(path)}[^#]*(#{re.escape(rule)})?$")


def zensical_results(page: Page, query: str) -> Any:
    """The results of Zensical's search dialog (in a shadow root) for `query`, in order.
    The dialog focuses its query box a moment after it opens: keys typed before are lost."""
    page.locator(".md-search__button").click()
    expect(page.locator("input[role=combobox]")).to_be_focused()
    page.keyboard.type(query)
    options = page.locator("ol[role=listbox] a[role=option]")
    expect(options.first).to_be_visible()
    return options


@pytest.mark.parametrize("query", QUERIES)
def test_zensical_search_finds_the_rule_first_and_opens_the_page_at_it(
        served: dict[str, str], page: Page, query: str) -> None:
    path, rule = QUERIES[query]
    page.goto(served["zensical"])
    first = zensical_results(page, query).first
    # Results come as the query is typed: wait for those of the whole query.
    expect(first).to_have_attribute("href", opening(path, rule))
    first.click()
    landed_on(page, path, rule)


ZENSICAL_READ = [("game ends", "arcs/ending-a-chapter/", "arcs:4.1"),
                 ("destroy", "ti4/victory-points/", "ti4:61.9"),
                 ("destroy", "arcs/battle/", "arcs:9.9")]
"""Under Zensical, queries whose first result is of the game of the page read only because
the reader's script ranks the page of results Zensical gives (its own order puts a TI3 page
first for "game ends", and a section of examples first for "destroy")."""


@pytest.mark.parametrize(("query", "reading", "rule"), ZENSICAL_READ)
def test_zensical_ranks_the_game_read_first(served: dict[str, str], page: Page, query: str,
                                            reading: str, rule: str) -> None:
    page.goto(served["zensical"] + reading)
    options = zensical_results(page, query)
    # The address names the whole query once its results are shown.
    words = re.escape("+".join(query.split()))
    expect(options.first).to_have_attribute(
        "href", re.compile(rf"/{re.escape(reading.split('/')[0])}/[^?#]*\?h={words}#"
                           rf"{re.escape(rule)}$"))


def test_zensical_filters_the_search_by_game(served: dict[str, str], page: Page) -> None:
    """Zensical's search offers its own filters, by tag: the reader's script tags each entry
    with its game, so a reader limits the search to one game there."""
    page.goto(served["zensical"] + "ti4/objective-cards/")
    options = zensical_results(page, "destroy")
    arcs = page.locator("ol[role=listbox] a[role=option][href*='/arcs/']")
    expect(arcs.first).to_be_attached()
    games = page.locator(  # beside the results on a wide screen: each a tag and its count
        "button[aria-pressed]", has_text=re.compile(r"^\s*(TI4|TI3|Arcs)\s*\d+\s*$"))
    expect(games).to_have_count(3)
    ti4 = games.filter(has_text=re.compile(r"^\s*TI4"))
    ti4.click()
    expect(ti4).to_have_attribute("aria-pressed", "true")
    expect(arcs).to_have_count(0)
    expect(options.first).to_have_attribute("href", re.compile(r"/ti4/"))
    hrefs = options.evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert hrefs and all("/ti4/" in href for href in hrefs), hrefs


def test_cited_by_opens_under_the_rule_and_leads_to_a_walkthrough_step(
        served: dict[str, str], page: Page) -> None:
    page.goto(served["mkdocs"] + "ti4/objective-cards/")
    rule = page.locator('[id="61.6"]')
    toggle = rule.locator(":scope > a.rule-uses")
    expect(toggle).to_have_text(re.compile(r"Cited by \d+"))
    listed = page.locator('[id="cited-by-61.6"]')
    expect(listed).to_have_count(0)
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(listed).to_be_visible()
    assert page.evaluate("document.getElementById('61.6').nextElementSibling.id") == \
        "cited-by-61.6", "right under the rule"
    step = listed.locator('a[href$="#ti4-objectives-one-public-one-secret--step-2"]')
    expect(step).to_be_visible()
    assert page.url == served["mkdocs"] + "ti4/objective-cards/", "opened in place"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "cited-by-61.6.png"))
    toggle.click()
    expect(listed).to_be_hidden()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    step.click()
    expect(page.locator('[id="ti4-objectives-one-public-one-secret--step-2"]')).to_be_visible()
    assert page.evaluate("location.hash") == "#ti4-objectives-one-public-one-secret--step-2"


def test_both_real_sites_publish_the_same_rules_json(sites: dict[str, Path]) -> None:
    """Also here, where the real site is built by both generators."""
    ours, theirs = ((sites[g] / "rules.json").read_bytes() for g in ("mkdocs", "zensical"))
    assert ours == theirs
    data = json.loads(ours)
    rule = next(r for r in data["rules"] if r["id"] == "ti4:61.6")
    assert rule["url"] == "ti4/objective-cards/#61.6"
    assert "ti4-objectives-one-public-one-secret" in rule["illustrated_by"]
    assert "ti4-objectives-one-public-one-secret" in rule["cited_by_engine"]
    assert "ti4:81.1" in rule["referenced_by"]
    assert len({s["id"] for s in data["scenarios"]}) == len(data["scenarios"]) > 200
    assert {s["verdict"] for s in data["scenarios"]} <= {"verified", "disputed"}
