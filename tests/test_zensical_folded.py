"""Rules pages built by Zensical, which runs no plugin to write the file beside each page: each
example is still one line, its walkthrough kept closed in the page under it. In Chromium: the
line opens the walkthrough in place (its stepper and "Edit and check" with it) and folds it
back; a deep link to a step opens that example at the step; the page's switch opens them all;
without JavaScript the walkthrough opens below its line with every step listed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browsers import ACTION_TIMEOUT, build_zensical_site, chromium, serving
from playwright.sync_api import Browser, Page, expect

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "build" / "screenshots"
PAGE = "ti4/objective-cards/"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_zensical_site(tmp_path_factory.mktemp("zensical"))


@pytest.fixture(scope="module")
def site(built: Path) -> Iterator[str]:
    with serving(built) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def long_id(built: Path) -> str:
    """A folded example of PAGE with at least three steps."""
    html = (built / PAGE / "index.html").read_text(encoding="utf-8")
    for found in re.finditer(r'id="([^"]+)" data-walkthrough-line>.*?</details>\n</div>', html,
                             re.DOTALL):
        if found[0].count('<li class="wt-step"') >= 3:
            return found[1]
    raise AssertionError(f"no folded example with three steps on {PAGE}")


def _page(browser: Browser, **options: object) -> Page:
    context = browser.new_context(**options)  # type: ignore[arg-type]
    context.set_default_timeout(ACTION_TIMEOUT)
    return context.new_page()


def test_the_built_page_keeps_each_walkthrough_closed_under_its_line(built: Path) -> None:
    html = (built / PAGE / "index.html").read_text(encoding="utf-8")
    lines = html.count("data-walkthrough-line")
    assert lines >= 10 and html.count("data-kept-walkthrough") == lines
    assert html.count("<details class=\"wt-kept\" data-kept-walkthrough open") == 0


@pytest.mark.parametrize(("width", "scheme"), [(1280, "light"), (390, "dark")])
def test_a_line_opens_its_walkthrough_in_place_and_folds_it_back(
        browser: Browser, site: str, long_id: str, width: int, scheme: str) -> None:
    page = _page(browser, viewport={"width": width, "height": 900}, color_scheme=scheme)
    page.goto(site + PAGE)
    line = page.locator(f'[id="{long_id}"][data-walkthrough-line]')
    expect(line.locator("> .wt-title")).to_be_visible()
    expect(line.locator(".wt-steps")).to_be_hidden()
    line.locator("summary[data-open-walkthrough]").click()
    root = page.locator(f'[id="{long_id}"][data-walkthrough]')
    expect(root.locator(".wt-stepper")).to_be_visible()
    expect(root.locator("li.wt-step:visible")).to_have_count(1)
    expect(page.locator(f"[data-checker-host='{long_id}']")).to_have_count(1)
    assert page.url == site + PAGE
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    root.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / f"zensical-opened-{width}-{scheme}.png"))
    root.locator(".wt-next").click()
    expect(root.locator(".wt-count")).to_contain_text("Step 2 of")
    root.locator(".wt-fold").click()
    expect(line).to_be_visible()
    expect(page.locator(f"[data-checker-host='{long_id}']")).to_have_count(0)
    assert page.locator(f'[id="{long_id}"]').count() == 1, "one element with the id"
    page.context.close()


def test_a_deep_link_to_a_step_opens_that_example_there(
        browser: Browser, site: str, long_id: str) -> None:
    page = _page(browser)
    page.goto(f"{site}{PAGE}#{long_id}--step-2")
    root = page.locator(f'[id="{long_id}"][data-walkthrough]')
    expect(root.locator(".wt-count")).to_contain_text("Step 2 of")
    expect(root.locator("li.wt-step:visible")).to_be_in_viewport()
    assert page.locator(".wt--unfolded").count() == 1, "only the example linked to opens"
    page.context.close()


def test_the_page_switch_opens_every_example(browser: Browser, site: str) -> None:
    page = _page(browser)
    page.goto(site + PAGE)
    count = page.locator("[data-walkthrough-line]").count()
    page.locator(".wt-switch-button").click()
    expect(page.locator("[data-walkthrough-line]")).to_have_count(0)
    expect(page.locator(".wt--unfolded")).to_have_count(count)
    page.locator(".wt-switch-button").click()
    expect(page.locator("[data-walkthrough-line]")).to_have_count(count)
    page.context.close()


def test_without_javascript_the_walkthrough_opens_below_its_line(
        browser: Browser, site: str, long_id: str) -> None:
    page = _page(browser, java_script_enabled=False, viewport={"width": 390, "height": 900})
    page.goto(site + PAGE)
    line = page.locator(f'[id="{long_id}"][data-walkthrough-line]')
    steps = line.locator("li.wt-step")
    expect(steps.first).to_be_hidden()
    line.locator("summary[data-open-walkthrough]").click()
    expect(steps.first).to_be_visible()
    assert steps.count() >= 3 and line.locator("li.wt-step:visible").count() == steps.count()
    page.context.close()
