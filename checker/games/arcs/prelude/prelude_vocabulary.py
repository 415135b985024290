"""What an Arcs scenario can say about the Prelude: the `prelude` step, which spends a resource
for no standard action or uses a Guild card's Prelude ability (10). A standard action is paid
with a resource token through its own `spend` key (`actions.action_vocabulary`)."""

from __future__ import annotations

from checker.games.arcs.actions.action_vocabulary import TOKEN
from checker.games.arcs.parts.board import SYSTEMS
from checker.games.arcs.parts.cards import CARD_NAMES
from checker.games.arcs.parts.components import RESOURCES
from checker.games.arcs.parts.court_cards import GUILD
from checker.games.arcs.parts.words import ACTION_CARD, SYSTEM
from checker.games.arcs.table.player_board import RESOURCE_SLOTS
from checker.vocabulary import Choice, Int, Key, ListOf, OneOf, Record, Ref, StepKind

GUILD_CARD = Ref("Guild card", catalog=list(GUILD))
GATES = [name for name, system in SYSTEMS.items() if system.is_gate]
STOLEN = Record({
    "from": Key(Ref("player"), "The Rival stolen from.", required=True),
    "slot": Key(Int(minimum=1, maximum=RESOURCE_SLOTS), "The resource in this slot of the "
                "Rival's board, 1 to 6 from the left."),
    "card": Key(GUILD_CARD, "A Guild card of the Rival's."),
}, "steal key")

STEPS = (
    StepKind("prelude", Record({
        "spend": Key(TOKEN, "A resource token spent for no standard action: its resource (the "
                     "leftmost such token), or its slot, 1 to 6 from the left. A Weapon lets "
                     "the action pips battle this turn; any other is spent without effect "
                     "(10.2c, 10.4)."),
        "card": Key(GUILD_CARD, "The Guild card whose Prelude ability is used (10.6)."),
        "system": Key(SYSTEM, "Prison Wardens, Skirmishers, Court Enforcers, Loyal Marines: the "
                      "system, one the player controls, where 3 ships are placed (10.7)."),
        "gates": Key(ListOf(Choice(GATES, "gate"), unique=True, max_items=len(GATES)),
                     "Gatekeepers, with too few ships in supply for every gate: the gates that "
                     "get one (10.7)."),
        "gain": Key(Int(minimum=0, maximum=RESOURCE_SLOTS), "Mining Interest, Shipping "
                    "Interest: how many are gained, when fewer than the empty slots (10.8b)."),
        "steal": Key(OneOf([STOLEN, ListOf(STOLEN, max_items=RESOURCE_SLOTS)]), "What is "
                     "stolen, one thing or a list: a resource by its slot, or a Guild card "
                     "(10.8b, 10.9)."),
        "discard": Key(ListOf(Choice(list(RESOURCES), "resource"), max_items=RESOURCE_SLOTS),
                       "With every open slot full: the resources discarded, one for each "
                       "resource gained or stolen into a full board, in order (6.11b)."),
        "pay": Key(TOKEN, "Relic Fence: the resource discarded to gain a Relic, by resource or "
                   "slot (10.8c)."),
        "beside": Key(ACTION_CARD, "A Union card: the card played face up this round it goes "
                      "beside (10.10)."),
        "cards": Key(Int(minimum=0, maximum=len(CARD_NAMES)), "Farseers: how many "
                     "action cards from the hand are discarded with it (10.12)."),
    }, "argument"), "A Prelude action of the player whose turn it is that is not a standard "
                    "action: a resource spent, or a Guild card's Prelude ability (10)."),
)
