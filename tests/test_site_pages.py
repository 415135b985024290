"""The real TI4 pages: every rule the engine knows has its anchor, and the worked examples
placed next to the rules cover every note of sections 61 and 81."""

from __future__ import annotations

from pathlib import Path

from repo_games import GAMES
from repo_games import TI4_TITLES as TITLES

from checker.site.examples.verify import ScenarioChecks
from checker.site.gathered.context import Page, collect
from checker.site.hosting.gather import gather
from checker.site.hosting.host import SiteFolders
from checker.site.pages.syntax import scan_page

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def ti4_pages() -> list[Page]:
    return [Page(p.relative_to(DOCS).as_posix(), p.relative_to(ROOT).as_posix(),
                 p.read_text(encoding="utf-8")) for p in sorted((DOCS / "ti4").glob("*.md"))]


def test_the_site_has_no_problem_and_defines_every_rule_of_the_engine() -> None:
    context = gather(SiteFolders(ROOT, DOCS, ROOT / "scenarios"), ScenarioChecks(GAMES))
    assert [str(p) for p in context.problems] == []
    assert {f"ti4:{ref}" for ref in TITLES} <= set(context.rules.anchors)


def test_the_ti4_pages_embed_at_least_15_examples_covering_every_note_of_61_and_81() -> None:
    context = collect(ti4_pages(), ROOT / "scenarios", ScenarioChecks(GAMES), ROOT)
    shown = [example for example in context.examples.values()
             if example.id in context.placement.homes]
    shown += [context.examples[embed.target] for page in ti4_pages()
              for embed in scan_page(page.path, page.content).embeds]
    assert len({example.id for example in shown}) >= 15
    covered = {rule for example in shown for rule in example.about}
    notes = {f"ti4:{ref}" for ref in TITLES if ref.startswith(("61.note", "81.note"))}
    assert sorted(notes - covered) == []
