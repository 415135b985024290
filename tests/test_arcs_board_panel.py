"""A step that changes player boards outside a battle shows them under the map: a Prelude
action (the token spent struck through in its marked slot, what was spent, the Guild cards
gained and gone) and an Outrage a card provokes (each player's agent or placeholder); a step
after the Prelude, or one that changed no board, shows no such panel."""

from __future__ import annotations

import html
import re
from pathlib import Path

from repo_games import GAMES

from checker.engine import Run
from checker.runner import check_scenario, read_file

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios" / "arcs"
PANEL = "Player boards"


def _run(name: str) -> Run:
    scenario = read_file(SCENARIOS / f"{name}.yaml", GAMES).scenarios[0]
    done = check_scenario(scenario, GAMES).run
    assert done is not None
    return done


def _pictures(done: Run) -> dict[int, str]:
    """The picture each step that was taken draws (a refused step draws none)."""
    drawn, before = {}, done.initial
    for record in done.records:
        if record.violation is None:
            drawn[record.step.index] = done.ruleset.picture(record.state, before)
            before = record.state
    return drawn


def _title(svg: str) -> str:
    found = re.search(r"<title>(.*?)</title>", svg, re.DOTALL)
    assert found is not None
    return html.unescape(found.group(1))


def test_a_weapon_spent_draws_the_board_though_no_piece_moved() -> None:
    pictures = _pictures(_run("prelude-weapons"))
    spent = pictures[6]
    assert PANEL in spent and "Changed by this step: no piece" in _title(spent)
    assert "Blue's board: empty, Psionic, Fuel; spent in the Prelude: Weapon" in _title(spent)
    # The Weapon's slot is marked and the token struck through in it.
    assert spent.count('stroke-dasharray="4 2"') == 1 and ">Wpn<" in spent
    # The battle with the pip comes after the Prelude: its picture shows no board.
    assert PANEL not in pictures[8]


def test_guild_cards_gained_and_gone_show_on_the_board() -> None:
    pictures = _pictures(_run("prelude-guild-cards"))
    stolen = _title(pictures[6])
    assert "Red's board" in stolen
    assert "Guild cards gained: Skirmishers" in stolen
    assert "Guild cards gone: Silver-Tongues" in stolen
    assert "Guild cards gone: Skirmishers" in stolen


def test_an_outrage_a_card_provokes_shows_every_player_it_reached() -> None:
    pictures = _pictures(_run("secure-outrage-spreads"))
    said = _title(pictures[3])
    assert "Red's board: empty, Material, empty; Fuel Outraged, an agent on the icon" in said
    assert "Guild cards gone: Fuel Cartel" in said
    assert "Green's board: empty, empty, empty; Fuel Outraged, a placeholder on the icon" in said
    assert "Fuel Outrage icon covered by a placeholder" in pictures[3]


def test_a_step_that_changed_no_board_shows_none() -> None:
    pictures = _pictures(_run("prelude-resource-actions"))
    assert PANEL not in pictures[1]
    assert all(PANEL in pictures[n] for n in (4, 5, 6, 7))
