"""A game's scenario list, the page text a `[[scenarios:ti4]]` line stands for.

- A table of every scenario of the game, with the rules it illustrates and a link to where
  its walkthrough is shown.
- Then the walkthroughs of the game's standalone scenarios that no page embeds, under a
  heading for the section of the first rule each is about, as many as `LIST_BUDGET` allows
  (`Placement.listed`). The others follow on pages of their own (`Placement.more`),
  each with its table and walkthroughs, and links between the pages; so no page grows past
  about 1 MB. A generator that adds no pages (one without the MkDocs plugin) shows only the
  first, and the table counts the others by folder instead of a row each.

Search finds a scenario by its title or narration where its walkthrough is shown, so the
table is kept out of the search index (`data-search-exclude`, and under MkDocs a slot with no
searchable text). It is HTML made here, not Markdown: with thousands of scenarios, Markdown's
inline parsing of every cell would cost more than the rest of the build.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable
from html import unescape
from typing import NamedTuple

from markdown.extensions.toc import slugify

from checker.provenance import NOT_STATED
from checker.site.examples.results import Example
from checker.site.examples.standalone import OTHER, section_order
from checker.site.gathered.context import SiteContext
from checker.site.gathered.lists import list_pages
from checker.site.pages.rulemap import escape
from checker.site.render.coverage import rule_order
from checker.site.render.previews import in_order, preview_html
from checker.site.render.rendering import Rendering
from checker.site.walkthroughs.placing import Links
from checker.site.walkthroughs.source_label import NONE, SOURCE_KINDS


def scenario_list(rendering: Rendering, game: str, links: Links,
                  stash: Callable[[str], str]) -> list[str]:
    """The Markdown lines for the part of `game`'s scenario list on the page `links` is for
    (its list page, or a page it continues on); the HTML goes through `stash` (Markdown's
    own), so Markdown never parses it."""
    context, here = rendering.site, links.page
    if here in context.placement.more:
        # All of it in one slot, as on the pages the plugin writes from this one's frame.
        page = part_page(rendering, here)
        rendering.list_slots[here] = rendering.next_slot(here)
        html = part_html(rendering, page, links)
        return ["", stash(rendering.defer(here, html, page.searchable())), ""]
    pages = list_pages(context.placement.lists, context.placement.more, game)
    part = _parts(rendering, game).get(here, _Part())
    shown_on = context.uses.shown_on  # walkthrough_pages, made once for the build
    table = _table(context, game, part.rows(context), shown_on, links)
    pager = _pager(context, pages, links) if len(pages) > 1 else ""
    lines = ["", stash(rendering.defer(here, table + pager)), ""]
    sections = _sections(context, game, part)
    for _, heading, members in sections:  # `toc` gives the headings their anchors
        lines += [f"## {heading}", "", stash(rendering.walkthroughs_html(members, links)), ""]
    if pager and sections:
        lines += [stash(pager), ""]
    return lines


class PartPage(NamedTuple):
    """A page a game's list continues on (`Placement.more`): its title, the scenarios of
    its table, and its sections (anchor and heading, escaped, and the scenarios whose
    walkthroughs follow). All it shows is `part_html`."""

    uri: str
    title: str
    rows: tuple[Example, ...]
    sections: tuple[tuple[str, str, tuple[Example, ...]], ...]

    def said(self) -> list[tuple[str, str, str]]:
        """What search finds of each section: its anchor, heading and the searchable text of
        its walkthroughs, escaped."""
        return [(anchor, heading, " ".join(e.said for e in members))
                for anchor, heading, members in self.sections]

    def searchable(self) -> str:
        """What the search indexer should read of the page."""
        return f"<h1>{escape(self.title)}</h1>" + "".join(
            f'<h2 id="{anchor}">{heading}</h2><p>{said}</p>'
            for anchor, heading, said in self.said())


def part_page(rendering: Rendering, uri: str) -> PartPage:
    """The page `uri` a list continues on."""
    context = rendering.site
    game = context.placement.more[uri].game
    part = _parts(rendering, game).get(uri, _Part())
    return PartPage(uri, context.placement.more[uri].heading(context.game_title(game)),
                    tuple(part.rows(context)), _sections(context, game, part))


def _sections(context: SiteContext, game: str, part: _Part
              ) -> tuple[tuple[str, str, tuple[Example, ...]], ...]:
    """The sections of a page of the list, in the rules' order: each heading's anchor (the
    one the `toc` extension gives it) and text, escaped, and its scenarios by id."""
    sections = []
    for section in sorted(part.sections, key=section_order):
        heading = _heading(context, game, section)
        sections.append((escape(slugify(unescape(heading), "-")), heading,
                         tuple(context.examples.standalone.examples(sorted(part.sections[section])))))
    return tuple(sections)


def part_html(rendering: Rendering, part: PartPage, links: Links) -> str:
    """All a page a list continues on shows, as `links` (its own) links rules: its heading,
    its table, links to the list's other pages, its walkthroughs under a heading per section,
    and the previews of the rules it cites."""
    context = rendering.site
    pager = _pager(context, list_pages(context.placement.lists, context.placement.more, context.placement.more[part.uri].game), links)
    html = [f"<h1>{escape(part.title)}</h1>",
            _part_table(context, list(part.rows), context.uses.shown_on, links) + pager]
    for anchor, heading, members in part.sections:
        html.append(f'<h2 id="{anchor}">{heading}<a class="headerlink" href="#{anchor}" '
                    f'title="Permanent link">&para;</a></h2>')
        html.append(rendering.walkthroughs(members, links))
    if part.sections:
        html.append(pager)
    html.append(preview_html(rendering, part.uri, in_order(context.rules, links.linked), {}))
    return "\n".join(html)


class _Part:
    """What one page of a game's list shows: the rows of its table (the pages' own scenarios
    and the standalone ones, by index in `Examples.standalone`), and the walkthroughs of
    standalone scenarios under each section, by index (the order of their ids)."""

    def __init__(self) -> None:
        self.own: list[Example] = []
        self.indexes: list[int] = []
        self.sections: dict[str, list[int]] = defaultdict(list)

    def rows(self, context: SiteContext) -> list[Example]:
        """The rows of its table, in the order of the rules: by the first rule each
        illustrates (as its walkthrough's section), then by id; those about no rule last."""
        return sorted([*self.own, *context.examples.standalone.examples(self.indexes)],
                      key=_by_rule)


def _by_rule(example: Example) -> tuple[bool, tuple[tuple[int, int, str], ...], str]:
    about = example.about
    return (not about, rule_order(about[0]) if about else (), example.id)


def _parts(rendering: Rendering, game: str) -> dict[str, _Part]:
    """Each page of `game`'s list, by page: worked out once for the build, not once per page
    (a list of thousands goes on over a hundred pages). A page the list continues on has a
    row for each scenario it shows; the list page, for every other scenario of the game."""
    parts: dict[str, _Part] | None = rendering.list_parts.get(game)
    if parts is not None:
        return parts
    context = rendering.site
    parts = rendering.list_parts[game] = {}
    home = context.placement.lists.get(game)
    if home is None:
        return parts
    whole = context.examples.standalone
    chunks = context.placement.chunks.get(game, {})
    elsewhere: set[int] = set()
    for uri in list_pages(context.placement.lists, context.placement.more, game):
        part = parts[uri] = _Part()
        for index in chunks.get(uri, ()):
            part.sections[whole.sections[index]].append(index)
        if uri != home:
            part.indexes = sorted(chunks.get(uri, ()))
            elsewhere.update(part.indexes)
    part = parts[home]
    part.own = [e for e in context.examples.own.values() if e.game == game]
    part.indexes = [index for index, other in enumerate(whole.games)
                    if other == game and index not in elsewhere]
    return parts


def part_indexes(rendering: Rendering, uri: str) -> list[int]:
    """The standalone scenarios the page `uri` a list continues on shows, by index."""
    return _parts(rendering, rendering.site.placement.more[uri].game)[uri].indexes


def list_page_source(context: SiteContext, uri: str) -> str:
    """The Markdown of a page a list continues on, for the generator to add: its title, and
    the directive that stands for all it shows (`part_page`)."""
    page = context.placement.more[uri]
    title = json.dumps(page.heading(context.game_title(page.game)))
    return f"---\ntitle: {title}\n---\n\n[[scenarios:{page.game}]]\n"


def _pager(context: SiteContext, pages: list[str], links: Links) -> str:
    """Links to every page of a list, the current one marked."""
    here, link = links.page, context.rules.page_link
    # Every page links every other: a list of a hundred pages makes ten thousand links.
    items = [f'<li><a aria-current="page">{number}</a></li>' if uri == here else
             f'<li><a href="{escape(link(uri, here))}">{number}</a></li>'
             for number, uri in enumerate(pages, 1)]
    return (f'<nav class="wt-pages" aria-label="Pages of the scenario list" data-search-exclude>'
            f'<span>Pages of this list:</span><ol>{"".join(items)}</ol></nav>\n')


def _heading(context: SiteContext, game: str, section: str) -> str:
    if section == OTHER:
        return "Scenarios about no rule"
    name = context.rules.titles.get(f"{game}:{section}", "")
    # ASCII only, as Markdown sees it: a page with one wider character is slower to copy.
    return f"Section {section}, {escape(name)}" if name and name.isascii() else \
        f"Section {section}"


def _table(context: SiteContext, game: str, examples: list[Example],
           shown_on: dict[str, str], links: Links) -> str:
    """The list page's table: every scenario of the game but those shown on the pages the
    list continues on, which are counted here and listed there."""
    everything, verified, _ = context.counts(game)
    later = everything - len(examples)
    rest = (f" The walkthroughs of {later:,} more standalone scenarios follow on the next "
            f"pages of this list, each page with a table of its own.") if later else ""
    return (f'<div data-search-exclude>\n<p>Every worked example of the {escape(context.game_title(game))} pages '
            f'and every standalone scenario under <code>scenarios/{escape(game)}/</code>, each '
            f'checked by the rules engine when this site was built: {everything:,} '
            f'scenarios, {verified:,} of them hold. The title of a scenario leads to its '
            f'walkthrough.{rest}</p>\n{source_filter(context, examples)}'
            f'{_rows(context, examples, shown_on, links)}</div>\n')


def _part_table(context: SiteContext, examples: list[Example], shown_on: dict[str, str],
                links: Links) -> str:
    verified = sum(1 for e in examples if e.passed)
    return (f'<div data-search-exclude>\n<p>The walkthroughs of {len(examples):,} standalone '
            f'scenarios that no rules page shows, {verified:,} of them hold.</p>\n'
            f'{source_filter(context, examples)}{_rows(context, examples, shown_on, links)}'
            '</div>\n')


def _rows(context: SiteContext, examples: list[Example], shown_on: dict[str, str],
          links: Links) -> str:
    uri = links.page
    rows = []
    urls: dict[str, str] = {}  # a few pages show thousands of scenarios
    unshown: dict[str, list[Example]] = defaultdict(list)
    for example in examples:
        where = shown_on.get(example.id)
        if where is None:
            unshown[example.location.path.rpartition("/")[0]].append(example)
            continue
        url = urls.get(where)
        if url is None:
            url = urls[where] = "" if where == uri else context.rules.page_link(where, uri)
        target = escape(f"{url}#{example.id}")
        mark = "" if example.passed else " <strong>(does not hold)</strong>"
        about = ", ".join(links(rule) for rule in example.about)
        kind, said = _source(context, example)
        rows.append(f'<tr data-source="{kind}"><td><a href="{target}">{escape(example.title)}'
                    f'</a>{mark}</td><td>{about}</td><td>{said}</td><td><a href="{target}">'
                    f'{escape(_page_name(context, where, uri))}</a></td></tr>\n')
    for folder, members in sorted(unshown.items()):
        rows.append(_unshown_row(folder, members))
    return (f'<table class="wt-list">\n<thead><tr><th>Scenario</th><th>Illustrates</th>'
            f'<th>Source</th><th>Shown on</th></tr></thead>\n<tbody>\n{"".join(rows)}</tbody>'
            '\n</table>\n')


def _source(context: SiteContext, example: Example) -> tuple[str, str]:
    """The kind of an example's source (`none` when it does not say) and its label, escaped."""
    stated = example.provenance
    if stated is None:
        return NONE, NOT_STATED
    return stated.kind, escape(stated.label(context.rules_text(example.game)))


def source_filter(context: SiteContext, examples: list[Example]) -> str:
    """A choice of which sources the list shows: every kind its examples have, with how many.
    It needs no script: the site's style hides the rows, and the walkthroughs on the page,
    whose source is not the one chosen (reference.css, `.wt-sources`)."""
    counts = Counter(_source(context, e)[0] for e in examples)
    if len(counts) < 2:
        return ""
    rules = context.rules_text(examples[0].game)
    choices = [("all", "All", len(examples)),
               *((kind, name or rules, counts[kind]) for kind, name in SOURCE_KINDS.items()
                 if counts[kind])]
    radios = "".join(
        f'<label><input type="radio" name="wt-source" value="{kind}"'
        f'{" checked" if kind == "all" else ""}> {escape(name)} ({count:,})</label>'
        for kind, name, count in choices)
    return (f'<fieldset class="wt-sources" data-search-exclude><legend>Show the examples by '
            f'source</legend>{radios}</fieldset>\n')


def _unshown_row(folder: str, members: list[Example]) -> str:
    """One row for the scenarios of a folder that no page shows (past `LIST_BUDGET`); those
    that do not hold by name, since they fail the build."""
    held = sum(1 for e in members if e.passed)
    failed = "".join(f"<li><code>{escape(e.id)}</code> <strong>(does not hold)</strong></li>"
                     for e in members if not e.passed)
    noun = "scenario" if len(members) == 1 else "scenarios"
    return (f'<tr><td>{len(members):,} more {noun} in <code>{escape(folder or ".")}/</code>, '
            f'{held:,} of them hold{f"<ul>{failed}</ul>" if failed else ""}</td><td></td>'
            f'<td>Not shown: too many for one page, and this site generator adds no pages '
            f'(MkDocs and ProperDocs do); see the files</td></tr>\n')


def _page_name(context: SiteContext, uri: str, here: str) -> str:
    if uri == here:
        return "This page"
    if uri in context.placement.more:
        return f"Page {context.placement.more[uri].number} of this list"
    return context.index.page_titles.get(uri) or uri
