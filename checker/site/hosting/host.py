"""What the site generator running the Markdown extension says about the page being converted
and the site it belongs to.

Each generator converts a page with a new `Markdown` instance, and leaves its own processor in
it: MkDocs and ProperDocs their `relpath` tree processor (with the page's `file` and the whole
`config`), Zensical its `rendering_context` preprocessor (with the `page` and the `config`).
Plain Python-Markdown leaves nothing: the extension's own options say it all.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from markdown import Markdown


class SiteFolders(NamedTuple):
    """Where a site's sources are: the key of everything the pages of one site share."""

    root: Path
    """The project's folder (mkdocs.yml's): problems name files relative to it."""
    docs: Path
    scenarios: Path | None
    """The standalone scenarios' folder, if the site has one."""
    use_directory_urls: bool = True
    source_links: bool = False
    """Whether the generator takes links to pages by their Markdown files (see `RuleMap`)."""
    games: tuple[tuple[str, str], ...] | None = None
    """The site's games and the folder of each, when its configuration names them (the
    extension's `games` option); else every installed game, each in a folder of its name."""


class Host(NamedTuple):
    """The page being converted and its site, as the generator tells them."""

    page: str
    """The page's path inside the docs folder, e.g. "ti4/objective-cards.md"."""
    folders: SiteFolders


def host_of(md: Markdown, scenarios: str, docs: str = "docs", page: str = "",
            games: Mapping[str, str] | None = None) -> Host:
    """The page `md` converts. `scenarios`, `docs` and `games` are the extension's options,
    `scenarios` and `docs` relative to the project's folder; `docs` and `page` count only
    under plain Python-Markdown."""
    mkdocs = _processor(md.treeprocessors, "relpath")
    if mkdocs is not None and hasattr(mkdocs, "file") and hasattr(mkdocs, "config"):
        config = mkdocs.config
        root = Path(os.path.dirname(os.path.abspath(config["config_file_path"] or "mkdocs.yml")))
        return Host(mkdocs.file.src_uri, site_folders(root, config["docs_dir"], scenarios,
                                                   bool(config["use_directory_urls"]),
                                                   games=games))
    zensical = _processor(md.preprocessors, "rendering_context")
    if zensical is not None and hasattr(zensical, "page") and hasattr(zensical, "config"):
        config = zensical.config
        root = Path(os.path.abspath(config["root_dir"] or "."))
        # Zensical turns every relative link of the HTML into a URL, Markdown files included.
        return Host(zensical.page.path.replace(os.sep, "/"), site_folders(
            root, config["docs_dir"], scenarios, bool(config.get("use_directory_urls", True)),
            source_links=True, games=games))
    return Host(page, site_folders(Path(os.path.abspath(".")), docs, scenarios, True,
                                   games=games))


def _processor(registry: Any, name: str) -> Any:
    """A processor of `md` by its name (a `markdown.util.Registry` has no `get`)."""
    return registry[name] if name in registry else None  # noqa: SIM401


def site_folders(root: Path, docs: str, scenarios: str, use_directory_urls: bool,
                 source_links: bool = False, games: Mapping[str, str] | None = None
                 ) -> SiteFolders:
    return SiteFolders(root, root / docs, root / scenarios if scenarios else None,
                       use_directory_urls, source_links,
                       tuple(games.items()) if games is not None else None)
