"""A site's options as its mkdocs.yml gives them, for the steps that run outside a build
(`python -m checker.site --rules`): where its folders are, and how its pages are addressed.

The file is read leniently: tags the checker does not know (`!ENV`, `!!python/name:`) read
as nothing, and a missing file gives the defaults, as a build would see an empty one.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import yaml

from checker.project import EXTENSION, configured_games, options_of, read_config

CACHE_DIR = ".cache/plugin/checker"
"""The plugin's result cache, by default (its `cache_dir` option)."""


@dataclass(frozen=True, slots=True)
class SiteOptions:
    root: Path
    """mkdocs.yml's folder."""
    scenarios: str
    """The extension's `scenarios` option, relative to `root`."""
    use_directory_urls: bool
    cache_dir: str
    games: dict[str, str] | None
    """The extension's `games` option (`checker.project.configured_games`)."""


def site_options(config: Path) -> SiteOptions:
    root = Path(os.path.dirname(os.path.abspath(config)))
    try:
        data = read_config(config)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        data = {}
    extension = options_of(data.get("markdown_extensions"), EXTENSION)
    cache_dir = options_of(data.get("plugins"), "checker").get("cache_dir", CACHE_DIR)
    return SiteOptions(root, str(extension.get("scenarios", "scenarios") or ""),
                       data.get("use_directory_urls") is not False, str(cache_dir),
                       configured_games(extension))
