"""Twilight Imperium (4th edition): the game as the checker knows it."""

from checker.game_info import GameInfo

GAME = GameInfo(
    name="ti4",
    title="Twilight Imperium (4th edition)",
    ruleset="checker.games.ti4.ruleset:TI4",
    rules_text="Living Rules Reference",
)
"""Registered under the entry-point group `checker.games` in the project's pyproject.toml."""
