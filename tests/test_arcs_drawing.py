"""The Arcs map as a picture: a golden file for one representative state, and what every
picture must hold: XML that parses, hostile names escaped, damaged ships shaped unlike fresh
ones, out-of-play clusters marked, and change marks on exactly the systems that changed. The
step of a battle: its own golden file, the battle system outlined, each die showing the
symbols of its face, hits damaging and destroying, the Trophies taken, and all of it in the
text alternative."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from itertools import pairwise

import pytest
from repo_games import GAMES

from checker.engine import Run, run
from checker.games.arcs.drawing.battle_panel import CROSS, DIE, GLYPHS, symbol_path, trophies_taken
from checker.games.arcs.drawing.map import changed_systems, draw_map, path_joins, summary
from checker.games.arcs.drawing.shapes import cell_path, cluster_path, ship
from checker.games.arcs.parts.battle_report import BattleReport, Hit, Roll
from checker.games.arcs.parts.board import SETUP_CARDS, setup_card_players
from checker.games.arcs.ruleset import Arcs
from checker.games.arcs.state import State
from checker.runner import load_file
from checker.svg import escape, looks, num, shorten, tag

NS = "{http://www.w3.org/2000/svg}"

SCENARIO = """\
id: arcs-drawing
title: A round on the map
game: arcs
setup:
  players: [Red, Blue, Green]
  setup_card: 3 Player Homelands
  initiative: Red
  action_cards: {Red: 4, Blue: 4, Green: 4}
  cities: {Red: 3, Blue: 4}
  ships:
    1 Gate: {Green: 4}
    2 Moon: {Red: 3, Blue: 1}
    3 Hex: {Blue: 2, Green: 1}
    4 Arrow: {Red: 2}
  damaged_ships:
    1 Gate: {Red: 1}
    2 Moon: {Blue: 1}
    3 Hex: {Green: 2}
  buildings:
    1 Hex: [Green starport, Red damaged city]
    2 Arrow: [Red city]
    2 Moon: [Blue city]
    4 Arrow: [Red starport, Blue damaged starport]
  court: [Farseers, Gatekeepers, Construction Union, Relic Fence]
  court_agents:
    Farseers: {Red: 2, Green: 1}
steps:
  - lead: {player: Red, card: Administration 3}
  - tax: {system: 2 Arrow}
  - influence: {card: Farseers}
  - pivot: {player: Blue, card: Mobilization 2}
  - move: {from: 3 Hex, to: [3 Gate], fresh: 2}
expect:
  ships: {3 Gate: {Blue: 2}}
"""
"""Three players, two clusters out, fresh and damaged ships, buildings of both kinds fresh and
damaged, agents in the Court; the last step moves ships from 3 Hex to 3 Gate."""


def _run(text: str = SCENARIO) -> Run:
    loaded = load_file("drawing.yaml", text, GAMES)
    assert loaded.scenarios, [str(p) for p in loaded.problems]
    done = run(loaded.scenarios[0], GAMES["arcs"])
    assert all(record.violation is None for record in done.records)
    return done


def _last_two(done: Run) -> tuple[State, State]:
    return done.records[-1].state, done.records[-2].state


def _svg(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    return root


def _walk(element: ET.Element, inherited: dict[str, str] | None = None
          ) -> Iterator[tuple[ET.Element, dict[str, str]]]:
    """Every element with the attributes its groups give it."""
    attributes = {**(inherited or {}), **element.attrib}
    yield element, attributes
    for child in element:
        yield from _walk(child, attributes)


def _marked(picture: str) -> set[str]:
    """The outlines drawn in the change marks' group."""
    return {e.get("d", "") for e, a in _walk(_svg(picture))
            if a.get("class") == "chg" and e.tag == f"{NS}path"}


def test_the_picture_matches_the_golden_file(golden: Callable[[str, str], None]) -> None:
    state, previous = _last_two(_run())
    golden("arcs-map.svg", draw_map(state, previous) + "\n")


def test_a_picture_is_an_image_with_a_text_alternative_that_scales() -> None:
    state, previous = _last_two(_run())
    root = _svg(draw_map(state, previous))
    assert root.get("role") == "img"
    assert root.get("width") == "100%"
    assert root.get("viewBox", "").startswith("0 0 360 ")
    title = root[0]
    assert title.tag == f"{NS}title"
    assert title.text == summary(state, previous)
    assert "3 Gate: Blue 2 fresh ships" in title.text
    assert title.text.endswith("Changed by this step: 3 Gate and 3 Hex.")


def test_the_same_state_gives_the_same_picture() -> None:
    state, previous = _last_two(_run())
    assert draw_map(state, previous) == draw_map(state, previous)


def test_a_picture_stays_small() -> None:
    """A walkthrough repeats the picture at each step that changes the map (the board, with
    the systems' names, about 1,200 characters, as a `<use>` of the first)."""
    state, previous = _last_two(_run())
    assert len(draw_map(state, previous, key=False)) < 9200
    assert len(draw_map(state, previous)) < 10200


HOSTILE = ['<script>alert("x")</script>', 'A&B "quoted" \'single\'', "Ctrl\x02\x03\x00end",
           "Zo\u00eb \u2014 \U0001F680"]


def _hostile_state() -> State:
    players = HOSTILE[:4]
    return Arcs().setup({
        "players": players, "chapter": 1, "out_of_play": [3],
        "ships": {"2 Moon": {players[0]: 2, players[1]: 1}, "4 Gate": {players[2]: 1}},
        "damaged_ships": {"2 Moon": {players[3]: 1}},
        "buildings": {"1 Hex": [f"{players[0]} city", f"{players[3]} damaged starport"]},
        "court": ["Farseers"], "court_agents": {"Farseers": {players[1]: 2}},
    })


def test_hostile_player_names_are_escaped() -> None:
    picture = draw_map(_hostile_state())
    assert picture.isascii()
    assert "<script" not in picture and "\x02" not in picture and "\x00" not in picture
    assert "&lt;script&gt;" in picture
    root = _svg(picture)
    said = "".join(root.itertext())
    assert '<script>alert("x")</script>' in said
    assert "A&B \"quoted\" 'single'" in root[0].text  # type: ignore[operator]
    assert "Ctrl\ufffd\ufffd\ufffdend" in said
    assert "Zo\u00eb \u2014 \U0001F680" in root[0].text  # type: ignore[operator]


def test_escape_and_numbers() -> None:
    assert escape('<a href="x">&</a>') == "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;"
    assert escape("\x02\x7f\ud800\ufffe ok") == "&#65533;" * 4 + " ok"
    assert escape("\u00e9") == "&#233;"
    assert [num(v) for v in (12.0, 12.46, -0.04, 0.5, -3.25)] == ["12", "12.5", "0", ".5", "-3.2"]
    assert tag("rect", x=1.0, fill_opacity=0.05, class_="a", stroke=None) == \
        '<rect x="1" fill-opacity=".05" class="a"/>'
    assert shorten("Construction Union", 8) == "Constru\u2026"


def test_players_get_their_own_colour_and_a_letter_each() -> None:
    seen = looks(["Red", "Blue", "Rose", "blue", "???"])
    assert [seen[p].letter for p in seen] == ["R", "B", "O", "L", "A"]
    assert seen["Red"].fill == "#D55E00" and seen["Blue"].fill == "#0072B2"
    assert len({look.fill for look in seen.values()}) == 5
    assert seen["blue"].fill != seen["Blue"].fill
    assert {look.ink for look in seen.values()} <= {"#000", "#fff"}
    assert looks(["Yellow"])["Yellow"].ink == "#000"
    assert looks(["Blue"])["Blue"].ink == "#fff"


def _ship_paths(picture: str) -> list[tuple[str, dict[str, str]]]:
    return [(e.get("d", ""), a) for e, a in _walk(_svg(picture))
            if e.tag == f"{NS}path" and e.get("d", "").endswith(("v8h-12v-8z", "v-12h8z"))]


def test_damaged_ships_have_another_shape_than_fresh_ones() -> None:
    fresh, damaged = ship(True)(0, 0)[0], ship(False)(0, 0)[0]
    assert fresh.split("l", 1)[1] != damaged.split("l", 1)[1]
    state, previous = _last_two(_run())
    paths = _ship_paths(draw_map(state, previous, key=False))
    upright = [a for d, a in paths if d.endswith("v8h-12v-8z")]
    tipped = [a for d, a in paths if d.endswith("v-12h8z")]
    # Fleets: 1 Gate G4 + R1d, 2 Moon R3 + B1 + B1d, 3 Gate B2, 3 Hex G1 + G2d, 4 Arrow R2;
    # and each player's ship in the key of who is who.
    assert (len(upright), len(tipped)) == (6 + 3, 3)
    assert all("stroke-dasharray" not in a for a in upright)
    assert all(a.get("stroke-dasharray") and a.get("fill-opacity") == ".3" for a in tipped)


def test_out_of_play_clusters_are_greyed_with_the_path_marker() -> None:
    state, previous = _last_two(_run())
    root = _svg(draw_map(state, previous))
    out = [e for e, a in _walk(root) if e.get("class") == "out"]
    assert len(out) == 2
    sectors = [e[0].get("d") for e in out]
    assert sectors == [cluster_path(5), cluster_path(6)]
    assert all("".join(e.itertext()) == "pathout ofplay" for e in out)
    assert "Out of play: clusters 5 and 6, the path marker joining gates 4 and 1." \
        in summary(state)


@pytest.mark.parametrize(("out", "joins"), [
    ((5, 6), [(4, 1)]), ((1, 4), [(3, 5), (6, 2)]), ((3,), [(2, 4)]), ((), []),
    ((2, 3), [(1, 4)])])
def test_the_path_markers_join_the_gates_on_either_side(
        out: tuple[int, ...], joins: list[tuple[int, int]]) -> None:
    assert path_joins(frozenset(out)) == joins


def test_the_change_marks_follow_the_systems_that_changed() -> None:
    done = _run()
    states = [done.initial] + [record.state for record in done.records]
    marks = [_marked(draw_map(after, before)) for before, after in pairwise(states)]
    # lead, tax, influence, pivot: nothing on the map moves; the move: 3 Hex to 3 Gate.
    assert marks[:4] == [set()] * 4
    assert marks[4] == {cell_path("3 Gate"), cell_path("3 Hex")}
    assert changed_systems(states[5], states[4]) == ("3 Gate", "3 Hex")
    assert _marked(draw_map(states[5])) == set()


def test_a_court_card_whose_agents_changed_is_marked() -> None:
    done = _run()
    before, after = done.records[1].state, done.records[2].state
    root = _svg(draw_map(after, before))
    cards = [e for e, a in _walk(root) if e.tag == f"{NS}rect" and a.get("class") == "chg"]
    assert [c.get("x") for c in cards] == ["0"]  # Farseers; the key's sample is no mark
    # The mark lies under the card's own outline: taken away (as the stepper does when it
    # shows this picture for a later step), every card is still drawn.
    outlines = [e.get("x") for e, a in _walk(root) if e.tag == f"{NS}rect"
                and a.get("class") != "chg" and a.get("stroke-opacity") == ".6"]
    assert outlines == ["0", "91", "182", "273"]
    assert summary(after, before).endswith("Changed by this step: the Court card Farseers.")


def _chapter_end_state() -> State:
    return Arcs().setup({"players": ["Red", "Blue", "Green"], "chapter": 1})


def test_the_ruleset_draws_only_what_is_new() -> None:
    arcs = Arcs()
    done = _run()
    states = [done.initial] + [record.state for record in done.records]
    assert ">damaged building<" in arcs.picture(states[0])
    # The first picture's key shows the change mark, which later pictures have; it marks
    # nothing itself, so a copy without the marks keeps it.
    assert ">changed by the step<" in arcs.picture(states[0])
    assert 'class="chg"' not in arcs.picture(states[0])
    drawn = [arcs.picture(after, before) for before, after in pairwise(states)]
    assert [bool(p) for p in drawn] == [False, False, True, False, True]
    assert all(">damaged building<" not in p for p in drawn)
    assert arcs.picture(_chapter_end_state()) == ""


@pytest.mark.parametrize("card", list(SETUP_CARDS))
def test_every_setup_card_draws(card: str) -> None:
    players = ["Red", "Blue", "Green", "Yellow"][:setup_card_players(card)]
    state = Arcs().setup({"players": players, "chapter": 1, "setup_card": card})
    root = _svg(draw_map(state))
    assert len([e for e, _ in _walk(root) if e.get("class") == "out"]) == len(SETUP_CARDS[card])


# The battle --------------------------------------------------------------------------------

BATTLE = """\
id: arcs-drawing-battle
title: Red's battle at 5 Moon
game: arcs
setup:
  players: [Red, Blue, Green]
  initiative: Red
  action_cards: {Red: 2, Blue: 2, Green: 2}
  ships:
    5 Moon: {Red: 3, Blue: 1}
  damaged_ships:
    5 Moon: {Red: 1, Blue: 2}
  buildings:
    5 Moon: [Blue damaged city]
  resources:
    Red: [fuel]
    Blue: [relics, material, weapons]
  court: [Farseers, Gatekeepers, Skirmishers, Relic Fence]
  court_agents:
    Farseers: {Blue: 1, Green: 2}
  court_deck: [Mining Interest]
steps:
  - lead: {player: Red, card: Aggression 3}
  - battle:
      system: 5 Moon
      defender: Blue
      dice:
        assault: [hit + hit + self-hit]
        raid: [intercept, key + building hit]
      self_hits: [damaged ship]
      intercept_hits: [ship]
      ship_hits: [ship, damaged ship]
      building_hits: [damaged city]
      ransack: Farseers
      raid: [{slot: 2}]
  - move: {from: 5 Moon, to: [5 Gate], fresh: 1}
expect:
  trophies: {Red: 5, Blue: 1}
  ships: {5 Gate: {Red: 1}}
"""
"""Every symbol of the dice rolled; the self-hit destroys Red's damaged ship (a Trophy for
Blue), the intercept damages a Red ship, the hits damage one Blue ship and destroy another,
the building hit destroys Blue's city (Red Ransacks Farseers, taking three agents as
Trophies), and the key steals Blue's Material. Then a move, which is no battle."""


def _battle() -> tuple[State, State]:
    """The state after the battle, and the one before."""
    done = _run(BATTLE)
    return done.records[1].state, done.records[0].state


def _chg(picture: str) -> list[tuple[ET.Element, dict[str, str]]]:
    """What the battle draws: the elements in the class of the change marks, but not in their
    group (whose outlines are marked by an amber wash)."""
    return [(e, a) for e, a in _walk(_svg(picture))
            if a.get("class") == "chg" and a.get("fill") != "#FFB000"]


def _glyphs(picture: str) -> list[tuple[str, float, float]]:
    """Each symbol of the dice drawn in the battle: which, and its middle."""
    found = []
    for element, _ in _chg(picture):
        for part in re.findall(r"M[^M]+", element.get("d", "")):
            for symbol, (dx, dy, rest) in GLYPHS.items():
                start = re.fullmatch(r"M(-?[\d.]+) (-?[\d.]+)" + re.escape(rest), part)
                if start:
                    found.append((symbol, float(start[1]) - dx, float(start[2]) - dy))
    return found


def _dice(picture: str) -> list[tuple[float, float]]:
    """The top left corner of each die."""
    return [(float(x), float(y)) for element, _ in _chg(picture)
            for x, y in re.findall(rf"M([\d.]+) ([\d.]+)h{DIE}v{DIE}h-{DIE}z",
                                   element.get("d", ""))]


def _words(picture: str) -> list[tuple[str, float, float]]:
    return [("".join(e.itertext()), float(e.get("x", 0)), float(e.get("y", 0)))
            for e, _ in _chg(picture) if e.tag == f"{NS}text"]


def test_a_battle_picture_matches_the_golden_file(golden: Callable[[str, str], None]) -> None:
    state, previous = _battle()
    golden("arcs-battle.svg", Arcs().picture(state, previous) + "\n")


def test_the_battle_system_is_outlined_and_only_on_the_battle_step() -> None:
    state, previous = _battle()
    picture = draw_map(state, previous)
    outlines = [e for e, _ in _chg(picture) if e.get("d") == cell_path("5 Moon")]
    assert len(outlines) == 1 and outlines[0].get("stroke-width") == "3.5"
    assert "stroke-dasharray" not in outlines[0].attrib, "solid, unlike the change marks"
    # The same outline, small, by the title of the battle panel.
    assert [e.get("stroke-width") for e, _ in _chg(picture)
            if e.get("d", "").endswith("h11v9h-11z")] == ["3"]
    assert _marked(picture) >= {cell_path("5 Moon")}
    later = _run(BATTLE).records[2].state
    assert later.battle is None
    assert _chg(draw_map(later, state)) == [], "the move after it draws no battle"
    assert draw_map(previous, _run(BATTLE).initial).count('class="chg"') == 0


def test_each_die_shows_the_symbols_of_its_face() -> None:
    state, previous = _battle()
    picture = draw_map(state, previous)
    dice = _dice(picture)
    assert len(dice) == 3
    shown = [tuple(sorted(symbol for symbol, x, y in _glyphs(picture)
                          if left < x < left + DIE and top < y < top + DIE))
             for left, top in dice]
    assert shown == [("hit", "hit", "self-hit"), ("intercept",), ("building hit", "key")]
    words = [w for w, *_ in _words(picture)]
    assert words.index("assault") < words.index("raid")


def test_the_symbols_have_shapes_of_their_own_and_a_key() -> None:
    assert len({rest for _, _, rest in GLYPHS.values()}) == len(GLYPHS) == 5
    assert symbol_path("hit", 10, 20).startswith("M10 16l")
    state, previous = _battle()
    picture = draw_map(state, previous)
    words = [w for w, *_ in _words(picture)]
    assert {"hit", "self-hit", "intercept", "building hit", "key", "damaged",
            "destroyed"} <= set(words)
    keys = [a for e, a in _chg(picture) if GLYPHS["key"][2] in e.get("d", "")]
    assert [k.get("fill") for k in keys] == ["none"], "the key is drawn in outline"


def test_a_destroyed_piece_is_crossed_out_and_a_damaged_one_is_not() -> None:
    state, previous = _battle()
    picture = draw_map(state, previous)
    hits = state.battle.hits if state.battle else ()
    assert [(h.symbol, h.owner, h.piece, h.destroyed) for h in hits] == [
        ("self-hit", "Red", "ship", True), ("intercept", "Red", "ship", False),
        ("hit", "Blue", "ship", False), ("hit", "Blue", "ship", True),
        ("building hit", "Blue", "city", True)]
    crosses = [(float(x), float(y)) for e, _ in _chg(picture)
               for x, y in re.findall(r"M([\d.]+) ([\d.]+)" + re.escape(CROSS), e.get("d", ""))]
    # One on each destroyed piece of the hits, one in the key.
    assert len(crosses) == 4
    row = [(symbol, x) for symbol, x, y in sorted(_glyphs(picture), key=lambda g: g[1])
           if not any(left < x < left + DIE and top < y < top + DIE for left, top in _dice(picture))
           and abs(y - crosses[0][1] - 7) < 1]
    assert [symbol for symbol, _ in row] == ["self-hit", "intercept", "hit", "hit",
                                             "building hit"]
    crossed = [symbol for symbol, x in row if any(0 < cx - x < 20 for cx, _ in crosses)]
    assert crossed == ["self-hit", "hit", "building hit"]
    # Every piece hit is drawn hollow and dashed, as damaged pieces are on the map.
    hollow = [e for e, a in _chg(picture) if e.tag == f"{NS}path"
              and a.get("stroke-dasharray") == "2 1.5"]
    assert len(hollow) == 5 + 2, "the pieces hit and the key's two samples"


def test_the_trophies_taken_show_who_took_whose_pieces() -> None:
    state, previous = _battle()
    taken = trophies_taken(state, previous)
    assert taken == [("Red", "Blue", "ships", 1), ("Red", "Blue", "cities", 1),
                     ("Red", "Blue", "agents", 1), ("Red", "Green", "agents", 2),
                     ("Blue", "Red", "ships", 1)]
    picture = draw_map(state, previous)
    words = _words(picture)
    label = next(y for w, _, y in words if w == "Trophies")
    row = [w for w, x, y in sorted(words, key=lambda w: w[1]) if abs(y - label) < 4]
    assert row == ["Trophies", "Red:", "B", "B", "B", "G", "2", "Blue:", "R"]
    # Without the state before, the pieces the battle destroyed: no agents.
    assert trophies_taken(state, None) == [("Red", "Blue", "ships", 1),
                                           ("Red", "Blue", "cities", 1),
                                           ("Blue", "Red", "ships", 1)]


def test_the_text_alternative_tells_the_battle_after_the_changes() -> None:
    state, previous = _battle()
    title = _svg(draw_map(state, previous))[0].text or ""
    changes = title.index("Changed by this step: 5 Moon and the Court card Mining Interest.")
    assert title.index(" Battle at 5 Moon: Red attacks Blue.") > changes
    assert title.endswith(
        "Battle at 5 Moon: Red attacks Blue. Rolled: 1 assault die (hit + hit + self-hit) "
        "and 2 raid dice (intercept, building hit + key). Hits: a self-hit destroys Red's "
        "damaged ship; an intercept damages Red's ship; a hit damages Blue's ship; a hit "
        "destroys Blue's damaged ship; a building hit destroys Blue's damaged city. Trophies: "
        "Red takes Blue's ship, Blue's city, Blue's agent and Green's 2 agents; Blue takes "
        "Red's ship. Outrage: Red Provokes Relic Outrage: discards nothing; an agent covers "
        "the Relic Outrage icon. Stolen: the Material in slot 2. Ransacked: Farseers.")
    # A later step showing this picture drops its changes, and with them the battle.
    assert "Battle" not in re.sub(r" Changed by this step: [\s\S]*$", "", title)


def test_a_battle_picture_stays_small_and_the_same() -> None:
    state, previous = _battle()
    picture = Arcs().picture(state, previous)
    assert picture == Arcs().picture(state, previous)
    # With the Court, every symbol, both marks and every row of the panel: the most it adds.
    # The systems' names (about 900 characters) are in the board, written once a walkthrough.
    assert len(picture) < 10800
    assert len(picture) - len(Arcs().picture(state.with_(battle=None), previous)) < 4100


def test_alike_hits_in_a_row_are_drawn_once_and_counted() -> None:
    state, _ = _battle()
    report = BattleReport("5 Moon", "Red", "Blue", (Roll("assault", ("hit", "hit")),) * 3,
                          (Hit("hit", "Blue", "ship", False),) * 6)
    picture = draw_map(state.with_(battle=report), state)
    assert "\u00d76" in [w for w, *_ in _words(picture)]
    assert "Hits: 6 hits damage Blue's ships." in summary(state.with_(battle=report), state)


def test_a_battle_without_dice_says_so() -> None:
    state, _ = _battle()
    report = BattleReport("5 Moon", "Red", "Blue", ())
    picture = draw_map(state.with_(battle=report), state)
    assert "No dice rolled" in [w for w, *_ in _words(picture)]
    assert _dice(picture) == [] and _glyphs(picture) == []


def test_hostile_names_in_a_battle_are_escaped() -> None:
    state = _hostile_state()
    attacker, defender = HOSTILE[0], HOSTILE[2]
    report = BattleReport(
        "2 Moon", attacker, defender, (Roll("assault", ("hit", "self-hit")),),
        (Hit("self-hit", attacker, "ship", False), Hit("hit", defender, "ship", True)),
        stolen=("<b>card</b>",), ransacked=("Farseers",))
    trophies = {attacker: {defender: {"ships": 1}}}
    after = state.with_(battle=report, trophies=trophies)
    picture = draw_map(after, state)
    assert picture.isascii() and "<script" not in picture and "<b>" not in picture
    root = _svg(picture)
    title = root[0].text or ""
    assert f'Battle at 2 Moon: {attacker} attacks Ctrl\ufffd\ufffd\ufffdend' in title
    assert f"Trophies: {attacker} takes Ctrl\ufffd\ufffd\ufffdend's ship" in title
    assert "Stolen: <b>card</b>" in title
    said = [w for w, *_ in _words(picture)]
    assert '<script>ale\u2026:' in said, "the holder's name, shortened"
    assert trophies_taken(after, state) == [(attacker, defender, "ships", 1)]
