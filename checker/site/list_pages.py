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
import json
import re
from dataclasses import dataclass
from html import escape as html_escape
from html import unescape
from pathlib import Path
from typing import Any

from checker.site.context import SiteContext, fill_slots
from checker.site.scenario_list import PartPage, part_page
from checker.site.walkthrough import Links

_TITLE = "\x00title\x00"
_URL = "\x00url\x00"


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
        self.slots, self.part, self.url = slots, part, url
        # The title as the theme writes it, escaped or not.
        for form in dict.fromkeys([html_escape(title, quote=False), html_escape(title), title]):
            output = output.replace(form, _TITLE)
        self.template = output.replace(url, _URL)

    def page(self, title: str, url: str, html: str) -> str:
        framed = self.template.replace(_TITLE, html_escape(title, quote=False))
        return fill_slots(framed.replace(_URL, url), {**self.slots, self.part: html})


def write_pages(context: SiteContext, frames: dict[str, Frame], site: Path,
                urls: dict[str, tuple[str, str]]) -> list[Written]:
    """Write every page a list continues on but the first of each game's (which the
    generator wrote), from its game's frame. `urls` holds each page's address and file in
    the site (relative to `site`). A game without a frame (the generator did not render its
    first page) gets none: nothing half-made."""
    written = []
    for uri, listed in sorted(context.more.items(), key=lambda kv: (kv[1].game, kv[1].number)):
        frame = frames.get(listed.game)
        if listed.number == 2 or frame is None:
            continue
        part = part_page(context, uri, Links(context.rules, uri))
        url, dest = urls[uri]
        path = site / dest
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(frame.page(part.title, url, part.html), encoding="utf-8")
        written.append(Written(url, part, frame.url))
    return written


def add_to_sitemap(site: Path, written: list[Written]) -> None:
    """Each written page's address in `sitemap.xml` (and its gzipped copy), right after the
    entry of the page its frame comes from."""
    path = site / "sitemap.xml"
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
    path.write_text(text, encoding="utf-8")
    packed = site / "sitemap.xml.gz"
    if packed.exists():
        packed.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))


def add_to_search(site: Path, written: list[Written]) -> None:
    """Each written page in the search index (`search/search_index.json`, as MkDocs' and
    Material's search write it): its title, and a section for each heading with the text of
    the walkthroughs under it, as the indexer made them for the list's first page."""
    path = site / "search" / "search_index.json"
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
                 for anchor, heading, said in page.part.sections]
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")),
                    encoding="utf-8")


def _text(escaped: str) -> str:
    """Text as the search indexer keeps it: `<`, `>` and `&` escaped, quotes not."""
    return html_escape(unescape(escaped), quote=False)
