"""The battle scenarios guard the battle rules: each mutation below codes one rule of section 9
wrong, and some scenario must then fail. The scenarios and the page must also count at least
what the issue asked for."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from repo_games import GAMES

from checker.games.arcs.actions import outrage as provoking
from checker.games.arcs.actions import stealing, vox
from checker.games.arcs.battle import battle, dice, hits, outrage, raid, rifles
from checker.games.arcs.battle.dice import canonical
from checker.games.arcs.parts.battle_report import HIT
from checker.games.arcs.table import supply
from checker.runner import check_paths

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios" / "arcs"
PAGE = ROOT / "docs" / "arcs" / "battle.md"

def _no_defender_check(state: Any, attacker: str, system: str, defender: str) -> Any:
    """9.3 coded wrong: any player, even one with no piece there, defends."""
    from checker.games.arcs.common import cite
    return cite("9.3", f"{defender} defends.")


def _no_system_check(state: Any, attacker: str, system: str) -> Any:
    """9.2 coded wrong: a system without Loyal ships is a battle system."""
    from checker.games.arcs.common import cite
    return cite("9.2", f"{attacker} battles at {system}.")


def _agents_become_captives(state: Any, holder: str, owner: str, kind: str,
                            number: int = 1) -> Any:
    """9.9e coded wrong: Ransacked agents become Captives, as in a Secure."""
    from checker.games.immutable import frozen, updated
    held = dict(state.captives.get(holder, {}))
    held[owner] = held.get(owner, 0) + number
    return state.with_(captives=updated(state.captives, holder, frozen(held)))


def _placed_ships_raid(state: Any, report: Any, items: Any, attacking_left: int) -> Any:
    """9.6e coded wrong: ships placed in the battle system after the hits (a Mass Uprising
    Ransacked) count as attacking ships left."""
    return original_raid(state, report, items, state.fleet(report.system, report.attacker).total)


def _outrages_first(state: Any, report: Any, hits: Any, ransack: Any) -> Any:
    """7.11 coded wrong: with several cities destroyed, every Outrage comes before every
    Ransack, instead of each city's two steps before the next city's."""
    named = [ransack] if isinstance(ransack, (str, dict)) else list(ransack or ())
    destroyed = [hit for hit in hits if hit.piece == "city" and hit.destroyed]
    resource = battle.SYSTEMS[report.system].resource
    for _ in destroyed:
        state, _events = provoking.provoke_outrage(state, report.attacker, resource)
    for item in named:
        choices = {"card": item} if isinstance(item, str) else item
        state, _events = outrage.ransack_court(state, report.attacker, report.defender, choices)
    return state, tuple(i if isinstance(i, str) else i["card"] for i in named), []


def _only_the_securer(state: Any, player: str, resource: Any) -> Any:
    """9.9h coded wrong: Outrage Spreads makes only the player who secured it Provoke
    Outrage."""
    if resource is None:
        return state, []
    return provoking.provoke_outrage(state, player, resource)


original_raid = battle._raid
original_take_card = outrage.take_card
Patch = tuple[Any, str, Any]
MUTATIONS: dict[str, list[Patch]] = {
    "9.2 a battle system without Loyal ships": [(battle, "_battle_system", _no_system_check)],
    "9.3 no defender needed": [(battle, "_defender", _no_defender_check)],
    "9.4a a die more than the ships": [(dice, "most_dice", lambda ships: ships + 1)],
    "9.4b seven dice of a type": [(dice, "DICE_OF_A_TYPE", 7)],
    "9.4c no raid-dice limit": [(dice, "raid_dice_allowed", lambda state, system, d: True)],
    "9.5a a skirmish face of two hits": [(dice, "DICE", {
        **dice.DICE, "skirmish": dice.DICE["skirmish"] + (canonical((HIT, HIT)),)})],
    "9.6b one intercept for each intercept rolled": [(battle, "_intercept", lambda s, d, sy, n:
                                                      s.fleet(sy, d).fresh * n)],
    "9.6b damaged ships intercept": [(battle, "_intercept", lambda s, d, sy, n:
                                      s.fleet(sy, d).total if n else 0)],
    "9.6c hits land on buildings while ships are left": [(battle, "ships_first", lambda o, sy: (
        lambda state: hits.ships_of(o, sy)(state) + hits.buildings_of(o, sy)(state)))],
    "9.6d building hits land on ships": [(battle, "buildings_of", hits.ships_first)],
    "9.8 no Trophies": [(hits, "take_trophy", lambda state, *args, **kw: state)],
    "9.9a Outrage discards nothing": [(outrage, "provoke_outrage",
                                       lambda state, player, resource: (state, []))],
    "9.9b the Loyal cards are discarded too": [(provoking, "KEEP", ())],
    "9.9c no placeholder: the agent is owed": [(supply, "agents_on_outrage",
                                               lambda state, player, free:
                                               len(state.outraged[player]))],
    "9.9e Ransacked agents become Captives": [(outrage, "take_trophy",
                                               _agents_become_captives)],
    "9.9e a Ransacked Vox card takes no choice": [(outrage, "take_card",
                                                   lambda state, player, index, args:
                                                   original_take_card(state, player, index,
                                                                      {}))],
    "9.6e ships placed after the hits raid": [(battle, "_raid", _placed_ships_raid)],
    "7.11 every Outrage before every Ransack": [(battle, "_cities", _outrages_first)],
    "9.9h Outrage Spreads spares the other players": [(vox, "_outrage_spreads",
                                                       _only_the_securer)],
    "9.11 the Rifles fire at any system": [(rifles, "adjacent", lambda a, b, out: True)],
    "9.11a a city the Rifles destroy brings nothing": [
        (rifles, "destroy_cities", lambda state, *args: (state, (), []))],
    "9.10a every slot costs one key": [(raid, "SLOT_RAID_COST", (1, 1, 1, 1, 1, 1))],
    "9.10b every Guild card costs two keys": [(raid, "raid_cost", lambda card: 2)],
    "9.10c a stolen resource is not gained": [(stealing, "receive",
                                               lambda state, player, resource, discard:
                                               (state, []))],
    "9.10e Sworn Guardians guards nothing": [(stealing, "SWORN_GUARDIANS", "Nobody")],
}


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_a_battle_rule_coded_wrong_fails_a_scenario(name: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    for target, attribute, wrong in MUTATIONS[name]:
        monkeypatch.setattr(target, attribute, wrong)
    report = check_paths([SCENARIOS], GAMES)
    assert report.failed > 0, f"no scenario notices: {name}"


def test_enough_battle_scenarios_and_embedded_examples() -> None:
    battles = [p for p in SCENARIOS.glob("*.yaml")
               if re.search(r"arcs:9\.", p.read_text(encoding="utf-8"))]
    assert len(battles) >= 35
    embedded = re.findall(r"^\[\[scenario:", PAGE.read_text(encoding="utf-8"), re.MULTILINE)
    assert len(embedded) >= 10


def test_the_dice_have_the_printed_faces() -> None:
    """Six faces a die; the totals the rulebook's dice show (hits, self-hits, intercepts,
    building hits, keys)."""
    totals = {die: [sum(face.count(s) for face in faces) for s in dice.SYMBOLS]
              for die, faces in dice.DICE.items()}
    assert all(len(faces) == 6 for faces in dice.DICE.values())
    assert totals == {"skirmish": [3, 0, 0, 0, 0], "assault": [7, 3, 1, 0, 0],
                      "raid": [0, 3, 2, 3, 4]}
