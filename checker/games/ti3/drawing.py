"""The scoring side of a TI3 table as a picture for walkthroughs: the victory point track to
its last space, 10 or 14, with each player's marker (12.1); the public objectives face up,
each with its worth (a double border for 2 points or more, so worths differ by shape too) and
the control markers of those who claimed it (2.8), beside the facedown pile that hides
Imperium Rex (13.1); each player's secret and preliminary objectives, held (card backs) and
claimed; the speaker and the order of play with the strategy cards that set it (14.2); and
once the game has ended, the winner (or the draw) and the rule that decided it.

What a step changed is marked: a marker that moved is ringed with an arrow from where it was,
a control marker placed is ringed, a card revealed is washed and outlined, a player whose
cards or place changed has their line marked.
"""

from __future__ import annotations

from dataclasses import dataclass

from checker.games.ti3.state import IMPERIUM_REX, STRATEGY_CARDS, Kind, State
from checker.rulebook import RuleBook
from checker.svg import (
    WIDTH,
    Card,
    Scale,
    Seat,
    banner,
    cards,
    looks,
    marked,
    rule_line,
    scoring_picture,
    seats,
    track,
)


@dataclass(frozen=True, slots=True)
class Table:
    """What the picture shows of a state, in the order it draws it: equal tables draw alike."""

    points: tuple[tuple[str, int], ...]
    goal: int
    public: tuple[tuple[str, int, tuple[str, ...]], ...]
    """Each public objective face up: its name, worth, and who claimed it."""
    rex: bool
    """Imperium Rex has been revealed."""
    clockwise: bool
    """Nobody holds a strategy card, so the order is clockwise from the speaker."""
    seats: tuple[Seat, ...]
    ended: tuple[str, ...]

    @property
    def order(self) -> list[str]:
        return [seat.player for seat in self.seats]


def table(state: State, rulebook: RuleBook | None = None) -> Table:
    public = tuple((name, worth, tuple(g.player for g in state.gains
                                       if g.kind is Kind.PUBLIC and g.source == name))
                   for name, worth in state.public.items())
    rows = tuple(Seat(p, "Speaker" if p == state.speaker else "", _holds(state, p),
                      (state.secrets.get(p) is not None) + (state.preliminaries.get(p) is not None),
                      tuple(f"\u2713 {g.source}" for g in state.gains
                            if g.player == p and g.kind in (Kind.SECRET, Kind.PRELIMINARY)))
                 for p in state.order_of_play())
    ended: tuple[str, ...] = ()
    if state.ended is not None:
        who = f"{state.ended.winner} wins" if state.ended.winner else "a draw"
        ended = (f"Game over: {who}",
                 rule_line(state.ended.rule, rulebook))
    rex = state.ended is not None and state.ended.reason.startswith(IMPERIUM_REX)
    return Table(tuple((p, state.points(p)) for p in state.players), state.goal, public, rex,
                 not state.strategy_cards, rows, ended)


def _holds(state: State, player: str) -> str:
    return ", ".join(f"{STRATEGY_CARDS[card]} {card}"
                     + (" (used)" if card in state.strategy_cards_used else "")
                     for card in state.strategy_cards.get(player, ()))


def _worth(points: int) -> str:
    return f"{points} point{'' if points == 1 else 's'}"


def draw(state: State, previous: State | None = None, rulebook: RuleBook | None = None
         ) -> str:
    """The picture of `state`, what changed since `previous` marked; "" when nothing it shows
    changed, so the picture before still holds."""
    now = table(state, rulebook)
    before = None if previous is None else table(previous, rulebook)
    if before == now:
        return ""
    seen = looks(state.players)
    body, height = track(state.players, seen, dict(now.points),
                         None if before is None else dict(before.points),
                         Scale(now.goal, now.goal), 0,
                         f"Victory points (last space {now.goal})", names=False)
    claimed = None if before is None else {name: who for name, _, who in before.public}
    items = [Card(name, _worth(worth), who, worth > 1,
                  changed=claimed is not None and name not in claimed,
                  new=() if claimed is None else tuple(p for p in who
                                                       if p not in claimed.get(name, who)))
             for name, worth, who in now.public]
    if now.rex:
        items.append(Card(IMPERIUM_REX, "Revealed", double=True,
                          changed=before is not None and not before.rex))
    else:
        items.append(Card("Imperium Rex among them", "Facedown",
                          facedown=True))
    drawn, tall = cards(items, seen, height + 6, "Public objectives")
    body += drawn
    height += 6 + tall + 6
    rows = marked(now.seats, None if before is None else before.seats)
    order = "Clockwise from the speaker" if now.clockwise else "Order of play"
    drawn, tall = seats(rows, seen, height, order, ("Strategy cards", "Secret objective"))
    body += drawn
    height += tall
    if now.ended:
        drawn, tall = banner(height + 6, now.ended, before is not None and not before.ended)
        body += drawn
        height += 6 + tall
    return scoring_picture(WIDTH, height + 2, summary(state, previous), body, "ti3-score")


def summary(state: State, previous: State | None = None) -> str:
    """The picture's text alternative, short: the victory points and, at a step, what it
    changed, in a last sentence that a later step showing this picture drops. The state
    table beside the picture says everything else in words."""
    said = f"Victory points to {state.goal}: " + ", ".join(
        f"{p} {state.points(p)}" for p in state.players) + "."
    if previous is not None:
        said += " Changed by this step: " + "; ".join(changes(state, previous)) + "."
    return said


def changes(state: State, previous: State) -> list[str]:
    """What the step changed of what the picture shows, in words."""
    said = [f"{p} {previous.points(p)} to {state.points(p)} victory points"
            for p in state.players if state.points(p) != previous.points(p)]
    said += [f"{g.player} claims {g.source}" for g in state.gains[len(previous.gains):]
             if g.kind is not None]
    said += [f"{name} revealed" for name in state.public if name not in previous.public]
    if table(state).rex and not table(previous).rex:
        said.append(f"{IMPERIUM_REX} revealed")
    if state.speaker != previous.speaker:
        said.append(f"{state.speaker} becomes the speaker")
    if state.strategy_cards != previous.strategy_cards \
            or state.strategy_cards_used != previous.strategy_cards_used:
        said.append("the strategy cards change")
    if state.ended is not None and previous.ended is None:
        said.append("the game ends")
    return said or ["the players' objectives"]
