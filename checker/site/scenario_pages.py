"""The generated pages of each game's scenarios.

- `<game>/scenarios.md` lists every scenario of the game in one table, with the rules it
  illustrates and a link to where its walkthrough is shown.
- `<game>/scenarios/<section>.md` shows the walkthroughs of the standalone scenarios that no
  page embeds, grouped by the section of the first rule each is about.

Search finds a scenario by its title or narration where its walkthrough is shown, so the list
itself stays out of the search index. The table is HTML made here, not Markdown: with
thousands of scenarios, Markdown's inline parsing of every cell would cost more than the rest
of the build.
"""

from __future__ import annotations

from collections import defaultdict

from checker.site.context import SiteContext
from checker.site.results import Example
from checker.site.rulemap import escape, page_url
from checker.site.walkthrough import Links

OTHER = "other"
"""The section of scenarios that are about no rule."""


def scenario_pages(context: SiteContext, game: str, title: str) -> dict[str, str]:
    """Markdown by docs-relative path: the list, then one page per section. The table and
    the walkthroughs are not Markdown: they go to `context.append` for each page."""
    examples = sorted((e for e in context.examples.values() if e.game == game),
                      key=lambda e: e.id)
    sections: dict[str, list[Example]] = defaultdict(list)
    for example in context.standalone:
        if example.game == game and example.id not in context.embeds:
            sections[section_of(example)].append(example)
    shown_on = {example.id: section_page(game, section)
                for section, members in sections.items() for example in members}
    shown_on.update(context.homes)
    shown_on.update(context.embeds)
    pages = {list_page(game): _list(context, game, title, examples, shown_on)}
    for section, members in sections.items():
        pages[section_page(game, section)] = _section(context, game, title, section, members)
    return pages


def list_page(game: str) -> str:
    return f"{game}/scenarios.md"


def section_page(game: str, section: str) -> str:
    return f"{game}/scenarios/{section}.md"


def section_of(example: Example) -> str:
    if not example.about:
        return OTHER
    return example.about[0].partition(":")[2].split(".")[0]


def _list(context: SiteContext, game: str, title: str, examples: list[Example],
          shown_on: dict[str, str]) -> str:
    uri = list_page(game)
    links = Links(context.rules, uri)
    verified = sum(1 for e in examples if e.passed)
    rows = []
    urls: dict[str, str] = {}  # a few pages show thousands of scenarios
    for example in examples:
        where = shown_on.get(example.id, uri)
        url = urls.get(where)
        if url is None:
            url = urls[where] = page_url(where, uri, context.rules.use_directory_urls)
        target = escape(f"{url}#{example.id}")
        mark = "" if example.passed else " <strong>(does not hold)</strong>"
        about = ", ".join(links(rule) for rule in example.about)
        rows.append(f'<tr><td><a href="{target}">{escape(example.title)}</a>{mark}</td>'
                    f'<td>{about}</td><td><a href="{target}">{escape(_page_name(where))}</a>'
                    f"</td></tr>\n")
    table = ('<table class="wt-list">\n<thead><tr><th>Scenario</th><th>Illustrates</th>'
             f'<th>Shown on</th></tr></thead>\n<tbody>\n{"".join(rows)}</tbody>\n</table>')
    lines = ["---", "search:", "  exclude: true", "---", "", f"# All {title} scenarios", "",
             (f"Every worked example of the {title} pages and every standalone scenario under "
              f"`scenarios/{game}/`, each checked by the rules engine when this site was built: "
              f"{len(examples)} scenarios, {verified} of them hold. The title of a scenario "
              f"leads to its walkthrough."), ""]
    context.append(uri, table)  # not Markdown; and the page is kept out of search
    return "\n".join(lines)


def _section(context: SiteContext, game: str, title: str, section: str,
             members: list[Example]) -> str:
    name = context.rules.titles.get(f"{game}:{section}", "")
    heading = f"section {section}, {name}" if name else (
        "about no rule" if section == OTHER else f"section {section}")
    lines = [f"# {title} scenarios: {heading}",
             "", (f"The standalone scenarios about this section that no rules page shows. "
                  f"[[{game}:{section}]] has the rules; [all {title} scenarios]"
                  f"(../scenarios.md) lists every scenario.")
             if name else f"[All {title} scenarios](../scenarios.md) lists every scenario.", ""]
    uri = section_page(game, section)
    context.append(uri, context.walkthroughs_html(uri, sorted(members, key=lambda e: e.id)))
    return "\n".join(lines)


def _page_name(uri: str) -> str:
    if "/scenarios/" in uri:
        return f"Scenarios, section {uri.rsplit('/', 1)[-1].removesuffix('.md')}"
    stem = uri.rsplit("/", 1)[-1].removesuffix(".md")
    return stem.replace("-", " ").capitalize()
