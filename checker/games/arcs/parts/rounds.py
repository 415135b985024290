"""Where a round of card play stands: the lead card, who has taken a turn, and the turn under
way with its action pips, its Prelude and its per-turn limits (7, 10)."""

from __future__ import annotations

from dataclasses import dataclass

from checker.games.arcs.parts.cards import Card

LEAD, SURPASS, COPY, PIVOT = "lead", "surpass", "copy", "pivot"


@dataclass(frozen=True, slots=True)
class Turn:
    """One player's turn: the card play and the actions it gives."""

    player: str
    play: str
    """How the card was played: lead, surpass, copy or pivot."""
    card: Card | None
    """The card played; None for a Copy, which is face down."""
    actions: tuple[str, ...]
    """The actions the pips may be spent on."""
    left: int
    """Action pips not spent yet."""
    acted: bool = False
    """An action pip has been spent: too late to declare or seize, and the Prelude is over."""
    declared: bool = False
    taxed: tuple[tuple[str, int], ...] = ()
    """Cities taxed this turn, by system and building slot (8.1d)."""
    ships_built: tuple[tuple[str, int], ...] = ()
    """Starports that built a ship this turn, by system and building slot (8.2e)."""
    ended: bool = False
    """The player, left with nothing on the map, placed ships at a gate: the turn is over
    (7.10)."""
    preluded: bool = False
    """A Prelude action has been taken: too late to declare or seize (10.1a)."""
    spent: tuple[str, ...] = ()
    """Resources spent in the Prelude under way: off the board, and back in the supply only
    when it ends (10.3)."""
    secured: tuple[str, ...] = ()
    """Court cards secured this turn, whose Prelude actions wait for another Prelude (10.6)."""
    used: tuple[str, ...] = ()
    """Guild cards whose once-a-turn Prelude ability was used this turn (10.8c)."""

    @property
    def in_prelude(self) -> bool:
        """The Prelude lasts until an action pip is spent or the turn ends (10.1)."""
        return not self.acted and not self.ended


@dataclass(frozen=True, slots=True)
class Union:
    """A Union Guild card placed beside a card played face up this round: as the round ends,
    its player draws that card back into their hand (10.10)."""

    player: str
    card: str
    """The Union card, such as `Admin Union`."""
    beside: Card
    """The action card it was placed beside."""


@dataclass(frozen=True, slots=True)
class Round:
    """A round in progress: the holder led, the others follow in turn order."""

    lead: Card
    number: int
    """The lead card's number now: 0 once an ambition was declared on it (zero marker)."""
    done: tuple[str, ...]
    """Players who have played a card this round, in order (the current one included)."""
    turn: Turn | None
    seized: str | None = None
    surpassed: tuple[str, int] | None = None
    """The highest Surpass so far: who, and the card number."""
    on_table: tuple[Card, ...] = ()
    """Cards played face up this round."""
    unions: tuple[Union, ...] = ()
    """Union cards placed beside cards played this round, in the order placed."""
