"""Secret objectives in hand: drawing, the three-card limit (61.21), returning and showing."""

from __future__ import annotations

from typing import Any

from checker.games.immutable import updated
from checker.games.ti4.common import Events, cite, refuse
from checker.games.ti4.state import State

SECRET_LIMIT = 3


def draw(state: State, player: str, name: str, rule: str = "61.21") -> tuple[State, Events]:
    holder = next((p for p in state.players if name in state.secrets[p] or
                   name in state.scored_secrets(p)), None)
    if holder is not None:
        refuse("61.19", f"{name} is not in the secret objective deck: {holder} has it")
    hand = state.secrets[player] + (name,)
    state = state.with_(secrets=updated(state.secrets, player, hand))
    events = [cite(rule, f"{player} draws the secret objective {name}.")]
    total = len(hand) + len(state.scored_secrets(player))
    if total <= SECRET_LIMIT:
        return state, events
    if hand == (name,):
        state = state.with_(secrets=updated(state.secrets, player, ()))
        events.append(cite("61.note8", f"{player} has three scored secret objectives, so {name} "
                                       "is shuffled straight back into the deck."))
        return state, events
    events.append(cite("61.21a", f"{player} now has {total} secret objectives and must return an "
                                 "unscored one to the deck."))
    return state.with_(pending_return=player), events


def draw_step(state: State, args: Any) -> tuple[State, Events]:
    return draw(state, args["player"], args["objective"])


def return_step(state: State, args: Any) -> tuple[State, Events]:
    player, name = args["player"], args["objective"]
    if state.pending_return != player:
        refuse("61.21a", f"{player} is not over the limit of three secret objectives and returns "
               "nothing")
    if name not in state.secrets[player]:
        refuse("61.21a", f"{player} can only return one of their own unscored secret objectives; "
               f"{name} is not one")
    hand = tuple(n for n in state.secrets[player] if n != name)
    shown = tuple(n for n in state.shown_secrets.get(player, ()) if n != name)
    state = state.with_(secrets=updated(state.secrets, player, hand), pending_return=None,
                        shown_secrets=updated(state.shown_secrets, player, shown))
    return state, [cite("61.21a", f"{player} returns {name} to the secret objective deck and "
                                  "shuffles it.")]


def show_step(state: State, args: Any) -> tuple[State, Events]:
    player, name = args["player"], args["objective"]
    if name not in state.secrets[player]:
        refuse("61.note4", f"{player} can only reveal secret objectives in their own hand")
    shown = state.shown_secrets.get(player, ())
    shown += () if name in shown else (name,)
    return state.with_(shown_secrets=updated(state.shown_secrets, player, shown)), [
        cite("61.note4", f"{player} shows {name} to everyone; it stays theirs, unscored.")]
