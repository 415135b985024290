"""The frame a long list's pages are written from (`list_pages.Frame`), on its own."""

from __future__ import annotations

from checker.site.list_pages import Frame

PAGE_2 = ('<html><head><title>A &amp; B, page 2 of 5 - Site</title>'
          '<link rel="canonical" href="https://x.invalid/ti4/scenarios/page-2.html"></head>'
          '<body><header>A &amp; B, page 2 of 5</header>'
          '<div class="wt-slot" data-wt-slot="0"><h1>A &amp; B, page 2 of 5</h1></div>'
          '<div class="wt-slot" data-wt-slot="1"></div></body></html>')


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
    assert (before + after).decode("utf-8") == PAGE_2.split('<div class="wt-slot"')[0] + \
        "</body></html>"
