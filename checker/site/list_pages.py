"""The pages a long scenario list continues on (`SiteContext.more`), as the MkDocs plugin
writes them.

A list of thousands of scenarios goes on over a hundred pages. Rendered by the theme one by
one, each would cost a build what a page of prose costs (Markdown, the search indexer, the
nav of the whole site), for a frame that is the same on every one of them. So the generator
renders only the first of them (`page-2`, added to its files); its written HTML, with the
page's content still in its slot, is the frame (`Frame`) the plugin writes the others from
when the build ends, each with its own title, address and content (`part_page`). What the
generator would have done for them, the plugin does too: their addresses go into
`sitemap.xml` (Material's instant navigation swaps only the pages listed there) and their
sections into the search index, as the indexer made them for the first.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import shutil
from dataclasses import dataclass
from html import escape as html_escape
from html import unescape
from pathlib import Path
from typing import Any, BinaryIO

from checker.site.context import SiteContext, fill_slots, list_pages
from checker.site.scenario_list import PartPage, part_html, part_page
from checker.site.walkthrough import Links
from checker.site.writing import replace_file

_TITLE = "\x00title\x00"
_URL = "\x00url\x00"
_PART = "\x00part\x00"
FOLDER = "lists"
"""Where the written pages' contents are kept, in the plugin's cache folder."""


@dataclass(frozen=True, slots=True)
class Written:
    """A page written from a frame: its address in the site, its part, and the address of
    the page its frame comes from."""

    url: str
    part: PartPage
    first: str


class Frame:
    """The first page a list continues on, as the theme wrote it, with its content's slot
    still empty: everything but the title, the address and the slot is the same on every
    page of the list (they are siblings, so their relative links are too)."""

    def __init__(self, output: str, title: str, url: str, slots: dict[str, str],
                 part: str) -> None:
        self.url = url
        # The title as the theme writes it, escaped or not (a page always has both, from the
        # front matter `list_page_source` gives it, and an address of its own).
        for form in dict.fromkeys([html_escape(title, quote=False), html_escape(title), title]):
            if form:
                output = output.replace(form, _TITLE)
        if url:
            output = output.replace(url, _URL)
        self.template = fill_slots(output, {**slots, part: _PART})

    def around(self, title: str, url: str) -> tuple[bytes, bytes]:
        """The page titled `title` at `url`, before and after its content, as written."""
        page = self.template.replace(_TITLE, html_escape(title, quote=False))
        before, _, after = page.replace(_URL, url).partition(_PART)
        return before.encode("utf-8"), after.encode("utf-8")


def write_pages(context: SiteContext, frames: dict[str, Frame], site: Path,
                urls: dict[str, tuple[str, str]], cache: Path | None = None) -> list[Written]:
    """Write every page a list continues on but the first of each game's (which the
    generator wrote), from its game's frame. `urls` holds each page's address and file in
    the site (relative to `site`). A game without a frame (the generator did not render its
    first page) gets none: nothing half-made. With a `cache` folder, a page's content is kept
    there under a digest of all it is made from (`part_key`), and taken from there when
    nothing it shows changed."""
    kept = _Kept(cache / FOLDER if cache is not None else None)
    shared = _shared(context) if kept.folder is not None else ""
    written = []
    for uri, listed in sorted(context.more.items(), key=lambda kv: (kv[1].game, kv[1].number)):
        frame = frames.get(listed.game)
        if listed.number == 2 or frame is None:
            continue
        part = part_page(context, uri)
        key = part_key(context, part, shared) if kept.folder is not None else ""
        url, dest = urls[uri]
        before, after = frame.around(part.title, url)
        path = site / dest
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as out:
            out.write(before)
            if not kept.copy_into(key, out):
                content = part_html(context, part, Links(context.rules, uri)).encode("utf-8")
                kept.put(key, content)
                out.write(content)
            out.write(after)
        written.append(Written(url, part, frame.url))
    kept.prune()
    return written


def part_key(context: SiteContext, part: PartPage, shared: str) -> str:
    """A digest of all a page's content is made from: the checker's code, the rules it links
    and previews (`shared`), the list's pages, and each scenario it shows (its YAML text, and
    where that stands)."""
    listed = context.more[part.uri]
    digest = hashlib.sha256(f"{shared}\n{part.uri}\n{listed}\n"
                            f"{list_pages(context, listed.game)}\n".encode())
    for example in (*part.rows, *(e for _, _, members in part.sections for e in members)):
        digest.update(f"{example.id}\x00{example.location}\x00".encode())
        digest.update(example.source.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _shared(context: SiteContext) -> str:
    """A digest of what every page's content depends on beyond its scenarios: the checker's
    code, where each rule is, its title and text, and how pages link each other."""
    rules, index = context.rules, context.index
    digest = hashlib.sha256(f"{context.checks.engine}\n{rules.use_directory_urls}"
                            f"{rules.source_links}\n".encode())
    for rule, anchor in sorted(rules.anchors.items()):
        digest.update(f"{rule}\x00{anchor.page}\x00".encode())
    for rule, title in sorted(rules.titles.items()):
        digest.update(f"{rule}\x00{title}\x00".encode("utf-8", "surrogatepass"))
    for rule, item in sorted(index.items.items()):
        digest.update(f"{rule}\x00{item.page}\x00{item.text}\x00".encode("utf-8",
                                                                          "surrogatepass"))
    for page, title in sorted(index.page_titles.items()):
        digest.update(f"{page}\x00{title}\x00".encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


class _Kept:
    """The contents kept in a folder by key; those a build did not use are removed after it."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.used: set[str] = set()

    def copy_into(self, key: str, out: BinaryIO) -> bool:
        """Copy what is kept under `key` to the end of `out`; whether there was any. The
        kernel copies it where it can (`os.copy_file_range`): a list of thousands of
        scenarios keeps about 90 MB of pages."""
        if self.folder is None:
            return False
        self.used.add(f"{key}.html")
        try:
            kept = open(self.folder / f"{key}.html", "rb")  # noqa: SIM115 - closed below
        except OSError:
            return False
        with kept:
            self._copy(kept, out)
        return True

    @staticmethod
    def _copy(kept: BinaryIO, out: BinaryIO) -> None:
        out.flush()
        size = os.fstat(kept.fileno()).st_size
        try:
            while size > 0:
                copied = os.copy_file_range(kept.fileno(), out.fileno(), size)
                if copied <= 0:
                    break
                size -= copied
        except (AttributeError, OSError):  # no such call here: copy through Python
            pass
        if size > 0:
            kept.seek(-size, os.SEEK_END)
            shutil.copyfileobj(kept, out)

    def put(self, key: str, content: bytes) -> None:
        if self.folder is None:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            replace_file(self.folder / f"{key}.html", content)
        except OSError:
            pass  # made again next time

    def prune(self) -> None:
        if self.folder is None:
            return
        try:
            for old in self.folder.iterdir():
                if old.name not in self.used:
                    old.unlink(missing_ok=True)
        except OSError:
            pass


def add_to_sitemap(site: Path, written: list[Written]) -> None:
    """Each written page's address in `sitemap.xml` (and its gzipped copy), right after the
    entry of the page its frame comes from."""
    path = site / "sitemap.xml"
    if not written:
        return
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return  # a theme without a sitemap
    added: dict[str, list[str]] = {}
    for page in written:
        added.setdefault(page.first, []).append(page.url)
    for url, others in added.items():
        entry = re.search(r"<url>(?:(?!</url>).)*?<loc>[^<]*?" + re.escape(url) +
                          r"</loc>.*?</url>", text, re.DOTALL)
        if entry is None:
            continue
        copies = "".join("\n    " + entry[0].replace(url + "</loc>", other + "</loc>")
                         for other in others)
        text = text[:entry.end()] + copies + text[entry.end():]
    replace_file(path, text.encode("utf-8"))
    packed = site / "sitemap.xml.gz"
    if packed.exists():
        replace_file(packed, gzip.compress(text.encode("utf-8"), mtime=0))


def add_to_search(site: Path, written: list[Written]) -> None:
    """Each written page in the search index (`search/search_index.json`, as MkDocs' and
    Material's search write it): its title, and a section for each heading with the text of
    the walkthroughs under it, as the indexer made them for the list's first page."""
    path = site / "search" / "search_index.json"
    if not written:
        return
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
        docs = data["docs"]
    except (OSError, ValueError, KeyError, TypeError):
        return  # no search, or one that writes something else
    if not isinstance(docs, list):
        return
    for page in written:
        docs.append({"location": page.url, "title": page.part.title, "text": ""})
        docs += [{"location": f"{page.url}#{anchor}", "title": _text(heading),
                  "text": f"<p>{_text(said)}</p>"}
                 for anchor, heading, said in page.part.said()]
    replace_file(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())


def _text(escaped: str) -> str:
    """Text as the search indexer keeps it: `<`, `>` and `&` escaped, quotes not."""
    return html_escape(unescape(escaped), quote=False)
