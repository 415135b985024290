"""The scoring pictures in a real browser: a TI4, a TI3 and an Arcs chapter-end walkthrough,
stepped through on a desktop and on a 390 px phone in light and dark mode. At each step the
picture shown is the engine's for that step, its change marks there; a step that drew nothing
shows the picture before it without them. Every picture fits the width, its lines contrast
with the page, its smallest words are at least 11 CSS px on the phone (a picture too
detailed for that zooms in when tapped, and is measured so) and not huge on a desktop, and the state table beside it is closed (open where a step shows no picture),
and opening it opens it for every step.
Screenshots of each step with a picture of its own go to build/screenshots/.

The site, server and browser are those of tests/test_site_browser.py.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from browsers import all_open
from playwright.sync_api import Page, expect
from test_site_browser import (
    PICTURES_JS,
    ROOT,
    SCREENSHOTS,
    VIEW_JS,
    _contrast,
    _engine_run,
    _walkthroughs,
    browser,
    open_page,
    site,
)

FIXTURES = (browser, open_page, site)
"""The fixtures of tests/test_site_browser.py this module uses: one site, server and browser."""

WALKS = {
    "ti4": ("ti4/victory-points/", [ROOT / "docs" / "ti4" / "victory-points.md",
                                    ROOT / "scenarios"], "pic--ti4-score"),
    "ti3": ("ti3/end-of-game/", [ROOT / "docs" / "ti3" / "end-of-game.md", ROOT / "scenarios"],
            "pic--ti3-score"),
    "arcs": ("arcs/ending-a-chapter/", [ROOT / "docs" / "arcs" / "ending-a-chapter.md",
                                        ROOT / "scenarios"], "pic--arcs-chapter-end"),
}
"""For each game: a page, where its walkthroughs come from, and the class of its pictures."""


def _pick(built: Path, page: str, kind: str) -> str:
    """The first walkthrough on `page` whose steps draw `kind` pictures, at least two of
    them, and with a later step drawing nothing, which shows the picture before it; failing
    that, the first with a picture at a step."""
    html = _walkthroughs(built, page)
    starts = [(m.start(), m["id"]) for m in re.finditer(
        r'<div class="wt[^"]*" id="(?P<id>[^"]+)"[^>]*\bdata-walkthrough\b', html)]
    found = []
    for (start, scenario_id), (end, _) in zip(starts, [*starts[1:], (len(html), "")]):
        _, *steps = html[start:end].split('<li class="wt-step"')
        drawn = "".join("P" if kind in step else "." for step in steps)
        if "P" in drawn:
            found.append((drawn.count("P") < 2 or not re.search(r"P\.", drawn), scenario_id))
    assert found, f"no walkthrough on {page} draws {kind} at a step"
    return min(found)[1]


def _expected(scenario_id: str, sources: list[Path]) -> list[tuple[int, str, int]]:
    """For each step, the picture the stepper shows under it, as the engine draws it: the
    step that drew it (0 for none), its text alternative, how many change marks."""
    done = _engine_run(scenario_id, sources)
    draw = done.ruleset.picture  # type: ignore[attr-defined]
    shown, last, before = [], (0, "", 0), done.initial
    for record in done.records:
        drawn = draw(record.state, before) if record.state is not before else ""
        if drawn:
            root = ET.fromstring(drawn)
            marks = sum(1 for element in root.iter()
                        if "chg" in (element.get("class") or "").split())
            last = (record.step.index, root[0].text or "", marks)
            shown.append(last)
        else:
            shown.append((last[0], re.sub(r" Changed by this step: .*\Z", "", last[1],
                                          flags=re.DOTALL), 0))
        before = record.state
    return shown


TABLES_JS = """root => Array.from(root.querySelectorAll('details.wt-table')).map(t => t.open)"""

WORDS_JS = """root => {
    const shown = Array.from(root.querySelectorAll('.wt-picture svg'))
        .filter(svg => svg.checkVisibility());
    const measured = shown.map(svg => {
        // A picture too detailed for a phone zooms in when tapped: measured as tapped.
        if (svg.matches('.pic-zoom')) svg.focus();
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const parts = Array.from(svg.querySelectorAll('use'))
            .map(use => document.querySelector(use.getAttribute('xlink:href')
                                               || use.getAttribute('href')))
            .filter(Boolean);
        const words = [svg, ...parts].flatMap(part => Array.from(
            part.querySelectorAll('text, tspan'))).filter(word => word.textContent.trim());
        const sizes = words.map(word => parseFloat(getComputedStyle(word).fontSize) * scale);
        const smallest = words[sizes.indexOf(Math.min(...sizes))];
        const wide = document.documentElement.scrollWidth;
        if (svg.matches('.pic-zoom')) svg.blur();
        return {sizes, smallest: smallest ? smallest.textContent : '', wide};
    });
    const sizes = measured.flatMap(m => m.sizes);
    const letters = shown.flatMap(svg => Array.from(svg.querySelectorAll('text.o')));
    return {smallest: Math.min(...sizes), largest: Math.max(...sizes), count: sizes.length,
            word: measured.map(m => m.smallest).join(' | '),
            wide: Math.max(0, ...measured.map(m => m.wide)),
            drawn: Math.max(0, ...letters.map(t => t.getBoundingClientRect().height))};
}"""
"""The size in CSS pixels of the smallest and the largest words in the pictures a walkthrough
shows, as each picture on screen draws them (zoomed in as when tapped, where it zooms; the
words of a part shown by `<use>` are those of the part, written in an earlier picture, maybe
hidden), which words are the smallest, how wide the page is while a picture is zoomed in, and
the height a token's letter written in a picture on screen takes (0 where all its tokens are
shown by `<use>`)."""
SMALLEST = 11
"""The smallest words a picture may show on a 390 px phone, in CSS pixels."""


@pytest.mark.parametrize("game", ["ti4", "ti3", "arcs"])
@pytest.mark.parametrize(("width", "scheme"), [(1280, "light"), (1280, "dark"),
                                               (390, "light"), (390, "dark")])
def test_each_step_shows_its_picture_with_what_it_changed_marked(
        site: str, built: Path, open_page: Callable[..., Page], game: str, width: int,
        scheme: str) -> None:
    page_path, sources, kind = WALKS[game]
    scenario_id = _pick(built, page_path, kind)
    expected = _expected(scenario_id, sources)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page = open_page(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page.goto(site + page_path)
    root = page.locator(f'[id="{scenario_id}"]')
    expect(root.locator(".wt-stepper")).to_be_visible()
    for number, (drawn_at, title, marks) in enumerate(expected, start=1):
        if number > 1:
            root.locator(".wt-next").click()
        expect(root.locator(".wt-count")).to_have_text(f"Step {number} of {len(expected)}")
        shown = [p for p in root.evaluate(PICTURES_JS) if p["where"]]
        assert [(p["where"], p["title"], p["marks"]) for p in shown] == (
            [(number, title, marks)] if drawn_at else []), f"step {number}"
        table = root.locator("li.wt-step:visible details.wt-table")
        assert table.evaluate("t => t.open") == (not drawn_at), \
            f"step {number}: beside a picture the table is closed, else open"
        view = page.evaluate(VIEW_JS)
        assert view["wide"] <= view["width"], f"step {number}: the page scrolls sideways"
        for picture in shown:
            assert 0 <= picture["left"] and picture["right"] <= view["width"]
            assert picture["width"] >= min(340, width - 60), "the picture takes the width"
            assert all(used > 5 for used in picture["uses"]), "a shared part not drawn"
            assert _contrast(picture["colour"], view["background"]) >= 4.5
        if shown:
            words = root.evaluate(WORDS_JS)
            assert words["count"] > 10 and words["smallest"] >= SMALLEST, \
                f"step {number}: words of {words['smallest']:.1f} px at {width} px " \
                f"({words['word']})"
            assert words["wide"] <= view["width"], "a picture zoomed in pans in its place"
            assert words["largest"] <= 18, "capped on a desktop, the words stay moderate"
            assert words["drawn"] >= 9 or not words["drawn"], \
                "a token's letter, where the picture writes one, is drawn at its size"
        if drawn_at == number:
            assert marks > 0 and "Changed by this step: " in title, f"step {number}"
            path = SCREENSHOTS / f"pictures-{game}-{width}-{scheme}-step-{number}.png"
            root.screenshot(path=str(path), style=".md-header, .md-top { visibility: hidden; }")
            assert path.stat().st_size > 5000, path
    # Opening the table of the step shown opens every table of the walkthrough.
    assert not root.locator("li.wt-step:visible details.wt-table").evaluate("t => t.open")
    root.locator("li.wt-step:visible details.wt-table > summary").click()
    expect(root.locator("li.wt-step:visible dl.wt-state")).to_be_visible()
    assert all(root.evaluate(TABLES_JS)), "one table opened, all open"
    root.locator(".wt-dot").first.click()
    expect(root.locator("li.wt-step:visible dl.wt-state")).to_be_visible()
    path = SCREENSHOTS / f"pictures-{game}-{width}-{scheme}-tables-open.png"
    root.screenshot(path=str(path), style=".md-header, .md-top { visibility: hidden; }")


EVERY_STEP = "li.wt-step[hidden] { display: block !important; }"
"""Every step of every walkthrough shown at once: each picture laid out as its step shows it."""

PAGE_WORDS_JS = f"""() => {{
    const words = {WORDS_JS};
    return Array.from(document.querySelectorAll('.wt[data-walkthrough]'))
        .filter(root => root.querySelector('.wt-picture svg'))
        .map(root => [root.id, words(root)]);
}}"""
"""`WORDS_JS` for each walkthrough of the page that has a picture: its id and its words (one
call for the page, not one for each walkthrough)."""


@pytest.mark.parametrize("game", ["ti4", "ti3", "arcs"])
def test_every_picture_of_every_page_has_words_of_11_px_on_a_phone(
        site: str, built: Path, open_page: Callable[..., Page], game: str) -> None:
    pages = sorted(f"{path.parent.relative_to(built).as_posix()}/"
                   for path in (built / game).rglob("walkthroughs.html"))
    assert pages, f"no {game} page shows a walkthrough"
    page = open_page(viewport={"width": 390, "height": 900})
    small, pictures = [], 0
    for page_path in pages:
        page.goto(site + page_path)
        all_open(page)
        page.add_style_tag(content=EVERY_STEP)
        for walkthrough, words in page.evaluate(PAGE_WORDS_JS):
            pictures += 1
            if words["smallest"] < SMALLEST or words["wide"] > 390:
                small.append(f"{page_path}#{walkthrough}: "
                             f"{words['smallest']:.1f} px ({words['word']}), "
                             f"{words['wide']} px wide")
    assert pictures, f"no {game} walkthrough shows a picture"
    assert not small, "\n".join(small)


def test_without_javascript_the_pictures_show_and_the_tables_open(
        site: str, built: Path, open_page: Callable[..., Page]) -> None:
    page = open_page(java_script_enabled=False, viewport={"width": 390, "height": 900})
    page_path, _, kind = WALKS["ti4"]
    scenario_id = _pick(built, page_path, kind)
    page.goto(site + page_path)
    # A rules page shows each example as one line; its link opens the walkthrough's file.
    page.locator(f'[id="{scenario_id}"] a[data-open-walkthrough]').click()
    page.wait_for_url(f"**/{page_path}walkthroughs.html#{scenario_id}")
    root = page.locator(f'[id="{scenario_id}"]')
    pictures = root.evaluate(PICTURES_JS)
    served = _walkthroughs(built, page_path)
    start = served.index(f'id="{scenario_id}"')
    drawn = served[start:served.index("</details>\n</div>", start)].count('class="wt-picture"')
    assert len(pictures) == drawn >= 2, "every picture shows where it was drawn"
    summary = root.locator(".wt-setup details.wt-table > summary")
    expect(summary).to_be_visible()
    expect(root.locator(".wt-setup dl.wt-state")).to_be_hidden()
    summary.click()
    expect(root.locator(".wt-setup dl.wt-state")).to_be_visible()
    for step in root.locator("li.wt-step:has(details.wt-table)").all():
        assert step.locator("details.wt-table").evaluate("t => t.open") == (
            step.locator(".wt-picture").count() == 0), "closed beside a picture, else open"
