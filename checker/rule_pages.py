"""The rules a site's pages define: the one source of truth for rule ids and their titles.

A rule exists because a page in its game's folder defines it (`§61.6 ...` on a page under
`docs/ti4/`): scenarios may cite it at once, and the engine's own citations are checked
against it. Its short title is the one its marker gives (`§61.6{title="At most one public
objective"} ...`), else the first words of its text. `checker run` reads the pages itself;
the site reads the same pages through the same functions.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import NamedTuple

from checker.location import Location
from checker.rule_text import ITEM_START, RULE_MARK, extent, plain_text, prose_numbers
from checker.rulebook import RuleBook
from checker.sources import MARKDOWN_SUFFIXES, ReadError, read_text, walk

TITLE_WORDS = 10
"""Words of its text that stand for the title of a rule whose marker gives none."""


class PageRule(NamedTuple):
    """A rule item's marker on a page, with its title."""

    ref: str
    """The number after `§`, e.g. "61.6"."""
    title: str
    location: Location


def page_rules(path: str, content: str) -> list[PageRule]:
    """The rule items a page defines, in order, each with its title (`path` names the page in
    locations)."""
    lines = content.split("\n")
    found = []
    for index in prose_numbers(lines, [n for n, line in enumerate(lines) if "\u00a7" in line]):
        line = lines[index]
        start = ITEM_START.match(line)
        mark = RULE_MARK.match(line, start.end()) if start else None
        if start is None or mark is None:
            continue
        title = mark["title"]
        if title is None:
            first, last = extent(lines, index + 1)
            title = derived_title(plain_text(" ".join(lines[first - 1:last]), mark["ref"]))
        found.append(PageRule(mark["ref"], title.strip(),
                              Location(path, index + 1, start.end() + 1)))
    return found


def derived_title(text: str) -> str:
    """The title of a rule whose marker gives none: the first words of its plain text."""
    return " ".join(text.split()[:TITLE_WORDS])


def pages_by_game(pages: Iterable[tuple[str, str, str]], folders: Mapping[str, str]
                  ) -> dict[str, list[tuple[str, str]]]:
    """Each game's pages of `pages` (each its path in the docs folder, its name in problems
    and its text), as `rulebook` takes them."""
    grouped: dict[str, list[tuple[str, str]]] = {game: [] for game in folders}
    for uri, shown, content in pages:
        game = game_of(uri, folders)
        if game:
            grouped[game].append((shown, content))
    return grouped


def game_of(page: str, folders: Mapping[str, str]) -> str:
    """The game whose folder holds `page` (a path inside the docs folder), or ""."""
    for game, folder in folders.items():
        if page.startswith(folder + "/"):
            return game
    return ""


def game_folders(games: Iterable[str], configured: Mapping[str, str] | None = None
                 ) -> dict[str, str]:
    """Where each game's pages live inside the docs folder: the configured games' folders
    (those of `games`), else a folder for each of `games` named as the game."""
    if configured is None:
        return {game: game for game in games}
    known = set(games)
    return {game: folder.strip("/") for game, folder in configured.items() if game in known}


def rulebook(game: str, pages: Iterable[tuple[str, str]]) -> RuleBook:
    """The rules of `game` that `pages` (each its name in locations, and its text) define:
    the first definition of a number counts (the site reports the others)."""
    titles: dict[str, str] = {}
    where: dict[str, Location] = {}
    for path, content in pages:
        for rule in page_rules(path, content):
            if rule.ref not in titles:
                titles[rule.ref] = rule.title
                where[rule.ref] = rule.location
    return RuleBook(game, titles, where)


def read_rulebooks(docs: Path, folders: Mapping[str, str], shown: str | None = None
                   ) -> dict[str, RuleBook]:
    """Each game's rules, read from the pages of its folder under `docs` (named `shown` in
    locations). A page that cannot be read defines nothing here: the site reports it."""
    shown = docs.as_posix() if shown is None else shown
    books = {}
    for game, folder in folders.items():
        books[game] = rulebook(game, _pages(docs / folder, f"{shown}/{folder}"))
    return books


def _pages(folder: Path, shown: str) -> Iterable[tuple[str, str]]:
    if not folder.is_dir():
        return
    for path in walk(str(folder), lambda *_: None):
        relative = os.path.relpath(path, folder).replace(os.sep, "/")
        if not path.endswith(MARKDOWN_SUFFIXES) or any(
                part.startswith(".") for part in relative.split("/")):
            continue
        try:
            yield f"{shown}/{relative}", read_text(path)
        except ReadError:
            continue
