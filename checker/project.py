"""A rules project as `checker run` and the pytest plugin see it: where its pages are, which
games it uses and where each game's pages live, read from its `mkdocs.yml` when it has one
(the docs folder, and the options of the `checker.site.markdown_ext` extension), so that the
command line checks scenarios against the same rules the site defines.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from checker.registry import InstalledGame, bind, installed
from checker.rule_pages import game_folders, read_rulebooks

CONFIG = "mkdocs.yml"
EXTENSION = "checker.site.markdown_ext"


class Project(NamedTuple):
    """What a project's configuration says the checker needs."""

    root: Path
    docs: Path
    folders: dict[str, str]
    """Each installed game's folder inside the docs folder."""
    problems: list[str]
    """What could not be read of the configuration, one line each."""


class _Lenient(yaml.SafeLoader):
    """The safe loader, with any tag it does not know (mkdocs.yml's `!ENV`,
    `!!python/name:...`) read as nothing."""


_Lenient.add_multi_constructor("", lambda loader, suffix, node: None)


def read_config(path: Path) -> dict[str, Any]:
    """A site's mkdocs.yml, read leniently; {} when it is missing. Raises OSError,
    UnicodeDecodeError or yaml.YAMLError when it cannot be read."""
    if not path.is_file():
        return {}
    config = yaml.load(path.read_text(encoding="utf-8"), Loader=_Lenient)
    return config if isinstance(config, dict) else {}


def options_of(entries: Any, name: str) -> dict[str, Any]:
    """The options of `name` in a list of extensions or plugins (each a name, or a mapping of
    one name to its options)."""
    for entry in entries if isinstance(entries, list) else []:
        if entry == name:
            return {}
        if isinstance(entry, dict) and name in entry:
            options = entry[name]
            return options if isinstance(options, dict) else {}
    return {}


def read_project(root: Path, games: Mapping[str, InstalledGame] | None = None) -> Project:
    """The project in folder `root`: its mkdocs.yml's docs folder and game folders, else
    `docs/` and a folder per game named as the game."""
    games = installed().games if games is None else games
    path = root / CONFIG
    problems = []
    try:
        config = read_config(path)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        config, problems = {}, [f"{path}: cannot read it: {error}"]
    docs = str(config.get("docs_dir") or "docs")
    configured = configured_games(options_of(config.get("markdown_extensions"), EXTENSION))
    problems += [f"{path}: game '{game}' is not installed (installed: "
                 f"{', '.join(games) or 'none'}; see `checker games`)"
                 for game in configured or () if game not in games]
    return Project(root, root / docs, game_folders(games, configured), problems)


def configured_games(options: Mapping[str, Any]) -> dict[str, str] | None:
    """The extension's `games` option as folders by game: a list of names (each in a folder
    of its name) or a mapping of name to folder; None when it is not given."""
    games = options.get("games")
    if isinstance(games, list):
        return {str(name): str(name) for name in games}
    if isinstance(games, dict):
        return {str(name): str(folder or name) for name, folder in games.items()}
    return None


def project_games(project: Project, games: Mapping[str, InstalledGame] | None = None
                  ) -> dict[str, InstalledGame]:
    """The installed games, each with the rules the project's pages define."""
    games = installed().games if games is None else games
    books = read_rulebooks(project.docs, project.folders, _shown(project))
    return bind(games, books)


def _shown(project: Project) -> str:
    try:
        return project.docs.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return project.docs.as_posix()
