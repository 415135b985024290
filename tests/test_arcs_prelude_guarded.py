"""The Prelude scenarios guard the rules of section 10: each mutation below codes one of them
wrong, and some Prelude scenario must then fail."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from repo_games import GAMES

from checker.games.arcs.actions import court_actions, prelude_spending
from checker.games.arcs.parts.cards import SUIT_ACTIONS
from checker.games.arcs.parts.rounds import Turn
from checker.games.arcs.play import round_end
from checker.games.arcs.play.card_play import seize_initiative
from checker.games.arcs.prelude import guild_goods, guild_prelude, guild_ships, prelude_step
from checker.games.arcs.table import supply
from checker.games.immutable import updated
from checker.runner import check_paths

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios" / "arcs").glob("prelude-*.yaml"))


def _not_a_prelude_action(state: Any, turn: Any, slot: int) -> Any:
    """10.1a coded wrong: a resource spent leaves the declaration and the seizure open."""
    state, turn, resource = original_spend_token(state, turn, slot)
    turn = replace(turn, preluded=False)
    return state.with_(round=replace(state.round, turn=turn)), turn, resource


def _outrage_ignored(state: Any, turn: Any, resource: str) -> Any:
    """10.4 coded wrong: an Outraged resource still takes its Prelude action."""
    return [(resource, None)] + [w for w in original_ways(state, turn, resource)
                                 if w[0] != resource]


def _fence_again(state: Any, turn: Any, args: Any) -> Any:
    """10.8c coded wrong: Relic Fence as often as one likes."""
    return original_fence(state, replace(turn, used=()), args)


def _spies_always(state: Any, turn: Any, card: str, args: Any) -> Any:
    """10.11 coded wrong: Lattice Spies seizes even for the initiative holder."""
    return seize_initiative(state, turn.player), []


def _farseers_even(state: Any, turn: Any, card: str, args: Any) -> Any:
    """10.12 coded wrong: Farseers itself is not counted in the cards drawn."""
    return state.with_(hands=updated(state.hands, turn.player, state.hands[turn.player])), []


original_fence = guild_goods.relic_fence
original_spend_token = prelude_spending.spend_token
original_ways = prelude_spending.ways
EVERY_ACTION = tuple(dict.fromkeys(a for actions in SUIT_ACTIONS.values() for a in actions))

Patch = tuple[Any, str, Any]
MUTATIONS: dict[str, list[Patch]] = {
    "10.1a a Prelude action before declaring": [
        (prelude_spending, "spend_token", _not_a_prelude_action)],
    "10.1b the Prelude lasts the whole turn": [
        (Turn, "in_prelude", property(lambda self: not self.ended))],
    "10.2a Material also moves": [(prelude_spending, "OWN_ACTIONS", {
        **prelude_spending.OWN_ACTIONS, "material": ("build", "repair", "move")})],
    "10.2b Fuel also builds": [(prelude_spending, "OWN_ACTIONS", {
        **prelude_spending.OWN_ACTIONS, "fuel": ("move", "build")})],
    "10.2c a Weapon battles by itself": [(prelude_spending, "OWN_ACTIONS", {
        **prelude_spending.OWN_ACTIONS, "weapons": ("battle",)})],
    "10.2c a Weapon lets nothing battle": [
        (prelude_step, "_arm", lambda state, said, rule: (state, []))],
    "10.2d Relics also influence": [(prelude_spending, "OWN_ACTIONS", {
        **prelude_spending.OWN_ACTIONS, "relics": ("secure", "influence")})],
    "10.2e Psionics take any action": [
        (prelude_spending, "actions_as", lambda state, kind: EVERY_ACTION if kind == "psionics"
         else prelude_spending.OWN_ACTIONS[kind])],
    "10.3 spent resources are back at once": [(supply, "spent_in_prelude", lambda state: ())],
    "10.4 Outrage stops nothing": [(prelude_spending, "ways", _outrage_ignored)],
    "10.5 no Loyal card helps": [(prelude_spending, "LOYAL", {})],
    "10.6 a card secured in the Prelude is used at once": [
        (court_actions, "_secured_this_turn", lambda state, player, card: state)],
    "10.6 a card used is kept": [(guild_prelude, "KEPT", tuple(guild_prelude.ABILITIES))],
    "10.7 ships where nobody controls": [(guild_ships, "controller", lambda state, s: "Red")],
    "10.7 Gatekeepers ignores the supply": [(guild_ships, "ships_in_supply",
                                             lambda state, player: 15)],
    "10.8a Elder Broker brings no Weapon": [(guild_goods, "BROKERED", ("material", "fuel"))],
    "10.8b Interests never steal": [(guild_goods, "resources_in_supply",
                                     lambda state, resource: 5)],
    "10.8c Relic Fence more than once a turn": [(guild_goods, "relic_fence", _fence_again)],
    "10.9 a Cartel steals anything": [(guild_goods, "CARTELS", {
        "Material Cartel": None, "Fuel Cartel": None})],
    "10.10 a Union gives nothing back": [(round_end, "_unions",
                                          lambda state, unions: (state, []))],
    "10.10 a Union beside any card": [(guild_prelude, "UNIONS", {
        name: "Construction" for name in guild_prelude.UNIONS})],
    "10.11 Lattice Spies after other Prelude actions": [
        (guild_prelude, "LATTICE_SPIES", "no card")],
    "10.11 Lattice Spies seizes for the holder": [
        (guild_prelude, "ABILITIES", {**guild_prelude.ABILITIES, "Lattice Spies": (
            _spies_always, frozenset())})],
    "10.12 Farseers draws one card too few": [
        (guild_prelude, "ABILITIES", {**guild_prelude.ABILITIES, "Farseers": (
            _farseers_even, frozenset({"cards"}))})],
}


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_a_prelude_rule_coded_wrong_fails_a_scenario(name: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    for target, attribute, wrong in MUTATIONS[name]:
        monkeypatch.setattr(target, attribute, wrong)
    report = check_paths(SCENARIOS, GAMES)
    assert report.failed > 0, f"no scenario notices: {name}"


def test_the_prelude_scenarios_pass() -> None:
    report = check_paths(SCENARIOS, GAMES)
    assert (report.failed, report.passed) == (0, len(SCENARIOS))
