"""The end of the game: Imperial's primary ability (13.1) and Imperium Rex with its chain of
tie-breaks (13.2, 13.3); the victory point track itself is in common.gain_points (12.2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from checker.engine import Outcome
from checker.games.immutable import frozen, updated
from checker.games.ti3.common import Events, cite, gain_points, listed, refuse
from checker.games.ti3.state import (
    IMPERIAL_II,
    IMPERIUM_REX,
    STRATEGY_CARDS,
    RoundPhase,
    Secondary,
    State,
)

TIE_BREAKS: tuple[tuple[str, str, Callable[[State, str], int]], ...] = (
    ("13.3", "victory points", lambda s, p: s.points(p)),
    ("13.3a", "planets", lambda s, p: len(s.planets.get(p, ()))),
    ("13.3b", "unused command counters", lambda s, p: s.counters[p].unused),
    ("13.3c", "command counters on the race sheet", lambda s, p: s.counters[p].sheet),
)
"""Imperium Rex: what decides the winner, in order; each applies only among those still tied."""


def strategy_phase(state: State, picks: Any) -> tuple[State, Events]:
    if state.phase is not RoundPhase.STRATEGY:
        refuse("14", f"the strategy phase starts a game round; this is the {state.phase.value} "
               "phase")
    missing = [p for p in state.players if p not in picks]
    if missing:
        refuse("14.1", f"every player takes a strategy card; {listed(missing)} took none")
    taken: dict[str, str] = {}
    held: dict[str, tuple[str, ...]] = {}
    events: Events = []
    for player in state.players:
        chosen = (picks[player],) if isinstance(picks[player], str) else tuple(picks[player])
        for card in chosen:
            if card in taken:
                refuse("14.1", f"{card} was already taken by {taken[card]}")
            taken[card] = player
            events.append(cite("14.1", f"{player} takes {card} ({STRATEGY_CARDS[card]})."))
        held[player] = tuple(sorted(chosen, key=STRATEGY_CARDS.__getitem__))
    state = state.with_(strategy_cards=frozen(held), strategy_cards_used=frozenset(),
                        phase=RoundPhase.ACTION)
    events.append(cite("14.2", f"Order of play: {', '.join(state.order_of_play())}."))
    return state, events


def imperial_primary(state: State, args: Any) -> tuple[State, Events]:
    """The holder of Imperial gains its victory points, then reveals the next public objective;
    if that is Imperium Rex, the game is over (13.1, 13.2). Once a round, as the strategic
    action of the card (14.3). With Age of Empire there is nothing to reveal (17.4)."""
    player, card = args["player"], args.get("reveals")
    check_holder(state, player, "13.1")
    if state.imperial_card == IMPERIAL_II:
        refuse("16.1", "strategy card 8 is Imperial II in this game: its primary ability is The "
               "Ancient Throne")
    if state.age_of_empire is not None and card is not None:
        refuse("17.4", f"with Age of Empire every public objective is face up from the start: "
               f"Imperial reveals none, so not {card}")
    state, events = strategic_action(state, player, "Imperial")
    state = state.with_(secondary=Secondary(player))
    if args["victory_points"]:
        state, gained = gain_points(state, player, args["victory_points"],
                                    "Imperial's primary ability", "13.1", f"action:{state.round}")
        events += gained
        if state.ended:
            return state, events
    if state.age_of_empire is not None:
        return state, events + [cite("17.4", "Every public objective is face up already: "
                                             "Imperial reveals none.")]
    card = card or f"the objective revealed in round {state.round}"
    if card == IMPERIUM_REX:
        return imperium_rex(state, player, events)
    state = state.with_(public=updated(state.public, card, args["worth"]))
    return state, events + [cite("13.1", f"{player} reveals the next public objective: {card} "
                                         f"(worth {args['worth']}).")]


def check_holder(state: State, player: str, rule: str) -> None:
    """Strategy card 8's primary ability is its holder's, in the action phase (14.3)."""
    if state.phase is not RoundPhase.ACTION:
        refuse(rule, f"Imperial's primary ability is used in the action phase; this is the "
               f"{state.phase.value} phase")
    if "Imperial" not in state.strategy_cards.get(player, ()):
        holder = next((p for p, cards in state.strategy_cards.items() if "Imperial" in cards),
                      None)
        refuse(rule, f"only the holder of the Imperial strategy card uses its primary ability; "
               f"{holder or 'nobody'} holds it, not {player}")


def strategic_action(state: State, player: str, card: str) -> tuple[State, Events]:
    """A strategy card's primary ability is used once a round, by its holder; a player holding
    two cards has one strategic action for each (14.3)."""
    if card in state.strategy_cards_used:
        refuse("14.3", f"{player} has already used the primary ability of {card} this round; "
               "the card is spent until the strategy cards are returned")
    state = state.with_(strategy_cards_used=state.strategy_cards_used | {card})
    return state, [cite("14.3", f"{player} takes the strategic action of {card}: its primary "
                                "ability, once this round.")]


def imperium_rex(state: State, player: str, events: Events) -> tuple[State, Events]:
    events = events + [cite("13.2", f"{player} reveals Imperium Rex: the game ends at once.")]
    return most_points_wins(state, events, "Imperium Rex was revealed")


def token_on_imperium_rex(state: State, events: Events) -> tuple[State, Events]:
    """Age of Empire: the turn token moves onto Imperium Rex and the game ends; the winner is
    decided as when Imperium Rex is revealed (17.3, 13.3)."""
    events = events + [cite("17.3", "The turn token moves onto Imperium Rex, at the end of the "
                                    "row: the game is over.")]
    return most_points_wins(state, events, "Imperium Rex was reached by the turn token")


def most_points_wins(state: State, events: Events, cause: str) -> tuple[State, Events]:
    """The most victory points wins, then the tie-breaks in order, each among those still
    tied; tied through all of them, a draw (13.3-13.3d)."""
    tied = list(state.order_of_play())
    for rule, what, measure in TIE_BREAKS:
        best = max(measure(state, p) for p in tied)
        leaders = [p for p in tied if measure(state, p) == best]
        shown = ", ".join(f"{p} {measure(state, p)}" for p in tied)
        if len(leaders) == 1:
            winner = leaders[0]
            reason = f"{cause} and {winner} has the most {what} ({best})"
            if len(tied) < len(state.players):
                reason += f" of the players tied before ({listed(tied)})"
            events.append(cite(rule, f"Most {what}: {shown}. {winner} wins."))
            return state.with_(ended=Outcome(winner, f"ti3:{rule}", reason)), events
        events.append(cite(rule, f"Most {what}: {shown}. {listed(leaders)} are tied."))
        tied = leaders
    reason = f"{cause} and {listed(tied)} are tied through every tie-break"
    events.append(cite("13.3d", f"{listed(tied)} are still tied: the game is a draw between "
                                "them."))
    return state.with_(ended=Outcome(None, "ti3:13.3d", reason)), events
