"""Checking scenarios in the page: the checker run by Pyodide in a Web Worker, in headless
Chromium, on the real site built by `mkdocs build`. Every published scenario gets the command
line's answer; a reader edits, checks and resets a walkthrough, sees a located error marked,
asks a question on an ask page and shares it; hostile input gets the command line's errors
and the time limit, and never freezes the page; without JavaScript or without the runtime the
site reads completely.

The run's one build of the site (conftest's `built`), one local HTTP server and one
Chromium serve the whole module.
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
import zipfile
import zlib
from collections.abc import Callable, Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from browsers import (
    SHOW_ALL,
    all_open,
    assert_on_site,
    chromium,
    hold_runtime,
    page_opener,
    press,
    serving,
)
from limit_inputs import limit_names, limit_texts, worst_legal_question
from playwright.sync_api import Browser, Page, expect
from repo_games import GAMES
from sites import built as build_here
from sites import make_site

from checker import limits
from checker.registry import installed
from checker.runner import check_scenario, load_file
from checker.site.browser_check import BrowserChecker, step_citations
from checker.site.publish import browser_bundle
from checker.site.publish.browser_bundle import FOLDER, checker_zip, write_bundle
from checker.sources import find_files, read_text, texts_in_file

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "build" / "screenshots"
PAGE = "ti4/objective-cards/"
RUNTIME = browser_bundle.runtime_version(browser_bundle.PACKAGE) is not None

needs_runtime = pytest.mark.skipif(
    not RUNTIME, reason="no Python runtime for the browser: run `npm ci --prefix checker/browser`")

LIMITS = limit_texts("limit")
"""A text just past each limit of `checker.limits`, and one at it."""

@pytest.fixture(scope="module")
def site(built: Path) -> Iterator[str]:
    with serving(built) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@pytest.fixture
def open_page(browser: Browser) -> Iterator[Callable[..., Page]]:
    with page_opener(browser, timeout=20_000) as opener:

        def _open(**options: Any) -> Page:
            page = opener(**options)
            # The reader has chosen to see the rules pages' examples in full (they open in
            # place, each with its "Edit and check").
            page.context.add_init_script(SHOW_ALL)
            errors: list[str] = []
            # The checker's own scripts throw nothing (the site's others are tested elsewhere).
            page.on("pageerror", lambda error: errors.append(str(error.stack))
                    if re.search(r"/check(-worker)?\.js", str(error.stack)) else None)
            page.errors = errors  # type: ignore[attr-defined]
            return page

        yield _open


@pytest.fixture(scope="module")
def checking_page(browser: Browser, site: str) -> Iterator[Page]:
    """A page whose checker has loaded its runtime, shared by the tests that only call it;
    nothing it loads leaves the site."""
    context = browser.new_context()
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()
    page.goto(site + PAGE)
    check(page, "id: x\n")
    yield page
    context.close()
    assert_on_site(requests)


def check(page: Page, text: str, here: str | None = None) -> dict[str, Any]:
    """The in-page checker's answer for a text (`window.rulesChecker.check`)."""
    answer = page.evaluate("([text, here]) => window.rulesChecker.check(text, here === null ? "
                           "undefined : here)", [text, here])
    assert isinstance(answer, dict)
    return answer["result"]  # type: ignore[no-any-return]


def wait_done(page: Page, scope: str = "[data-checker]") -> None:
    # An ask page draws its editor once its form's module and data are loaded.
    page.wait_for_function("scope => ['done', 'unavailable'].includes(document.querySelector("
                           "scope)?.getAttribute('data-checker-state'))", arg=scope,
                           timeout=120_000)


# ---- The same answers as the command line ----


def _published(built: Path) -> set[str]:
    return {s["id"] for s in json.loads((built / "rules.json").read_text("utf-8"))["scenarios"]}


def _command_line_verdicts(tmp: Path) -> dict[str, bool]:
    """Each scenario's verdict as `checker run` gives it (its JUnit report)."""
    report = tmp / "junit.xml"
    subprocess.run([sys.executable, "-m", "checker", "run", "--junit-xml", str(report)],
                   cwd=ROOT, capture_output=True, text=True, check=False, timeout=300)
    cases = ET.parse(report).getroot().iter("testcase")
    return {case.get("name", ""): case.find("failure") is None and case.find("error") is None
            for case in cases}


@needs_runtime
def test_every_published_scenario_gets_the_command_lines_verdict_and_citations(
        built: Path, checking_page: Page, tmp_path: Path) -> None:
    """Each text of the site (a scenario file, a page's fence) is checked in the page; each of
    its scenarios' verdict is `checker run`'s, each step cites the same rules as the engine's
    run on the command line, and each failure is the same message at the same place."""
    published = _published(built)
    verdicts = _command_line_verdicts(tmp_path)
    texts = [text for path in find_files([ROOT / "scenarios", ROOT / "docs"])
             for text in texts_in_file(str(path.relative_to(ROOT)), read_text(path))[0]]
    answers = checking_page.evaluate(
        "async texts => { const out = []; for (const text of texts) "
        "out.push((await window.rulesChecker.check(text)).result); return out; }",
        [text.text for text in texts])
    seen = set()
    for text, answer in zip(texts, answers, strict=True):
        loaded = load_file("scenario.yaml", text.text, GAMES)  # the text alone, as in the page
        assert answer["problems"] == [], f"{text.path}:{text.line_offset + 1}"
        assert [s["id"] for s in answer["scenarios"]] == [s.id for s in loaded.scenarios]
        for scenario, ours in zip(loaded.scenarios, answer["scenarios"], strict=True):
            verdict = check_scenario(scenario, GAMES)
            where = f"{text.path}:{text.line_offset + scenario.location.line} ({scenario.id})"
            assert ours["passed"] is verdicts[scenario.id] is verdict.passed, where
            assert ours["steps"] == step_citations(verdict.run), where
            records = verdict.run.records if verdict.run is not None else []  # setup refused
            assert ours["steps"] == [_cited(record) for record in records], where
            assert [(f["line"], f["col"], f["message"]) for f in ours["failures"]] == [
                (p.location.line, p.location.col, p.message) for p in verdict.failures()], where
            assert ours["html"].startswith('<div class="wt') and scenario.id in ours["html"]
            seen.add(scenario.id)
    assert published <= seen, f"published but not checked: {sorted(published - seen)}"
    assert len(seen) == len(verdicts) >= 300


def _cited(record: Any) -> list[str]:
    """A step's citations, spelled out once more: events, refusal, end of game."""
    return [*(event.rule for event in record.events),
            *([record.violation.rule] if record.violation else []),
            *([record.outcome.rule] if record.outcome else [])]


@needs_runtime
def test_a_wrong_claim_fails_in_the_page_as_on_the_command_line(checking_page: Page) -> None:
    text = (ROOT / "scenarios/ti4/victory-reach-goal-in-status-phase.yaml").read_text("utf-8")
    wrong = text.replace("winner: Blue\n  ended_by", "winner: Green\n  ended_by")
    ours = check(checking_page, wrong)["scenarios"][0]
    theirs = check_scenario(load_file("s.yaml", wrong, GAMES).scenarios[0], GAMES)
    assert ours["passed"] is theirs.passed is False
    assert [(f["line"], f["col"], f["message"]) for f in ours["failures"]] == [
        (p.location.line, p.location.col, p.message) for p in theirs.failures()]
    assert "wt--failed" in ours["html"] and "winner: stated Green, engine Blue" in ours["html"]


# ---- Hostile input: the command line's limits and errors, a time limit, a page never frozen ----


def _command_line_lines(tmp: Path, text: str) -> list[str]:
    """`checker run`'s problem lines for a file holding `text`, without the file's name; run
    in this project, whose rules the site's page knows."""
    path = tmp / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "checker", "run", str(path)], cwd=ROOT,
                          capture_output=True, text=True, check=False, timeout=120)
    return [line.removeprefix(f"{path}:") for line in done.stdout.splitlines()
            if line.startswith(str(path))]


@needs_runtime
@pytest.mark.parametrize("hostile", [
    pytest.param("a: " + "[" * 100_000, id="deep"),
    pytest.param("x: &a [1, 2]\n" + "".join(f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}]\n" for p, c in
                                            zip("abcdefghij", "bcdefghijk")), id="alias bomb"),
    pytest.param("id: x\ntitle: " + "y" * (limits.FILE_BYTES + 10) + "\n", id="huge"),
    pytest.param("id: x\nsetup: {n: " + "9" * 500 + "}\n", id="long number"),
])
def test_hostile_input_gets_the_command_lines_error(checking_page: Page, tmp_path: Path,
                                                    hostile: str) -> None:
    answer = check(checking_page, hostile)
    lines = [f"{p['line']}:{p['col']}: {p['message']}" for p in answer["problems"]]
    assert answer["scenarios"] == [] and lines
    assert lines == _command_line_lines(tmp_path, hostile)


def test_every_limit_has_its_texts_here() -> None:
    assert set(LIMITS) == limit_names()


@needs_runtime
@pytest.mark.parametrize("variant", ["past", "at"])
@pytest.mark.parametrize("limit", sorted(LIMITS))
def test_each_limit_is_the_command_lines(checking_page: Page, tmp_path: Path, limit: str,
                                         variant: str) -> None:
    """Just past each limit the page gives `checker run`'s error; at it, no limit error, and
    the same verdict (`test_limits_everywhere.py` compares the other ways of checking)."""
    text = getattr(LIMITS[limit], variant)
    answer = check(checking_page, text)
    lines = [f"{p['line']}:{p['col']}: {p['message']}" for p in answer["problems"]]
    command_line = _command_line_lines(tmp_path, text)
    assert lines == command_line
    refused = [line for line in lines if LIMITS[limit].says in line]
    assert bool(refused) == (variant == "past"), lines
    if not command_line:
        assert [s["passed"] for s in answer["scenarios"]] == [True] * len(answer["scenarios"])


@needs_runtime
def test_a_check_past_the_time_limit_is_stopped_and_the_page_stays_responsive(
        open_page: Callable[..., Page], site: str) -> None:
    page = open_page()
    page.goto(site + PAGE)
    check(page, "id: x\n")
    page.evaluate("window.rulesChecker.timeoutMs = 300")
    endless = "steps:\n" + "".join(f"  - {{a{i}: [{', '.join(['x'] * 8)}]}}\n"
                                   for i in range(5000))
    started = time.monotonic()
    page.evaluate("text => { window.outcome = window.rulesChecker.check(text).then("
                  "() => 'done', error => error.kind); }", endless)
    # The page answers while the worker is busy.
    assert page.evaluate("1 + 1") == 2
    assert time.monotonic() - started < 1
    assert page.evaluate("window.outcome") == "timeout"
    page.evaluate("window.rulesChecker.timeoutMs = 15000")
    assert check(page, "id: x\n")["problems"], "the worker started again and checks"
    assert not page.errors  # type: ignore[attr-defined]


def _typed(page: Page, text: str) -> None:
    """`text` in the editor as a reader's edit leaves it (an input event after the change)."""
    page.evaluate("text => { const area = document.querySelector('[data-checker-editor]'); "
                  "area.value = text; area.dispatchEvent(new Event('input')); }", text)


PASTE = """() => {
  const area = document.querySelector("[data-checker-editor]");
  area.focus();
  area.select();
  const data = new DataTransfer();
  data.setData("text/plain", window.pasted);
  area.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true,
                                                  cancelable: true}));
}"""
"""A reader's paste of `window.pasted` over the whole editor (set apart: the time taken to
hand the page megabytes of text is no part of the paste)."""


def _shows_the_worst_question_summarised(page: Page) -> None:
    verdict = page.locator("[data-checker-verdict]")
    expect(verdict).to_have_attribute("data-verdict", "fails")
    summary = page.locator("[data-checker-summary] > ul > li")
    drawn = page.locator("[data-checker-results] [data-walkthrough]").count()
    assert drawn + summary.count() == limits.VALUES // (7 * limits.STEPS + 40)
    expect(summary.first).to_contain_text("does not hold")


@needs_runtime
def test_the_worst_legal_question_is_checked_and_shown_in_pieces(
        open_page: Callable[..., Page], site: str) -> None:
    """Typed in and checked, it is shown: the walkthroughs are drawn a piece at a time, and
    those past the drawing budget are listed with their verdicts. (How long the page's tasks
    take is measured apart: a timed assertion fails on a loaded machine.)"""
    question = worst_legal_question()
    page = open_page()
    page.goto(f"{site}ti4/ask/")
    check(page, "id: x\n")  # the runtime loaded
    _typed(page, question)
    press(page, "[data-checker-check]")
    wait_done(page)
    _shows_the_worst_question_summarised(page)
    assert not page.errors  # type: ignore[attr-defined]


@needs_runtime
def test_a_shared_link_to_the_worst_legal_question_opens_and_is_shown(
        open_page: Callable[..., Page], site: str) -> None:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate, as the page packs
    packed = packer.compress(worst_legal_question().encode("utf-8")) + packer.flush()
    code = "z" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    assert len(code) < 10_000, "a short link"
    page = open_page()
    page.goto(f"{site}ti4/ask/#q={code}")
    wait_done(page)
    _shows_the_worst_question_summarised(page)
    # Too large to lay out at once: the editor stays closed until the reader opens it.
    editor = page.locator("[data-checker-editor]")
    expect(editor).to_be_hidden()
    expect(page.locator("[data-checker-large]")).to_contain_text(
        f"This question is {round(len(worst_legal_question()) / 1024)} KB")
    page.locator("[data-checker-show]").click()
    expect(editor).to_be_visible()
    expect(page.locator("[data-checker-large]")).to_be_hidden()
    assert editor.input_value() == worst_legal_question()


@needs_runtime
def test_drawing_counts_in_the_time_limit(open_page: Callable[..., Page], site: str) -> None:
    """A time limit that passes while the walkthroughs are drawn stops the drawing, and the
    rest are listed with their verdicts."""
    page = open_page()
    page.goto(f"{site}ti4/ask/")
    check(page, "id: x\n")  # the runtime loaded
    # Every walkthrough small enough to draw: drawing them all takes seconds.
    page.evaluate("Object.assign(window.rulesChecker, {pieceBytes: 1e9, drawBytes: 1e9})")
    _typed(page, worst_legal_question())
    press(page, "[data-checker-check]")
    page.wait_for_function("document.querySelector('[data-checker]')"
                           ".getAttribute('data-checker-state') === 'drawing'", timeout=120_000)
    page.evaluate("window.rulesChecker.timeoutMs = 1")  # passed, for the check being drawn
    wait_done(page)
    expect(page.locator("[data-checker-status]")).to_contain_text("time limit")
    _shows_the_worst_question_summarised(page)
    expect(page.locator("[data-checker-summary] > p")).to_contain_text("The time limit passed")


def test_pasting_a_huge_text_is_refused_and_a_large_one_goes_in(open_page: Callable[..., Page],
                                                     site: str) -> None:
    """5 MB pasted into the editor (five times what the checker reads) is refused with a note;
    the largest legal question pasted goes in."""
    page = open_page()
    hold_runtime(page)  # the editor alone
    page.goto(f"{site}ti4/ask/")
    editor = page.locator("[data-checker-editor]")
    before = editor.input_value()
    huge = "steps:\n" + "  - score: {player: Red, objective: Expand Borders}\n" * 100_000
    page.evaluate("text => { window.pasted = text; }", huge)
    page.evaluate(PASTE)
    expect(page.locator("[data-checker-status]")).to_contain_text("Not pasted: the text would be "
                                                               "over 1 MiB")
    assert editor.input_value() == before
    question = worst_legal_question()
    page.evaluate("text => { window.pasted = text; }", question)
    page.evaluate(PASTE)
    assert editor.input_value() == question
    expect(page.locator("[data-checker-gutter] [data-line='100']")).to_have_count(1)
    expect(editor).to_be_hidden()  # too large to lay out at once: shown on request
    page.locator("[data-checker-show]").click()
    expect(editor).to_be_visible()


@needs_runtime
def test_text_from_the_editor_reaches_the_page_only_as_text(checking_page: Page) -> None:
    text = (ROOT / "scenarios/ti4/victory-reach-goal-in-status-phase.yaml").read_text("utf-8")
    evil = text.replace("title: Blue", "title: <img src=x onerror=alert(1)> Blue", 1)
    ours = check(checking_page, evil)["scenarios"][0]
    assert "<img" not in ours["html"] and "&lt;img src=x onerror=alert(1)&gt;" in ours["html"]


# ---- A reader: edit, check, reset; located errors; ask pages; share links ----


def _first_walkthrough(page: Page) -> str:
    all_open(page)
    return page.locator("[data-walkthrough]:has(li.wt-step)").first.get_attribute("id") or ""



@needs_runtime
def test_edit_check_and_reset_a_walkthrough(open_page: Callable[..., Page], site: str) -> None:
    page = open_page()
    page.goto(site + PAGE)
    scenario_id = _first_walkthrough(page)
    walkthrough = page.locator(f"[id='{scenario_id}']")
    host = page.locator(f"[data-checker-host='{scenario_id}']")
    page.evaluate("id => { window.published = document.getElementById(id); }", scenario_id)
    steppers = walkthrough.locator(".wt-stepper").count()
    host.locator("[data-checker-edit]").click()
    editor = host.locator("[data-checker-editor]")
    text = editor.input_value()
    assert text == page.locator(f"[id='{scenario_id}'] .wt-source pre > code").text_content()
    # Unchanged, it checks as published, and comes back with its stepper and rule links.
    host.locator("[data-checker-check]").click()
    wait_done(page, f"[data-checker-host='{scenario_id}'] [data-checker]")
    expect(host.locator("[data-checker-verdict]")).to_have_attribute("data-verdict", "verified")
    again = page.locator(f"[id='{scenario_id}'][data-checker-result]")
    expect(again).to_have_count(1)
    expect(again.locator(".wt-stepper")).to_have_count(steppers)  # walkthrough.js sets it up
    links = again.locator("a.rule-ref").evaluate_all("links => links.map(a => a.href)")
    assert links and all(link.startswith(site) for link in links)
    # A claim changed: the walkthrough in place says it does not hold, where and why.
    changed = re.sub(r"(?m)^(expect:\n(?:  .*\n)*?  points: \{Red: )(\d+)",
                     lambda m: f"{m[1]}{int(m[2]) + 5}", text, count=1)
    assert changed != text
    editor.fill(changed)
    host.locator("[data-checker-check]").click()
    wait_done(page, f"[data-checker-host='{scenario_id}'] [data-checker]")
    expect(host.locator("[data-checker-verdict]")).to_have_attribute("data-verdict", "fails")
    expect(page.locator(f"[id='{scenario_id}'].wt--failed .wt-failure")).to_have_count(1)
    line = host.locator("[data-checker-problems] li").first.get_attribute("data-line")
    expect(host.locator(f"[data-checker-gutter] .ck-line--error[data-line='{line}']")) \
        .to_have_count(1)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    host.screenshot(path=str(SCREENSHOTS / "browser-check-fails.png"))
    # Reset: the published walkthrough and text come back.
    host.locator("[data-checker-reset]").click()
    assert editor.input_value() == text
    expect(page.locator(f"[id='{scenario_id}'][data-checker-result]")).to_have_count(0)
    assert page.evaluate("id => document.getElementById(id) === window.published", scenario_id)
    assert not page.errors  # type: ignore[attr-defined]


@needs_runtime
def test_a_located_error_is_shown_at_its_line_and_column(open_page: Callable[..., Page],
                                                          site: str) -> None:
    page = open_page()
    page.goto(site + PAGE)
    scenario_id = _first_walkthrough(page)
    host = page.locator(f"[data-checker-host='{scenario_id}']")
    host.locator("[data-checker-edit]").click()
    editor = host.locator("[data-checker-editor]")
    text = editor.input_value().replace("\nsteps:", "\nstepz:", 1)
    editor.fill(text)
    host.locator("[data-checker-check]").click()
    wait_done(page, f"[data-checker-host='{scenario_id}'] [data-checker]")
    expect(host.locator("[data-checker-verdict]")).to_have_attribute("data-verdict", "error")
    theirs = load_file("s.yaml", text, GAMES).problems
    items = host.locator("[data-checker-problems] li")
    expect(items).to_have_count(len(theirs))
    first = theirs[0]
    assert items.first.get_attribute("data-line") == str(first.location.line)
    assert items.first.get_attribute("data-col") == str(first.location.col)
    assert first.message in (items.first.text_content() or "")
    expect(host.locator(f"[data-checker-gutter] .ck-line--error"
                        f"[data-line='{first.location.line}']")).to_have_count(1)
    items.first.click()
    caret = editor.evaluate("area => area.value.slice(0, area.selectionStart).split('\\n')")
    assert (len(caret), len(caret[-1]) + 1) == (first.location.line, first.location.col)


@needs_runtime
@pytest.mark.parametrize("game", ["ti4", "ti3", "arcs"])
def test_an_ask_page_starts_from_a_situation_with_the_readers_players(
        open_page: Callable[..., Page], site: str, game: str) -> None:
    page = open_page()
    page.goto(f"{site}{game}/ask/")
    listed = page.locator("[data-checker-template] [data-situation]:not([data-situation=''])")
    expect(listed).not_to_have_count(0)
    listed.first.click()
    chips = page.locator("[data-checker-players] .ck-chip input")
    expect(chips).not_to_have_count(0)
    ours = [f"Player {i}" for i in range(1, chips.count() + 1)]
    for i, name in enumerate(ours):
        chips.nth(i).fill(name)
        chips.nth(i).press("Enter")
    text = page.locator("[data-checker-editor]").input_value()
    assert f"players: [{', '.join(ours)}]" in text
    press(page, "[data-checker-check]")
    wait_done(page)
    expect(page.locator("[data-checker-verdict]")).to_have_attribute("data-verdict", "verified")
    expect(page.locator("[data-checker-results] [data-walkthrough]")).to_have_count(1)
    if game == "ti4":
        page.screenshot(path=str(SCREENSHOTS / "browser-ask.png"), full_page=True)


@needs_runtime
def test_a_shared_link_opens_the_question_checked(open_page: Callable[..., Page],
                                                  site: str) -> None:
    page = open_page()
    hold_runtime(page)  # sharing needs none; the page that opens the link checks
    page.goto(f"{site}ti4/ask/")
    question = (ROOT / "scenarios/ti4/victory-reach-goal-in-status-phase.yaml").read_text("utf-8")
    page.locator("[data-checker-editor]").fill(question)
    press(page, "[data-checker-share]")
    # The link is made asynchronously (the text is compressed by a stream): wait for it.
    expect(page.locator("[data-checker-link]")).to_have_value(
        re.compile("^" + re.escape(f"{site}ti4/ask/#q=")))
    link = page.locator("[data-checker-link]").input_value()
    other = open_page()
    other.goto(link)
    wait_done(other)
    assert other.locator("[data-checker-editor]").input_value() == question
    expect(other.locator("[data-checker-verdict]")).to_have_attribute("data-verdict", "verified")
    expect(other.locator("[data-checker-results] .wt-title")).to_contain_text("Blue reaches 10")
    # A walkthrough's text shares the same way, as a question on its game's ask page.
    page.goto(site + PAGE)
    all_open(page)
    host = page.locator("[data-checker-host]").first
    host.locator("[data-checker-edit]").click()
    host.locator("[data-checker-share]").click()
    expect(host.locator("[data-checker-link]")).to_have_value(
        re.compile("^" + re.escape(f"{site}ti4/ask/#q=")))



def test_a_link_that_unpacks_past_the_file_limit_is_refused(open_page: Callable[..., Page],
                                                             site: str) -> None:
    """A few kilobytes of link that would unpack to megabytes: refused with one line, the
    page answering, nothing checked."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate, as the page packs
    bomb = packer.compress(b"a" * 64 * 1024 * 1024) + packer.flush()
    code = "z" + base64.urlsafe_b64encode(bomb).decode("ascii").rstrip("=")
    assert len(code) < 200_000
    page = open_page()
    page.goto(f"{site}ti4/ask/#q={code}")
    expect(page.locator("[data-checker-note]")).to_have_text(
        "the question in this link is over 1 MiB, more than the checker reads")
    assert page.evaluate("1 + 1") == 2
    expect(page.locator("[data-checker-verdict]")).not_to_have_attribute("data-verdict",
                                                                          "verified")


# ---- Without JavaScript, without the runtime, nothing loaded before a press ----


def test_without_javascript_the_pages_read_completely(open_page: Callable[..., Page],
                                                     site: str) -> None:
    page = open_page(java_script_enabled=False)
    page.goto(site + PAGE)
    expect(page.locator("[data-checker-edit]")).to_have_count(0)
    # Each example is one line, whose link opens the page's walkthroughs, every step listed.
    lines = page.locator("[data-walkthrough-line]")
    assert lines.count() > 3
    lines.first.locator("a[data-open-walkthrough]").click()
    page.wait_for_url(f"**/{PAGE}walkthroughs.html#*")
    assert page.locator("[data-walkthrough] .wt-step").count() > 3
    page.goto(f"{site}ti4/ask/")
    expect(page.locator("[data-checker-ask]")).to_contain_text("This page needs JavaScript")
    expect(page.locator("article a[href$='guide/checking-a-question/']")).to_have_count(1)


def test_nothing_is_loaded_before_a_reader_presses_a_control(open_page: Callable[..., Page],
                                                             site: str) -> None:
    """On a rules page the runtime waits for a reader to open an editor (an ask page loads it
    when idle: test_ask_form.py)."""
    page = open_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(site + PAGE)
    page.wait_for_load_state("networkidle")
    loaded = [url for url in requests if "/browser/" in url or url.endswith("rules.json")]
    assert loaded == []
    all_open(page)
    page.locator("[data-checker-edit]").first.click()
    page.wait_for_function("() => window.rulesChecker.state !== 'idle'")


def test_without_the_runtime_the_controls_say_the_checker_is_unavailable(
        open_page: Callable[..., Page], built: Path, tmp_path: Path) -> None:
    """The site as built without the npm package: every page reads, and a check says why it
    cannot run."""
    bare = tmp_path / "site"
    shutil.copytree(built, bare, ignore=shutil.ignore_patterns("pyodide", "checker.zip"))
    write_bundle(bare / FOLDER, {}, GAMES, runtime=tmp_path / "no-npm-package")
    with serving(bare) as url:
        page = open_page()
        page.goto(f"{url}{PAGE}")
        all_open(page)
        host = page.locator("[data-checker-host]").first
        host.locator("[data-checker-edit]").click()
        host.locator("[data-checker-check]").click()
        wait_done(page)
        verdict = host.locator("[data-checker-verdict]")
        expect(verdict).to_have_attribute("data-verdict", "unavailable")
        expect(verdict).to_contain_text("npm ci --prefix checker/browser")
        assert page.locator("[data-walkthrough] .wt-step").count() > 3, "the walkthroughs stay"


# ---- The bundle, built at site-build time ----


def test_a_site_builds_without_the_runtime(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browser_bundle, "PACKAGE", tmp_path / "not-installed")
    build_here(make_site(tmp_path, {}))
    bundle = tmp_path / "site" / FOLDER
    assert json.loads((bundle / "bundle.json").read_text("utf-8"))["available"] is False
    assert not (bundle / "pyodide").exists() and not (bundle / "checker.zip").exists()


def test_the_runtimes_lock_info_is_kept_by_its_version(tmp_path: Path) -> None:
    runtime, cache = tmp_path / "pyodide", tmp_path / "cache"
    runtime.mkdir()
    cache.mkdir()
    info = {"abi_version": "2026_0", "arch": "wasm32", "python": "3.14.2"}
    (runtime / "pyodide-lock.json").write_text(json.dumps({"info": info, "packages": {}}))
    lock_info = browser_bundle._lock_info
    assert lock_info(runtime, "1.0", cache) == info
    (runtime / "pyodide-lock.json").unlink()  # read once: kept for its version
    assert lock_info(runtime, "1.0", cache) == info
    assert lock_info(runtime, "1.1", cache) is None, "another version reads its own"
    assert [p.name for p in cache.iterdir()] == ["lock-1.1.json"]
    (cache / "lock-1.1.json").write_bytes(b"{damaged")
    assert lock_info(runtime, "1.1", cache) is None
    assert lock_info(runtime, "../../x", cache) is None and not (tmp_path / "x.json").exists()
    assert [p.name for p in cache.iterdir()] == ["lock-1.1.json"]


def test_the_checker_zip_holds_the_checker_and_pure_python_yaml_only() -> None:
    names = zipfile.ZipFile(BytesIO(checker_zip(installed().games))).namelist()
    assert "checker/site/browser_check.py" in names and "yaml/loader.py" in names
    assert not [name for name in names if not name.endswith(".py")
                and name != "checker/bundled_games.json"]
    for left_out in ("checker/site/plugin.py", "checker/site/markdown_ext.py", "checker/cli.py",
                     "yaml/cyaml.py"):
        assert left_out not in names
    assert checker_zip(installed().games) == checker_zip(installed().games), \
        "the same code gives the same bytes"
    imported = subprocess.run(
        [sys.executable, "-c", "import sys, checker.site.browser_check; print(*sys.modules)"],
        capture_output=True, text=True, check=True, cwd=ROOT).stdout.split()
    assert not [m for m in imported if m.split(".")[0] in ("mkdocs", "markdown", "pymdownx")]
    needed = {m.replace(".", "/") for m in imported if m.startswith("checker")}
    assert needed <= {name.removesuffix(".py").removesuffix("/__init__") for name in names}


def _rules_json(where: dict[str, tuple[str, str]] | None = None) -> str:
    """A published rules.json with every rule of this repository's pages, at a page of its
    game's folder (or where `where` puts it)."""
    rules = []
    for game, ruleset in GAMES.items():
        for ref, title in ruleset.rulebook.titles.items():
            rule = f"{game}:{ref}"
            page, url = (where or {}).get(rule, (f"{game}/rules.md", f"{game}/rules/#{ref}"))
            rules.append({"id": rule, "game": game, "number": ref, "title": title,
                          "page": page, "url": url})
    return json.dumps({"rules": rules})


def test_the_checker_zip_alone_checks_a_scenario_of_every_game(tmp_path: Path) -> None:
    """Python without site-packages (`-S`), given only the zip: every game's engine, which
    the registry imports by name, is in it, and YAML is read by the pure-Python loader."""
    bundle = tmp_path / "checker.zip"
    bundle.write_bytes(checker_zip(installed().games))
    files = [ROOT / "scenarios" / game / name for game, name in (
        ("ti4", "victory-reach-goal-in-status-phase.yaml"),
        ("ti3", "imperial-reveals-objective.yaml"),
        ("arcs", "chapter-five-nobody-at-goal.yaml"))]
    rules = tmp_path / "rules.json"
    rules.write_text(_rules_json(), encoding="utf-8")
    probe = (f"import sys; sys.path.insert(0, {str(bundle)!r})\n"
             "import yaml; assert not yaml.__with_libyaml__, 'the C loader'\n"
             "from checker.site.browser_check import BrowserChecker\n"
             "import json\n"
             f"for path in {[str(f) for f in files]!r}:\n"
             f"    checker = BrowserChecker(open({str(rules)!r}).read())\n"
             "    answer = json.loads(checker.check(open(path).read()))\n"
             "    print(answer['scenarios'][0]['passed'])\n")
    done = subprocess.run([sys.executable, "-S", "-c", probe], capture_output=True, text=True,
                          cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["True", "True", "True"]


def test_the_checker_in_cpython_gives_the_builds_walkthrough() -> None:
    text = (ROOT / "scenarios/ti4/victory-reach-goal-in-status-phase.yaml").read_text("utf-8")
    rules = _rules_json({"ti4:98.7": ("ti4/victory-points.md", "ti4/victory-points/#98.7")})
    answer = json.loads(BrowserChecker(rules).check(text, "ti4/objective-cards/"))
    html = answer["scenarios"][0]["html"]
    assert '<a class="rule-ref" href="../victory-points/#98.7"' in html
    same_page = json.loads(BrowserChecker(rules).check(text, "ti4/victory-points/"))
    assert '<a class="rule-ref" href="#98.7"' in same_page["scenarios"][0]["html"]
    assert 'rule-ref--broken' not in html
    alone = json.loads(BrowserChecker().check(text, "ti4/objective-cards/"))
    assert alone["scenarios"] == [] and alone["problems"][0]["message"].startswith(
        "unknown rule 'ti4:"), "without rules.json, no rule exists"
