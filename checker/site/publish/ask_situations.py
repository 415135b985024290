"""The situations an ask page starts from (`templates/<game>.json` in the browser bundle): every
example of a game that holds (verified, or disputed as its status says), from the pages'
fences and the scenarios folder alike, each with its YAML text, grouped by the part of the
rules it is first about. A group is titled in words: the rules section's title, or, for a
section the rule book gives no title, the title of the page that defines its rules.

A text holding several scenarios is given once, with each of its scenarios' place in it
(`item`); the page takes that one out. Nothing here is checked again: the build's results are
read as they are, and the standalone texts as the build read them.
"""

from __future__ import annotations

from typing import Any

from checker.site.examples.standalone import OTHER, section_of, section_order
from checker.site.gathered.context import SiteContext

OTHER_GROUP = "Other questions"
"""The group of the examples that are about no rule."""


class _Game:
    """One game's situations as they are gathered: the texts, once each, and the entries."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.numbers: dict[str, int] = {}
        self.entries: list[tuple[tuple[int, str], str, dict[str, Any]]] = []

    def add(self, scenario_id: str, title: str, section: str, group: str, text: str,
            item: int | None) -> None:
        number = self.numbers.get(text)
        if number is None:
            number = self.numbers[text] = len(self.texts)
            self.texts.append(text)
        entry: dict[str, Any] = {"id": scenario_id, "title": title, "group": group,
                                 "text": number}
        if item is not None:
            entry["item"] = item
        self.entries.append((section_order(section), scenario_id, entry))

    def document(self) -> dict[str, Any]:
        self.entries.sort(key=lambda entry: entry[:2])
        return {"texts": self.texts, "situations": [entry for _, _, entry in self.entries]}


def situations(context: SiteContext) -> dict[str, dict[str, Any]]:
    """By game, the ask page's situations: `{"texts": [...], "situations": [{"id", "title",
    "group", "text": its index in texts, "item": its place in a list of scenarios}]}`, in
    order of rules section, then id."""
    games = {game: _Game() for game in context.checks.games}
    titles = _group_titles(context)
    for text, checked in context.fences.items():
        several = _is_list(text)
        for place, example in enumerate(checked.examples):
            own = context.examples.own.get(example.id)
            if own is not None and own.location == example.location and \
                    example.game in games and example.passed:
                section = section_of(example)
                games[example.game].add(example.id, example.title, section,
                                        titles(example.game, section), text,
                                        place if several else None)
    whole = context.examples.standalone
    for index, scenario_id in enumerate(whole.ids):
        game = whole.games[index]
        number, place = whole.where[index]
        if game not in games or not whole.passed(index) or number >= len(whole.texts):
            continue
        several = _is_list(whole.texts[number])
        section = whole.sections[index]
        games[game].add(scenario_id, whole.titles[index], section, titles(game, section),
                        whole.texts[number], place if several else None)
    return {game: gathered.document() for game, gathered in games.items()}


def _is_list(text: str) -> bool:
    """Whether a text is a list of scenarios (rather than one): its first line of YAML starts
    one, as `checker new` and the guide write them."""
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            return line.startswith("- ") or line.rstrip() == "-"
    return False


def _group_titles(context: SiteContext) -> Any:
    """A function giving the group title of a game's rules section."""
    pages: dict[tuple[str, str], str] = {}
    for rule in sorted(context.index.items, key=_rule_key):
        game, _, number = rule.partition(":")
        pages.setdefault((game, number.split(".")[0]), context.index.items[rule].page)

    def title(game: str, section: str) -> str:
        if not section or section == OTHER:
            return OTHER_GROUP
        ruleset = context.checks.games.get(game)
        named = ruleset.rulebook.titles.get(section, "") if ruleset is not None else ""
        if named:
            return f"{section} {named}"
        page = pages.get((game, section))
        named = context.index.page_titles.get(page, "") if page is not None else ""
        return named or OTHER_GROUP

    return title


def _rule_key(rule: str) -> tuple[str, list[tuple[int, str]]]:
    game, _, number = rule.partition(":")
    return game, [(int(part), "") if part.isdigit() else (10**9, part)
                  for part in number.split(".")]
