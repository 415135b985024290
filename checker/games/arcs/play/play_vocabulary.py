"""What an Arcs scenario can say about playing cards: the round under way at setup, the card
play steps, and claims about the round (7)."""

from __future__ import annotations

from typing import Any

from checker.games.arcs.parts.cards import PIPS
from checker.games.arcs.parts.components import AMBITIONS
from checker.games.arcs.parts.words import ACTION_CARD
from checker.vocabulary import (
    Choice,
    Expectation,
    Int,
    Key,
    Record,
    Ref,
    StepKind,
)

PLAYER = Ref("player")
MOST_PIPS = max(max(pips) for pips in PIPS.values())

SETUP_KEYS: dict[str, Key] = {
    "round": Key(Record({
        "lead": Key(ACTION_CARD, "The card the initiative holder led.", required=True),
        "next": Key(PLAYER, "The next player to take a turn; everyone before in turn order "
                    "has played.", required=True),
    }, "round key"), "A round already under way when the scenario starts."),
}


def _step(name: str, doc: str, **keys: Key) -> StepKind:
    return StepKind(name, Record(keys, "argument"), doc)


def _who(doc: str) -> Key:
    return Key(PLAYER, doc, required=True)


STEPS = (
    _step("lead", "The initiative holder leads a card face up (7.3).",
          player=_who("Who leads: the initiative holder."),
          card=Key(ACTION_CARD, "The card, such as `Construction 3`.", required=True)),
    _step("surpass", "Follow with a higher card of the lead suit (7.5a).",
          player=_who("Who follows."),
          card=Key(ACTION_CARD, "The card played face up.", required=True)),
    _step("copy", "Follow with any card face down: one action of the lead suit (7.5b).",
          player=_who("Who follows."),
          card=Key(ACTION_CARD, "The card played face down, when it matters.")),
    _step("pivot", "Follow with a card of another suit: one action of its suit (7.5c).",
          player=_who("Who follows."),
          card=Key(ACTION_CARD, "The card played face up.", required=True)),
    _step("seize", "A follower plays an extra card face down to seize the initiative (7.7).",
          player=_who("Who seizes: the player whose turn it is.")),
    _step("declare_ambition", "The player who led declares the ambition on the lead card "
          "(7.6).", ambition=Key(Choice(list(AMBITIONS), "ambition"), "The ambition.",
                                 required=True)),
    _step("pass_initiative", "The initiative holder passes instead of leading (1.2)."),
    _step("end_round", "The round ends once everyone with cards has played (7.8)."),
)


def _turn(view: Any) -> Any:
    current = view.state.round
    return current.turn.player if current and current.turn else None


def _pips(view: Any) -> int:
    current = view.state.round
    return current.turn.left if current and current.turn else 0


EXPECTATIONS = (
    Expectation("lead_card", Choice([None, *ACTION_CARD.choices], "action card"), "The card "
                "led this round; `null` between rounds.",
                lambda v: v.state.round.lead.name if v.state.round else None),
    Expectation("lead_number", Int(minimum=0, maximum=7), "The lead card's number now: 0 once "
                "an ambition was declared on it.",
                lambda v: v.state.round.number if v.state.round else None),
    Expectation("turn", Ref("player", nullable=True), "Whose turn it is; `null` between turns "
                "and rounds.", _turn),
    Expectation("action_pips", Int(minimum=0, maximum=MOST_PIPS), "Action pips left in the "
                "turn under way.", _pips),
    Expectation("seized", Ref("player", nullable=True), "Who seized the initiative this round.",
                lambda v: v.state.round.seized if v.state.round else None),
)
