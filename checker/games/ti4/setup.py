"""The starting state of a TI4 scenario: from game setup, or from a position mid-game."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from checker.games.immutable import frozen
from checker.games.ti4.cards import ObjectiveType
from checker.games.ti4.common import refuse
from checker.games.ti4.objectives import BY_NAME
from checker.games.ti4.state import STRATEGY_CARDS, CommandTokens, Gain, RoundPhase, State
from checker.games.twilight.strategy import held_cards

TOTAL_COMMAND_TOKENS = 16
PER_STAGE = 5


def initial_state(data: Mapping[str, Any]) -> State:
    players: tuple[str, ...] = tuple(data["players"])
    speaker = data.get("speaker", players[0])
    phase = RoundPhase(data["phase"])
    new_game = data["new_game"]
    if new_game:
        phase = RoundPhase.STRATEGY
    cards = held_cards(data.get("strategy_cards", {}), STRATEGY_CARDS, "ti4:84.1")
    without = [p for p in players if p not in cards]
    if cards and without and phase in (RoundPhase.ACTION, RoundPhase.STATUS):
        refuse("84.1", f"every player holds a strategy card in the action and status phases; "
               f"{', '.join(without)} holds none")
    if cards and phase is RoundPhase.AGENDA:
        refuse("81.8", "strategy cards go back to the common play area at the end of the status "
               f"phase, before the agenda phase; nobody holds one now, yet {', '.join(cards)} "
               f"{'is' if len(cards) == 1 else 'are'} given some")
    gains = _gains(players, data)
    revealed, facedown_i, facedown_ii = _public_objectives(data, new_game)
    secrets = {p: tuple(data.get("secret_objectives", {}).get(p, ())) for p in players}
    _check_secrets(players, secrets, gains, new_game)
    _check_scored_publics(gains, revealed)
    window_kind = {RoundPhase.STATUS: "status", RoundPhase.AGENDA: "agenda"}.get(phase, "between")
    active = data.get("active_player")
    if active is not None and phase is not RoundPhase.ACTION:
        refuse("40.2", "there is an active player only in the action phase")
    if active is not None:
        window_kind = "turn"
    state = State(
        players=players, speaker=speaker, goal=data["victory_points_goal"], round=data["round"],
        phase=phase, status_done=0, status_cursor=-1, strategy_cards=frozen(cards),
        naalu_token=data.get("naalu_token"), gains=gains, revealed=revealed,
        facedown_i=facedown_i, facedown_ii=facedown_ii, secrets=frozen(secrets),
        shown_secrets=frozen({}),
        home_lost=frozenset(p for p, ok in data.get("home_control", {}).items() if not ok),
        requirement=MappingProxyType({}), window=f"{window_kind}:0", window_kind=window_kind, counter=0,
        window_step="",
        active=active, destroyed=(), combats=(), tokens=frozen(_tokens(players, data)),
        largest_fleet=frozen(data.get("largest_fleet", {})), ships_removed=frozen({}),
        action_deck=data.get("action_cards", {}).get("deck"),
        action_discard=data.get("action_cards", {}).get("discard", 0),
        action_hands=frozen(data.get("action_cards", {}).get("hands", {})),
        exhausted=frozen(data.get("exhausted", {})), damaged=frozen(data.get("damaged_units", {})),
        custodians_removed=data["custodians_token"] == "removed",
        spendable=frozen({p: frozen(v) for p, v in data.get("spendable", {}).items()}),
        imperial_secondary=None, shard=data.get("shard_of_the_throne"),
        supports=frozen(data.get("support_for_the_throne", {})), discarded_laws=frozenset(),
        pending_return=None, ended=None)
    _check_point_cards(state)
    for player in players:
        if state.points(player) > state.goal:
            refuse("98.4a", f"{player} starts with {state.points(player)} victory points, more "
                   f"than the goal of {state.goal}")
        if state.points(player) == state.goal:
            refuse("98.7", f"{player} starts on {state.goal} victory points: the game would "
                   "already be over")
    if new_game:
        state = state.with_(revealed=facedown_i[:2], facedown_i=facedown_i[2:])
    return state


def _gains(players: tuple[str, ...], data: Mapping[str, Any]) -> tuple[Gain, ...]:
    gains: list[Gain] = []
    scored = data.get("scored", {})
    stated = data.get("points", {})
    for player in players:
        worth = 0
        for name in scored.get(player, ()):
            card = BY_NAME[name]
            gains.append(Gain(player, card.points, name, "setup", name, card.public))
            worth += card.points
        total = stated.get(player, worth)
        if total < worth:
            refuse("61.2", f"{player}'s scored objectives are worth {worth} victory points, "
                   f"but the setup gives them {total}")
        if total > worth:
            gains.append(Gain(player, total - worth, "points before the scenario", "setup"))
    return tuple(gains)


def _public_objectives(data: Mapping[str, Any], new_game: bool
                       ) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    given = data.get("public_objectives", {})
    revealed = tuple(given.get("revealed", ()))
    added = tuple(given.get("added", ()))
    if new_game and (revealed or added):
        refuse("61.13a", "at setup the engine reveals the first two stage I objectives itself")
    revealed_i = [n for n in revealed if BY_NAME[n].type is ObjectiveType.STAGE_I]
    revealed_ii = [n for n in revealed if BY_NAME[n].type is ObjectiveType.STAGE_II]
    facedown_i = _deck(given.get("stage_i", PER_STAGE - len(revealed_i)), "I")
    facedown_ii = _deck(given.get("stage_ii", PER_STAGE - len(revealed_ii)), "II")
    for stage, shown, hidden in (("I", revealed_i, facedown_i), ("II", revealed_ii, facedown_ii)):
        if len(shown) + len(hidden) != PER_STAGE:
            refuse("61.13", f"a game has {PER_STAGE} stage {stage} objectives; this setup has "
                   f"{len(shown)} revealed and {len(hidden)} facedown")
    named = [n for n in revealed + added + facedown_i + facedown_ii if n in BY_NAME]
    if len(set(named)) != len(named):
        refuse("61.13", "an objective card is listed twice among the public objectives")
    if revealed_ii and facedown_i:
        refuse("61.14a", "a stage II objective is revealed while stage I objectives are facedown")
    return revealed + added, facedown_i, facedown_ii


UNNAMED = "facedown stage "
"""How the cards of a facedown stack given by their number start: the engine's names for
them, which a reader never sees (`shown`)."""


def _deck(cards: Any, stage: str) -> tuple[str, ...]:
    if isinstance(cards, int):
        return tuple(f"{UNNAMED}{stage} objective #{i}" for i in range(1, cards + 1))
    return tuple(cards)


def shown(card: str) -> str:
    """An objective as a reader reads it: its name, or for a card the scenario did not name,
    what it is."""
    if not card.startswith(UNNAMED):
        return card
    stage = card[len(UNNAMED):].split(" ")[0]
    return f"a stage {stage} objective the example does not name"


def shown_all(cards: Any) -> list[str]:
    """Objectives as a reader reads them: the named ones, then how many the example does not
    name, by stage."""
    named = [card for card in cards if not card.startswith(UNNAMED)]
    unnamed: dict[str, int] = {}
    for card in cards:
        if card.startswith(UNNAMED):
            stage = card[len(UNNAMED):].split(" ")[0]
            unnamed[stage] = unnamed.get(stage, 0) + 1
    return named + [f"{'a' if n == 1 else n} stage {stage} objective{'s' if n > 1 else ''} the "
                    "example does not name" for stage, n in unnamed.items()]


def _check_secrets(players: tuple[str, ...], secrets: Mapping[str, tuple[str, ...]],
                   gains: tuple[Gain, ...], new_game: bool) -> None:
    owner: dict[str, str] = {}
    for gain in gains:
        if gain.objective and not gain.public:
            owner[gain.objective] = gain.player
    for player in players:
        for name in secrets[player]:
            if name in owner:
                refuse("61.19", f"{name} is both in {player}'s hand and held or scored by "
                       f"{owner[name]}")
            owner[name] = player
        scored = sum(1 for g in gains if g.player == player and g.objective and not g.public)
        if scored + len(secrets[player]) > 3:
            refuse("61.21", f"{player} has {scored + len(secrets[player])} secret objectives; "
                   "the limit is three, scored and unscored")
        if new_game and len(secrets[player]) != 1:
            refuse("61.20", f"each player begins the game with one secret objective; {player} "
                   f"has {len(secrets[player])}")


def _check_scored_publics(gains: tuple[Gain, ...], revealed: tuple[str, ...]) -> None:
    for gain in gains:
        if gain.objective and gain.public and gain.objective not in revealed:
            refuse("61.11", f"{gain.player} scored {gain.objective}, which is not revealed")


def _check_point_cards(state: State) -> None:
    """A card that carries a point gave it to its holder, whose points include it."""
    held: dict[str, list[str]] = {}
    if state.shard is not None:
        held[state.shard] = ["the Shard of the Throne"]
    for giver, holder in state.supports.items():
        if giver == holder:
            refuse("69.2", f"{holder} cannot play their own Support for the Throne")
        held.setdefault(holder, []).append(f"{giver}'s Support for the Throne")
    for player, cards in held.items():
        if state.points(player) < len(cards):
            rule = "73.3" if state.shard == player else "69.1"
            refuse(rule, f"{player} holds {', '.join(cards)}, worth {len(cards)} victory "
                   f"point{'s' if len(cards) > 1 else ''}, but starts with {state.points(player)}")


def _tokens(players: tuple[str, ...], data: Mapping[str, Any]) -> dict[str, CommandTokens]:
    out = {}
    start = CommandTokens()
    stated = data.get("command_tokens", {})
    for player in players:
        given = stated.get(player)
        if not given:
            out[player] = start
            continue
        tactic, fleet = given.get("tactic", start.tactic), given.get("fleet", start.fleet)
        strategy, board = given.get("strategy", start.strategy), given.get("board", 0)
        spare = TOTAL_COMMAND_TOKENS - tactic - fleet - strategy - board
        out[player] = CommandTokens(tactic, fleet, strategy, board,
                                    given.get("reinforcements", max(spare, 0)))
    return out
