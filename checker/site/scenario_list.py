"""A game's scenario list, the page text a `[[scenarios:ti4]]` line stands for.

- A table of every scenario of the game, with the rules it illustrates and a link to where
  its walkthrough is shown.
- Then the walkthroughs of the game's standalone scenarios that no page embeds, under a
  heading for the section of the first rule each is about, as many as `LIST_BUDGET` allows
  (`SiteContext.listed`): with thousands of scenarios the others are not shown on the site,
  and the table counts them by folder instead of a row each, so the page stays under 1 MB.

Search finds a scenario by its title or narration where its walkthrough is shown, so the
table is kept out of the search index (`data-search-exclude`, and under MkDocs a slot with no
searchable text). It is HTML made here, not Markdown: with thousands of scenarios, Markdown's
inline parsing of every cell would cost more than the rest of the build.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from checker.site.context import OTHER, SiteContext, section_of, section_order
from checker.site.results import Example
from checker.site.rulemap import escape
from checker.site.walkthrough import Links


def scenario_list(context: SiteContext, game: str, links: Links,
                  stash: Callable[[str], str]) -> list[str]:
    """The Markdown lines for the list of `game`'s scenarios on the page `links` is for; the
    HTML goes through `stash` (Markdown's own), so Markdown never parses it."""
    examples = sorted((e for e in context.examples.values() if e.game == game),
                      key=lambda e: e.id)
    sections: dict[str, list[Example]] = defaultdict(list)
    for example in context.standalone:
        if example.game == game and context.listed.get(example.id) == links.page:
            sections[section_of(example)].append(example)
    shown_on = {example.id: links.page for members in sections.values() for example in members}
    shown_on.update(context.homes)
    shown_on.update(context.embeds)
    title = context.checks.games[game].title if game in context.checks.games else game
    lines = ["", stash(context.defer(links.page, _table(context, game, title, examples,
                                                       shown_on, links))), ""]
    for section in sorted(sections, key=section_order):
        members = sorted(sections[section], key=lambda e: e.id)
        lines += [f"## {_heading(context, game, section)}", "",
                  stash(context.walkthroughs_html(members, links)), ""]
    return lines


def _heading(context: SiteContext, game: str, section: str) -> str:
    if section == OTHER:
        return "Scenarios about no rule"
    name = context.rules.titles.get(f"{game}:{section}", "")
    # ASCII only, as Markdown sees it: a page with one wider character is slower to copy.
    return f"Section {section}, {escape(name)}" if name and name.isascii() else \
        f"Section {section}"


def _table(context: SiteContext, game: str, title: str, examples: list[Example],
           shown_on: dict[str, str], links: Links) -> str:
    uri = links.page
    verified = sum(1 for e in examples if e.passed)
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
        rows.append(f'<tr><td><a href="{target}">{escape(example.title)}</a>{mark}</td>'
                    f'<td>{about}</td><td><a href="{target}">{escape(_page_name(where, uri))}'
                    f"</a></td></tr>\n")
    for folder, members in sorted(unshown.items()):
        rows.append(_unshown_row(folder, members))
    return (f'<div data-search-exclude>\n<p>Every worked example of the {escape(title)} pages '
            f'and every standalone scenario under <code>scenarios/{escape(game)}/</code>, each '
            f'checked by the rules engine when this site was built: {len(examples)} scenarios, '
            f'{verified} of them hold. The title of a scenario leads to its walkthrough.</p>\n'
            f'<table class="wt-list">\n<thead><tr><th>Scenario</th><th>Illustrates</th>'
            f'<th>Shown on</th></tr></thead>\n<tbody>\n{"".join(rows)}</tbody>\n</table>\n'
            f'</div>')


def _unshown_row(folder: str, members: list[Example]) -> str:
    """One row for the scenarios of a folder that no page shows (past `LIST_BUDGET`); those
    that do not hold by name, since they fail the build."""
    held = sum(1 for e in members if e.passed)
    failed = "".join(f"<li><code>{escape(e.id)}</code> <strong>(does not hold)</strong></li>"
                     for e in members if not e.passed)
    noun = "scenario" if len(members) == 1 else "scenarios"
    return (f'<tr><td>{len(members):,} more {noun} in <code>{escape(folder or ".")}/</code>, '
            f'{held:,} of them hold{f"<ul>{failed}</ul>" if failed else ""}</td><td></td>'
            f'<td>Not shown: too many for one page; see the files</td></tr>\n')


def _page_name(uri: str, here: str) -> str:
    if uri == here:
        return "This page"
    stem = uri.rsplit("/", 1)[-1].removesuffix(".md")
    return stem.replace("-", " ").capitalize()
