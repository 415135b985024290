"""Agenda outcomes that move points or objectives: Seed of an Empire (98.5) and Incentive Program,
which reveals a public objective from the deck outside the status phase (7.8, 61.13)."""

from __future__ import annotations

from typing import Any

from checker.games.ti4.cards import ObjectiveType
from checker.games.ti4.common import Events, cite, mostly, refuse
from checker.games.ti4.objectives import BY_NAME
from checker.games.ti4.points import gain_together, standing
from checker.games.ti4.state import RoundPhase, State


def _in_agenda_phase(state: State, agenda: str) -> None:
    if state.phase is not RoundPhase.AGENDA:
        refuse("8", f"{agenda} is an agenda: it is voted on and resolved in the agenda phase, "
               f"not the {state.phase.value} phase")


def seed_of_an_empire(state: State, args: Any) -> tuple[State, Events]:
    """For: the player with the most points gains 1; Against: the one with the fewest. Every
    tied player gains it (98.5), one at a time in speaker order (98.7, 8.note3)."""
    _in_agenda_phase(state, "Seed of an Empire")
    most = args["outcome"] == "for"
    word = "most" if most else "fewest"
    players = standing(state, most)
    events = [cite("7.8", f"Seed of an Empire is resolved {args['outcome'].capitalize()}: the "
                          f"player with the {word} victory points gains 1.")]
    if len(players) > 1:
        events.append(cite("98.5", f"{mostly(players)} are tied for the {word} victory points "
                                   f"({state.points(players[0])}): each of them gains it."))
    state, gained = gain_together(state, dict.fromkeys(players, 1), "Seed of an Empire", "7.8")
    return state, events + gained


def incentive_program(state: State, args: Any) -> tuple[State, Events]:
    """For: a stage I objective from the deck; Against: a stage II one. It comes from the rest
    of the deck, not from the objectives laid out at setup (61.13), which stay facedown: the
    status phase still reveals those, and the game still ends when none of them is left."""
    _in_agenda_phase(state, "Incentive Program")
    name, outcome = args["objective"], args["outcome"]
    wanted = ObjectiveType.STAGE_I if outcome == "for" else ObjectiveType.STAGE_II
    card = BY_NAME[name]
    if card.type is not wanted:
        refuse("7.8", f"Incentive Program resolved {outcome.capitalize()} reveals a "
               f"{wanted.value} objective; {name} is {card.type.value}")
    if name in state.revealed:
        refuse("7.8", f"{name} is already face up")
    if name in state.facedown_i or name in state.facedown_ii:
        refuse("61.13", f"{name} lies facedown by the victory point track; Incentive Program "
               "draws from the rest of the deck")
    state = state.with_(revealed=state.revealed + (name,))
    left = f"{len(state.facedown_i)} stage I and {len(state.facedown_ii)} stage II"
    events = [cite("7.8", f"Incentive Program is resolved {outcome.capitalize()}: {name} is drawn "
                          f"from the {wanted.value} deck and revealed."),
              cite("61.13", f"It is not one of the objectives laid out at setup: {left} of those "
                            "are still facedown, as before.")]
    if wanted is ObjectiveType.STAGE_II and state.facedown_i:
        events.append(cite("61.14a", "Stage I before stage II binds the speaker's reveal in the "
                                     "status phase, not this card."))
    return state, events
