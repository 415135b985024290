"""The rest of strategy card 8: Imperial's secondary ability, Rapid Mobilization (15), and the
primary ability of Imperial II, The Ancient Throne (16). Imperial's primary ability, which can
end the game, is in game_end."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from checker.games.immutable import updated
from checker.games.ti3.common import Events, cite, gain_points, refuse
from checker.games.ti3.game_end import check_holder, strategic_action
from checker.games.ti3.state import IMPERIAL_II, Counters, Secondary, State


def imperial_secondary(state: State, args: Any) -> tuple[State, Events]:
    """Another player follows Imperial's primary ability with its secondary: clockwise from the
    holder's left, once each, never the holder (15.2)."""
    player, open_ = args["player"], state.secondary
    if open_ is None:
        refuse("15.2", "Imperial's secondary ability follows its primary ability, in the same "
               "strategic action, and none is under way")
    if open_.exclusive:
        refuse("16.3", f"{open_.holder} took Imperial II's secondary ability for themselves: "
               "nobody else uses it this time")
    if player == open_.holder or player in open_.used:
        refuse("15.2", f"{player} cannot use this secondary ability"
               + (": it is their own card" if player == open_.holder else " twice"))
    start = state.players.index(open_.holder)
    seats = [p for p in state.players[start:] + state.players[:start] if p != open_.holder]
    if open_.used and seats.index(player) < seats.index(open_.used[-1]):
        refuse("15.2", f"the secondary ability goes round clockwise from {open_.holder}'s left "
               f"({', '.join(seats)}); {open_.used[-1]} has used it, so {player}'s chance has "
               "passed")
    state, events = _pay(state, player)
    state = state.with_(secondary=replace(open_, used=(*open_.used, player)))
    return state, events + [_build(player)]


def _pay(state: State, player: str) -> tuple[State, Events]:
    """One command counter of the strategy allocation, back to reinforcements (15.1); none for
    the holder of Initiative (15.3)."""
    if "Initiative" in state.strategy_cards.get(player, ()):
        return state, [cite("15.3", f"{player} holds Initiative and spends no command counter "
                                    "for it.")]
    held = state.counters[player]
    if held.strategy < 1:
        refuse("15.1", f"{player} has no command counter in their strategy allocation to spend")
    paid = Counters(held.strategy - 1, held.command, held.fleet, held.board,
                    held.reinforcements + 1)
    return state.with_(counters=updated(state.counters, player, paid)), [
        cite("15.1", f"{player} spends a command counter from their strategy allocation; it goes "
                     "back to their reinforcements.")]


def _build(player: str) -> Any:
    return cite("15.1", f"{player} builds units at one of their space docks, even in a system "
                        "already activated, without activating it.")


def imperial_ii_primary(state: State, args: Any) -> tuple[State, Events]:
    """The Ancient Throne: a victory point with Mecatol Rex and any number of public objectives
    in this round's status phase (16.2), or the secondary ability, free and for the holder
    alone (16.3)."""
    player = args["player"]
    check_holder(state, player, "14.3")
    if state.imperial_card != IMPERIAL_II:
        refuse("16.1", "strategy card 8 is Imperial in this game, not Imperial II")
    state, events = strategic_action(state, player, "Imperial")
    if args["choice"] == "secondary":
        state = state.with_(secondary=Secondary(player, (player,), exclusive=True))
        return state, events + [cite("16.3", f"{player} uses the secondary ability for free, and "
                                             "no other player may use it."), _build(player)]
    state = state.with_(secondary=Secondary(player),
                        unlimited_publics=state.unlimited_publics | {player})
    events.append(cite("16.2", f"{player} may claim any number of public objectives in this "
                               "round's status phase."))
    if args["controls_mecatol_rex"]:
        state, gained = gain_points(state, player, 1, "Imperial II with Mecatol Rex", "16.2",
                                    f"action:{state.round}")
        events += gained
    return state, events
