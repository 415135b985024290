"""The TI4 Ruleset: objectives, the status phase and victory, as the core runs them."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from checker.engine import Event, Outcome
from checker.games.ti4 import (
    action_phase,
    agendas,
    point_cards,
    points,
    scoring,
    secrets,
    status_phase,
    strategic_actions,
)
from checker.games.ti4.common import Events, Handler, cite, refuse
from checker.games.ti4.drawing import draw
from checker.games.ti4.sentences import SENTENCES
from checker.games.ti4.setup import initial_state, shown_all
from checker.games.ti4.state import STATUS_STEPS, RoundPhase, State
from checker.games.ti4.vocabulary import VOCABULARY
from checker.games.twilight.describe import game_over, round_and_phase, with_cards
from checker.rulebook import RuleBook


def _requirement(state: State, args: Any) -> tuple[State, Events]:
    met = args["met"]
    key = (args["player"], args["objective"])
    requirement = dict(state.requirement)
    requirement[key] = met
    state = state.with_(requirement=MappingProxyType(requirement))
    word = "now fulfils" if met else "no longer fulfils"
    return state, [cite("61.4", f"{args['player']} {word} the requirement of {args['objective']}.")]


def _home_system(state: State, args: Any) -> tuple[State, Events]:
    player = args["player"]
    if args["controls_all"]:
        lost = state.home_lost - {player}
        text = f"{player} controls every planet of their home system again."
    else:
        lost = state.home_lost | {player}
        text = f"{player} no longer controls every planet of their home system."
    return state.with_(home_lost=lost), [cite("61.16", text)]


HANDLERS: dict[str, Handler] = {
    "strategy_phase": action_phase.strategy_phase,
    "tactical_action": action_phase.tactical_action,
    "space_cannon_offense": action_phase.space_cannon_offense,
    "anti_fighter_barrage": action_phase.anti_fighter_barrage,
    "space_combat": action_phase.space_combat,
    "bombardment": action_phase.bombardment,
    "space_cannon_defense": action_phase.space_cannon_defense,
    "ground_combat": action_phase.ground_combat,
    "combat_ends": action_phase.combat_ends,
    "destroy_units": action_phase.destroy_units,
    "reduce_fleet_pool": action_phase.reduce_fleet_pool,
    "score": scoring.score,
    "requirement": _requirement,
    "home_system": _home_system,
    "draw_secret_objective": secrets.draw_step,
    "return_secret_objective": secrets.return_step,
    "reveal_secret_objective": secrets.show_step,
    "imperial_primary": strategic_actions.imperial_primary,
    "imperial_secondary": strategic_actions.imperial_secondary,
    "politics_primary": strategic_actions.politics_primary,
    "remove_custodians_token": action_phase.remove_custodians,
    "gain_points": points.gain_step,
    "lose_points": points.lose_step,
    "discard_law": points.discard_law,
    "shard_of_the_throne": point_cards.shard_of_the_throne,
    "support_for_the_throne": point_cards.support_for_the_throne,
    "return_support_for_the_throne": point_cards.return_support,
    "exchange_support_for_the_throne": point_cards.exchange_support,
    "seed_of_an_empire": agendas.seed_of_an_empire,
    "incentive_program": agendas.incentive_program,
    "status_phase": status_phase.begin,
    "reveal_objective": status_phase.step(2),
    "draw_action_cards": status_phase.step(3),
    "remove_command_tokens": status_phase.step(4),
    "redistribute_command_tokens": status_phase.step(5),
    "ready_cards": status_phase.step(6),
    "repair_units": status_phase.step(7),
    "return_strategy_cards": status_phase.step(8),
}


class TI4:
    """Twilight Imperium, fourth edition."""

    game = "ti4"
    title = "Twilight Imperium (4th edition)"
    vocabulary = VOCABULARY
    sentences = SENTENCES

    def setup(self, data: Mapping[str, Any]) -> State:
        return initial_state(data)

    def apply(self, state: State, kind: str, args: Any) -> tuple[State, list[Event]]:
        if state.pending_return and kind != "return_secret_objective":
            refuse("61.21a", f"{state.pending_return} must first return a secret objective to "
                   "the deck")
        if state.imperial_secondary is not None and not kind.startswith("imperial_") \
                and kind != "return_secret_objective":
            state = state.with_(imperial_secondary=None)
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


def describe(state: State) -> dict[str, str]:
    """The state as a player would read it off the table."""
    rows = {
        "Round": round_and_phase(state, RoundPhase.STATUS, STATUS_STEPS),
        "Speaker": state.speaker,
        "Initiative order": ", ".join(with_cards(state, p) for p in state.initiative_order()),
        "Victory points": ", ".join(f"{p} {state.points(p)}" for p in state.players)
                          + f" (goal {state.goal})",
        "Public objectives": ", ".join(shown_all(state.revealed)) or "none revealed",
        "Facedown": f"{len(state.facedown_i)} stage I, {len(state.facedown_ii)} stage II",
    }
    scored = {p: state.scored(p) for p in state.players if state.scored(p)}
    rows["Scored"] = "; ".join(f"{p}: {', '.join(names)}" for p, names in scored.items()) or "nothing"
    rows["Secret objectives in hand"] = ", ".join(f"{p} {len(state.secrets[p])}" for p in state.players)
    rows["Command tokens (tactic/fleet/strategy)"] = ", ".join(
        f"{p} {t.tactic}/{t.fleet}/{t.strategy}" for p, t in state.tokens.items())
    if state.action_hands or state.action_deck is not None:
        hands = ", ".join(f"{p} {state.action_hands.get(p, 0)}" for p in state.players)
        deck = "" if state.action_deck is None else f" (deck {state.action_deck}, " \
            f"discard {state.action_discard})"
        rows["Action cards"] = hands + deck
    if state.active:
        rows["Active player"] = state.active
    combat = state.combat
    if combat is not None:
        rows["Combat"] = f"the {combat.kind} combat " + (
            "is under way" if not combat.ended else
            f"is over, won by {combat.winner}" if combat.winner else "is over, a draw")
    rows["Home systems"] = (f"not fully controlled by {', '.join(sorted(state.home_lost))}"
                            if state.home_lost else "each player controls all their home planets")
    rows["Custodians token"] = "removed" if state.custodians_removed else "on Mecatol Rex"
    if state.shard:
        rows["Shard of the Throne"] = f"held by {state.shard}"
    if state.supports:
        rows["Support for the Throne"] = ", ".join(f"{giver}'s held by {holder}"
                                                   for giver, holder in state.supports.items())
    if state.discarded_laws:
        rows["Laws discarded"] = ", ".join(sorted(state.discarded_laws))
    if state.ended:
        rows["Game over"] = game_over(state.ended)
    return rows
