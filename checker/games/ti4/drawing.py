"""The scoring side of a TI4 table as a picture for walkthroughs: the victory point track to
10 or 14 with each player's token (98.2), the public objectives revealed, stage I and stage II
told apart by a numeral and a double border, with the control tokens of those who scored them,
the facedown stacks still to reveal (61.13), each player's secret objectives held (card backs)
and scored (61.19), the speaker and the initiative order with the strategy cards that set it
(48), and once the game has ended, the winner and the rule that decided it (98.7, 98.8).

What a step changed is marked: a token that moved is ringed with an arrow from where it was,
a control token placed is ringed, a card revealed or a stack that shrank is washed and
outlined, a player whose cards or seat changed has their line marked.
"""

from __future__ import annotations

from dataclasses import dataclass

from checker.games.ti4.cards import ObjectiveType
from checker.games.ti4.objectives import BY_NAME
from checker.games.ti4.setup import UNNAMED, shown
from checker.games.ti4.state import STRATEGY_CARDS, State
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

STAGES = {ObjectiveType.STAGE_I: "I", ObjectiveType.STAGE_II: "II"}


@dataclass(frozen=True, slots=True)
class Table:
    """What the picture shows of a state, in the order it draws it: equal tables draw alike."""

    points: tuple[tuple[str, int], ...]
    goal: int
    public: tuple[tuple[str, str, tuple[str, ...]], ...]
    """Each public objective face up: its name, stage (I or II), and who scored it."""
    facedown: tuple[int, int]
    """Stage I and stage II objectives still facedown."""
    clockwise: bool
    """Not everyone holds a strategy card, so the order is clockwise from the speaker."""
    seats: tuple[Seat, ...]
    ended: tuple[str, ...]

    @property
    def order(self) -> list[str]:
        return [seat.player for seat in self.seats]


def table(state: State, rulebook: RuleBook | None = None) -> Table:
    public = tuple((shown(name), stage(name), tuple(
        g.player for g in state.gains if g.objective == name and g.public))
        for name in state.revealed)
    clockwise = not state.everyone_holds_a_strategy_card
    order = state.clockwise_from_speaker() if clockwise else state.initiative_order()
    rows = tuple(Seat(p, "Speaker" if p == state.speaker else "", _holds(state, p),
                      len(state.secrets[p]) - len(state.shown_secrets.get(p, ())),
                      tuple(f"{name} (shown)" for name in state.shown_secrets.get(p, ()))
                      + tuple(f"\u2713 {name}" for name in state.scored_secrets(p)))
                 for p in order)
    ended = () if state.ended is None else (
        f"Game over: {state.ended.winner} wins",
        rule_line(state.ended.rule, rulebook))
    return Table(tuple((p, state.points(p)) for p in state.players), state.goal, public,
                 (len(state.facedown_i), len(state.facedown_ii)), clockwise, rows, ended)


def stage(name: str) -> str:
    """An objective's stage, I or II, named or not."""
    if name.startswith(UNNAMED):
        return name[len(UNNAMED):].split(" ")[0]
    return STAGES.get(BY_NAME[name].type, "")


def _holds(state: State, player: str) -> str:
    held = [f"{STRATEGY_CARDS[card]} {card}" for card in state.strategy_cards.get(player, ())]
    if state.naalu_token == player:
        held.insert(0, "0 Naalu token")
    return ", ".join(held)


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
                         Scale(now.goal, now.goal), 0, f"Victory points (goal {now.goal})",
                         names=False)
    shown_before = None if before is None else {name: who for name, _, who in before.public}
    items = [Card(name, f"Stage {level}", who, level == "II",
                  changed=shown_before is not None and name not in shown_before,
                  new=() if shown_before is None else tuple(
                      p for p in who if p not in shown_before.get(name, who)))
             for name, level, who in now.public]
    for index, (level, left) in enumerate(zip(("I", "II"), now.facedown, strict=True)):
        gone = before is not None and before.facedown[index] != left
        items.append(Card(f"{left} facedown" if left else "none left", f"Stage {level}",
                          double=level == "II", facedown=bool(left), empty=not left,
                          changed=gone))
    drawn, tall = cards(items, seen, height + 6, "Public objectives")
    body += drawn
    height += 6 + tall + 6
    order = "Clockwise from the speaker" if now.clockwise else "Initiative order"
    rows = marked(now.seats, None if before is None else before.seats)
    drawn, tall = seats(rows, seen, height, order, ("Strategy cards", "Secret objectives"))
    body += drawn
    height += tall
    if now.ended:
        drawn, tall = banner(height + 6, now.ended, before is not None and not before.ended)
        body += drawn
        height += 6 + tall
    return scoring_picture(WIDTH, height + 2, summary(state, previous), body, "ti4-score")


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
    said += [f"{g.player} scores {shown(g.objective)}" for g in state.gains[len(previous.gains):]
             if g.objective]
    said += [f"{shown(name)} revealed" for name in state.revealed
             if name not in previous.revealed]
    if state.speaker != previous.speaker:
        said.append(f"{state.speaker} becomes the speaker")
    if table(state).seats != table(previous).seats and state.strategy_cards != \
            previous.strategy_cards:
        said.append("the strategy cards change hands")
    said += [f"{p} holds {len(state.secrets[p])} secret objective"
             f"{'' if len(state.secrets[p]) == 1 else 's'}" for p in state.players
             if len(state.secrets[p]) != len(previous.secrets[p])]
    if state.ended is not None and previous.ended is None:
        said.append("the game ends")
    return said or ["the players' cards"]
