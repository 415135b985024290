"""What a built site holds for reading offline, as the build knows it: the list of every file
a reader's browser keeps when they choose "Keep this site for offline reading" (`MANIFEST`,
which `assets/offline.js` reads and `sw.js` follows), and the page shown offline in place of
a page not kept (`FALLBACK`), made by the theme like any page, so that it has the site's look
and colours, dark mode included.

The list is what the build wrote, not what links lead to: every page (with its title and its
section of the nav), the walkthrough files beside the rules pages, the search index, the
theme's styles, scripts, fonts and pictures, and the checker's own files. Left out: what no
page loads (source maps, the sitemap's gzipped copy, the 404 page, the search's
word-splitters for languages the site does not use, the service worker itself). The Python
runtime that checks questions on the ask pages (in `browser_bundle.FOLDER`: most of the
site's bytes) is listed apart, kept only when the reader asks for it too.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import quote

from checker.site.publish.browser_bundle import FOLDER as CHECKER
from checker.site.writing import write_if_changed

MANIFEST = "assets/checker/offline.json"
"""Where the list stands in the built site (sw.js and offline.js name it too)."""
FALLBACK = "offline.md"
"""The fallback page's source, as the plugin adds it to the build's files."""
FALLBACK_MARK = "data-checker-offline"
"""The attribute of the fallback page's element that offline.js fills with the kept pages."""

LUNR = "assets/javascripts/lunr/"
"""Where Material keeps the search's language support, which its search worker loads only
for the languages the site's search uses (`_search_scripts`)."""
_RUNTIME = (f"{CHECKER}/pyodide/", f"{CHECKER}/checker.zip")
"""The Python runtime and the checker it runs, which check a question on the ask pages once
the reader asks (the ask pages' templates and `bundle.json` are read as the page opens)."""
_UNUSED = (".map", ".gz")
_UNLOADED = ("404.html", "sw.js", MANIFEST)
"""Files no page loads through the kept copies: the 404 page, the service worker (which the
browser fetches itself) and the list itself (kept as it is read)."""


@dataclass(frozen=True)
class KeptPage:
    """A page as the list names it: its address in the site (relative to the site's root),
    its title, the top section of the nav it is under ("" for none) and its file in the
    site."""

    url: str
    title: str
    section: str
    file: str


@dataclass(frozen=True)
class KeptFile:
    url: str
    size: int


@dataclass(frozen=True)
class OfflineList:
    """What `MANIFEST` holds: the build, the fallback page's address, the pages, the files
    to keep for reading (the pages among them) and the checker's, kept on request."""

    build: str
    fallback: str | None
    pages: tuple[KeptPage, ...]
    files: tuple[KeptFile, ...]
    checker: tuple[KeptFile, ...]

    def json(self) -> bytes:
        data = {
            "build": self.build,
            "fallback": self.fallback,
            "pages": [{"url": page.url, "title": page.title, "section": page.section}
                      for page in self.pages],
            "files": [{"url": kept.url, "bytes": kept.size} for kept in self.files],
            "checker": [{"url": kept.url, "bytes": kept.size} for kept in self.checker],
        }
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def fallback_source() -> str:
    """The fallback page's Markdown: for players, with the element offline.js fills with what
    is kept. Search leaves it out (Material reads `search.exclude`)."""
    return ("---\nsearch:\n  exclude: true\n---\n\n# You are offline\n\n"
            f'<div class="checker-offline" {FALLBACK_MARK}>\n'
            "<p>The page you opened is not kept in this browser, and the site did not "
            "answer. The pages kept in this browser open without a network; their list "
            "shows here when scripts run.</p>\n</div>\n")


def offline_list(site: Path, build: str, pages: Iterable[KeptPage],
                 fallback: KeptPage | None, languages: Iterable[str]) -> OfflineList:
    """The list of what the built `site` folder holds for reading offline. `pages` are the
    pages the build wrote (in the order a reader finds them), `fallback` the fallback page,
    `languages` those of the site's search."""
    pages = [page for page in pages if fallback is None or page.file != fallback.file]
    by_file = {page.file: page.url for page in pages}
    if fallback is not None:
        by_file[fallback.file] = fallback.url
    wanted = _search_scripts(list(languages))
    files: list[KeptFile] = []
    checker: list[KeptFile] = []
    for path, size in _written(site):
        if path.endswith(_UNUSED) or path in _UNLOADED or \
                path.startswith(LUNR) and path.removeprefix(LUNR) not in wanted:
            continue
        kept = KeptFile(by_file.get(path, quote(path)), size)
        (checker if path.startswith(_RUNTIME) else files).append(kept)
    return OfflineList(build, fallback.url if fallback is not None else None, tuple(pages),
                       tuple(files), tuple(checker))


def sectioned(pages: Iterable[KeptPage], unplaced: set[str]) -> list[KeptPage]:
    """`pages` (in the nav's order), each of `unplaced` (pages out of the nav, by address)
    under the section of the nearest page above it in the site's folders (the pages a long
    list continues on under the list's), each section's pages together where it first
    shows."""
    pages = list(pages)
    sections = {page.url: page.section for page in pages if page.url not in unplaced}
    placed = []
    for page in pages:
        if page.url in unplaced:
            folder = page.url.rstrip("/").rpartition("/")[0]
            while folder and f"{folder}/" not in sections:
                folder = folder.rpartition("/")[0]
            page = replace(page, section=sections.get(f"{folder}/" if folder else "", ""))
        placed.append(page)
    first: dict[str, int] = {}
    for index, page in enumerate(placed):
        first.setdefault(page.section, index)
    return sorted(placed, key=lambda page: first[page.section])


def write_offline_list(site: Path, listed: OfflineList) -> None:
    write_if_changed(site / MANIFEST, listed.json())


def _written(site: Path) -> Iterator[tuple[str, int]]:
    """Every file under `site` (not those whose name or folder starts with a dot), as its
    path relative to it and its size, in a stable order; links are not followed."""
    for folder, names, files in os.walk(site):
        names[:] = sorted(name for name in names if not name.startswith("."))
        relative = Path(folder).relative_to(site).as_posix()
        prefix = "" if relative == "." else f"{relative}/"
        for name in sorted(files):
            if name.startswith("."):
                continue
            try:
                info = os.stat(os.path.join(folder, name), follow_symlinks=False)
            except OSError:
                continue
            yield f"{prefix}{name}", info.st_size


def _search_scripts(languages: list[str]) -> set[str]:
    """The files under `LUNR` that Material's search worker loads for `languages` (as its
    worker does: the stemmer support and each language but English, the multi-language
    support for more than one, the Japanese and Thai/Hindi word splitters)."""
    wanted = set()
    for language in languages:
        if language == "ja":
            wanted.add("tinyseg.js")
        elif language in ("hi", "th"):
            wanted.add("wordcut.js")
        if language != "en":
            wanted.add(f"min/lunr.{language}.min.js")
    if len(languages) > 1:
        wanted.add("min/lunr.multi.min.js")
    if wanted:
        wanted.add("min/lunr.stemmer.support.min.js")
    return wanted
