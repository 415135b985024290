"""What an Arcs step's picture says in words: every system the step's sentence names is
written in the picture under that name ("4 Moon", "1 Gate"), so a player finds on the map
the place the text speaks of (every Arcs scenario of the site, every step); and a battle
that destroys a city shows what its attacker loses by Outrage: the resources and Guild cards
discarded and the agent placed."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from repo_games import GAMES

from checker.engine import Run
from checker.games.arcs.parts.board import SYSTEMS
from checker.runner import check_scenario, read_file
from checker.sentences import sentences_of, step_sentence
from checker.sources import find_files

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [ROOT / "docs" / "arcs", ROOT / "scenarios" / "arcs"]
NAMED = re.compile(r"\b(?:" + "|".join(re.escape(name) for name in SYSTEMS) + r")\b")
"""A system's name as the sentences write it."""


def _runs() -> Iterator[Run]:
    for path in find_files(SOURCES):
        for scenario in read_file(path, GAMES).scenarios:
            if scenario.game == "arcs":
                done = check_scenario(scenario, GAMES).run
                if done is not None:
                    yield done


def picture_words(svg: str) -> set[str]:
    """Each `<text>` of a picture as it reads, its lines (`<tspan>`) joined by a space."""
    return {" ".join("".join(word.itertext()).split())
            for word in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")}


def shown_pictures(done: Run) -> Iterator[tuple[int, str, str]]:
    """Each step's number, sentence and the picture shown with it: its own, or the one
    before it when the step drew nothing new."""
    sentences, shown, before = sentences_of(done.ruleset), "", done.initial
    for record in done.records:
        drawn = done.ruleset.picture(record.state, before) if record.state is not before else ""
        shown = drawn or shown
        before = record.state
        yield record.step.index, step_sentence(sentences, record.step.kind, record.step.args), \
            shown


RUNS = list(_runs())


def test_the_scenarios_name_systems() -> None:
    named = {name for done in RUNS for _, said, _ in shown_pictures(done)
             for name in NAMED.findall(said)}
    assert len(RUNS) > 50 and {"1 Gate", "2 Moon"} <= named and len(named) > 8, named


@pytest.mark.parametrize("done", RUNS, ids=[done.scenario.id for done in RUNS])
def test_every_system_a_step_names_is_written_in_its_picture(done: Run) -> None:
    missing = []
    for number, said, shown in shown_pictures(done):
        names = set(NAMED.findall(said))
        if names and shown:
            missing += [f"step {number}: {name!r} ({said})"
                        for name in sorted(names - picture_words(shown))]
    assert not missing, "\n".join(missing)


def _step_picture(scenario_id: str, number: int) -> str:
    done = next(done for done in RUNS if done.scenario.id == scenario_id)
    return next(shown for index, _, shown in shown_pictures(done) if index == number)


def _agents_in(svg: str, fill: str) -> int:
    """The agents (arches) drawn in the battle panel in the colour `fill`."""
    panel = next(group for group in ET.fromstring(svg).iter(f"{SVG}g")
                 if group.get("class") == "chg" and group.find(f"{SVG}g") is not None)
    return sum(len(re.findall(r"a5 5 0 0 1 10 0v7z", path.get("d", "")))
               for group in panel.iter(f"{SVG}g") if group.get("fill") == fill
               for path in group.iter(f"{SVG}path"))


SVG = "{http://www.w3.org/2000/svg}"
RED = "#D55E00"


def test_a_battle_that_destroys_a_city_shows_what_the_attacker_loses_by_outrage() -> None:
    # Red destroys Blue's city on 4 Moon (Fuel): Red discards both Fuel tokens, Gatekeepers
    # and Fuel Cartel (keeping Material and Mining Interest) and puts an agent on the icon.
    svg = _step_picture("arcs-battle-destroy-city-outrage", 2)
    said = " ".join(" ".join(word.itertext()) for word in ET.fromstring(svg).iter(f"{SVG}text"))
    assert "Outrage Red discards 2 Fuel tokens, Gatekeepers, Fuel Cartel" in said, said
    assert "on the Fuel Outrage icon" in said and "Mining Interest," not in said
    assert _agents_in(svg, RED) == 1, "Red's agent drawn on the Outrage icon"
    title = ET.fromstring(svg)[0].text or ""
    assert "Outrage: Red Provokes Fuel Outrage: discards 2 Fuel tokens, Gatekeepers and Fuel " \
           "Cartel; an agent covers the Fuel Outrage icon." in title


@pytest.mark.parametrize(("scenario_id", "number", "words"), [
    ("arcs-battle-already-outraged", 2, ("Red discards 1 Relic token, Elder Broker "
                                        "Relic Outraged already: no agent")),
    ("arcs-battle-outrage-placeholder", 2, ("Red discards nothing a placeholder on the Fuel "
                                           "Outrage icon")),
    ("arcs-battle-outrage-before-loot", 2, "Red discards 1 Relic token"),
])
def test_each_outrage_says_what_it_discards_and_what_covers_the_icon(
        scenario_id: str, number: int, words: str) -> None:
    svg = _step_picture(scenario_id, number)
    said = " ".join(" ".join(word.itertext()) for word in ET.fromstring(svg).iter(f"{SVG}text"))
    assert words in said, said
    if "before-loot" not in scenario_id:
        assert _agents_in(svg, RED) == 0, "no agent goes on the icon"


def test_a_battle_shows_an_outrage_row_when_and_only_when_it_destroys_a_city() -> None:
    battles = 0
    for done in RUNS:
        for index, _, shown in shown_pictures(done):
            title = ET.fromstring(shown)[0].text or "" if shown else ""
            if " Battle at " not in title:
                continue
            battles += 1
            words = [" ".join(word.itertext()) for word in ET.fromstring(shown).iter(f"{SVG}text")]
            destroyed = re.search(r"destroys? [^;.]*'s damaged cit", title) is not None
            assert ("Outrage" in words) == destroyed, f"{done.scenario.id} step {index}"
    assert battles > 20
