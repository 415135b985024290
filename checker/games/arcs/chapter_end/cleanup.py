"""Step 2 of ending a chapter: Trophies and Captives go back, a returned city may cover
resource slots, markers return, one flips (3)."""

from __future__ import annotations

from checker.games.arcs.chapter_end.scoring import score_remaining
from checker.games.arcs.common import Events, cite, listed, plural
from checker.games.arcs.parts.components import FLIP_ORDER, face
from checker.games.arcs.state import Stage, State
from checker.games.arcs.table.covered_slots import Discards, settle_all
from checker.games.immutable import frozen

PIECE = {"ships": "ship", "starports": "starport", "cities": "city", "agents": "agent"}
SUPPLIED = ("ships", "starports", "agents")
"""Trophies that go back to their owner's supply; cities go back to the board instead."""


def clean_up(state: State, discards: Discards | None = None) -> tuple[State, Events]:
    """The clean-up; `discards` names, by player, the resources each discards when a returned
    city leaves them more tokens than open slots (3.4a)."""
    state, events = score_remaining(state)
    scored = {r.ambition for r in state.results}
    returned: dict[str, dict[str, int]] = {}
    notes: list[str] = []
    if "Warlord" in scored:
        state, more = _return_trophies(state, returned)
        events += more
        notes.append("Trophies returned (Warlord was scored)")
    elif any(state.trophy_count(p) for p in state.players):
        events.append(cite("3.1", "Warlord was not scored: the Trophies stay where they are."))
        notes.append("Trophies kept (Warlord was not scored)")
    state, settled, rearranged = settle_all(state, discards or {})
    events += settled
    notes += rearranged
    if "Tyrant" in scored:
        state, more = _return_captives(state, returned)
        events += more
        notes.append("Captives returned (Tyrant was scored)")
    elif any(state.captive_count(p) for p in state.players):
        events.append(cite("3.2", "Tyrant was not scored: the Captives stay where they are."))
        notes.append("Captives kept (Tyrant was not scored)")
    events.append(cite("3.5", "Every ambition marker goes back to the Available Markers spaces."))
    notes.append("markers available")
    unflipped = [m for m in FLIP_ORDER if m.name not in state.flipped]
    flipped = state.flipped
    if unflipped:
        marker = unflipped[0]
        flipped = flipped | {marker.name}
        events.append(cite("3.6", f"The lowest marker not yet flipped, {marker.name}, turns over "
                                  f"to its {face(marker.back)} side."))
        notes.append(f"{marker.name} flipped to {face(marker.back)}")
    else:
        events.append(cite("3.6", "All three markers already show their higher side: none is "
                                  "left to flip."))
    state = state.with_(boxes=frozen({}), flipped=flipped, stage=Stage.CLEANED,
                        returned=frozen({o: frozen(k) for o, k in returned.items()}),
                        cleanup=tuple(notes))
    return state, events


def _return_trophies(state: State, returned: dict[str, dict[str, int]]) -> tuple[State, Events]:
    events = [cite("3.1", "Warlord was scored: every Trophy goes back to its owner.")]
    cities = dict(state.cities)
    for holder, owners in state.trophies.items():
        for owner, kinds in owners.items():
            back = returned.setdefault(owner, {})
            to_supply = [plural(kinds[k], PIECE[k]) for k in SUPPLIED if kinds.get(k)]
            for kind, number in kinds.items():
                back[kind] = back.get(kind, 0) + number
            if to_supply:
                verb = "goes" if sum(kinds.get(k, 0) for k in SUPPLIED) == 1 else "go"
                events.append(cite("3.3", f"{listed(to_supply)} of {owner}'s, held by {holder}, "
                                          f"{verb} back to {owner}'s supply."))
            if kinds.get("cities"):
                before = state.with_(cities=frozen(cities)).bonus(owner)
                cities[owner] += kinds["cities"]
                after = state.with_(cities=frozen(cities)).bonus(owner)
                text = (f"{plural(kinds['cities'], 'city')} of {owner}'s, held by {holder}, "
                        f"{'goes' if kinds['cities'] == 1 else 'go'} back to the rightmost empty "
                        f"city slot of {owner}'s board")
                if after != before:
                    text += f", covering a bonus slot again: {owner}'s bonus for a won ambition " \
                            f"drops from +{before} to +{after}"
                events.append(cite("3.4", text + "."))
    return state.with_(trophies=frozen({}), cities=frozen(cities)), events


def _return_captives(state: State, returned: dict[str, dict[str, int]]) -> tuple[State, Events]:
    events = [cite("3.2", "Tyrant was scored: every Captive goes back to its owner.")]
    for holder, owners in state.captives.items():
        for owner, agents in owners.items():
            if not agents:
                continue
            back = returned.setdefault(owner, {})
            back["agents"] = back.get("agents", 0) + agents
            events.append(cite("3.3", f"{plural(agents, 'agent')} of {owner}'s, held by "
                                      f"{holder}, {'goes' if agents == 1 else 'go'} back to "
                                      f"{owner}'s supply."))
    return state.with_(captives=frozen({})), events
