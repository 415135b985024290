"""The end of a hand and of the game: points for the cards taken, shooting the moon, the
scores, and whether someone has reached 100 with a single lowest score below."""

from __future__ import annotations

from collections.abc import Mapping

from checker.api import Event, Outcome

from hearts_rules.cards import HEART, QUEEN_OF_SPADES, shown, suit
from hearts_rules.citing import cite, listed, rule
from hearts_rules.state import GAME_END, HandResult, State

MOON = 26
"""What each opponent of a moon shooter scores: all the points of a hand (3.3)."""


def score_hand(state: State) -> tuple[State, list[Event]]:
    """Count the points each player took, add them to the scores, and see whether the game
    is over (called once the thirteenth trick is taken)."""
    hearts = {p: sum(suit(c) == HEART for c in state.taken[p]) for p in state.players}
    queen = next(p for p in state.players if QUEEN_OF_SPADES in state.taken[p])
    taken = {p: state.points_taken(p) for p in state.players}
    events = [cite("3.1", "Hearts taken this hand, a point each: "
                   + ", ".join(f"{p} {n}" for p, n in hearts.items()) + "."),
              cite("3.2", f"{queen} took {shown(QUEEN_OF_SPADES)}: 13 points.")]
    moon = next((p for p, points in taken.items() if points == MOON), None)
    added = dict(taken)
    if moon is not None:
        others = [p for p in state.players if p != moon]
        added = {p: 0 if p == moon else MOON for p in state.players}
        events.append(cite("3.3", f"{moon} took every heart and {shown(QUEEN_OF_SPADES)}: "
                           f"{moon} shoots the moon and scores 0, and {listed(others)} each "
                           f"score {MOON}."))
    before = state.scores()
    state = state.with_(results=state.results + (HandResult(taken, added, moon),))
    after = state.scores()
    events.append(cite("3.4", "Scores: " + ", ".join(
        f"{p} {before[p]} \u2192 {after[p]}" for p in state.players) + "."))
    ended = outcome_if_over(state)
    events += _game_end_events(after, ended)
    return state.with_(ended=ended), events


def game_end(scores: Mapping[str, int]) -> bool:
    """The game is over: someone has 100 or more (4.1) and one player alone has the lowest
    score (4.2, 4.3)."""
    return max(scores.values()) >= GAME_END and len(_lowest(scores)) == 1


def outcome_if_over(state: State) -> Outcome | None:
    scores = state.scores()
    if not game_end(scores):
        return None
    top = max(scores, key=scores.__getitem__)
    return Outcome(_lowest(scores)[0], rule("4.1"),
                   f"{top} reached {scores[top]} points at the end of a hand")


def _lowest(scores: Mapping[str, int]) -> list[str]:
    low = min(scores.values())
    return [p for p, score in scores.items() if score == low]


def _game_end_events(scores: Mapping[str, int], ended: Outcome | None) -> list[Event]:
    over = [f"{p} {s}" for p, s in scores.items() if s >= GAME_END]
    if not over:
        return [cite("4.1", f"Nobody has {GAME_END} points: another hand is dealt.")]
    events = [cite("4.1", f"{listed(over)}: {GAME_END} or more at the end of a hand.")]
    low = _lowest(scores)
    if ended is None:
        return events + [cite("4.3", f"{listed(low)} share the lowest score, "
                              f"{scores[low[0]]}: the game goes on with another hand.")]
    return events + [cite("4.2", f"The game is over: {low[0]} has the lowest score, "
                          f"{scores[low[0]]}, and wins.")]
