"""Drawing action cards (2): the top card of the deck, a fresh deck from the discard pile when
it runs out, and the hand limit of seven, applied at once (2.4)."""

from __future__ import annotations

from dataclasses import dataclass

from checker.games.immutable import frozen
from checker.games.ti4.common import Events, cite
from checker.games.ti4.state import State

HAND_LIMIT = 7


@dataclass(frozen=True, slots=True)
class Why:
    """The rules to cite while drawing: the draw itself, a reshuffle, an empty deck."""

    draw: str
    reshuffle: str
    empty: str


def draw(state: State, players: list[str], why: Why) -> tuple[State, Events]:
    """Each player named draws one card, in the order given (a name twice draws twice)."""
    events: Events = []
    deck, discard, hands = state.action_deck, state.action_discard, dict(state.action_hands)
    for player in players:
        if deck == 0 and discard:
            events.append(cite(why.reshuffle, f"The action deck is empty: the {discard} discarded "
                                              "cards are shuffled into a new deck."))
            deck, discard = discard, 0
        if deck == 0:
            events.append(cite(why.empty, f"No action card is left for {player}."))
            continue
        if deck is not None:
            deck -= 1
        hands[player] = hands.get(player, 0) + 1
        events.append(cite(why.draw, f"{player} draws an action card ({hands[player]} in hand)."))
        if hands[player] > HAND_LIMIT:
            discard += hands[player] - HAND_LIMIT
            events.append(cite("2.4", f"{player} discards down to {HAND_LIMIT} action cards."))
            hands[player] = HAND_LIMIT
    return state.with_(action_deck=deck, action_discard=discard, action_hands=frozen(hands)), events
