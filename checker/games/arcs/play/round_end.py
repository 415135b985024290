"""Whose turn comes next in a round, and the end of the round: who takes the initiative (7.5,
7.8). The steps that begin a new round or end the chapter close a finished round first."""

from __future__ import annotations

from checker.games.arcs.common import Events, cite, refuse
from checker.games.arcs.parts.rounds import Round, Union
from checker.games.arcs.state import State
from checker.games.arcs.table.supply import ships_in_supply, stranded
from checker.games.immutable import updated


def round_order(state: State, current: Round) -> tuple[str, ...]:
    """Turn order for the round: from the player who led, clockwise. Seizing the initiative
    mid-round does not change it."""
    start = state.players.index(current.done[0])
    return state.players[start:] + state.players[:start]


def next_follower(state: State) -> str | None:
    """The next player to take a turn this round; None once everyone with cards has."""
    current = state.round
    if current is None:
        return None
    return next((p for p in round_order(state, current)[1:]
                 if p not in current.done and state.hands[p]), None)


def end_turn(state: State) -> None:
    """A turn cannot end while its player, with no ship and no starport on the map, still has
    ships to place at a gate (7.10)."""
    turn = state.round.turn if state.round else None
    if turn is None or turn.ended or not stranded(state, turn.player):
        return
    if ships_in_supply(state, turn.player):
        refuse("7.10", f"{turn.player} has no ship and no starport on the map: as the turn "
               f"ends, {turn.player} places 3 fresh ships at a gate, and a step must say which")


def close_round(state: State) -> tuple[State, Events]:
    """End the round under way, if any; refused while a player with cards has not played."""
    current = state.round
    if current is None:
        return state, []
    end_turn(state)
    waiting = next_follower(state)
    if waiting is not None:
        refuse("7.5", f"{waiting} has not taken a turn this round yet: every player with cards "
               "plays one, in turn order")
    skipped = [p for p in round_order(state, current) if p not in current.done]
    events: Events = []
    if skipped:
        events.append(cite("7.5", f"{', '.join(skipped)} had no action card and took no turn."))
    state, more = _unions(state, current.unions)
    events += more
    holder = current.done[0]
    if current.seized is not None:
        taker, why = current.seized, f"{current.seized} seized the initiative and keeps it"
    elif current.surpassed is not None:
        taker = current.surpassed[0]
        why = f"nobody seized the initiative; {taker} Surpassed with the highest number " \
              f"({current.surpassed[1]}) and takes it"
    else:
        taker, why = holder, f"nobody seized the initiative or Surpassed; {holder} keeps it"
    events.append(cite("7.8a", f"The round ends: {why}. The played cards are discarded."))
    return state.with_(round=None, initiative=taker), events


def _unions(state: State, unions: tuple[Union, ...]) -> tuple[State, Events]:
    """As the round ends, each Union card's player draws back the card it lies beside, and the
    Union goes to the Court discard pile (10.10). Each Union has a suit of its own, so no two
    lie beside the same card."""
    events: Events = []
    for union in unions:
        state = state.with_(hands=updated(state.hands, union.player,
                                          state.hands[union.player] + 1),
                            court_discard=state.court_discard + (union.card,))
        events.append(cite("10.10", f"The round ends: {union.player} draws {union.beside.name} "
                                    f"back into their hand, and {union.card} goes to the Court "
                                    "discard pile."))
    return state, events
