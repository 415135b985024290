"""The Hearts engine's rules, one at a time, through its Ruleset (what the checker calls)."""

from __future__ import annotations

from typing import Any

import pytest
from checker.api import RuleViolation

from hearts_rules.ruleset import Hearts
from hearts_rules.state import State

GAME = Hearts()
PLAYERS = ("North", "East", "South", "West")
DEAL = {
    "North": ("2D", "3D", "4D", "5D", "6D", "QS", "2H", "3H", "4H", "5H", "6H", "7H", "8H"),
    "East": ("2C", "3C", "4C", "5C", "6C", "7C", "7D", "8D", "9D", "2S", "3S", "4S", "9H"),
    "South": ("8C", "9C", "10C", "JC", "10D", "JD", "QD", "5S", "6S", "7S", "8S", "10H", "JH"),
    "West": ("QC", "KC", "AC", "KD", "AD", "9S", "10S", "JS", "KS", "AS", "QH", "KH", "AH"),
}
LAST_TRICK = {"North": ("AH",), "East": ("2C",), "South": ("3D",), "West": ("4S",)}
ALL_BUT_ONE_HEART = ("2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH")


def setup(**data: Any) -> State:
    return GAME.setup({"players": PLAYERS, **data})


def play(state: State, *plays: tuple[str, str]) -> State:
    for player, card in plays:
        state, _ = GAME.apply(state, "play", {"player": player, "card": card})
    return state


def refused(state: State, player: str, card: str) -> str:
    with pytest.raises(RuleViolation) as caught:
        GAME.apply(state, "play", {"player": player, "card": card})
    return caught.value.rule


def last_trick(taken: dict[str, tuple[str, ...]], scores: dict[str, int] | None = None
               ) -> State:
    """The hand's last trick, North leading A♥ and winning it."""
    state = setup(hands=LAST_TRICK, taken=taken, leader="North", scores=scores or {})
    return play(state, ("North", "AH"), ("East", "2C"), ("South", "3D"), ("West", "4S"))


def test_the_two_of_clubs_leads_the_first_trick() -> None:
    state = setup(hands=DEAL)
    assert state.to_play == "East"
    assert refused(state, "East", "3C") == "hearts:2.1"
    assert refused(state, "North", "2D") == "hearts:2.2"


def test_a_player_follows_suit_when_they_can() -> None:
    state = play(setup(hands=DEAL), ("East", "2C"))
    assert refused(state, "South", "5S") == "hearts:2.3"


def test_no_points_on_the_first_trick_unless_there_is_no_choice() -> None:
    state = play(setup(hands=DEAL), ("East", "2C"), ("South", "8C"), ("West", "AC"))
    assert refused(state, "North", "QS") == "hearts:2.4"
    assert refused(state, "North", "2H") == "hearts:2.4"
    assert play(state, ("North", "2D")).leader == "West"


def test_the_highest_card_of_the_suit_led_takes_the_trick() -> None:
    state = setup(hands={"North": ("KD",), "East": ("AH",), "South": ("2D",), "West": ("AS",)},
                  taken={"North": ALL_BUT_ONE_HEART[:6], "West": ("QS", *ALL_BUT_ONE_HEART[6:])},
                  leader="North")
    state = play(state, ("North", "KD"), ("East", "AH"), ("South", "2D"), ("West", "AS"))
    assert state.points_taken("North") == 7


def test_hearts_are_led_only_once_broken_or_when_nothing_else_is_held() -> None:
    others = {"East": ("JH", "QH", "KH", "AH", "2D", "3D", "5S", "6S", "7C"),
              "South": ("QS", "4D", "5D", "8S", "9S", "8C", "KD", "QD", "4S"),
              "West": ("10S", "JS", "KS", "AS", "6D", "7D", "9C", "10C", "JC")}
    hearts = ("2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H")
    only_hearts = setup(hands={"North": hearts, **others}, leader="North")
    assert play(only_hearts, ("North", "2H")).hearts_broken
    mixed = {"North": (*hearts[1:], "JC"), **others, "West": (*others["West"][:-1], "2H")}
    assert refused(setup(hands=mixed, leader="North"), "North", "3H") == "hearts:2.5"


def test_the_queen_of_spades_does_not_break_hearts() -> None:
    state = setup(hands={"North": ("2H",), "East": ("3H",), "South": ("4H",), "West": ("5H",)},
                  taken={"West": ("QS", *("6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH",
                                          "AH"))}, leader="North")
    assert state.hearts_broken  # hearts among the cards taken
    queen_only = setup(hands=DEAL)
    assert not play(queen_only, ("East", "2C"), ("South", "8C"), ("West", "AC"),
                    ("North", "2D")).hearts_broken


def test_a_hand_scores_a_point_a_heart_and_13_for_the_queen() -> None:
    state = last_trick({"North": ALL_BUT_ONE_HEART[:5], "East": ("QS",),
                        "West": ALL_BUT_ONE_HEART[5:]})
    assert state.last_result is not None
    assert dict(state.last_result.added) == {"North": 6, "East": 13, "South": 0, "West": 7}
    assert state.to_play is None


def test_shooting_the_moon_gives_each_opponent_26() -> None:
    state = last_trick({"North": ("QS", *ALL_BUT_ONE_HEART)}, {"North": 10})
    assert state.scores() == {"North": 10, "East": 26, "South": 26, "West": 26}
    assert state.last_result is not None and state.last_result.moon == "North"


def test_the_game_ends_at_100_and_the_lowest_score_wins() -> None:
    state = last_trick({"North": ("QS", *ALL_BUT_ONE_HEART)},
                       {"North": 80, "East": 74, "South": 60, "West": 60})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == "North"
    assert outcome.rule == "hearts:4.1"


def test_99_does_not_end_the_game() -> None:
    state = last_trick({"East": ("QS", *ALL_BUT_ONE_HEART)}, {"North": 73})
    assert state.score("North") == 74 and GAME.outcome(state) is None


def test_a_tie_for_lowest_plays_on() -> None:
    state = last_trick({"East": ("QS", *ALL_BUT_ONE_HEART[:12])},
                       {"North": 40, "East": 80, "South": 41, "West": 60})
    assert state.scores() == {"North": 41, "East": 105, "South": 41, "West": 60}
    assert GAME.outcome(state) is None
    dealt, _ = GAME.apply(state, "deal", DEAL)
    assert dealt.to_play == "East"


def test_no_new_deal_during_a_hand_and_13_cards_each() -> None:
    with pytest.raises(RuleViolation) as caught:
        GAME.apply(setup(hands=DEAL), "deal", DEAL)
    assert caught.value.rule == "hearts:1.3"
    with pytest.raises(RuleViolation) as caught:
        GAME.apply(setup(), "deal", {**DEAL, "West": DEAL["West"][:12]})
    assert caught.value.rule == "hearts:1.1"


def test_a_setup_missing_a_point_card_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        setup(hands=LAST_TRICK, leader="North")
    assert caught.value.rule == "hearts:3.2"


def test_the_picture_marks_the_step_and_escapes_names() -> None:
    state = setup(hands=DEAL)
    after = play(state, ("East", "2C"))
    drawn = GAME.picture(after, state)
    assert drawn.startswith("<svg") and 'class="chg"' in drawn
    assert GAME.picture(after, after) == ""


def test_the_picture_is_ascii() -> None:
    assert GAME.picture(play(setup(hands=DEAL), ("East", "2C"))).isascii()
