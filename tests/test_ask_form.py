"""The ask pages' form, in headless Chromium on the real site built by `mkdocs build`: a player
asks an Arcs battle question and a TI4 scoring question by filling the form only and gets the
engine's verdict; the form is made from the JSON Schema (every step kind and claim of a game's
vocabulary is offered); the YAML beside it follows the form and the form the YAML, and YAML
the form cannot show is said so and kept; every example of the game is a situation, found by
its words, in groups titled in words; the blank question says what to do; the runtime starts
loading while the reader edits; every control is named and reached by the keyboard, and the
page fits a phone in light and dark.

The run's one build of the site (conftest's `built`), one local HTTP server and one
Chromium serve the whole module.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from browsers import chromium, hold_runtime, page_opener, press, serving
from playwright.sync_api import Browser, Page, expect
from repo_games import GAMES

from checker.scenario import expectations_for
from checker.site.publish import browser_bundle
from checker.site.publish.browser_bundle import FOLDER
from checker.sources import find_files, read_text, texts_in_file

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "build" / "screenshots"
RUNTIME = browser_bundle.runtime_version(browser_bundle.PACKAGE) is not None

needs_runtime = pytest.mark.skipif(
    not RUNTIME, reason="no Python runtime for the browser: run `npm ci --prefix checker/browser`")

ASK_SCRIPT = re.compile(r"/(check|check-worker|ask|ask-[a-z]+)\.js")


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
    requests: list[str] = []
    with page_opener(browser, requests, timeout=20_000) as opener:

        def _open(**options: Any) -> Page:
            page = opener(**options)
            errors: list[str] = []
            # The checker's and the form's scripts throw nothing.
            page.on("pageerror", lambda error: errors.append(str(error.stack))
                    if ASK_SCRIPT.search(str(error.stack)) else None)
            page.errors = errors  # type: ignore[attr-defined]
            page.requests = requests  # type: ignore[attr-defined]
            return page

        yield _open


def ask_page(open_page: Callable[..., Page], site: str, game: str, checks: bool = False,
             **options: Any) -> Page:
    """`game`'s ask page, once its form is drawn; unless the test `checks`, without the
    checker's runtime (`hold_runtime`)."""
    page = open_page(**options)
    if not checks:
        hold_runtime(page)
    page.goto(f"{site}{game}/ask/")
    # The form waits for the schema and the situations (seconds on a busy machine).
    expect(page.locator("[data-checker-form] section").first).to_be_visible(timeout=60_000)
    return page


def editor_text(page: Page) -> str:
    return page.locator("[data-checker-editor]").input_value()


def add(page: Page, menu: str, key: str) -> None:
    """Choose `key` in the form's menu whose path is `menu` (a menu that adds a key, a step
    or a claim)."""
    select = page.locator(f"[data-path='{menu}']")
    select.select_option(value=select.locator(f"option[data-key='{key}']").get_attribute("value"))


def field(page: Page, path: str) -> Any:
    return page.locator(f"[data-path='{path}']")


TYPED_BUSY = """() => {
    const area = document.querySelector('[data-checker-editor]');
    area.value += '\\n';
    area.dispatchEvent(new Event('input'));
    return document.querySelector('[data-checker-form]').getAttribute('aria-busy');
}"""
"""A keystroke in the YAML (a line added at its end), and the form's `aria-busy` right after."""


def check_and_wait(page: Page) -> str:
    press(page, "[data-checker-check]")
    page.wait_for_function("() => ['done', 'unavailable'].includes(document.querySelector("
                           "'[data-checker]').getAttribute('data-checker-state'))",
                           timeout=180_000)
    return page.locator("[data-checker-verdict]").get_attribute("data-verdict") or ""


# ---- Asking by filling the form only ----


@needs_runtime
def test_an_arcs_battle_question_asked_with_the_form_only(open_page: Callable[..., Page],
                                                          site: str) -> None:
    """Three players; Red holds the initiative and leads Aggression; Red's two ships battle
    Blue's two in 2 Gate, one skirmish die rolls a hit, which damages a ship of Blue's."""
    page = ask_page(open_page, site, "arcs", checks=True)
    page.get_by_label("The question", exact=True).fill("Red's skirmish die hits; what of Blue's ships?")
    add(page, ".setup.+", "initiative")
    add(page, ".setup.+", "action_cards")
    field(page, ".setup.action_cards.0").fill("2")
    field(page, ".setup.action_cards.+").click()
    field(page, ".setup.action_cards.1").fill("2")
    add(page, ".setup.+", "ships")
    field(page, ".setup.ships.0#").select_option(label="2 Gate")
    field(page, ".setup.ships.0.0").fill("2")
    field(page, ".setup.ships.0.+").click()
    field(page, ".setup.ships.0.1").fill("2")
    add(page, ".steps.+", "lead")
    field(page, ".steps.0.args.card").select_option(label="Aggression 2")
    add(page, ".steps.+", "battle")
    battle = page.locator("[data-checker-step='battle']")
    # The step's fields list the game's systems and the players, and the dice's faces.
    expect(battle.locator("[data-path='.steps.1.args.system'] option", has_text="5 Moon")) \
        .to_have_count(1)
    field(page, ".steps.1.args.system").select_option(label="2 Gate")
    field(page, ".steps.1.args.defender").select_option(label="Blue")
    add(page, ".steps.1.args.+", "dice")
    add(page, ".steps.1.args.dice.+", "skirmish")
    faces = page.locator("datalist#" + field(page, ".steps.1.args.dice.skirmish.0")
                         .get_attribute("list") + " option")
    assert sorted(faces.evaluate_all("os => os.map(o => o.value)")) == ["blank", "hit"]
    field(page, ".steps.1.args.dice.skirmish.0").fill("hit")
    add(page, ".steps.1.args.+", "ship_hits")
    add(page, "expect.+", "damaged_ships")
    field(page, "expect.damaged_ships.0#").select_option(label="2 Gate")
    field(page, "expect.damaged_ships.0.0#").select_option(label="Blue")
    field(page, "expect.damaged_ships.0.0").fill("1")
    assert check_and_wait(page) == "verified", page.locator("[data-checker-problems]").inner_text()
    expect(page.locator("[data-checker-results] [data-walkthrough]")).to_have_count(1)
    # The form wrote the scenario a rules editor would.
    assert yaml.safe_load(editor_text(page)) == {
        "id": "my-question", "title": "Red's skirmish die hits; what of Blue's ships?",
        "game": "arcs",
        "setup": {"players": ["Red", "Blue", "Green"], "initiative": "Red",
                  "action_cards": {"Red": 2, "Blue": 2}, "ships": {"2 Gate": {"Red": 2, "Blue": 2}}},
        "steps": [{"lead": {"player": "Red", "card": "Aggression 2"}},
                  {"battle": {"system": "2 Gate", "defender": "Blue", "dice": {"skirmish": ["hit"]},
                              "ship_hits": ["ship"]}}],
        "expect": {"damaged_ships": {"2 Gate": {"Blue": 1}}}}
    assert not page.errors  # type: ignore[attr-defined]


@needs_runtime
def test_a_ti4_scoring_question_asked_with_the_form_only(open_page: Callable[..., Page],
                                                         site: str) -> None:
    """Red has 9 points in the status phase and scores Expand Borders: 10 points, the game
    is over and Red wins. A claim of 11 points then does not hold."""
    page = ask_page(open_page, site, "ti4", checks=True)
    page.get_by_label("The question", exact=True).fill("Red scores a tenth point; does Red win?")
    add(page, ".setup.+", "phase")
    field(page, ".setup.phase").select_option(label="status")
    add(page, ".setup.+", "points")
    field(page, ".setup.points.0").fill("9")
    add(page, ".setup.+", "public_objectives")
    add(page, ".setup.public_objectives.+", "revealed")
    field(page, ".setup.public_objectives.revealed.0").select_option(label="Expand Borders")
    add(page, ".steps.+", "score")
    field(page, ".steps.0.args.objective").select_option(label="Expand Borders")
    for claim in ("points", "game_over", "winner"):
        add(page, "expect.+", claim)
    field(page, "expect.points.0").fill("10")
    assert check_and_wait(page) == "verified", page.locator("[data-checker-problems]").inner_text()
    expect(page.locator("[data-checker-results] .wt-title")).to_contain_text("tenth point")
    field(page, "expect.points.0").fill("11")
    assert check_and_wait(page) == "fails"
    expect(page.locator("[data-checker-results] [data-walkthrough]")).to_contain_text(
        "stated 11, engine 10")
    assert not page.errors  # type: ignore[attr-defined]


# ---- Made from the vocabulary ----


def test_the_form_offers_every_step_kind_and_claim_of_the_games_vocabulary(
        open_page: Callable[..., Page], site: str) -> None:
    for game, ruleset in GAMES.items():
        page = ask_page(open_page, site, game)
        steps = field(page, ".steps.+").locator("option[data-key]")
        assert steps.evaluate_all("os => os.map(o => o.dataset.key)") == list(
            ruleset.vocabulary.steps)
        claims = field(page, "expect.+").locator("option[data-key]")
        assert claims.evaluate_all("os => os.map(o => o.dataset.key)") == list(
            expectations_for(ruleset.vocabulary, step_level=False))
        # A step's own claims are the step-level ones (`rejected` among them).
        add(page, ".steps.+", next(iter(ruleset.vocabulary.steps)))
        after = field(page, ".steps.0.expect.+").locator("option[data-key]")
        assert after.evaluate_all("os => os.map(o => o.dataset.key)") == list(
            expectations_for(ruleset.vocabulary, step_level=True))
        assert "rejected" in expectations_for(ruleset.vocabulary, step_level=True)


# ---- The blank question ----


def test_check_on_the_blank_question_says_what_to_do(open_page: Callable[..., Page],
                                                     site: str) -> None:
    page = ask_page(open_page, site, "ti4", checks=True)
    assert check_and_wait(page) == "blank"
    verdict = page.locator("[data-checker-verdict]")
    expect(verdict).to_contain_text("Pick a situation")
    expect(verdict).to_contain_text("Add a step")
    expect(page.locator("[data-checker-problems] li")).to_have_count(0)
    # With a step but no claim, it says what is missing.
    add(page, ".steps.+", "status_phase")
    assert check_and_wait(page) == "incomplete"
    expect(verdict).to_contain_text("claims nothing")
    # Claims the form cannot read are the checker's to judge.
    page.locator("[data-checker-editor]").fill(editor_text(page) + "expect: [winner]\n")
    assert check_and_wait(page) in ("error", "unavailable")
    assert not page.errors  # type: ignore[attr-defined]


# ---- Situations: every example, found by its words, grouped in words ----


def test_every_example_of_the_game_is_a_situation_in_groups_titled_in_words(
        open_page: Callable[..., Page], site: str, built: Path) -> None:
    scenarios = json.loads((built / "rules.json").read_text("utf-8"))["scenarios"]
    for game in GAMES:
        holding = {s["id"] for s in scenarios if s["game"] == game and s["verdict"] != "fails"}
        data = json.loads((built / FOLDER / "templates" / f"{game}.json").read_text("utf-8"))
        assert {s["id"] for s in data["situations"]} == holding
        groups = {s["group"] for s in data["situations"]}
        assert all(re.search(r"[A-Za-z]{3}", g) and not re.match(r"Rules \d", g) for g in groups)
        page = ask_page(open_page, site, game)
        listed = page.locator("[data-checker-template] [data-situation]:not([data-situation=''])")
        expect(listed).to_have_count(len(holding))
        titles = page.locator("[data-checker-template] .ck-group-title").all_inner_texts()
        assert sorted(set(titles)) == sorted(groups)
    battle = [s for s in scenarios if s["game"] == "arcs" and s["url"]
              and s["url"].startswith("arcs/battle/")]
    assert len(battle) > 12, "more than the twelve a section offered before"
    arcs = json.loads((built / FOLDER / "templates" / "arcs.json").read_text("utf-8"))
    found = {s["id"] for s in arcs["situations"]
             if all(w in f"{s['title']} {s['group']} {s['id']}".lower() for w in ("skirmish", "die"))}
    assert found
    page = ask_page(open_page, site, "arcs")
    page.locator("[data-checker-search]").fill("Skirmish  die")
    shown = page.locator("[data-checker-template] [data-situation]:visible")
    expect(shown).to_have_count(len(found))
    assert set(shown.evaluate_all("bs => bs.map(b => b.dataset.situation)")) == found
    expect(page.locator("[data-checker-count]")).to_have_text(
        f"{len(found)} of {len(arcs['situations'])} examples")


def test_a_situation_from_a_list_of_scenarios_is_that_scenario_alone(
        open_page: Callable[..., Page], site: str) -> None:
    page = ask_page(open_page, site, "ti4")
    page.locator("[data-situation='ti4-setup-strategy-cards-in-agenda-phase']").click()
    text = editor_text(page)
    loaded = yaml.safe_load(text)
    whole = yaml.safe_load((ROOT / "scenarios/ti4/setup-refused-game-round.yaml")
                           .read_text("utf-8"))
    assert loaded == next(s for s in whole if s["id"] == loaded["id"])
    expect(page.locator("[data-checker-title]")).to_have_value(loaded["title"])
    expect(page.locator("[data-checker-chosen]")).to_have_text(loaded["title"])


# ---- The form and the YAML in step ----


def test_the_yaml_follows_the_form_and_the_form_the_yaml(open_page: Callable[..., Page],
                                                         site: str) -> None:
    page = ask_page(open_page, site, "ti4")
    page.locator("[data-situation='ti4-victory-reach-goal-mid-status-phase']").click()
    source = (ROOT / "scenarios/ti4/victory-reach-goal-in-status-phase.yaml").read_text("utf-8")
    assert editor_text(page) == source
    # The form: a number changed, and the YAML says it, its comments kept.
    field(page, ".setup.round").fill("8")
    text = editor_text(page)
    assert "  round: 8\n" in text and yaml.safe_load(text)["setup"]["round"] == 8
    for comment in re.findall(r"#.*", source):
        assert comment in text
    # The YAML: a value changed, and the form shows it.
    page.locator("[data-checker-editor]").fill(text.replace("round: 8", "round: 6")
                                              .replace("phase: status", "phase: agenda"))
    expect(field(page, ".setup.round")).to_have_value("6")
    expect(field(page, ".setup.phase").locator("option:checked")).to_have_text("agenda")
    # Until the form has caught up with a keystroke, it says it is busy.
    assert page.evaluate(TYPED_BUSY) == "true"
    expect(page.locator("[data-checker-form][aria-busy]")).to_have_count(0)
    # A step removed in the form is gone from the YAML.
    before = len(yaml.safe_load(editor_text(page))["steps"])
    page.locator("[data-checker-step]").nth(4).locator("[data-path='.steps.4.remove']").click()
    assert len(yaml.safe_load(editor_text(page))["steps"]) == before - 1
    assert not page.errors  # type: ignore[attr-defined]


def test_every_key_of_a_scenario_the_schema_knows_has_a_field(
        open_page: Callable[..., Page], site: str, built: Path) -> None:
    """The envelope's keys besides the question, players, setup, steps and claims (the rules
    it is about, its status, any the schema adds) are fields under the question's details."""
    schema = json.loads((built / "scenario.schema.json").read_text("utf-8"))
    others = [key for key in schema["$defs"]["scenario"]["properties"]
              if key not in ("id", "title", "game", "setup", "steps", "expect")]
    assert {"about", "status"} <= set(others)
    page = ask_page(open_page, site, "ti4")
    page.locator("[data-situation='ti4-victory-reach-goal-mid-status-phase']").click()
    details = page.locator(".ck-about")
    expect(details).to_have_attribute("open", "")
    expect(details.locator("[data-checker-field='about'] input")).to_have_count(3)
    menu = details.locator("[data-checker-add] option[data-key]")
    shown = set(details.locator("[data-checker-field]").evaluate_all(
        "fs => fs.map(f => f.dataset.checkerField)"))
    offered = set(menu.evaluate_all("os => os.map(o => o.dataset.key)"))
    # The situation's keys are fields (its source with its kind and ref); the rest are offered,
    # and so is what the source may add (its reasoning).
    assert set(others) <= shown | offered and {"about", "source"} <= shown
    assert offered == set(others) - shown | {"why"}
    add(page, ".+", "status")
    field(page, ".status").select_option(label="disputed")
    assert yaml.safe_load(editor_text(page))["status"] == "disputed"
    expect(page.locator(".ck-raw-note")).to_have_count(0)


def test_yaml_the_form_cannot_show_is_said_and_kept(open_page: Callable[..., Page],
                                                    site: str) -> None:
    page = ask_page(open_page, site, "arcs")
    odd = ("id: odd\ntitle: With an anchor\ngame: arcs\nsetup:\n  players: &who [Red, Blue]\n"
           "expect: {turn_order: *who}\n")
    page.locator("[data-checker-editor]").fill(odd)
    cannot = page.locator("[data-checker-cannot]")
    expect(cannot).to_contain_text("line 5")
    expect(cannot).to_contain_text("anchor")
    assert editor_text(page) == odd, "the text is kept as written"
    # A key the game does not know is shown as YAML, said so, and kept when the form writes.
    typo = ("id: typo\ntitle: A typo\ngame: arcs\nsetup:\n  players: [Red, Blue]\n"
            "  initiatve: Blue\n  colours:\n    Red: crimson  # a block\n  chapter: 2\n")
    page.locator("[data-checker-editor]").fill(typo)
    kept = page.locator("[data-checker-field='initiatve']")
    expect(kept.locator(".ck-raw")).to_have_value("Blue")
    expect(kept).to_contain_text("not a key of this game's setup")
    # A block is shown on the box's one line, in flow style.
    expect(page.locator("[data-checker-field='colours'] .ck-raw")).to_have_value("{Red: crimson}")
    field(page, ".setup.chapter").fill("3")
    assert yaml.safe_load(editor_text(page))["setup"] == {
        "players": ["Red", "Blue"], "initiatve": "Blue", "colours": {"Red": "crimson"},
        "chapter": 3}
    assert "# a block" in editor_text(page)
    assert not page.errors  # type: ignore[attr-defined]


def test_the_players_are_chips_a_rename_follows_everywhere(open_page: Callable[..., Page],
                                                           site: str) -> None:
    page = ask_page(open_page, site, "arcs")
    page.locator("[data-situation='arcs-battle-skirmish-faces']").click()
    chips = page.locator("[data-checker-players]")
    expect(chips).to_have_attribute("role", "group")
    expect(chips.locator(".ck-chip input")).to_have_count(3)
    # A control, not plain text: each name is its own box in a chip with a button to remove it.
    assert chips.evaluate("c => getComputedStyle(c.querySelector('.ck-chip')).borderRadius") \
        != "0px"
    blue = chips.get_by_label("Player 2 (second in seating order)")
    blue.fill("Teal")
    blue.press("Enter")
    text = editor_text(page)
    assert "Blue" not in text.replace("Blue's", "")
    loaded = yaml.safe_load(text)
    assert loaded["setup"]["players"] == ["Red", "Teal", "Green"]
    assert loaded["steps"][1]["battle"]["defender"] == "Teal"
    assert loaded["setup"]["ships"]["2 Gate"] == {"Red": 2, "Teal": 2}
    page.locator("[data-checker-add-player]").click()
    assert yaml.safe_load(editor_text(page))["setup"]["players"] == ["Red", "Teal", "Green", "Blue"]
    assert not page.errors  # type: ignore[attr-defined]


# ---- The YAML the form reads is the YAML the checker reads ----


def _texts() -> list[str]:
    return [text.text for path in find_files([ROOT / "scenarios", ROOT / "docs"])
            for text in texts_in_file(str(path.relative_to(ROOT)), read_text(path))[0]]


TRICKY = [
    "a: yes\nb: No\nc: on\nd: ~\ne:\nf: null\ng: 'yes'\nh: \"on\"\n",
    "a: 1\nb: -2\nc: +3\nd: 1.5\ne: .5\nf: 1e3\n", "a: 0x1F\n", "a: 010\n", "a: 2001-12-14\n",
    "1: x\n2: y\n'3': z\n", "a: {b: [1, 2, {c: d}], e: }\n", "a: [x, y,\n  z]  # tail\nb: 2\n",
    "a: [x, # c1\n  y]\n", "- a\n- - b\n  - c\n- d: 1\n  e: 2\n-\n  f: 3\n", "a:\n- 1\n- 2\nb: 3\n",
    "a: &x 1\nb: *x\n", "a: !!str 1\n", "a: |\n  text\n", "a:\tb\n", "a: b\n  c\n", "a: 1\na: 2\n",
    "a: 'it''s'\nb: \"q\\\"x\\u00e9\\n\"\n", "a: b # c\n# end\n", "a: b: c\n", "a: -\n",
    "a: [Tyra?nt]\n", "a: [:x]\n", "a: {b\n: c}\n", "a: [,b]\n", "a: [a:b, c]\n", "? a\n: b\n",
]


def _mutations(texts: list[str], count: int) -> list[str]:
    """Scenario texts with a few characters typed, deleted or indented at random (seeded)."""
    chance = random.Random(31)
    alphabet = list(" :-#,[]{}'\"\n?&*!|>%@`abc123.~\\")
    out = []
    for _ in range(count):
        lines = chance.choice(texts).split("\n")
        for _ in range(chance.randint(1, 3)):
            at = chance.randrange(len(lines))
            line, where, what = lines[at], chance.randint(0, len(lines[at])), chance.random()
            lines[at] = (line[:where] + chance.choice(alphabet) + line[where:] if what < .4 else
                         line[:where] + line[where + 1:] if what < .8 else " " + line)
        out.append("\n".join(lines))
    return out


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


READ = """async ([url, texts]) => {
  const m = await import(url);
  return texts.map(text => {
    const read = m.parse(text);
    if (!read.ok) return {refused: read.line + ": " + read.message};
    const written = m.emit(read.node, read.end), again = m.parse(written);
    return {value: m.plainValue(read.node), written,
            stable: again.ok && m.emit(again.node, again.end) === written};
  });
}"""


def test_the_yaml_the_form_reads_is_the_yaml_the_checker_reads(
        open_page: Callable[..., Page], site: str) -> None:
    """Every scenario of the site, some tricky texts and a thousand mutated ones: what the
    form's reader accepts, PyYAML's safe loader reads as the same value; what it writes back
    reads as that value too, is written the same way again, and keeps every comment. What it
    refuses, the form says it cannot show (and Check still checks)."""
    texts = _texts()
    cases = texts + TRICKY + _mutations(texts, 1000)
    page = open_page()
    page.goto(site)
    answers = page.evaluate(READ, [f"{site}assets/checker/ask-yaml.js", cases])
    refused_site = [f"{text[:40]}: {answer['refused']}" for text, answer in zip(texts, answers)
                    if "refused" in answer]
    assert not refused_site, "every scenario of the site can be shown"
    accepted = 0
    for text, answer in zip(cases, answers, strict=True):
        try:
            wanted = _plain(yaml.safe_load(text))
        except yaml.YAMLError:
            assert "refused" in answer, f"read YAML that PyYAML refuses: {text!r}"
            continue
        if "refused" in answer:
            continue
        accepted += 1
        assert _plain(answer["value"]) == wanted, text
        assert _plain(yaml.safe_load(answer["written"])) == wanted, answer["written"]
        assert answer["stable"], answer["written"]
        for comment in re.findall(r"(?:^|\s)(#.*)", text):
            assert comment.strip() in answer["written"], (comment, answer["written"])
    assert accepted > len(texts) + 300


# ---- The runtime loads while the reader edits ----


@needs_runtime
def test_an_ask_page_loads_the_runtime_when_idle_and_a_rules_page_does_not(
        open_page: Callable[..., Page], site: str) -> None:
    page = open_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(f"{site}ti4/objective-cards/")
    page.wait_for_load_state("networkidle")
    assert not [url for url in requests if "/browser/" in url and "templates" not in url]
    page.goto(f"{site}ti4/ask/")
    # Nothing pressed: the page, idle, loads the runtime and warms it up.
    page.wait_for_function("() => window.rulesChecker.state === 'ready'", timeout=180_000)
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in requests)
    expect(page.locator("[data-checker]")).to_have_attribute("data-checker-state", "idle")
    # A reader who saves data gets it when they start editing instead.
    saving = open_page()
    saving.add_init_script("Object.defineProperty(navigator, 'connection', "
                           "{value: {saveData: true}})")
    later: list[str] = []
    saving.on("request", lambda request: later.append(request.url))
    saving.goto(f"{site}ti4/ask/")
    expect(saving.locator("[data-checker-form] section").first).to_be_visible(timeout=60_000)
    saving.wait_for_load_state("networkidle")
    assert not [url for url in later if "/pyodide/" in url]
    saving.get_by_label("The question", exact=True).focus()
    saving.wait_for_function("() => window.rulesChecker.state !== 'idle'")


# ---- Named, reached by the keyboard, fitting a phone, light and dark ----


NAMELESS = """() => [...document.querySelectorAll(['input', 'select', 'button', 'textarea']
  .map(tag => '[data-checker-ask] ' + tag).join(', '))].filter(c => {
    if (c.closest('[hidden]') || c.type === 'hidden') return false;
    const named = c.getAttribute('aria-label') || c.getAttribute('aria-labelledby') ||
      (c.labels && c.labels.length) || (c.tagName === 'BUTTON' && c.textContent.trim());
    return !named;
  }).map(c => c.outerHTML.slice(0, 120))"""


def test_every_control_is_named_and_the_keyboard_reaches_the_examples(
        open_page: Callable[..., Page], site: str) -> None:
    page = ask_page(open_page, site, "arcs")
    page.locator("[data-situation='arcs-battle-rulebook-example']").click()
    assert page.evaluate(NAMELESS) == []
    # The keyboard: type words, go down into the examples, choose one with Enter.
    page.locator("[data-checker-start] > summary").click()
    search = page.locator("[data-checker-search]")
    search.fill("skirmish die")
    search.press("ArrowDown")
    focused = page.evaluate("document.activeElement.dataset.situation")
    assert focused == "arcs-battle-skirmish-faces"
    page.keyboard.press("Enter")
    assert yaml.safe_load(editor_text(page))["id"] == "arcs-battle-skirmish-faces"
    # Tab goes on from the chosen example into the form's fields.
    assert page.evaluate("document.activeElement.closest('[data-checker-form]') !== null")


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_form_fits_the_screen_in_light_and_dark(open_page: Callable[..., Page], site: str,
                                                    width: int, scheme: str) -> None:
    page = ask_page(open_page, site, "arcs", viewport={"width": width, "height": 900},
                    color_scheme=scheme)
    page.locator("[data-situation='arcs-battle-rulebook-example']").click()
    expect(page.locator("[data-checker-step='battle']")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if width < 600:   # on a phone the YAML waits, folded, under the form
        expect(page.locator(".ck-ask-yaml")).not_to_have_attribute("open", "")
    background = page.evaluate("getComputedStyle(document.querySelector('.ck-chip'))"
                               ".backgroundColor")
    dark = sum(int(n) for n in re.findall(r"\d+", background)[:3]) < 200
    assert dark is (scheme == "dark")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"ask-form-{width}-{scheme}.png"), full_page=True)
    assert not page.errors  # type: ignore[attr-defined]
