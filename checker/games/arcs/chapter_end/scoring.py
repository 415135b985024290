"""Step 1 of ending a chapter: scoring each declared ambition (2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.games.arcs.common import Events, cite, listed, refuse
from checker.games.arcs.parts.components import BOX_RESOURCES, COUNTED, NEUTRAL, face
from checker.games.arcs.state import Gain, Result, Stage, State
from checker.games.immutable import frozen
from checker.sentences import change

WHAT = {"Tycoon": "Fuel and Material icons", "Tyrant": "Captives", "Warlord": "Trophies",
        "Keeper": "Relic icons", "Empath": "Psionic icons"}
NONE = {"Tycoon": "Fuel or Material", "Tyrant": "Captives", "Warlord": "Trophies",
        "Keeper": "Relics", "Empath": "Psionics"}
COUNT_RULE = {"Tycoon": "2.3a", "Tyrant": "2.3b", "Warlord": "2.3c", "Keeper": "2.3d",
              "Empath": "2.3e"}


def count(state: State, ambition: str, player: str) -> int:
    """What a player has of the thing an ambition counts (2.3)."""
    if ambition == "Tyrant":
        return state.captive_count(player)
    if ambition == "Warlord":
        return state.trophy_count(player)
    icons = COUNTED[ambition]
    tokens = state.tokens(player)
    return sum(tokens.get(i, 0) + state.guild[player].get(i, 0) for i in icons)


def counts(state: State, ambition: str) -> dict[str, int]:
    """Every player's count, and with two players the neutral's (2.11)."""
    out = {p: count(state, ambition, p) for p in state.players}
    if state.box_resources is not None:
        out[NEUTRAL] = sum(state.box_resources.get(r, 0) for r in BOX_RESOURCES.get(ambition, ()))
    return out


def places(tally: Mapping[str, int]) -> tuple[str | None, tuple[str, ...]]:
    """First and second place from the counts: only those with some qualify (2.9); a tie for
    first puts every tied one second and nobody else (2.7); a tie for second places nobody
    second (2.8)."""
    qualified = {who: n for who, n in tally.items() if n > 0}
    if not qualified:
        return None, ()
    best = max(qualified.values())
    top = [who for who, n in qualified.items() if n == best]
    if len(top) > 1:
        return None, tuple(top)
    rest = {who: n for who, n in qualified.items() if who != top[0]}
    if not rest:
        return top[0], ()
    runner = max(rest.values())
    seconds = [who for who, n in rest.items() if n == runner]
    return top[0], tuple(seconds) if len(seconds) == 1 else ()


def score_ambition(state: State, args: Any, reach_scoring: Any) -> tuple[State, Events]:
    """The `score_ambition` step: ends the chapter first when it is still being played."""
    events: Events = []
    if state.stage in (Stage.PLAYING, Stage.DRAWN):
        state, events = reach_scoring(state)
    elif state.stage is not Stage.SCORING:
        refuse("1.4", "ambitions are scored first when a chapter ends, and that is already "
               "over")
    ambition = args["ambition"]
    if not state.boxes.get(ambition):
        refuse("2.2", f"{ambition} has no ambition marker in its box, so it is not scored")
    if state.result(ambition):
        refuse("2.2", f"{ambition} has already been scored this chapter")
    state, scored = score(state, ambition)
    return state, events + scored


def score_remaining(state: State) -> tuple[State, Events]:
    events: Events = []
    for ambition in state.declared():
        if state.result(ambition) is None:
            state, scored = score(state, ambition)
            events += scored
    return state, events


def score(state: State, ambition: str) -> tuple[State, Events]:
    markers = tuple(state.showing(name) for name in state.boxes[ambition])
    tally = counts(state, ambition)
    first, second = places(tally)
    high, low = sum(m[0] for m in markers), sum(m[1] for m in markers)
    shown = " + ".join(face(m) for m in markers)
    events = [cite("2.2", f"{ambition} has {'markers' if len(markers) > 1 else 'a marker'} "
                          f"{shown} in its box: first place is worth {high}, second {low}."),
              cite(COUNT_RULE[ambition], f"{WHAT[ambition]}: " + ", ".join(
                  f"{_name(who)} {n}" for who, n in tally.items()) + ".")]
    if NEUTRAL in tally:
        rule = "2.11b" if ambition == "Warlord" and tally[NEUTRAL] else "2.11"
        events.append(cite(rule, f"With two players the resources on the {ambition} box count "
                                 f"as a third player's: {tally[NEUTRAL]}."))
    events += _qualifying(ambition, tally)
    gained = {p: 0 for p in state.players}
    bonus = {p: 0 for p in state.players}
    if first is None and second:
        events.append(cite("2.7", f"{listed(_name(w) for w in second)} tie for first place, so "
                                  "each takes second place and nobody else places."))
    if first is not None:
        if first == NEUTRAL:
            events.append(cite("2.11c", f"The neutral third player takes first place; it gains "
                                        f"nothing, and no player gains the {high}."))
        else:
            gained[first] += high
            events.append(cite("2.4", f"{first} takes first place: +{high} Power."))
            extra = state.bonus(first)
            if extra:
                bonus[first] = extra
                gained[first] += extra
                slots = "the +2 and +3 slots are" if extra == 5 else "the +2 slot is"
                events.append(cite("2.10", f"{first} won {ambition} outright and {slots} "
                                           f"uncovered: +{extra} bonus Power."))
                if len(markers) > 1:
                    events.append(cite("2.10a", f"The bonus comes once for {ambition}, although "
                                                f"its box has {len(markers)} markers."))
        runner_up = _runner_up(tally, first)
        if not second and len(runner_up) > 1:
            events.append(cite("2.8", f"{listed(_name(w) for w in runner_up)} tie for second "
                                      "place: nobody takes it and nobody gains its Power."))
    for who in second:
        if who == NEUTRAL:
            events.append(cite("2.11c", "The neutral third player takes second place; it "
                                        "gains nothing."))
        else:
            gained[who] += low
            events.append(cite("2.5", f"{who} takes second place: +{low} Power."))
    if first is None and not second:
        events.append(cite("2.9", f"Nobody has any {NONE[ambition]}: nobody gains Power from "
                                  f"{ambition}."))
    gains = tuple(Gain(p, n, ambition) for p, n in gained.items() if n)
    if gains:
        moves = ", ".join(f"{g.player} " + change(state.power(g.player),
                                                  state.power(g.player) + g.power)
                          for g in gains)
        events.append(cite("2.6", f"Power track: {moves}."))
    result = Result(ambition, markers, frozen(tally), first, second, frozen(gained),
                    frozen(bonus))
    return state.with_(gains=state.gains + gains, results=state.results + (result,)), events


def _qualifying(ambition: str, tally: Mapping[str, int]) -> Events:
    empty = [who for who, n in tally.items() if n == 0]
    if not empty or len(empty) == len(tally):
        return []
    return [cite("2.9", f"{listed(_name(w) for w in empty)} "
                        f"{'has' if len(empty) == 1 else 'have'} no {NONE[ambition]}, so "
                        f"{'does' if len(empty) == 1 else 'do'} not place.")]


def _runner_up(tally: Mapping[str, int], first: str) -> list[str]:
    rest = {who: n for who, n in tally.items() if who != first and n > 0}
    if not rest:
        return []
    best = max(rest.values())
    return [who for who, n in rest.items() if n == best]


def _name(who: str) -> str:
    return "the neutral third player" if who == NEUTRAL else who
