"""The TI3 Ruleset: the status phase and the end of the game, as the core runs them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.engine import Event, Outcome
from checker.games.ti3 import game_end, imperial, objectives, status_phase
from checker.games.ti3.common import Handler
from checker.games.ti3.drawing import draw
from checker.games.ti3.sentences import SENTENCES
from checker.games.ti3.setup import initial_state
from checker.games.ti3.state import IMPERIAL_II, STATUS_STEPS, STRATEGY_CARDS, RoundPhase, State
from checker.games.ti3.vocabulary import VOCABULARY
from checker.games.twilight.describe import game_over, round_and_phase, with_cards
from checker.rulebook import RuleBook

HANDLERS: dict[str, Handler] = {
    "strategy_phase": game_end.strategy_phase,
    "imperial_primary": game_end.imperial_primary,
    "imperial_secondary": imperial.imperial_secondary,
    "imperial_ii_primary": imperial.imperial_ii_primary,
    "home_system": objectives.home_system,
    "requirement": objectives.requirement,
    "draw_secret_objective": objectives.draw_secret,
    "status_phase": status_phase.begin,
    "claim": objectives.claim,
    "repair_units": status_phase.step(2),
    "remove_command_counters": status_phase.step(3),
    "refresh_planets": lambda state, args: status_phase.step(4)(
        state, (args or {}).get("refresh_abilities")),
    "receive_cards_and_counters": status_phase.step(5),
    "redistribute_command_counters": status_phase.step(6),
    "return_strategy_cards": status_phase.step(7),
    "scuttle": status_phase.scuttle,
}


class TI3:
    """Twilight Imperium, third edition."""

    game = "ti3"
    title = "Twilight Imperium (3rd edition)"
    vocabulary = VOCABULARY
    sentences = SENTENCES

    def setup(self, data: Mapping[str, Any]) -> State:
        return initial_state(data)

    def apply(self, state: State, kind: str, args: Any) -> tuple[State, list[Event]]:
        if state.secondary is not None and kind != "imperial_secondary":
            state = state.with_(secondary=None)  # the strategic action is over (15.2)
        return HANDLERS[kind](state, args)

    def outcome(self, state: State) -> Outcome | None:
        return state.ended

    def describe(self, state: State) -> dict[str, str]:
        return describe(state)

    def picture(self, state: State, previous: State | None = None,
                rulebook: RuleBook | None = None) -> str:
        """The scoring side of the table as an inline SVG picture, what changed since
        `previous` marked; "" when nothing it shows changed."""
        return draw(state, previous, rulebook)


def _imperial_rows(state: State) -> dict[str, str]:
    """Strategy card 8 and the options around it, where they are in play (15-17)."""
    rows = {}
    if state.imperial_card == IMPERIAL_II:
        rows["Strategy card 8"] = IMPERIAL_II
    age = state.age_of_empire
    if age is not None:
        done = min(state.round - 1, len(age.row))
        rows["Age of Empire"] = (f"turn token on {age.row[done - 1]}" if done else
                                 "turn token not yet on the row") + \
            f"; the game ends after the status phase of round {age.last_round}"
    if state.secondary is not None:
        rows["Imperial's secondary ability"] = "used by " + (
            ", ".join(state.secondary.used) or "nobody yet") + (
            " alone" if state.secondary.exclusive else "")
    if state.unlimited_publics:
        rows["Any number of public objectives this round"] = ", ".join(
            sorted(state.unlimited_publics))
    return rows


def describe(state: State) -> dict[str, str]:
    """The state as a player would read it off the table."""
    rows = {
        "Round": round_and_phase(state, RoundPhase.STATUS, STATUS_STEPS),
        "Order of play": ", ".join(with_cards(state, p) for p in state.order_of_play()),
        "Victory points": ", ".join(f"{p} {state.points(p)}" for p in state.players)
                          + f" (last space {state.goal})",
        "Public objectives": ", ".join(f"{n} ({v})" for n, v in state.public.items())
                             or "none face up",
    }
    if state.phase is RoundPhase.ACTION or state.strategy_cards_used:
        rows["Strategy cards used this round"] = ", ".join(
            sorted(state.strategy_cards_used, key=STRATEGY_CARDS.__getitem__)) or "none yet"
    claimed = {p: state.claimed(p) for p in state.players if state.claimed(p)}
    rows.update(_imperial_rows(state))
    rows["Claimed"] = "; ".join(f"{p}: {', '.join(n)}" for p, n in claimed.items()) or "nothing"
    rows["Secret objective"] = ", ".join(
        f"{p} {'holds one' if state.secrets.get(p) else 'none'}" for p in state.players)
    if state.preliminary_option:
        rows["Preliminary objective"] = ", ".join(
            f"{p} {'completed' if p in state.preliminary_done else 'not yet'}"
            for p in state.players)
    rows["Home systems"] = (f"not fully controlled by {', '.join(sorted(state.home_lost))}"
                            if state.home_lost else "every player controls all their home planets")
    if state.blockaded:
        rows["Home systems"] += f"; enemy ships at home: {', '.join(sorted(state.blockaded))}"
    rows["Command counters (strategy/command/fleet)"] = ", ".join(
        f"{p} {c.strategy}/{c.command}/{c.fleet}" for p, c in state.counters.items())
    rows["Counters on board / in reinforcements"] = ", ".join(
        f"{p} {c.board}/{c.reinforcements}" for p, c in state.counters.items())
    if state.largest_fleet:
        rows["Largest fleet"] = ", ".join(f"{p} {n}" for p, n in state.largest_fleet.items())
    if state.planets:
        rows["Planets"] = ", ".join(f"{p} {len(n)}" for p, n in state.planets.items())
    if any(state.exhausted.values()):
        rows["Exhausted planets"] = "; ".join(f"{p}: {', '.join(n)}"
                                              for p, n in state.exhausted.items() if n)
    if any(state.damaged.values()):
        rows["Damaged units"] = "; ".join(f"{p}: {', '.join(u)}"
                                          for p, u in state.damaged.items() if u)
    if state.action_hands:
        rows["Action cards"] = ", ".join(f"{p} {state.action_hands.get(p, 0)}"
                                         for p in state.players)
    if any(state.unit_reinforcements.values()):
        rows["Scuttled to reinforcements"] = "; ".join(
            f"{p}: {', '.join(u)}" for p, u in state.unit_reinforcements.items() if u)
    if state.ended:
        rows["Game over"] = game_over(state.ended)
    return rows
