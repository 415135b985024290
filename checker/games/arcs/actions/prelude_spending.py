"""The Prelude of a turn, and spending resources in it: each token spent takes its Prelude
action at once, without an action pip; an Outraged resource takes none; the Loyal Guild cards
let any resource be spent as theirs, Outrage or not (10.1-10.5)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NoReturn

from checker.games.arcs.common import Events, cite, listed, refuse
from checker.games.arcs.parts.cards import SUIT_ACTIONS
from checker.games.arcs.parts.rounds import Turn
from checker.games.arcs.state import State
from checker.games.arcs.table.player_board import NAMES, open_slots
from checker.games.immutable import updated

ACTION_NAMES = {"tax": "Tax", "build": "Build", "move": "Move", "repair": "Repair",
                "influence": "Influence", "secure": "Secure", "battle": "Battle"}
RULES = {"material": "10.2a", "fuel": "10.2b", "weapons": "10.2c", "relics": "10.2d",
         "psionics": "10.2e"}
"""The rule giving each resource its Prelude action."""
OWN_ACTIONS: dict[str, tuple[str, ...]] = {"material": ("build", "repair"), "fuel": ("move",),
                                           "weapons": (), "relics": ("secure",)}
"""The actions a resource's Prelude action takes; Psionics take one of the lead card's, and
Weapons take none but let the action pips battle."""
LOYAL: dict[str, str] = {"Loyal Engineers": "material", "Loyal Pilots": "fuel",
                         "Loyal Marines": "weapons", "Loyal Empaths": "psionics",
                         "Loyal Keepers": "relics"}
"""The Guild cards that let their holder spend any resource as theirs, ignoring Outrage
(10.5)."""


def prelude_turn(state: State, doing: str) -> Turn:
    """The turn under way, if its Prelude is not over (10.1)."""
    turn = state.round.turn if state.round else None
    if turn is None:
        passed = [p for p in state.players if p in state.passed]
        why = f" ({listed(passed)} passed the initiative instead of leading)" if passed else ""
        refuse("10.1c", f"nobody is taking a turn{why}: {doing} only in the Prelude of a turn, "
               "after its card is played")
    if turn.ended:
        refuse("7.10", f"{turn.player}'s turn is over: the ships placed at a gate end it")
    if not turn.in_prelude:
        refuse("10.1b", f"{turn.player} has spent an action pip: the Prelude is over, and "
               f"{doing} only before the first pip")
    return turn


def token_slot(state: State, player: str, spend: Any) -> int:
    """The resource slot (0 for the leftmost) of the token named: by its slot number, or by
    its resource, the leftmost such token."""
    slots = state.resources[player][:open_slots(state, player)]
    if isinstance(spend, int):
        if spend > len(slots) or slots[spend - 1] is None:
            refuse("10.2", f"{player}'s resource slot {spend} holds no resource to spend")
        return spend - 1
    if spend not in slots:
        refuse("10.2", f"{player} holds no {NAMES[spend]} to spend")
    return slots.index(spend)


def ways(state: State, turn: Turn, resource: str) -> list[tuple[str, str | None]]:
    """What a token of `resource` may be spent as now: its own type unless Outraged (a Loyal
    card of its type ignores that), and the type of each Loyal card held; with the card that
    allows it, if any."""
    held = state.guild_held[turn.player]
    loyal = {kind: card for card, kind in LOYAL.items() if card in held}
    found: list[tuple[str, str | None]] = []
    if resource not in state.outraged[turn.player]:
        found.append((resource, None))
    elif resource in loyal:
        found.append((resource, loyal[resource]))
    found += [(kind, card) for kind, card in loyal.items() if kind != resource]
    return found


def actions_as(state: State, kind: str) -> tuple[str, ...]:
    """The actions a resource spent as `kind` takes (Psionics: the lead card's)."""
    if kind == "psionics":
        assert state.round is not None
        return SUIT_ACTIONS[state.round.lead.suit]
    return OWN_ACTIONS[kind]


def spend_token(state: State, turn: Turn, slot: int) -> tuple[State, Turn, str]:
    """The token leaves its slot (the others stay) and waits, spent, for the Prelude's end."""
    resource = state.resources[turn.player][slot]
    assert resource is not None and state.round is not None
    slots = state.resources[turn.player]
    left = slots[:slot] + (None,) + slots[slot + 1:]
    turn = replace(turn, spent=turn.spent + (resource,), preluded=True)
    state = state.with_(resources=updated(state.resources, turn.player, left),
                        round=replace(state.round, turn=turn))
    return state, turn, resource


def pay_for_action(state: State, action: str, spend: Any) -> tuple[State, Turn, Events]:
    """Spend a token for the Prelude action `action`: the state with the token spent, the turn,
    and what paying says."""
    name = ACTION_NAMES[action]
    turn = prelude_turn(state, f"a resource is spent for a {name}")
    slot = token_slot(state, turn.player, spend)
    resource = state.resources[turn.player][slot]
    assert resource is not None
    usable = ways(state, turn, resource)
    how = next(((kind, card) for kind, card in usable if action in actions_as(state, kind)),
               None)
    if how is None:
        _refuse(state, turn, resource, action, usable)
    state, turn, _ = spend_token(state, turn, slot)
    kind, card = how
    said = f"{turn.player} spends a {NAMES[resource]}"
    if kind != resource:
        said += f" as a {NAMES[kind]} ({card})"
    elif card is not None:
        said += f" ({card}: its Outrage is ignored)"
    said += f" in the Prelude: a {name}, without an action pip."
    rule = "10.5" if card is not None else RULES[kind]
    return state, turn, [cite(rule, said)]


def _refuse(state: State, turn: Turn, resource: str, action: str,
            usable: list[tuple[str, str | None]]) -> NoReturn:
    name, player = ACTION_NAMES[action], turn.player
    if resource in state.outraged[player] and action in actions_as(state, resource):
        refuse("10.4", f"{player} has {NAMES[resource]} Outrage: an Outraged resource is not "
               "spent for its Prelude action")
    own = actions_as(state, resource)
    gives = f"takes a {listed(ACTION_NAMES[a] for a in own)}" if own \
        else "takes no action of its own (it lets the action pips of the card played Battle)"
    if resource == "psionics":
        assert state.round is not None
        gives = f"takes an action of the lead card, {state.round.lead.name} " \
                f"({listed(ACTION_NAMES[a] for a in own)})"
    others = [kind for kind, _ in usable if kind != resource]
    also = f"; spent as {listed(NAMES[k] for k in others)}, it takes no {name} either" \
        if others else ""
    refuse(RULES[resource], f"a {NAMES[resource]} spent in the Prelude {gives}, not a "
           f"{name}{also}")
