"""The starting state of a TI3 scenario: a position in some round and phase."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.games.immutable import frozen
from checker.games.ti3.common import refuse
from checker.games.ti3.state import (
    IMPERIAL_II,
    STRATEGY_CARDS,
    AgeOfEmpire,
    Card,
    Counters,
    Gain,
    Kind,
    RoundPhase,
    State,
)
from checker.games.twilight.strategy import held_cards


def initial_state(data: Mapping[str, Any]) -> State:
    players: tuple[str, ...] = tuple(data["players"])
    phase = RoundPhase(data["phase"])
    cards = held_cards(data.get("strategy_cards", {}), STRATEGY_CARDS, "ti3:14.1")
    without = [p for p in players if p not in cards]
    if cards and without and phase is not RoundPhase.STRATEGY:
        refuse("14.1", f"every player holds a strategy card after the strategy phase; "
               f"{', '.join(without)} holds none")
    age, public = _public_objectives(data)
    gains = _gains(players, data, public)
    option = data["preliminary_objectives"]
    prelims = {p: _card(data.get("preliminary_objective", {}).get(p)) for p in players}
    secrets = {p: _card(data.get("secret_objective", {}).get(p)) for p in players}
    done = frozenset(data.get("preliminary_completed", ()))
    if not option and (any(prelims.values()) or done):
        refuse("4.1", "preliminary objectives are only in play when the game uses the preliminary "
               "objectives option")
    for player in players:
        if option and secrets[player] and player not in done:
            refuse("4.3", f"{player} holds a secret objective without having completed their "
                   "preliminary objective")
        if prelims[player] and player in done:
            refuse("4.1", f"{player} has completed their preliminary objective and still holds one")
    home_lost = frozenset(p for p, ok in data.get("home_control", {}).items() if not ok)
    if home_lost and phase is RoundPhase.STRATEGY and data["round"] == 1:
        refuse("3.4", f"the game begins with every player holding their home system; "
               f"{', '.join(sorted(home_lost))} cannot have lost a home planet before the "
               "first action phase")
    used = _cards_used(data.get("strategy_cards_used", ()), cards, phase)
    planets = {p: _planets(v) for p, v in data.get("planets", {}).items()}
    for player, names in data.get("exhausted", {}).items():
        unknown = [n for n in names if player in planets and n not in planets[player]]
        if unknown:
            refuse("7.1", f"{player} has {unknown[0]} exhausted but does not control it")
    state = State(
        players=players, speaker=data.get("speaker", players[0]), goal=data["victory_points_goal"],
        round=data["round"], phase=phase, status_done=0, claim_cursor=-1,
        strategy_cards=frozen(cards), gains=gains, public=frozen(public),
        secrets=frozen(secrets), preliminaries=frozen(prelims), preliminary_done=done,
        preliminary_option=option, home_lost=home_lost,
        claims_lost=frozen(_claims_lost(home_lost, phase, data["round"])),
        blockaded=frozenset(data.get("enemy_ships_at_home", ())), requirement=frozen({}),
        strategy_cards_used=used, counters=frozen(_counters(players, data)),
        gained_counters=frozen({}), largest_fleet=frozen(data.get("largest_fleet", {})),
        planets=frozen(planets), exhausted=frozen(data.get("exhausted", {})),
        damaged=frozen(data.get("damaged_units", {})),
        units=frozen({p: tuple(u) for p, u in data.get("units", {}).items()}),
        unit_reinforcements=frozen({}), action_hands=frozen(data.get("action_cards", {})),
        imperial_card=data["imperial_card"], age_of_empire=age, secondary=None,
        unlimited_publics=frozenset(), ended=None)
    if age is not None:
        _check_age_of_empire(state, age)
    for player in players:
        if state.points(player) >= state.goal:
            refuse("12.2", f"{player} starts on {state.points(player)} victory points, the last "
                   f"space of a {state.goal}-point track: the game would already be over")
    return state


def _claims_lost(home_lost: frozenset[str], phase: RoundPhase, round_: int) -> dict[str, int]:
    """Which round's claims a player without their home planets has lost (3.1): in the status
    phase, this round's; in the strategy phase, the last round's, as planets change hands in
    the action phase; in the action phase none, the planets being lost in this one."""
    if phase is RoundPhase.STATUS:
        return dict.fromkeys(home_lost, round_)
    if phase is RoundPhase.STRATEGY:  # never round 1 (3.4)
        return dict.fromkeys(home_lost, round_ - 1)
    return {}


def _public_objectives(data: Mapping[str, Any]) -> tuple[AgeOfEmpire | None, dict[str, int]]:
    """The face-up public objectives and their worth; with Age of Empire, the whole row (17.1),
    which Imperial II needs (16.1)."""
    given = data.get("age_of_empire")
    public = dict(data.get("public_objectives", {}))
    if given is None:
        if data["imperial_card"] == IMPERIAL_II:
            refuse("16.1", "Imperial II is played only with the Age of Empire option")
        return None, public
    if public:
        refuse("17.1", "with Age of Empire every public objective of the game lies in the row "
               "from the start; no other is face up")
    stage_i, stage_ii = given["stage_i"], given["stage_ii"]
    twice = sorted(set(stage_i) & set(stage_ii))
    if twice:
        refuse("17.1", f"{twice[0]} is in the row twice, as a stage I and a stage II objective")
    return AgeOfEmpire((*stage_i, *stage_ii), frozenset(stage_ii)), {**stage_i, **stage_ii}


def _check_age_of_empire(state: State, age: AgeOfEmpire) -> None:
    """The turn token has not reached Imperium Rex yet (17.3), and nobody claimed a stage II
    objective in an earlier round before round 4's status phase: not before round 5 (17.2)."""
    if state.round > age.last_round:
        refuse("17.3", f"with {len(age.row)} objectives in the row, the turn token reaches "
               f"Imperium Rex after the status phase of round {age.last_round}: the game is over "
               f"before round {state.round}")
    early = [g for g in state.gains if g.source in age.stage_ii]
    if early and state.round <= 4:
        refuse("17.2", f"{early[0].player} has claimed {early[0].source}, a stage II objective, "
               "before round 4's status phase: none can be claimed so early")


def _cards_used(given: Any, held: Mapping[str, tuple[str, ...]],
                phase: RoundPhase) -> frozenset[str]:
    """Strategy cards whose primary ability was used this round before the scenario (14.3)."""
    for card in given:
        if phase is RoundPhase.STRATEGY:
            refuse("14.3", f"strategy cards are used in the action phase; in the strategy phase "
                   f"{card} cannot have been used yet")
        if not any(card in cards for cards in held.values()):
            refuse("14.3", f"only the holder of {card} uses its primary ability, and nobody "
                   "holds it")
    return frozenset(given)


def _card(given: Any) -> Card | None:
    return Card(given["card"], given["points"]) if given else None


def _planets(given: Any) -> tuple[str, ...]:
    if isinstance(given, int):
        return tuple(f"planet {i}" for i in range(1, given + 1))
    return tuple(given)


def _gains(players: tuple[str, ...], data: Mapping[str, Any],
           public: Mapping[str, int]) -> tuple[Gain, ...]:
    gains: list[Gain] = []
    claimed, stated = data.get("claimed", {}), data.get("points", {})
    for player in players:
        worth = 0
        for name in claimed.get(player, ()):
            if name not in public:
                refuse("2.3", f"{player} claimed {name}, which is not among the face-up public "
                       "objectives")
            gains.append(Gain(player, public[name], name, "setup", Kind.PUBLIC))
            worth += public[name]
        total = stated.get(player, worth)
        if total < worth:
            refuse("2.8", f"{player}'s claimed objectives are worth {worth} victory points, but "
                   f"the setup gives them {total}")
        if total > worth:
            gains.append(Gain(player, total - worth, "points before the scenario", "setup"))
    return tuple(gains)


def _counters(players: tuple[str, ...], data: Mapping[str, Any]) -> dict[str, Counters]:
    start, stated = Counters(), data.get("command_counters", {})
    out = {}
    for player in players:
        given = stated.get(player) or {}
        out[player] = Counters(given.get("strategy", start.strategy),
                               given.get("command", start.command),
                               given.get("fleet", start.fleet), given.get("board", start.board),
                               given.get("reinforcements", start.reinforcements))
    return out
