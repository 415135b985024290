"""Where a build shows each checked scenario's walkthrough: the page whose fence holds it,
the first page that embeds it, or a page of its game's list. Gathered once a build
(`context.collect`) and read-only after."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from checker.rule_pages import game_of
from checker.site.gathered.lists import ListPage


@dataclass(frozen=True)
class Placement:
    """Where each walkthrough of a build is shown."""

    homes: Mapping[str, str]
    """Scenario id -> the page whose fence holds it (standalone scenarios have none)."""
    embeds: Mapping[str, str]
    """Scenario id -> the first page that embeds it by `[[scenario:id]]`."""
    lists: Mapping[str, str]
    """Game -> the page that lists its scenarios by `[[scenarios:game]]`."""
    paging: bool
    """Whether the generator adds the pages a long list continues on (`more`): the MkDocs
    plugin does; a generator that runs only the Markdown extension cannot."""
    listed: Mapping[str, str]
    """Scenario id -> the page of its game's list that shows it, for the standalone scenarios
    no page embeds: the list page, then (`paging`) the pages the list continues on, each
    within `LIST_BUDGET`. Without paging the others have no walkthrough on the site."""
    more: Mapping[str, ListPage]
    """The pages a game's list continues on, by their path in the docs folder (pages no one
    wrote: the plugin adds them)."""
    chunks: Mapping[str, Mapping[str, list[int]]]
    """By game, then page of its list: the standalone scenarios it shows (`listed`), by
    index in the whole, in the order it shows them."""

    def walkthrough_pages(self) -> dict[str, str]:
        """By scenario id: the page that shows its walkthrough (the first page that embeds
        it, the page whose fence holds it, or its game's list page, within its budget)."""
        shown_on = dict(self.listed)
        shown_on.update(self.homes)
        shown_on.update(self.embeds)
        return shown_on



def folds_examples(page: str, placement: Placement, folders: Mapping[str, str]) -> bool:
    """Whether `page` (its path in the docs folder) is a rules page, whose examples fold to one
    line each: a page of a game's folder but its game's scenario list and the pages that list
    continues on."""
    return (page not in placement.lists.values() and page not in placement.more
            and bool(game_of(page, folders)))
