"""Finding a rule with the site search, in Chromium, as a reader does: type a rule number or
a term in the search box, and the rule comes first; its result opens the page at the rule,
highlighted. The real site, built by MkDocs (Material's search) and by Zensical (its own).
Also the "Cited by" toggle next to a rule's number."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsers import build_real_site, chromium, serving
from playwright.sync_api import Browser, Page, expect
from sites import generate

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
    "initiative order": ("ti4/initiative-order/", "ti4:48"),
}
"""Each query, the page of the rule it must find first, and that rule. A rule that is the
page's heading (ti4:48) is found as the page itself."""

REQUESTS: list[str] = []


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The real site built by MkDocs, and by Zensical after the pre-build step."""
    out = build_real_site(tmp_path_factory.mktemp("mkdocs-site"))
    work = tmp_path_factory.mktemp("zensical")
    shutil.copy2(ROOT / "mkdocs.yml", work / "mkdocs.yml")
    for folder in ("docs", "scenarios"):
        shutil.copytree(ROOT / folder, work / folder)
    step = subprocess.run([sys.executable, "-m", "checker.site", "--rules", "docs"], cwd=work,
                          capture_output=True, text=True, check=False, timeout=600)
    assert step.returncode == 0, step.stderr
    built = generate("zensical", work / "mkdocs.yml", "--clean")
    assert built.returncode == 0, built.stderr
    return {"mkdocs": out, "zensical": work / "site"}


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
    context = browser.new_context(viewport={"width": 1200, "height": 800})
    context.set_default_timeout(10_000)
    context.on("request", lambda request: REQUESTS.append(request.url))
    yield context.new_page()
    context.close()


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


def material_first_hit(page: Page, query: str) -> Any:
    """The first result Material's search shows for `query` that matched it (a page shown
    only as the heading of its sections' results did not)."""
    page.locator(".md-search__input").click()
    page.keyboard.type(query)
    hits = page.locator('a.md-search-result__link:has(article:not([data-md-score="0.00"]))')
    expect(hits.first).to_be_visible()
    return hits.first


@pytest.mark.parametrize("query", QUERIES)
def test_material_search_finds_the_rule_first_and_opens_the_page_at_it(
        served: dict[str, str], page: Page, query: str) -> None:
    path, rule = QUERIES[query]
    page.goto(served["mkdocs"])
    hit = material_first_hit(page, query)
    # Results come as the query is typed: wait for those of the whole query.
    first_group = page.locator("li.md-search-result__item").first
    expect(first_group.locator("a").first).to_have_attribute("href", re.compile(re.escape(path)))
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


def test_cited_by_opens_next_to_the_rule_number_and_leads_to_a_walkthrough_step(
        served: dict[str, str], page: Page) -> None:
    page.goto(served["mkdocs"] + "ti4/objective-cards/")
    rule = page.locator('[id="61.6"]')
    toggle = rule.locator(":scope > a.rule-num + button.rule-uses-toggle")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    listed = page.locator('details[data-rule-uses="ti4:61.6"]')
    expect(listed).to_be_hidden()
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(listed).to_be_visible()
    expect(listed.locator("summary")).to_be_hidden()
    step = listed.locator('a[href$="#ti4-objectives-one-public-one-secret--step-2"]')
    expect(step).to_be_visible()
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


def test_no_request_leaves_the_site(served: dict[str, str]) -> None:
    """Runs last: every request the tests above made."""
    assert len(REQUESTS) > 10
    outside = sorted({url for url in REQUESTS
                      if not url.startswith((*served.values(), "data:", "blob:"))})
    assert outside == []
