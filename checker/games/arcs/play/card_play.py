"""Playing action cards: leading, following by Surpass, Copy or Pivot, seizing the initiative,
passing it, and the end of a round (1.2, 7)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from checker.games.arcs.common import Events, cite, listed, plural, refuse
from checker.games.arcs.parts.cards import (
    FOUR_PLAYERS_ONLY,
    SUIT_ACTIONS,
    Card,
    actions_of,
    card,
)
from checker.games.arcs.parts.rounds import COPY, LEAD, PIVOT, SURPASS, Round, Turn
from checker.games.arcs.play.round_end import close_round, end_turn, next_follower
from checker.games.arcs.state import Stage, State
from checker.games.immutable import frozen, updated


def in_chapter(state: State) -> State:
    """Cards and passes belong to a chapter being played; the first one after drawing starts
    the new chapter."""
    if state.stage is Stage.DRAWN:
        return state.with_(stage=Stage.PLAYING, results=(), returned=frozen({}), cleanup=(),
                           check="", mulliganed=None)
    if state.stage is not Stage.PLAYING:
        refuse("1.4", "the chapter has ended: its four steps come first")
    return state


def _new_round(state: State) -> tuple[State, Events]:
    state = in_chapter(state)
    return close_round(state)


def lead(state: State, args: Any) -> tuple[State, Events]:
    state, events = _new_round(state)
    player, led = args["player"], card(args["card"])
    if player != state.initiative:
        refuse("7.3", f"{state.initiative} holds the initiative and leads the round, not "
               f"{player}")
    _playable(state, player, led, ())
    text = f"{player} leads {led.name}: {plural(led.pips, 'action pip')} for " \
           f"{actions_of(led.suit)}."
    if state.passed:
        text += f" The passes of {listed(sorted(state.passed, key=state.players.index))} no " \
                "longer count: they were not in a row."
    turn = Turn(player, LEAD, led, SUIT_ACTIONS[led.suit], led.pips)
    state = _spend_card(state, player).with_(
        passed=frozenset(), round=Round(lead=led, number=led.number, done=(player,), turn=turn,
                                        on_table=(led,)))
    return state, events + [cite("7.3", text)]


def surpass(state: State, args: Any) -> tuple[State, Events]:
    state, current, player = _follower(state, args)
    played = card(args["card"])
    _playable(state, player, played, current.on_table)
    if played.suit != current.lead.suit:
        refuse("7.5a", f"{played.name} is not of the lead suit, {current.lead.suit}: it can "
               "Pivot, not Surpass")
    if played.number <= lead_number(current):
        shown = f"{current.number} (the zero marker covers it)" \
            if current.number != current.lead.number else str(current.number)
        refuse("7.5a", f"{played.name} is not higher than the lead card's number, {shown}")
    best = current.surpassed
    if best is None or played.number > best[1]:
        best = (player, played.number)
    turn = Turn(player, SURPASS, played, SUIT_ACTIONS[played.suit], played.pips)
    events = [cite("7.5a", f"{player} Surpasses with {played.name}: "
                           f"{plural(played.pips, 'action pip')} for {actions_of(played.suit)}.")]
    state = _follow(state, current, turn, surpassed=best, on_table=current.on_table + (played,))
    if played.number == 7:
        if current.seized is None:
            state = seize_initiative(state, player)
            events.append(cite("7.7a", f"A Surpass with a 7 seizes the initiative: {player} "
                                       "takes the initiative marker."))
        else:
            events.append(cite("7.7b", f"{current.seized} already seized the initiative this "
                                       f"round, so {player}'s 7 does not."))
    return state, events


def lead_number(current: Round) -> int:
    """The number a Surpass must beat: the lead card's, or 0 under the zero marker (7.6b)."""
    return current.number


def copy(state: State, args: Any) -> tuple[State, Events]:
    state, current, player = _follower(state, args)
    if args.get("card"):
        _playable(state, player, card(args["card"]), current.on_table)
    suit = current.lead.suit
    turn = Turn(player, COPY, None, SUIT_ACTIONS[suit], 1)
    events = [cite("7.5b", f"{player} Copies with a card face down: 1 action of the lead suit, "
                           f"{suit} ({actions_of(suit)}).")]
    return _follow(state, current, turn), events


def pivot(state: State, args: Any) -> tuple[State, Events]:
    state, current, player = _follower(state, args)
    played = card(args["card"])
    _playable(state, player, played, current.on_table)
    if played.suit == current.lead.suit:
        refuse("7.5c", f"{played.name} is of the lead suit: it can Surpass or Copy, not Pivot")
    turn = Turn(player, PIVOT, played, SUIT_ACTIONS[played.suit], 1)
    events = [cite("7.5c", f"{player} Pivots with {played.name}: 1 action of its own suit "
                           f"({actions_of(played.suit)}).")]
    return _follow(state, current, turn, on_table=current.on_table + (played,)), events


def seize(state: State, args: Any) -> tuple[State, Events]:
    current = state.round
    turn = current.turn if current else None
    player = args["player"]
    if current is None or turn is None or turn.player != player:
        refuse("7.7", f"{player} seizes the initiative on their own turn, right after playing "
               "a card")
    if player == current.done[0]:
        refuse("7.7b", f"{player} holds the initiative and cannot seize it")
    if current.seized is not None:
        refuse("7.7b", f"{current.seized} has already seized the initiative this round")
    if turn.acted:
        refuse("7.7", f"{player} has already taken an action: seizing comes before any action")
    if turn.preluded:
        refuse("10.1a", f"{player} has already taken a Prelude action: seizing comes before the "
               "Prelude")
    if not state.hands[player]:
        refuse("7.7a", f"{player} has no other card to play face down")
    state = seize_initiative(_spend_card(state, player), player)
    return state, [cite("7.7a", f"{player} plays an extra card face down, without actions, and "
                                "seizes the initiative.")]


def pass_initiative(state: State, args: Any) -> tuple[State, Events]:
    state, events = _new_round(state)
    holder = state.initiative
    start = state.players.index(holder)
    around = state.players[start + 1:] + state.players[:start + 1]
    taker = next((p for p in around if state.hands[p]), holder)
    if taker == holder:
        text = f"{holder} passes the initiative; nobody else has cards, so {holder} keeps it."
    else:
        text = f"{holder} passes the initiative to {taker}, the next player clockwise with " \
               "cards, and the round ends."
    return state.with_(initiative=taker, passed=state.passed | {holder}), \
        events + [cite("1.2", text)]


def end_round(state: State, args: Any) -> tuple[State, Events]:
    if state.round is None:
        refuse("7.8", "no round is under way: the initiative holder leads or passes first")
    return close_round(state)


def _follower(state: State, args: Any) -> tuple[State, Round, str]:
    player = args["player"]
    current = state.round
    if current is None:
        refuse("7.5", f"no card was led this round: {state.initiative}, who holds the "
               "initiative, leads first")
    if player in current.done:
        refuse("7.1", f"{player} has already taken a turn this round")
    end_turn(state)
    waiting = next_follower(state)
    if waiting != player:
        why = f"{waiting} plays first, in turn order" if waiting else \
            "everyone with cards has played this round"
        refuse("7.5", f"{player} cannot play now: {why}")
    return state, current, player


def _playable(state: State, player: str, played: Card, on_table: tuple[Card, ...]) -> None:
    if not state.hands[player]:
        rule = "1.2" if state.round is None else "7.5"
        refuse(rule, f"{player} has no action card to play")
    if played.number in FOUR_PLAYERS_ONLY and len(state.players) < 4:
        refuse("7.2", f"the {played.number} cards are used only with four players")
    if played in on_table:
        refuse("7.2", f"{played.name} is already on the table this round: each card is unique")


def _spend_card(state: State, player: str) -> State:
    return state.with_(hands=updated(state.hands, player, state.hands[player] - 1))


def _follow(state: State, current: Round, turn: Turn, **changes: Any) -> State:
    current = replace(current, done=current.done + (turn.player,), turn=turn, **changes)
    return _spend_card(state, turn.player).with_(round=current)


def seize_initiative(state: State, player: str) -> State:
    """`player` takes the initiative marker at once, and nobody else seizes it this round."""
    assert state.round is not None
    return state.with_(initiative=player, round=replace(state.round, seized=player))
