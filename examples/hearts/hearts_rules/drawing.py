"""The score pad and the trick as a picture for walkthroughs (inline SVG, `checker.svg`).

The score pad has a line a player, in seat order: their token, name, a bar from 0 to the
100 that ends the game (4.1), their score and the points they have taken this hand. Under
it, the trick on the table, or the last one finished, in the order played: each card with
the token of who played it, the winning card framed. What the step changed is washed: a
score, the card just played; at the end of the game, a banner names the winner and the rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from checker.api import RuleBook
from checker.score_pictures import (
    SIZE,
    WIDTH,
    banner,
    heading,
    rule_line,
    scoring_picture,
    token,
    washes,
    words,
)
from checker.svg import escape, looks, shorten, tag

from hearts_rules.cards import HAND_SIZE, RANKS, SYMBOLS, suit
from hearts_rules.state import GAME_END, State

ROW = 20
BAR_X, BAR_W = 84, 150
CARD_W, CARD_H, CARD_GAP = 48, 40, 14
RED = "#D55E00"
"""Hearts and diamonds (their symbols tell the suits apart too)."""


@dataclass(frozen=True, slots=True)
class Pad:
    """What the picture shows of a state: equal pads draw alike."""

    scores: tuple[tuple[str, int, int], ...]
    """Each player, in seat order, with their score and the points taken this hand."""
    trick: tuple[tuple[str, str], ...]
    """The cards shown, who played each and what."""
    title: str
    winner: str | None
    """Who won the trick shown, once it is finished."""
    ended: tuple[str, ...]


def pad(state: State, rulebook: RuleBook | None = None) -> Pad:
    scores = tuple((p, state.score(p), state.points_taken(p)) for p in state.players)
    if state.trick or not state.last_trick:
        shown = state.trick
        title = (f"Trick {state.trick_number} of {HAND_SIZE}" if state.in_progress
                 else "No hand is being played")
        winner = None
    else:
        shown = state.last_trick
        title = f"Trick {state.tricks_played} of {HAND_SIZE}, won by {state.leader}"
        winner = state.leader
    ended: tuple[str, ...] = ()
    if state.ended is not None:
        ended = (f"Game over: {state.ended.winner} wins with the lowest score",
                 rule_line(state.ended.rule, rulebook))
    return Pad(scores, tuple((p.player, p.card) for p in shown), title, winner, ended)


def draw(state: State, previous: State | None = None, rulebook: RuleBook | None = None) -> str:
    """The picture of `state`, what changed since `previous` marked; "" when nothing it
    shows changed."""
    now = pad(state, rulebook)
    before = None if previous is None else pad(previous, rulebook)
    if now == before:
        return ""
    seen = looks(state.players)
    top = max(max(score for _, score, _ in now.scores), GAME_END)
    body = heading(11, f"Scores (the game ends at {GAME_END})") \
        + words(WIDTH, 11, "taken this hand", "f e")
    marks = []
    for index, (player, score, taken) in enumerate(now.scores):
        y = 18 + ROW * index
        width = BAR_W * score / top
        body += token(seen[player], 9, y + ROW / 2) + words(20, y + 14, shorten(player, 10))
        body += f'<path class="l t" d="M{BAR_X} {y + 4}h{BAR_W}v12h-{BAR_W}z"/>'
        if width:
            body += f'<path class="k" d="M{BAR_X} {y + 4}h{width:.1f}v12h-{width:.1f}z"/>'
        body += words(BAR_X + BAR_W + 6, y + 14, str(score), "b") \
            + words(WIDTH - 4, y + 14, str(taken), "e")
        if before is not None and before.scores[index][1:] != (score, taken):
            marks.append((BAR_X + BAR_W + 2, y + 2, WIDTH - BAR_X - BAR_W - 2, ROW - 2))
    goal = BAR_X + BAR_W * GAME_END / top
    height = 18 + ROW * len(now.scores)
    body += f'<path class="l d" d="M{goal:.1f} 16V{height}"/>'
    trick, tall = _trick(now, before, seen, height + 8)
    body += trick
    height += 8 + tall
    if now.ended:
        drawn, tall = banner(height + 6, now.ended, before is not None and not before.ended)
        body += drawn
        height += 6 + tall
    return scoring_picture(WIDTH, height + 2, summary(state), washes(marks) + body,
                           "hearts-pad")


def _trick(now: Pad, before: Pad | None, seen: dict, top: float) -> tuple[str, float]:
    body = heading(top + 11, now.title)
    marks = []
    y = top + 18
    for index, (player, card) in enumerate(now.trick):
        x = 2 + (CARD_W + CARD_GAP) * index
        frame = "l" + ("" if card == _winning(now) else " t")
        body += (f'<path class="{frame}" d="M{x} {y}h{CARD_W}v{CARD_H}h-{CARD_W}z"'
                 + (' style="stroke-width:2.5px"' if card == _winning(now) else "") + "/>")
        body += tag("text", escape(_face(card)), x=x + CARD_W / 2, y=y + 25, class_="m b",
                    style=f"font-size:{SIZE + 6}px" + (f";fill:{RED}" if suit(card) in "HD"
                                                       else ""))
        body += token(seen[player], x + CARD_W / 2, y + CARD_H + 11)
        if before is None or (player, card) not in before.trick:
            marks.append((x - 2, y - 2, CARD_W + 4, CARD_H + 4))
    if not now.trick:
        body += words(0, y + 14, "No card on the table yet.", "f")
        return body, 18 + 20
    return washes(marks) + body, 18 + CARD_H + 22


def _winning(now: Pad) -> str | None:
    return next((card for player, card in now.trick if player == now.winner), None)


def _face(card: str) -> str:
    rank = card[:-1]
    return f"{rank if rank in RANKS else '?'}{SYMBOLS[suit(card)]}"


def summary(state: State) -> str:
    """The picture's text alternative, short: the state table beside it says the rest."""
    said = "Scores: " + ", ".join(f"{p} {s}" for p, s in state.scores().items()) + "."
    shown = state.trick or state.last_trick
    if shown:
        said += " On the table: " + ", ".join(f"{p.player} {_face(p.card)}"
                                              for p in shown) + "."
    return said
