"""Twilight Imperium (3rd edition): the game as the checker knows it."""

from checker.game_info import GameInfo

GAME = GameInfo(
    name="ti3",
    title="Twilight Imperium (3rd edition)",
    ruleset="checker.games.ti3.ruleset:TI3",
)
"""Registered under the entry-point group `checker.games` in the project's pyproject.toml."""
