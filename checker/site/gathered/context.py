"""What the whole site knows before any page is rendered: where every rule is, every
scenario checked, and every problem found. Built without MkDocs, so the Markdown extension
also works on its own."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from checker.ids import first_uses
from checker.location import Location, Problem
from checker.provenance import rules_text_of
from checker.rule_pages import game_folders, game_of, pages_by_game, rulebook
from checker.site.examples.engine_rules import undefined_citations
from checker.site.examples.results import CheckedText, Example
from checker.site.examples.standalone import Examples, Standalone, verified
from checker.site.examples.verify import ScenarioChecks, gather_standalone, text_key
from checker.site.gathered.cited_by import RuleUses, rule_uses
from checker.site.gathered.lists import (
    coverage_problems,
    list_problems,
    listed_on,
    unshown_problems,
)
from checker.site.gathered.placement import Placement
from checker.site.pages.glossary import Glossary, read_glossaries
from checker.site.pages.rule_index import RuleIndex, index_rules
from checker.site.pages.rulemap import RuleMap, build_map, unresolved
from checker.site.pages.syntax import PageScan, malformed_problem, scan_page
from checker.sources import YAML_SUFFIXES, OnError, texts_in_file, walk
from checker.yamlsource import Text


class Page(NamedTuple):
    """A Markdown page: `uri` inside the docs folder, `path` as problems show it."""

    uri: str
    path: str
    content: str


@dataclass(frozen=True)
class SiteContext:
    """What the pages of one build share, made once by `collect` and read-only after: the
    checked scenarios, where each is shown, the rules and what cites them, and every problem.
    What rendering the pages writes as it goes is `render.rendering.Rendering`'s."""

    checks: ScenarioChecks
    examples: Examples
    """Every checked scenario by id: the pages' fences (`examples.own`), then the files of
    the scenarios folder (`examples.standalone`: those no other scenario had the id of)."""
    fences: Mapping[str, CheckedText]
    """Every page's scenario fences, by their YAML text."""
    placement: Placement
    """Where each walkthrough is shown."""
    rules: RuleMap
    index: RuleIndex
    """What the pages say of each rule: its text, and the references to it."""
    uses: RuleUses
    """What cites each rule: examples and references."""
    folders: Mapping[str, str]
    """Each game's folder inside the docs folder (`checker.rule_pages.game_folders`)."""
    glossaries: Mapping[str, Glossary]
    """Each game's glossary (`<game>/glossary.md`), by game."""
    problems: tuple[Problem, ...]
    """Every problem the build reports, by file, line and column."""

    def counts(self, game: str) -> tuple[int, int, int]:
        """How many scenarios of `game` there are, hold, and are verified."""
        own = [e for e in self.examples.own.values() if e.game == game]
        total, passed, good = self.examples.standalone.counts.get(game, (0, 0, 0))
        return (total + len(own), passed + sum(e.passed for e in own),
                good + sum(map(verified, own)))

    def game_title(self, game: str) -> str:
        """A game's name as its ruleset gives it (the id of a game the checker lacks)."""
        ruleset = self.checks.games.get(game)
        return ruleset.title if ruleset is not None else game

    def rules_text(self, game: str) -> str:
        """What a game calls its own rules text (`GameInfo.rules_text`), for the sources."""
        return rules_text_of(self.checks.games.get(game))


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
            root: Path | None = None, problems: Iterable[Problem] = (), paging: bool = False,
            configured: Mapping[str, str] | None = None, use_directory_urls: bool = True,
            source_links: bool = False) -> SiteContext:
    """Scan every page, check every scenario (the pages' fences and the files of the
    `scenarios` folder), map every rule, and gather every problem (`problems` to start with):
    what the build reports, before a single page is rendered. With `paging`, the caller adds
    the pages long lists continue on (`Placement.more`). `configured` names the site's games
    and the folder of each, when its configuration does (else every installed game, each in
    a folder of its name); `use_directory_urls` and `source_links` say how pages link each
    other (`RuleMap`)."""
    pages = list(pages)
    folders = game_folders(checks.installed, configured)
    grouped = pages_by_game(((page.uri, page.path, page.content) for page in pages), folders)
    checks.use_rules({game: rulebook(game, grouped[game]) for game in folders})
    checks.start_build()
    root = Path(os.path.abspath(root)) if root is not None else None
    found = list(problems)
    scans, sources, paths, loaded, fences = _read_pages(pages, checks, found)
    files = _scenario_files_named(scenarios, root, found)
    own, homes, seen = _keep_own(loaded, found)
    standalone, unread = gather_standalone(checks, files, seen)
    examples = Examples(own, standalone)
    found += unread + standalone.problems
    checks.finish_build()
    placement = _placement(scans, checks, standalone, own, homes, paging, found)
    rulebooks = [ruleset.rulebook for ruleset in checks.games.values()]
    rules, mapped = build_map(scans, folders, rulebooks, RuleMap(
        use_directory_urls, source_links, files=frozenset(placement.more)))
    found += mapped + unresolved(scans, rules)
    glossaries, unglossed = read_glossaries(sources, paths, folders)
    found += unglossed
    index = index_rules(sources, scans, folders)
    uses = rule_uses(own.values(), placement.walkthrough_pages(), placement.lists, index,
                     standalone)
    found += _unknown_embeds(scans, examples)
    found += [malformed_problem(reference) for scan in scans.values()
              for reference in scan.malformed]
    used = _used_games(configured, folders, scans, examples)
    found += undefined_citations({game: checks.games[game] for game in sorted(used)
                                  if game in checks.games}, rules, root,
                                 checks.store.folder if checks.store else None)
    found.sort(key=lambda p: (p.location.path, p.location.line, p.location.col))
    return SiteContext(checks, examples, fences, placement, rules, index, uses, folders,
                       glossaries, tuple(found))


def _placement(scans: Mapping[str, PageScan], checks: ScenarioChecks, standalone: Standalone,
               own: Mapping[str, Example], homes: Mapping[str, str], paging: bool,
               problems: list[Problem]) -> Placement:
    """Where each walkthrough is shown; the problems of the pages' embeds and lists into
    `problems`."""
    embeds: dict[str, str] = {}
    for uri, scan in scans.items():
        for embed in scan.embeds:
            embeds.setdefault(embed.target, uri)
    lists: dict[str, str] = {}
    problems += list_problems(scans, checks.games, lists)
    problems += coverage_problems(scans, checks.games)
    problems += unshown_problems(standalone, lists, embeds)
    listed, more, chunks = listed_on(standalone, own, embeds, lists, paging, set(scans))
    return Placement(homes, embeds, lists, paging, listed, more, chunks)


def _read_pages(pages: Iterable[Page], checks: ScenarioChecks, problems: list[Problem]
                ) -> tuple[dict[str, PageScan], dict[str, str], dict[str, str],
                           list[tuple[CheckedText, str]], dict[str, CheckedText]]:
    """Each page's scan, text and name in problems, its fences checked (with the page
    holding each), and the checked fences by their text; a fence nothing closes is a problem
    into `problems`."""
    scans: dict[str, PageScan] = {}
    sources: dict[str, str] = {}
    paths: dict[str, str] = {}
    loaded: list[tuple[CheckedText, str]] = []
    fences: dict[str, CheckedText] = {}
    found: list[tuple[Text, str]] = []
    for page in pages:
        scans[page.uri] = scan_page(page.path, page.content)
        sources[page.uri] = page.content
        paths[page.uri] = page.path
        texts, unclosed = texts_in_file(page.path, page.content)
        problems += unclosed
        found += ((text, page.uri) for text in texts)
    keys = [text_key(text.text) for text, _ in found]
    checks.run_missing(zip(keys, (text.text for text, _ in found)))
    for (text, uri), key in zip(found, keys):
        checked = fences[text.text] = checks.check(text, key)
        loaded.append((checked, uri))
    return scans, sources, paths, loaded, fences


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


def _keep_own(loaded: list[tuple[CheckedText, str]], problems: list[Problem]
              ) -> tuple[dict[str, Example], dict[str, str], dict[str, Location]]:
    """The pages' own scenarios by id, each id's first use kept, and the page holding each;
    where each id was first used, for the standalone files after them. Their problems into
    `problems`."""
    own: dict[str, Example] = {}
    homes: dict[str, str] = {}
    seen: dict[str, Location] = {}
    for checked, home in loaded:
        problems += checked.problems
        kept, duplicates = first_uses(checked.examples, seen)
        problems += duplicates
        for example in kept:
            own[example.id] = example
            problems += example.failures
            homes[example.id] = home
    return own, homes, seen


def _used_games(configured: Mapping[str, str] | None, folders: Mapping[str, str],
                scans: Mapping[str, PageScan], examples: Examples) -> set[str]:
    """The games the site uses: those its configuration names, else those with a page in
    their folder; and those its scenarios name."""
    named = set(configured or {game for game in folders
                               if any(game_of(uri, folders) == game for uri in scans)})
    return named | {example.game for example in examples.own.values()} | \
        set(examples.standalone.games)


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


def _unknown_embeds(scans: Mapping[str, PageScan], examples: Mapping[str, Example]) -> list[Problem]:
    return [Problem(embed.location, f"no scenario with the id '{embed.target}'")
            for scan in scans.values() for embed in scan.embeds if embed.target not in examples]


