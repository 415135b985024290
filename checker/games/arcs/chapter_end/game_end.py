"""Steps 3 and 4 of ending a chapter: the end of the game or the next chapter (4), then new
hands and the two-player mulligan (5)."""

from __future__ import annotations

from typing import Any

from checker.engine import Outcome
from checker.games.arcs.common import Events, cite, listed, refuse
from checker.games.arcs.parts.components import HAND, LAST_CHAPTER
from checker.games.arcs.state import Stage, State
from checker.games.immutable import frozen


def check_game_end(state: State) -> tuple[State, Events]:
    order = state.turn_order()
    limit = state.threshold
    reached = [p for p in order if state.power(p) >= limit]
    last = state.chapter >= LAST_CHAPTER
    events: Events = []
    if reached:
        verb = "has" if len(reached) == 1 else "have"
        events.append(cite("4.1", f"{listed(reached)} {verb} at least {limit} Power, the goal "
                                  f"with {len(state.players)} players: the game ends."))
    else:
        events.append(cite("4.1", f"Nobody has {limit} Power, the goal with "
                                  f"{len(state.players)} players."))
    if last:
        events.append(cite("4.2", f"The chapter marker is on chapter {LAST_CHAPTER}: the game "
                                  "ends."))
    if not reached and not last:
        chapter = state.chapter + 1
        events.append(cite("4.4", f"The chapter marker advances to chapter {chapter}."))
        return state.with_(chapter=chapter, stage=Stage.CHECKED,
                           check=f"nobody has {limit} Power: chapter {chapter} begins"), events
    best = max(state.power(p) for p in order)
    leaders = [p for p in order if state.power(p) == best]
    winner = leaders[0]
    reason = f"{winner} has the most Power ({best})"
    if len(leaders) > 1:
        rule = "4.3a"
        reason = (f"{listed(leaders)} tie on {best} Power; {winner} is earliest in turn order "
                  f"from {state.initiative}, who holds the initiative")
        events.append(cite("4.3a", f"{reason}, and wins."))
    else:
        rule = "4.1" if reached else "4.2"
        events.append(cite("4.3", f"{reason} and wins."))
    why = f"{listed(reached)} reached {limit} Power" if reached else \
        f"chapter {LAST_CHAPTER} is over"
    state = state.with_(stage=Stage.CHECKED, check=f"{why}: game over, {winner} wins",
                        ended=Outcome(winner, f"arcs:{rule}", f"{why}; {reason}"))
    return state, events


def draw_cards(state: State) -> tuple[State, Events]:
    events = [cite("5.1", f"All action cards are shuffled and each player draws {HAND}."),
              cite("5.2", "The cards no one drew go face down to the action discard pile."),
              cite("5.3", f"{state.initiative} holds the initiative and will start chapter "
                          f"{state.chapter}.")]
    if len(state.players) == 2:
        other = next(p for p in state.players if p != state.initiative)
        events.append(cite("5.4", f"{other}, without the initiative, may mulligan."))
    return state.with_(hands=frozen({p: HAND for p in state.players}), stage=Stage.DRAWN), events


def mulligan(state: State, args: Any) -> tuple[State, Events]:
    player = args["player"]
    if len(state.players) != 2:
        refuse("5.4", f"the mulligan is for two-player games; this one has "
               f"{len(state.players)} players")
    if state.stage is not Stage.DRAWN:
        refuse("5.4a", "a mulligan comes right after the hands are drawn at the end of a "
               "chapter, before anyone plays")
    if player == state.initiative:
        refuse("5.4a", f"{player} holds the initiative: only the other player may mulligan")
    if state.mulliganed:
        refuse("5.4a", f"{player} has already taken the mulligan and must keep the new hand")
    text = (f"{player} discards the {HAND} cards drawn and draws {HAND} new ones, which "
            f"{player} must keep.")
    return state.with_(mulliganed=player), [cite("5.4", text)]
