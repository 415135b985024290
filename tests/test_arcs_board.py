"""The Arcs map: systems, planet types and slots, adjacency, out-of-play clusters."""

from __future__ import annotations

from collections import Counter

import pytest

from checker.games.arcs.parts.board import (
    OUT_OF_PLAY,
    SETUP_CARDS,
    SYSTEMS,
    adjacent,
    gate_ring,
    neighbours,
    setup_card_players,
)

NONE_OUT: frozenset[int] = frozenset()


def test_six_clusters_of_a_gate_and_three_planets() -> None:
    assert len(SYSTEMS) == 24
    assert sum(s.is_gate for s in SYSTEMS.values()) == 6
    assert all(s.slots == 0 and s.resource is None for s in SYSTEMS.values() if s.is_gate)
    assert all(s.slots in (1, 2) for s in SYSTEMS.values() if not s.is_gate)


def test_planet_types_and_slots() -> None:
    kinds = Counter(s.resource for s in SYSTEMS.values() if not s.is_gate)
    assert kinds == {"weapons": 4, "fuel": 4, "material": 4, "relics": 3, "psionics": 3}
    assert (SYSTEMS["1 Arrow"].resource, SYSTEMS["1 Arrow"].slots) == ("weapons", 2)
    assert (SYSTEMS["2 Arrow"].resource, SYSTEMS["2 Arrow"].slots) == ("psionics", 1)
    assert (SYSTEMS["4 Moon"].resource, SYSTEMS["4 Moon"].slots) == ("fuel", 2)
    assert (SYSTEMS["6 Hex"].resource, SYSTEMS["6 Hex"].slots) == ("psionics", 1)
    assert sum(s.slots for s in SYSTEMS.values()) == 26


def test_a_gate_touches_its_planets_and_the_two_neighbouring_gates() -> None:
    near = neighbours(NONE_OUT)
    assert near["1 Gate"] == {"1 Arrow", "1 Moon", "1 Hex", "2 Gate", "6 Gate"}
    assert near["4 Gate"] == {"4 Arrow", "4 Moon", "4 Hex", "3 Gate", "5 Gate"}


def test_planets_form_a_chain_and_only_two_borders_cross_clusters() -> None:
    near = neighbours(NONE_OUT)
    assert near["3 Moon"] == {"3 Gate", "3 Arrow", "3 Hex"}
    assert near["3 Hex"] == {"3 Gate", "3 Moon"}
    assert near["2 Hex"] == {"2 Gate", "2 Moon", "3 Arrow"}
    assert near["6 Arrow"] == {"6 Gate", "6 Moon", "5 Hex"}
    assert not adjacent("1 Hex", "2 Arrow", NONE_OUT)
    assert not adjacent("3 Hex", "4 Arrow", NONE_OUT)
    assert not adjacent("6 Hex", "1 Arrow", NONE_OUT)


def test_adjacency_is_symmetric() -> None:
    for out in (NONE_OUT, frozenset({3}), frozenset({1, 6}), frozenset({2, 5})):
        near = neighbours(out)
        assert all(a in near[b] for a, others in near.items() for b in others)


def test_an_out_of_play_cluster_is_entered_by_nothing() -> None:
    near = neighbours(frozenset({3}))
    assert not any(name.startswith("3 ") for name in near)
    assert "3 Arrow" not in near["2 Hex"]
    assert all(not other.startswith("3 ") for others in near.values() for other in others)


def test_the_path_marker_joins_the_two_neighbouring_gates() -> None:
    assert adjacent("2 Gate", "4 Gate", frozenset({3}))
    assert not adjacent("2 Gate", "4 Gate", NONE_OUT)
    assert gate_ring({1, 6}) == (2, 3, 4, 5)
    assert adjacent("5 Gate", "2 Gate", frozenset({1, 6}))
    assert adjacent("3 Gate", "5 Gate", frozenset({1, 4}))
    assert adjacent("6 Gate", "2 Gate", frozenset({1, 4}))


def test_setup_cards_put_the_right_number_of_clusters_out_of_play() -> None:
    assert len(SETUP_CARDS) == 12
    for card, out in SETUP_CARDS.items():
        assert len(out) == OUT_OF_PLAY[setup_card_players(card)]
    assert SETUP_CARDS["4 Player Mix Up 1"] == (3,)


@pytest.mark.parametrize("name", ["1 Gate", "1 Arrow", "1 Moon", "1 Hex"])
def test_system_names_read_cluster_then_symbol(name: str) -> None:
    assert SYSTEMS[name].cluster == 1 and name.endswith(SYSTEMS[name].symbol)
