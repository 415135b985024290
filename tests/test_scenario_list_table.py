"""A game's scenario list, as a reader scans it (issue 31, items 5 and 8): its rows in the
order of the rules they illustrate, each row naming the page that shows the walkthrough by
that page's title and where the ruling comes from, and a choice of sources that shows only
the examples of one kind, in Chromium."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browsers import chromium, serving
from playwright.sync_api import Browser, Page, expect
from sites import GOOD, GOOD_YAML, built, html, make_site

_ROW = re.compile(r'<tr data-source="([a-z]+)"><td><a href="[^"]*#([^"]+)">[^<]*</a>[^\n]*?'
                  r'</td><td>([^\n]*?)</td><td>([^\n]*?)</td><td><a href="[^"]*">([^<]*)</a>'
                  r'</td></tr>')
_RULE = re.compile(r'<a class="rule-ref" href="[^"]*#([^"]+)"')
READING = 'source:\n  kind: reading\n  ref: "61.6"\n  why: The card counts once.\n'


def scenario(id: str, about: str, source: str = "") -> str:
    return GOOD_YAML.replace("ti4-page-example", id).replace("[ti4:61.12]\n",
                                                             f"{about}\n{source}")


@pytest.fixture(scope="module")
def listed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small site whose TI4 list shows seven scenarios: one a page shows, six standalone;
    two say their source, one of them this site's reading."""
    root = tmp_path_factory.mktemp("listed")
    side = "# TI3 and TI4 side by side\n\n" + GOOD.replace(
        "ti4-page-example", "ti4-a-side-by-side").replace("[ti4:61.12]", "[ti4:98.7]")
    config = make_site(root, {"ti4/ti3-and-ti4.md": side}, {
        "ti4/one.yaml": scenario("ti4-b-objectives", "[ti4:61.12, ti4:61.6]", READING),
        "ti4/two.yaml": scenario("ti4-c-first", "[ti4:61.6]",
                                 'source: {kind: rules, ref: "61.6"}\n'),
        "ti4/three.yaml": scenario("ti4-d-also-first", "[ti4:61.6, ti4:98.7]"),
        "ti4/four.yaml": scenario("ti4-e-note", "[ti4:61.note2]"),
        "ti4/five.yaml": scenario("ti4-f-section", "[ti4:61]"),
        "ti4/six.yaml": scenario("ti4-g-about-nothing", "[]"),
    })
    built(config)
    return root


@pytest.fixture(scope="module")
def rows(listed: Path) -> list[tuple[str, str, str, str, str]]:
    """The list page's rows: each scenario's kind of source, its id, the rules it
    illustrates, its source and where it is shown."""
    return _ROW.findall(html(listed, "ti4/scenarios"))


@pytest.fixture(scope="module")
def listing(rows: list[tuple[str, str, str, str, str]]) -> list[tuple[str, list[str], str]]:
    """The list page's rows: each scenario's id, the rules it illustrates, and where it is
    shown."""
    return [(id, _RULE.findall(about), shown) for _, id, about, _, shown in rows]


def test_rows_follow_the_rule_they_illustrate_then_their_ids(
        listing: list[tuple[str, list[str], str]]) -> None:
    assert [id for id, _, _ in listing] == [
        "ti4-f-section", "ti4-c-first", "ti4-d-also-first", "ti4-b-objectives", "ti4-e-note",
        "ti4-a-side-by-side", "ti4-g-about-nothing"]
    assert listing[3][1] == ["61.12", "61.6"], "the rules as the scenario names them"


def test_a_row_names_the_page_that_shows_it_by_its_title(
        listing: list[tuple[str, list[str], str]]) -> None:
    shown = {id: page for id, _, page in listing}
    assert shown["ti4-a-side-by-side"] == "TI3 and TI4 side by side"
    assert shown["ti4-c-first"] == "This page"


def test_a_row_says_where_the_ruling_comes_from(
        rows: list[tuple[str, str, str, str, str]]) -> None:
    sources = {id: (kind, said) for kind, id, _, said, _ in rows}
    assert sources["ti4-c-first"] == ("rules", "Living Rules Reference 61.6")
    assert sources["ti4-b-objectives"] == (
        "reading", "This site's reading of Living Rules Reference 61.6")
    assert sources["ti4-e-note"] == ("none", "Source not stated")


def test_the_list_offers_each_kind_of_source_it_holds(listed: Path) -> None:
    choices = re.findall(r'<label><input type="radio" name="wt-source" value="([a-z]+)"'
                         r'(?: checked)?> ([^<]*)</label>', html(listed, "ti4/scenarios"))
    assert choices == [("all", "All (7)"), ("rules", "Living Rules Reference (1)"),
                       ("reading", "This site's reading (1)"), ("none", "Not stated (5)")]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


def _shown(page: Page, selector: str) -> list[str]:
    return page.eval_on_selector_all(
        selector, "all => all.filter(e => e.offsetParent !== null).map(e => e.id || "
                  "e.querySelector('a').hash.slice(1))")


def _headings(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        "h2", "all => all.filter(e => e.offsetParent !== null).map(e => e.textContent.trim())")


def test_choosing_a_kind_of_source_shows_only_its_examples(listed: Path,
                                                           browser: Browser) -> None:
    with serving(listed / "site") as url:
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(f"{url}ti4/scenarios/")
            rows, walkthroughs = "table.wt-list tbody tr", "div.wt[data-walkthrough]"
            assert len(_shown(page, rows)) == 7 and len(_shown(page, walkthroughs)) == 6
            page.get_by_label("This site's reading (1)").check()
            expect(page.locator(f"{rows}:visible")).to_have_count(1)
            assert _shown(page, rows) == ["ti4-b-objectives"]
            assert _shown(page, walkthroughs) == ["ti4-b-objectives"], \
                "the walkthroughs on the list page follow the choice"
            expect(page.locator(".ck-host:visible")).to_have_count(1)
            assert _headings(page) == ["Section 61, Objective cards"], \
                "a section left with no example hides its heading"
            page.get_by_label("Not stated (5)").check()
            expect(page.locator(f"{rows}:visible")).to_have_count(5)
            assert "ti4-b-objectives" not in _shown(page, walkthroughs)
            page.get_by_label("All (7)").check()
            expect(page.locator(f"{rows}:visible")).to_have_count(7)
            assert len(_headings(page)) == 2
        finally:
            context.close()
