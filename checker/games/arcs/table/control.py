"""Who controls a system: more fresh ships there than each Rival; a tie, or no fresh ship at
all, means nobody does. Damaged ships and buildings never count (6.8)."""

from __future__ import annotations

from checker.games.arcs.state import State


def controller(state: State, system: str) -> str | None:
    fresh = {player: fleet.fresh for player, fleet in state.ships.get(system, {}).items()}
    best = max(fresh.values(), default=0)
    leaders = [player for player, n in fresh.items() if n == best]
    return leaders[0] if best > 0 and len(leaders) == 1 else None


def controlled_by_other(state: State, system: str, player: str) -> str | None:
    """The Rival who controls the system, if one does."""
    holder = controller(state, system)
    return holder if holder not in (None, player) else None


def control_text(state: State, system: str) -> str:
    """`Red controls 3 Gate (3 fresh ships to 1)` or why nobody does."""
    fresh = {p: f.fresh for p, f in state.ships.get(system, {}).items() if f.fresh}
    holder = controller(state, system)
    counts = ", ".join(f"{p} {n}" for p, n in fresh.items())
    if holder is not None:
        return f"{holder} controls {system} (fresh ships: {counts})"
    if not fresh:
        return f"nobody controls {system} (no fresh ship is there)"
    return f"nobody controls {system} (a tie on fresh ships: {counts})"
