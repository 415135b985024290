"""The games the checker knows, by the name scenarios use in `game:`.

Each game's engine is imported when first used: a site rebuilt from its result cache needs a
game's name, title and rule book, not the code that plays it (tens of modules, most of the
checker's start-up time)."""

from __future__ import annotations

import importlib
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from checker.engine import Event, Outcome, Ruleset
from checker.rulebook import RuleBook

if TYPE_CHECKING:
    from checker.sentences import Sentences
    from checker.vocabulary import Vocabulary


class Game:
    """A game's ruleset, standing in for it until something needs more than its `game`,
    `title` and `rulebook`: then the game's ruleset module is imported, once, and asked."""

    def __init__(self, game: str, title: str, ruleset: str) -> None:
        self.game = game
        self.title = title
        self._ruleset = ruleset
        self.modules = (f"checker.games.{game}.rules", ruleset.rpartition(".")[0])
        """The modules it imports by name (what a bundle of the checker must hold)."""
        self._loaded: Ruleset | None = None
        self._lock = threading.Lock()

    @property
    def rulebook(self) -> RuleBook:
        rulebook: RuleBook = importlib.import_module(self.modules[0]).RULEBOOK
        return rulebook

    @property
    def loaded(self) -> Ruleset:
        """The game's own ruleset."""
        with self._lock:
            if self._loaded is None:
                module, _, name = self._ruleset.rpartition(".")
                self._loaded = getattr(importlib.import_module(module), name)()
            return self._loaded

    @property
    def vocabulary(self) -> Vocabulary:
        return self.loaded.vocabulary

    @property
    def sentences(self) -> Sentences:
        return self.loaded.sentences

    def setup(self, data: Mapping[str, Any]) -> Any:
        return self.loaded.setup(data)

    def apply(self, state: Any, kind: str, args: Any) -> tuple[Any, list[Event]]:
        return self.loaded.apply(state, kind, args)

    def outcome(self, state: Any) -> Outcome | None:
        return self.loaded.outcome(state)

    def describe(self, state: Any) -> dict[str, str]:
        return self.loaded.describe(state)

    def __getattr__(self, name: str) -> Any:
        # A game's optional hooks (`picture`, ...); never the private names above.
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.loaded, name)


RULESETS: tuple[Ruleset, ...] = (
    Game("ti4", "Twilight Imperium (4th edition)", "checker.games.ti4.ruleset.TI4"),
    Game("ti3", "Twilight Imperium (3rd edition)", "checker.games.ti3.ruleset.TI3"),
    Game("arcs", "Arcs", "checker.games.arcs.ruleset.Arcs"),
)
GAMES: dict[str, Ruleset] = {ruleset.game: ruleset for ruleset in RULESETS}
MODULES: tuple[str, ...] = tuple(module for game in RULESETS if isinstance(game, Game)
                                 for module in game.modules)
"""Every module the registry imports by name, not by an import statement."""


def find_game(name: str) -> Ruleset:
    return GAMES[name]
