"""The 52 cards of a standard deck as scenarios write them (`2C`, `10H`, `QS`, `AS`), their
order within a suit and the points they carry."""

from __future__ import annotations

from collections.abc import Iterable

SUITS = {"C": "clubs", "D": "diamonds", "S": "spades", "H": "hearts"}
"""The four suits by their letter; there are no trumps in Hearts."""
SYMBOLS = {"C": "\u2663", "D": "\u2666", "S": "\u2660", "H": "\u2665"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Lowest first: the ace is the highest card of its suit."""
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
"""Every card, by suit (clubs, diamonds, spades, hearts) and rank: the order hands are shown."""
HAND_SIZE = len(DECK) // 4
"""Thirteen cards each for four players (1.1)."""

TWO_OF_CLUBS = "2C"
QUEEN_OF_SPADES = "QS"
HEART = "H"


def suit(card: str) -> str:
    """The card's suit letter: `H` for `10H`."""
    return card[-1]


def rank(card: str) -> int:
    """The card's place in its suit, 0 for a two up to 12 for an ace."""
    return RANKS.index(card[:-1])


def points(card: str) -> int:
    """What the card costs whoever takes it: a heart 1 (3.1), the Queen of Spades 13 (3.2)."""
    if card == QUEEN_OF_SPADES:
        return 13
    return 1 if suit(card) == HEART else 0


def is_point_card(card: str) -> bool:
    return points(card) > 0


def shown(card: str) -> str:
    """The card as players write it: `Q\u2660`."""
    return card[:-1] + SYMBOLS[suit(card)]


def suit_name(card: str) -> str:
    """The name of the card's suit, singular: `club`."""
    return SUITS[suit(card)][:-1]


def in_order(cards: Iterable[str]) -> list[str]:
    """Cards as a hand is sorted: by suit, then rank."""
    return sorted(cards, key=DECK.index)


def written(cards: Iterable[str]) -> str:
    """Cards as a hand shows them, in order: `2\u2663 9\u2666 Q\u2660`."""
    return " ".join(shown(card) for card in in_order(cards)) or "no card"
