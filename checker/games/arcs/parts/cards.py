"""The 28 action cards: four suits numbered 1 to 7, their action pips, the actions each suit
allows and the ambition each number lets the leader declare (7.2)."""

from __future__ import annotations

from dataclasses import dataclass

SUITS = ("Administration", "Aggression", "Construction", "Mobilization")
NUMBERS = (1, 2, 3, 4, 5, 6, 7)
FOUR_PLAYERS_ONLY = (1, 7)
"""The 1 and 7 cards are used only with four players."""

PIPS: dict[str, tuple[int, ...]] = {
    "Administration": (4, 4, 3, 3, 3, 2, 1),
    "Aggression": (3, 3, 2, 2, 2, 2, 1),
    "Construction": (4, 4, 3, 3, 2, 2, 1),
    "Mobilization": (4, 4, 3, 3, 2, 2, 1),
}
"""Action pips on the cards numbered 1 to 7 of each suit."""

SUIT_ACTIONS: dict[str, tuple[str, ...]] = {
    "Administration": ("tax", "repair", "influence"),
    "Aggression": ("battle", "move", "secure"),
    "Construction": ("build", "repair"),
    "Mobilization": ("move", "influence"),
}

CARD_AMBITION: dict[int, str | None] = {1: None, 2: "Tycoon", 3: "Tyrant", 4: "Warlord",
                                        5: "Keeper", 6: "Empath", 7: "any"}
"""The ambition printed on each number: none on a 1, any ambition on a 7."""


@dataclass(frozen=True, slots=True)
class Card:
    suit: str
    number: int

    @property
    def name(self) -> str:
        return f"{self.suit} {self.number}"

    @property
    def pips(self) -> int:
        return PIPS[self.suit][self.number - 1]


CARD_NAMES = tuple(f"{suit} {number}" for suit in SUITS for number in NUMBERS)


def card(name: str) -> Card:
    suit, number = name.rsplit(" ", 1)
    return Card(suit, int(number))


def actions_of(suit: str) -> str:
    """`tax, repair or influence`."""
    names = SUIT_ACTIONS[suit]
    return ", ".join(names[:-1]) + " or " + names[-1]
