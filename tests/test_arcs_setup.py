"""An Arcs setup that breaks the rules is refused with the rule and the place; bad input is a
located error with a suggestion, never a traceback."""

from __future__ import annotations

import pytest
from repo_games import GAMES

from checker.games.arcs.battle.battle_vocabulary import FaceSpec
from checker.games.arcs.battle.dice import SYMBOLS
from checker.games.arcs.parts.words import BUILDING
from checker.runner import check_scenario, load_file
from checker.vocabulary import INVALID, Context, Spec
from checker.yamlsource import Text

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
    ("players: [A, B]", "arcs:2.11a", "with no cluster out of play, none are there"),
    ("players: [A, B]\n  ambition_box_resources: {fuel: 2}", "arcs:2.11a", "this setup has 2"),
    ("players: [A, B, C]\n  ambition_box_resources: {fuel: 6}", "arcs:2.11", "two-player"),
    ("players: [A, B, C]\n  trophies: {A: {A: {ships: 1}}}", "arcs:2.3c", "Rival pieces"),
    ("players: [A, B, C]\n  captives: {B: {B: 1}}", "arcs:2.3b", "Rival agents"),
    ("players: [A, B, C]\n  cities: {B: 4}\n  trophies: {A: {B: {cities: 2}}}", "arcs:2.10b",
     "too many"),
    ("players: [A, B, C]\n  buildings: {1 Arrow: [B city, B city]}", "arcs:2.10b",
     "2 on the map"),
    ("players: [A, B, C]\n  setup_card: 4 Player Frontiers", "arcs:6.4a", "for 4 players, not 3"),
    ("players: [A, B, C]\n  out_of_play: [3]", "arcs:6.4a", "with 3 players, 2 clusters are out of play, not 1"),
    ("players: [A, B, C]\n  setup_card: 3 Player Mix Up\n  out_of_play: [1, 5]", "arcs:6.4a",
     "clusters 1 and 4 out of play, not clusters 1 and 5"),
    ("players: [A, B, C, D]\n  out_of_play: [3]\n  ships: {3 Moon: {A: 1}}", "arcs:6.4b",
     "cluster 3 is out of play"),
    ("players: [A, B, C, D]\n  out_of_play: [5]\n  buildings: {5 Hex: [A city]}", "arcs:6.4b",
     "cluster 5 is out of play"),
    ("players: [A, B, C]\n  buildings: {2 Arrow: [A city, B city]}", "arcs:6.2",
     "2 Arrow has 1 building slot"),
    ("players: [A, B, C]\n  buildings: {2 Gate: [A starport]}", "arcs:6.2",
     "a gate has no building slots"),
    ("players: [A, B, C]\n  ships: {1 Gate: {A: 10}}\n  damaged_ships: {2 Gate: {A: 6}}",
     "arcs:6.9", "A has 15 ships; this setup uses 16"),
    (("players: [A, B, C]\n  captives: {B: {A: 6}}\n  court: [Farseers]\n"
     "  court_agents: {Farseers: {A: 5}}"), "arcs:6.9", "A has 10 agents; this setup uses 11"),
    ("players: [A, B, C]\n  resources: {A: {fuel: 3}, B: {fuel: 3}}", "arcs:6.9",
     "5 Fuel tokens; this setup uses 6"),
    ("players: [A, B, C]\n  cities: {A: 5}\n  resources: {A: {fuel: 3}}", "arcs:6.10",
     "only 2 open resource slots"),
    (("players: [A, B]\n  court: [Farseers, Gatekeepers, Skirmishers, Relic Fence]\n"
     "  ambition_box_resources: {fuel: 6}"), "arcs:6.13", "3 cards with 2 players"),
    ("players: [A, B, C]\n  court: [Farseers]\n  court_deck: [Farseers]", "arcs:6.13",
     "both in the Court row and in the Court deck"),
    ("players: [A, B, C]\n  court: [Farseers]\n  court_agents: {Gatekeepers: {A: 1}}",
     "arcs:6.13", "not in the Court row"),
    ("players: [A, B]\n  setup_card: 2 Player Homelands\n  ambition_box_resources: {fuel: 6}",
     "arcs:2.11a", "match the six out-of-play planets"),
    ("players: [A, B, C]\n  court: [Farseers]\n  guild_cards_held: {A: [Farseers]}", "arcs:6.13",
     "each card is in one place"),
    ("players: [A, B, C]\n  guild_cards_held: {A: [Farseers], B: [Farseers]}", "arcs:6.13",
     "each card is in one place"),
    ("players: [A, B, C]\n  resources: {A: [fuel, null, null, relics]}", "arcs:6.10",
     "a slot covered by a city"),
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


def test_map_names_are_located_with_a_suggestion() -> None:
    found = problems("setup:\n  players: [Red, Blue, Green]\n  ships: {3 Gat: {Red: 1}}\n"
                     "  buildings: {3 Hex: [Rde city, Blue citadel]}\n"
                     "  court: [Farseer]\n  setup_card: 3 Player Frontier\n"
                     "expect: {game_over: false}\n")
    assert found == [
        ("s.yaml:6:11: unknown system '3 Gat' (did you mean '3 Gate'?); expected one of 1 Gate, "
        "1 Arrow, 1 Moon, 1 Hex, 2 Gate, 2 Arrow, ..."),
        "s.yaml:7:23: unknown player 'Rde' (did you mean 'Red'?)",
        "s.yaml:7:33: unknown building 'citadel'; expected city or starport",
        "s.yaml:8:11: unknown Court card 'Farseer' (did you mean 'Farseers'?)",
        ("s.yaml:9:15: unknown setup card '3 Player Frontier' (did you mean '3 Player "
        "Frontiers'?); expected one of 2 Player Frontiers, 2 Player Mix Up 1, 2 Player "
        "Homelands, 2 Player Mix Up 2, 3 Player Mix Up, 3 Player Frontiers, 3 Player Homelands, "
        "3 Player Core Conflict, 4 Player Mix Up 1, 4 Player Mix Up 2, 4 Player Frontiers, "
        "4 Player Mix Up 3"),
    ]


def test_a_building_that_cannot_be_read_gets_one_located_error() -> None:
    found = problems("setup:\n  players: [Red, Blue, Green]\n"
                     "  buildings: {1 Arrow: [city, 5], 1 Hex: [Rde citadel]}\n"
                     "expect: {game_over: false}\n")
    expected = "expected a building such as `Red city` or `Blue damaged starport`, got"
    assert found == [f"s.yaml:6:25: {expected} 'city'", f"s.yaml:6:31: {expected} 5",
                     "s.yaml:6:43: unknown building 'citadel'; expected city or starport"]


@pytest.mark.parametrize(("spec", "text"), [(BUILDING, "Red citadel"), (BUILDING, "Rde city"),
                                             (FaceSpec(), "hit + hot"), (FaceSpec(), 7)])
def test_a_text_that_cannot_be_read_is_invalid_for_the_checker(spec: Spec, text: object) -> None:
    """What the check gives back for a bad text, besides its one error: nothing to use."""
    ctx = Context(Text("s.yaml", str(text)), [], {"player": ["Red", "Blue"]})
    assert spec.check(text, (0, 0), ctx) is INVALID
    assert len(ctx.problems) == 1


def test_a_face_that_cannot_be_read_is_located() -> None:
    found = problems("setup:\n  players: [Red, Blue, Green]\n  initiative: Red\n"
                     "  action_cards: {Red: 2, Blue: 2, Green: 2}\n  ships: {4 Gate: {Red: 5}}\n"
                     "steps:\n  - battle:\n      system: 4 Gate\n      defender: Blue\n"
                     "      dice: {assault: [7, hit + hot, hit+hit+hit+hit+hit+hit+hit]}\n"
                     "expect: {game_over: false}\n")
    expected = "expected a die face such as `hit + self-hit`, `intercept + key + key` or `blank`"
    symbols = f"{expected} (symbols: {', '.join(SYMBOLS)}), got"
    assert found == [f"s.yaml:13:24: {expected}, got 7",
                     f"s.yaml:13:27: {symbols} 'hit + hot'",
                     f"s.yaml:13:38: {symbols} 'hit+hit+hit+hit+hit+hit+hit'"]
