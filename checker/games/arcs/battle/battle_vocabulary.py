"""What an Arcs scenario can say about battle: the faces rolled, where each hit lands, what is
raided and Ransacked, Outrage at setup, and claims about Trophies, Outrage and resource slots
(9)."""

from __future__ import annotations

from typing import Any

from checker.games.arcs.actions.action_vocabulary import SPEND
from checker.games.arcs.battle.dice import (
    BLANK,
    DICE,
    DICE_OF_A_TYPE,
    DIE_NAMES,
    SYMBOLS,
    face_text,
)
from checker.games.arcs.battle.hits import BUILDING_TARGETS, SHIP_TARGETS, TARGETS
from checker.games.arcs.battle.rifles import LORE
from checker.games.arcs.parts.battle_report import BUILDING_HIT, HIT, INTERCEPT, KEY, SELF_HIT
from checker.games.arcs.parts.board import SYSTEMS
from checker.games.arcs.parts.components import AMBITIONS, RESOURCES, TROPHY_KINDS
from checker.games.arcs.parts.court_cards import DECK, GUILD
from checker.games.arcs.parts.pieces import AGENTS, CITIES, SHIPS, STARPORTS
from checker.games.arcs.parts.words import CLUSTER, COURT_CARD, SYSTEM
from checker.games.arcs.table.player_board import RESOURCE_SLOTS
from checker.games.arcs.table.supply import placeholders
from checker.vocabulary import (
    INVALID,
    Choice,
    Context,
    Expectation,
    Int,
    Key,
    ListOf,
    MapOf,
    OneOf,
    Record,
    Ref,
    Spec,
    StepKind,
)
from checker.yamlsource import Pos

PLAYER = Ref("player")
RESOURCE = Choice(list(RESOURCES), "resource")
MOST_SYMBOLS = 6
"""More symbols than any face shows (three at most), so that a face not on its die can still
be written and refused by the rules (9.5)."""
MOST_DICE = len(DIE_NAMES) * DICE_OF_A_TYPE
MOST_HITS = MOST_DICE * max(len(face) for faces in DICE.values() for face in faces)
"""More hits than any roll deals."""
MOST_CITIES = max(s.slots for s in SYSTEMS.values())
"""The most cities one battle can destroy: the building slots of one planet."""


SYMBOL = "(" + "|".join(SYMBOLS) + ")"
"""Any one symbol, in the pattern of the JSON Schema."""


class FaceSpec(Spec):
    """A face as its symbols joined by `+`, such as `hit + self-hit`, or `blank`."""

    description = "a die face such as `hit + self-hit`, `intercept + key + key` or `blank`"

    def __init__(self, die: str | None = None) -> None:
        self.die = die
        """The die whose faces the schema gives as examples (for a form to list)."""

    def check(self, value: Any, pos: Pos, ctx: Context) -> Any:
        if not isinstance(value, str):
            ctx.error(pos, f"expected {self.description}, got {value!r}")
            return INVALID
        if value.strip() == BLANK:
            return value
        parts = [part.strip() for part in value.split("+")]
        unknown = [part for part in parts if part not in SYMBOLS]
        if unknown or len(parts) > MOST_SYMBOLS:
            ctx.error(pos, f"expected {self.description} (symbols: {', '.join(SYMBOLS)}), got "
                      f"{value!r}")
            return INVALID
        return value

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": "string",
            "pattern": rf"^\s*({BLANK}|{SYMBOL}(\s*\+\s*{SYMBOL}){{0,{MOST_SYMBOLS - 1}}})\s*$"}
        if self.die is not None:
            out["examples"] = list(dict.fromkeys(face_text(face) for face in DICE[self.die]))
        return out


def faces(die: str) -> ListOf:
    """The faces rolled on dice of one type: up to one die per ship, so that too many of a
    type can be written and refused (9.4)."""
    return ListOf(FaceSpec(die), max_items=SHIPS)


RAIDED = Record({
    "slot": Key(Int(minimum=1, maximum=RESOURCE_SLOTS), "A resource slot of the defender's "
                "board, 1 to 6 from the left: the resource in it is stolen."),
    "card": Key(Ref("Guild card", catalog=list(GUILD)), "A Guild card of the defender's."),
    "discard": Key(RESOURCE, "With every open slot of the attacker's full: the resource "
                   "discarded, the stolen one or one already held (6.11b)."),
}, "raid key")


RANSACKED = Record({
    "card": Key(COURT_CARD, "The Court card taken.", required=True),
    "cluster": Key(CLUSTER, "Mass Uprising: the cluster chosen."),
    "ambition": Key(Choice(list(AMBITIONS), "ambition"), "Populist Demands: the ambition "
                    "declared, if any."),
    "outrage": Key(RESOURCE, "Outrage Spreads: the Outrage type chosen, if any."),
}, "Ransack key")
"""A card Ransacked with the choices its When Secured effect asks for (8.6c)."""


def _hits(targets: tuple[str, ...], most: int, doc: str) -> Key:
    return Key(ListOf(Choice(list(targets), "target"), max_items=most), doc)


STEPS = (
    StepKind("battle", Record({
        "system": Key(SYSTEM, "The battle system: one with Loyal ships.", required=True),
        "defender": Key(PLAYER, "The Rival with pieces there who defends.", required=True),
        "dice": Key(Record({die: Key(faces(die), f"The faces the {die} dice rolled, one per die.")
                            for die in DIE_NAMES}, "die"),
                    "The dice collected and the face each rolled; none when not given."),
        "self_hits": _hits(SHIP_TARGETS, MOST_HITS, f"Where each {SELF_HIT} lands: `ship` or "
                           "`damaged ship`, the attacker's, in order."),
        "intercept_hits": _hits(SHIP_TARGETS, SHIPS, f"Where each {INTERCEPT} hit lands (one "
                                "per fresh defending ship): the attacker's ships."),
        "ship_hits": _hits(TARGETS, MOST_HITS, f"Where each {HIT} lands: the defender's ships, "
                           "then, once none is left, `city`, `starport`, `damaged city` or "
                           "`damaged starport`."),
        "building_hits": _hits(BUILDING_TARGETS, MOST_HITS, f"Where each {BUILDING_HIT} lands: "
                               "the defender's buildings."),
        "ransack": Key(OneOf([COURT_CARD, RANSACKED, ListOf(OneOf([COURT_CARD, RANSACKED]),
                                                             max_items=MOST_CITIES)]),
                       "The Court card taken by Ransacking the Court, one for each city "
                       "destroyed, in the order chosen; a Vox card that asks for a choice "
                       "with it, such as `{card: Mass Uprising, cluster: 4}`."),
        "raid": Key(ListOf(RAIDED, max_items=RESOURCE_SLOTS + len(GUILD)), f"What the {KEY}s "
                    "steal, one item at a time, in order."),
        "spend": SPEND,
    }, "argument"), "Battle a Rival in a system with Loyal ships (9)."),
    StepKind("fire_rifles", Record({
        "system": Key(SYSTEM, "The system whose fresh Loyal ships fire.", required=True),
        "target": Key(SYSTEM, "The adjacent system fired at.", required=True),
        "defender": Key(PLAYER, "The Rival whose pieces there are hit.", required=True),
        "dice": Key(faces("skirmish"), "The faces the skirmish dice rolled, one die at most for each "
                    "fresh Loyal ship."),
        "hits": _hits(TARGETS, MOST_HITS, f"Where each {HIT} lands: the defender's ships, "
                      "then, once none is left, their buildings."),
        "ransack": Key(OneOf([COURT_CARD, RANSACKED, ListOf(OneOf([COURT_CARD, RANSACKED]),
                                                             max_items=MOST_CITIES)]),
                       "The Court card taken by Ransacking the Court for each city destroyed."),
        "spend": SPEND,
    }, "argument"), "Galactic Rifles: Fire Rifles, in place of a Battle action (9.11)."),
)

SETUP_KEYS: dict[str, Key] = {
    "outrage": Key(MapOf(PLAYER, ListOf(RESOURCE, unique=True, max_items=len(RESOURCES))),
                   "The resources each player has Outraged, their icons covered by agents "
                   "(placeholders while no agent is free)."),
    "lore_cards_held": Key(MapOf(PLAYER, ListOf(Choice(list(LORE), "lore card"), unique=True,
                                                max_items=len(LORE))),
                           "Lore cards each player holds (Leaders & Lore): `Galactic Rifles`."),
    "guild_cards_held": Key(MapOf(PLAYER, ListOf(Ref("Guild card", catalog=list(GUILD)),
                                                 unique=True, max_items=len(GUILD))),
                            "Guild cards each player holds, by name; their icons count as "
                            "well as those given by `guild_cards`."),
}


def _per_player(read: Any) -> Any:
    return lambda view: {player: read(view.state, player) for player in view.state.players}


def _trophies(state: Any, holder: str) -> dict[str, dict[str, int]]:
    held = state.trophies.get(holder, {})
    return {owner: {kind: held.get(owner, {}).get(kind, 0) for kind in TROPHY_KINDS}
            for owner in state.players if owner != holder}


_PIECES = Record({
    "ships": Key(Int(minimum=0, maximum=SHIPS), "Ships."),
    "starports": Key(Int(minimum=0, maximum=STARPORTS), "Starports."),
    "cities": Key(Int(minimum=0, maximum=CITIES), "Cities."),
    "agents": Key(Int(minimum=0, maximum=AGENTS), "Agents."),
}, "piece")

EXPECTATIONS = (
    Expectation("trophy_pieces", MapOf(PLAYER, MapOf(PLAYER, _PIECES)), "Trophies by holder, "
                "then by owner, then by piece (0 for none).", _per_player(_trophies), "subset"),
    Expectation("outrage", MapOf(PLAYER, ListOf(RESOURCE, max_items=len(RESOURCES))),
                "The resources each named player has Outraged (in any order).",
                _per_player(lambda s, p: sorted(s.outraged[p])), "subset"),
    Expectation("outrage_placeholders", MapOf(PLAYER, Int(minimum=0, maximum=len(RESOURCES))),
                "Outrage icons each named player has covered with a placeholder, no agent "
                "being free.", _per_player(placeholders), "subset"),
    Expectation("resource_slots", MapOf(PLAYER, MapOf(Int(minimum=1, maximum=RESOURCE_SLOTS),
                                                      Choice([None, *RESOURCES], "resource"))),
                "What each named resource slot holds, by player and slot number from the "
                "left; `null` for an empty slot.",
                _per_player(lambda s, p: dict(enumerate(s.resources[p], start=1))), "subset"),
    Expectation("court_discard", ListOf(COURT_CARD, max_items=DECK), "The Court discard pile, "
                "oldest first.", lambda v: list(v.state.court_discard)),
)
