"""The starting state of an Arcs scenario: a chapter being played, its hands and its boxes, the
map, the Court and the player boards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from checker.games.arcs.common import refuse
from checker.games.arcs.parts.board import SYSTEMS
from checker.games.arcs.parts.components import (
    BOX_RESOURCE_TOTAL,
    BY_FACE,
    CITIES_AT_START,
    THRESHOLDS,
    face,
    flipped_in_chapter,
)
from checker.games.arcs.parts.court_cards import GUILD
from checker.games.arcs.state import Gain, Stage, State
from checker.games.arcs.table import map_setup
from checker.games.arcs.table.piece_limits import check_limits
from checker.games.arcs.table.player_board import RESOURCE_SLOTS
from checker.games.immutable import frozen


def initial_state(data: Mapping[str, Any]) -> State:
    players: tuple[str, ...] = tuple(data["players"])
    if len(players) not in THRESHOLDS:
        refuse("4.1", f"Arcs is played by 2, 3 or 4 players, not {len(players)}")
    chapter = data["chapter"]
    out = map_setup.out_of_play(data, len(players))
    initiative = data.get("initiative", players[0])
    hands = frozen({p: data.get("action_cards", {}).get(p, 0) for p in players})
    start = players.index(initiative)
    flipped = frozenset(m.name for m in flipped_in_chapter(chapter))
    state = State(
        players=players, initiative=initiative, chapter=chapter,
        stage=Stage.PLAYING,
        gains=tuple(Gain(p, n, "Power before the scenario") for p, n in
                    data.get("power", {}).items() if n),
        hands=hands,
        passed=frozenset(),
        boxes=frozen(_boxes(data.get("ambitions", {}), chapter, flipped)),
        flipped=flipped,
        resources=_resource_slots(players, data.get("resources", {})),
        guild=_guild_icons(players, data),
        trophies=frozen({p: frozen({o: frozen(k) for o, k in owners.items()})
                         for p, owners in data.get("trophies", {}).items()}),
        captives=frozen({p: frozen(owners) for p, owners in data.get("captives", {}).items()}),
        cities=frozen({p: data.get("cities", {}).get(p, CITIES_AT_START) for p in players}),
        box_resources=_box_resources(players, data.get("ambition_box_resources"), out),
        results=(), returned=frozen({}), cleanup=(), check="", mulliganed=None, ended=None,
        out_of_play=out, ships=map_setup.ships(data, out),
        buildings=map_setup.buildings(data, out), court=map_setup.court(data, len(players)),
        court_deck=tuple(data.get("court_deck", ())), court_discard=(),
        guild_held=frozen({p: tuple(data.get("guild_cards_held", {}).get(p, ()))
                           for p in players}),
        round=map_setup.current_round(data, players[start:] + players[:start], hands),
        outraged=frozen({p: frozenset(data.get("outrage", {}).get(p, ())) for p in players}),
        lore=frozen({p: tuple(data.get("lore_cards_held", {}).get(p, ())) for p in players}))
    _check_pieces(state)
    check_limits(state)
    return state


def _boxes(given: Mapping[str, Any], chapter: int, flipped: frozenset[str]
           ) -> dict[str, tuple[str, ...]]:
    """Markers are named by the side they show; which side that is follows from the chapter."""
    boxes: dict[str, tuple[str, ...]] = {}
    placed: dict[str, str] = {}
    for ambition, faces in given.items():
        names = []
        for shown in faces:
            marker = BY_FACE[shown]
            if marker.name in placed:
                refuse("2.1", f"the {shown} marker is in the {placed[marker.name]} box and the "
                       f"{ambition} box: each marker is in one place")
            up = marker.back if marker.name in flipped else marker.front
            if face(up) != shown:
                side = "flipped to" if marker.name in flipped else "still on"
                refuse("3.6", f"in chapter {chapter} the {marker.name} marker is {side} its "
                       f"{face(up)} side, not {shown}")
            placed[marker.name] = ambition
            names.append(marker.name)
        boxes[ambition] = tuple(names)
    return boxes


def _guild_icons(players: tuple[str, ...], data: Mapping[str, Any]
                 ) -> Mapping[str, Mapping[str, int]]:
    """The icons given, and those of the Guild cards named as held."""
    icons = {p: dict(data.get("guild_cards", {}).get(p, {})) for p in players}
    for player, cards in data.get("guild_cards_held", {}).items():
        for card in cards:
            icons[player][GUILD[card]] = icons[player].get(GUILD[card], 0) + 1
    return frozen({p: frozen(held) for p, held in icons.items()})


def _resource_slots(players: tuple[str, ...], given: Mapping[str, Any]
                    ) -> Mapping[str, tuple[str | None, ...]]:
    """Tokens given by slot, left to right, or as counts, which fill the slots from the left in
    the order written."""
    slots = {}
    for player in players:
        held = given.get(player, {})
        tokens = [r for r, n in held.items() for _ in range(n)] if isinstance(held, dict) \
            else list(held)
        slots[player] = tuple(tokens) + (None,) * (RESOURCE_SLOTS - len(tokens))
    return frozen(slots)


def _box_resources(players: tuple[str, ...], given: Mapping[str, int] | None,
                   out: frozenset[int]) -> Mapping[str, int] | None:
    """Given, or read off the planets of the out-of-play clusters."""
    if len(players) != 2:
        if given is not None:
            refuse("2.11", "resources go on the ambition boxes only in a two-player game")
        return None
    covered = Counter(s.resource for s in SYSTEMS.values() if s.cluster in out and s.resource)
    if out:
        if given is None:
            return frozen(covered)
        if Counter({r: n for r, n in given.items() if n}) == covered:
            return frozen(given)
        refuse("2.11a", "the resources on the ambition boxes match the six out-of-play planets: "
               + ", ".join(f"{n} {r}" for r, n in sorted(covered.items())))
    if given is None:
        refuse("2.11a", "a two-player game has 6 resources on the ambition boxes, one for each "
               "planet out of play; with no cluster out of play, none are there to place")
    total = sum(given.values())
    if total != BOX_RESOURCE_TOTAL:
        refuse("2.11a", f"a two-player game has {BOX_RESOURCE_TOTAL} resources on the ambition "
               f"boxes, one per out-of-play planet; this setup has {total}")
    return frozen(given)


def _check_pieces(state: State) -> None:
    held = [card for cards in state.lore.values() for card in cards]
    twice = next((card for card in held if held.count(card) > 1), None)
    if twice is not None:
        refuse("9.11", f"{twice} is one card, held by one player")
    for holder, owners in state.trophies.items():
        if holder in owners:
            refuse("2.3c", f"{holder} holds their own pieces as Trophies: Trophies are Rival "
                   "pieces")
    for holder, agents in state.captives.items():
        if holder in agents:
            refuse("2.3b", f"{holder} holds their own agents as Captives: Captives are Rival "
                   "agents")
