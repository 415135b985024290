"""A game's scenario list, the page text a `[[scenarios:ti4]]` line stands for.

- A table of every scenario of the game, with the rules it illustrates and a link to where
  its walkthrough is shown.
- Then the walkthroughs of the game's standalone scenarios that no page embeds, under a
  heading for the section of the first rule each is about.

Search finds a scenario by its title or narration where its walkthrough is shown, so the
table is kept out of the search index (`data-search-exclude`, and under MkDocs a slot with no
searchable text). It is HTML made here, not Markdown: with thousands of scenarios, Markdown's
inline parsing of every cell would cost more than the rest of the build.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from checker.site.context import SiteContext
from checker.site.results import Example
from checker.site.rulemap import escape
from checker.site.walkthrough import Links

OTHER = "other"
"""The section of scenarios that are about no rule."""


def scenario_list(context: SiteContext, game: str, links: Links,
                  stash: Callable[[str], str]) -> list[str]:
    """The Markdown lines for the list of `game`'s scenarios on the page `links` is for; the
    HTML goes through `stash` (Markdown's own), so Markdown never parses it."""
    examples = sorted((e for e in context.examples.values() if e.game == game),
                      key=lambda e: e.id)
    sections: dict[str, list[Example]] = defaultdict(list)
    for example in context.standalone:
        if example.game == game and example.id not in context.embeds:
            sections[section_of(example)].append(example)
    shown_on = {example.id: links.page for members in sections.values() for example in members}
    shown_on.update(context.homes)
    shown_on.update(context.embeds)
    title = context.checks.games[game].title if game in context.checks.games else game
    lines = ["", stash(context.defer(links.page, _table(context, game, title, examples,
                                                       shown_on, links))), ""]
    for section in sorted(sections, key=_section_order):
        members = sorted(sections[section], key=lambda e: e.id)
        lines += [f"## {_heading(context, game, section)}", "",
                  stash(context.walkthroughs_html(members, links)), ""]
    return lines


def section_of(example: Example) -> str:
    if not example.about:
        return OTHER
    return example.about[0].partition(":")[2].split(".")[0]


def _section_order(section: str) -> tuple[int, str]:
    return (int(section), "") if section.isdigit() else (10**9, section)


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
    for example in examples:
        where = shown_on.get(example.id, uri)
        url = urls.get(where)
        if url is None:
            url = urls[where] = "" if where == uri else context.rules.page_link(where, uri)
        target = escape(f"{url}#{example.id}")
        mark = "" if example.passed else " <strong>(does not hold)</strong>"
        about = ", ".join(links(rule) for rule in example.about)
        rows.append(f'<tr><td><a href="{target}">{escape(example.title)}</a>{mark}</td>'
                    f'<td>{about}</td><td><a href="{target}">{escape(_page_name(where, uri))}'
                    f"</a></td></tr>\n")
    return (f'<div data-search-exclude>\n<p>Every worked example of the {escape(title)} pages '
            f'and every standalone scenario under <code>scenarios/{escape(game)}/</code>, each '
            f'checked by the rules engine when this site was built: {len(examples)} scenarios, '
            f'{verified} of them hold. The title of a scenario leads to its walkthrough.</p>\n'
            f'<table class="wt-list">\n<thead><tr><th>Scenario</th><th>Illustrates</th>'
            f'<th>Shown on</th></tr></thead>\n<tbody>\n{"".join(rows)}</tbody>\n</table>\n'
            f'</div>')


def _page_name(uri: str, here: str) -> str:
    if uri == here:
        return "This page"
    stem = uri.rsplit("/", 1)[-1].removesuffix(".md")
    return stem.replace("-", " ").capitalize()
