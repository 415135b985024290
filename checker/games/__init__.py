"""The games the checker knows, by the name scenarios use in `game:`."""

from __future__ import annotations

from checker.engine import Ruleset
from checker.games.arcs.ruleset import Arcs
from checker.games.ti3.ruleset import TI3
from checker.games.ti4.ruleset import TI4

RULESETS: tuple[Ruleset, ...] = (TI4(), TI3(), Arcs())
GAMES: dict[str, Ruleset] = {ruleset.game: ruleset for ruleset in RULESETS}


def find_game(name: str) -> Ruleset:
    return GAMES[name]
