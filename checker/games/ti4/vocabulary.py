"""What a TI4 scenario can say: setup keys, step kinds and expectation keys."""

from __future__ import annotations

from typing import Any

from checker.expectations import View
from checker.games.ti4.cards import UNITS, ObjectiveType
from checker.games.ti4.objectives import OBJECTIVES
from checker.games.ti4.setup import TOTAL_COMMAND_TOKENS
from checker.games.ti4.state import STATUS_STEPS, STRATEGY_CARDS, RoundPhase, State
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
PLAYERS = 8
"""Three to six players, up to eight with Prophecy of Kings."""
VICTORY_POINTS = 14
"""The last space of the long side of the victory point track (98.2a)."""
POINTS_REACHED = 2 * VICTORY_POINTS
"""What a claim may state: a player's last gain can carry them past the goal."""
ROUNDS = 50
"""A game lasts well under ten rounds."""
COMMAND_TOKENS = TOTAL_COMMAND_TOKENS
"""A player's own command tokens (16)."""
FLEET_POOL = COMMAND_TOKENS + PLAYERS - 1
"""The fleet pool can also hold one token of each other player (the Mahact's Edict)."""
SHIPS = 28
"""A player's non-fighter ship pieces: 2 war suns, 1 flagship, 5 dreadnoughts, 4 carriers,
8 cruisers and 8 destroyers; ships are limited by their pieces."""
ACTION_CARDS = 100
"""The action card deck: 80 cards, 100 with Prophecy of Kings."""
AMOUNT = 999
"""Resources, influence or trade goods to spend; trade goods have no limit."""
LISTED = 100
"""Cards or units in one list (exhausted cards, damaged or destroyed units); fighters and
infantry have no piece limit."""

PLAYER = Ref("player")
OBJECTIVE = Ref("objective", [card.name for card in OBJECTIVES])
PUBLIC_I = Ref("stage I objective", [c.name for c in OBJECTIVES if c.type is ObjectiveType.STAGE_I])
PUBLIC_II = Ref("stage II objective", [c.name for c in OBJECTIVES if c.type is ObjectiveType.STAGE_II])
PUBLIC = Ref("public objective", [c.name for c in OBJECTIVES if c.public])
SECRET = Ref("secret objective", [c.name for c in OBJECTIVES if not c.public])
CARD = Choice(list(STRATEGY_CARDS), "strategy card")
PHASE = Choice([phase.value for phase in RoundPhase], "phase")
NAMES = ListOf(Str(), max_items=LISTED)
UNIT = Choice(list(UNITS), "unit")
UNITS_LISTED = ListOf(UNIT, min_items=1, max_items=LISTED)
PLAYERS_LISTED = ListOf(PLAYER, max_items=PLAYERS)
CARDS = OneOf([CARD, ListOf(CARD, min_items=1, unique=True, max_items=len(STRATEGY_CARDS))])
TOKENS = Int(minimum=0, maximum=COMMAND_TOKENS)
FLEET_TOKENS = Int(minimum=0, maximum=FLEET_POOL)
ACTION_CARD_COUNT = Int(minimum=0, maximum=ACTION_CARDS)
POINTS = Int(minimum=0, maximum=VICTORY_POINTS)
ROUND = Int(minimum=1, maximum=ROUNDS)
SPEND = Int(minimum=0, maximum=AMOUNT)


def _objectives(catalog: Ref, unique: bool = True) -> ListOf:
    """A list of objective cards: at most every card of its kind."""
    return ListOf(catalog, unique=unique, max_items=len(catalog.catalog or ()))


def _count_of(catalog: Ref) -> Int:
    """How many objective cards of a kind: at most every card of that kind."""
    return Int(minimum=0, maximum=len(catalog.catalog or ()))


_TOKENS = record(
    tactic=Key(TOKENS, "Tokens in the tactic pool."),
    fleet=Key(FLEET_TOKENS, "Tokens in the fleet pool."),
    strategy=Key(TOKENS, "Tokens in the strategy pool."),
    board=Key(TOKENS, "Tokens on the game board."),
    reinforcements=Key(TOKENS, "Tokens in reinforcements."),
)
_SPENDABLE = record(
    resources=Key(SPEND, "Resources the player can spend."),
    influence=Key(SPEND, "Influence the player can spend."),
    trade_goods=Key(SPEND, "Trade goods the player has."),
)

SETUP = record(
    "setup key",
    players=Key(ListOf(Str(), min_items=3, unique=True, max_items=PLAYERS),
                "Players in seating order, clockwise (colours or factions).", required=True),
    speaker=Key(PLAYER, "Who holds the speaker token; the first player when not given."),
    victory_points_goal=Key(Choice([10, 14], "victory point goal"),
                            "10, or 14 on the long side of the track (98.2a).", default=10),
    round=Key(ROUND, "The game round.", default=1),
    phase=Key(PHASE, "The phase the scenario starts in.", default="action"),
    new_game=Key(Bool(), "Start from game setup: five stage I and five stage II objectives, two "
                 "stage I revealed by the engine, one secret objective each (61.13, 61.20).",
                 default=False),
    strategy_cards=Key(MapOf(PLAYER, CARDS),
                       "Strategy cards held, by player; decides initiative order (48)."),
    naalu_token=Key(PLAYER, "Who holds the Naalu 0 token: initiative 0 (48.1a)."),
    points=Key(MapOf(PLAYER, POINTS),
               "Victory points each player has at the start (0 when not given); includes the "
               "objectives listed under `scored`."),
    scored=Key(MapOf(PLAYER, _objectives(OBJECTIVE)),
               "Objectives each player scored before the scenario starts."),
    public_objectives=Key(record(
        "public objectives key",
        revealed=Key(_objectives(PUBLIC), "Public objectives already face up."),
        added=Key(_objectives(PUBLIC), "Public objectives face up that an effect drew from the "
                  "deck (Incentive Program), besides the five of each stage set out at setup."),
        stage_i=Key(OneOf([_objectives(PUBLIC_I), _count_of(PUBLIC_I)]),
                    "Facedown stage I objectives, in the order they will be revealed, or how many."),
        stage_ii=Key(OneOf([_objectives(PUBLIC_II), _count_of(PUBLIC_II)]),
                     "Facedown stage II objectives, in the order they will be revealed, or how many."),
    ), "The public objectives near the victory point track (61.13)."),
    secret_objectives=Key(MapOf(PLAYER, _objectives(SECRET)),
                          "Unscored secret objectives in each player's hand."),
    home_control=Key(MapOf(PLAYER, Bool()), "false for a player who does not control every "
                     "planet of their home system (61.16); true when not given."),
    command_tokens=Key(MapOf(PLAYER, _TOKENS), "Command tokens by player; unlisted pools start "
                       "as 3 tactic, 3 fleet, 2 strategy, 8 in reinforcements (20.1)."),
    largest_fleet=Key(MapOf(PLAYER, Int(minimum=0, maximum=SHIPS)),
                      "Non-fighter ships in each player's fullest system."),
    action_cards=Key(record(
        "action cards key",
        deck=Key(ACTION_CARD_COUNT, "Cards left in the action card deck (not tracked when not "
                 "given)."),
        discard=Key(ACTION_CARD_COUNT, "Cards in the action card discard pile.", default=0),
        hands=Key(MapOf(PLAYER, ACTION_CARD_COUNT), "Action cards in each player's hand."),
    ), "The action card deck and hands (2, 81.3)."),
    exhausted=Key(MapOf(PLAYER, NAMES), "Exhausted cards by player (planets, technologies, "
                  "strategy cards)."),
    damaged_units=Key(MapOf(PLAYER, NAMES), "Damaged units by player."),
    custodians_token=Key(Choice(["on Mecatol Rex", "removed"], "custodians token place"),
                         "Where the custodians token is.", default="on Mecatol Rex"),
    spendable=Key(MapOf(PLAYER, _SPENDABLE), "What a player can spend on objective costs "
                  "(61.10); not checked for players not listed."),
    active_player=Key(PLAYER, "Whose turn it is, when the scenario starts in the action phase."),
    shard_of_the_throne=Key(PLAYER, "Who holds the Shard of the Throne relic; its point is part "
                            "of their `points` (73.3)."),
    support_for_the_throne=Key(MapOf(PLAYER, PLAYER),
                               "Support for the Throne cards in play: by the player who gave "
                               "the card, who holds it; its point is part of the holder's "
                               "`points` (69.1)."),
)


_PLAYER_KEY = Key(PLAYER, "The player.", required=True)
_PLAYERS_GAINING = Key(OneOf([PLAYER, ListOf(PLAYER, min_items=1, unique=True, max_items=PLAYERS),
                              MapOf(PLAYER, Int(minimum=1, maximum=VICTORY_POINTS))]),
                       "Who: a player, a list of players, or by player how many points each.",
                       required=True)
_POINTS_EACH = Key(Int(minimum=1, maximum=VICTORY_POINTS),
                   "How many each, when `players` is a player or a list.", default=1)
OUTCOME = Choice(["for", "against"], "outcome")

STEPS: dict[str, StepKind] = {kind.name: kind for kind in (
    StepKind("strategy_phase", MapOf(PLAYER, CARDS),
             "The strategy phase: the strategy card(s) each player takes; then the action phase."),
    step("tactical_action", "A player starts a tactical action: their turn in the action phase.",
          player=_PLAYER_KEY),
    step("space_cannon_offense", "Space cannon offense of the current tactical action "
          "(outside combat)."),
    step("anti_fighter_barrage", "Anti-fighter barrage: the first step of the space combat."),
    step("space_combat", "The space combat of the current tactical action."),
    step("bombardment", "Bombardment during the invasion (outside combat)."),
    step("space_cannon_defense", "Space cannon defense during the invasion (outside combat)."),
    step("ground_combat", "A ground combat on one planet.",
          planet=Key(Str(), "The planet fought over.", required=True)),
    step("combat_ends", "The space or ground combat under way is over (78.9, 42.4); what is "
          "scored from now until the next step of the tactical action is scored after it "
          "(61.7).",
          winner=Key(PLAYER, "Who has units left and wins it (78.10, 42.4c); nobody, a draw, "
                     "when not given.")),
    step("destroy_units", "A player destroys units of another player (61.9).",
          player=_PLAYER_KEY,
          owner=Key(PLAYER, "Whose units.", required=True),
          units=Key(UNITS_LISTED, "The units.", required=True),
          means=Key(Choice(["hits", "action card", "technology", "ability"], "means"),
                    "How they were destroyed.", default="hits")),
    step("reduce_fleet_pool", "An effect of another player takes tokens from a player's fleet "
          "pool; excess ships are removed, not destroyed (61.9a).",
          player=Key(PLAYER, "Whose fleet pool shrinks.", required=True),
          tokens=Key(Int(minimum=1, maximum=FLEET_POOL), "How many tokens.", default=1),
          forced_by=Key(PLAYER, "Whose effect it is.", required=True),
          units=Key(ListOf(UNIT, min_items=1, max_items=SHIPS),
                    "Which ships the player removes, when it matters.")),
    step("score", "A player scores an objective.",
          player=_PLAYER_KEY,
          objective=Key(OBJECTIVE, "The objective.", required=True),
          tokens=Key(record("pool", tactic=Key(TOKENS, "From the tactic pool."),
                             strategy=Key(TOKENS, "From the strategy pool.")),
                     "For objectives paid in command tokens: from which pools (tactic first "
                     "when not given).")),
    step("requirement", "States whether a player fulfils an objective's requirement from now on.",
          player=_PLAYER_KEY,
          objective=Key(OBJECTIVE, "The objective.", required=True),
          met=Key(Bool(), "Fulfilled or not.", required=True)),
    step("home_system", "A player loses or regains control of every planet of their home system.",
          player=_PLAYER_KEY,
          controls_all=Key(Bool(), "Whether they control every home planet now.", required=True)),
    step("draw_secret_objective", "A player draws a secret objective (61.21, 61.22).",
          player=_PLAYER_KEY, objective=Key(SECRET, "The card drawn.", required=True)),
    step("return_secret_objective", "A player over the limit returns an unscored secret "
          "objective and shuffles the deck (61.21a).",
          player=_PLAYER_KEY, objective=Key(SECRET, "The card returned.", required=True)),
    step("reveal_secret_objective", "A player shows an unscored secret objective to everyone "
          "(61.note4).",
          player=_PLAYER_KEY, objective=Key(SECRET, "The card shown.", required=True)),
    step("imperial_primary", "The Imperial strategy card's primary ability (45.2).",
          player=_PLAYER_KEY,
          score=Key(PUBLIC, "The public objective scored, if any."),
          controls_mecatol_rex=Key(Bool(), "Whether the player controls Mecatol Rex.",
                                   required=True),
          draw=Key(SECRET, "The secret objective drawn when not controlling Mecatol Rex.")),
    step("imperial_secondary", "Another player uses the Imperial secondary ability: one "
          "strategy token for a secret objective (45.3).",
          player=_PLAYER_KEY, draw=Key(SECRET, "The secret objective drawn.", required=True)),
    step("politics_primary", "The Politics strategy card's primary ability: a new speaker and "
          "two action cards (66.2).",
          player=_PLAYER_KEY,
          speaker=Key(PLAYER, "The new speaker: any player but the current one.", required=True)),
    step("remove_custodians_token", "A player removes the custodians token from Mecatol Rex "
          "(27.2, 27.3).", player=_PLAYER_KEY),
    step("gain_points", "Players gain victory points from another effect (an agenda, a relic, "
          "a law); several players gain them at the same time (98.7).",
          players=_PLAYERS_GAINING, points=_POINTS_EACH,
          source=Key(Str(), "What gives them.", default="another effect"),
          law=Key(Str(), "The law that gives them, when it is one: the points stay if the law is "
                  "discarded (98.6).")),
    step("lose_points", "Players lose victory points through another effect (an agenda, a "
          "law).",
          players=_PLAYERS_GAINING, points=_POINTS_EACH,
          source=Key(Str(), "What takes them.", default="another effect"),
          law=Key(Str(), "The law that takes them, when it is one.")),
    step("discard_law", "A law is discarded from play: it has no more effect, and the points it "
          "gave are kept (7.5, 98.6).",
          law=Key(Str(), "The law.", required=True)),
    step("shard_of_the_throne", "A player gains the Shard of the Throne relic, and its point; "
          "a player who held it loses the card and the point (73.3).",
          player=_PLAYER_KEY),
    step("support_for_the_throne", "A player receives another player's Support for the Throne, "
          "plays it at once and gains 1 point (69.1, 69.note1b).",
          player=Key(PLAYER, "Who receives the card.", required=True),
          **{"from": Key(PLAYER, "Whose card it is: the player giving it.", required=True)}),
    step("exchange_support_for_the_throne", "Two players give each other their Support for "
          "the Throne in one transaction, on the active player's turn or while an agenda is "
          "resolved (94.1, 94.6); each gains 1 point, the active player first, or in the "
          "agenda phase the first in speaker order (69.note1c).",
          players=Key(ListOf(PLAYER, min_items=2, max_items=2, unique=True),
                      "The two players, in any order.", required=True)),
    step("return_support_for_the_throne", "A player returns another player's Support for the "
          "Throne (having activated a system with that player's units) and loses its point "
          "(69.1).",
          player=Key(PLAYER, "Who held the card.", required=True),
          to=Key(PLAYER, "Whose card it is.", required=True)),
    step("seed_of_an_empire", "The agenda Seed of an Empire: the player with the most (For) or "
          "fewest (Against) victory points gains 1; tied players all gain it (98.5).",
          outcome=Key(OUTCOME, "The outcome resolved.", required=True)),
    step("incentive_program", "The agenda Incentive Program: a stage I (For) or stage II "
          "(Against) public objective is drawn from the deck and revealed (7.8).",
          outcome=Key(OUTCOME, "The outcome resolved.", required=True),
          objective=Key(PUBLIC, "The objective drawn.", required=True)),
    step("status_phase", "The action phase is over: the status phase begins (81)."),
    step("reveal_objective", "Status phase step 2: the speaker reveals a public objective (81.2).",
          objective=Key(PUBLIC, "The card revealed; the next facedown card when not given.")),
    step("draw_action_cards", "Status phase step 3 (81.3)."),
    step("remove_command_tokens", "Status phase step 4 (81.4)."),
    StepKind("redistribute_command_tokens",
             MapOf(PLAYER, record("pool", tactic=Key(TOKENS, "Tactic pool."),
                                   fleet=Key(FLEET_TOKENS, "Fleet pool."),
                                   strategy=Key(TOKENS, "Strategy pool."))),
             "Status phase step 5: each player gains two tokens, then sets their pools; players "
             "not listed put the two in their tactic pool (81.5)."),
    step("ready_cards", "Status phase step 6 (81.6)."),
    step("repair_units", "Status phase step 7 (81.7)."),
    step("return_strategy_cards", "Status phase step 8; then the agenda phase or a new round "
          "(81.8)."),
)}


def _tokens(state: State, player: str) -> dict[str, int]:
    t = state.tokens[player]
    return {"tactic": t.tactic, "fleet": t.fleet, "strategy": t.strategy, "board": t.board,
            "reinforcements": t.reinforcements}


def _unrevealed(view: View) -> dict[str, int]:
    return {"stage_i": len(view.state.facedown_i), "stage_ii": len(view.state.facedown_ii)}


def _expect(name: str, spec: Any, doc: str, observe: Any, compare: str = "exact") -> Expectation:
    return Expectation(name, spec, doc, observe, compare)


EXPECTATIONS: dict[str, Expectation] = {e.name: e for e in (
    _expect("points", MapOf(PLAYER, Int(minimum=0, maximum=POINTS_REACHED)),
            "Victory points of the players named.",
            per_player(State.points), "subset"),
    _expect("scored", MapOf(PLAYER, _objectives(OBJECTIVE, unique=False)),
            "Objectives each named player has scored (in any order).", per_player(State.scored), "subset"),
    _expect("revealed", _objectives(PUBLIC, unique=False),
            "Public objectives face up (in any order).",
            lambda v: v.state.revealed, "set"),
    _expect("unrevealed", record("count", stage_i=Key(_count_of(PUBLIC_I), "Facedown stage I."),
                                  stage_ii=Key(_count_of(PUBLIC_II), "Facedown stage II.")),
            "How many public objectives are still facedown.", _unrevealed, "subset"),
    *round_expectations(PHASE, STATUS_STEPS, ROUND),
    _expect("speaker", PLAYER, "Who holds the speaker token.", lambda v: v.state.speaker),
    _expect("initiative_order", PLAYERS_LISTED, "Players in initiative order (in this order).",
            lambda v: v.state.initiative_order()),
    _expect("active_player", Ref("player", nullable=True), "Whose turn it is.",
            lambda v: v.state.active),
    _expect("secret_objectives", MapOf(PLAYER, _count_of(SECRET)),
            "Unscored secret objectives in hand (public information, 61.note3).",
            per_player(lambda s, p: len(s.secrets[p])), "subset"),
    _expect("shown_secret_objectives", MapOf(PLAYER, _objectives(SECRET, unique=False)),
            "Unscored secret objectives a player has shown (61.note4).",
            per_player(lambda s, p: s.shown_secrets.get(p, ())), "subset"),
    _expect("command_tokens", MapOf(PLAYER, _TOKENS), "Command tokens by pool (only the pools "
            "named are compared).", per_player(_tokens), "subset"),
    _expect("ships_removed", MapOf(PLAYER, Int(minimum=0, maximum=SHIPS)),
            "Ships removed for exceeding the fleet pool (37.3, 81.5a).", per_player(lambda s, p: s.ships_removed.get(p, 0)), "subset"),
    _expect("action_cards", MapOf(PLAYER, ACTION_CARD_COUNT), "Action cards in hand.",
            per_player(lambda s, p: s.action_hands.get(p, 0)), "subset"),
    _expect("action_deck", ACTION_CARD_COUNT, "Cards left in the action card deck.",
            lambda v: v.state.action_deck),
    _expect("action_discard", ACTION_CARD_COUNT, "Cards in the action card discard pile.",
            lambda v: v.state.action_discard),
    _expect("exhausted", MapOf(PLAYER, NAMES), "Exhausted cards by player.",
            per_player(lambda s, p: s.exhausted.get(p, ())), "subset"),
    _expect("damaged_units", MapOf(PLAYER, NAMES), "Damaged units by player.",
            per_player(lambda s, p: s.damaged.get(p, ())), "subset"),
    _expect("custodians_token", Choice(["on Mecatol Rex", "removed"], "custodians token place"),
            "Where the custodians token is.",
            lambda v: "removed" if v.state.custodians_removed else "on Mecatol Rex"),
    _expect("spendable", MapOf(PLAYER, _SPENDABLE), "What a player can still spend.",
            per_player(lambda s, p: dict(s.spendable.get(p, {}))), "subset"),
)}

VOCABULARY = Vocabulary(SETUP, STEPS, EXPECTATIONS, names)
