"""The Arcs state in rows, as the walkthrough shows it beside each step: the Trophies held, the
clusters out of play, one row per system with pieces (who controls it) and each player's board
and supply once there is a map; a chapter's end without a map shows none of them."""

from __future__ import annotations

from repo_games import GAMES

from checker.engine import run
from checker.games.arcs.state import State
from checker.runner import load_file


def _state(setup: str) -> State:
    text = f"id: arcs-rows\ntitle: Rows\ngame: arcs\nsetup:\n{setup}\nexpect: {{game_over: false}}\n"
    loaded = load_file("rows.yaml", text, GAMES)
    assert loaded.scenarios, [str(p) for p in loaded.problems]
    return run(loaded.scenarios[0], GAMES["arcs"]).initial


def _rows(setup: str) -> dict[str, str]:
    return GAMES["arcs"].describe(_state(setup))


def test_the_trophies_row_names_each_holder_s_pieces_by_owner() -> None:
    rows = _rows("  players: [Red, Blue, Green]\n  trophies:\n"
                 "    Red: {Blue: {ships: 2, cities: 1}, Green: {ships: 0}}\n"
                 "    Blue: {Green: {ships: 0}}\n"
                 "    Green: {Red: {ships: 1}}")
    # Counts of 0 are left out, and so is a holder with nothing left to show.
    assert rows["Trophies"] == "Red: 2 Blue ships, 1 Blue city; Green: 1 Red ship"


def test_nobody_holding_trophies_reads_none() -> None:
    assert _rows("  players: [Red, Blue, Green]")["Trophies"] == "none"


def test_a_chapter_end_without_a_map_shows_no_map_and_no_boards() -> None:
    rows = _rows("  players: [Red, Blue, Green]\n  ambitions: {Tycoon: [5/3]}")
    assert not [row for row in rows if row.endswith("'s board") or row[0].isdigit()]
    assert "Out of play" not in rows


def test_ships_alone_make_a_map_with_boards_and_control() -> None:
    rows = _rows("  players: [Red, Blue]\n  setup_card: 2 Player Homelands\n"
                 "  ships: {2 Moon: {Red: 2, Blue: 1}}\n  damaged_ships: {2 Moon: {Blue: 2}}")
    assert rows["Out of play"] == "clusters 1 and 4"
    assert rows["2 Moon"] == "Red 2 fresh ships; Blue 1 fresh ship and 2 damaged ships" \
        " — Red controls"
    assert rows["Red's board"].endswith("; supply 13 ships, 5 starports, 10 agents")
    assert rows["Blue's board"].endswith("; supply 12 ships, 5 starports, 10 agents")
    assert [row for row in rows if row[0].isdigit()] == ["2 Moon"]


def test_buildings_alone_make_a_map_and_a_system_nobody_controls() -> None:
    rows = _rows("  players: [Red, Blue, Green, Yellow]\n  setup_card: 4 Player Frontiers\n"
                 "  buildings: {4 Arrow: [Red starport, Blue damaged starport]}")
    assert rows["Out of play"] == "cluster 5"
    assert rows["4 Arrow"] == "Red's starport; Blue's damaged starport"
    assert rows["Green's board"].startswith("resources ")


def test_the_court_rows_show_the_row_the_deck_and_the_guild_cards_secured() -> None:
    assert "Court" not in _rows("  players: [Red, Blue, Green]")
    rows = _rows("  players: [Red, Blue, Green]\n  court_deck: [Farseers]")
    assert (rows["Court"], rows["Court deck"]) == ("empty", "1 card left")
    rows = _rows("  players: [Red, Blue, Green]\n  court: [Farseers, Gatekeepers]\n"
                 "  court_agents: {Farseers: {Red: 2, Green: 1}}\n"
                 "  guild_cards_held: {Blue: [Relic Fence]}")
    assert rows["Court"] == "Farseers (Red 2, Green 1); Gatekeepers"
    assert rows["Court deck"] == "0 cards left"
    assert rows["Guild cards secured"] == "Blue: Relic Fence"
