"""Playing a card to a trick: whose turn it is, which cards are allowed, who wins the trick,
and the end of the hand after the thirteenth."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.api import Event

from hearts_rules.cards import (
    HEART,
    QUEEN_OF_SPADES,
    TWO_OF_CLUBS,
    is_point_card,
    rank,
    shown,
    suit,
    suit_name,
)
from hearts_rules.citing import cite, refuse
from hearts_rules.scoring import score_hand
from hearts_rules.state import Play, State


def play(state: State, args: Mapping[str, Any]) -> tuple[State, list[Event]]:
    player, card = args["player"], args["card"]
    if not state.in_progress:
        refuse("1.3", "no hand is being played: the next hand must be dealt first")
    if player != state.to_play:
        refuse("2.2", f"it is {state.to_play}'s turn to play, not {player}'s")
    if card not in state.hands[player]:
        refuse("2.2", f"{player} does not hold {shown(card)}")
    events = (_lead if not state.trick else _follow)(state, player, card)
    if suit(card) == HEART and not state.hearts_broken:
        events.append(cite("2.5", "Hearts are broken: a heart has been played, so hearts may "
                           "be led from the next trick on."))
    hands = {**state.hands, player: tuple(c for c in state.hands[player] if c != card)}
    state = state.with_(hands=hands, trick=state.trick + (Play(player, card),))
    if len(state.trick) == len(state.players):
        state, more = _take_trick(state)
        events += more
    return state, events


def _lead(state: State, player: str, card: str) -> list[Event]:
    if state.first_trick:
        if card != TWO_OF_CLUBS:
            refuse("2.1", f"the first trick is led with {shown(TWO_OF_CLUBS)}, not "
                   f"{shown(card)}")
        return [cite("2.1", f"{player} leads {shown(card)} to the first trick.")]
    if suit(card) == HEART and not state.hearts_broken:
        if any(suit(c) != HEART for c in state.hands[player]):
            refuse("2.5", f"hearts are not broken yet, and {player} holds cards of other "
                   f"suits: {shown(card)} cannot be led")
        return [cite("2.5", f"{player} holds nothing but hearts, so leads {shown(card)} "
                     "although hearts are not broken.")]
    return [cite("2.6", f"{player}, who won the last trick, leads {shown(card)}.")]


def _follow(state: State, player: str, card: str) -> list[Event]:
    led = state.trick[0].card
    held = state.hands[player]
    if suit(card) == suit(led):
        return [cite("2.3", f"{player} follows suit with {shown(card)}.")]
    if any(suit(c) == suit(led) for c in held):
        refuse("2.3", f"{player} holds a {suit_name(led)} and must follow suit, not play "
               f"{shown(card)}")
    events = [cite("2.3", f"{player} has no {suit_name(led)} and plays {shown(card)}.")]
    if state.first_trick and is_point_card(card):
        if any(not is_point_card(c) for c in held):
            refuse("2.4", f"no heart or {shown(QUEEN_OF_SPADES)} on the first trick while "
                   f"{player} holds another card: not {shown(card)}")
        events.append(cite("2.4", f"{player} holds no card but hearts and "
                           f"{shown(QUEEN_OF_SPADES)}, so may play one on the first trick."))
    return events


def _take_trick(state: State) -> tuple[State, list[Event]]:
    led = suit(state.trick[0].card)
    best = max((p for p in state.trick if suit(p.card) == led), key=lambda p: rank(p.card))
    won = tuple(p.card for p in state.trick)
    points = [shown(c) for c in won if is_point_card(c)]
    taking = f", taking {', '.join(points)}" if points else ""
    state = state.with_(taken={**state.taken, best.player: state.taken[best.player] + won},
                        trick=(), last_trick=state.trick, leader=best.player,
                        tricks_played=state.tricks_played + 1)
    events = [cite("2.6", f"{best.player} wins the trick with {shown(best.card)}, the highest "
                   f"{suit_name(best.card)}{taking}.")]
    if state.in_progress:
        return state, events
    state, more = score_hand(state)
    return state, events + more
