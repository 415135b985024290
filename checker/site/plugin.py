"""The MkDocs plugin: a thin adapter that gives the Markdown extension the site-wide context,
adds the walkthrough assets and the per-game scenario pages, and fails the build on a
problem (`mkdocs serve` keeps serving and shows it in red on the page)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from checker.games import GAMES
from checker.schema import scenario_schema
from checker.site.assets import ASSETS, asset_text
from checker.site.context import Page as SourcePage
from checker.site.context import SiteContext, collect, display, fill_slots
from checker.site.markdown_ext import RulesExtension
from checker.site.scenario_pages import scenario_pages
from checker.site.store import ResultStore
from checker.site.verify import ScenarioChecks

if TYPE_CHECKING:  # as in mkdocs.plugins: a build need not import the dev server
    from mkdocs.livereload import LiveReloadServer

log = get_plugin_logger(__name__)

SCHEMA = "scenario.schema.json"
"""The JSON Schema of scenario files, published with the site for editors."""


class RulesConfig(base.Config):
    enabled = c.Type(bool, default=True)
    """Check the scenarios and render rules and walkthroughs; off, pages build as plain Markdown."""
    scenarios = c.Type(str, default="scenarios")
    """Folder of standalone scenario files, relative to mkdocs.yml."""
    scenario_pages = c.Type(bool, default=True)
    """Generate `<game>/scenarios.md` listing every scenario of each game that has pages, and
    `<game>/scenarios/<section>.md` showing those no page embeds."""
    cache = c.Type(bool, default=True)
    """Keep each scenario's result and walkthrough on disk, so the next build neither runs
    nor renders an unchanged scenario again."""
    cache_dir = c.Type(str, default=".cache/plugin/checker")
    """Where the results are kept, relative to mkdocs.yml."""


class RulesPlugin(BasePlugin[RulesConfig]):
    def __init__(self) -> None:
        self.serving = False
        self.checks = ScenarioChecks(GAMES)
        self.context: SiteContext | None = None
        self.root = Path.cwd()

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        # Defining on_startup keeps this instance across serve rebuilds, and with it the
        # remembered results of scenarios whose text did not change.
        self.serving = command == "serve"

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return None
        self.root = Path(config.config_file_path or ".").resolve().parent
        self.checks.store = ResultStore(self.root / self.config.cache_dir) \
            if self.config.cache else None
        self.context = SiteContext(self.checks)
        config.markdown_extensions.append(RulesExtension(context=self.context))  # type: ignore[arg-type]
        # First, so a site's own CSS and scripts come after and win.
        config.extra_css.insert(0, ASSETS["css"])
        config.extra_javascript.insert(0, ASSETS["js"])  # type: ignore[arg-type]
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled or self.context is None:
            return None
        for path, text in asset_text().items():
            files.append(File.generated(config, path, content=text))
        # Compact, for tools to read: indenting would take the pure-Python JSON encoder.
        files.append(File.generated(config, SCHEMA, content=json.dumps(
            scenario_schema(GAMES), separators=(",", ":"))))
        pages = [SourcePage(f.src_uri, display(f.abs_src_path or f.src_uri, self.root),
                            f.content_string) for f in files.documentation_pages()]
        context = collect(pages, self.root / self.config.scenarios, self.checks,
                          self.root, into=self.context)
        context.rules.use_directory_urls = config.use_directory_urls
        context.deferred, context.appended = {}, {}
        if self.config.scenario_pages:
            for game, ruleset in GAMES.items():
                if not any(p.uri.startswith(f"{game}/") for p in pages):
                    continue
                for uri, content in scenario_pages(context, game, ruleset.title).items():
                    if files.get_file_from_path(uri) is None:
                        files.append(File.generated(config, uri, content=content))
        self._report(context)
        return files

    def on_serve(self, server: LiveReloadServer, /, *, config: MkDocsConfig,
                 builder: Callable[..., None]) -> LiveReloadServer | None:
        # MkDocs watches the docs folder and mkdocs.yml; the standalone scenarios too, so an
        # edit there rebuilds at once (collect re-reads them, and the cache is keyed by text).
        if not self.config.enabled:
            return None
        folder = (self.root / self.config.scenarios).resolve()
        docs = Path(config.docs_dir).resolve()
        if not folder.is_dir():
            log.debug(f"not watching {folder}: no such folder")
        elif not folder.is_relative_to(docs):  # the docs folder is watched already
            server.watch(str(folder))
        return server

    def on_page_markdown(self, markdown: str, *, page: Page, config: MkDocsConfig,
                         files: Files) -> str | None:
        if self.context is not None:
            self.context.page = page.file.src_uri
        return None

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig,
                        files: Files) -> str | None:
        # Walkthroughs are stashed HTML, which MkDocs does not read for anchors: name their
        # ids, so links to a walkthrough or a step validate like any other.
        if self.context is None:
            return None
        if page.present_anchor_ids is not None:
            page.present_anchor_ids.update(self.context.shown.get(page.file.src_uri, ()))
        appended = self.context.appended.pop(page.file.src_uri, None)
        return f"{html}\n{appended}" if appended else None

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str | None:
        # The walkthroughs go in last, after search indexing and the theme (see
        # SiteContext.deferred).
        if self.context is None or self.context.deferred is None:
            return None
        slots = self.context.deferred.pop(page.file.src_uri, None)
        return fill_slots(output, slots) if slots else None

    def _report(self, context: SiteContext) -> None:
        problems = context.problems
        log.info(f"checked {len(context.examples)} scenarios ({self.checks.runs} run so far)")
        if self.checks.store is not None and self.checks.store.error:
            log.info(self.checks.store.error)
        if not problems:
            return
        for problem in problems:
            # Errors show whatever the verbosity flags; under serve they stay on the page.
            log.error(str(problem))
        summary = f"{len(problems)} problem{'s' if len(problems) != 1 else ''} in the rules pages and scenarios"
        if self.serving:
            log.error(f"{summary}; the pages show them in red")
            return
        raise PluginError(summary)


