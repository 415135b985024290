"""Check a scenario text in the reader's browser: what the page's checker (`check.js`, through
its Web Worker, under Pyodide) asks of Python. The text goes the command line's way, read as a
file (`runner.read_file`: its size, encoding, limits and located errors) and judged by
`runner.check_scenario`; its walkthrough is the build's own (`walkthrough.draft` and `place`,
with the build's escaping). Nothing here is a port: only the links differ, made from the
published `rules.json` because the page has no docs folder to scan.

It runs in CPython too (the tests call it directly), and imports nothing of MkDocs or Markdown:
the browser bundle (`browser_bundle`) ships this module and what it imports, and no more.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from checker.engine import Run
from checker.location import InternalError, Location, Problem
from checker.provenance import rules_text_of
from checker.registry import BUNDLED, InstalledGame, bind, from_bundled, installed
from checker.rulebook import RuleBook
from checker.runner import check_scenario, read_file
from checker.site.pages.rulemap import Anchor, RuleMap
from checker.site.walkthroughs.placing import Links, place
from checker.site.walkthroughs.walkthrough import draft, narration
from checker.verdict import Verdict

FILE = "scenario.yaml"
"""The name the text is read under, as messages name it (`scenario.yaml:3:5: ...`)."""


_PUBLISHED = Location("rules.json", 1, 1)
"""Where a rule from rules.json stands in its page's source: not known, and not needed."""


class BrowserChecker:
    """The checker of one page: the site's rules (for links) and where the page stands."""

    def __init__(self, rules_json: str = "", folder: str = "/tmp") -> None:
        self.rules, books = site_rules(rules_json)
        self.games = bind(_installed(), books)
        self.path = Path(folder) / FILE

    def check(self, text: str, here: str = "") -> str:
        """The verdicts and walkthroughs of a YAML text, as JSON; `here` is the page's URL
        relative to the site's root (`ti4/objective-cards/`), for the rule links."""
        # Read as the command line reads a file: the same limits (size first), the same errors.
        self.path.write_bytes(text.encode("utf-8", "surrogatepass"))
        try:
            loaded = read_file(self.path, self.games, name=FILE)
        finally:
            self.path.unlink(missing_ok=True)
        links = Links(self.rules, from_page(here, self.rules))
        return json.dumps({
            "problems": [_problem(p) for p in loaded.problems],
            "scenarios": [_scenario(check_scenario(scenario, self.games), text, links,
                                    rules_text_of(self.games.get(scenario.game)))
                          for scenario in loaded.scenarios],
        })


def _installed() -> dict[str, InstalledGame]:
    """The games: those installed, or in the browser (no package metadata there) those the
    bundle holds (`registry.BUNDLED`)."""
    games = installed().games
    if games:
        return games
    try:
        declared = json.loads((resources.files("checker") / BUNDLED).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return from_bundled(declared).games


def site_rules(rules_json: str) -> tuple[RuleMap, dict[str, RuleBook]]:
    """The rule map of the published site, from its `rules.json`: each rule's page, as the
    URL `rules.json` gives (relative to the site's root), and each game's rules with their
    titles, as the build read them from the pages. Without `rules.json`, no rule resolves."""
    rules = RuleMap()
    titles: dict[str, dict[str, str]] = {}
    if not rules_json:
        return rules, {}
    document = json.loads(rules_json)
    for rule in document.get("rules", ()):
        url = rule["url"].partition("#")[0]
        rules.use_directory_urls = rules.use_directory_urls and not url.endswith(".html")
        rules.anchors[rule["id"]] = Anchor(rule["id"], rule["page"], _PUBLISHED)
        rules.titles[rule["id"]] = rule["title"]
        titles.setdefault(rule["game"], {})[rule["number"]] = rule["title"]
    return rules, {game: RuleBook(game, refs) for game, refs in titles.items()}


def from_page(here: str, rules: RuleMap) -> str:
    """The source page (`ti4/objective-cards.md`) whose URL is `here`: a page that defines
    rules when one does, else a page at that URL (only its folder matters then)."""
    for anchor in rules.anchors.values():
        if rules.page_url(anchor.page, "index.md") == (here or "./"):
            return anchor.page
    if not here or here.endswith("/"):
        return f"{here}index.md"
    return f"{here.removesuffix('.html')}.md"


def _scenario(verdict: Verdict, text: str, links: Links, rules_text: str) -> dict[str, Any]:
    scenario = verdict.scenario
    failures = verdict.failures()
    try:
        html = place(draft(scenario, verdict, narration(scenario), rules_text), links,
                     failures, text)
    except Exception as exc:  # noqa: BLE001 - a renderer bug is shown in place, as in the build
        failures = [*failures, InternalError(scenario.location, f"internal error in the "
                                             f"walkthrough: {type(exc).__name__}: {exc}")]
        html = ""
    return {
        "id": scenario.id, "title": scenario.title, "game": scenario.game,
        "line": scenario.location.line, "passed": verdict.passed,
        "verdict": ("disputed" if scenario.disputed else "verified") if verdict.passed
        else "fails",
        "failures": [_problem(p) for p in failures], "steps": step_citations(verdict.run),
        "html": html,
    }


def step_citations(run: Run | None) -> list[list[str]]:
    """Each step's citations, in order: its events' rules, the rule that refused it, the rule
    that ended the game with it."""
    if run is None:
        return []
    steps = []
    for record in run.records:
        cited = [event.rule for event in record.events]
        if record.violation is not None:
            cited.append(record.violation.rule)
        if record.outcome is not None:
            cited.append(record.outcome.rule)
        steps.append(cited)
    return steps


def _problem(problem: Problem) -> Mapping[str, Any]:
    return {"line": problem.location.line, "col": problem.location.col,
            "message": problem.message, "text": str(problem),
            "internal": isinstance(problem, InternalError)}
