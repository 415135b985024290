"""The engine's own citations checked against the site's pages: a rule the code of a game the
site uses cites, and no page defines, is a problem at the code's line (`checker.citations`).
What the code cites is kept in the result cache for as long as the code does not change."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from checker.citations import Citation, engine_citations
from checker.location import Location, Problem
from checker.registry import InstalledGame
from checker.site.examples.store import kept_file
from checker.site.examples.verify import engine_version
from checker.site.pages.rulemap import RuleMap


def undefined_citations(games: Mapping[str, InstalledGame], rules: RuleMap, root: Path | None,
                        cache: Path | None) -> list[Problem]:
    """A problem for each rule the code of `games` cites that no page defines, at its first
    citation."""
    problems = []
    for name, citations in _citations(games, root, cache).items():
        seen: set[str] = set()
        for citation in citations:
            if citation.rule in seen or rules.get(citation.rule) is not None:
                continue
            seen.add(citation.rule)
            problems.append(Problem(citation.location, f"the {name} engine cites "
                                    f"{citation.rule}, which no page defines"))
    return problems


def _citations(games: Mapping[str, InstalledGame], root: Path | None, cache: Path | None
               ) -> dict[str, list[Citation]]:
    def find() -> dict[str, list[Citation]]:
        return {name: engine_citations(name, game.source, _shown(game.source, root))
                for name, game in games.items() if game.source is not None}

    kept = kept_file(cache, f"citations-{engine_version()}-{'-'.join(games)}.json",
                     lambda: json.dumps(find()).encode("utf-8"))
    try:
        return {name: [Citation(rule, Location(*where)) for rule, where in citations]
                for name, citations in json.loads(kept).items()}
    except (ValueError, TypeError, AttributeError):
        return find()


def _shown(source: Path, root: Path | None) -> str:
    """The game's folder as problems name it: relative to the project when inside it."""
    if root is not None and source.is_relative_to(root):
        return source.relative_to(root).as_posix()
    return source.as_posix()
