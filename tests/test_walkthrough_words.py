"""Every walkthrough of the site reads in the game's words: outside its YAML source no YAML or
engine syntax, one step numbering (the walkthrough's own "Step N"), values that changed shown
as `2 → 3`, and the source naming the file (or page and line) to edit."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from repo_games import GAMES

from checker.site.examples.verify import ScenarioChecks
from checker.site.hosting.gather import gather
from checker.site.hosting.host import SiteFolders
from checker.site.render.rendering import render
from checker.site.walkthroughs.placing import Links

ROOT = Path(__file__).resolve().parent.parent

ENGINE_SYNTAX = re.compile(r"[{}\[\]]|\b[a-z]+_[a-z_]+\b|->|: \[|#\d|\(s\)|\bnull\b")
"""YAML and engine syntax: mappings and lists as written in YAML, snake_case key and step
names, ASCII arrows, numbered placeholders, `(s)` plurals, `null`."""

STEP_NUMBER = re.compile(r"\b[Ss]teps? \d+")

KNOWN: dict[str, str] = {}
"""Lines of Arcs texts that still read like the engine, in Arcs modules and scenarios this work
did not touch (issue 17, item 6): each must still occur, so that its entry goes once fixed."""


class _Text(HTMLParser):
    """A walkthrough's text lines, outside its YAML source and pictures, with the step titles
    apart."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self.titles: list[str] = []
        self.where = ""
        self._skip = 0
        self._title = False
        self._line: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = dict(attrs).get("class") or ""
        if self._skip or tag == "svg" or "wt-source" in classes.split():
            self._skip += tag not in ("br", "use", "path", "rect", "circle", "line")
            return
        if tag in ("p", "li", "div", "dt", "dd"):
            self._end()
        if "wt-step-title" in classes:
            self._title = True

    def handle_endtag(self, tag: str) -> None:
        if self._skip:
            self._skip -= tag not in ("br", "use", "path", "rect", "circle", "line")
            return
        if tag in ("p", "li", "div", "dt", "dd"):
            self._end()

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self._line.append(data)

    def _end(self) -> None:
        line = " ".join("".join(self._line).split())
        if line:
            (self.titles if self._title else self.lines).append(line)
        self._title = False
        self._line = []


@pytest.fixture(scope="module")
def walkthroughs() -> dict[str, str]:
    """Every scenario's walkthrough, as the page that shows it renders it."""
    context = gather(SiteFolders(ROOT, ROOT / "docs", ROOT / "scenarios"), ScenarioChecks(GAMES))
    pages = context.placement.walkthrough_pages()
    assert len(context.examples) > 250
    return {scenario_id: render(example, Links(context.rules, pages.get(scenario_id, "index.md")))
            for scenario_id, example in context.examples.items()}


def _read(html: str) -> _Text:
    text = _Text()
    text.feed(html)
    text.close()
    return text


def test_no_yaml_or_engine_syntax_outside_the_yaml_source(walkthroughs: dict[str, str]) -> None:
    found = []
    for scenario_id, html in walkthroughs.items():
        text = _read(html)
        for line in text.lines + text.titles:
            if ENGINE_SYNTAX.search(line) and not any(part in line for part in KNOWN):
                found.append(f"{scenario_id}: {line}")
    assert found == []


def test_the_known_leftovers_are_still_there(walkthroughs: dict[str, str]) -> None:
    lines = [line for html in walkthroughs.values() for line in _read(html).lines]
    assert [part for part in KNOWN if not any(part in line for line in lines)] == [], \
        "fixed: remove these from KNOWN"


def test_one_step_numbering_the_walkthroughs_own(walkthroughs: dict[str, str]) -> None:
    """Only the walkthrough counts its steps ("Step 3: Blue scores ..."); the rules' own steps
    are named in words ("the reveal public objective step")."""
    found = []
    for scenario_id, html in walkthroughs.items():
        text = _read(html)
        steps = html.count('<li class="wt-step"')
        assert [re.match(r"Step (\d+): \S", title) is not None for title in text.titles] == \
            [True] * steps, scenario_id
        for line in text.lines:
            for number in STEP_NUMBER.finditer(line):
                ours = re.search(r"\b([Aa]t|[Ss]ince) step \d+\b", line[max(0, number.start() - 6):
                                                                 number.end()])
                if not ours and not any(part in line for part in KNOWN):
                    found.append(f"{scenario_id}: {line}")
    assert found == []


def test_changed_values_show_what_they_were(walkthroughs: dict[str, str]) -> None:
    html = walkthroughs["ti4-victory-reach-goal-mid-status-phase"]
    assert '<dd>Red <span class="wt-was">8 &#8594; </span>9, Blue 8, Green 9 (goal 10)</dd>' in html
    assert "gains 1 victory point from Expand Borders: 8 &#8594; 9." in html


def test_the_yaml_source_names_the_file_or_the_page_and_line(
        walkthroughs: dict[str, str]) -> None:
    where = re.compile(r'<summary>YAML source <span class="wt-where">in <code>([^<]+)</code>'
                       r"(, line \d+)?</span></summary>")
    for scenario_id, html in walkthroughs.items():
        found = where.search(html)
        assert found is not None, scenario_id
        path, line = found[1], found[2]
        assert (ROOT / path).is_file(), scenario_id
        if path.endswith(".md"):
            assert line, f"{scenario_id}: a page's fence names its line"
            number = int(line.removeprefix(", line "))
            assert scenario_id in (ROOT / path).read_text("utf-8").split("\n")[number - 1], \
                f"{scenario_id}: {path}{line} is where it starts"
