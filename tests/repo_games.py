"""The games as this repository's site sees them: every installed game, with the rules its
pages under docs/ define (as `checker run` reads them from the project's folder)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from checker.project import project_games, read_project

ROOT = Path(__file__).resolve().parent.parent
GAMES = project_games(read_project(ROOT))
TI4_TITLES = GAMES["ti4"].rulebook.titles
"""The TI4 rules the pages define, each with its short title, by number ("61.6")."""
ARCS_TITLES = GAMES["arcs"].rulebook.titles


def plays(scenario: Any) -> bool:
    """Whether a scenario runs a game: not one that claims its setup is refused
    (`setup_rejected`), whose engine run stops at the setup."""
    return scenario.expect is None or "setup_rejected" not in scenario.expect.values
