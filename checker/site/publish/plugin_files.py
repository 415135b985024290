"""The checker's files as the MkDocs plugin serves them (MkDocs 1.6, ProperDocs): the styles,
scripts, service worker, manifest, icons and scenario JSON Schema of `site_files`, added to
the build's files from the installed package, so that a site's docs folder holds only its
pages. A copy the docs folder holds (one `python -m checker.site` wrote, for Zensical) gives
way to the package's, which is the checker the build runs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import File, Files

from checker.engine import Ruleset
from checker.site.publish.site_files import (
    PAGE_SCRIPTS,
    PAGE_STYLES,
    RETIRED,
    bundle_of,
    site_files,
)

log = get_plugin_logger(__name__)


def list_first(config: MkDocsConfig) -> None:
    """Put the checker's styles and scripts first in `extra_css` and `extra_javascript`, those
    the site does not list already (where it lists them, they stay), so a site's own come
    after and win. A part an older checker published on its own (`RETIRED`) leaves the
    lists, with a warning: the site no longer has it."""
    for key in ("extra_css", "extra_javascript"):
        listed = config[key]
        for entry in [entry for entry in listed if str(entry) in RETIRED]:
            log.warning(f"mkdocs.yml lists {entry} in {key}: the checker's "
                        f"{str(entry).rsplit('/', 1)[-1]} is now part of "
                        f"{bundle_of(str(entry))}, which "
                        f"the plugin loads on every page; remove it from the list")
            listed.remove(entry)
    config.extra_css[:0] = _unlisted(PAGE_STYLES, config.extra_css)
    config.extra_javascript[:0] = _unlisted(PAGE_SCRIPTS, config.extra_javascript)


def add_site_files(files: Files, config: MkDocsConfig, games: Mapping[str, Ruleset],
                   cache: Path | None) -> None:
    """Add the checker's files to the build's, each in place of any copy in the docs folder.
    `cache` keeps the schema (see `site_files`)."""
    for path, content in site_files(games, cache).items():
        old = files.get_file_from_path(path)
        if old is not None:
            log.debug(f"{path}: the checker's own copy is published, not the docs folder's")
            files.remove(old)
        files.append(File.generated(config, path, content=content))


def _unlisted(paths: tuple[str, ...], listed: Iterable[object]) -> list[str]:
    # An extra_javascript entry is a path or a mapping with one; either way its str is the path.
    there = {str(entry) for entry in listed}
    return [path for path in paths if path not in there]
