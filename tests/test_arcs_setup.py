"""An Arcs setup that breaks the rules is refused with the rule and the place; bad input is a
located error with a suggestion, never a traceback."""

from __future__ import annotations

import pytest

from checker.games import GAMES
from checker.runner import check_scenario, load_file

HEAD = "id: arcs-x\ntitle: X\ngame: arcs\n"


def problems(text: str) -> list[str]:
    loaded = load_file("s.yaml", HEAD + text, GAMES)
    found = [str(p) for p in loaded.problems]
    for scenario in loaded.scenarios:
        found += [str(p) for p in check_scenario(scenario, GAMES).failures()]
    return found


@pytest.mark.parametrize(("setup", "rule", "words"), [
    ("players: [A, B, C, D, E]", "arcs:4.1", "2, 3 or 4 players, not 5"),
    ("players: [A, B, C]\n  chapter: 2\n  ambitions: {Tycoon: [2/0]}", "arcs:3.6",
     "flipped to its 4/2 side, not 2/0"),
    ("players: [A, B, C]\n  ambitions: {Tycoon: [4/2]}", "arcs:3.6", "still on its 2/0 side"),
    ("players: [A, B, C]\n  chapter: 2\n  ambitions: {Tycoon: [5/3], Keeper: [5/3]}", "arcs:2.1",
     "each marker is in one place"),
    ("players: [A, B]", "arcs:2.11a", "give `ambition_box_resources`"),
    ("players: [A, B]\n  ambition_box_resources: {fuel: 2}", "arcs:2.11a", "this setup has 2"),
    ("players: [A, B, C]\n  ambition_box_resources: {fuel: 6}", "arcs:2.11", "two-player"),
    ("players: [A, B, C]\n  trophies: {A: {A: {ships: 1}}}", "arcs:2.3c", "Rival pieces"),
    ("players: [A, B, C]\n  captives: {B: {B: 1}}", "arcs:2.3b", "Rival agents"),
    ("players: [A, B, C]\n  cities: {B: 4}\n  trophies: {A: {B: {cities: 2}}}", "arcs:2.10b",
     "too many"),
])
def test_a_setup_that_breaks_a_rule_is_refused_citing_it(setup: str, rule: str,
                                                          words: str) -> None:
    [problem] = problems(f"setup:\n  {setup}\nexpect: {{game_over: false}}\n")
    assert problem.startswith(f"s.yaml:5:3: the setup breaks {rule}: ")
    assert words in problem


def test_unknown_keys_and_names_are_located_with_a_suggestion() -> None:
    found = problems("setup:\n  players: [Red, Blue, Green]\n  ambitons: {Tycoon: [5/3]}\n"
                     "  resources: {Red: {fule: 1}}\n"
                     "steps:\n  - score_ambition: {ambition: Tycon}\n"
                     "expect:\n  places: {Keeper: {first: neutral}}\n  markers: [5/2]\n")
    assert found == [
        "s.yaml:6:3: unknown setup key 'ambitons' (did you mean 'ambitions'?)",
        "s.yaml:7:21: unknown resource 'fule' (did you mean 'fuel'?)",
        ("s.yaml:9:32: unknown ambition 'Tycon' (did you mean 'Tycoon'?); expected one of "
        "Tycoon, Tyrant, Warlord, Keeper, Empath"),
        "s.yaml:11:28: unknown player or neutral 'neutral'",
        ("s.yaml:12:13: unknown ambition marker '5/2' (did you mean '5/3'?); expected one of "
        "5/3, 3/2, 2/0, 9/4, 6/3, 4/2"),
    ]
