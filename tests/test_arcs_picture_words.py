"""What an Arcs step's picture says in words: every system the step's sentence names is
written in the picture under that name ("4 Moon", "1 Gate"), so a player finds on the map
the place the text speaks of. Every Arcs scenario of the site, every step."""

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
