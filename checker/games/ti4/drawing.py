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
from checker.games.twilight import drawing as layout
from checker.games.twilight.drawing import game_over, public_cards
from checker.rulebook import RuleBook
from checker.score_pictures import Card, Seat

STAGES = {ObjectiveType.STAGE_I: "I", ObjectiveType.STAGE_II: "II"}


@dataclass(frozen=True, slots=True)
class Table(layout.Table[str]):
    """What the picture shows of a state: each public objective face up with its stage (I or
    II), and the objectives still facedown."""

    facedown: tuple[int, int]
    """Stage I and stage II objectives still facedown."""


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
    return Table(tuple((p, state.points(p)) for p in state.players), state.goal, public,
                 clockwise, rows, game_over(state.ended, rulebook),
                 (len(state.facedown_i), len(state.facedown_ii)))


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


_last: tuple[State | None, RuleBook | None, Table | None] = (None, None, None)
"""The last table drawn: a walkthrough draws each step's state after the step before's, so
each state's table is made once, not twice (`draw`)."""


def _table(state: State, rulebook: RuleBook | None) -> Table:
    global _last
    if _last[0] is state and _last[1] is rulebook and _last[2] is not None:
        return _last[2]
    made = table(state, rulebook)
    _last = (state, rulebook, made)
    return made


def draw(state: State, previous: State | None = None, rulebook: RuleBook | None = None
         ) -> str:
    """The picture of `state`, what changed since `previous` marked; "" when nothing it shows
    changed, so the picture before still holds."""
    before = None if previous is None else _table(previous, rulebook)
    now = _table(state, rulebook)
    if before == now:
        return ""
    items = public_cards(now, before, lambda level: f"Stage {level}", lambda level: level == "II")
    for index, (level, left) in enumerate(zip(("I", "II"), now.facedown, strict=True)):
        gone = before is not None and before.facedown[index] != left
        items.append(Card(f"{left} facedown" if left else "none left", f"Stage {level}",
                          double=level == "II", facedown=bool(left), empty=not left,
                          changed=gone))
    said = layout.summary(state, None if before is None or previous is None
                          else changes(state, previous, now, before))
    return layout.picture(state.players, now, before, f"Victory points (goal {now.goal})",
                          items, "Initiative order", ("Strategy cards", "Secret objectives"),
                          said, "ti4-score")


def changes(state: State, previous: State, now: Table | None = None,
            before: Table | None = None) -> list[str]:
    """What the step changed of what the picture shows, in words (`now` and `before`: the
    tables of `state` and `previous`, when made already)."""
    now = table(state) if now is None else now
    before = table(previous) if before is None else before
    public = [f"{g.player} scores {shown(g.objective)}" for g in state.gains[len(previous.gains):]
              if g.objective]
    public += [f"{shown(name)} revealed" for name in state.revealed
               if name not in previous.revealed]
    held = []
    if now.seats != before.seats and state.strategy_cards != \
            previous.strategy_cards:
        held.append("the strategy cards change hands")
    held += [f"{p} holds {len(state.secrets[p])} secret objective"
             f"{'' if len(state.secrets[p]) == 1 else 's'}" for p in state.players
             if len(state.secrets[p]) != len(previous.secrets[p])]
    return layout.changes(state, previous, public, held, "the players' cards")
