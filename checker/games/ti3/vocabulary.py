"""What a TI3 scenario can say: setup keys, step kinds and expectation keys."""

from __future__ import annotations

from typing import Any

from checker.expectations import View
from checker.games.ti3.state import (
    IMPERIAL_II,
    STATUS_STEPS,
    STRATEGY_CARDS,
    RoundPhase,
    State,
)
from checker.games.twilight.vocabulary import (
    names,
    per_player,
    record,
    round_expectations,
    step,
)
from checker.vocabulary import (
    Bool,
    Choice,
    Expectation,
    Int,
    Key,
    ListOf,
    MapOf,
    OneOf,
    Ref,
    StepKind,
    Str,
    Vocabulary,
)

# The most of each thing a scenario may state: the game's own limit where it has one, otherwise
# far more than any game reaches; no count in a scenario is unbounded (see checker.limits).
MOST_PLAYERS = 8
"""Three to six players, up to eight with Shattered Empire."""
VICTORY_POINTS = 14
"""The last space of the long victory point track (12.1); also the most one card or ability
may be worth."""
POINTS_REACHED = 2 * VICTORY_POINTS
"""What a claim may state: a player's last gain can carry them past the last space."""
ROUNDS = 50
"""A game lasts well under ten rounds."""
COMMAND_COUNTERS = 16
"""A player's command counters: 2 strategy, 3 command, 3 fleet and 8 in reinforcements."""
SHIPS = 28
"""A player's ship pieces other than fighters (2 war suns, 5 dreadnoughts, 8 cruisers,
8 destroyers, 4 carriers, and a flagship with Shattered Empire)."""
PLANETS = 100
"""More than the game's planet cards (well under 100, Shattered Empire included)."""
OBJECTIVES = 100
"""More than the game's objective cards of every kind, Shattered Empire included."""
ACTION_CARDS = 200
"""More than the action card deck holds, with every expansion."""
LISTED_UNITS = 100
"""Units in one list; fighters and ground forces are not limited by their pieces."""

PLAYER = Ref("player")
PLAYERS = ListOf(PLAYER, unique=True, max_items=MOST_PLAYERS)
CARD = Choice(list(STRATEGY_CARDS), "strategy card")
CARDS = OneOf([CARD, ListOf(CARD, min_items=1, unique=True, max_items=len(STRATEGY_CARDS))])
USED_CARDS = ListOf(CARD, unique=True, max_items=len(STRATEGY_CARDS))
PHASE = Choice([phase.value for phase in RoundPhase], "phase")
PLANET_NAMES = ListOf(Str(), max_items=PLANETS)
OBJECTIVE_NAMES = ListOf(Str(), max_items=OBJECTIVES)
UNIT = Choice(["war sun", "dreadnought", "cruiser", "destroyer", "carrier", "fighter",
               "flagship", "ground force", "PDS", "space dock"], "unit")
UNITS = ListOf(UNIT, max_items=LISTED_UNITS)
COUNTERS = Int(minimum=0, maximum=COMMAND_COUNTERS)
WORTH = Int(minimum=1, maximum=VICTORY_POINTS)
ROUND = Int(minimum=1, maximum=ROUNDS)
FLEET = Int(minimum=0, maximum=SHIPS)
HAND = Int(minimum=0, maximum=ACTION_CARDS)


_OBJECTIVE_CARD = record(
    "objective card key",
    card=Key(Str(), "The card's name.", required=True),
    points=Key(WORTH, "Victory points it is worth.", required=True),
)
_COUNTERS = record(
    "area",
    strategy=Key(COUNTERS, "Strategy allocation."),
    command=Key(COUNTERS, "Command pool."),
    fleet=Key(COUNTERS, "Fleet supply."),
    board=Key(COUNTERS, "Counters on the board."),
    reinforcements=Key(COUNTERS, "Counters in reinforcements."),
)
_AREAS = record(
    "area",
    strategy=Key(COUNTERS, "Strategy allocation."),
    command=Key(COUNTERS, "Command pool."),
    fleet=Key(COUNTERS, "Fleet supply."),
)

SETUP = record(
    "setup key",
    players=Key(ListOf(Str(), min_items=3, unique=True, max_items=MOST_PLAYERS),
                "Players in seating order, clockwise.", required=True),
    speaker=Key(PLAYER, "Who holds the speaker token; the first player when not given."),
    victory_points_goal=Key(Choice([10, 14], "victory point goal"), "The last space of the "
                            "victory point track: 10, or 14 on the long track (12.1).", default=10),
    round=Key(ROUND, "The game round.", default=1),
    phase=Key(PHASE, "The phase the scenario starts in (the status phase at step 1).",
              default="action"),
    strategy_cards=Key(MapOf(PLAYER, CARDS), "Strategy cards held, by player; they set the "
                       "order of play (14.2)."),
    strategy_cards_used=Key(USED_CARDS, "Strategy cards whose primary ability was already used "
                            "this round, in the action phase before the scenario starts (14.3)."),
    points=Key(MapOf(PLAYER, Int(minimum=0, maximum=VICTORY_POINTS)), "Victory points at the "
               "start (0 when not given), the objectives under `claimed` included."),
    public_objectives=Key(MapOf(Str(), WORTH, max_keys=OBJECTIVES), "The face-up public "
                          "objectives and the victory points each is worth."),
    claimed=Key(MapOf(PLAYER, ListOf(Str(), unique=True, max_items=OBJECTIVES)),
                "Public objectives each player claimed before the scenario starts."),
    secret_objective=Key(MapOf(PLAYER, _OBJECTIVE_CARD), "Each player's unclaimed secret "
                         "objective card."),
    preliminary_objectives=Key(Bool(), "Whether the preliminary objectives option is in use (4).",
                               default=False),
    preliminary_objective=Key(MapOf(PLAYER, _OBJECTIVE_CARD), "Each player's uncompleted "
                              "preliminary objective card (4.1)."),
    preliminary_completed=Key(PLAYERS, "Players who completed their preliminary objective "
                              "before the scenario starts."),
    home_control=Key(MapOf(PLAYER, Bool()), "false for a player who does not control every "
                     "planet of their home system (3.1); true when not given. Such a player "
                     "has lost this round's claims in the status phase, the last round's in "
                     "the strategy phase (3.3), none yet in the action phase."),
    enemy_ships_at_home=Key(PLAYERS, "Players with enemy ships in their home system (3.2)."),
    command_counters=Key(MapOf(PLAYER, _COUNTERS), "Command counters by player; areas not given "
                         "start as 2 strategy, 3 command, 3 fleet, 0 on the board, 8 in "
                         "reinforcements."),
    largest_fleet=Key(MapOf(PLAYER, FLEET), "Ships in each player's largest fleet, as the fleet "
                      "supply counts them (9.2)."),
    planets=Key(MapOf(PLAYER, OneOf([ListOf(Str(), unique=True, max_items=PLANETS),
                                     Int(minimum=0, maximum=PLANETS)])),
                "Planets each player controls: their names, or how many."),
    exhausted=Key(MapOf(PLAYER, PLANET_NAMES), "Exhausted planet cards by player."),
    damaged_units=Key(MapOf(PLAYER, UNITS), "Damaged units by player."),
    units=Key(MapOf(PLAYER, UNITS), "Units on the board, for players who may scuttle."),
    action_cards=Key(MapOf(PLAYER, HAND), "Action cards in each player's hand."),
    age_of_empire=Key(record(
        "Age of Empire key",
        stage_i=Key(MapOf(Str(), WORTH, max_keys=OBJECTIVES), "The stage I objectives of the "
                    "row, left to right, and the victory points each is worth.", required=True),
        stage_ii=Key(MapOf(Str(), WORTH, max_keys=OBJECTIVES), "The stage II objectives that "
                     "follow them, up to Imperium Rex, which ends the row.", required=True),
    ), "The Age of Empire option (17): every public objective of the game face up in one row "
       "from the start, instead of `public_objectives`."),
    imperial_card=Key(Choice(["Imperial", IMPERIAL_II], "Imperial card"),
                      "Which card is strategy card 8: Imperial, or Imperial II, which needs Age "
                      "of Empire (16.1).", default="Imperial"),
)


_PLAYER_KEY = Key(PLAYER, "The player.", required=True)

STEPS: dict[str, StepKind] = {kind.name: kind for kind in (
    StepKind("strategy_phase", MapOf(PLAYER, CARDS), "The strategy phase: the strategy card(s) "
             "each player takes; then the action phase (14.1)."),
    step("imperial_primary", "The holder of the Imperial strategy card resolves its primary "
          "ability in the action phase, once a round (14.3): victory points, then the next "
          "public objective is revealed (13.1); with Age of Empire, the points only (17.4).",
          player=_PLAYER_KEY,
          reveals=Key(Str(), "The public objective revealed; `Imperium Rex` ends the game. Not "
                      "given, a card the example does not name, face up as `the objective "
                      "revealed in round N`; never given with Age of Empire."),
          worth=Key(WORTH, "Victory points the revealed objective is worth.", default=1),
          victory_points=Key(Int(minimum=0, maximum=VICTORY_POINTS),
                             "Victory points the ability gives.", default=2)),
    step("imperial_secondary", "After Imperial's primary ability, another player spends a "
          "command counter of their strategy allocation to build units at one of their space "
          "docks (15.1); clockwise from the holder's left, once each (15.2); free for the "
          "holder of Initiative (15.3).",
          player=_PLAYER_KEY),
    step("imperial_ii_primary", "The holder of Imperial II resolves its primary ability, The "
          "Ancient Throne (16): a victory point with Mecatol Rex and any number of public "
          "objectives in this round's status phase (16.2), or the secondary ability for free "
          "and for them alone (16.3).",
          player=_PLAYER_KEY,
          choice=Key(Choice(["objectives", "secondary"], "choice"), "Which of the two.",
                     required=True),
          controls_mecatol_rex=Key(Bool(), "Whether the player controls Mecatol Rex.",
                                   default=False)),
    step("home_system", "A player loses or regains control of every planet of their home "
          "system, or enemy ships arrive or leave (3).",
          player=_PLAYER_KEY,
          controls_all=Key(Bool(), "Whether they control every home planet now.", required=True),
          enemy_ships=Key(Bool(), "Whether enemy ships are in the home system now.",
                          default=False)),
    step("requirement", "States whether a player meets an objective's requirements from now on "
          "(2.7).",
          player=_PLAYER_KEY,
          objective=Key(Str(), "The objective.", required=True),
          met=Key(Bool(), "Met or not.", required=True)),
    step("draw_secret_objective", "A player draws a secret objective card (4.3).",
          player=_PLAYER_KEY,
          objective=Key(Str(), "The card drawn.", required=True),
          points=Key(WORTH, "Victory points it is worth.", required=True)),
    step("status_phase", "The action phase is over: the status phase begins at step 1 (1)."),
    step("claim", "In step 1, a player claims an objective they qualify for (2).",
          player=_PLAYER_KEY,
          objective=Key(Str(), "A face-up public objective, or the player's secret or "
                        "preliminary objective.", required=True)),
    step("repair_units", "Status phase step 2 (5)."),
    step("remove_command_counters", "Status phase step 3 (6)."),
    step("refresh_planets", "Status phase step 4 (7).",
          refresh_abilities=Key(MapOf(PLAYER, ListOf(Str(), min_items=1, unique=True,
                                                     max_items=PLANETS)),
                                "Planets whose refresh ability each player uses; they end "
                                "exhausted (7.2).")),
    step("receive_cards_and_counters", "Status phase step 5: one action card and two command "
          "counters each (8)."),
    StepKind("redistribute_command_counters", MapOf(PLAYER, _AREAS),
             "Status phase step 6: each player sets their three areas; players not listed put "
             "the two counters received in their command pool (9)."),
    step("return_strategy_cards", "Status phase step 7; then the next round begins (10, 1.4)."),
    step("scuttle", "A player destroys their own units during the status phase (11).",
          player=_PLAYER_KEY,
          units=Key(ListOf(UNIT, min_items=1, max_items=LISTED_UNITS), "The units scuttled.",
                    required=True),
          owner=Key(PLAYER, "Whose units they are; the player's own when not given."),
          largest_fleet=Key(FLEET, "The player's largest fleet afterwards, when it changes.")),
)}


def _counters(state: State, player: str) -> dict[str, int]:
    c = state.counters[player]
    return {"strategy": c.strategy, "command": c.command, "fleet": c.fleet, "board": c.board,
            "reinforcements": c.reinforcements}


def _expect(name: str, spec: Any, doc: str, observe: Any, compare: str = "exact") -> Expectation:
    return Expectation(name, spec, doc, observe, compare)


def _face_up(view: View) -> list[str]:
    return list(view.state.public)


EXPECTATIONS: dict[str, Expectation] = {e.name: e for e in (
    _expect("points", MapOf(PLAYER, Int(minimum=0, maximum=POINTS_REACHED)),
            "Victory points of the players named.",
            per_player(State.points), "subset"),
    _expect("claimed", MapOf(PLAYER, OBJECTIVE_NAMES), "Objectives each named player has "
            "claimed, in any order.", per_player(State.claimed), "subset"),
    _expect("public_objectives", OBJECTIVE_NAMES, "The face-up public objectives, in any order.",
            _face_up, "set"),
    _expect("holds_secret_objective", MapOf(PLAYER, Bool()), "Whether each named player holds an "
            "unclaimed secret objective.",
            per_player(lambda s, p: s.secrets.get(p) is not None), "subset"),
    _expect("preliminary_completed", PLAYERS, "The players who have completed their preliminary "
            "objective, in any order.", lambda v: sorted(v.state.preliminary_done), "set"),
    _expect("home_control", MapOf(PLAYER, Bool()), "Whether each named player controls every "
            "planet of their home system.",
            per_player(lambda s, p: p not in s.home_lost), "subset"),
    *round_expectations(PHASE, STATUS_STEPS, ROUND),
    _expect("order_of_play", ListOf(PLAYER, max_items=MOST_PLAYERS),
            "Players in order of play (in this order).", lambda v: list(v.state.order_of_play())),
    _expect("strategy_cards", MapOf(PLAYER, ListOf(CARD, max_items=len(STRATEGY_CARDS))),
            "Strategy cards each named player holds.",
            per_player(lambda s, p: s.strategy_cards.get(p, ())), "subset"),
    _expect("strategy_cards_used", USED_CARDS, "The strategy cards whose primary ability has "
            "been used this round, in any order.",
            lambda v: sorted(v.state.strategy_cards_used), "set"),
    _expect("command_counters", MapOf(PLAYER, _COUNTERS), "Command counters by area (only the "
            "areas named are compared).", per_player(_counters), "subset"),
    _expect("largest_fleet", MapOf(PLAYER, FLEET), "Ships in each named player's largest fleet.",
            per_player(lambda s, p: s.largest_fleet.get(p, 0)), "subset"),
    _expect("planets", MapOf(PLAYER, Int(minimum=0, maximum=PLANETS)),
            "How many planets each named player controls.",
            per_player(lambda s, p: len(s.planets.get(p, ()))), "subset"),
    _expect("exhausted", MapOf(PLAYER, PLANET_NAMES), "Exhausted planet cards by player.",
            per_player(lambda s, p: s.exhausted.get(p, ())), "subset"),
    _expect("damaged_units", MapOf(PLAYER, UNITS), "Damaged units by player.",
            per_player(lambda s, p: s.damaged.get(p, ())), "subset"),
    _expect("units", MapOf(PLAYER, UNITS), "Units on the board, by player.",
            per_player(lambda s, p: s.units.get(p, ())), "subset"),
    _expect("unit_reinforcements", MapOf(PLAYER, UNITS), "Units back in reinforcements "
            "after scuttling, by player.",
            per_player(lambda s, p: s.unit_reinforcements.get(p, ())), "subset"),
    _expect("action_cards", MapOf(PLAYER, HAND), "Action cards in hand.",
            per_player(lambda s, p: s.action_hands.get(p, 0)), "subset"),
)}

VOCABULARY = Vocabulary(SETUP, STEPS, EXPECTATIONS, names)
