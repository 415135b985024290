"""Influence and Secure: agents onto Court cards, and taking a card with more Loyal agents on
it than each Rival, capturing the Rival agents and refilling its place (8.5, 8.6)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from checker.games.arcs.actions.acting import acting, pay
from checker.games.arcs.actions.guild_cards import take_guild
from checker.games.arcs.actions.vox import VOX_CHOICES, resolve_vox
from checker.games.arcs.common import Events, cite, listed, plural, refuse
from checker.games.arcs.parts.court_cards import GUILD, VOX
from checker.games.arcs.parts.pieces import CourtSpot
from checker.games.arcs.state import State
from checker.games.arcs.table.player_board import NAMES
from checker.games.arcs.table.supply import agents_in_supply
from checker.games.immutable import frozen, updated


def spot_of(state: State, card: str, rule: str) -> int:
    index = next((i for i, spot in enumerate(state.court) if spot.card == card), None)
    if index is None:
        refuse(rule, f"{card} is not in the Court")
    return index


def influence(state: State, args: Any) -> tuple[State, Events]:
    state, paying = acting(state, "influence", args)
    player, card = paying.turn.player, args["card"]
    index = spot_of(state, card, "8.5")
    if agents_in_supply(state, player) == 0:
        return pay(state, paying, [cite("6.9", f"{player} has no agent in supply: nothing is "
                                               "placed.")])
    spot = state.court[index]
    agents = dict(spot.agents)
    agents[player] = agents.get(player, 0) + 1
    state = _replace_spot(state, index, CourtSpot(card, tuple(agents.items())))
    return pay(state, paying, [cite("8.5", f"{player} places an agent on {card} "
                                           f"({plural(agents[player], 'Loyal agent')} "
                                           "there now).")])


def secure(state: State, args: Any) -> tuple[State, Events]:
    state, paying = acting(state, "secure", args)
    player, card = paying.turn.player, args["card"]
    index = spot_of(state, card, "8.6")
    spot = state.court[index]
    mine = spot.agents_of(player)
    rivals = {p: n for p, n in spot.agents if p != player}
    best = max(rivals.values(), default=0)
    if not outnumbers(mine, best):
        tally = ", ".join(f"{p} {n}" for p, n in spot.agents) or "none"
        refuse("8.6a", f"{player} needs more agents on {card} than each Rival (agents: {tally})")
    events = [cite("8.6a", f"{player} has the most agents on {card} and secures it.")]
    events.append(cite("8.6b", _returned(player, mine, rivals)))
    held = dict(state.captives.get(player, {}))
    for owner, number in rivals.items():
        held[owner] = held.get(owner, 0) + number
    state = state.with_(captives=updated(state.captives, player, frozen(held)))
    state, more = take_card(state, player, index, args)
    return pay(state, paying, events + more)


def take_card(state: State, player: str, index: int, args: Any) -> tuple[State, Events]:
    """The card at `index` leaves the Court for `player`, its agents already dealt with: a
    Guild card to their play area, a Vox card's When Secured at once; then the place is
    refilled (8.6c, 8.6d)."""
    card = state.court[index].card
    assert card is not None
    if card not in VOX and any(args.get(choice) for choice in VOX_CHOICES):
        refuse("8.6c", f"{card} is a Guild card: it has no When Secured choice to make")
    state = _replace_spot(state, index, CourtSpot(None))
    state = _secured_this_turn(state, player, card)
    if card in GUILD:
        state = take_guild(state, player, card)
        events = [cite("8.6c", f"{card} is a Guild card: it goes to {player}'s play area, "
                               f"and its {NAMES[GUILD[card]]} icon counts for ambitions.")]
    else:
        state, events = resolve_vox(state, player, card, args)
    state, more = _refill(state, index)
    return state, events + more


def _secured_this_turn(state: State, player: str, card: str) -> State:
    """Remember the card `player` secured on their turn (a card is only secured or Ransacked
    by the player taking a turn): its Prelude actions wait for another Prelude (10.6)."""
    turn = state.round.turn if state.round else None
    assert state.round is not None and turn is not None and turn.player == player
    return state.with_(round=replace(state.round, turn=replace(turn,
                                                               secured=turn.secured + (card,))))


def outnumbers(mine: int, best_rival: int) -> bool:
    """More Loyal agents than each Rival: a tie is not enough (8.6a)."""
    return mine > best_rival


def _returned(player: str, mine: int, rivals: dict[str, int]) -> str:
    text = f"{plural(mine, 'Loyal agent')} {'goes' if mine == 1 else 'go'} back to {player}'s " \
           "supply"
    captured = [plural(n, f"{owner} agent") for owner, n in rivals.items() if n]
    if captured:
        text += f"; {listed(captured)} {'becomes' if sum(rivals.values()) == 1 else 'become'} " \
                f"{player}'s Captives"
    return text + "."


def _refill(state: State, index: int) -> tuple[State, Events]:
    if not state.court_deck:
        return state, [cite("8.6d", "The Court deck is empty: the place stays empty.")]
    drawn = state.court_deck[0]
    state = _replace_spot(state, index, CourtSpot(drawn)).with_(court_deck=state.court_deck[1:])
    return state, [cite("8.6d", f"{drawn} is drawn from the Court deck into the same place.")]


def _replace_spot(state: State, index: int, spot: CourtSpot) -> State:
    return state.with_(court=state.court[:index] + (spot,) + state.court[index + 1:])
