"""What an Arcs scenario can say: setup keys, step kinds and expectation keys."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from checker.games.arcs.actions import action_vocabulary
from checker.games.arcs.battle import battle_vocabulary
from checker.games.arcs.parts.components import (
    AMBITIONS,
    BOX_RESOURCE_TOTAL,
    CITIES,
    FACES,
    LAST_CHAPTER,
    MARKERS,
    NEUTRAL,
    RESOURCES,
    TROPHY_KINDS,
)
from checker.games.arcs.play import play_vocabulary
from checker.games.arcs.prelude import prelude_vocabulary
from checker.games.arcs.state import STAGE_NAMES, State
from checker.games.arcs.table import map_vocabulary
from checker.games.arcs.table.player_board import RESOURCE_SLOTS
from checker.vocabulary import (
    Choice,
    Expectation,
    Int,
    Key,
    ListOf,
    MapOf,
    OneOf,
    Record,
    Ref,
    StepKind,
    Str,
    Vocabulary,
)

# The most of each thing a scenario may state: the game's own limit where it has one, otherwise
# far more than any game reaches; no count in a scenario is unbounded (see checker.limits).
PLAYERS_LISTED = 8
"""Arcs is played by 2 to 4 players; a longer list is refused citing 4.1, and none past this."""
POWER = 100
"""Far past the highest Power goal (33) and what one chapter's ambitions can add to it."""
ACTION_CARDS = 28
"""The action deck: four suits of seven cards."""
SHIPS, STARPORTS, AGENTS = 15, 5, 10
"""A player's pieces (cities: CITIES)."""
RESOURCE_TOKENS = 5
"""Each resource has five tokens."""
GUILD_CARDS = 25
"""The Guild cards of the Court deck; each shows one resource icon."""
TALLY = 100
"""A total the engine adds up (Trophies, Captives, an ambition's count): more than all the
pieces, tokens and cards it counts."""

PLAYER = Ref("player")
PLACER = Ref("player or neutral")
"""A player, or with two players the neutral third player made of the box resources."""
AMBITION = Choice(list(AMBITIONS), "ambition")
MARKER = Choice(FACES, "ambition marker")
PLAYER_LIST = ListOf(PLAYER, max_items=PLAYERS_LISTED)
POWER_COUNT = Int(minimum=0, maximum=POWER)
HAND = Int(minimum=0, maximum=ACTION_CARDS)
TALLIED = Int(minimum=0, maximum=TALLY)
SLOT = Choice([None, *RESOURCES], "resource")
"""What a resource slot holds: a resource, or nothing."""


def _record(what: str = "key", **keys: Key) -> Record:
    return Record(keys, what)


_RESOURCES = {"material": "Material", "fuel": "Fuel", "weapons": "Weapons", "relics": "Relics",
              "psionics": "Psionics"}


def _icons(where: str, most: int) -> Record:
    count = Int(minimum=0, maximum=most)
    return _record("resource", **{name: Key(count, f"{label} {where}.")
                                  for name, label in _RESOURCES.items()})


def _pieces(**more: Key) -> Record:
    return _record("piece", ships=Key(Int(minimum=0, maximum=SHIPS), "Ships."),
                   starports=Key(Int(minimum=0, maximum=STARPORTS), "Starports."),
                   cities=Key(Int(minimum=0, maximum=CITIES), "Cities."),
                   agents=Key(Int(minimum=0, maximum=AGENTS), "Agents."), **more)


_PIECES = _pieces()
assert tuple(_PIECES.keys) == TROPHY_KINDS and tuple(_RESOURCES) == RESOURCES

SETUP = _record(
    "setup key",
    players=Key(ListOf(Str(), min_items=2, unique=True, max_items=PLAYERS_LISTED),
                "Players in seating order, clockwise; 2 to 4.", required=True),
    initiative=Key(PLAYER, "Who holds the initiative marker; the first player when not given."),
    chapter=Key(Int(minimum=1, maximum=LAST_CHAPTER), "The chapter being played.", default=1),
    power=Key(MapOf(PLAYER, POWER_COUNT),
              "Power of each player at the start (0 when not given)."),
    action_cards=Key(MapOf(PLAYER, HAND), "Action cards in each hand (0 when not given)."),
    ambitions=Key(MapOf(AMBITION, ListOf(MARKER, min_items=1, unique=True, max_items=len(FACES))),
                  "The markers in each declared ambition box, by the side they show."),
    resources=Key(MapOf(PLAYER, OneOf([_icons("resource tokens", RESOURCE_TOKENS),
                                       ListOf(SLOT, max_items=RESOURCE_SLOTS)])),
                  "Resource tokens on each player board: how many of each, filling the slots "
                  "from the left in the order written, or a list of what is in each slot, left "
                  "to right (`null` for an empty slot)."),
    guild_cards=Key(MapOf(PLAYER, _icons("icons on Guild cards", GUILD_CARDS)), "Resource icons "
                    "on each player's Guild cards."),
    trophies=Key(MapOf(PLAYER, MapOf(PLAYER, _PIECES)), "Trophies: by holder, the Rival pieces "
                 "held, by owner."),
    captives=Key(MapOf(PLAYER, MapOf(PLAYER, Int(minimum=0, maximum=AGENTS))), "Captives: by "
                 "holder, the Rival agents held, by owner."),
    cities=Key(MapOf(PLAYER, Int(minimum=0, maximum=CITIES)), "Cities still on each player "
               "board (4 when not given)."),
    ambition_box_resources=Key(_icons("on the ambition boxes", BOX_RESOURCE_TOTAL),
                               "Two players only: the 6 resources on the ambition boxes (2.11)."),
    **map_vocabulary.SETUP_KEYS,
    **play_vocabulary.SETUP_KEYS,
    **battle_vocabulary.SETUP_KEYS,
)


def _step(name: str, doc: str, **keys: Key) -> StepKind:
    return StepKind(name, _record("argument", **keys), doc)


STEPS: dict[str, StepKind] = {step.name: step for step in (
    *play_vocabulary.STEPS,
    *action_vocabulary.STEPS,
    *battle_vocabulary.STEPS,
    *prelude_vocabulary.STEPS,
    _step("end_chapter", "The chapter ends (1.1)."),
    _step("score_ambition", "Step 1: score one declared ambition (2).",
          ambition=Key(AMBITION, "The ambition.", required=True)),
    _step("clean_up", "Step 2: return Trophies, Captives and markers; flip a marker (3).",
          discard=Key(MapOf(PLAYER, ListOf(Choice(list(RESOURCES), "resource"), min_items=1,
                                           max_items=RESOURCE_SLOTS)),
                      "By player, the resources discarded when a returned city leaves them "
                      "more tokens than open resource slots, and they hold more than one kind "
                      "(3.4a).")),
    _step("check_game_end", "Step 3: end the game, or advance the chapter (4)."),
    _step("draw_cards", "Step 4: each player draws six action cards (5)."),
    _step("mulligan", "Two players: the player without initiative redraws their hand (5.4).",
          player=Key(PLAYER, "Who takes the mulligan.", required=True)),
)}


def _names(setup: Mapping[str, Any]) -> dict[str, Sequence[str]]:
    players = setup.get("players", ())
    names = [p for p in players if isinstance(p, str)] if isinstance(players, list) else []
    return {"player": names, "player or neutral": names + ([NEUTRAL] if len(names) == 2 else [])}


def _per_player(read: Any) -> Any:
    return lambda view: {player: read(view.state, player) for player in view.state.players}


def _per_ambition(read: Any) -> Any:
    return lambda view: {r.ambition: read(r) for r in view.state.results}


def _returned(state: State, player: str) -> dict[str, int]:
    back = state.returned.get(player, {})
    return {kind: back.get(kind, 0) for kind in ("ships", "starports", "cities", "agents")}


def _expect(name: str, spec: Any, doc: str, observe: Any, compare: str = "exact") -> Expectation:
    return Expectation(name, spec, doc, observe, compare)


_PLACES = _record("place", first=Key(Ref("player or neutral", nullable=True),
                                     "First place, or `null` for nobody."),
                  second=Key(ListOf(PLACER, max_items=PLAYERS_LISTED),
                             "Second place: nobody, one, or every player tied for first."))

EXPECTATIONS: dict[str, Expectation] = {e.name: e for e in (
    _expect("power", MapOf(PLAYER, POWER_COUNT), "Power of the players named.",
            _per_player(State.power), "subset"),
    _expect("places", MapOf(AMBITION, _PLACES), "Places in the ambitions scored this chapter.",
            _per_ambition(lambda r: {"first": r.first, "second": list(r.second)}), "subset"),
    _expect("gained", MapOf(AMBITION, MapOf(PLAYER, POWER_COUNT)),
            "Power each named player gained from an ambition this chapter, bonus included.",
            _per_ambition(lambda r: dict(r.gained)), "subset"),
    _expect("bonus_power", MapOf(AMBITION, MapOf(PLAYER, POWER_COUNT)), "Bonus city Power each "
            "named player gained from an ambition this chapter (2.10).",
            _per_ambition(lambda r: dict(r.bonus)), "subset"),
    _expect("counts", MapOf(AMBITION, MapOf(PLACER, TALLIED)), "What each named player had of "
            "the counted thing when an ambition was scored.",
            _per_ambition(lambda r: dict(r.counts)), "subset"),
    _expect("declared", ListOf(AMBITION, max_items=len(AMBITIONS)),
            "Ambitions with a marker in their box (in any order).",
            lambda v: v.state.declared(), "set"),
    _expect("markers", ListOf(MARKER, max_items=len(MARKERS)), "The sides the three ambition "
            "markers show (in any order).", lambda v: [v.state.faces(m.name) for m in MARKERS], "set"),
    _expect("chapter", Int(minimum=1, maximum=LAST_CHAPTER), "The chapter marker's space.",
            lambda v: v.state.chapter),
    _expect("stage", Choice(list(STAGE_NAMES.values()), "stage"), "Where the chapter is: "
            "`chapter` (being played), `scoring`, `cleaned up`, `game end checked`, "
            "`cards drawn`.", lambda v: STAGE_NAMES[v.state.stage]),
    _expect("initiative", PLAYER, "Who holds the initiative.", lambda v: v.state.initiative),
    _expect("turn_order", PLAYER_LIST, "Players in turn order from the initiative holder "
            "(in this order).", lambda v: list(v.state.turn_order())),
    _expect("action_cards", MapOf(PLAYER, HAND), "Action cards in hand.",
            _per_player(lambda s, p: s.hands[p]), "subset"),
    _expect("trophies", MapOf(PLAYER, TALLIED), "Trophies each named player holds.",
            _per_player(State.trophy_count), "subset"),
    _expect("captives", MapOf(PLAYER, TALLIED), "Captives each named player holds.",
            _per_player(State.captive_count), "subset"),
    _expect("cities", MapOf(PLAYER, Int(minimum=0, maximum=CITIES)), "Cities on each named "
            "player's board.", _per_player(lambda s, p: s.cities[p]), "subset"),
    _expect("won_ambition_bonus", MapOf(PLAYER, Choice([0, 2, 5], "bonus")), "The bonus Power "
            "each named player's uncovered city slots give for an ambition won outright.",
            _per_player(State.bonus), "subset"),
    _expect("returned", MapOf(PLAYER, _PIECES),
            "Pieces given back to each named owner at the last clean-up.",
            _per_player(_returned), "subset"),
    _expect("mulligan", Ref("player", nullable=True), "Who took the two-player mulligan after "
            "the last draw; `null` for nobody.", lambda v: v.state.mulliganed),
    *map_vocabulary.EXPECTATIONS,
    *play_vocabulary.EXPECTATIONS,
    *action_vocabulary.EXPECTATIONS,
    *battle_vocabulary.EXPECTATIONS,
)}


VOCABULARY = Vocabulary(SETUP, STEPS, EXPECTATIONS, _names)
