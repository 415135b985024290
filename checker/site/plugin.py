"""The MkDocs plugin (MkDocs 1.6, ProperDocs): what only a plugin can do. The Markdown
extension `checker.site.markdown_ext` renders every page under any generator; the plugin
adds, under MkDocs:

- failing the build on a problem, whatever the verbosity flags (`mkdocs serve` keeps serving
  and the pages show it in red);
- the result cache (`.cache/plugin/checker/`), so a rebuild neither runs nor renders an
  unchanged scenario;
- `serve` watching the scenarios folder;
- speed: the site's context gathered once when the build starts and pinned for its pages,
  and walkthroughs, lists, disclosures, previews and the links of the pages' text put into
  the written pages last (`Rendering.deferred`);
- the pages a long scenario list continues on (`Placement.more`): the first added to the
  build's files, out of the nav, and the others written from its frame (`list_pages`);
- `rules.json` written into the built site from the build's own results (`rules_json`);
- the glossaries' terms written into the search index, each on its defining rule's entry
  (`search_terms`), for the reader's search script;
- the files that check scenarios in the page (`browser_bundle`), copied into the built site;
- the checker's styles, scripts and other files served from the package (`plugin_files`), so
  the docs folder holds only the site's pages;
- what a reader's browser keeps for reading offline: the fallback page shown in place of a
  page not kept, and the list of every page and file to keep (`offline_files`).
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils import get_build_datetime

from checker.location import Location, Problem
from checker.parallel import available_cores
from checker.project import configured_games
from checker.registry import games, installed
from checker.site.examples.store import ResultStore
from checker.site.examples.verify import ScenarioChecks
from checker.site.gathered.context import Page as SourcePage
from checker.site.gathered.context import SiteContext, display
from checker.site.gathered.placement import folds_examples
from checker.site.gathered.slots import fill_slots
from checker.site.hosting.gather import gather, pin, summary, unpin
from checker.site.hosting.host import SiteFolders, site_folders
from checker.site.markdown_ext import RulesExtension
from checker.site.publish.ask_situations import situations
from checker.site.publish.browser_bundle import FOLDER as BUNDLE
from checker.site.publish.browser_bundle import write_bundle
from checker.site.publish.build_stamp import BuildStamp, stamped
from checker.site.publish.kept_pages import stamps
from checker.site.publish.list_pages import (
    Frame,
    Written,
    add_to_search,
    add_to_sitemap,
    write_pages,
)
from checker.site.publish.offline_files import (
    FALLBACK,
    KeptPage,
    fallback_source,
    offline_list,
    sectioned,
    write_offline_list,
)
from checker.site.publish.plugin_files import add_site_files, list_first
from checker.site.publish.rules_json import FILE, write_rules_json
from checker.site.publish.search_terms import add_terms
from checker.site.publish.walkthrough_files import walkthroughs_href, write_walkthroughs
from checker.site.render.rendering import Rendering
from checker.site.render.rule_entries import rule_title
from checker.site.render.scenario_list import list_page_source
from checker.site.rule_toc import add_rule_groups
from checker.sources import too_large

if TYPE_CHECKING:  # as in mkdocs.plugins: a build need not import the dev server
    from mkdocs.livereload import LiveReloadServer

log = get_plugin_logger(__name__)

EXTENSION = "checker.site.markdown_ext"
"""The extension's name under `markdown_extensions`, where its options are too."""


class RulesConfig(base.Config):
    enabled = c.Type(bool, default=True)
    """Fail the build on a problem, keep results, watch the scenarios, serve the checker's
    files; off, the Markdown extension still renders every page, and prints the problems
    without failing, as under a generator that runs no plugin (Zensical)."""
    cache = c.Type(bool, default=True)
    """Keep each scenario's result and walkthrough on disk, so the next build neither runs
    nor renders an unchanged scenario again."""
    cache_dir = c.Type(str, default=".cache/plugin/checker")
    """Where the results are kept, relative to mkdocs.yml."""
    jobs = c.Optional(c.Type(int))
    """Processes that check and draw the scenarios no kept result holds (a first build's
    work); by default one per core the build may use. The site is the same whatever it is."""


class RulesPlugin(BasePlugin[RulesConfig]):
    def __init__(self) -> None:
        self.serving = False
        self.checks = ScenarioChecks(games())
        self.context: SiteContext | None = None
        self.rendering: Rendering | None = None
        """What rendering this build's pages writes as it goes (`render.rendering`)."""
        self.folders: SiteFolders | None = None
        self.frames: dict[str, Frame] = {}
        """By game: the frame its list's pages are written from (`list_pages`)."""
        self.urls: dict[str, tuple[str, str]] = {}
        """The pages the plugin writes: by page, its address and its file in the site."""
        self.stamp: BuildStamp | None = None
        """When this build started, stamped on its pages (`build_stamp`)."""
        self.stamped: dict[str, list[int]] = {}
        """The stamps of the list pages kept in the cache, before the site was cleaned."""
        self.fallback: str | None = None
        """The source of the page shown offline in place of a page not kept, when the docs
        folder leaves its name free (`offline_files`)."""
        self.order: dict[str, int] = {}
        """Each page's place in the nav, by its source."""
        self.written: dict[str, KeptPage] = {}
        """The pages the theme wrote, by source: for the list of what to keep offline."""

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        # Defining on_startup keeps this instance across serve rebuilds, and with it the
        # remembered results of scenarios whose text did not change.
        self.serving = command == "serve"

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return None
        if EXTENSION not in config.markdown_extensions:
            raise PluginError(f"the checker plugin needs its Markdown extension: list "
                              f"{EXTENSION} under markdown_extensions in mkdocs.yml")
        options = config.mdx_configs.get(EXTENSION) or {}
        root = Path(os.path.dirname(os.path.abspath(config.config_file_path or "mkdocs.yml")))
        extension = RulesExtension(**options)
        configured = configured_games(extension.getConfigs())
        registry = installed()
        for line in registry.problems:  # a game of this environment that cannot be used
            log.warning(f"checker: {line}")
        unknown = [game for game in configured or () if game not in registry.games]
        if unknown:
            raise PluginError(f"checker: the games {', '.join(unknown)} named under `games:` in "
                              f"mkdocs.yml are not installed (installed: "
                              f"{', '.join(registry.games) or 'none'}; see `checker games`)")
        self.folders = site_folders(root, config.docs_dir, extension.getConfig("scenarios"),
                                    config.use_directory_urls, games=configured)
        self.checks.store = ResultStore(root / self.config.cache_dir) \
            if self.config.cache else None
        jobs = self.config.jobs
        if jobs is not None and jobs < 1:
            raise PluginError(f"checker: jobs: {jobs} is not a number of processes (1 or more)")
        self.checks.jobs = jobs or available_cores()
        self.context = None
        self.stamp = BuildStamp.at(get_build_datetime())
        list_first(config)
        return None

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        # Before MkDocs cleans the site folder, which removes its links to the list pages kept
        # in the cache: their stamps tell which ones nothing touched since (`KeptPages`).
        store = self.checks.store
        self.stamped = stamps(store.folder) if self.config.enabled and store is not None else {}

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if self.folders is None:
            return None
        root = self.folders.root
        pages, refused = [], []
        for found in files.documentation_pages():
            page = SourcePage(found.src_uri, display(found.abs_src_path or found.src_uri, root),
                              found.content_string)
            reason = too_large(page.content)  # as `checker run` and Zensical refuse it
            if reason is None:
                pages.append(page)
            else:
                refused.append(Problem(Location(page.path, 1, 1), f"cannot read file: {reason}"))
        runs = self.checks.runs
        context = gather(self.folders, self.checks, pages=pages, paging=True)
        context = self.context = replace(context, problems=context.problems + tuple(refused))
        self.rendering = Rendering(context, deferring=True, folds=_folds(files, context))
        # What the build keeps to the end (every result, page scan and rule): out of the
        # cyclic collector's way until then, which would walk it again at every collection.
        gc.freeze()
        pin(self.folders, context, self.rendering)
        self._report(context, self.checks.runs - runs)
        store = self.checks.store
        add_site_files(files, config, self.checks.games, store.folder if store else None)
        self.frames, self.urls, self.written = {}, {}, {}
        for uri, listed in context.placement.more.items():
            # Files side by side in the list's folder (`RuleMap.files`), not a folder each.
            if listed.number > 2:  # written from the first one's frame when the build ends
                made = File(uri, None, config.site_dir, use_directory_urls=False)
                self.urls[uri] = (made.url, made.dest_uri)
                continue
            # Linked from the list's other pages; not in the nav, so no warning names them.
            made = File.generated(config, uri, content=list_page_source(context, uri),
                                  inclusion=InclusionLevel.NOT_IN_NAV)
            made.use_directory_urls = False
            files.append(made)
        self._add_fallback(files, config)
        return files

    def _add_fallback(self, files: Files, config: MkDocsConfig) -> None:
        """The page shown offline in place of a page not kept (out of the nav), unless the
        docs folder has a page of its name."""
        self.fallback = None
        if files.get_file_from_path(FALLBACK) is not None:
            log.info(f"{FALLBACK}: the docs folder's own page; offline, a page not kept "
                     f"shows a plain note instead of the checker's fallback page")
            return
        files.append(File.generated(config, FALLBACK, content=fallback_source(),
                                    inclusion=InclusionLevel.NOT_IN_NAV))
        self.fallback = FALLBACK

    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files) -> None:
        self.order = {page.file.src_uri: index for index, page in enumerate(nav.pages)}

    def on_serve(self, server: LiveReloadServer, /, *, config: MkDocsConfig,
                 builder: Callable[..., None]) -> LiveReloadServer | None:
        # MkDocs watches the docs folder and mkdocs.yml; the standalone scenarios too, so an
        # edit there rebuilds at once (gather re-reads them, and the cache is keyed by text),
        # also once the folder is made again or first made (`serve_watch`).
        from checker.site.serve_watch import ScenarioWatch, can_request_rebuild  # serve only

        if self.folders is None or self.folders.scenarios is None:
            return None
        folder = self.folders.scenarios.resolve()
        if folder.is_relative_to(Path(config.docs_dir).resolve()):
            return server  # the docs folder is watched already
        if can_request_rebuild(server):
            ScenarioWatch(server, folder).start()
            log.info(f"watching {folder} for changes")
            # Watched once: a `watch:` entry (for Zensical) would have MkDocs poll every file
            # in it a second time, twice a second, competing with the rebuilds.
            config.watch[:] = [item for item in config.watch if Path(item).resolve() != folder]
        elif folder.is_dir():  # another server: its own watch, while the folder lasts
            server.watch(str(folder))
        return server

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig,
                        files: Files) -> str | None:
        # Walkthroughs are stashed HTML, which MkDocs does not read for anchors: name their
        # ids, so links to a walkthrough or a step validate like any other.
        if self.rendering is not None and page.present_anchor_ids is not None:
            page.present_anchor_ids.update(self.rendering.shown.get(page.file.src_uri, ()))
        if self.context is not None:  # every rule group in the page's table of contents
            context = self.context
            add_rule_groups(page.toc, html,
                            lambda rule: rule_title(rule, context.rules, context.index))
        # When the build started, for the service worker to tell a kept copy (`build_stamp`).
        return stamped(html, self.stamp) if self.stamp is not None else None

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str | None:
        # The walkthroughs go in last, after search indexing and the theme (see
        # Rendering.deferred).
        rendering = self.rendering
        if self.context is None or rendering is None or rendering.deferred is None:
            return None
        uri = page.file.src_uri
        sections = [*page.ancestors]  # the nearest first
        top = sections[-1].title if sections else ""
        self.written[uri] = KeptPage(page.url, page.title or "", top or "", page.file.dest_uri)
        slots = rendering.deferred.pop(uri, None)
        listed = self.context.placement.more.get(uri)
        if listed is not None and slots and uri in rendering.list_slots:
            # The frame the list's other pages are written from.
            self.frames[listed.game] = Frame(output, page.title or "", page.url, slots,
                                             rendering.list_slots[uri])
        folded = rendering.folded.pop(uri, None)
        if folded:  # the walkthroughs its examples' lines open, beside the page
            write_walkthroughs(Path(config.site_dir), page.file.dest_uri, page.title or "",
                               folded)
        return fill_slots(output, slots) if slots else None

    # After the search plugin and the sitemap: the list's pages are added to both.
    @event_priority(-50)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if self.context is not None and self.folders is not None and self.rendering is not None:
            site = Path(config.site_dir)
            store = self.checks.store
            cache = store.folder if store is not None else None
            # The build's own rules.json, in place of any copy the docs folder holds.
            write_rules_json(site / FILE, self.context, cache=cache)
            # What checks scenarios in the page: the runtime, the checker, the ask situations.
            write_bundle(site / BUNDLE, situations(self.context), self.checks.games,
                         cache=cache)
            # The pages a long list continues on, but the first: from its frame.
            written = write_pages(self.rendering, self.frames, site, self.urls, cache=cache,
                                  stamped=self.stamped)
            add_to_sitemap(site, written)
            add_to_search(site, written)
            # Each glossary term on its defining rule's search entry (`search_terms`).
            add_terms(site, self.context)
            # What rendering checked again (a kept result found damaged), kept for next time.
            self.checks.finish_build()
            # Last: the list of every file a reader's browser keeps for reading offline.
            self._list_offline(site, config, written)
        self._unpin()

    def _list_offline(self, site: Path, config: MkDocsConfig, lists: list[Written]) -> None:
        ordered = sorted(self.written.items(), key=lambda item: (
            self.order.get(item[0], len(self.order)), item[1].url))
        files = {url: dest for url, dest in self.urls.values()}
        pages = [page for uri, page in ordered if uri != self.fallback] + [
            KeptPage(listed.url, listed.title, "", files.get(listed.url, "")) for listed in lists]
        unplaced = {page.url for uri, page in ordered if uri not in self.order} | \
            {listed.url for listed in lists}
        fallback = self.written.get(self.fallback) if self.fallback else None
        search = config.plugins.get("search") or config.plugins.get("material/search")
        languages = (search.config.get("lang") if search is not None else None) or ["en"]
        languages = [languages] if isinstance(languages, str) else list(languages)
        write_offline_list(site, offline_list(site, self.stamp.built if self.stamp else "",
                                              sectioned(pages, unplaced), fallback, languages))

    # Last of all plugins: their own shutdown may still need the collector.
    @event_priority(-100)
    def on_shutdown(self) -> None:
        # The mkdocs command exits next (MkDocs and ProperDocs run this event only from their
        # command line). The interpreter's last collections would walk every object still
        # alive, several times over: with thousands of scenarios kept, about a fifth of a
        # warm build's time. Frozen, they are left to the operating system; objects no cycle
        # holds are still freed one by one as the modules are cleared.
        gc.freeze()

    def on_build_error(self, *, error: Exception) -> None:
        self._unpin()

    def _unpin(self) -> None:
        gc.unfreeze()
        if self.folders is not None:
            unpin(self.folders)

    def _report(self, context: SiteContext, runs: int) -> None:
        """Log what this build checked (`runs` of the scenarios went through the engine, the
        others' results were kept from an earlier build) and every problem."""
        problems = context.problems
        checked = len(context.examples)
        log.info(f"checked {checked} scenarios ({runs} run, {max(checked - runs, 0)} from "
                 f"the cache)")
        if self.checks.store is not None and self.checks.store.error:
            log.info(self.checks.store.error)
        if not problems:
            return
        for problem in problems:
            # Errors show whatever the verbosity flags; under serve they stay on the page.
            log.error(str(problem))
        if self.serving:
            log.error(f"{summary(len(problems))}; the pages show them in red")
            return
        raise PluginError(summary(len(problems)))


def _folds(files: Files, context: SiteContext) -> dict[str, str]:
    """The rules pages, whose examples fold to one line each (`Rendering.folds`): the pages
    of a game's folder but its scenario lists, each with the address of the file beside it
    that keeps its walkthroughs."""
    return {found.src_uri: walkthroughs_href(found.dest_uri)
            for found in files.documentation_pages()
            if folds_examples(found.src_uri, context.placement, context.folders)}
