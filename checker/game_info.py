"""What a game package declares so the checker can find it: `GameInfo`, registered under the
entry-point group `checker.games`. This module stays light: the registry reads every
installed game's declaration without importing the engine behind it.

In a game package's `__init__.py`:

    from checker.game_info import GameInfo

    GAME = GameInfo(name="hearts", title="Hearts", ruleset="hearts_rules.ruleset:Hearts")

and in its `pyproject.toml`:

    [project.entry-points."checker.games"]
    hearts = "hearts_rules:GAME"

The full contract (the `Ruleset` a declaration points to) is documented in `checker.api`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

API_VERSION = 1
"""The version of the contract between the checker and its games (`checker.api`). A game
declares the version it was written for; the checker loads games of this version only, and
a change that breaks games already written raises it."""

RULEBOOK = "Rulebook"
"""What a game's own rules text is called when the game does not name it."""

GAME_NAME = re.compile(r"^[a-z][a-z0-9]*$")
"""A game's name: the prefix of its rule ids (`hearts:3.1`) and the value of `game:`."""


class GameUnavailable(Exception):
    """An installed game that cannot be used: its message names the game and its package."""


@dataclass(frozen=True)
class GameInfo:
    """A game, as its package declares it."""

    name: str
    """The short name scenarios use in `game:` and rule ids, e.g. "ti4"."""
    title: str
    """The game's name as players know it, e.g. "Twilight Imperium (4th edition)"."""
    ruleset: str
    """Where its Ruleset class is, as `module:Class`; imported only when a scenario of the game
    must run."""
    api: int = API_VERSION
    """The version of `checker.api` the game was written for."""
    rules_text: str = RULEBOOK
    """What players call the game's own rules text, e.g. "Living Rules Reference": a scenario
    whose `source` is the rules shows as this name and its `ref` ("Rulebook p. 17")."""
