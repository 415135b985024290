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
from collections.abc import Callable
from html import escape as html_escape
from html import unescape
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple

from checker.files import KEPT_BYTES, open_regular, read_regular
from checker.site.gathered.context import SiteContext, rules_digest
from checker.site.gathered.lists import list_pages
from checker.site.gathered.slots import fill_slots
from checker.site.render.rendering import Rendering
from checker.site.render.scenario_list import PartPage, part_html, part_indexes, part_page
from checker.site.walkthroughs.placing import Links
from checker.site.writing import link_new, replace_file

_TITLE = "\x00title\x00"
_URL = "\x00url\x00"
_PART = "\x00part\x00"
FOLDER = "lists"
"""Where the written pages are kept, in the plugin's cache folder."""
_INDEX = "index.json"


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
                urls: dict[str, tuple[str, str]], cache: Path | None = None) -> list[Written]:
    """Write every page a list continues on but the first of each game's (which the
    generator wrote), from its game's frame. `urls` holds each page's address and file in
    the site (relative to `site`). A game without a frame (the generator did not render its
    first page) gets none: nothing half-made. With a `cache` folder, each page is kept there
    whole, under a digest of all its content is made from (`part_key`), and linked into the
    site from there while nothing it shows changed (`_Kept`)."""
    context = rendering.site
    kept = _Kept(cache / FOLDER if cache is not None else None)
    shared = rules_digest(context) if kept.folder is not None else ""
    lists: dict[str, str] = {}  # by game: what all its pages' keys share
    written = []
    folders: set[Path] = set()  # one per list: its pages are files side by side
    for uri, listed in sorted(context.more.items(), key=lambda kv: (kv[1].game, kv[1].number)):
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
    scenarios each shows: the checker's code, the rules they link and preview
    (`rules_digest`: `shared`), the list's pages, and the standalone scenarios' files and
    texts (`Standalone.key`)."""
    return hashlib.sha256(f"{shared}\n{game}\n{list_pages(context.lists, context.more, game)}\n"
                          f"{context.standalone.key}".encode("utf-8", "surrogatepass")
                          ).hexdigest()


def part_key(rendering: Rendering, uri: str, listed: str) -> str:
    """A digest of all a page's content is made from: what its list's pages share
    (`list_key`), the page, and which scenarios it shows."""
    shown = ",".join(map(str, part_indexes(rendering, uri)))
    return hashlib.sha256(f"{listed}\n{uri}\n{rendering.site.more[uri]}\n{shown}".encode(
        "utf-8", "surrogatepass")).hexdigest()


class _Kept:
    """Written pages kept whole in a folder, each under the digest of its content
    (`part_key`), with an index of what each holds: the frame around the content (`Frame.key`),
    where the content starts and ends, the file's size, what search finds of its sections
    (`PartPage.said`), and a seal of all these, the key and the file's bytes (`_seal`).

    A page whose content and frame are both kept is linked into the site (a hard link, or a
    copy where the file system has none): a list of thousands of scenarios keeps about 90 MB
    of pages, which a build then neither writes nor copies. A page whose frame changed (the
    site's nav, say) takes its content from the kept page. A kept page is used only when its
    seal matches: one changed through a link by something else, damaged, cut short, or
    renamed with its entry to another page's key, is made again (as a page the index names
    wrongly is). Pages a build did not use are removed after it."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.index = self._read_index()
        self.used: dict[str, list[Any]] = {}

    def _read_index(self) -> dict[str, list[Any]]:
        if self.folder is None:
            return {}
        try:
            data = json.loads(read_regular(self.folder / _INDEX))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {key: entry for key, entry in data.items()
                if isinstance(entry, list) and len(entry) == 6 and isinstance(entry[0], str)
                and all(isinstance(n, int) and not isinstance(n, bool) for n in entry[1:4])
                and isinstance(entry[5], str)}

    def place(self, key: str, frame: Frame, title: str, url: str, path: Path,
              made: _Made) -> list[tuple[str, str, str]]:
        """Put the page titled `title` at `url`, whose content is kept under `key`, at `path`,
        in `frame`; `made` makes the content when it is not kept. Returns what search finds
        of its sections, kept with it."""
        assert self.folder is not None
        kept = self.folder / f"{key}.html"
        around = frame.key(title, url)
        entry = self._valid(key, kept)
        said = _said(entry[4]) if entry is not None else None
        if entry is not None and said is not None and entry[0] == around and _link(kept, path):
            self.used[key] = entry
            return said
        said = made.said()
        before, after = frame.around(title, url)
        try:
            length = _rewrite(kept, before, after, entry, made.content)
            held = [around, len(before), len(before) + length, kept.stat().st_size,
                    [list(section) for section in said]]
            self.used[key] = [*held, _seal(key, held, kept)]
        except OSError:  # the cache cannot be written: the page is written all the same
            replace_file(path, before + made.content() + after)
            return said
        if not _link(kept, path):
            replace_file(path, read_regular(kept))
        return said

    def _valid(self, key: str, kept: Path) -> list[Any] | None:
        """The index's entry for the page kept under `key`, when its seal matches."""
        entry = self.index.get(key)
        if entry is None:
            return None
        try:
            return entry if _seal(key, entry[:5], kept) == entry[5] else None
        except OSError:
            return None

    def finish(self) -> None:
        """Remove the pages this build did not use, and keep the index of those it did."""
        if self.folder is None:
            return
        try:
            for old in self.folder.iterdir():
                if old.name != _INDEX and old.name.removesuffix(".html") not in self.used:
                    old.unlink(missing_ok=True)
            if self.used != self.index:
                replace_file(self.folder / _INDEX, json.dumps(self.used).encode())
        except OSError:
            pass  # made again next time


def _seal(key: str, held: list[Any], kept: Path) -> str:
    """The SHA-256 of a kept page's key, what the index holds of it (`held`: its entry but
    the seal) and the bytes of the file `kept`; "" for a file whose size is not the one
    `held` says, or whose content is not within it. Raises OSError."""
    with open_regular(kept) as page:
        size = os.fstat(page.fileno()).st_size
        if size != held[3] or size > KEPT_BYTES or not 0 <= held[1] <= held[2] <= size:
            return ""
        digest = hashlib.sha256(f"{key}\n{json.dumps(held)}\n".encode("utf-8", "surrogatepass"))
        return hashlib.file_digest(page, lambda: digest).hexdigest()


def _said(said: Any) -> list[tuple[str, str, str]] | None:
    """What search finds of a kept page's sections, as its index entry holds it; None when it
    cannot be read as such."""
    if not isinstance(said, list) or not all(
            isinstance(entry, list) and len(entry) == 3 and all(isinstance(t, str) for t in entry)
            for entry in said):
        return None
    return [(anchor, heading, text) for anchor, heading, text in said]


def _link(kept: Path, path: Path) -> bool:
    """Whether `path` now holds what `kept` holds: a hard link to it, else a copy; in place of
    any file that is there (`mkdocs build --dirty`), never written through it."""
    if link_new(kept, path):
        return True
    temporary = path.with_name(f".{path.name}.tmp")
    try:
        temporary.unlink(missing_ok=True)
        try:
            os.link(kept, temporary)
        except OSError:  # another file system, or one without hard links
            with open_regular(kept) as source, open(temporary, "wb") as out:
                _copy(source, out)
        os.replace(temporary, path)
        return True
    except OSError:
        return False


def _rewrite(kept: Path, before: bytes, after: bytes, entry: list[Any] | None,
             content: Callable[[], bytes]) -> int:
    """Replace `kept` with the page made of `before`, its content and `after`: the content
    the old page holds where `entry` says (copied by the kernel where it can), else what
    `content` makes. Returns the content's length."""
    kept.parent.mkdir(parents=True, exist_ok=True)
    temporary = kept.with_name(f".{kept.name}.tmp")
    with open(temporary, "wb") as out:
        out.write(before)
        length = -1
        if entry is not None:
            try:
                with open_regular(kept) as old:
                    _copy(old, out, entry[1], entry[2] - entry[1])
                length = entry[2] - entry[1]
            except OSError:
                out.seek(len(before))
                out.truncate()
        if length < 0:
            made = content()
            out.write(made)
            length = len(made)
        out.write(after)
    os.replace(temporary, kept)
    return length


def _copy(source: BinaryIO, out: BinaryIO, start: int = 0, length: int | None = None) -> None:
    """`length` bytes of `source` from `start` (all the rest by default) to the end of `out`,
    by the kernel where it can (`os.copy_file_range`)."""
    out.flush()
    if length is None:
        length = os.fstat(source.fileno()).st_size - start
    done = 0
    try:
        while done < length:
            copied = os.copy_file_range(source.fileno(), out.fileno(), length - done,
                                        start + done)
            if copied <= 0:
                break
            done += copied
    except (AttributeError, OSError):  # no such call here: copy through Python
        pass
    source.seek(start + done)
    while done < length:
        block = source.read(min(1 << 20, length - done))
        if not block:
            raise OSError(f"{source.name}: shorter than its index says")
        out.write(block)
        done += len(block)


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
