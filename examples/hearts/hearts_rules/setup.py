"""The table a scenario starts from, and each new deal: who holds which cards, the cards
already taken this hand, the scores so far."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.api import Event

from hearts_rules.cards import DECK, HAND_SIZE, TWO_OF_CLUBS, is_point_card, shown
from hearts_rules.citing import cite, refuse
from hearts_rules.scoring import game_end, outcome_if_over
from hearts_rules.state import State


def initial_state(data: Mapping[str, Any]) -> State:
    players = tuple(data["players"])
    hands = {p: tuple(data.get("hands", {}).get(p, ())) for p in players}
    taken = {p: tuple(data.get("taken", {}).get(p, ())) for p in players}
    state = State(players, {p: data.get("scores", {}).get(p, 0) for p in players}, hands,
                  taken, (), None, 0, (), (), None)
    if not state.in_progress:
        if any(taken.values()):
            refuse("3.1", "cards taken in tricks are counted when the hand ends, so between "
                   "hands (no `hands` given) nobody holds taken cards")
        return state.with_(ended=outcome_if_over(state))
    _check_cards(hands, taken)
    _check_points(hands, taken)
    sizes = {len(held) for held in hands.values()}
    if len(sizes) > 1:
        refuse("2.2", "every trick takes one card from each player, so all four hold the same "
               f"number of cards; these hands hold {', '.join(str(len(h)) for h in hands.values())}")
    if game_end(state.scores()):
        refuse("4.1", "with these scores the game ended when the last hand was scored: "
               "no hand is played after that")
    if len(hands[players[0]]) == HAND_SIZE:
        return state.with_(leader=_two_of_clubs_holder(hands, data.get("leader")))
    if data.get("leader") is None:
        refuse("2.6", "in the middle of a hand, the setup names who leads the next trick "
               "(`leader`: whoever won the last one)")
    return state.with_(leader=data["leader"], tricks_played=HAND_SIZE - sizes.pop())


def deal(state: State, hands: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """A new hand: the cards each player holds after passing (1.2)."""
    if state.in_progress:
        refuse("1.3", f"the hand is still being played ({state.trick_number - 1} of "
               f"{HAND_SIZE} tricks done): a new hand is dealt once it is scored")
    missing = [p for p in state.players if p not in hands]
    if missing:
        refuse("1.1", f"every player is dealt a hand; none is given for {', '.join(missing)}")
    short = [f"{p} {len(h)}" for p, h in hands.items() if len(h) != HAND_SIZE]
    if short:
        refuse("1.1", f"each player is dealt {HAND_SIZE} cards, not {', '.join(short)}")
    held = {p: tuple(hands[p]) for p in state.players}
    _check_cards(held, {})
    leader = _two_of_clubs_holder(held, None)
    state = state.with_(hands=held, taken={p: () for p in state.players}, trick=(),
                        leader=leader, tricks_played=0, last_trick=())
    return state, [cite("1.1", f"A new hand: each player is dealt {HAND_SIZE} cards, as they "
                        "hold them after passing."),
                   cite("2.1", f"{leader} holds {shown(TWO_OF_CLUBS)} and leads the first "
                        "trick with it.")]


def _check_cards(hands: Mapping[str, tuple[str, ...]],
                 taken: Mapping[str, tuple[str, ...]]) -> None:
    seen: dict[str, str] = {}
    for where in (hands, taken):
        for player, cards in where.items():
            for card in cards:
                if card in seen:
                    refuse("1.1", f"the deck holds one {shown(card)}, but both {seen[card]} "
                           f"and {player} have it")
                seen[card] = player


def _check_points(hands: Mapping[str, tuple[str, ...]],
                  taken: Mapping[str, tuple[str, ...]]) -> None:
    """Every heart and the Queen of Spades is held or taken, so a hand's points add up to 26
    when it ends (3.2); other cards already played may be left out."""
    known = {card for where in (hands, taken) for cards in where.values() for card in cards}
    lost = [shown(card) for card in DECK if is_point_card(card) and card not in known]
    if lost:
        refuse("3.2", "every heart and the Queen of Spades is in a hand or among the cards "
               f"taken, so that a hand's points add up to 26; missing: {', '.join(lost)}")


def _two_of_clubs_holder(hands: Mapping[str, tuple[str, ...]], leader: Any) -> str:
    holder = next((p for p, cards in hands.items() if TWO_OF_CLUBS in cards), None)
    if holder is None:
        refuse("2.1", f"at the first trick someone holds {shown(TWO_OF_CLUBS)}, which leads it")
    if leader is not None and leader != holder:
        refuse("2.1", f"the first trick is led by the holder of {shown(TWO_OF_CLUBS)}, "
               f"{holder}, not {leader}")
    return holder
