"""What an Arcs scenario can say about the standard actions: their steps, and claims about
what they change (8). The player is always the one whose turn it is."""

from __future__ import annotations

from checker.games.arcs.parts.board import SYSTEMS
from checker.games.arcs.parts.components import AMBITIONS, RESOURCES
from checker.games.arcs.parts.court_cards import GUILD
from checker.games.arcs.parts.pieces import SHIPS
from checker.games.arcs.parts.words import CLUSTER, COURT_CARD, PIECES, SYSTEM
from checker.games.arcs.table.player_board import NAMES, RESOURCE_SLOTS
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
)

PLAYER = Ref("player")
RESOURCE = Choice(list(NAMES), "resource")
SHIP_COUNT = Int(minimum=0, maximum=SHIPS)
RESOURCE_CHOICE = Choice(list(RESOURCES), "resource")
TOKEN = OneOf([Int(minimum=1, maximum=RESOURCE_SLOTS), Choice(list(RESOURCES), "resource")])
"""A token on the player's board: by its resource (the leftmost of them), or by its slot."""
SPEND = Key(TOKEN, "Prelude: the resource token spent for this action instead of an action pip: "
            "its resource (the leftmost such token), or its slot, 1 to 6 from the left (10.2).")
SHIPS_MOVED = Record({
    "fresh": Key(SHIP_COUNT, "Fresh ships dropped off."),
    "damaged": Key(SHIP_COUNT, "Damaged ships dropped off."),
}, "ship key")


def _step(name: str, doc: str, **keys: Key) -> StepKind:
    return StepKind(name, Record(keys, "argument"), doc)


def _action(name: str, doc: str, **keys: Key) -> StepKind:
    """A standard action: paid with an action pip, or in the Prelude with a resource token."""
    return _step(name, doc, **keys, spend=SPEND)


STEPS = (
    _action("tax", "Tax a Loyal city, or a Rival city in a system you control (8.1).",
          system=Key(SYSTEM, "Where the city is.", required=True),
          owner=Key(PLAYER, "Whose city; the taxing player's when not given."),
          discard=Key(RESOURCE, "With every open resource slot full: the resource discarded, "
                      "the new one or one already held (6.11b).")),
    _action("build", "Build a city, a starport or a ship (8.2).",
          piece=Key(Choice(list(PIECES), "piece"), "`city`, `starport` or `ship`.",
                    required=True),
          system=Key(SYSTEM, "Where: a planet for a building, a system with a Loyal starport "
                     "for a ship.", required=True)),
    _action("move", "Move Loyal ships to an adjacent system, or on by Catapult moves (8.3).",
          **{"from": Key(SYSTEM, "Where the ships start.", required=True),
             "to": Key(OneOf([SYSTEM, ListOf(SYSTEM, min_items=1, max_items=len(SYSTEMS))]),
                       "The system moved to, or the systems entered one after another by "
                       "Catapult moves.", required=True),
             "fresh": Key(SHIP_COUNT, "Fresh ships moving."),
             "damaged": Key(SHIP_COUNT, "Damaged ships moving."),
             "drop_off": Key(MapOf(SYSTEM, SHIPS_MOVED), "Catapult moves: ships left behind "
                             "in systems on the way.")}),
    _action("repair", "Repair one damaged Loyal ship or building (8.4).",
          system=Key(SYSTEM, "Where it is.", required=True),
          piece=Key(Choice(list(PIECES), "piece"), "`ship`, `city` or `starport`.",
                    required=True)),
    _action("influence", "Place an agent on a Court card (8.5).",
          card=Key(COURT_CARD, "The card.", required=True)),
    _step("elimination", "A player with no ship and no starport on the map places 3 fresh "
          "ships at a gate as their turn ends (7.10).",
          player=Key(PLAYER, "The player whose turn is ending.", required=True),
          gate=Key(SYSTEM, "The gate chosen.", required=True)),
    _action("secure", "Take a Court card with more Loyal agents on it than each Rival (8.6).",
          card=Key(COURT_CARD, "The card.", required=True),
          cluster=Key(CLUSTER, "Mass Uprising: the cluster chosen."),
          ambition=Key(Choice(list(AMBITIONS), "ambition"), "Populist Demands: the ambition "
                       "declared, if any."),
          outrage=Key(RESOURCE_CHOICE, "Outrage Spreads: the Outrage type chosen, if any.")),
)

EXPECTATIONS = (
    Expectation("guild_cards_held", MapOf(PLAYER, ListOf(Ref("Guild card", catalog=list(GUILD)),
                                                         max_items=len(GUILD))),
                "The Guild cards each named player has secured (in any order).",
                lambda v: {p: list(v.state.guild_held[p]) for p in v.state.players}, "subset"),
)
