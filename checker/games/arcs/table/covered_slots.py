"""A city that comes back to its player board may cover resource slots holding tokens: the
owner rearranges their tokens into the open slots and discards what those cannot hold, as
when gaining a resource (3.4a, 6.11b). Which tokens go is the owner's choice; the scenario
names them when the choice matters."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from checker.games.arcs.common import Events, cite, listed, plural, refuse
from checker.games.arcs.state import State
from checker.games.arcs.table.player_board import NAMES, open_slots
from checker.games.immutable import updated

UNCOUNTED = ("material", "fuel")
"""Resources whose name takes no plural: 2 Fuel, 2 Material."""
Discards = Mapping[str, Sequence[str]]
"""By player, the resources they discard (a resource named twice is two tokens)."""


def settle_all(state: State, discards: Discards) -> tuple[State, Events, list[str]]:
    """Every player's tokens back into their open slots; the events and picture notes."""
    events: Events = []
    notes: list[str] = []
    for player in state.players:
        state, said, note = settle(state, player, discards.get(player))
        events += said
        notes.append(note)
    return state, events, [note for note in notes if note]


def settle(state: State, player: str, discard: Sequence[str] | None
           ) -> tuple[State, Events, str]:
    slots, room = state.resources[player], open_slots(state, player)
    held = [r for r in slots if r is not None]
    covered = [r for r in slots[room:] if r is not None]
    excess = len(held) - room
    if excess <= 0:
        if discard:
            refuse("3.4a", f"{player} has room for every resource they hold "
                   f"({len(held)} in {room} open slots): {player} discards nothing")
        if not covered:
            return state, [], ""
    gone = _chosen(player, held, room, excess, discard) if excess > 0 else []
    arranged = _arrange(slots, room, gone)
    state = state.with_(resources=updated(state.resources, player, arranged))
    return state, [cite("3.4a", _rearranged(player, covered, room, gone))], \
        _note(player, gone)


def _rearranged(player: str, covered: list[str], room: int, gone: Sequence[str]) -> str:
    return (f"A returned city covers {player}'s {_tokens(covered)}: {player} rearranges "
            f"their resources into the {room} open slots"
            + (f" and discards {_tokens(gone)}, which the slots cannot hold." if gone else "."))


def _note(player: str, gone: Sequence[str]) -> str:
    """The clean-up's note for the state table (words only)."""
    return f"{player} rearranges resources" + (f", discarding {_tokens(gone)}" if gone else "")


def _chosen(player: str, held: list[str], room: int, excess: int,
            discard: Sequence[str] | None) -> Sequence[str]:
    """The tokens the owner discards: as named, or, when every token is alike, any of them."""
    if discard is None:
        if len(set(held)) > 1:
            refuse("3.4a", f"{player} holds {_tokens(held)} and has {room} open resource slots "
                   f"now: {player} must discard {plural(excess, 'resource')} and chooses which, "
                   "so the clean-up step must say which")
        return held[:excess]
    if len(discard) != excess:
        refuse("3.4a", f"{player} holds {plural(len(held), 'resource')} for {room} open "
               f"resource slots: {player} discards exactly {excess}, not {len(discard)}")
    have = Counter(held)
    for resource, number in Counter(discard).items():
        if number > have[resource]:
            refuse("3.4a", f"{player} holds {_tokens([resource] * have[resource], resource)} "
                   f"and cannot discard {_tokens([resource] * number)}")
    return discard


def _arrange(slots: tuple[str | None, ...], room: int, discard: Sequence[str]
             ) -> tuple[str | None, ...]:
    """The slots after discarding and rearranging. The checker takes each discarded token
    from the rightmost slot holding one (covered slots first), leaves the tokens in open slots
    where they are, and moves those from covered slots into the empty open slots from the
    left."""
    left, to_drop = list(slots), Counter(discard)
    for index in reversed(range(len(left))):
        resource = left[index]
        if resource is not None and to_drop[resource]:
            to_drop[resource] -= 1
            left[index] = None
    kept = left[:room]
    for resource in (r for r in left[room:] if r is not None):
        kept[kept.index(None)] = resource
    return tuple(kept) + tuple(None for _ in left[room:])


def _tokens(resources: Sequence[str], none_of: str = "") -> str:
    """`2 Fuel and 1 Relic`, in the order first named; `no Relic` for none of `none_of`."""
    said = [f"{n} {NAMES[r]}{'s' if n > 1 and r not in UNCOUNTED else ''}"
            for r, n in Counter(resources).items()]
    return listed(said) if said else f"no {NAMES[none_of]}"
