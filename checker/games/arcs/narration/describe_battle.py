"""The battle just fought and each player's Outrage as labelled rows for people (9)."""

from __future__ import annotations

from checker.games.arcs.battle.dice import face_text
from checker.games.arcs.common import listed
from checker.games.arcs.parts.battle_report import BattleReport
from checker.games.arcs.state import State
from checker.games.arcs.table.player_board import NAMES
from checker.games.arcs.table.supply import placeholders


def describe_battle(state: State) -> dict[str, str]:
    rows: dict[str, str] = {}
    outraged = []
    for player in state.players:
        if state.outraged[player]:
            types = ", ".join(NAMES[r] for r in sorted(state.outraged[player]))
            covered = placeholders(state, player)
            outraged.append(f"{player}: {types}" + (f" ({covered} under a placeholder)"
                                                     if covered else ""))
    if outraged:
        rows["Outrage"] = "; ".join(outraged)
    if state.battle is not None:
        rows["Battle"] = _battle(state.battle)
    return rows


def _battle(report: BattleReport) -> str:
    text = f"{report.attacker} attacked {report.defender} at {report.system}; rolled "
    rolls = [f"{roll.die} {face_text(roll.face)}" for roll in report.rolls]
    text += listed(rolls) if rolls else "no dice"
    if report.hits:
        text += "; hits: " + ", ".join(
            f"{hit.owner}'s {hit.piece} {'destroyed' if hit.destroyed else 'damaged'}"
            for hit in report.hits)
    if report.ransacked:
        text += f"; Ransacked {listed(report.ransacked)}"
    if report.stolen:
        text += f"; stole {listed(report.stolen)}"
    return text
