"""The built website in a real browser, the way a reader uses it: stepping through a
walkthrough with the mouse and the keyboard, deep links to a step, the page without
JavaScript, Material's instant navigation, light and dark mode, rule links, and no request
leaving the site.

The run's one `mkdocs build` (conftest's `built`), one local HTTP server and one Chromium
(Debian's `chromium` package, driven by Playwright) serve the whole module.
"""

from __future__ import annotations

import re
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browsers import (
    ACTION_TIMEOUT,
    SHOW_ALL,
    QuietHandler,
    all_open,
    build_plain_site,
    chromium,
    page_opener,
    serving,
)
from playwright.sync_api import Browser, Locator, Page, Request, Route, expect
from repo_games import GAMES

from checker.engine import Run
from checker.games.arcs.drawing.battle_panel import DIE, SCALE
from checker.games.arcs.drawing.map import changed_systems
from checker.games.arcs.drawing.shapes import cell_path
from checker.runner import check_scenario, read_file
from checker.sources import find_files

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "build" / "screenshots"
PAGE = "ti4/objective-cards/"
PAGE_SOURCES = [ROOT / "docs" / "ti4" / "objective-cards.md", ROOT / "scenarios"]
"""Where the walkthroughs of PAGE come from: its own fences and the scenarios it embeds."""

ROWS_JS = """step => Array.from(step.querySelectorAll('dl.wt-state > div')).map(row => {
    const dt = row.querySelector('dt').cloneNode(true);
    const note = dt.querySelector('.wt-changed-note');
    if (note) note.remove();
    const dd = row.querySelector('dd');
    const value = dd.cloneNode(true);
    value.querySelectorAll('.wt-was').forEach(was => was.remove());
    const bold = Number(getComputedStyle(dd).fontWeight) >= 700;
    const named = note !== null && note.textContent === ' (changed)';
    return [dt.textContent, value.textContent, bold && (named || !row.closest('.wt--stepper'))];
})"""
"""A `dl.wt-state` as [label, value, marked changed] rows: marked when its value shows in bold,
and, in a stepper, when it also says "(changed)" to a screen reader (the note is hidden, and
left out of the label). Without the script, a step lists only the rows it changed. The value
leaves out what a changed value was (`8 → `, in `.wt-was`)."""


class _Handler(QuietHandler):
    """Serves the built site quietly, as if deployed at its `site_url`: Material's instant
    navigation only swaps pages listed in sitemap.xml, matched by port too, so the sitemap's
    origin becomes this server's."""

    def do_GET(self) -> None:
        if self.path.split("?")[0] != "/sitemap.xml":
            super().do_GET()
            return
        origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        text = Path(self.directory, "sitemap.xml").read_text(encoding="utf-8")
        body = re.sub(r"<loc>https?://[^/<]+", f"<loc>{origin}", text).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real site built without the checker (no plugin, no Markdown extension)."""
    return build_plain_site(tmp_path_factory.mktemp("plain"))


@pytest.fixture(scope="module")
def site(built: Path) -> Iterator[str]:
    """The built site served on a free local port: its base URL."""
    with serving(built, _Handler) as url:
        yield url


@pytest.fixture(scope="module")
def long_id(built: Path) -> str:
    """The id of the first walkthrough on PAGE with at least three steps."""
    html = _walkthroughs(built, PAGE)
    starts = [(m.start(), m["id"]) for m in re.finditer(
        r'<div class="wt[^"]*" id="(?P<id>[^"]+)"[^>]*\bdata-walkthrough\b', html)]
    for (start, scenario_id), (end, _) in zip(starts, [*starts[1:], (len(html), "")]):
        if html.count('<li class="wt-step"', start, end) >= 3:
            return scenario_id
    raise AssertionError(f"no walkthrough with three steps or more on {PAGE}")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@pytest.fixture
def open_page(browser: Browser) -> Iterator[Callable[..., Page]]:
    """A page in a fresh browser context (options as for `new_context`), every request
    recorded; the reader has chosen to see the rules pages' examples in full, unless
    `folded`."""
    with page_opener(browser) as opener:
        def _open(folded: bool = False, **options: Any) -> Page:
            page = opener(**options)
            if not folded:
                page.context.add_init_script(SHOW_ALL)
            return page

        yield _open


def _walkthroughs(built: Path, page: str) -> str:
    """The walkthroughs a rules page's examples open: the file the build keeps beside it."""
    return (built / page / "walkthroughs.html").read_text(encoding="utf-8")


def _engine_run(scenario_id: str, sources: list[Path] = PAGE_SOURCES) -> Run:
    for path in find_files(sources):
        for scenario in read_file(path, GAMES).scenarios:
            if scenario.id == scenario_id:
                run = check_scenario(scenario, GAMES).run
                assert run is not None, f"the engine could not run {scenario_id}"
                return run
    raise AssertionError(f"scenario {scenario_id} is not in {sources}")


def _expected_rows(run: Run) -> tuple[list[list[Any]], list[list[list[Any]]]]:
    """The setup rows and each step's rows, [label, value, changed], as the engine has them:
    `describe()` of the state after the step (before it, for a refused step), a row changed
    when its value differs from the step before (or the setup)."""
    previous = run.ruleset.describe(run.initial)
    setup = [[label, value, False] for label, value in previous.items()]
    steps = []
    for record in run.records:
        now = run.ruleset.describe(record.state)
        steps.append([[label, value, previous.get(label) != value] for label, value in now.items()])
        previous = now
    return setup, steps


SHOWN_JS = f"""root => {{
    const steps = Array.from(root.querySelectorAll('li.wt-step'));
    const shown = steps.filter(step => step.checkVisibility());
    const dots = Array.from(root.querySelectorAll('.wt-dot'));
    return {{
        count: root.querySelector('.wt-count').textContent,
        shown: shown.map(step => step.id),
        hash: location.hash,
        current: dots.map(dot => dot.getAttribute('aria-current') === 'step'),
        focused: dots.indexOf(document.activeElement) + 1,
        prev_disabled: root.querySelector('.wt-prev').disabled,
        next_disabled: root.querySelector('.wt-next').disabled,
        rows: shown.length === 1 ? ({ROWS_JS})(shown[0]) : null,
        refused: shown.length === 1 && shown[0].querySelector('.wt-refused') !== null,
        uncited: shown.length === 1 ? Array.from(shown[0].querySelectorAll('.wt-events > li'))
            .filter(event => !event.querySelector('a.rule-ref[href]')).length : null,
    }};
}}"""
"""What a walkthrough shows at the moment, read in one go."""


def state_before(walk: Stepper, number: int) -> list[str]:
    """The row labels before step `number` (from 1)."""
    rows = walk.setup if number == 1 else walk.expected[number - 2]
    return [label for label, *_ in rows]


class Stepper:
    """One walkthrough on an open page, checked against the engine at every step."""

    def __init__(self, page: Page, root: Locator) -> None:
        self.page, self.root = page, root
        self.id = root.get_attribute("id") or ""
        self.dots = root.locator("button.wt-dot")
        run = _engine_run(self.id)
        self.refused = [record.violation is not None for record in run.records]
        self.setup, self.expected = _expected_rows(run)
        self.total = len(self.expected)

    def check(self, number: int, *, focused: bool = False, hash: str | None = None) -> None:
        """Step `number` (from 1) is the only one shown, the stepper says so, the URL names
        it (or has `hash`), each event cites a rule, and it shows the state the engine has
        after it; with `focused`, the keyboard focus is on its dot."""
        total, step_id = self.total, f"{self.id}--step-{number}"
        shown = self.root.evaluate(SHOWN_JS)
        assert shown == {
            "count": f"Step {number} of {total}",
            "shown": [step_id],
            "hash": f"#{step_id}" if hash is None else hash,
            "current": [i == number for i in range(1, total + 1)],
            "focused": number if focused else shown["focused"],
            "prev_disabled": number == 1,
            "next_disabled": number == total,
            "rows": self.expected[number - 1],
            "refused": self.refused[number - 1],
            "uncited": 0,
        }, step_id


def test_walkthrough_steps_with_clicks_and_keys_and_shows_the_engine_state(
        site: str, long_id: str, open_page: Callable[..., Page]) -> None:
    page = open_page()
    page.goto(site + PAGE)
    root = page.locator(f'[id="{long_id}"]')
    expect(root.locator(".wt-stepper")).to_be_visible()
    walk = Stepper(page, root)
    total = walk.total
    assert root.locator("li.wt-step").count() == walk.dots.count() == total >= 3
    expect(root.locator(".wt-badge--verified")).to_be_visible()
    assert root.locator(".wt-setup").evaluate(ROWS_JS) == walk.setup
    walk.check(1, hash="")

    root.locator(".wt-next").click()
    walk.check(2)
    root.locator(".wt-next").click()
    walk.check(3)
    root.locator(".wt-prev").click()
    walk.check(2)
    walk.dots.nth(total - 1).click()
    walk.check(total)
    root.locator(".wt-next").click(force=True)  # disabled on the last step: nothing happens
    walk.check(total)
    walk.dots.nth(0).click()
    walk.check(1)

    walk.dots.nth(0).focus()
    for key, number in [("ArrowRight", 2), ("ArrowRight", 3), ("ArrowLeft", 2), ("End", total),
                        ("ArrowRight", total), ("Home", 1), ("ArrowLeft", 1)]:
        page.keyboard.press(key)
        walk.check(number, focused=True)
    for number in range(2, total + 1):
        page.keyboard.press("ArrowRight")
        walk.check(number, focused=True)


def test_deep_link_opens_the_walkthrough_at_that_step(
        site: str, long_id: str, open_page: Callable[..., Page]) -> None:
    page = open_page()
    page.goto(f"{site}{PAGE}#{long_id}--step-2")
    root = page.locator(f'[id="{long_id}"]')
    expect(root.locator(".wt-stepper")).to_be_visible()
    Stepper(page, root).check(2)
    expect(root.locator("li.wt-step:visible")).to_be_in_viewport()


def test_without_javascript_every_step_is_listed(
        site: str, long_id: str, open_page: Callable[..., Page]) -> None:
    page = open_page(java_script_enabled=False)
    page.goto(site + PAGE)
    # A rules page shows each example as one line; its link opens the walkthrough's file.
    page.locator(f'[id="{long_id}"] a[data-open-walkthrough]').click()
    page.wait_for_url(f"**/{PAGE}walkthroughs.html#{long_id}")
    root = page.locator(f'[id="{long_id}"]')
    walk = Stepper(page, root)
    steps = root.locator("li.wt-step")
    expect(root.locator("li.wt-step:visible")).to_have_count(walk.total)
    expect(root.locator(".wt-stepper")).to_be_hidden()
    assert page.locator("[data-walkthrough] .wt-stepper:not([hidden])").count() == 0
    assert page.locator("[data-walkthrough] li.wt-step[hidden]").count() == 0
    assert root.locator(".wt-setup").evaluate(ROWS_JS) == walk.setup
    # Each step lists what it changed; read in order from the setup, they give the state the
    # engine has after every step.
    state = {label: value for label, value, _ in walk.setup}
    for number, expected in enumerate(walk.expected, start=1):
        changes = steps.nth(number - 1).evaluate(ROWS_JS)
        assert all(changed for *_, changed in changes), f"step {number} lists unchanged rows"
        state.update({label: value for label, value, _ in changes})
        state = {label: value for label, value in state.items() if value != "none"} \
            if any(value == "none" for _, value, _ in changes) else state
        assert state == {label: value for label, value, _ in expected}, f"step {number}"
        assert [label for label, *_ in changes] == [
            label for label, _, changed in expected if changed] + [
            label for label in state_before(walk, number) if label not in
            {row[0] for row in expected}], f"step {number}: the changed rows, then those gone"


def test_instant_navigation_initialises_the_walkthroughs(
        site: str, long_id: str, open_page: Callable[..., Page]) -> None:
    page = open_page()
    page.goto(site)
    listed = page.evaluate("fetch('sitemap.xml').then(r => r.text())").count("<loc>")
    assert listed, ("sitemap.xml lists no page, so Material's navigation.instant never swaps "
                    "pages and always reloads: it needs `site_url` in mkdocs.yml")
    page.evaluate("window.__sameDocument = true")
    page.locator(f'.md-nav--primary a.md-nav__link[href$="/{PAGE}"]').first.click()
    page.wait_for_url(f"**/{PAGE}")
    root = page.locator(f'[id="{long_id}"]')
    expect(root).to_be_attached()
    assert page.evaluate("window.__sameDocument === true"), "the page was reloaded, not swapped"
    all_open(page)
    roots = page.locator("[data-walkthrough]:has(li.wt-step)")  # a refused setup has no step
    expect(page.locator("[data-walkthrough] .wt-stepper:visible")).to_have_count(roots.count())
    walk = Stepper(page, root)
    walk.check(1, hash="")
    root.locator(".wt-next").click()
    walk.check(2)


def test_light_and_dark_mode_screenshots(
        site: str, long_id: str, open_page: Callable[..., Page]) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    colours = {}
    for scheme, material in [("light", "default"), ("dark", "slate")]:
        page = open_page(color_scheme=scheme)
        page.goto(f"{site}{PAGE}#{long_id}--step-2")
        root = page.locator(f'[id="{long_id}"]')
        expect(root.locator(".wt-stepper")).to_be_visible()
        assert page.locator("body").get_attribute("data-md-color-scheme") == material
        path = SCREENSHOTS / f"walkthrough-{long_id}-step-2-{scheme}.png"
        path.unlink(missing_ok=True)
        root.screenshot(path=str(path), style=".md-header { visibility: hidden; }")
        assert path.stat().st_size > 1000, path
        colours[scheme] = root.evaluate(
            "el => [getComputedStyle(document.body).backgroundColor, getComputedStyle(el).color]")
    (light_background, light_text), (dark_background, dark_text) = colours.values()
    assert light_background != dark_background, "the same page background in both modes"
    assert light_text != dark_text, "the same walkthrough text colour in both modes"


def test_rule_numbers_link_to_their_own_item(site: str, open_page: Callable[..., Page]) -> None:
    page = open_page()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(site + PAGE)
    served = page.evaluate("""async () => {
        const html = await (await fetch(location.pathname)).text();
        const doc = new DOMParser().parseFromString(html, 'text/html');
        return Array.from(doc.querySelectorAll('p.rule[id]')).map(r => [r.id,
            r.firstElementChild && r.firstElementChild.matches('a.rule-num')
            && r.firstElementChild.getAttribute('href')]);
    }""")
    assert len(served) > 10
    assert [rule for rule, href in served if href != f"#{rule}"] == [], "as served"
    resolved = page.eval_on_selector_all(
        "p.rule[id]", "rules => rules.filter(r => r.querySelector(':scope > a.rule-num').href"
                      " !== location.href.split('#')[0] + '#' + r.id).map(r => r.id)")
    assert resolved == [], "once Material has made every link absolute"
    page.locator('p.rule[id="61.6"] > a.rule-num').click()
    assert page.evaluate("location.hash") == "#61.6"
    expect(page.locator('[id="61.6"]')).to_be_in_viewport()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{site}{PAGE}#61.6", "clicking a rule number copies the link to it"


def test_a_reference_from_another_page_lands_on_the_rule(
        site: str, open_page: Callable[..., Page]) -> None:
    page = open_page()
    page.goto(site + "ti4/status-phase/")
    link = page.locator(f'a.rule-ref[href*="/{PAGE}#"]:visible').first
    rule = (link.get_attribute("href") or "").split("#", 1)[1]
    link.click()
    page.wait_for_url(f"**/{PAGE}#{rule}")
    target = page.locator(f'[id="{rule}"]')
    expect(target).to_have_count(1)
    expect(target).to_be_in_viewport()
    assert "rule" in (target.get_attribute("class") or "").split()


ARCS_PAGE = "arcs/standard-actions/"
ARCS_SOURCES = [ROOT / "docs" / "arcs" / "standard-actions.md", ROOT / "scenarios"]
"""An Arcs page whose walkthroughs show the map, and where they come from."""

PICTURES_JS = """root => Array.from(root.querySelectorAll('.wt-picture svg'))
    .filter(svg => svg.checkVisibility()).map(svg => {
        const box = svg.getBoundingClientRect();
        const step = svg.closest('li.wt-step');
        return {
            where: step ? Number(step.dataset.step) : 0,
            role: svg.getAttribute('role'),
            title: svg.querySelector(':scope > title').textContent,
            marks: svg.querySelectorAll('.chg').length,
            left: box.left, right: box.right, width: box.width, height: box.height,
            // A <use> draws the board written in an earlier picture, maybe in a hidden step.
            uses: Array.from(svg.querySelectorAll('use')).map(use => use.getBBox().width),
            colour: getComputedStyle(svg).color,
        };
    })"""
"""Every picture a walkthrough shows at the moment: where (0 for the setup), its role, its text
alternative, how many change marks it has, its box, the width each `<use>` draws, and the
colour its lines and words are drawn in."""

VIEW_JS = """() => ({
    wide: document.documentElement.scrollWidth, width: document.documentElement.clientWidth,
    background: getComputedStyle(document.body).backgroundColor,
})"""
"""Whether the page scrolls sideways (wider than the window), and its background colour."""


@pytest.fixture(scope="module")
def map_id(built: Path) -> str:
    """The first walkthrough on ARCS_PAGE with the map at setup, a step that changes it, and a
    later step that does not, which shows the picture before it."""
    html = _walkthroughs(built, ARCS_PAGE)
    starts = [(m.start(), m["id"]) for m in re.finditer(
        r'<div class="wt[^"]*" id="(?P<id>[^"]+)"[^>]*\bdata-walkthrough\b', html)]
    for (start, scenario_id), (end, _) in zip(starts, [*starts[1:], (len(html), "")]):
        setup, *steps = html[start:end].split('<li class="wt-step"')
        drawn = "".join("P" if "wt-picture" in step else "." for step in steps)
        if "wt-picture" in setup and re.search(r"^\.+P+\.", drawn):
            return scenario_id
    raise AssertionError(f"no walkthrough on {ARCS_PAGE} draws the map at setup and later")


def _expected_pictures(scenario_id: str) -> list[tuple[int, str, int]]:
    """For each step, the picture the stepper should show under it, as the engine draws it:
    (the step that drew it, 0 for none; its text alternative; how many change marks)."""
    run = _engine_run(scenario_id, ARCS_SOURCES)
    draw = run.ruleset.picture  # type: ignore[attr-defined]
    shown: list[tuple[int, str, int]] = []
    last = (0, "", 0)
    before = run.initial
    for record in run.records:
        drawn = draw(record.state, before) if record.state is not before else ""
        if drawn:
            root = ET.fromstring(drawn)
            marks = sum(1 for element in root.iter() if element.get("class") == "chg")
            last = (record.step.index, root[0].text or "", marks)
            shown.append(last)
        else:
            # An earlier picture without its marks, or none before the first.
            shown.append((last[0], re.sub(r" Changed by this step: .*\Z", "", last[1],
                                          flags=re.DOTALL), 0))
        before = record.state
    return shown


def _contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two CSS colours `rgb(r, g, b)`."""
    def luminance(colour: str) -> float:
        channels = [int(c) / 255 for c in re.findall(r"\d+", colour)[:3]]
        r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted([luminance(one), luminance(other)], reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize(("width", "scheme"), [(1280, "light"), (1280, "dark"),
                                               (390, "light"), (390, "dark")])
def test_arcs_walkthroughs_show_the_map_and_what_each_step_changed(
        site: str, map_id: str, open_page: Callable[..., Page], width: int,
        scheme: str) -> None:
    """Stepping through a walkthrough on a desktop and on a 390 px phone, in light and dark
    mode: the setup's map is always there; a step that changed the map shows its own, marked
    where it changed; a step that did not shows the last one without marks. Every picture is
    visible, within the width, drawn whole, has its text alternative, and its lines and words
    contrast with the page."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page = open_page(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page.goto(site + ARCS_PAGE)
    root = page.locator(f'[id="{map_id}"]')
    expect(root.locator(".wt-stepper")).to_be_visible()
    expected = _expected_pictures(map_id)
    setup_title = ""
    for number, (drawn_at, title, marks) in enumerate(expected, start=1):
        if number > 1:
            root.locator(".wt-next").click()
        expect(root.locator(".wt-count")).to_have_text(f"Step {number} of {len(expected)}")
        pictures = root.evaluate(PICTURES_JS)
        view = page.evaluate(VIEW_JS)
        assert view["wide"] <= view["width"], f"step {number}: the page scrolls sideways"
        setup, *shown = pictures
        assert setup["where"] == 0 and setup["marks"] == 0
        setup_title = setup_title or setup["title"]
        assert setup["title"] == setup_title, "the setup's map stays as it was"
        assert [(p["where"], p["title"], p["marks"]) for p in shown] == (
            [(number, title, marks)] if drawn_at else []), f"step {number}"
        if drawn_at == number:
            assert marks > 0 and "Changed by this step: " in title
        for picture in pictures:
            assert picture["role"] == "img" and picture["title"].startswith("Map of the Reach")
            assert 0 <= picture["left"] and picture["right"] <= view["width"], f"step {number}"
            assert picture["width"] >= min(300, width - 100) and picture["height"] > 300
            assert all(drawn > 100 for drawn in picture["uses"]), "a shared part not drawn"
            assert _contrast(picture["colour"], view["background"]) >= 4.5
        if drawn_at == number:
            path = SCREENSHOTS / f"arcs-map-{width}-{scheme}-step-{number}.png"
            root.screenshot(path=str(path), style=".md-header, .md-top { visibility: hidden; }")
            assert path.stat().st_size > 5000, path
    assert any(drawn_at and drawn_at != number
               for number, (drawn_at, *_) in enumerate(expected, start=1)), \
        "no step showed an earlier step's picture"


def test_without_javascript_every_picture_shows_where_it_was_drawn(
        site: str, open_page: Callable[..., Page], built: Path) -> None:
    page = open_page(java_script_enabled=False, viewport={"width": 390, "height": 900})
    page.goto(site + ARCS_PAGE + "walkthroughs.html")
    served = _walkthroughs(built, ARCS_PAGE)
    drawn = served.count('<div class="wt-picture">')
    assert drawn > 10
    pictures = page.evaluate(f"() => ({PICTURES_JS})(document)")
    assert len(pictures) == drawn, "every picture shows"
    view = page.evaluate(VIEW_JS)
    assert view["wide"] <= view["width"]
    for picture in pictures:
        assert picture["role"] == "img" and picture["title"]
        assert 0 <= picture["left"] and picture["right"] <= view["width"]
        # A shared part shows wherever it is used (a token is small, the board large).
        assert all(width > 0 for width in picture["uses"]), "a shared part not drawn"
    assert page.locator(".wt-picture--earlier").count() == 0


BATTLE_PAGE = "arcs/battle/"
BATTLE_SOURCES = [ROOT / "docs" / "arcs" / "battle.md", ROOT / "scenarios"]

BATTLE_JS = """svg => {
    const box = svg.getBoundingClientRect();
    const drawn = Array.from(svg.querySelectorAll('.chg path')).map(path => {
        const own = path.getBoundingClientRect();
        return {d: path.getAttribute('d'), width: own.width, height: own.height,
                stroke: getComputedStyle(path).strokeWidth, inside: own.left >= box.left - 2
                && own.right <= box.right + 2 && own.bottom <= box.bottom + 2};
    });
    return {title: svg.querySelector(':scope > title').textContent, drawn: drawn,
            words: Array.from(svg.querySelectorAll('.chg text')).map(t => t.textContent),
            left: box.left, right: box.right};
}"""
"""What a picture draws in the class of its change marks (the battle's marks among them): each
path's data, size on screen, stroke and whether it lies within the picture; its words; its
text alternative and box."""


@pytest.fixture(scope="module")
def battle_step(built: Path) -> tuple[str, int]:
    """The first walkthrough on BATTLE_PAGE with a battle drawn at a step and a step after it
    that draws nothing, which shows the battle's picture without its marks; and that step of
    the battle (from 1)."""
    html = _walkthroughs(built, BATTLE_PAGE)
    starts = [(m.start(), m["id"]) for m in re.finditer(
        r'<div class="wt[^"]*" id="(?P<id>[^"]+)"[^>]*\bdata-walkthrough\b', html)]
    for (start, scenario_id), (end, _) in zip(starts, [*starts[1:], (len(html), "")]):
        _, *steps = html[start:end].split('<li class="wt-step"')
        drawn = "".join("B" if "Battle at" in step else "P" if "wt-picture" in step else "."
                        for step in steps)
        if "B." in drawn:
            return scenario_id, drawn.index("B.") + 1
    raise AssertionError(f"no walkthrough on {BATTLE_PAGE} draws a battle and then nothing")


@pytest.mark.parametrize(("width", "scheme"), [(1280, "light"), (390, "dark")])
def test_a_battle_step_shows_the_dice_and_the_battle_mark(
        site: str, battle_step: tuple[str, int], open_page: Callable[..., Page], width: int,
        scheme: str) -> None:
    """Stepping to a battle: its picture outlines the battle system in a heavy line and shows
    a die for each die rolled, large enough to see, within the width of a desktop and of a
    390 px phone; the next step, which draws nothing, shows the map without them."""
    battle_id, number = battle_step
    run = _engine_run(battle_id, BATTLE_SOURCES)
    report = run.records[number - 1].state.battle  # type: ignore[attr-defined]
    page = open_page(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page.goto(site + BATTLE_PAGE)
    root = page.locator(f'[id="{battle_id}"]')
    root.locator(f'.wt-dot[data-go="{number - 1}"]').click()
    expect(root.locator(".wt-count")).to_have_text(f"Step {number} of {len(run.records)}")
    pictures = root.locator("li.wt-step .wt-picture svg:visible")
    expect(pictures).to_have_count(1)
    shown = pictures.first.evaluate(BATTLE_JS)
    assert f"Battle at {report.system}: {report.attacker} attacks {report.defender}." \
        in shown["title"]
    # A heavy solid line, over the change mark's dashed one when the battle changed the pieces
    # there (a battle that rolled only keys or blanks changes none).
    before = run.records[number - 2].state if number > 1 else run.initial
    changed = report.system in changed_systems(run.records[number - 1].state, before)
    marks = [p for p in shown["drawn"] if p["d"] == cell_path(report.system)]
    assert sorted(p["stroke"] for p in marks) == (["2px", "3.5px"] if changed else ["3.5px"])
    assert marks[0]["width"] > 20
    square = f"h{DIE}v{DIE}h-{DIE}z"
    dice = [p for p in shown["drawn"] if square in p["d"]]
    assert len(dice) == 1 and dice[0]["d"].count(square) == len(report.rolls) > 0
    assert dice[0]["height"] >= DIE * SCALE * 0.85 * (shown["right"] - shown["left"]) / 360 \
        and dice[0]["height"] > 20, "a die at least 20 px high"
    assert all(p["inside"] for p in shown["drawn"]), "a mark outside the picture"
    assert report.rolls[0].die in shown["words"]
    assert 0 <= shown["left"] and shown["right"] <= page.evaluate(VIEW_JS)["width"]
    assert page.evaluate(VIEW_JS)["wide"] <= page.evaluate(VIEW_JS)["width"]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"arcs-battle-{width}-{scheme}-step-{number}.png"
    pictures.first.screenshot(path=str(path))
    assert path.stat().st_size > 5000, path
    root.locator(".wt-next").click()
    later = root.locator("li.wt-step .wt-picture svg:visible")
    expect(later).to_have_count(1)
    after = later.first.evaluate(BATTLE_JS)
    assert after["drawn"] == [] and "Battle" not in after["title"], "the battle stays behind"


RULES_PAGES = ["ti4/victory-points/", "arcs/battle/"]
"""Rules pages with many examples, some long."""

HEIGHTS_JS = """() => {
    const tall = () => document.documentElement.scrollHeight;
    const folded = tall();
    const lines = Array.from(document.querySelectorAll('[data-walkthrough-line], .wt-switch'));
    const kept = lines.map(line => [line, line.style.display]);
    lines.forEach(line => { line.style.display = 'none'; });
    const none = tall();
    kept.forEach(([line, display]) => { line.style.display = display; });
    return [folded, none];
}"""
"""The page's height with its examples folded, and without any example."""


def test_a_rules_page_shows_each_example_as_one_line_that_opens_in_place(
        site: str, built: Path, open_page: Callable[..., Page]) -> None:
    """The rules come first: each example is one line (its question, its answer in a few
    words, the verdict, the rules it illustrates); its link opens the walkthrough in place,
    from the file beside the page, and the walkthrough folds back."""
    page = open_page(folded=True)
    page.goto(site + PAGE)
    lines = page.locator("[data-walkthrough-line]")
    kept = _walkthroughs(built, PAGE)
    assert lines.count() == kept.count(" data-walkthrough ") >= 10
    assert page.locator("[data-walkthrough]").count() == 0
    line = lines.filter(has_text="steps)").first
    scenario_id = line.get_attribute("id") or ""
    for part in (".wt-title", ".wt-answer", ".wt-badge--verified", ".wt-about"):
        expect(line.locator(part).first).to_be_visible()
    expect(line.locator(".wt-about")).to_contain_text(re.compile(r"Illustrates \d"))
    expect(line.locator("a")).to_have_count(1)  # the rules by number: the page holds them
    line.locator("[data-open-walkthrough]").click()
    root = page.locator(f'[id="{scenario_id}"][data-walkthrough]')
    expect(root.locator(".wt-stepper")).to_be_visible()
    assert page.url == site + PAGE, "opened in place, the reader stays on the page"
    expect(page.locator(f"[data-checker-host='{scenario_id}']")).to_have_count(1)
    root.locator(".wt-fold").click()
    expect(page.locator(f'[id="{scenario_id}"][data-walkthrough-line]')).to_be_visible()
    expect(page.locator(f"[data-checker-host='{scenario_id}']")).to_have_count(0)
    assert page.evaluate("document.activeElement.hasAttribute('data-open-walkthrough')")


def test_the_page_switch_shows_every_example_and_is_remembered(
        site: str, open_page: Callable[..., Page]) -> None:
    page = open_page(folded=True)
    page.goto(site + PAGE)
    switch = page.locator(".wt-switch-button")
    count = page.locator("[data-walkthrough-line]").count()
    expect(switch).to_have_text(f"Show the {count} examples in full")
    switch.click()
    expect(page.locator("[data-walkthrough-line]")).to_have_count(0)
    expect(page.locator("[data-walkthrough]")).to_have_count(count)
    expect(switch).to_have_attribute("aria-pressed", "true")
    page.goto(site + "ti4/victory-points/")  # the choice holds on the next pages
    expect(page.locator("[data-walkthrough-line]")).to_have_count(0)
    page.locator(".wt-switch-button").click()
    expect(page.locator("[data-walkthrough]")).to_have_count(0)
    page.reload()
    expect(page.locator(".wt-switch-button")).to_have_attribute("aria-pressed", "false")
    assert page.locator("[data-walkthrough-line]").count() > 10


def test_a_deep_link_to_a_step_of_a_folded_example_opens_it(
        site: str, long_id: str, open_page: Callable[..., Page]) -> None:
    page = open_page(folded=True)
    page.goto(f"{site}{PAGE}#{long_id}--step-2")
    root = page.locator(f'[id="{long_id}"]')
    expect(root.locator(".wt-stepper")).to_be_visible()
    Stepper(page, root).check(2)
    expect(root.locator("li.wt-step:visible")).to_be_in_viewport()
    assert page.locator("[data-walkthrough]").count() == 1, "only the example linked to opens"


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("path", RULES_PAGES)
def test_with_its_examples_folded_a_rules_page_is_short(
        site: str, open_page: Callable[..., Page], path: str, width: int) -> None:
    """At most about twice the height of the same page without any example."""
    page = open_page(folded=True, viewport={"width": width, "height": 900})
    page.goto(site + path)
    expect(page.locator(".wt-switch-button")).to_be_visible()
    folded, bare = page.evaluate(HEIGHTS_JS)
    assert folded <= 2 * bare, f"{path} at {width} px: {folded} px folded, {bare} px bare"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"folded-{path.strip('/').replace('/', '-')}-"
                                           f"{width}.png"))


def _rules_pages(built: Path) -> list[str]:
    """The rules pages of the built site: the pages of a game's folder but its scenario lists,
    ask, coverage and glossary pages."""
    return [f"{html.parent.relative_to(built).as_posix()}/" for game in GAMES
            for html in sorted((built / game).glob("*/index.html"))
            if html.parent.name not in ("scenarios", "ask", "coverage", "glossary")]


LANDED_JS = """id => {
    // Every rule entry and example line on the screen is laid out (not skipped by
    // content-visibility), and the rule stands where the link put it.
    const near = Array.from(document.querySelectorAll('.rule-entry, .wt--folded')).filter(e => {
        const box = e.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight;
    });
    const target = document.getElementById(id);
    const margin = parseFloat(getComputedStyle(target).scrollMarginTop);
    return near.length > 0 && near.every(e => e.checkVisibility({contentVisibilityAuto: true}))
        && Math.abs(target.getBoundingClientRect().top - margin) <= 2;
}"""
"""Whether the page has laid out what is on the screen, with the rule `id` at the top."""


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("path", [PAGE, "arcs/battle/"])
def test_a_link_to_a_rule_opens_the_page_at_the_rule(
        site: str, built: Path, open_page: Callable[..., Page], path: str, width: int) -> None:
    """The page is laid out only near the screen, so the entries above a rule take their
    height after the link has scrolled to it: the rule still ends at the top, where the
    table of contents (shown at 1280 px) marks it and not the rule before."""
    html = (built / path / "index.html").read_text(encoding="utf-8")
    rules = re.findall(r'<p class="rule rule--depth-\d[^"]*" data-rule="[^"]+" id="([^"]+)"', html)
    page = open_page(folded=True, viewport={"width": width, "height": 844})
    for rule in rules[:-6:len(rules) // 6]:  # the last ones cannot scroll to the top
        page.goto("about:blank")
        page.goto(f"{site}{path}#{rule}")
        page.wait_for_function(LANDED_JS, arg=rule)
        if width == 1280 and f'href="#{rule}" class="md-nav__link"' in html:
            active = page.locator(".md-nav--secondary .md-nav__link--active").first
            expect(active).to_have_attribute("href", re.compile(f"#{re.escape(rule)}$"))


def test_the_table_of_contents_lists_every_rule_group(built: Path) -> None:
    """Each rule of the first depth (98.7, not 98.7a) is in its page's table of contents,
    with its number and title, in the page's order."""
    for path in _rules_pages(built):
        html = (built / path / "index.html").read_text(encoding="utf-8")
        groups = re.findall(r'<(?:p|li|h\d) class="rule rule--depth-1[^"]*" data-rule="[^"]+" '
                            r'id="([^"]+)"', html)
        toc = re.search(r'<nav class="md-nav md-nav--secondary".*?<div class="md-content"', html,
                        re.DOTALL)
        listed = list(dict.fromkeys(re.findall(r'href="#([^"]+)" class="md-nav__link"',
                                               toc[0] if toc else "")))
        assert [g for g in groups if g not in listed] == [], path
        assert [a for a in listed if a in groups] == groups, f"{path}: the page's order"
    vp = (built / "ti4/victory-points/index.html").read_text(encoding="utf-8")
    assert re.search(r'href="#98\.7"[^>]*>\s*<span class="md-ellipsis">\s*98\.7 The game '
                     r"ends when a player reaches the goal", vp)


def test_a_rules_page_loads_at_most_twice_the_bytes_of_the_plain_page(
        site: str, built: Path, plain: Path, browser: Browser) -> None:
    """What a rules page loads before any interaction (its HTML, styles, scripts, icons) is
    at most twice what the same page loads without the checker: the walkthroughs and the
    cited-by lists wait in the file beside it. Every page loads the same styles, scripts and
    icons, so the pages whose HTML is largest against the plain page's are the worst case:
    those four are loaded (every rules page took a minute of the suite)."""
    index = "search/search_index.json"

    def recorder(sizes: dict[str, int]) -> Callable[[Request], None]:
        return lambda request: None if request.url.endswith(index) else sizes.__setitem__(
            request.url, request.sizes()["responseBodySize"])

    def empty_index(folder: Path, sizes: dict[str, int]) -> Callable[[Route], None]:
        def fulfil(route: Route) -> None:
            sizes[index] = (folder / index).stat().st_size
            route.fulfill(json={"config": {"lang": ["en"], "separator": r"[\s\-]+",
                                           "pipeline": []}, "docs": []})
        return fulfil

    def loaded(folder: Path, urls: list[str]) -> list[int]:
        """The bytes each page loads; the pages load all at once, each in its own context.
        Not `open_page`: these contexts block the service worker and fake the index. The
        search index counts with its file's size, but each page gets an empty one: fifty
        search workers indexing the whole site at once would take most of the test's time."""
        opened = []
        for url in urls:
            context = browser.new_context(service_workers="block")
            sizes: dict[str, int] = {}
            context.route(f"**/{index}", empty_index(folder, sizes))
            page = context.new_page()
            page.on("requestfinished", recorder(sizes))
            page.goto(url, wait_until="commit")
            opened.append((context, page, sizes))
        out = []
        for context, page, sizes in opened:
            page.wait_for_load_state("networkidle")
            # The search worker asks for the index once it has started: on a busy machine,
            # after the page's network has gone quiet.
            deadline = time.monotonic() + ACTION_TIMEOUT / 1000
            while index not in sizes:
                assert time.monotonic() < deadline, "the page loads the search index"
                page.wait_for_timeout(50)
            out.append(sum(sizes.values()))
            context.close()
        return out

    def excess(path: str) -> int:
        return (built / path / "index.html").stat().st_size - \
            2 * (plain / path / "index.html").stat().st_size

    pages = _rules_pages(built)
    assert not [path for path in pages if "<img" in (built / path / "index.html").read_text(
        encoding="utf-8")], "a page's own picture: the worst case is not the largest HTML"
    paths = sorted(pages, key=excess, reverse=True)[:4]
    with serving(plain) as without:
        ours = loaded(built, [site + path for path in paths])
        theirs = loaded(plain, [without + path for path in paths])
    heavy = [f"{path}: {mine:,} bytes, {plain_bytes:,} without the checker"
             for path, mine, plain_bytes in zip(paths, ours, theirs) if mine > 2 * plain_bytes]
    assert heavy == []


def test_a_request_off_the_site_fails_the_test(browser: Browser) -> None:
    """What holds every page `open_page` opens to the machine: a page that asks for a file
    elsewhere fails its test (the request is stopped before it goes out)."""
    with pytest.raises(AssertionError, match=r"example\.invalid"), page_opener(browser) as opener:
        page = opener()
        page.route("**/*", lambda route: route.abort())
        page.set_content('<img src="http://example.invalid/a.png">')


def test_no_request_leaves_the_site(site: str, open_page: Callable[..., Page]) -> None:
    """Pages of each kind, and a search, load nothing but the site's own files (every page
    `open_page` opens is held to the machine's servers; this one to the site's own)."""
    page = open_page(color_scheme="dark")
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    for path in ["", PAGE, "ti4/victory-points/", ARCS_PAGE]:
        page.goto(site + path)
        page.wait_for_load_state("networkidle")
    page.locator(".md-search__input").click()
    page.keyboard.type("objective")
    expect(page.locator(".md-search-result__item").first).to_be_visible()
    assert len(requests) > 10
    outside = sorted({url for url in requests if not url.startswith((site, "data:", "blob:"))})
    assert outside == []


def test_the_stepper_shows_what_a_value_was_at_the_step_that_changed_it(
        site: str, long_id: str, open_page: Callable[..., Page]) -> None:
    """`8 → 9` shows in the rows a step changed, never in a row carried over from before."""
    page = open_page()
    page.goto(site + PAGE)
    root = page.locator(f'[id="{long_id}"]')
    expect(root.locator(".wt-stepper")).to_be_visible()
    dots = root.locator("button.wt-dot")
    shown = 0
    for index in range(dots.count()):
        dots.nth(index).click()
        step = root.locator("li.wt-step:visible")
        was = step.locator(".wt-was")
        shown += was.count()
        assert was.count() == step.locator(".wt-row--changed .wt-was").count(), index + 1
        for text in was.all_text_contents():
            assert text.endswith(" \u2192 ") and text.strip(" \u2192"), text
    assert shown, "some step of the walkthrough changed a value"
