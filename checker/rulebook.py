"""Rule ids: `game:section.item[.sub]` (e.g. `ti4:61.6`), one syntax for pages, scenarios and citations."""

from __future__ import annotations

import re
from collections.abc import Mapping

from checker.location import Location

RULE_ID = re.compile(r"^(?P<game>[a-z][a-z0-9]*):(?P<ref>[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)$")


class RuleBook:
    """The rule ids a game's pages define, each with its short title (`checker.rule_pages`)."""

    __slots__ = ("game", "titles", "where")

    def __init__(self, game: str, titles: Mapping[str, str],
                 where: Mapping[str, Location] | None = None) -> None:
        self.game = game
        self.titles = titles
        """Keyed by the part after the colon, e.g. "61.6"."""
        self.where = where or {}
        """Where each rule is defined, by the same keys."""

    def __contains__(self, rule_id: str) -> bool:
        game, _, ref = rule_id.partition(":")
        return game == self.game and ref in self.titles

    def title(self, rule_id: str) -> str:
        return self.titles.get(rule_id.partition(":")[2], "")

    def ids(self) -> list[str]:
        return [f"{self.game}:{ref}" for ref in self.titles]
