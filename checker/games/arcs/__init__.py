"""Arcs: the game as the checker knows it."""

from checker.game_info import GameInfo

GAME = GameInfo(name="arcs", title="Arcs", ruleset="checker.games.arcs.ruleset:Arcs")
"""Registered under the entry-point group `checker.games` in the project's pyproject.toml."""
