"""The installed games: every package registered under the entry-point group `checker.games`,
the built-in games too (this project's pyproject.toml registers them like any other).

Reading the registry imports each game's declaration (`checker.game_info.GameInfo`), never
its engine: a site rebuilt from its result cache needs a game's name and title, not the code
that plays it (tens of modules, most of the checker's start-up time). A game whose package
fails to import, declares another contract version or breaks the contract is reported by its
package's name, and the other games keep working.
"""

from __future__ import annotations

import functools
import importlib
import sys
import threading
from collections.abc import Iterable, Mapping
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any, NamedTuple

from checker.engine import Event, Outcome, Ruleset
from checker.game_info import API_VERSION, GAME_NAME, GameInfo, GameUnavailable
from checker.rulebook import RuleBook

GROUP = "checker.games"
"""The entry-point group games register under."""
_REQUIRED = ("vocabulary", "sentences", "setup", "apply", "outcome", "describe")
"""What a ruleset must have (`checker.api.Ruleset`), besides its `game` name."""


class InstalledGame:
    """A game's ruleset, standing in for it until something needs more than its name, title
    and rule book: then the ruleset is imported, once, and checked against the contract."""

    def __init__(self, info: GameInfo, package: str, entry: str, source: Path | None,
                 rulebook: RuleBook | None = None) -> None:
        self.info = info
        self.entry = entry
        """Its entry point's value: where its declaration is, "checker.games.ti4:GAME"."""
        self.module = entry.partition(":")[0]
        """The module that declares the game."""
        self.game = info.name
        self.title = info.title
        self.package = package
        """The distribution that registered the game, with its version: "hearts-rules 0.1"."""
        self.source = source
        """The folder of the package that declares the game (its code, for fingerprints)."""
        self.rulebook = rulebook if rulebook is not None else RuleBook(info.name, {})
        """The rules its site's pages define (`checker.rule_pages`)."""
        self._state: list[Any] = [None, threading.Lock()]
        """The loaded ruleset and its lock, shared by the copies `with_rulebook` makes."""

    @property
    def modules(self) -> tuple[str, ...]:
        """The modules the registry imports by name (what a bundle of the checker must
        hold)."""
        return (self.module, self.info.ruleset.partition(":")[0])

    def with_rulebook(self, rulebook: RuleBook) -> InstalledGame:
        """The same game, its rules those of `rulebook`."""
        copy = InstalledGame(self.info, self.package, self.entry, self.source, rulebook)
        copy._state = self._state
        return copy

    @property
    def rules_text(self) -> str:
        """What players call the game's own rules text (`GameInfo.rules_text`)."""
        return self.info.rules_text

    @property
    def loaded(self) -> Ruleset:
        """The game's own ruleset; raises GameUnavailable when it cannot be loaded."""
        state = self._state
        with state[1]:
            if state[0] is None:
                state[0] = _load(self.info, self.package)
            ruleset: Ruleset = state[0]
            return ruleset

    @property
    def vocabulary(self) -> Any:
        return self.loaded.vocabulary

    @property
    def sentences(self) -> Any:
        return self.loaded.sentences

    def setup(self, data: Mapping[str, Any]) -> Any:
        return self.loaded.setup(data)

    def apply(self, state: Any, kind: str, args: Any) -> tuple[Any, list[Event]]:
        return self.loaded.apply(state, kind, args)

    def outcome(self, state: Any) -> Outcome | None:
        return self.loaded.outcome(state)

    def describe(self, state: Any) -> dict[str, str]:
        return self.loaded.describe(state)

    def picture(self, state: Any, previous: Any = None) -> str:
        """The game's picture of `state` (its optional `picture` hook, given the rules of its
        pages for their titles), "" for a game that draws none."""
        draw = getattr(self.loaded, "picture", None)
        return draw(state, previous, rulebook=self.rulebook) if draw is not None else ""

    def __getattr__(self, name: str) -> Any:
        # A game's optional hooks (`picture`, ...); never the private names above.
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.loaded, name)


def _load(info: GameInfo, package: str) -> Any:
    where = f"game '{info.name}' ({package})"
    module_name, _, attribute = info.ruleset.partition(":")
    try:
        found = getattr(importlib.import_module(module_name), attribute)
        ruleset = found() if isinstance(found, type) else found
    except Exception as error:  # noqa: BLE001 - a game package's failure is its own
        raise GameUnavailable(f"{where}: cannot load its ruleset {info.ruleset}: "
                              f"{type(error).__name__}: {error}") from None
    if getattr(ruleset, "game", None) != info.name:
        raise GameUnavailable(f"{where}: its ruleset {info.ruleset} says it is game "
                              f"{getattr(ruleset, 'game', None)!r}, not {info.name!r}")
    missing = [name for name in _REQUIRED if not hasattr(ruleset, name)]
    if missing:
        raise GameUnavailable(f"{where}: its ruleset {info.ruleset} lacks "
                              f"{', '.join(missing)} (see checker.api.Ruleset)")
    return ruleset


class Registry(NamedTuple):
    """The installed games by name, and what kept others from being installed."""

    games: dict[str, InstalledGame]
    problems: list[str]
    """One line each, naming the package: a game that could not be registered."""


@functools.cache
def installed() -> Registry:
    """Every game registered under `checker.games` in this Python environment."""
    return from_entry_points(entry_points(group=GROUP))


def games() -> dict[str, InstalledGame]:
    return installed().games


def from_entry_points(entries: Iterable[EntryPoint], packages: Mapping[str, str] | None = None
                      ) -> Registry:
    """The registry of `entries`, in order of their names (the same whatever order the
    environment lists them in); `packages` names the package of an entry by its name, where
    its metadata is not at hand."""
    registry = Registry({}, [])
    for entry in sorted(entries, key=lambda e: (e.name, e.value)):
        package = (packages or {}).get(entry.name) or _package(entry)
        try:
            game = _declared(entry, package)
        except GameUnavailable as problem:
            registry.problems.append(str(problem))
            continue
        first = registry.games.get(game.game)
        if first is not None:
            registry.problems.append(f"game '{game.game}' ({package}): already registered by "
                                     f"{first.package}; this one is left out")
            continue
        registry.games[game.game] = game
    return registry


def _declared(entry: EntryPoint, package: str) -> InstalledGame:
    where = f"entry point '{entry.name} = {entry.value}' of {package}"
    try:
        info = entry.load()
    except Exception as error:  # noqa: BLE001 - a game package's failure is its own
        raise GameUnavailable(f"{where}: cannot import it: {type(error).__name__}: "
                              f"{error}") from None
    if not isinstance(info, GameInfo):
        raise GameUnavailable(f"{where}: names a {type(info).__name__}, not a "
                              f"checker.game_info.GameInfo")
    if info.api != API_VERSION:
        raise GameUnavailable(f"{where}: game '{info.name}' is written for version {info.api} "
                              f"of the checker's game contract; this checker has version "
                              f"{API_VERSION}")
    if not GAME_NAME.match(str(info.name)) or info.name != entry.name:
        raise GameUnavailable(f"{where}: the entry point's name must be the game's name "
                              f"(lowercase letters and digits), got game {info.name!r}")
    if ":" not in str(info.ruleset):
        raise GameUnavailable(f"{where}: ruleset {info.ruleset!r} is not 'module:Class'")
    module = sys.modules.get(entry.module)
    file = getattr(module, "__file__", None)
    return InstalledGame(info, package, entry.value, Path(file).parent if file else None)


def _package(entry: EntryPoint) -> str:
    dist = entry.dist
    return f"{dist.name} {dist.version}" if dist is not None else f"module {entry.module}"


def bind(games: Mapping[str, InstalledGame], rulebooks: Mapping[str, RuleBook]
         ) -> dict[str, InstalledGame]:
    """The games, each with the rules its site's pages define (none for a game the pages
    leave out): first those of `rulebooks`, in its order, then the others."""
    return {name: game.with_rulebook(rulebooks.get(name) or RuleBook(name, {}))
            for name, game in in_order(games, rulebooks).items()}


def in_order(games: Mapping[str, InstalledGame], first: Iterable[str]) -> dict[str, InstalledGame]:
    """The games, those named in `first` first (in its order: a site's configured order)."""
    names = [name for name in first if name in games]
    return {name: games[name] for name in [*names, *(n for n in games if n not in names)]}


BUNDLED = "bundled_games.json"
"""In a bundle of the checker (the browser's zip), the games it holds, as entry points: the
registry reads them there, where no package metadata is installed."""


def bundled_declarations(games: Mapping[str, InstalledGame]) -> list[dict[str, str]]:
    """What `BUNDLED` holds for `games`."""
    return [{"name": name, "value": game.entry, "package": game.package}
            for name, game in games.items()]


def from_bundled(declarations: list[dict[str, str]]) -> Registry:
    """The registry of a bundle's `BUNDLED` declarations."""
    packages = {item["name"]: item["package"] for item in declarations}
    return from_entry_points([EntryPoint(item["name"], item["value"], GROUP)
                              for item in declarations], packages)
