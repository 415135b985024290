"""The pages a long scenario list continues on (`Placement.more`), as the MkDocs plugin
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
import re
from html import escape as html_escape
from html import unescape
from pathlib import Path
from typing import Any, NamedTuple

from checker.site.examples.standalone import Standalone
from checker.site.gathered.context import SiteContext, rules_digest
from checker.site.gathered.lists import list_pages
from checker.site.gathered.slots import fill_slots
from checker.site.publish.kept_pages import FOLDER, KeptPages
from checker.site.render.rendering import Rendering
from checker.site.render.scenario_list import PartPage, part_html, part_indexes, part_page
from checker.site.walkthroughs.placing import Links
from checker.site.writing import replace_file

_TITLE = "\x00title\x00"
_URL = "\x00url\x00"
_PART = "\x00part\x00"


class Written(NamedTuple):
    """A page written from a frame: its address in the site, its title, what search finds
    of each of its sections (`PartPage.said`), and the address of the page its frame comes
    from."""

    url: str
    title: str
    said: list[tuple[str, str, str]]
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
        self._digest = ""

    def key(self, title: str, url: str) -> str:
        """A digest of what `around` gives for `title` and `url`."""
        if not self._digest:
            self._digest = hashlib.sha256(self.template.encode("utf-8", "surrogatepass")
                                          ).hexdigest()
        return hashlib.sha256(f"{self._digest}\x00{title}\x00{url}".encode(
            "utf-8", "surrogatepass")).hexdigest()

    def around(self, title: str, url: str) -> tuple[bytes, bytes]:
        """The page titled `title` at `url`, before and after its content, as written."""
        page = self.template.replace(_TITLE, html_escape(title, quote=False))
        before, _, after = page.replace(_URL, url).partition(_PART)
        return before.encode("utf-8"), after.encode("utf-8")


def write_pages(rendering: Rendering, frames: dict[str, Frame], site: Path,
                urls: dict[str, tuple[str, str]], cache: Path | None = None,
                stamped: dict[str, list[int]] | None = None) -> list[Written]:
    """Write every page a list continues on but the first of each game's (which the
    generator wrote), from its game's frame. `urls` holds each page's address and file in
    the site (relative to `site`). A game without a frame (the generator did not render its
    first page) gets none: nothing half-made. With a `cache` folder, each page is kept there
    whole, under a digest of all its content is made from (`part_key`), and linked into the
    site from there while nothing it shows changed (`KeptPages`; `stamped`: the kept pages'
    `stamps` before the build cleaned the site folder)."""
    context = rendering.site
    kept = KeptPages(cache / FOLDER if cache is not None else None, stamped)
    shared = rules_digest(context) if kept.folder is not None else ""
    lists: dict[str, str] = {}  # by game: what all its pages' keys share
    written = []
    folders: set[Path] = set()  # one per list: its pages are files side by side
    for uri, listed in sorted(context.placement.more.items(), key=lambda kv: (kv[1].game, kv[1].number)):
        frame = frames.get(listed.game)
        if listed.number == 2 or frame is None:
            continue
        title = listed.heading(context.game_title(listed.game))
        url, dest = urls[uri]
        path = site / dest
        if path.parent not in folders:
            path.parent.mkdir(parents=True, exist_ok=True)
            folders.add(path.parent)
        made = _Made(rendering, uri)
        if kept.folder is None:
            before, after = frame.around(title, url)
            replace_file(path, before + made.content() + after)
            said = made.said()
        else:
            if listed.game not in lists:
                lists[listed.game] = list_key(context, listed.game, shared)
            said = kept.place(part_key(rendering, uri, lists[listed.game]), frame, title, url,
                              path, made)
        written.append(Written(url, title, said, frame.url))
    kept.finish()
    return written


class _Made:
    """A page a list continues on, its scenarios made only when its content is."""

    def __init__(self, rendering: Rendering, uri: str) -> None:
        self.rendering, self.uri = rendering, uri
        self._part: PartPage | None = None

    def part(self) -> PartPage:
        if self._part is None:
            self._part = part_page(self.rendering, self.uri)
        return self._part

    def content(self) -> bytes:
        links = Links(self.rendering.site.rules, self.uri)
        return part_html(self.rendering, self.part(), links).encode("utf-8")

    def said(self) -> list[tuple[str, str, str]]:
        return self.part().said()


def list_key(context: SiteContext, game: str, shared: str) -> str:
    """A digest of what the content of every page of `game`'s list is made from, but the
    scenarios each shows: the checker's code and the engine, the rules they link and preview
    (`rules_digest`: `shared`), and the list's pages."""
    return hashlib.sha256(f"{shared}\n{game}\n{list_pages(context.placement.lists, context.placement.more, game)}".encode("utf-8", "surrogatepass")
                          ).hexdigest()


def part_key(rendering: Rendering, uri: str, listed: str) -> str:
    """A digest of all a page's content is made from: what its list's pages share
    (`list_key`), the page, and which scenarios it shows, each by its id, its place and the
    name and text of its file (`Standalone.files`): a scenario's walkthrough and row are made
    from its file's text alone, so an edit makes again only the page that shows it."""
    whole = rendering.site.examples.standalone
    shown = "\n".join(_shown(whole, index) for index in part_indexes(rendering, uri))
    return hashlib.sha256(f"{listed}\n{uri}\n{rendering.site.placement.more[uri]}\n{shown}".encode(
        "utf-8", "surrogatepass")).hexdigest()


def _shown(whole: Standalone, index: int) -> str:
    number, position = whole.where[index]
    _, name, text, _ = whole.files[number]
    return f"{whole.ids[index]}\x00{position}\x00{name}\x00{text}"


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
    the walkthroughs under it, as the indexer made them for the list's first page. The
    entries go at the end of the index's `docs`, the rest of the file left as it is."""
    path = site / "search" / "search_index.json"
    if not written:
        return
    entries = []
    for page in written:
        entries.append({"location": page.url, "title": page.title, "text": ""})
        entries += [{"location": f"{page.url}#{anchor}", "title": _text(heading),
                     "text": f"<p>{_text(said)}</p>"}
                    for anchor, heading, said in page.said]
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, ValueError):
        return  # no search
    added = json.dumps(entries, separators=(",", ":"))[1:-1]
    docs = _docs_start(text)
    if docs is not None:  # the index as both write it: `config`, then `docs` last
        comma = "," if docs < len(text) - 2 else ""
        replace_file(path, f"{text[:-2]}{comma}{added}]}}".encode())
        return
    try:
        data: Any = json.loads(text)
        docs_list = data["docs"]
    except (ValueError, KeyError, TypeError):
        return  # a search that writes something else
    if not isinstance(docs_list, list):
        return
    docs_list += entries
    replace_file(path, json.dumps(data, separators=(",", ":")).encode())


def _docs_start(text: str) -> int | None:
    """Where the `docs` list's items start in a search index laid out as MkDocs' and
    Material's search write it (`{"config":{...},"docs":[...]}`, without spaces); None for
    any other layout. The config is read; the list, written by the indexer, is not."""
    head, tail = '{"config":', ',"docs":['
    if not text.startswith(head) or not text.endswith("]}"):
        return None
    try:
        config, end = json.JSONDecoder().raw_decode(text, len(head))
    except ValueError:
        return None
    if not isinstance(config, dict) or not text.startswith(tail, end) or \
            end + len(tail) > len(text) - 2:
        return None
    return end + len(tail)


def _text(escaped: str) -> str:
    """Text as the search indexer keeps it: `<`, `>` and `&` escaped, quotes not."""
    return html_escape(unescape(escaped), quote=False)
