"""What an Arcs scenario can say about the map, the pieces, the player boards and the Court:
setup keys and claims (6)."""

from __future__ import annotations

from typing import Any

from checker.games.arcs.parts.board import OUT_OF_PLAY, SYSTEMS, neighbours
from checker.games.arcs.parts.court_cards import COURT_ROW, DECK
from checker.games.arcs.parts.pieces import AGENTS, CITIES, RESOURCE_TOKENS, SHIPS, STARPORTS
from checker.games.arcs.parts.words import (
    BUILDING,
    CLUSTER,
    COURT_CARD,
    SETUP_CARD,
    SYSTEM,
    building_text,
)
from checker.games.arcs.state import State
from checker.games.arcs.table.control import controller
from checker.games.arcs.table.player_board import RESOURCE_SLOTS, open_slots
from checker.games.arcs.table.supply import (
    agents_in_supply,
    resources_in_supply,
    ships_in_supply,
    starports_in_supply,
)
from checker.vocabulary import Expectation, Int, Key, ListOf, MapOf, Record, Ref

PLAYER = Ref("player")
MOST_SLOTS = max(s.slots for s in SYSTEMS.values())
SHIP_COUNT = Int(minimum=0, maximum=SHIPS)
AGENT_COUNT = Int(minimum=0, maximum=AGENTS)
SHIPS_BY_SYSTEM = MapOf(SYSTEM, MapOf(PLAYER, SHIP_COUNT))
BUILDINGS_BY_SYSTEM = MapOf(SYSTEM, ListOf(BUILDING, max_items=MOST_SLOTS))
COURT_ROW_CARDS = max(COURT_ROW.values())
RESOURCE_NAMES = {"material": "Material", "fuel": "Fuel", "weapons": "Weapons",
                  "relics": "Relics", "psionics": "Psionics"}

SETUP_KEYS: dict[str, Key] = {
    "setup_card": Key(SETUP_CARD, "The setup card, which says which clusters are out of play "
                      "(6.4a), such as `3 Player Frontiers`."),
    "out_of_play": Key(ListOf(CLUSTER, min_items=1, unique=True, max_items=max(
        OUT_OF_PLAY.values())), "The clusters out of play, when no setup card is named."),
    "ships": Key(SHIPS_BY_SYSTEM, "Fresh ships: by system, by player."),
    "damaged_ships": Key(SHIPS_BY_SYSTEM, "Damaged ships: by system, by player."),
    "buildings": Key(BUILDINGS_BY_SYSTEM, "The buildings in each system's building slots, "
                     "such as `[Red city, Blue damaged starport]`."),
    "court": Key(ListOf(COURT_CARD, unique=True, max_items=COURT_ROW_CARDS),
                 "The Court row, left to right, by card name."),
    "court_agents": Key(MapOf(COURT_CARD, MapOf(PLAYER, AGENT_COUNT)),
                        "Agents on the Court cards: by card, by player."),
    "court_deck": Key(ListOf(COURT_CARD, unique=True, max_items=DECK),
                      "The Court deck from the top, as far as the scenario needs it."),
}


def _everywhere(read: Any) -> Any:
    """A value for every system in play and every player, so that a claim of 0 holds."""
    def observe(view: Any) -> dict[str, Any]:
        state = view.state
        return {system: read(state, system) for system in neighbours(state.out_of_play)}
    return observe


def _fleets(kind: str) -> Any:
    return _everywhere(lambda s, system: {p: getattr(s.fleet(system, p), kind)
                                          for p in s.players})


def _supply(state: State, player: str) -> dict[str, int]:
    return {"ships": ships_in_supply(state, player),
            "starports": starports_in_supply(state, player),
            "cities": state.cities[player], "agents": agents_in_supply(state, player)}


def _per_player(read: Any) -> Any:
    return lambda view: {player: read(view.state, player) for player in view.state.players}


_SUPPLY = Record({
    "ships": Key(SHIP_COUNT, "Ships in the player's supply."),
    "starports": Key(Int(minimum=0, maximum=STARPORTS), "Starports in the player's supply."),
    "cities": Key(Int(minimum=0, maximum=CITIES), "Cities still on the player board."),
    "agents": Key(AGENT_COUNT, "Agents in the player's supply."),
}, "piece")
_TOKENS = Record({name: Key(Int(minimum=0, maximum=RESOURCE_TOKENS), f"{label} tokens.")
                  for name, label in RESOURCE_NAMES.items()}, "resource")

EXPECTATIONS = (
    Expectation("out_of_play", ListOf(CLUSTER, max_items=max(OUT_OF_PLAY.values())),
                "The clusters out of play (in any order).",
                lambda v: sorted(v.state.out_of_play), "set"),
    Expectation("adjacent", MapOf(SYSTEM, ListOf(SYSTEM, max_items=len(SYSTEMS))),
                "The systems in play adjacent to each named system (in any order).",
                lambda v: {k: sorted(n) for k, n in neighbours(v.state.out_of_play).items()},
                "subset"),
    Expectation("control", MapOf(SYSTEM, Ref("player", nullable=True)), "Who controls each "
                "named system; `null` for nobody.",
                _everywhere(controller), "subset"),
    Expectation("ships", SHIPS_BY_SYSTEM, "Fresh ships: by system, by player (0 for none).",
                _fleets("fresh"), "subset"),
    Expectation("damaged_ships", SHIPS_BY_SYSTEM, "Damaged ships: by system, by player.",
                _fleets("damaged"), "subset"),
    Expectation("buildings", BUILDINGS_BY_SYSTEM, "The buildings in each named system (in any "
                "order; `[]` for none).",
                _everywhere(lambda s, system: [building_text(b) for b in s.slots(system) if b]),
                "subset"),
    Expectation("resources", MapOf(PLAYER, _TOKENS), "Resource tokens on each named player's "
                "board (0 for none).",
                _per_player(lambda s, p: {r: s.tokens(p).get(r, 0) for r in RESOURCE_NAMES}),
                "subset"),
    Expectation("open_resource_slots", MapOf(PLAYER, Int(minimum=0, maximum=RESOURCE_SLOTS)),
                "Resource slots not covered by cities on each named player's board.",
                _per_player(open_slots), "subset"),
    Expectation("supply", MapOf(PLAYER, _SUPPLY), "Pieces in each named player's supply.",
                _per_player(_supply), "subset"),
    Expectation("resource_supply", _TOKENS, "Resource tokens in the general supply; those spent "
                "in a Prelude come back only when it ends (10.3).",
                lambda v: {r: resources_in_supply(v.state, r) for r in RESOURCE_NAMES}, "subset"),
    Expectation("court", ListOf(Ref("Court card", catalog=list(COURT_CARD.catalog or ()),
                                    nullable=True), max_items=COURT_ROW_CARDS),
                "The Court row, left to right; `null` for a place left empty.",
                lambda v: [spot.card for spot in v.state.court]),
    Expectation("court_agents", MapOf(COURT_CARD, MapOf(PLAYER, AGENT_COUNT)), "Agents on "
                "each named Court card, by player (0 for none).",
                lambda v: {spot.card: {p: spot.agents_of(p) for p in v.state.players}
                           for spot in v.state.court if spot.card}, "subset"),
)
