"""The reader at the table, in a real browser: a rule reference or a glossary term previewed on
hover, keyboard focus and tap; every page readable on a 390 px phone; a rules page on paper;
the site installed and read offline; and the site opened from a plain folder of files.

The built site, its local server and Chromium are those of `test_site_browser`; the offline
test serves the site on a server of its own, to stop it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browsers import page_opener, start_server, wait_kept
from playwright.sync_api import Browser, Page, expect
from repo_games import TI4_TITLES as TITLES
from test_site_browser import SCREENSHOTS, _Handler, browser, site

__all__ = ["browser", "site"]  # fixtures, shared with test_site_browser

PAGE = "ti4/objective-cards/"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
POPOVER = ".ref-pop"

SHOWN_JS = """pop => pop.hidden ? null : {
    head: pop.querySelector('.ref-pop__head').textContent.trim(),
    text: (pop.querySelector('.ref-pop__text') || {textContent: ''}).textContent,
    links: Array.from(pop.querySelectorAll('a')).map(a => [a.textContent, a.href]),
    role: pop.getAttribute('role'),
}"""
"""What the popover shows, or null when it is hidden."""

RULE_JS = """async ([url, id]) => {
    const doc = new DOMParser().parseFromString(await (await fetch(url)).text(), 'text/html');
    const rule = doc.getElementById(id);
    const number = rule.querySelector(':scope > a.rule-num').textContent;
    rule.querySelectorAll(':scope > a.rule-num, :scope > .rule-search, details, a.rule-uses')
        .forEach(el => el.remove());
    return [number, rule.textContent.replace(/\\s+/g, ' ').trim()];
}"""
"""A rule item's number and text as its own page shows them."""


@pytest.fixture
def open_page(browser: Browser) -> Iterator[Callable[..., Page]]:
    """A page in a fresh browser context (options as for `new_context`), every request
    recorded; an error thrown by the checker's scripts fails the test."""
    errors: list[tuple[str, str]] = []
    with page_opener(browser) as opener:

        def _open(**options: Any) -> Page:
            page = opener(**options)
            page.on("pageerror",
                    lambda error: errors.append((page.url, f"{error}\n{error.stack}")))
            return page

        yield _open
    assert [(url, error) for url, error in errors if "assets/checker/" in error] == [], \
        "an error in the checker's scripts"


def shown(page: Page) -> dict[str, Any] | None:
    popover = page.locator(POPOVER)
    return popover.evaluate(SHOWN_JS) if popover.count() else None


def rule_as_shown(page: Page, href: str) -> tuple[str, str]:
    url, _, anchor = href.partition("#")
    return tuple(page.evaluate(RULE_JS, [url, anchor]))  # type: ignore[return-value]


def test_a_rule_reference_previews_its_rule_on_hover(
        site: str, open_page: Callable[..., Page]) -> None:
    page = open_page()
    page.goto(site + PAGE)
    link = page.locator('p.rule a.rule-ref[href*="/status-phase/#81.1"]').first
    href = link.evaluate("a => a.href")
    number, text = rule_as_shown(page, href)
    link.hover()
    expect(page.locator(POPOVER)).to_be_visible()
    assert shown(page) == {
        "head": f"{number} {TITLES['81.1']}",
        "text": text,
        "links": [[f"Status Phase, {number} \u2192", href]],
        "role": "tooltip",
    }
    assert link.get_attribute("aria-describedby") == "checker-ref-pop"
    assert page.url == site + PAGE, "the preview does not leave the page"
    page.mouse.move(0, 0)
    expect(page.locator(POPOVER)).to_be_hidden()
    assert link.get_attribute("aria-describedby") is None
    assert link.get_attribute("title") == f"ti4:81.1: {TITLES['81.1']}", "the tooltip comes back"


def test_walkthrough_badges_and_narration_preview_their_rules(
        site: str, open_page: Callable[..., Page]) -> None:
    page = open_page()
    page.goto(site + PAGE)
    walkthrough = page.locator("[data-walkthrough]").first
    for where in (".wt-about", "li.wt-step:visible .wt-events", ".wt-outcome"):
        links = walkthrough.locator(f"{where} a.rule-ref")
        if not links.count():
            continue
        link = links.first
        link.scroll_into_view_if_needed()
        link.hover()
        expect(page.locator(POPOVER)).to_be_visible()
        said = shown(page)
        assert said is not None and said["head"].startswith(link.inner_text() + " "), where
        assert said["links"][0][1] == link.evaluate("a => a.href"), where
        page.mouse.move(0, 0)
        expect(page.locator(POPOVER)).to_be_hidden()


def test_keyboard_focus_shows_the_preview_and_escape_hides_it(
        site: str, open_page: Callable[..., Page]) -> None:
    page = open_page()
    page.goto(site + PAGE)
    page.locator("article h1").click()
    for _ in range(60):  # Tab through the page to its first rule reference
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('a.rule-ref')"):
            break
    else:
        raise AssertionError("no rule reference reached with Tab")
    focused = page.locator(":focus")
    href = focused.evaluate("a => a.href")
    number, text = rule_as_shown(page, href)
    expect(page.locator(POPOVER)).to_be_visible()
    said = shown(page)
    assert said is not None
    assert (said["head"].split(" ", 1)[0], said["text"]) == (number.split(" ")[0], text)
    described = focused.get_attribute("aria-describedby")
    assert described and page.locator(f"#{described}").get_attribute("role") == "tooltip"
    page.keyboard.press("Escape")
    expect(page.locator(POPOVER)).to_be_hidden()
    assert page.evaluate("document.activeElement.href") == href, "the focus stays on the link"
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    expect(page.locator(POPOVER)).to_be_visible()


def test_a_tap_previews_and_a_second_tap_follows_the_link(
        site: str, open_page: Callable[..., Page]) -> None:
    page = open_page(viewport=PHONE, has_touch=True, is_mobile=True)
    page.goto(site + PAGE)
    link = page.locator('p.rule a.rule-ref[href*="/status-phase/#"]').first
    link.scroll_into_view_if_needed()
    link.tap()
    expect(page.locator(POPOVER)).to_be_visible()
    box = page.locator(POPOVER).bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.url == site + PAGE
    target = link.evaluate("a => a.href")
    link.tap()
    page.wait_for_url(target)


def test_each_game_has_a_glossary_whose_terms_link_to_their_rules(
        site: str, open_page: Callable[..., Page]) -> None:
    page = open_page()
    for game in ("ti4", "ti3", "arcs"):
        page.goto(f"{site}{game}/glossary/")
        entries = page.locator("li.glossary-entry")
        assert entries.count() >= 15, game
        broken = entries.evaluate_all("""items => items.filter(item => !item.id
            || !item.querySelector(':scope > dfn')
            || !item.querySelector('a.rule-ref[href*="#"]')).map(item => item.textContent)""")
        assert broken == [], game
        # Each defining rule is a rule item of its page.
        for href in entries.evaluate_all(
                "items => items.map(i => i.querySelector('a.rule-ref').href)")[:40]:
            number, _ = rule_as_shown(page, href)
            assert number, href


def test_a_term_used_on_a_page_shows_its_definition(
        site: str, open_page: Callable[..., Page]) -> None:
    page = open_page()
    page.goto(site + "arcs/glossary/")
    entry = page.locator('li.glossary-entry[id="loyal"]')
    definition = entry.evaluate("""item => {
        const copy = item.cloneNode(true);
        copy.querySelector('dfn').remove();
        return copy.textContent.replace(/\\s+/g, ' ').replace(/^\\s*:\\s*/, '')
            .replace(/\\s*\\([^()]*\\)\\.?\\s*$/, '.');
    }""")
    rule = entry.locator("a.rule-ref").evaluate("a => a.href")
    page.goto(site + "arcs/standard-actions/")
    term = page.locator('a.term-ref[data-term="arcs:loyal"]').first
    term.scroll_into_view_if_needed()
    term.hover()
    expect(page.locator(POPOVER)).to_be_visible()
    said = shown(page)
    assert said is not None
    assert said["head"] == "Loyal"
    assert said["text"] == definition[:1].upper() + definition[1:]
    assert said["links"] == [["Rule 6.5", rule], ["Glossary", f"{site}arcs/glossary/#loyal"]]
    # Focus shows it too; a click leads to the glossary entry.
    page.mouse.move(0, 0)
    expect(page.locator(POPOVER)).to_be_hidden()
    term.focus()
    expect(page.locator(POPOVER)).to_be_visible()
    term.click()
    page.wait_for_url(f"{site}arcs/glossary/#loyal")
    expect(page.locator('li.glossary-entry[id="loyal"]')).to_be_in_viewport()


def test_a_term_is_not_marked_where_it_is_defined(
        site: str, open_page: Callable[..., Page]) -> None:
    page = open_page()
    page.goto(site + "arcs/the-board/")
    assert page.locator('[id="6.5"] a.term-ref[data-term="arcs:loyal"]').count() == 0
    assert page.locator('[id="6.5"] a.term-ref').count() == 0
    assert page.locator('a.term-ref[data-term="arcs:loyal"]').count() >= 1
    assert page.locator("h1 a.term-ref, h2 a.term-ref, code a.term-ref, a a.term-ref").count() == 0
    # Nor on the page whose section defines it: that page is all about it.
    custodians = 'a.term-ref[data-term="ti4:custodians-token"]'
    page.goto(site + "ti4/custodians-token/")
    assert page.locator(custodians).count() == 0
    page.goto(site + "ti4/agenda-phase/")
    assert page.locator(custodians).count() >= 1


def site_pages(built: Path) -> list[str]:
    return sorted(path.relative_to(built).as_posix().removesuffix("index.html")
                  for path in built.rglob("*.html"))


WIDTH_JS = """() => {
    const width = document.documentElement.clientWidth;
    const scrolled = document.documentElement.scrollWidth;
    if (scrolled <= width) return [scrolled, width, []];  // no element to name
    const wide = Array.from(document.querySelectorAll('body *')).filter(el => {
        const box = el.getBoundingClientRect();
        return box.right > width + 1 && box.width > 0 && el.checkVisibility();
    }).map(el => el.tagName.toLowerCase() + '.' + el.className + ' ' + Math.round(
        el.getBoundingClientRect().right));
    return [scrolled, width, wide.slice(-3)];
}"""


def test_no_page_scrolls_sideways_on_a_phone(
        site: str, built: Path, open_page: Callable[..., Page]) -> None:
    page = open_page(viewport=PHONE)
    pages = site_pages(built)
    assert len(pages) >= 40
    sideways = {}
    for path in pages:
        page.goto(site + path)
        scrolled, width, wide = page.evaluate(WIDTH_JS)
        if scrolled > width:
            sideways[path] = (scrolled, wide)
    assert sideways == {}, "pages wider than a 390 px phone"


WORDS_JS = """cell => {
    // The words of a cell that a line break cuts in two (a break after a hyphen is fine).
    const broken = [];
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of node.textContent.matchAll(/[^\\s\u2010-]+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            if (range.getClientRects().length > 1) broken.push(word[0]);
        }
    }
    return broken;
}"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390px", "1280px"])
def test_the_scenario_lists_keep_words_whole(
        site: str, open_page: Callable[..., Page], viewport: dict[str, int]) -> None:
    """No cell breaks a word across lines ("Custodia|ns token" in the "Shown on" column, where
    Material lets links break anywhere); on a phone each row is a block."""
    page = open_page(viewport=viewport)
    for game in ("ti4", "ti3", "arcs"):
        page.goto(f"{site}{game}/scenarios/")
        cells = page.locator("table.wt-list tbody td")
        assert cells.count() > 30
        broken = [word for word in cells.evaluate_all(
            f"cells => cells.flatMap({WORDS_JS})")]
        assert broken == [], game
        shown_on = page.locator("table.wt-list tbody tr").first.locator("td").last
        assert shown_on.locator("a").evaluate(
            "a => [getComputedStyle(a).wordBreak, getComputedStyle(a).overflowWrap]") == \
            ["normal", "normal"], "a page's name breaks only between words, whatever the rows"
        if viewport is PHONE:
            assert shown_on.evaluate("td => getComputedStyle(td, '::before').content") == \
                '" \u00b7 shown on "'


COVERED_JS = """bar => {
    // The step buttons of `bar` below the header whose centre something else covers.
    const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
    return Array.from(bar.querySelectorAll('button')).flatMap(button => {
        const box = button.getBoundingClientRect();
        const x = box.left + box.width / 2, y = box.top + box.height / 2;
        if (y < header || y > innerHeight) return [];
        const hit = document.elementFromPoint(x, y);
        return hit && button.contains(hit) ? [] : [[button.textContent, Math.round(y),
            hit ? hit.className : null]];
    });
}"""

FRAMES_JS = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390px", "1280px"])
def test_back_to_top_never_covers_the_step_buttons(
        site: str, open_page: Callable[..., Page], viewport: dict[str, int]) -> None:
    """Scrolling up shows the theme's "Back to top"; wherever a walkthrough's stepper then is,
    its buttons take the taps (under the header, 64 to 100 px down, it used to cover them)."""
    page = open_page(viewport=viewport)
    page.goto(f"{site}ti4/victory-points/")
    page.locator(".wt-switch-button").click()  # every example of the page in full
    expect(page.locator("[data-walkthrough-line]")).to_have_count(0)
    bar = page.locator(".wt-stepper").filter(has=page.locator(".wt-dot >> nth=4")).first
    expect(bar).to_be_visible()
    hidden, shown = page.locator(".md-top[hidden]"), page.locator(".md-top:not([hidden])")
    header = page.locator(".md-header").evaluate("h => h.getBoundingClientRect().bottom")
    covered = {}
    for offset in range(int(header), int(header) + 120, 8):
        top = bar.evaluate("bar => bar.getBoundingClientRect().top + scrollY")
        page.evaluate(f"scrollTo(0, {top - offset + 300})")
        expect(hidden).to_have_count(1)
        page.evaluate(FRAMES_JS)
        page.evaluate(f"scrollTo(0, {top - offset})")
        expect(shown).to_have_count(1)
        if found := bar.evaluate(COVERED_JS):
            covered[offset] = found
    assert covered == {}, "step buttons under Back to top"


def test_a_rules_page_prints_without_navigation_and_with_short_walkthroughs(
        site: str, open_page: Callable[..., Page]) -> None:
    page = open_page(viewport={"width": 1280, "height": 1100})
    page.goto(site + PAGE)
    chrome = [".md-header", ".md-sidebar--primary", ".md-sidebar--secondary", ".md-footer"]
    for part in chrome:
        expect(page.locator(part).first).to_be_visible()
    # Folded (as a page opens): each example prints as its question and answer.
    line = page.locator("[data-walkthrough-line]").first
    page.emulate_media(media="print")
    for part in chrome:
        expect(page.locator(part).first).to_be_hidden()
    for kept in (".wt-title", ".wt-answer", ".wt-badge"):
        expect(line.locator(kept).first).to_be_visible()
    expect(line.locator(".wt-open")).to_be_hidden()
    expect(page.locator(".wt-switch")).to_be_hidden()
    # Opened, a walkthrough prints short.
    page.emulate_media(media="screen")
    page.locator(".wt-switch-button").click()
    walkthrough = page.locator("[data-walkthrough]:has(li.wt-step .wt-refused)").first
    expect(walkthrough.locator(".wt-stepper")).to_be_visible()
    page.emulate_media(media="print")
    for kept in (".wt-title", ".wt-badge", ".wt-about a.rule-ref", ".wt-outcome",
                 ".wt-refused"):
        expect(walkthrough.locator(kept).first).to_be_visible()
    for gone in (".wt-stepper", ".wt-setup", ".wt-events", ".wt-source", "dl.wt-state"):
        expect(walkthrough.locator(gone).first).to_be_hidden()
    # Every refused step shows, whichever step the stepper was on.
    refused = walkthrough.locator("li.wt-step:has(.wt-refused)")
    assert refused.count() >= 1
    for index in range(refused.count()):
        expect(refused.nth(index)).to_be_visible()
    article = page.locator("article").bounding_box()
    assert article is not None and article["x"] < 40, "the text takes the paper's width"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    walkthrough.screenshot(path=str(SCREENSHOTS / "print-walkthrough.png"))
    page.emulate_media(media="screen")
    expect(walkthrough.locator(".wt-stepper")).to_be_visible()


@pytest.fixture
def stoppable(built: Path) -> Iterator[tuple[str, Callable[[], None]]]:
    """The built site on a server of its own: its URL, and how to stop it."""
    url, stop = start_server(built, _Handler)
    yield url, stop
    stop()


def test_visited_pages_read_offline(
        stoppable: tuple[str, Callable[[], None]], open_page: Callable[..., Page]) -> None:
    root, stop = stoppable
    page = open_page()
    page.goto(root)
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller")
    manifest = page.evaluate("""async () => {
        const link = document.querySelector('link[rel=manifest]');
        const manifest = await (await fetch(link.href)).json();
        const icons = await Promise.all(manifest.icons.map(async icon => {
            const response = await fetch(new URL(icon.src, link.href));
            return [icon.sizes, response.ok, response.headers.get('content-type')];
        }));
        return [manifest.start_url, manifest.display, icons];
    }""")
    assert manifest == ["./", "standalone", [["192x192", True, "image/png"],
                                             ["512x512", True, "image/png"]]]
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
    wait_kept(page)
    page.locator(f'.md-nav--primary a.md-nav__link[href$="/{PAGE}"]').first.click()
    page.wait_for_url(f"**/{PAGE}")
    # An example opened online is kept too (the file the page's walkthroughs are in).
    stepped = page.locator("[data-walkthrough-line]").filter(has_text="steps)").first
    stepped.locator("[data-open-walkthrough]").click()
    expect(page.locator("[data-walkthrough] .wt-stepper").first).to_be_visible()
    wait_kept(page)
    stop()
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("article h1")).to_contain_text("Objective Cards")
    stepped.locator("[data-open-walkthrough]").click()
    walkthrough = page.locator("[data-walkthrough]").first
    expect(walkthrough.locator(".wt-stepper")).to_be_visible()  # the scripts were kept
    link = page.locator("p.rule a.rule-ref").first
    link.hover()
    expect(page.locator(POPOVER)).to_be_visible()  # and the style
    assert page.locator(POPOVER).evaluate("pop => getComputedStyle(pop).position") == "absolute"
    page.goto(root)
    expect(page.locator("article h1")).to_be_visible()
    # A page never opened leads to the fallback page, which lists the kept pages by title.
    page.goto(root + "ti3/end-of-game/")
    expect(page.locator("article h1")).to_have_text(re.compile("^You are offline"))
    links = page.locator(".checker-offline__pages a")
    expect(links).to_have_text(["Home", "Objective Cards (61)"])
    assert links.evaluate_all("links => links.map(a => a.href)") == [root, root + PAGE]


def test_from_a_folder_of_files_the_site_still_works(
        built: Path, open_page: Callable[..., Page]) -> None:
    page = open_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text)
            if message.type == "error" else None)
    page.goto((built / PAGE / "index.html").as_uri())
    page.wait_for_load_state("load")
    page.locator("p.rule a.rule-ref").first.hover()
    expect(page.locator(POPOVER)).to_be_visible()
    assert page.locator('link[rel="manifest"]').count() == 0
    assert page.evaluate("navigator.serviceWorker ? navigator.serviceWorker.controller : null") \
        is None
    assert [line for line in console if "sw.js" in line or "manifest" in line] == []
    # A link to another page (a folder) opens that folder's index.html, not its listing.
    link = page.locator("p.rule a.rule-ref[href^='../']").first
    target = link.get_attribute("href") or ""
    link.click()
    page.wait_for_load_state("load")
    assert page.url.split("#")[0].endswith("/index.html"), page.url
    assert target.split("#")[0].strip("./") in page.url
    expect(page.locator("article h1").first).to_be_visible()
    # A page fetches nothing from file://: an example's line opens the file of the page's
    # walkthroughs, where they are steppers too (Material's document$ never fires from
    # file://, so the script also sets up on load).
    page.goto((built / PAGE / "index.html").as_uri())
    page.locator("[data-walkthrough-line]").filter(has_text="steps)").first.locator(
        "[data-open-walkthrough]").click()
    page.wait_for_url("**/walkthroughs.html#*")
    walkthrough = page.locator("[data-walkthrough]:has(li.wt-step + li.wt-step)").first
    expect(walkthrough.locator(".wt-stepper")).to_have_count(1)
    walkthrough.locator(".wt-next").click()
    expect(walkthrough.locator(".wt-count")).to_have_text(re.compile(r"^Step 2 of "))
    assert [line for line in console if "walkthroughs" in line] == []
