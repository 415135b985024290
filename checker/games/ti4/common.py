"""Small helpers shared by the TI4 step handlers: citing, refusing, gaining and losing points."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from checker.engine import Event, Outcome, RuleViolation
from checker.games.ti4.state import Gain, State
from checker.sentences import change

Events = list[Event]
Handler = Callable[[State, Any], tuple[State, Events]]


def cite(rule: str, text: str) -> Event:
    return Event(f"ti4:{rule}", text)


def refuse(rule: str, message: str) -> NoReturn:
    raise RuleViolation(f"ti4:{rule}", message)


def gain_points(state: State, player: str, points: int, source: str, rule: str,
                objective: str | None = None, public: bool = False,
                law: str | None = None) -> tuple[State, Events]:
    """Advance a player on the track (98.4), never past the goal (98.4a); reaching it ends
    the game at once (98.7)."""
    before = state.points(player)
    gained = min(points, state.goal - before)
    events = [cite(rule, f"{player} gains {points} victory point{_s(points)} "
                         f"from {source}: {change(before, before + gained)}.")]
    if gained < points:
        events.append(cite("98.4a", f"{player} cannot go past {state.goal} victory points."))
    state = state.with_(gains=state.gains + (Gain(player, gained, source, state.window, objective,
                                                  public, law),))
    if before + gained >= state.goal:
        reason = f"{player} reached {state.goal} victory points"
        events.append(cite("98.7", f"{reason}: the game ends at once and {player} wins."))
        state = state.with_(ended=Outcome(player, "ti4:98.7", reason))
    return state, events


def lose_points(state: State, player: str, points: int, source: str, rule: str,
                law: str | None = None) -> tuple[State, Events]:
    """Move a player's token back on the track; it shows the points they have, and the track
    has no space below 0 (98.2, 98.4a). Losing points never ends the game."""
    before = state.points(player)
    lost = min(points, before)
    events = [cite(rule, f"{player} loses {points} victory point{_s(points)} through {source}: "
                         f"{change(before, before - lost)}.")]
    if lost < points:
        events.append(cite("98.2", f"The track has no space below 0: {player} stops there."))
    if lost:
        state = state.with_(gains=state.gains + (Gain(player, -lost, source, state.window,
                                                      law=law),))
    return state, events


def _s(count: int) -> str:
    return "" if count == 1 else "s"


def fresh_window(state: State, kind: str, step: str = "") -> State:
    counter = state.counter + 1
    return state.with_(window=f"{kind}:{counter}", window_kind=kind, counter=counter,
                       window_step=step)


def mostly(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
