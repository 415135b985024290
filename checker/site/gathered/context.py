"""What the whole site knows before any page is rendered: where every rule is, every
scenario checked, and every problem found. Built without MkDocs, so the Markdown extension
also works on its own."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import NamedTuple

from checker.ids import first_uses
from checker.location import Location, Problem
from checker.rule_pages import game_folders, game_of, pages_by_game, rulebook
from checker.site.examples.engine_rules import undefined_citations
from checker.site.examples.results import CheckedText, Example
from checker.site.examples.standalone import Examples, Standalone, empty, verified
from checker.site.examples.verify import ScenarioChecks, gather_standalone
from checker.site.gathered.cited_by import RuleUses, rule_uses
from checker.site.gathered.lists import (
    ListPage,
    coverage_problems,
    list_problems,
    listed_on,
    unshown_problems,
)
from checker.site.pages.glossary import Glossary, read_glossaries
from checker.site.pages.rule_index import RuleIndex, index_rules
from checker.site.pages.rulemap import RuleMap, build_map, unresolved
from checker.site.pages.syntax import PageScan, malformed_problem, scan_page
from checker.sources import YAML_SUFFIXES, OnError, texts_in_file, walk


class Page(NamedTuple):
    """A Markdown page: `uri` inside the docs folder, `path` as problems show it."""

    uri: str
    path: str
    content: str


class SiteContext:
    """What the pages of one build share (`collect` fills it, and nothing changes it after):
    the checked scenarios, the rules and what cites them, and where each walkthrough is
    shown. What rendering the pages writes as it goes is `render.rendering.Rendering`'s."""

    checks: ScenarioChecks
    rules: RuleMap
    fences: dict[str, CheckedText]
    """Every page's scenario fences, by their YAML text."""
    own: dict[str, Example]
    """The scenarios of the pages' fences, by id."""
    standalone: Standalone
    """The scenarios of the scenarios folder (those no other scenario had the id of)."""
    examples: Examples
    """Every checked scenario by id: fences (`own`), then standalone files."""
    homes: dict[str, str]
    """Scenario id -> the page whose fence holds it (standalone scenarios have none)."""
    embeds: dict[str, str]
    """Scenario id -> the first page that embeds it by `[[scenario:id]]`."""
    lists: dict[str, str]
    """Game -> the page that lists its scenarios by `[[scenarios:game]]`."""
    paging: bool
    """Whether the generator adds the pages a long list continues on (`more`): the MkDocs
    plugin does; a generator that runs only the Markdown extension cannot."""
    listed: dict[str, str]
    """Scenario id -> the page of its game's list that shows it, for the standalone scenarios
    no page embeds: the list page, then (`paging`) the pages the list continues on, each
    within `LIST_BUDGET`. Without paging the others have no walkthrough on the site."""
    more: dict[str, ListPage]
    """The pages a game's list continues on, by their path in the docs folder (pages no one
    wrote: the plugin adds them)."""
    problems: list[Problem]
    index: RuleIndex
    """What the pages say of each rule: its text, and the references to it."""
    uses: RuleUses
    """What cites each rule: examples and references."""
    folders: dict[str, str]
    """Each game's folder inside the docs folder (`checker.rule_pages.game_folders`)."""
    glossaries: dict[str, Glossary]
    """Each game's glossary (`<game>/glossary.md`), by game."""
    chunks: dict[str, dict[str, list[int]]]
    """By game, then page of its list: the standalone scenarios it shows (`listed`), by
    index in `standalone`, in the order it shows them."""

    def __init__(self, checks: ScenarioChecks, paging: bool = False) -> None:
        self.checks = checks
        self.rules = RuleMap()
        self.fences = {}
        self.own = {}
        self.standalone = empty()
        self.homes = {}
        self.embeds = {}
        self.lists = {}
        self.paging = paging
        self.listed = {}
        self.more = {}
        self.problems = []
        self.index = RuleIndex()
        self.uses = RuleUses()
        self.glossaries = {}
        self.folders = {}
        self.chunks = {}
        self.examples = Examples(self.own, self.standalone)

    def counts(self, game: str) -> tuple[int, int, int]:
        """How many scenarios of `game` there are, hold, and are verified."""
        own = [e for e in self.own.values() if e.game == game]
        total, passed, good = self.standalone.counts.get(game, (0, 0, 0))
        return (total + len(own), passed + sum(e.passed for e in own),
                good + sum(map(verified, own)))

    def game_title(self, game: str) -> str:
        """A game's name as its ruleset gives it (the id of a game the checker lacks)."""
        ruleset = self.checks.games.get(game)
        return ruleset.title if ruleset is not None else game


def scenario_files(folder: Path | None, onerror: OnError) -> list[str]:
    if folder is None or not folder.is_dir():
        return []
    return [path for path in walk(str(folder), onerror) if path.endswith(YAML_SUFFIXES)]


def display(path: Path | str, root: Path | None) -> str:
    """How a file is named in problems: relative to the project when it is inside it."""
    if root is None:
        return str(path)
    absolute, inside = os.path.abspath(path), os.path.join(root, "")
    if not absolute.startswith(inside):
        return str(path)
    return absolute[len(inside):].replace(os.sep, "/")


def collect(pages: Iterable[Page], scenarios: Path | None, checks: ScenarioChecks,
            root: Path | None = None, into: SiteContext | None = None,
            problems: Iterable[Problem] = (), paging: bool = False,
            configured: Mapping[str, str] | None = None) -> SiteContext:
    """Scan every page, check every scenario (the pages' fences and the files of the
    `scenarios` folder), map every rule, and gather every problem (`problems` to start with):
    what the build reports, before a single page is rendered. With `paging`, the caller adds
    the pages long lists continue on (`SiteContext.more`). `into` is refilled in place, for
    a holder that already has it. `configured` names the site's games and the folder of each,
    when its configuration does (else every installed game, each in a folder of its name)."""
    pages = list(pages)
    folders = game_folders(checks.installed, configured)
    grouped = pages_by_game(((page.uri, page.path, page.content) for page in pages), folders)
    checks.use_rules({game: rulebook(game, grouped[game]) for game in folders})
    checks.start_build()
    root = Path(os.path.abspath(root)) if root is not None else None
    context = SiteContext(checks, paging=paging)
    if into is not None:
        into.__dict__.update(context.__dict__)
        context = into
    context.folders = folders
    context.problems += problems
    scans, sources, paths, loaded = _read_pages(pages, checks, context)
    files = _scenario_files_named(scenarios, root, context.problems)
    seen = _keep_own(loaded, context)
    context.standalone, unread = gather_standalone(checks, files, seen)
    context.examples = Examples(context.own, context.standalone)
    context.problems += unread + context.standalone.problems
    checks.finish_build()
    for uri, scan in scans.items():
        for embed in scan.embeds:
            context.embeds.setdefault(embed.target, uri)
    context.problems += list_problems(scans, checks.games, context.lists)
    context.problems += coverage_problems(scans, checks.games)
    context.problems += unshown_problems(context.standalone, context.lists, context.embeds)
    context.listed, context.more, context.chunks = listed_on(
        context.standalone, context.own, context.embeds, context.lists, context.paging,
        set(scans))
    rulebooks = [ruleset.rulebook for ruleset in checks.games.values()]
    context.rules, problems = build_map(scans, folders, rulebooks)
    context.rules.files = frozenset(context.more)
    context.problems += problems
    context.problems += unresolved(scans, context.rules)
    context.glossaries, problems = read_glossaries(sources, paths, folders)
    context.problems += problems
    context.index = index_rules(sources, scans, folders)
    context.uses = rule_uses(context.own.values(), walkthrough_pages(context),
                             context.lists, context.index, context.standalone)
    context.problems += _unknown_embeds(scans, context.examples)
    context.problems += [malformed_problem(reference) for scan in scans.values()
                         for reference in scan.malformed]
    used = _used_games(configured, folders, scans, context)
    context.problems += undefined_citations({game: checks.games[game] for game in sorted(used)
                                             if game in checks.games}, context.rules, root,
                                            checks.store.folder if checks.store else None)
    context.problems.sort(key=lambda p: (p.location.path, p.location.line, p.location.col))
    return context


def _read_pages(pages: Iterable[Page], checks: ScenarioChecks, context: SiteContext
                ) -> tuple[dict[str, PageScan], dict[str, str], dict[str, str],
                           list[tuple[CheckedText, str]]]:
    """Each page's scan, text and name in problems, and its fences checked (with the page
    holding each); a fence nothing closes is a problem of the context."""
    scans: dict[str, PageScan] = {}
    sources: dict[str, str] = {}
    paths: dict[str, str] = {}
    loaded: list[tuple[CheckedText, str]] = []
    for page in pages:
        scans[page.uri] = scan_page(page.path, page.content)
        sources[page.uri] = page.content
        paths[page.uri] = page.path
        texts, unclosed = texts_in_file(page.path, page.content)
        context.problems += unclosed
        for text in texts:
            checked = context.fences[text.text] = checks.check(text)
            loaded.append((checked, page.uri))
    return scans, sources, paths, loaded


def _scenario_files_named(scenarios: Path | None, root: Path | None, problems: list[Problem]
                          ) -> list[tuple[str, str]]:
    """The scenario files of the `scenarios` folder, each with its name in problems; a folder
    that cannot be listed is a problem."""
    def unlisted(folder: str, reason: str) -> None:
        problems.append(Problem(Location(display(folder, root), 1, 1), reason))

    folder = str(scenarios) if scenarios is not None else ""
    shown = display(folder, root) if folder else ""
    files = []
    for path in scenario_files(scenarios, unlisted):
        # Named as `display` names them, without normalising thousands of paths one by one.
        inside = path.startswith(folder + os.sep) and ".." not in path
        files.append((path, shown + path[len(folder):].replace(os.sep, "/") if inside
                      else display(path, root)))
    return files


def _keep_own(loaded: list[tuple[CheckedText, str]], context: SiteContext
              ) -> dict[str, Location]:
    """The pages' own scenarios into the context, each id's first use kept; where each id
    was first used, for the standalone files after them."""
    seen: dict[str, Location] = {}
    for checked, home in loaded:
        context.problems += checked.problems
        kept, duplicates = first_uses(checked.examples, seen)
        context.problems += duplicates
        for example in kept:
            context.own[example.id] = example
            context.problems += example.failures
            context.homes[example.id] = home
    return seen


def _used_games(configured: Mapping[str, str] | None, folders: Mapping[str, str],
                scans: Mapping[str, PageScan], context: SiteContext) -> set[str]:
    """The games the site uses: those its configuration names, else those with a page in
    their folder; and those its scenarios name."""
    named = set(configured or {game for game in folders
                               if any(game_of(uri, folders) == game for uri in scans)})
    return named | {example.game for example in context.own.values()} | \
        set(context.standalone.games)


def rules_digest(context: SiteContext) -> str:
    """A digest of what the site says of its rules, for what is kept between builds (the
    list's pages, rules.json): the checker's code, where each rule is, its title and text,
    the pages' titles, and how pages link each other."""
    rules, index = context.rules, context.index
    digest = hashlib.sha256(f"{context.checks.engine}\n{rules.use_directory_urls}"
                            f"{rules.source_links}\n".encode())
    for rule, anchor in sorted(rules.anchors.items()):
        digest.update(f"{rule}\x00{anchor.page}\x00".encode())
    for rule, title in sorted(rules.titles.items()):
        digest.update(f"{rule}\x00{title}\x00".encode("utf-8", "surrogatepass"))
    for rule, item in sorted(index.items.items()):
        digest.update(f"{rule}\x00{item.page}\x00{item.text}\x00".encode("utf-8",
                                                                          "surrogatepass"))
    for page, title in sorted(index.page_titles.items()):
        digest.update(f"{page}\x00{title}\x00".encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def walkthrough_pages(context: SiteContext) -> dict[str, str]:
    """By scenario id: the page that shows its walkthrough (the first page that embeds it, the
    page whose fence holds it, or its game's list page, within its budget)."""
    shown_on = dict(context.listed)
    shown_on.update(context.homes)
    shown_on.update(context.embeds)
    return shown_on


def _unknown_embeds(scans: Mapping[str, PageScan], examples: Mapping[str, Example]) -> list[Problem]:
    return [Problem(embed.location, f"no scenario with the id '{embed.target}'")
            for scan in scans.values() for embed in scan.embeds if embed.target not in examples]


