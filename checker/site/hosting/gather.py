"""The site context that every page of a build shares, gathered by the extension itself.

A site generator converts each page with a new Markdown instance, and some (Zensical) run no
plugin at all: so the first page of a build gathers the context from the docs and scenario
folders, and the next pages reuse it for as long as no file in those folders changed (a
rebuild under `serve` gathers again). A gathering that finds problems reports them on
standard error, once: the pages show them in red.

Under MkDocs the plugin gathers the context itself when the build starts, with its result
cache, and `pin`s it for the build: the pages then use it as it is, and the plugin reports.
"""

from __future__ import annotations

import gc
import os
import sys
import threading
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple, TextIO

from checker.location import Location, Problem
from checker.registry import InstalledGame
from checker.site.examples.verify import ScenarioChecks
from checker.site.gathered.context import Page, SiteContext, collect, display
from checker.site.hosting.host import SiteFolders
from checker.site.publish.rules_json import stale_copy
from checker.site.publish.site_files import stale_problems
from checker.site.render.rendering import Rendering
from checker.sources import MARKDOWN_SUFFIXES, ReadError, read_problem, read_text, walk

Fingerprint = tuple[tuple[str, int, int], ...]
"""Every file of the docs and scenario folders, with its modification time and size."""


class _Gathered(NamedTuple):
    context: SiteContext
    rendering: Rendering
    """What rendering the pages of this context writes as it goes."""
    fingerprint: Fingerprint | None
    """None for a context the plugin pinned: used as it is until unpinned."""


_LOCK = threading.Lock()
_SITES: dict[SiteFolders, _Gathered] = {}
_CHECKS: dict[SiteFolders, ScenarioChecks] = {}


def site_context(folders: SiteFolders, games: Mapping[str, InstalledGame]
                 ) -> tuple[SiteContext, Rendering]:
    """The context of the site in `folders`, with what rendering its pages writes: the pinned
    one, the one gathered last while no file changed since, or a new one (whose problems go
    to standard error)."""
    with _LOCK:
        kept = _SITES.get(folders)
        if kept is not None and kept.fingerprint is None:
            return kept.context, kept.rendering
        fingerprint = _fingerprint(folders)
        if kept is not None and kept.fingerprint == fingerprint:
            return kept.context, kept.rendering
        checks = _CHECKS.setdefault(folders, ScenarioChecks(games))
        context = gather(folders, checks)
        # No plugin publishes rules.json and the checker's files here: the docs folder's
        # copies are what the site shows.
        shown = display(folders.docs, folders.root)
        context = replace(context, problems=context.problems + (
            *stale_copy(folders.docs, shown, context),
            *stale_problems(folders.docs, shown, context.checks.games)))
        rendering = Rendering(context, in_page=True)
        _SITES[folders] = _Gathered(context, rendering, fingerprint)
    print_problems(context, sys.stderr)
    return context, rendering


def gather(folders: SiteFolders, checks: ScenarioChecks, pages: list[Page] | None = None,
           paging: bool = False) -> SiteContext:
    """Scan every page and check every scenario (see `collect`): the pages of the docs folder,
    or `pages` when the generator lists them itself (MkDocs, which leaves out what
    `exclude_docs` names). With `paging` the caller adds the pages long scenario lists
    continue on (`Placement.more`)."""
    unread: list[Problem] = []
    if pages is None:
        pages, unread = docs_pages(folders.docs, folders.root)
    # Thousands of results and no cycles among them: the cyclic collector would only walk
    # them again and again while they are made (a tenth of a rebuild's gathering).
    paused = gc.isenabled()
    gc.disable()
    try:
        return collect(pages, folders.scenarios, checks, folders.root, problems=unread,
                       paging=paging,
                       configured=dict(folders.games) if folders.games is not None else None,
                       use_directory_urls=folders.use_directory_urls,
                       source_links=folders.source_links)
    finally:
        if paused:
            gc.enable()


def docs_pages(docs: Path, root: Path | None) -> tuple[list[Page], list[Problem]]:
    """The Markdown pages of a docs folder, as every site generator finds them (files and
    folders whose name starts with a dot left out), and a problem for each it cannot read."""
    pages, problems = [], []

    def unlisted(folder: str, reason: str) -> None:
        problems.append(Problem(Location(display(folder, root), 1, 1), reason))

    for path in walk(str(docs), unlisted):
        relative = os.path.relpath(path, docs).replace(os.sep, "/")
        if not path.endswith(MARKDOWN_SUFFIXES) or any(
                part.startswith(".") for part in relative.split("/")):
            continue
        try:
            content = read_text(path)
        except ReadError as exc:
            problems.append(read_problem(display(path, root), exc))
            continue
        pages.append(Page(relative, display(path, root), content))
    return pages, problems


def pin(folders: SiteFolders, context: SiteContext, rendering: Rendering) -> None:
    """Have the pages of `folders` use `context` and `rendering` until `unpin`."""
    with _LOCK:
        _SITES[folders] = _Gathered(context, rendering, None)


def unpin(folders: SiteFolders) -> None:
    with _LOCK:
        _SITES.pop(folders, None)


def print_problems(context: SiteContext, out: TextIO) -> None:
    problems = context.problems
    if not problems:
        return
    for problem in problems:
        print(f"checker: {problem}", file=out)
    print(f"checker: {summary(len(problems))}; the pages show them in red, and "
          f"`checker run` fails on them", file=out)


def summary(count: int) -> str:
    return f"{count} problem{'s' if count != 1 else ''} in the rules pages and scenarios"


def _fingerprint(folders: SiteFolders) -> Fingerprint:
    found: list[tuple[str, int, int]] = []
    for folder in (folders.docs, folders.scenarios):
        if folder is not None:
            found.extend(_files(str(folder)))
    return tuple(found)


def _files(folder: str) -> Iterator[tuple[str, int, int]]:
    """Every file under `folder`, with its modification time and size, however deep the
    folders nest (a stack of folders, not recursion)."""
    folders = [folder]
    while folders:
        try:
            with os.scandir(folders.pop()) as listing:
                entries = list(listing)
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(entry.path)
                else:
                    info = entry.stat()
                    yield entry.path, info.st_mtime_ns, info.st_size
            except OSError:
                continue
