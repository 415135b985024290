"""The Arcs scenarios guard the board, card play and the standard actions: each mutation below
codes one rule wrong, and some scenario must then fail. The scenarios and pages must also
count at least what the issue asked for."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from repo_games import GAMES

from checker.games.arcs.actions import build, court_actions, gaining, move, tax
from checker.games.arcs.parts import board, cards
from checker.games.arcs.parts.board import SYSTEMS
from checker.games.arcs.parts.pieces import Fleet
from checker.games.arcs.play import card_play, declaring
from checker.games.arcs.table import control, map_vocabulary, player_board
from checker.runner import check_paths

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios" / "arcs"
PAGES = ("the-board.md", "playing-cards.md", "standard-actions.md")

original_controller = control.controller
original_stops = move._stops
original_neighbours = board.neighbours


def _tie_goes_to_the_first(state: Any, system: str) -> str | None:
    """6.8 coded wrong: on a tie the first player listed controls."""
    fresh = {p: f.fresh for p, f in state.ships.get(system, {}).items() if f.fresh}
    return max(fresh, key=lambda p: fresh[p]) if fresh else None


def _damaged_ships_count(state: Any, system: str) -> str | None:
    """6.8 coded wrong: damaged ships count for control."""
    ships = {p: f.total for p, f in state.ships.get(system, {}).items()}
    best = max(ships.values(), default=0)
    top = [p for p, n in ships.items() if n == best]
    return top[0] if best and len(top) == 1 else None


def _no_path_marker(out: frozenset[int]) -> dict[str, frozenset[str]]:
    """6.4c coded wrong: the gates beside an out-of-play gate are not joined."""
    near = original_neighbours(frozenset())
    keep = {s for s in near if SYSTEMS[s].cluster not in out}
    return {s: frozenset(n for n in near[s] if n in keep) for s in keep}


def _no_cross_borders(out: frozenset[int]) -> dict[str, frozenset[str]]:
    """6.3d coded wrong: no planet touches a planet of another cluster."""
    near = original_neighbours(out)
    return {s: frozenset(n for n in others if SYSTEMS[n].cluster == SYSTEMS[s].cluster
                         or SYSTEMS[n].is_gate and SYSTEMS[s].is_gate)
            for s, others in near.items()}


def _enter_out_of_play(state: Any, player: str, previous: str, system: str) -> None:
    """6.4b coded wrong: out-of-play systems can be entered across their borders."""
    if not board.adjacent(previous, system, frozenset()):
        original_step_into(state, player, previous, system)


original_step_into = move._step_into


def _through_planets(state: Any, player: str, system: str) -> tuple[str, str]:
    """8.3b coded wrong: Catapult moves go on through planets."""
    return ("", "") if not SYSTEMS[system].is_gate else original_stops(state, player, system)


def _through_rival_gates(state: Any, player: str, system: str) -> tuple[str, str]:
    """8.3b/8.3c coded wrong: a gate a Rival controls does not stop Catapult moves."""
    return ("", "") if SYSTEMS[system].is_gate else original_stops(state, player, system)


def _any_starport(state: Any, player: str, origin: str) -> Any:
    """8.3d coded wrong: a Rival starport gives Catapult moves too."""
    from checker.games.arcs.common import cite
    return cite("8.3a", "Catapult moves.")


def _refill_from_the_bottom(state: Any, index: int) -> Any:
    """8.6d coded wrong: the Court is refilled from the bottom of the deck."""
    if not state.court_deck:
        return state, []
    deck = state.court_deck
    spot = court_actions.CourtSpot(deck[-1])
    return state.with_(court=state.court[:index] + (spot,) + state.court[index + 1:],
                       court_deck=deck[:-1]), []


Patch = tuple[Any, str, Any]
MUTATIONS: dict[str, list[Patch]] = {
    "6.3d no planet borders between clusters": [(board, "neighbours", _no_cross_borders),
                                                (map_vocabulary, "neighbours", _no_cross_borders)],
    "6.4b out-of-play systems can be entered": [(move, "_step_into", _enter_out_of_play)],
    "6.4c no path marker": [(board, "neighbours", _no_path_marker),
                            (map_vocabulary, "neighbours", _no_path_marker)],
    "6.8 a tie goes to the first player": [(control, "controller", _tie_goes_to_the_first),
                                           (tax, "controller", _tie_goes_to_the_first)],
    "6.8 damaged ships count": [(control, "controller", _damaged_ships_count),
                                (tax, "controller", _damaged_ships_count)],
    "6.10 four cities leave four slots open": [(player_board, "OPEN_SLOTS",
                                                {5: 2, 4: 4, 3: 4, 2: 6, 1: 6, 0: 6})],
    "6.11b full slots take one more": [(gaining, "open_slots", lambda state, player: 6)],
    "7.2 Administration 3 has 4 pips": [(cards, "PIPS", {**cards.PIPS, "Administration":
                                                         (4, 4, 4, 3, 3, 2, 1)})],
    "7.4 Mobilization repairs": [(card_play, "SUIT_ACTIONS", {
        **cards.SUIT_ACTIONS, "Mobilization": ("move", "influence", "repair")})],
    "7.6a a 4 allows any ambition": [(declaring, "CARD_AMBITION",
                                      {**cards.CARD_AMBITION, 4: "any"})],
    "7.6b no zero marker": [(card_play, "lead_number", lambda current: current.lead.number)],
    "8.1c taxing a Rival captures nothing": [(tax, "_capture", lambda s, p, o: (s, []))],
    "8.1d a city can be taxed twice a turn": [(tax, "untaxed_cities",
                                               lambda turn, system, cities: cities)],
    "8.2b a city does not leave the board": [(build, "_city_from_board", lambda s, p: (s, []))],
    "8.2d a starport builds two ships a turn": [(build, "idle_starports",
                                                 lambda turn, system, ports: ports)],
    "8.2e nothing is built damaged": [(build, "_damaged", lambda s, system, p: (False, []))],
    "8.3b Catapult moves go through planets": [(move, "_stops", _through_planets)],
    "8.3c Rival gates do not stop Catapult moves": [(move, "_stops", _through_rival_gates)],
    "8.3d Catapult from a Rival starport": [(move, "_catapult", _any_starport)],
    "8.6a a tie secures": [(court_actions, "outnumbers", lambda mine, best: mine >= best)],
    "8.6d the Court is refilled from the bottom": [(court_actions, "_refill",
                                                    _refill_from_the_bottom)],
}


@pytest.fixture(autouse=True)
def _fresh_adjacency() -> Iterator[None]:
    board.neighbours.cache_clear()
    yield
    board.neighbours.cache_clear()


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_a_rule_coded_wrong_fails_a_scenario(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for target, attribute, wrong in MUTATIONS[name]:
        monkeypatch.setattr(target, attribute, wrong)
    report = check_paths([SCENARIOS], GAMES)
    assert report.failed > 0, f"no scenario notices: {name}"


def test_the_scenarios_as_they_are_pass() -> None:
    report = check_paths([SCENARIOS, ROOT / "docs" / "arcs"], GAMES)
    assert report.failed == 0


def test_enough_scenarios_and_embedded_examples() -> None:
    board_scenarios = [p for p in SCENARIOS.glob("*.yaml")
                       if re.search(r"arcs:[678]\.", p.read_text(encoding="utf-8"))]
    assert len(board_scenarios) >= 45
    embedded = sum(len(re.findall(r"^\[\[scenario:", (ROOT / "docs" / "arcs" / page)
                                  .read_text(encoding="utf-8"), re.MULTILINE))
                   for page in PAGES)
    assert embedded >= 15


def test_a_fleet_adds_up() -> None:
    assert Fleet(2, 1).plus(fresh=-1, damaged=1) == Fleet(1, 2)
