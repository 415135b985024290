"""The scoring picture as both editions lay it out: the victory point track, the public
objectives, the players in order with what they hold, and the end of the game; each game
says what goes on its cards and how its order is named."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from checker.engine import Outcome
from checker.rulebook import RuleBook
from checker.score_pictures import (
    WIDTH,
    Card,
    Scale,
    Seat,
    banner,
    cards,
    marked,
    rule_line,
    scoring_picture,
    seats,
    track,
)
from checker.svg import looks

Face = TypeVar("Face")
"""What a public objective's card shows besides its name: its worth (TI3), its stage (TI4)."""


class Scored(Protocol):
    """What the picture reads of a game's state."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def speaker(self) -> str: ...
    @property
    def goal(self) -> int: ...
    @property
    def ended(self) -> Outcome | None: ...
    def points(self, player: str) -> int: ...


@dataclass(frozen=True, slots=True)
class Table(Generic[Face]):
    """What the picture shows of a state, in the order it draws it: equal tables draw alike.
    Each game adds what it shows of the objectives not yet face up."""

    points: tuple[tuple[str, int], ...]
    goal: int
    public: tuple[tuple[str, Face, tuple[str, ...]], ...]
    """Each public objective face up: its name, its face, and who claimed or scored it."""
    clockwise: bool
    """The order is clockwise from the speaker, not set by the strategy cards."""
    seats: tuple[Seat, ...]
    ended: tuple[str, ...]

    @property
    def order(self) -> list[str]:
        return [seat.player for seat in self.seats]


def game_over(ended: Outcome | None, rulebook: RuleBook | None) -> tuple[str, ...]:
    """The banner's lines once the game has ended: the winner, or the draw, and the rule."""
    if ended is None:
        return ()
    who = f"{ended.winner} wins" if ended.winner else "a draw"
    return (f"Game over: {who}", rule_line(ended.rule, rulebook))


def public_cards(now: Table[Face], before: Table[Face] | None, corner: Callable[[Face], str],
                 double: Callable[[Face], bool]) -> list[Card]:
    """The public objectives face up, a card revealed since `before` and the control tokens
    placed since then marked."""
    shown = None if before is None else {name: who for name, _, who in before.public}
    return [Card(name, corner(face), who, double(face),
                 changed=shown is not None and name not in shown,
                 new=() if shown is None else tuple(p for p in who
                                                    if p not in shown.get(name, who)))
            for name, face, who in now.public]


def picture(players: Sequence[str], now: Table[Face], before: Table[Face] | None, track_label: str,
            public: list[Card], order: str, holds: tuple[str, str], summary: str,
            css: str) -> str:
    """The scoring picture of `now`, what changed since `before` marked: the track, the
    `public` cards, the players' lines under `order` (or clockwise from the speaker), and the
    end of the game."""
    seen = looks(players)
    body, height = track(players, seen, dict(now.points),
                         None if before is None else dict(before.points),
                         Scale(now.goal, now.goal), 0, track_label, names=False)
    drawn, tall = cards(public, seen, height + 6, "Public objectives")
    body += drawn
    height += 6 + tall + 6
    rows = marked(now.seats, None if before is None else before.seats)
    drawn, tall = seats(rows, seen, height, "Clockwise from the speaker" if now.clockwise
                        else order, holds)
    body += drawn
    height += tall
    if now.ended:
        drawn, tall = banner(height + 6, now.ended, before is not None and not before.ended)
        body += drawn
        height += 6 + tall
    return scoring_picture(WIDTH, height + 2, summary, body, css)


def summary(state: Scored, changed: list[str] | None) -> str:
    """The picture's text alternative, short: the victory points and, at a step, what it
    `changed`, in a last sentence that a later step showing this picture drops. The state
    table beside the picture says everything else in words."""
    said = f"Victory points to {state.goal}: " + ", ".join(
        f"{p} {state.points(p)}" for p in state.players) + "."
    if changed is not None:
        said += " Changed by this step: " + "; ".join(changed) + "."
    return said


def changes(state: Scored, previous: Scored, public: list[str], held: list[str],
            otherwise: str) -> list[str]:
    """What the step changed of what the picture shows, in words and in the picture's order:
    the track, the `public` objectives, the speaker, what the players `held`, the end."""
    said = [f"{p} {previous.points(p)} to {state.points(p)} victory points"
            for p in state.players if state.points(p) != previous.points(p)]
    said += public
    if state.speaker != previous.speaker:
        said.append(f"{state.speaker} becomes the speaker")
    said += held
    if state.ended is not None and previous.ended is None:
        said.append("the game ends")
    return said or [otherwise]
