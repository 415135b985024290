"""Guild cards in a player's play area: one comes or goes, and its suit icon with it, which
counts for ambitions like a resource of that type (6.13, 8.6c)."""

from __future__ import annotations

from checker.games.arcs.parts.court_cards import GUILD
from checker.games.arcs.state import State
from checker.games.immutable import frozen, updated


def take_guild(state: State, player: str, card: str) -> State:
    """A Guild card comes to `player`'s play area; its icon counts for ambitions."""
    return _guild_icon(state, player, card, 1).with_(
        guild_held=updated(state.guild_held, player, state.guild_held[player] + (card,)))


def give_up_guild(state: State, player: str, card: str) -> State:
    """A Guild card leaves `player`'s play area, and its icon with it."""
    held = list(state.guild_held[player])
    held.remove(card)
    return _guild_icon(state, player, card, -1).with_(
        guild_held=updated(state.guild_held, player, tuple(held)))


def _guild_icon(state: State, player: str, card: str, number: int) -> State:
    icons = dict(state.guild[player])
    icons[GUILD[card]] = icons.get(GUILD[card], 0) + number
    return state.with_(guild=updated(state.guild, player, frozen(icons)))
