"""The Prelude abilities of Guild cards: who may use them and when (the holder, in their
Prelude, not on a card secured in that Prelude), the card discarded to the Court discard pile
when it says so, and the abilities that act on the cards and the initiative: the Unions
(10.10), Lattice Spies (10.11) and Farseers (10.12); the others are in `guild_ships` and
`guild_goods` (10.6)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from checker.games.arcs.actions.guild_cards import give_up_guild
from checker.games.arcs.actions.prelude_spending import prelude_turn
from checker.games.arcs.common import Events, cite, plural, refuse
from checker.games.arcs.parts.cards import card as action_card
from checker.games.arcs.parts.court_cards import UNIONS
from checker.games.arcs.parts.rounds import Turn, Union
from checker.games.arcs.play.card_play import seize_initiative
from checker.games.arcs.prelude import guild_goods, guild_ships
from checker.games.arcs.state import State
from checker.games.immutable import updated

LATTICE_SPIES = "Lattice Spies"
FARSEERS = "Farseers"

Ability = Callable[[State, Turn, str, Mapping[str, Any]], tuple[State, Events]]


def _unions(state: State, turn: Turn, card: str, args: Mapping[str, Any]
            ) -> tuple[State, Events]:
    """Beside a card of its suit played face up this round; it draws that card back as the
    round ends (`play.round_end`)."""
    assert state.round is not None
    if "beside" not in args:
        refuse("10.10", f"{card} goes beside a card played face up this round, and the step "
               "must say which")
    beside = action_card(args["beside"])
    if beside not in state.round.on_table:
        refuse("10.10", f"{beside.name} was not played face up this round")
    if beside.suit != UNIONS[card]:
        article = "an" if UNIONS[card][0] in "AEIOU" else "a"
        refuse("10.10", f"{card} goes beside {article} {UNIONS[card]} card, not {beside.name}")
    state = give_up_guild(state, turn.player, card)
    assert state.round is not None
    current = replace(state.round, unions=state.round.unions + (Union(turn.player, card,
                                                                          beside),))
    return state.with_(round=current), [cite("10.10", f"{turn.player} places {card} beside "
                                                      f"{beside.name}: as the round ends, "
                                                      f"{turn.player} draws that card back.")]


def _lattice_spies(state: State, turn: Turn, card: str, args: Mapping[str, Any]
                   ) -> tuple[State, Events]:
    assert state.round is not None
    player, seized = turn.player, state.round.seized
    if state.initiative == player or seized is not None:
        why = f"{seized} has seized the initiative this round" if seized else \
            f"{player} holds the initiative"
        return state, [cite("10.11", f"{why}: {card} is discarded without effect.")]
    return seize_initiative(state, player), [
        cite("10.11", f"{card}: {player} seizes the initiative.")]


def _farseers(state: State, turn: Turn, card: str, args: Mapping[str, Any]
              ) -> tuple[State, Events]:
    player, number = turn.player, args.get("cards", 0)
    if number > state.hands[player]:
        refuse("10.12", f"{player} holds {plural(state.hands[player], 'action card')}, not "
               f"{number} to discard")
    state = state.with_(hands=updated(state.hands, player, state.hands[player] + 1))
    return state, [cite("10.12", f"{card}: {player} discards {plural(number, 'action card')} "
                                 f"with it and draws {number + 1} from the bottom of the action "
                                 "discard pile.")]


ABILITIES: dict[str, tuple[Ability, frozenset[str]]] = {
    "Gatekeepers": (lambda s, t, c, a: guild_ships.gatekeepers(s, t.player, a),
                    frozenset({"gates"})),
    **{name: (lambda s, t, c, a: guild_ships.three_ships(s, t.player, c, a),
              frozenset({"system"})) for name in guild_ships.THREE_SHIPS},
    guild_goods.ELDER_BROKER: (lambda s, t, c, a: guild_goods.elder_broker(s, t.player, a),
                               frozenset({"discard"})),
    **{name: (lambda s, t, c, a: guild_goods.interest(s, t.player, c, a),
              frozenset({"gain", "steal"})) for name in guild_goods.INTERESTS},
    **{name: (lambda s, t, c, a: guild_goods.cartel(s, t.player, c, a),
              frozenset({"steal", "discard"})) for name in guild_goods.CARTELS},
    guild_goods.SILVER_TONGUES: (lambda s, t, c, a: guild_goods.silver_tongues(s, t.player, a),
                                 frozenset({"steal", "discard"})),
    guild_goods.RELIC_FENCE: (lambda s, t, c, a: guild_goods.relic_fence(s, t, a),
                              frozenset({"pay"})),
    **{name: (_unions, frozenset({"beside"})) for name in UNIONS},
    LATTICE_SPIES: (_lattice_spies, frozenset()),
    FARSEERS: (_farseers, frozenset({"cards"})),
}
"""Each Guild card with a Prelude ability, and the keys a step may give it."""
KEPT = (guild_goods.RELIC_FENCE, *UNIONS)
"""The cards not discarded when used: Relic Fence stays, a Union is set beside a card."""


def use_card(state: State, args: Mapping[str, Any]) -> tuple[State, Events]:
    card = args["card"]
    turn = prelude_turn(state, f"the Prelude ability of {card} is used")
    player = turn.player
    if card not in ABILITIES:
        refuse("10.6", f"{card} has no Prelude ability")
    if card not in state.guild_held[player]:
        refuse("10.6", f"{player} holds no {card}: a Guild card's ability is its holder's")
    if card in turn.secured:
        refuse("10.6", f"{player} secured {card} in this Prelude: its Prelude ability waits "
               "for another Prelude")
    ability, keys = ABILITIES[card]
    extra = sorted(set(args) - keys - {"card"})
    if extra:
        refuse("10.6", f"the ability of {card} has no choice of that kind to make")
    if card == LATTICE_SPIES and turn.preluded:
        refuse("10.11", f"{card} is used before any other Prelude action, and {player} has "
               "taken one")
    assert state.round is not None
    turn = replace(turn, preluded=True)
    state = state.with_(round=replace(state.round, turn=turn))
    events: Events = []
    if card not in KEPT:
        state = give_up_guild(state, player, card)
        state = state.with_(court_discard=state.court_discard + (card,))
        events.append(cite("10.6", f"{player} discards {card} to the Court discard pile for "
                                   "its Prelude ability."))
    state, more = ability(state, turn, card, args)
    return state, events + more
