"""Hits on pieces: a fresh piece hit is damaged, a damaged piece hit is destroyed and taken by
the other side as a Trophy (9.7, 9.8). The attacker names the piece each hit lands on."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from checker.games.arcs.common import Events, cite, plural, refuse
from checker.games.arcs.parts.battle_report import Hit
from checker.games.arcs.parts.pieces import BUILDING_KINDS, Fleet
from checker.games.arcs.state import State
from checker.games.immutable import frozen, updated

SHIP_TARGETS = ("ship", "damaged ship")
BUILDING_TARGETS = tuple(f"{damaged}{kind}" for kind in BUILDING_KINDS
                         for damaged in ("", "damaged "))
TARGETS = SHIP_TARGETS + BUILDING_TARGETS
"""How a scenario names the piece a hit lands on; a piece not called damaged is fresh."""
TROPHY_KIND = {"ship": "ships", "city": "cities", "starport": "starports"}

Targets = Callable[[State], list[str]]
"""The targets a hit may land on now."""


@dataclass(frozen=True, slots=True)
class Side:
    """The pieces hits land on: whose, where, and who takes them when destroyed."""

    owner: str
    holder: str
    system: str
    trophy_rule: str
    """9.8a when the attacker takes the defender's pieces, 9.8b the other way round."""


def ships_of(owner: str, system: str) -> Targets:
    def targets(state: State) -> list[str]:
        fleet = state.fleet(system, owner)
        return [t for t, n in zip(SHIP_TARGETS, (fleet.fresh, fleet.damaged)) if n]
    return targets


def buildings_of(owner: str, system: str) -> Targets:
    def targets(state: State) -> list[str]:
        return [target for target in BUILDING_TARGETS
                if _building_slot(state, system, owner, target) is not None]
    return targets


def ships_first(owner: str, system: str) -> Targets:
    """Ships while any is left, then buildings (9.6c)."""
    ships, buildings = ships_of(owner, system), buildings_of(owner, system)
    return lambda state: ships(state) or buildings(state)


def deal(state: State, hits: int, symbol: str, side: Side, named: Sequence[str],
         legal: Targets, rule: str) -> tuple[State, list[Hit], Events]:
    """Land `hits` hits on `owner`'s pieces, one on each target named in turn, each of them a
    target `legal` allows at that moment. Hits are not optional; once nothing can be hit, the
    rest are lost."""
    owner, system = side.owner, side.system
    landed: list[Hit] = []
    events: Events = []
    named = list(named)
    for number in range(hits):
        allowed = legal(state)
        if not allowed:
            if named:
                refuse(rule, f"no piece of {owner}'s is left for the {symbol}s to hit, so the "
                       f"{named[0]} named is not hit")
            events.append(cite("9.7a", f"{plural(hits - number, symbol)} left with nothing "
                                       "to hit: lost."))
            break
        if not named:
            refuse("9.7a", f"{plural(hits, symbol)} must land: the step names "
                   f"{plural(number, 'target')} for them, not one for each")
        target = named.pop(0)
        if target not in allowed:
            refuse(rule, f"{_a(symbol)} {symbol} cannot land on {owner}'s {target} at "
                   f"{system} now; it can hit: {', '.join(allowed)}")
        state, hit = strike(state, system, owner, side.holder, target, symbol)
        landed.append(hit)
        events.append(cite("9.7", _told(hit, system)))
        if hit.destroyed:
            events.append(cite(side.trophy_rule, f"{side.holder} takes {owner}'s {hit.piece} "
                                                 "as a Trophy."))
    if named:
        refuse("9.7a", f"only {plural(len(landed), symbol)} landed, but the step names "
               f"{plural(len(landed) + len(named), 'target')}")
    return state, landed, events


def strike(state: State, system: str, owner: str, holder: str, target: str, symbol: str
           ) -> tuple[State, Hit]:
    """One hit on `owner`'s piece named `target`; a destroyed piece goes to `holder`."""
    damaged = target.startswith("damaged ")
    piece = target.removeprefix("damaged ")
    if piece == "ship":
        fleet = state.fleet(system, owner)
        after = Fleet(fleet.fresh, fleet.damaged - 1) if damaged else \
            Fleet(fleet.fresh - 1, fleet.damaged + 1)
        fleets = {p: f for p, f in {**state.ships[system], owner: after}.items() if f.total}
        state = state.with_(ships=updated(state.ships, system, frozen(fleets)))
    else:
        slot = _building_slot(state, system, owner, target)
        assert slot is not None
        slots = state.slots(system)
        building = slots[slot]
        assert building is not None
        left = None if damaged else replace(building, fresh=False)
        state = state.with_(buildings=updated(state.buildings, system,
                                              slots[:slot] + (left,) + slots[slot + 1:]))
    if damaged:
        state = take_trophy(state, holder, owner, TROPHY_KIND[piece])
    return state, Hit(symbol, owner, piece, damaged)


def take_trophy(state: State, holder: str, owner: str, kind: str, number: int = 1) -> State:
    """`holder` puts `number` of `owner`'s pieces of `kind` in their Trophies box (9.8)."""
    owners = dict(state.trophies.get(holder, {}))
    kinds = dict(owners.get(owner, {}))
    kinds[kind] = kinds.get(kind, 0) + number
    owners[owner] = frozen(kinds)
    return state.with_(trophies=updated(state.trophies, holder, frozen(owners)))


def _building_slot(state: State, system: str, owner: str, target: str) -> int | None:
    fresh = not target.startswith("damaged ")
    kind = target.removeprefix("damaged ")
    return next((i for i, b in enumerate(state.slots(system)) if b is not None
                 and b.owner == owner and b.kind == kind and b.fresh == fresh), None)


def _told(hit: Hit, system: str) -> str:
    what = f"{_a(hit.symbol).capitalize()} {hit.symbol}"
    if hit.destroyed:
        return f"{what} destroys {hit.owner}'s damaged {hit.piece} at {system}."
    return f"{what} damages {hit.owner}'s {hit.piece} at {system}."


def _a(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"
