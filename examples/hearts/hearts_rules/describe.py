"""The state of a game of Hearts as labelled lines, as a player would read it off the table
(the walkthroughs' state table and `checker explain`). The same rows at every step, so a
step's changes read row by row."""

from __future__ import annotations

from hearts_rules.cards import HAND_SIZE, shown, written
from hearts_rules.state import GAME_END, State


def describe(state: State) -> dict[str, str]:
    rows = {f"Scores (the game ends at {GAME_END})":
            ", ".join(f"{p} {s}" for p, s in state.scores().items())}
    if state.ended is not None:
        rows["Trick"] = "none: the game is over"
    elif state.in_progress:
        rows["Trick"] = (f"{state.trick_number} of {HAND_SIZE}, led by {state.leader}; "
                         f"{state.to_play} to play")
    else:
        rows["Trick"] = "none: the next hand is to be dealt"
    rows["On the table"] = " ".join(f"{p.player} {shown(p.card)}"
                                    for p in state.trick) or "nothing"
    rows["Hearts"] = "broken" if state.hearts_broken else "not broken"
    for player in state.players:
        rows[f"{player}'s hand"] = written(state.hands[player])
    rows["Points taken this hand"] = ", ".join(
        f"{p} {state.points_taken(p)}" for p in state.players)
    result = state.last_result
    if result is not None:
        rows["Last hand scored"] = ", ".join(f"{p} +{n}" for p, n in result.added.items()) + (
            f" ({result.moon} shot the moon)" if result.moon else "")
    if state.ended is not None:
        rows["Game over"] = f"{state.ended.winner} wins: {state.ended.reason}"
    return rows
