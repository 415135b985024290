"""Stealing from a Rival's play area: a resource from a slot of their board, gained by the
thief as any resource is, or a Guild card, which comes to the thief's play area; Sworn
Guardians keeps its holder's resources and other Guild cards from being stolen, and is buried
when stolen itself (9.10c-9.10e)."""

from __future__ import annotations

from checker.games.arcs.actions.gaining import receive, take_out
from checker.games.arcs.actions.guild_cards import give_up_guild, take_guild
from checker.games.arcs.common import Events, cite, refuse
from checker.games.arcs.state import State

SWORN_GUARDIANS = "Sworn Guardians"


def guarded(state: State, victim: str, card: str | None) -> None:
    """Refuse to steal anything but Sworn Guardians itself from its holder."""
    if SWORN_GUARDIANS in state.guild_held[victim] and card != SWORN_GUARDIANS:
        refuse("9.10e", f"{victim} holds {SWORN_GUARDIANS}: Rivals cannot steal {victim}'s "
               "resources or other Guild cards until it is stolen")


def steal_resource(state: State, thief: str, victim: str, slot: int, discard: str | None
                   ) -> tuple[State, Events]:
    """The resource in the victim's slot `slot` (1 for the leftmost) is gained by the thief."""
    resource = state.resources[victim][slot - 1]
    assert resource is not None
    state = take_out(state, victim, slot - 1)
    state, events = receive(state, thief, resource, discard)
    return state, [cite("9.10c", f"A stolen resource is gained: the slots of {thief}'s "
                                 "board decide where it goes.")] + events


def steal_card(state: State, thief: str, victim: str, card: str, discard: str | None
               ) -> tuple[State, Events]:
    """The victim's Guild card comes to the thief's play area; Sworn Guardians is buried."""
    if discard:
        refuse("9.10d", f"{card} is a Guild card: it takes no resource slot, so nothing is "
               "discarded for it")
    state = give_up_guild(state, victim, card)
    if card == SWORN_GUARDIANS:
        return state.with_(court_deck=state.court_deck + (card,)), [
            cite("9.10e", f"{card} says to bury it when stolen: it goes to the bottom of the "
                          "Court deck.")]
    return take_guild(state, thief, card), [
        cite("9.10d", f"{card} goes to {thief}'s play area.")]
