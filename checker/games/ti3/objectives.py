"""Step 1 of the status phase: claiming objectives in order of play (2), the home system
condition (3) and preliminary objectives (4)."""

from __future__ import annotations

from typing import Any

from checker.engine import Event
from checker.games.immutable import frozen, updated
from checker.games.ti3.common import Events, cite, gain_points, refuse
from checker.games.ti3.state import Card, Kind, RoundPhase, State


def claim(state: State, args: Any) -> tuple[State, Events]:
    """The `claim` step: a player announces an objective they qualify for."""
    player, name = args["player"], args["objective"]
    if state.phase is not RoundPhase.STATUS:
        refuse("2", f"objectives are claimed in the qualify for objectives step of the status "
               f"phase; this is the {state.phase.value} phase")
    if state.status_done >= 1:
        refuse("1.3", "the qualify for objectives step is over and does not come back")
    kind, points = _which(state, player, name)
    _check_home(state, player)
    _check_requirement(state, player, name)
    _check_order(state, player)
    _check_limit(state, player, name, kind)
    return _claim(state, player, name, kind, points)


def _which(state: State, player: str, name: str) -> tuple[Kind, int]:
    """Which of the player's claimable objectives `name` is, and its worth (2.3, 2.4, 2.6)."""
    for kind, held in ((Kind.PRELIMINARY, state.preliminaries), (Kind.SECRET, state.secrets)):
        card = held.get(player)
        if card is not None and card.name == name:
            return kind, card.points
    if name in state.public:
        if name in state.claimed(player):
            refuse("2.4", f"{player} has already claimed {name}; each public objective is claimed "
                   "once per player")
        age = state.age_of_empire
        if age is not None and name in age.stage_ii and state.round < 4:
            refuse("17.2", f"{name} is a stage II objective: with Age of Empire none is claimed "
                   f"in the first three rounds, and this is round {state.round}")
        return Kind.PUBLIC, state.public[name]
    for other in state.players:
        for held in (state.secrets, state.preliminaries):
            card = held.get(other)
            if card is not None and card.name == name:
                refuse("2.6", f"{name} is {other}'s objective; {player} may claim only their own")
    refuse("2.3", f"{name} is not a face-up public objective, nor an objective {player} holds")


def _check_home(state: State, player: str) -> None:
    if state.barred(player):
        refuse("3.1", f"{player} has not controlled every planet of their home system during "
               "this status phase, so claims no objective this round")


def _check_requirement(state: State, player: str, name: str) -> None:
    """After a round whose claims were lost (3.1), only requirements shown since count (3.3)."""
    stated = state.requirement.get((player, name))
    lost = state.claims_lost.get(player)
    if lost is not None and (stated is None or stated[1] <= lost):
        refuse("3.3", f"{player} lost the claims of round {lost} and has regained their home "
               f"system since; they must meet the requirements of {name} in round "
               f"{state.round}, and have not been shown to")
    if stated is not None and not stated[0]:
        refuse("2.7", f"{player} does not meet the requirements of {name} now")


def _check_order(state: State, player: str) -> None:
    order = state.order_of_play()
    if order.index(player) < state.claim_cursor:
        refuse("2.1a", f"claims go in order of play; {order[state.claim_cursor]} has already "
               f"claimed, after {player}'s turn")


def _check_limit(state: State, player: str, name: str, kind: Kind) -> None:
    window = f"status:{state.round}"
    mine = [g for g in state.gains if g.player == player and g.window == window]
    if kind is Kind.PUBLIC and player not in state.unlimited_publics \
            and any(g.kind is Kind.PUBLIC for g in mine):
        first = next(g.source for g in mine if g.kind is Kind.PUBLIC)
        refuse("2.2", f"{player} has already claimed a public objective ({first}) this status "
               "phase")
    if kind is Kind.SECRET and any(g.kind is Kind.SECRET for g in mine):
        refuse("2.2", f"{player} has already claimed a secret objective this status phase")


def _claim(state: State, player: str, name: str, kind: Kind, points: int) -> tuple[State, Events]:
    events: Events = []
    position = state.order_of_play().index(player)
    state = state.with_(claim_cursor=max(state.claim_cursor, position))
    if player in state.blockaded:
        events.append(cite("3.2", f"Enemy ships sit in {player}'s home system, but {player} "
                                  "controls all its planets: the claim stands."))
    if kind is Kind.PUBLIC and player in state.unlimited_publics:
        events.append(cite("16.2", f"Imperial II lets {player} claim any number of public "
                                   "objectives this status phase."))
    if kind is Kind.PUBLIC:
        others = [p for p in state.players if p != player and name in state.claimed(p)]
        if others:
            events.append(cite("2.5", f"{', '.join(others)} claimed {name} already; {player} "
                                      "may claim it too."))
    elif kind is Kind.SECRET:
        state = state.with_(secrets=updated(state.secrets, player, None))
        events.append(cite("2.6", f"{player} reveals their secret objective, {name}."))
    else:
        state = state.with_(preliminaries=updated(state.preliminaries, player, None),
                            preliminary_done=state.preliminary_done | {player})
        events.append(cite("4.2", f"{player} completes their preliminary objective, {name}; "
                                  "they may now draw a secret objective."))
    events.append(cite("2.8", f"{player} puts a control marker on {name}."))
    state, gained = gain_points(state, player, points, name, "2.8", f"status:{state.round}", kind)
    return state, events + gained


def draw_secret(state: State, args: Any) -> tuple[State, Events]:
    """A player draws a secret objective card; with the option, only after the preliminary (4.3)."""
    player = args["player"]
    if state.preliminary_option and player not in state.preliminary_done:
        refuse("4.3", f"{player} has not completed their preliminary objective, so draws no "
               "secret objective yet")
    held = state.secrets.get(player)
    if held is not None:
        refuse("2.6", f"{player} already holds a secret objective card ({held.name})")
    card = Card(args["objective"], args["points"])
    state = state.with_(secrets=updated(state.secrets, player, card))
    rule = "4.3" if state.preliminary_option else "2.6"
    return state, [cite(rule, f"{player} draws a secret objective card, {card.name} "
                              f"(worth {card.points}).")]


def requirement(state: State, args: Any) -> tuple[State, Events]:
    player, name, met = args["player"], args["objective"], args["met"]
    state = state.with_(requirement=updated(state.requirement, (player, name), (met, state.round)))
    word = "now meets" if met else "does not meet"
    return state, [cite("2.7", f"{player} {word} the requirements of {name}.")]


def home_system(state: State, args: Any) -> tuple[State, Events]:
    player, controls, enemy = args["player"], args["controls_all"], args["enemy_ships"]
    blockaded = state.blockaded | {player} if enemy else state.blockaded - {player}
    state = state.with_(blockaded=blockaded)
    if not controls:
        state = state.with_(home_lost=state.home_lost | {player})
        if state.phase is RoundPhase.STATUS:
            state = lose_claims(state, frozenset({player}))
        return state, [cite("3.1", f"{player} no longer controls every planet of their home "
                                   "system: no claims if a status phase finds them so.")]
    events: Events = []
    if player in state.home_lost:
        state = state.with_(home_lost=state.home_lost - {player})
        events.append(_regained(state, player))
    if enemy:
        events.append(cite("3.2", f"Enemy ships are in {player}'s home system; with every "
                                  "planet still theirs, that does not stop claims."))
    if not events:
        events.append(cite("3.1", f"{player} controls every planet of their home system."))
    return state, events


def _regained(state: State, player: str) -> Event:
    """What winning back the home planets means for claims: nothing lost unless a status phase
    found the player without them (3.1); after such a round, requirements are met anew (3.3)."""
    lost = state.claims_lost.get(player)
    again = f"{player} controls every planet of their home system again"
    if lost is None:
        return cite("3.1", f"{again}; no status phase found them without it, so no claim is "
                           "lost.")
    if lost == state.round:
        return cite("3.3", f"{again}, too late for this round's claims; next round they claim "
                           "only what they meet anew.")
    return cite("3.3", f"{again}, after losing the claims of round {lost}: objectives must be "
                       "met anew in this round before they are claimed.")


def lose_claims(state: State, players: frozenset[str]) -> State:
    """These players lack home control during this round's status phase (3.1)."""
    marks = dict(state.claims_lost)
    marks.update({player: state.round for player in players})
    return state.with_(claims_lost=frozen(marks))
