"""The frame a long list's pages are written from (`list_pages.Frame`), and their entries in
the search index (`list_pages.add_to_search`), on their own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checker.site.gathered.slots import slot
from checker.site.publish.list_pages import Frame, Written, add_to_search

PAGE_2 = ('<html><head><title>A &amp; B, page 2 of 5 - Site</title>'
          '<link rel="canonical" href="https://x.invalid/ti4/scenarios/page-2.html"></head>'
          '<body><header>A &amp; B, page 2 of 5</header>'
          f'{slot("0", "<h1>A &amp; B, page 2 of 5</h1>")}{slot("1")}</body></html>')


def test_a_frame_gives_each_page_its_title_address_and_content() -> None:
    frame = Frame(PAGE_2, "A & B, page 2 of 5", "ti4/scenarios/page-2.html",
                  {"0": "<p>page 2's content</p>", "1": "<p>the same on every page</p>"}, "0")
    before, after = frame.around("A & B, page 4 of 5", "ti4/scenarios/page-4.html")
    page = (before + b"<p>page 4</p>" + after).decode("utf-8")
    assert page == ('<html><head><title>A &amp; B, page 4 of 5 - Site</title>'
                    '<link rel="canonical" href="https://x.invalid/ti4/scenarios/page-4.html">'
                    '</head><body><header>A &amp; B, page 4 of 5</header><p>page 4</p>'
                    '<p>the same on every page</p></body></html>')


def test_an_empty_title_or_address_is_left_alone() -> None:
    frame = Frame(PAGE_2, "", "", {"0": "", "1": ""}, "0")
    before, after = frame.around("Page 3", "ti4/scenarios/page-3.html")
    first = slot("0", "<h1>A &amp; B, page 2 of 5</h1>")
    assert (before + after).decode("utf-8") == PAGE_2.split(first)[0] + "</body></html>"


WRITTEN = [Written("ti4/scenarios/page-3.html", "TI4 scenarios, page 3 of 3",
                   [("ti4-a", "A &amp; é", "Red scores &lt;Expand Borders&gt;")],
                   "ti4/scenarios/page-2.html")]
ADDED = [{"location": "ti4/scenarios/page-3.html", "title": "TI4 scenarios, page 3 of 3",
          "text": ""},
         {"location": "ti4/scenarios/page-3.html#ti4-a", "title": "A &amp; é",
          "text": "<p>Red scores &lt;Expand Borders&gt;</p>"}]
CONFIG = {"lang": ["en"], "separator": '[\\s\\-]+ "docs":[', "fields": {}}


@pytest.mark.parametrize("docs", [[], [{"location": "", "title": "Home", "text": "<p>]}</p>"}]])
@pytest.mark.parametrize("layout", ["as written", "spaced", "docs first"])
def test_the_written_pages_are_added_to_the_search_index(tmp_path: Path, docs: list,
                                                         layout: str) -> None:
    index = {"config": CONFIG, "docs": docs}
    if layout == "docs first":
        index = {"docs": docs, "config": CONFIG}
    text = json.dumps(index, **({} if layout == "spaced" else {"separators": (",", ":")}))
    path = tmp_path / "search" / "search_index.json"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    add_to_search(tmp_path, WRITTEN)
    assert json.loads(path.read_text(encoding="utf-8")) == {"config": CONFIG,
                                                            "docs": docs + ADDED}


@pytest.mark.parametrize("text", ["", "not JSON", '{"config":{},"docs":{}}', "[1]",
                                  '{"config":{},"pages":[]}'])
def test_a_search_index_of_another_kind_is_left_alone(tmp_path: Path, text: str) -> None:
    path = tmp_path / "search" / "search_index.json"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    add_to_search(tmp_path, WRITTEN)
    assert path.read_text(encoding="utf-8") == text
