"""Where each rule id lives in the site, and the links to it.

The map is built from the page scans before any page is rendered, so a reference resolves
whatever the order pages are rendered in, and a broken one is reported at its own line.
"""

from __future__ import annotations

import functools
import posixpath
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from checker.location import Location, Problem
from checker.rule_pages import game_of
from checker.rule_text import label
from checker.rulebook import RuleBook
from checker.site.pages.syntax import PageScan


class Anchor(NamedTuple):
    """A rule item on a page."""

    rule: str
    """Full id, e.g. "ti4:61.6"."""
    page: str
    """The page's source path inside the docs folder, e.g. "ti4/objective-cards.md"."""
    location: Location

    @property
    def fragment(self) -> str:
        return self.rule.partition(":")[2]


class RuleMap:
    """Where each rule is (`build_map`), and the links to it from any page."""

    anchors: dict[str, Anchor]
    titles: dict[str, str]
    """Short titles of the rules the engine knows, for link tooltips."""
    use_directory_urls: bool
    source_links: bool
    """Link to a page by its Markdown file, relative to the page linking (`../ti4/rules.md`),
    for a generator that turns such links into URLs in the HTML too (Zensical); else by its
    URL as MkDocs lays pages out (see `page_url`)."""
    files: frozenset[str]
    """The pages laid out as files whatever `use_directory_urls` says (`ti4/scenarios/page-2.md`
    at `ti4/scenarios/page-2.html`): the pages a long list continues on, side by side in its
    folder, so that a build makes no folder for each of a hundred of them."""

    def __init__(self, use_directory_urls: bool = True, source_links: bool = False,
                 files: frozenset[str] = frozenset()) -> None:
        self.anchors, self.titles = {}, {}
        self.use_directory_urls, self.source_links = use_directory_urls, source_links
        self.files = files

    def get(self, rule: str) -> Anchor | None:
        return self.anchors.get(rule)

    def href(self, rule: str, from_page: str) -> str | None:
        anchor = self.anchors.get(rule)
        if anchor is None:
            return None
        if anchor.page == from_page:
            return f"#{anchor.fragment}"
        return f"{self.page_link(anchor.page, from_page)}#{anchor.fragment}"

    def page_link(self, page: str, from_page: str) -> str:
        """The link from one page to another, without a fragment."""
        if self.source_links:
            return source_link(page, from_page)
        return self.page_url(page, from_page)

    def page_url(self, page: str, from_page: str) -> str:
        """The relative URL from one page to another, as MkDocs lays them out."""
        return page_url(page, from_page, self.use_directory_urls, page in self.files,
                        from_page in self.files)

    def link_text(self, rule: str, text: str | None = None) -> str:
        """The text of a link to the rule (`link`): `text`, else the rule's number."""
        return escape(text or label(rule.partition(":")[2]))

    def link(self, rule: str, from_page: str, text: str | None = None) -> str:
        """An HTML link to the rule; a marked span when it does not resolve."""
        href = self.href(rule, from_page)
        text = self.link_text(rule, text)
        if href is None:
            return f'<span class="rule-ref rule-ref--broken" title="unknown rule {escape(rule)}">{text}</span>'
        title = self.titles.get(rule)
        tip = f' title="{escape(rule)}: {escape(title)}"' if title else f' title="{escape(rule)}"'
        return f'<a class="rule-ref" href="{escape(href)}"{tip}>{text}</a>'


def build_map(scans: Mapping[str, PageScan], folders: Mapping[str, str],
              rulebooks: Iterable[RuleBook], rules: RuleMap | None = None
              ) -> tuple[RuleMap, list[Problem]]:
    """`rules` (a new, empty map by default) filled: anchors from every page of a game's
    folder (`folders`: `ti4/...`), titles from the games' rule books (`checker.rule_pages`);
    and the problems: a number defined twice, or a marker outside a game's folder."""
    rules = RuleMap() if rules is None else rules
    problems: list[Problem] = []
    for book in rulebooks:
        rules.titles.update({f"{book.game}:{ref}": title for ref, title in book.titles.items()})
    for page, scan in scans.items():
        game = game_of(page, folders)
        for mark in scan.marks:
            if not game:
                problems.append(Problem(mark.location, outside(mark.ref, folders)))
                continue
            rule = f"{game}:{mark.ref}"
            first = rules.anchors.get(rule)
            if first is not None:
                problems.append(Problem(mark.location, f"rule {rule} is already defined at "
                                        f"{first.location}"))
                continue
            rules.anchors[rule] = Anchor(rule, page, mark.location)
    return rules, problems


def outside(ref: str, folders: Mapping[str, str]) -> str:
    """What a rule marker on a page outside every game's folder says: how to fix it."""
    where = ", ".join(f"{folder}/ for {game}" for game, folder in sorted(folders.items()))
    return (f"rule marker \u00a7{ref} outside a game's folder: a game's rules go on the pages of "
            f"its folder in the docs folder ({where or 'no game is installed'}); move the "
            f"page there, or give its folder to its game under `games:` in the options of "
            f"checker.site.markdown_ext in mkdocs.yml")


def unresolved(scans: Mapping[str, PageScan], rules: RuleMap) -> list[Problem]:
    """Every cross-reference in the pages that names no rule item."""
    return [Problem(ref.location, f"unknown rule {ref.target}{suggest(ref.target, rules)}")
            for scan in scans.values() for ref in scan.references if rules.get(ref.target) is None]


def suggest(rule: str, rules: RuleMap) -> str:
    import difflib  # only for a link that does not resolve; keeps it out of every build

    close = difflib.get_close_matches(rule, list(rules.anchors), n=1, cutoff=0.8)
    return f" (did you mean {close[0]}?)" if close else ""


@functools.lru_cache(maxsize=65536)
def page_url(page: str, from_page: str, use_directory_urls: bool = True,
             page_file: bool = False, from_file: bool = False) -> str:
    """The relative URL from one page to another, as MkDocs lays pages out; a page
    `page_file` or `from_file` as a file whatever `use_directory_urls` says (asked for
    thousands of times a build, for the same few hundred pairs of pages)."""
    origin = _url(from_page, use_directory_urls and not from_file)
    return _relative(_url(page, use_directory_urls and not page_file),
                     origin.rsplit("/", 1)[0] if "/" in origin else "")


def _relative(target: str, base: str) -> str:
    """The relative URL of `target` from the folder `base`, both relative to the site's root
    (a long list's hundred pages each link every other: `posixpath.relpath` took a third of a
    second for them)."""
    ups = base.split("/") if base else []
    downs = target.split("/") if target else []
    common = 0
    while common < len(ups) and common < len(downs) and ups[common] == downs[common]:
        common += 1
    relative = "/".join([".."] * (len(ups) - common) + downs[common:]) or "."
    if target.endswith("/") or not target:
        relative = relative.rstrip("/") + "/"
    return "./" if relative == "./" else relative


@functools.lru_cache(maxsize=4096)
def source_link(page: str, from_page: str) -> str:
    """The relative path from one page's Markdown file to another's."""
    base = from_page.rsplit("/", 1)[0] if "/" in from_page else "."
    return posixpath.relpath(page, base)


@functools.lru_cache(maxsize=16384)
def _url(page: str, use_directory_urls: bool) -> str:
    stem = page.removesuffix(".md")
    if stem == "index" or stem.endswith("/index"):
        return stem[:-5]
    return f"{stem}/" if use_directory_urls else f"{stem}.html"


def escape(text: str) -> str:
    """HTML-escaped text. The control characters that mark tokens in a walkthrough draft are
    not valid in HTML either, and become U+FFFD, so no text can forge a token."""
    text = (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))
    if "\x02" in text or "\x03" in text:
        text = text.replace("\x02", "\ufffd").replace("\x03", "\ufffd")
    return text
