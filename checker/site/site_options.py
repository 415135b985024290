"""A site's options as its mkdocs.yml gives them, for the steps that run outside a build
(`python -m checker.site --rules`): where its folders are, and how its pages are addressed.

The file is read leniently: tags the checker does not know (`!ENV`, `!!python/name:`) read
as nothing, and a missing file gives the defaults, as a build would see an empty one.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

EXTENSION = "checker.site.markdown_ext"
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


class _Lenient(yaml.SafeLoader):
    """The safe loader, with any tag it does not know read as nothing."""


_Lenient.add_multi_constructor("", lambda loader, suffix, node: None)


def site_options(config: Path) -> SiteOptions:
    root = Path(os.path.dirname(os.path.abspath(config)))
    try:
        data = yaml.load(config.read_text(encoding="utf-8"), _Lenient)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        data = None
    data = data if isinstance(data, dict) else {}
    scenarios = _options(data.get("markdown_extensions"), EXTENSION).get("scenarios",
                                                                          "scenarios")
    cache_dir = _options(data.get("plugins"), "checker").get("cache_dir", CACHE_DIR)
    return SiteOptions(root, str(scenarios or ""), data.get("use_directory_urls") is not False,
                       str(cache_dir))


def _options(entries: Any, name: str) -> dict[str, Any]:
    """The options of `name` in a list of extensions or plugins (each a name, or a mapping of
    one name to its options)."""
    for entry in entries if isinstance(entries, list) else []:
        if entry == name:
            return {}
        if isinstance(entry, dict) and name in entry:
            options = entry[name]
            return options if isinstance(options, dict) else {}
    return {}
