"""The map, the Court and the round under way of an Arcs scenario's setup, as the State holds
them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from checker.games.arcs.common import refuse
from checker.games.arcs.parts.board import (
    OUT_OF_PLAY,
    SETUP_CARDS,
    SYSTEMS,
    setup_card_players,
)
from checker.games.arcs.parts.cards import FOUR_PLAYERS_ONLY, card
from checker.games.arcs.parts.court_cards import COURT_ROW
from checker.games.arcs.parts.pieces import Building, CourtSpot, Fleet
from checker.games.arcs.parts.rounds import Round
from checker.games.arcs.parts.words import parse_building
from checker.games.immutable import frozen


def out_of_play(data: Mapping[str, Any], players: int) -> frozenset[int]:
    """From the setup card, or listed; none when the scenario gives neither."""
    card_name, listed = data.get("setup_card"), data.get("out_of_play")
    if card_name is not None:
        if setup_card_players(card_name) != players:
            refuse("6.4a", f"the setup card {card_name} is for {setup_card_players(card_name)} "
                   f"players, not {players}")
        if listed is not None and set(listed) != set(SETUP_CARDS[card_name]):
            refuse("6.4a", f"the setup card {card_name} puts "
                   f"{_clusters(SETUP_CARDS[card_name])} out of play, not {_clusters(listed)}")
        return frozenset(SETUP_CARDS[card_name])
    if listed is None:
        return frozenset()
    if len(listed) != OUT_OF_PLAY[players]:
        refuse("6.4a", f"with {players} players, {_count(OUT_OF_PLAY[players])} out of play, "
               f"not {len(listed)}")
    return frozenset(listed)


def _clusters(numbers: Any) -> str:
    """`cluster 3`, `clusters 1 and 4`."""
    listed = " and ".join(str(n) for n in sorted(numbers))
    return f"cluster{'s' if len(numbers) > 1 else ''} {listed}"


def _count(clusters: int) -> str:
    """`1 cluster is`, `2 clusters are`."""
    return "1 cluster is" if clusters == 1 else f"{clusters} clusters are"


def ships(data: Mapping[str, Any], out: frozenset[int]) -> Mapping[str, Mapping[str, Fleet]]:
    fresh, damaged = data.get("ships", {}), data.get("damaged_ships", {})
    fleets: dict[str, dict[str, Fleet]] = {}
    for system in list(fresh) + [s for s in damaged if s not in fresh]:
        _in_play(system, out, "ships")
        here = {p: Fleet(fresh.get(system, {}).get(p, 0), damaged.get(system, {}).get(p, 0))
                for p in {**fresh.get(system, {}), **damaged.get(system, {})}}
        here = {p: f for p, f in here.items() if f.total}
        if here:
            fleets[system] = here
    return frozen({s: frozen(f) for s, f in fleets.items()})


def buildings(data: Mapping[str, Any], out: frozenset[int]
              ) -> Mapping[str, tuple[Building | None, ...]]:
    placed: dict[str, tuple[Building | None, ...]] = {}
    for system, listed in data.get("buildings", {}).items():
        _in_play(system, out, "buildings")
        slots = SYSTEMS[system].slots
        if len(listed) > slots:
            where = "a gate has no building slots" if not slots else \
                f"{system} has {slots} building slot{'s' if slots > 1 else ''}"
            refuse("6.2", f"{len(listed)} buildings at {system}: {where}")
        if listed:
            placed[system] = tuple(parse_building(b) for b in listed) + (None,) * (slots - len(listed))
    return frozen(placed)


def _in_play(system: str, out: frozenset[int], what: str) -> None:
    if SYSTEMS[system].cluster in out:
        refuse("6.4b", f"{what} at {system}: cluster {SYSTEMS[system].cluster} is out of play")


def court(data: Mapping[str, Any], players: int) -> tuple[CourtSpot, ...]:
    row, agents = data.get("court", ()), data.get("court_agents", {})
    if len(row) > COURT_ROW[players]:
        refuse("6.13", f"the Court has {COURT_ROW[players]} cards with {players} players, not "
               f"{len(row)}")
    for name in agents:
        if name not in row:
            refuse("6.13", f"agents on {name}, which is not in the Court row")
    deck = data.get("court_deck", ())
    twice = [name for name, n in Counter(list(row) + list(deck)).items() if n > 1]
    if twice:
        refuse("6.13", f"{twice[0]} is both in the Court row and in the Court deck")
    held = Counter(c for cards in data.get("guild_cards_held", {}).values() for c in cards)
    elsewhere = [name for name, n in held.items() if n > 1 or name in row or name in deck]
    if elsewhere:
        refuse("6.13", f"{elsewhere[0]} is held by a player and is also somewhere else: each "
               "card is in one place")
    return tuple(CourtSpot(name, tuple((p, n) for p, n in agents.get(name, {}).items() if n))
                 for name in row)


def current_round(data: Mapping[str, Any], order: tuple[str, ...],
                  hands: Mapping[str, int]) -> Round | None:
    """A round already under way: the holder led `lead`, and everyone before `next` in turn
    order has played."""
    given = data.get("round")
    if given is None:
        return None
    lead = card(given["lead"])
    if lead.number in FOUR_PLAYERS_ONLY and len(order) < 4:
        refuse("7.2", f"the {lead.number} cards are used only with four players")
    following = given["next"]
    if following == order[0]:
        refuse("7.5", f"{following} holds the initiative and led this round: the next turn is "
               "another player's")
    if not hands[following]:
        refuse("7.5", f"{following} has no action card, so takes no turn")
    done = order[:order.index(following)]
    return Round(lead=lead, number=lead.number, done=done, turn=None, on_table=(lead,))
