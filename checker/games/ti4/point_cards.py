"""Cards that carry a victory point with them, so that a player who loses the card loses the
point: the Shard of the Throne relic (73.3) and Support for the Throne promissory notes (69)."""

from __future__ import annotations

from typing import Any

from checker.games.immutable import frozen
from checker.games.ti4.common import Events, cite, gain_points, lose_points, refuse
from checker.games.ti4.state import RoundPhase, State

SHARD = "Shard of the Throne"
SUPPORT = "Support for the Throne"


def shard_of_the_throne(state: State, args: Any) -> tuple[State, Events]:
    """The relic's own text: who gains it gains 1 point, who loses it loses 1 (73.3). The two
    happen together; only the gain can end the game, so the loss is shown first."""
    player, holder = args["player"], state.shard
    if holder == player:
        refuse("73.3", f"{player} already holds the {SHARD}")
    events: Events = []
    if holder is None:
        events.append(cite("73.3", f"{player} gains the {SHARD} relic."))
    else:
        events.append(cite("73.3", f"The {SHARD} passes from {holder} to {player}."))
        state, lost = lose_points(state.with_(shard=player), holder, 1, f"the {SHARD}", "73.3")
        events += lost
    state, gained = gain_points(state.with_(shard=player), player, 1, f"the {SHARD}", "73.3")
    return state, events + gained


def support_for_the_throne(state: State, args: Any) -> tuple[State, Events]:
    """`giver` gives their Support for the Throne to `player`, who must play it at once and
    gains 1 point (69.note1b, 69.1)."""
    player, giver = args["player"], args["from"]
    if player == giver:
        refuse("69.2", f"{player} cannot play their own {SUPPORT}")
    holder = state.supports.get(giver)
    if holder is not None:
        refuse("69.1", f"{giver}'s {SUPPORT} is in {holder}'s play area; it must come back to "
               f"{giver} before it can be given again")
    state = state.with_(supports=frozen({**state.supports, giver: player}))
    events = [cite("69.note1b", f"{giver} gives their {SUPPORT} to {player}, who plays it at once, "
                                "face up.")]
    state, gained = gain_points(state, player, 1, f"{giver}'s {SUPPORT}", "69.1")
    return state, events + gained


def exchange_support(state: State, args: Any) -> tuple[State, Events]:
    """Two players give each other their Support for the Throne in one transaction. Each plays
    the card received at once (69.note1b); the points come in the order of 69.note1c."""
    pair = tuple(args["players"])
    for giver in pair:
        holder = state.supports.get(giver)
        if holder is not None:
            refuse("69.1", f"{giver}'s {SUPPORT} is in {holder}'s play area; it must come back "
                   f"to {giver} before it can be given again")
    first = _first_to_gain(state, pair)
    second = pair[1] if first == pair[0] else pair[0]
    state = state.with_(supports=frozen({**state.supports, first: second, second: first}))
    events = [cite("69.note1b", f"{first} and {second} give each other their {SUPPORT}; each "
                                "plays the card received at once, face up."),
              cite("69.note1c", f"Both gain a point at once: {first} gains first, as "
                                + (f"{first} is the active player." if state.active == first
                                   else f"{first} comes first in speaker order."))]
    for player, giver in ((first, second), (second, first)):
        state, gained = gain_points(state, player, 1, f"{giver}'s {SUPPORT}", "69.1")
        events += gained
        if state.ended:
            break
    return state, events


def _first_to_gain(state: State, pair: tuple[str, ...]) -> str:
    """In the action phase the transaction is the active player's, who gains first; while an
    agenda is resolved, the first of the two in speaker order (69.note1c, 94.1, 94.6)."""
    if state.phase is RoundPhase.ACTION and state.active in pair:
        return state.active
    if state.phase is RoundPhase.AGENDA:
        return next(p for p in state.clockwise_from_speaker() if p in pair)
    refuse("94.1", "a transaction is made on a player's turn, by the active player"
           + (f" ({state.active})" if state.active else "") + ", or while an agenda is "
           f"resolved; {' and '.join(pair)} cannot trade now, in the {state.phase.value} phase")


def return_support(state: State, args: Any) -> tuple[State, Events]:
    """`player` activated a system with units of the card's owner (or the owner was
    eliminated): the card goes back and `player` loses the point it gave (69.1)."""
    player, owner = args["player"], args["to"]
    if state.supports.get(owner) != player:
        refuse("69.1", f"{player} does not hold {owner}'s {SUPPORT}")
    supports = {giver: holder for giver, holder in state.supports.items() if giver != owner}
    state = state.with_(supports=frozen(supports))
    events = [cite("69.1", f"{player} returns {owner}'s {SUPPORT} to {owner}.")]
    state, lost = lose_points(state, player, 1, f"{owner}'s {SUPPORT}", "69.1")
    return state, events + lost
