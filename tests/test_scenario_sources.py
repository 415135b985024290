"""Every scenario of this site says where its ruling comes from (issue 31, item 5). The
checker does not require `source:`, so that another game's site builds without it; this
site does, and its references point somewhere a player can look."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from repo_games import GAMES, ROOT

from checker.provenance import Provenance
from checker.runner import read_file
from checker.scenario import Scenario
from checker.site.walkthroughs.source_label import SOURCE_KINDS
from checker.sources import walk

RULEBOOK_PAGES = range(1, 25)
"""The Arcs rulebook (April 2024) has 24 pages."""


@cache
def site_scenarios() -> tuple[Scenario, ...]:
    """Every scenario of the site: the files under scenarios/ and the fences of docs/."""
    found: list[Scenario] = []
    for folder in ("scenarios", "docs"):
        for path in walk(str(ROOT / folder)):
            loaded = read_file(Path(path), GAMES, name=str(Path(path).relative_to(ROOT)))
            assert [str(p) for p in loaded.problems] == []
            found += loaded.scenarios
    return tuple(found)


def test_every_scenario_of_this_site_states_its_source() -> None:
    scenarios = site_scenarios()
    assert len(scenarios) > 300
    missing = [f"{s.location}: {s.id}" for s in scenarios if s.provenance is None]
    assert missing == [], "each scenario needs `source:` (see the guide, Writing scenarios)"


def test_a_ti4_source_names_rules_of_the_living_rules_reference() -> None:
    """A TI4 reference to the rules text is a list of rule numbers ("61.7", "61 note 6"),
    each one a rule the pages define: a typo would send a player to nothing."""
    rulebook = GAMES["ti4"].rulebook
    wrong = []
    for scenario in site_scenarios():
        stated = scenario.provenance
        if scenario.game != "ti4" or stated is None or stated.kind not in ("rules", "reading"):
            continue
        for number in stated.ref.split(", "):
            rule = "ti4:" + re.sub(r"^(\d+) note (\d+\w*)$", r"\1.note\2", number)
            if rule not in rulebook:
                wrong.append(f"{scenario.location}: {number}")
    assert wrong == []


def test_an_arcs_source_names_pages_of_the_rulebook() -> None:
    wrong = []
    for scenario in site_scenarios():
        stated = scenario.provenance
        if scenario.game != "arcs" or stated is None or stated.kind not in ("rules", "reading"):
            continue
        pages = re.fullmatch(r"pp?\. ([\d, -]+?)(?: \(.*\)| and the .*)?", stated.ref)
        numbers = [int(n) for n in re.findall(r"\d+", pages[1])] if pages else []
        if not numbers or any(n not in RULEBOOK_PAGES for n in numbers):
            wrong.append(f"{scenario.location}: {stated.ref}")
    assert wrong == []


def test_a_source_is_named_as_the_scenario_lists_name_its_kind() -> None:
    for kind in ("faq", "errata", "designer"):
        assert Provenance(kind, "Battle").label() == f"{SOURCE_KINDS[kind]}: Battle"
    assert Provenance("reading", "p. 3", "why").label("Rulebook") == \
        f"{SOURCE_KINDS['reading']} of Rulebook p. 3"
