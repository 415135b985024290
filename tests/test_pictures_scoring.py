"""The scoring side of the table as pictures: TI4's and TI3's victory point track, objectives,
secret objectives, speaker and order, and the end of the game; Arcs' end of a chapter with its
ambition boxes, markers and Power track. A golden file for one picture of each, and what every
picture must hold: XML that parses, an image with a text alternative in the game's words,
hostile names escaped, change marks on exactly what the step changed, and no picture where
nothing drawn changed. In the browser: tests/test_pictures_browser.py."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from repo_games import GAMES, plays

from checker.engine import Run, run
from checker.games.arcs.chapter_end import drawing as chapter_end
from checker.games.ti3 import drawing as ti3_drawing
from checker.games.ti4 import drawing as ti4_drawing
from checker.runner import load_file, read_file
from checker.sources import find_files

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"
MARKED = "Changed by this step: "

TI4 = """\
id: pictures-ti4
title: Red scores, Blue reveals, Red wins
game: ti4
setup:
  players: [Red, Blue, Green]
  phase: status
  round: 5
  speaker: Blue
  strategy_cards: {Red: Leadership, Blue: Trade, Green: Imperial}
  points: {Red: 8, Blue: 3, Green: 0}
  public_objectives:
    revealed: [Expand Borders, Corner the Market, Develop Weaponry]
    stage_i: 2
  secret_objectives: {Red: [Mine Rare Minerals], Blue: [Become a Martyr, Fuel the War Machine]}
steps:
  - score: {player: Red, objective: Expand Borders}
  - score: {player: Red, objective: Mine Rare Minerals}
  - reveal_objective: {}
expect: {winner: Red}
"""
"""Step 1 scores a public objective, step 2 a secret one and wins (98.7); step 3 is refused."""

TI3 = """\
id: pictures-ti3
title: Green brings out Imperium Rex
game: ti3
setup:
  players: [Red, Blue, Green]
  phase: action
  round: 6
  strategy_cards: {Red: Initiative, Blue: Trade, Green: Imperial}
  points: {Red: 7, Blue: 7, Green: 5}
  public_objectives: {Stage I objective A: 1, Stage II objective C: 2}
  claimed: {Red: [Stage I objective A]}
  secret_objective: {Blue: {card: Secret objective B, points: 1}}
  planets: {Red: [Arretze, Hercant], Blue: [Lodor]}
steps:
  - imperial_primary: {player: Green, reveals: Imperium Rex}
expect: {winner: Red}
"""

ARCS = """\
id: pictures-arcs
title: The end of the first chapter
game: arcs
setup:
  players: [Red, Blue, Green, Yellow]
  power: {Red: 20, Blue: 24, Green: 3, Yellow: 0}
  ambitions: {Warlord: [5/3], Keeper: [3/2]}
  cities: {Red: 1, Blue: 4, Green: 4, Yellow: 4}
  trophies:
    Red: {Blue: {ships: 2}}
    Blue: {Red: {ships: 1}}
  resources: {Blue: {relics: 2}, Green: {relics: 1}}
steps:
  - end_chapter: {}
  - score_ambition: {ambition: Warlord}
  - clean_up: {}
  - check_game_end: {}
expect: {winner: Blue}
"""
"""Four players (the game ends at 27): Warlord gives Red 5 and the +2 bonus (one city left),
Blue 3; Keeper, scored at the clean-up, gives Blue 3 and Green 2; Blue reaches 30."""


def _run(text: str, game: str) -> Run:
    loaded = load_file("pictures.yaml", text, GAMES)
    assert loaded.scenarios, [str(p) for p in loaded.problems]
    return run(loaded.scenarios[0], GAMES[game])


def _drawn(done: Run) -> list[str]:
    """The setup's picture, then each step's (against the state before it)."""
    draw: Any = done.ruleset.picture  # type: ignore[attr-defined]
    states = [done.initial, *(record.state for record in done.records)]
    return [draw(states[0])] + [draw(now, before) for before, now in pairwise(states)]


def _walk(element: ET.Element, inherited: dict[str, str] | None = None
          ) -> Iterator[tuple[ET.Element, dict[str, str]]]:
    attributes = {**(inherited or {}), **element.attrib}
    yield element, attributes
    for child in element:
        yield from _walk(child, attributes)


def _title(svg: str) -> str:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg" and root.get("role") == "img"
    assert root[0].tag == f"{NS}title" and root[0].text
    return root[0].text


def _marks(svg: str) -> list[ET.Element]:
    """The shapes in the class of the change marks (the stepper drops them on later steps):
    washes over parts (class `chg`) and rings around tokens (`chg r`)."""
    return [e for e, a in _walk(ET.fromstring(svg)) if "chg" in a.get("class", "").split()
            and e.tag in (f"{NS}path", f"{NS}rect")]


def _washed(svg: str) -> list[str]:
    """The parts washed as changed: one outline each, `Mx y...z`."""
    return [part for e in _marks(svg) if e.get("class") == "chg"
            for part in re.findall(r"M[^M]*z", e.get("d", ""))]


def _words(svg: str) -> list[str]:
    return [e.text or "" for e in ET.fromstring(svg).iter(f"{NS}text")]


def _said(svg: str) -> str:
    """The picture's words in order, one space between lines: a sentence may wrap."""
    return " ".join(_words(svg))


@pytest.mark.parametrize(("name", "text", "game", "step"), [
    ("ti4-score.svg", TI4, "ti4", 2), ("ti3-score.svg", TI3, "ti3", 1),
    ("arcs-chapter-end.svg", ARCS, "arcs", 3)])
def test_one_picture_of_each_game_matches_its_golden_file(
        golden: Callable[[str, str], None], name: str, text: str, game: str, step: int) -> None:
    golden(name, _drawn(_run(text, game))[step] + "\n")


def test_ti4_draws_the_track_the_objectives_the_secrets_and_the_order() -> None:
    setup, scored, won, refused = _drawn(_run(TI4, "ti4"))
    words = _words(setup)
    assert "Victory points (goal 10)" in words and "0123456789" in words and "10" in words, \
        "the numbers of the track, the goal's apart (in bold)"
    # A card's name may take two lines: the words read in order.
    assert all(name in " ".join(words) for name in (
        "Expand Borders", "Corner the Market", "Develop Weaponry")), words
    assert {"2 facedown", "5 facedown"} <= set(words)
    assert words.count("Stage I") == 4 and words.count("Stage II") == 1
    assert "Initiative order" in words and "Speaker" in words
    assert ["1 Leadership", "5 Trade", "8 Imperial"] == [
        w for w in words if re.fullmatch(r"\d [A-Z]\w+", w)]
    assert _title(setup) == "Victory points to 10: Red 8, Blue 3, Green 0.", \
        "short: the state table beside the picture says the rest"
    assert not _marks(setup) and MARKED not in _title(setup)
    assert _title(scored).endswith(
        f"{MARKED}Red 8 to 9 victory points; Red scores Expand Borders.")
    assert refused == "", "a refused step leaves the very same state: nothing new to draw"
    assert "Game over: Red wins" in _words(won)
    assert "Rule 98.7: The game ends when a player reaches the goal" in _said(won)


def test_ti4_marks_the_token_that_moved_and_the_control_token_placed() -> None:
    _, scored, won, _ = _drawn(_run(TI4, "ti4"))
    rings = [e.get("d", "") for e in _marks(scored)]
    assert len(rings) == 2 and not _washed(scored), \
        "one path of rings on the track, one on the cards"
    track = rings[0]
    assert track.count("a10 10") == 2, "the token where it is now, ringed"
    assert "H" in track, "an arrow from where it was"
    assert rings[1].count("a10 10") == 2, "the control token placed on Expand Borders"
    # The secret objective scored: Red's line of the table is marked, and the game's end.
    assert len(_washed(won)) == 2, "Red's line and the banner"
    assert _title(won).endswith(f"{MARKED}Red 9 to 10 victory points; Red scores Mine Rare "
                                "Minerals; Red holds 0 secret objectives; the game ends.")


def test_a_step_changing_nothing_drawn_has_no_picture() -> None:
    text = TI4.replace("  - score: {player: Red, objective: Expand Borders}\n",
                       "  - requirement: {player: Red, objective: Expand Borders, met: true}\n")
    _, nothing, *_ = _drawn(_run(text, "ti4"))
    assert nothing == ""


def test_ti3_draws_imperium_rex_and_the_tie_break_that_decided() -> None:
    setup, rex = _drawn(_run(TI3, "ti3"))
    words = _words(setup)
    assert "Victory points (last space 10)" in words and "Order of play" in words
    assert {"1 point", "2 points", "Facedown", "Imperium Rex"} <= set(words)
    assert _title(setup) == "Victory points to 10: Red 7, Blue 7, Green 5."
    assert {"Revealed", "Imperium Rex", "Game over: Red wins",
            "Rule 13.3a: Tie: most planets"} <= set(_words(rex))
    assert "8 Imperial (used)" in _words(rex)
    assert _title(rex).endswith(f"{MARKED}Green 5 to 7 victory points; Imperium Rex revealed; "
                                "the strategy cards change; the game ends.")
    assert len([e for e in _marks(rex) if e.get("class") == "chg r"]) == 1, "Green's marker"
    assert len(_washed(rex)) == 3, "the card revealed, Green's line, the banner"


def test_arcs_chapter_end_shows_boxes_counts_places_and_the_power_track() -> None:
    setup, ended, warlord, cleaned, checked = _drawn(_run(ARCS, "arcs"))
    words = _words(setup)
    assert ["Tycoon", "Tyrant", "Warlord", "Keeper", "Empath"] == [
        w for w in words if w in ("Tycoon", "Tyrant", "Warlord", "Keeper", "Empath")]
    assert words.count("not declared") == 3 and {"5/3", "3/2", "2/0"} <= set(words)
    assert "Power (the game ends at 27 with 4 players)" in words
    assert "Chapter 1 of 5, over: scoring ambitions" in _words(ended)
    assert _title(warlord).endswith(f"{MARKED}Warlord scored; Red 20 to 27 Power; "
                                    "Blue 24 to 27 Power.")
    assert _title(warlord).startswith("Chapter 1 of 5, over: scoring ambitions. Power (the "
                                      "game ends at 27): Red 27, Blue 27, Green 3, Yellow 0.")
    assert {"1st +7", "2nd +3"} <= set(_words(warlord))
    # The clean-up: Keeper scored, the markers back (the lowest flipped), both boxes marked.
    assert "Markers available" in _words(cleaned) and "4/2" in _words(cleaned)
    assert _title(cleaned).endswith(f"{MARKED}Chapter 1 of 5, over: cleaned up; Keeper scored; "
                                    "Blue 27 to 30 Power; Green 3 to 5 Power; the markers "
                                    "return; 2/0 flipped to 4/2.")
    washed = _washed(cleaned)
    assert washed[:3] == ["M0 0h340v17h-340z", "M230 22h110v110h-110z",
                          "M0 137h110v110h-110z"], \
        "the chapter's line, Warlord's box and Keeper's box"
    assert len(washed) == 6, "and the three markers returned"
    assert "Game over: Blue wins" in _words(checked)
    assert "Rule 4.1: Enough Power ends the game: 27, 30 or 33" in _words(checked)


def test_arcs_map_pictures_stay_as_they_were() -> None:
    """The chapter-end picture takes the steps of the end of a chapter and a setup with no
    piece; every other step draws the map as before, or nothing."""
    for path in find_files([ROOT / "docs" / "arcs", ROOT / "scenarios" / "arcs"]):
        for scenario in read_file(path, GAMES).scenarios:
            if scenario.game != "arcs" or not plays(scenario):
                continue
            done = run(scenario, GAMES["arcs"])
            states = [done.initial, *(record.state for record in done.records)]
            for number, svg in enumerate(_drawn(done)):
                before = states[number - 1] if number else None
                state: Any = states[number]
                if 'pic--arcs-chapter-end"' in svg:
                    assert chapter_end.shows(state, before), (scenario.id, number)
                    assert before is None or state.stage.value or before.stage.value
                else:
                    assert not chapter_end.shows(state, before)
                    assert svg == "" or 'pic--arcs-map"' in svg


def test_hostile_names_are_escaped_and_keep_their_letters() -> None:
    text = TI4.replace("title: Red scores, Blue reveals, Red wins", "title: Hostile names") \
        .replace("Red", "'<b>R&d\"'").replace("Blue", "Bl\u00fce")
    pictures = _drawn(_run(text, "ti4"))
    for svg in pictures:
        if svg:
            ET.fromstring(svg)
            assert "<b>" not in svg and svg.isascii()
    assert "&lt;b&gt;R&amp;d&quot;" in pictures[0]


@pytest.mark.parametrize("game", ["ti4", "ti3", "arcs"])
def test_every_scenario_draws_pictures_that_parse(game: str) -> None:
    """Every checked example of the game, through every step: each picture is XML with its
    text alternative, and a step's picture says what the step changed, and has a mark."""
    drawn = 0
    for path in find_files([ROOT / "docs" / game, ROOT / "scenarios" / game]):
        for scenario in read_file(path, GAMES).scenarios:
            if scenario.game != game or not plays(scenario):
                continue
            for number, svg in enumerate(_drawn(run(scenario, GAMES[game]))):
                if not svg:
                    continue
                drawn += 1
                said = _title(svg)
                assert (MARKED in said) == (number > 0), (scenario.id, number)
                if number and re.search("pic--(ti4|ti3)-score|chapter-end", svg):
                    assert _marks(svg), (scenario.id, number)
    assert drawn > 50


def test_the_drawing_modules_say_what_changed_in_the_games_words() -> None:
    done = _run(TI4, "ti4")
    assert ti4_drawing.changes(done.records[0].state, done.initial) == [
        "Red 8 to 9 victory points", "Red scores Expand Borders"]
    rex = _run(TI3, "ti3")
    assert "Imperium Rex revealed" in ti3_drawing.changes(rex.records[0].state, rex.initial)
