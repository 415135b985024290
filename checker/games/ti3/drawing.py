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
from checker.games.twilight import drawing as layout
from checker.games.twilight.drawing import game_over, public_cards
from checker.rulebook import RuleBook
from checker.score_pictures import Card, Seat


@dataclass(frozen=True, slots=True)
class Table(layout.Table[int]):
    """What the picture shows of a state: each public objective face up with its worth, and
    whether Imperium Rex has been revealed."""

    rex: bool


def table(state: State, rulebook: RuleBook | None = None) -> Table:
    public = tuple((name, worth, tuple(g.player for g in state.gains
                                       if g.kind is Kind.PUBLIC and g.source == name))
                   for name, worth in state.public.items())
    rows = tuple(Seat(p, "Speaker" if p == state.speaker else "", _holds(state, p),
                      (state.secrets.get(p) is not None) + (state.preliminaries.get(p) is not None),
                      tuple(f"\u2713 {g.source}" for g in state.gains
                            if g.player == p and g.kind in (Kind.SECRET, Kind.PRELIMINARY)))
                 for p in state.order_of_play())
    rex = state.ended is not None and state.ended.reason.startswith(IMPERIUM_REX)
    return Table(tuple((p, state.points(p)) for p in state.players), state.goal, public,
                 not state.strategy_cards, rows, game_over(state.ended, rulebook), rex)


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
    items = public_cards(now, before, _worth, lambda worth: worth > 1)
    if now.rex:
        items.append(Card(IMPERIUM_REX, "Revealed", double=True,
                          changed=before is not None and not before.rex))
    else:
        items.append(Card("Imperium Rex among them", "Facedown",
                          facedown=True))
    said = layout.summary(state, None if previous is None else changes(state, previous))
    return layout.picture(state.players, now, before, f"Victory points (last space {now.goal})",
                          items, "Order of play", ("Strategy cards", "Secret objective"),
                          said, "ti3-score")


def changes(state: State, previous: State) -> list[str]:
    """What the step changed of what the picture shows, in words."""
    public = [f"{g.player} claims {g.source}" for g in state.gains[len(previous.gains):]
              if g.kind is not None]
    public += [f"{name} revealed" for name in state.public if name not in previous.public]
    if table(state).rex and not table(previous).rex:
        public.append(f"{IMPERIUM_REX} revealed")
    held = []
    if state.strategy_cards != previous.strategy_cards \
            or state.strategy_cards_used != previous.strategy_cards_used:
        held.append("the strategy cards change")
    return layout.changes(state, previous, public, held, "the players' objectives")
