"""A game's scenario list over pages: which standalone scenarios each page of the list shows
(`listed_on`), where the pages it continues on go, and the problems of the pages' list and
coverage lines. Gathered once a build (`context.collect`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from checker.engine import BoundRuleset
from checker.location import Location, Problem
from checker.site.examples.results import Example
from checker.site.examples.standalone import Standalone, row_size
from checker.site.pages.syntax import PageScan

LIST_BUDGET = 720_000
"""How much walkthrough HTML (drafts and sources, in characters) one page of a game's list
shows of the standalone scenarios no page embeds, so no page grows past about 1 MB whatever
the number of scenarios. The others follow on pages of their own (`Placement.more`) where
the generator lets the checker add pages (the MkDocs plugin); elsewhere they are counted by
folder (`scenario_list`)."""


class ListPage(NamedTuple):
    """A page a game's scenario list continues on: `number` 2, 3, ... of `pages`."""

    game: str
    number: int
    pages: int

    def heading(self, title: str) -> str:
        return f"{title} scenarios, page {self.number} of {self.pages}"


class Listed(NamedTuple):
    """Where a build shows the standalone scenarios no page embeds (`listed_on`)."""

    pages: dict[str, str]
    """Scenario id -> the page of its game's list that shows it."""
    more: dict[str, ListPage]
    """The pages a game's list continues on, by their path in the docs folder."""
    chunks: dict[str, dict[str, list[int]]]
    """By game, then page of its list: the standalone scenarios it shows, by index in the
    whole, in the order it shows them."""


def listed_on(whole: Standalone, own: Mapping[str, Example], embeds: Mapping[str, str],
              lists: Mapping[str, str], paging: bool, pages: set[str]) -> Listed:
    """The standalone scenarios no page embeds, each with the page of its game's list that
    shows it: by section and id, as many on a page as fit in `LIST_BUDGET`; the list page
    first, then (`paging`) pages of their own."""
    used: dict[str, int] = {}  # the list page's table has a row for each shown elsewhere
    for example in own.values():
        used[example.game] = used.get(example.game, 0) + row_size(example)
    for scenario_id in embeds:
        index = whole.index.get(scenario_id)
        if index is not None and scenario_id not in own:
            game = whole.games[index]
            used[game] = used.get(game, 0) + whole.rows[index]
    parts: dict[str, list[list[int]]] = {}
    ids, games, sizes = whole.ids, whole.games, whole.sizes
    for index in whole.listing:
        game = games[index]
        if game not in lists or ids[index] in embeds:
            continue
        chunks = parts.setdefault(game, [[]])
        size = sizes[index]
        if chunks[-1] and used[game] + size > LIST_BUDGET:
            if not paging:
                continue
            chunks.append([])
            used[game] = 0
        chunks[-1].append(index)
        used[game] = used.get(game, 0) + size
    listed: dict[str, str] = {}
    more: dict[str, ListPage] = {}
    shown: dict[str, dict[str, list[int]]] = {}
    for game, chunks in parts.items():
        home = lists[game]
        for number, chunk in enumerate(chunks, 1):
            uri = home if number == 1 else list_page_uri(home, number, pages)
            if number > 1:
                more[uri] = ListPage(game, number, len(chunks))
            shown.setdefault(game, {})[uri] = chunk
            for index in chunk:
                listed[ids[index]] = uri
    return Listed(listed, more, shown)


def list_page_uri(home: str, number: int, pages: set[str]) -> str:
    """Where page `number` of the list on `home` goes: beside it, `ti4/scenarios/page-2.md`
    for `ti4/scenarios.md`, clear of any page the docs folder has."""
    stem = home.removesuffix(".md")
    uri = f"{stem}/page-{number}.md"
    while uri in pages:
        uri = f"{uri.removesuffix('.md')}-{number}.md"
    return uri


def list_pages(lists: Mapping[str, str], more: Mapping[str, ListPage], game: str) -> list[str]:
    """The pages of `game`'s list: its list page (`lists`), then those it continues on."""
    home = lists.get(game)
    if home is None:
        return []
    return [home] + sorted((uri for uri, page in more.items() if page.game == game),
                           key=lambda uri: more[uri].number)


def list_problems(scans: Mapping[str, PageScan], games: Mapping[str, BoundRuleset],
           lists: dict[str, str]) -> list[Problem]:
    """Each game's list page, into `lists`; a problem for a list of no game, or a second list
    of one."""
    problems = []
    first: dict[str, Location] = {}
    for uri, scan in scans.items():
        for listed in scan.lists:
            if listed.target not in games:
                problems.append(Problem(listed.location, f"no game '{listed.target}' (the "
                                        f"games: {', '.join(games)})"))
            elif listed.target in first:
                problems.append(Problem(listed.location, f"the {listed.target} scenarios are "
                                        f"already listed at {first[listed.target]}"))
            else:
                first[listed.target] = listed.location
                lists[listed.target] = uri
    return problems


def coverage_problems(scans: Mapping[str, PageScan], games: Mapping[str, BoundRuleset]
                      ) -> list[Problem]:
    """A problem for each `[[coverage:game]]` line of a game the site does not have."""
    return [Problem(ref.location, f"no game '{ref.target}' (the games: {', '.join(games)})")
            for scan in scans.values() for ref in scan.coverage if ref.target not in games]


def unshown_problems(whole: Standalone, lists: Mapping[str, str], embeds: Mapping[str, str]
                     ) -> list[Problem]:
    """A standalone scenario that no page embeds is shown on its game's list page: a problem
    when there is none."""
    unshown = [index for index, game in enumerate(whole.games) if game not in lists
               and whole.ids[index] not in embeds]
    return [Problem(example.location, f"no page shows scenario '{example.id}': embed it with "
                    f"[[scenario:{example.id}]], or list the {example.game} scenarios on a "
                    f"page with [[scenarios:{example.game}]]")
            for example in whole.examples(sorted(unshown, key=lambda i: whole.where[i]))]
