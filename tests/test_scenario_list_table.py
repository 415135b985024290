"""A game's scenario list, as a reader scans it (issue 31, item 8): its rows in the order of
the rules they illustrate, and each row naming the page that shows the walkthrough by that
page's title."""

from __future__ import annotations

import re

import pytest
from sites import GOOD, GOOD_YAML, built, html, make_site

_ROW = re.compile(r'<tr><td><a href="[^"]*#([^"]+)">[^<]*</a>[^\n]*?</td><td>([^\n]*?)</td>'
                  r'<td><a href="[^"]*">([^<]*)</a></td></tr>')
_RULE = re.compile(r'<a class="rule-ref" href="[^"]*#([^"]+)"')


def scenario(id: str, about: str) -> str:
    return GOOD_YAML.replace("ti4-page-example", id).replace("[ti4:61.12]", about)


@pytest.fixture(scope="module")
def listing(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, list[str], str]]:
    """The list page's rows: each scenario's id, the rules it illustrates, and where it is
    shown."""
    root = tmp_path_factory.mktemp("listed")
    side = "# TI3 and TI4 side by side\n\n" + GOOD.replace(
        "ti4-page-example", "ti4-a-side-by-side").replace("[ti4:61.12]", "[ti4:98.7]")
    config = make_site(root, {"ti4/ti3-and-ti4.md": side}, {
        "ti4/one.yaml": scenario("ti4-b-objectives", "[ti4:61.12, ti4:61.6]"),
        "ti4/two.yaml": scenario("ti4-c-first", "[ti4:61.6]"),
        "ti4/three.yaml": scenario("ti4-d-also-first", "[ti4:61.6, ti4:98.7]"),
        "ti4/four.yaml": scenario("ti4-e-note", "[ti4:61.note2]"),
        "ti4/five.yaml": scenario("ti4-f-section", "[ti4:61]"),
        "ti4/six.yaml": scenario("ti4-g-about-nothing", "[]"),
    })
    built(config)
    return [(id, _RULE.findall(about), shown)
            for id, about, shown in _ROW.findall(html(root, "ti4/scenarios"))]


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
