"""Small helpers shared by the TI3 step handlers: citing, refusing, moving up the track."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from checker.engine import Event, Outcome, RuleViolation
from checker.games.ti3.state import Gain, Kind, State
from checker.sentences import change

Events = list[Event]
Handler = Callable[[State, Any], tuple[State, Events]]


def cite(rule: str, text: str) -> Event:
    return Event(f"ti3:{rule}", text)


def refuse(rule: str, message: str) -> NoReturn:
    raise RuleViolation(f"ti3:{rule}", message)


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def listed(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def gain_points(state: State, player: str, points: int, source: str, rule: str, window: str,
                kind: Kind | None = None) -> tuple[State, Events]:
    """Move a player's marker up the track; the last space ends the game at once (12.2)."""
    before = state.points(player)
    gained = min(points, state.goal - before)
    state = state.with_(gains=state.gains + (Gain(player, gained, source, window, kind),))
    events = [cite(rule, f"{player} moves up {plural(points, 'victory point')} for {source}: "
                         f"{change(before, before + gained)}.")]
    if before + gained >= state.goal:
        reason = f"{player} reached the last space ({state.goal}) of the victory point track"
        events.append(cite("12.2", f"{reason}: the game ends at once and {player} wins."))
        state = state.with_(ended=Outcome(player, "ti3:12.2", reason))
    return state, events
