"""Hearts, as the checker knows it: a game package built only on the checker's public API.

This module is what the checker's registry reads on every run, so it declares the game and
imports nothing else: the engine (`hearts_rules.ruleset`) loads only when a scenario of the
game must run.
"""

from checker.game_info import GameInfo

GAME = GameInfo(name="hearts", title="Hearts", ruleset="hearts_rules.ruleset:Hearts")
"""Registered under the entry-point group `checker.games` in this package's pyproject.toml."""
