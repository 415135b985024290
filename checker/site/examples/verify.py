"""Check the site's scenarios, remembering each text's result between builds.

A result is keyed by the YAML text alone and computed with the text's offsets at zero, then
moved to where the text stands now: editing a line above a fence does not re-run it, editing
the fence or running another engine does. A result keeps what the site shows of each
scenario, its walkthrough drafted once (`walkthrough.draft`), so it can be kept on disk
(`ResultStore`) and a later build neither runs nor renders an unchanged scenario.
"""

from __future__ import annotations

import functools
import hashlib
import platform
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

import yaml

import checker
from checker.engine import RuleViolation, Run
from checker.location import InternalError, Location, Problem, ScenarioError
from checker.parallel import available_cores, ordered_map
from checker.registry import InstalledGame, bind, installed
from checker.rulebook import RuleBook
from checker.site.examples.results import CheckedText, Example, Result
from checker.site.examples.standalone import Standalone, from_files, keep, kept, standalone_key
from checker.site.examples.store import DAMAGED, KeptResult, ResultStore
from checker.sources import ReadError, read_problem, read_text
from checker.yamlsource import Text, load


@functools.cache
def engine_version() -> str:
    """A fingerprint of the checker's code, the YAML library and Python: the results (and
    drafts) of one engine are never served for another."""
    digest = hashlib.sha256(f"{sys.version}|{platform.machine()}|{yaml.__version__}|"
                            f"{getattr(yaml, '__with_libyaml__', False)}".encode())
    package = Path(checker.__file__).parent
    folders = [package] + sorted({game.source for game in installed().games.values()
                                  if game.source is not None
                                  and not game.source.is_relative_to(package)})
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            digest.update(f"{folder.name}/{path.relative_to(folder).as_posix()}".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class ScenarioChecks:
    """The checker the site uses, with its memory of results: in this process, and on disk
    when a store is given."""

    def __init__(self, games: Mapping[str, InstalledGame], store: ResultStore | None = None
                 ) -> None:
        self.installed = games
        """The games, without the rules of any site's pages."""
        self.games = games
        """The games with the rules of the site's pages (`use_rules`)."""
        self._rules = ""
        self.store = store
        self.runs = 0
        """Scenarios actually run through the engine, for tests and logs."""
        self._engine = ""
        self._cache: dict[str, Result | KeptResult] = {}
        self._used: set[str] = set()
        self._changed = False
        self.standalone: Standalone | None = None
        """The last whole of the standalone scenarios (`standalone`), for the next build."""
        self.jobs = available_cores()
        """Processes a build may run scenarios on (`run_missing`)."""

    @property
    def engine(self) -> str:
        """The fingerprint of the checker this build runs (`engine_version`) and of the rules
        its pages define."""
        return self._engine or engine_version() + self._rules

    def use_rules(self, rulebooks: Mapping[str, RuleBook]) -> None:
        """Check scenarios against the rules `rulebooks` hold (the site's pages): a result is
        kept for these rules only, as which rules exist and their titles change results."""
        self.games = bind(self.installed, rulebooks)
        digest = hashlib.sha256()
        for game, book in sorted(rulebooks.items()):
            for ref, title in book.titles.items():
                digest.update(f"{game}:{ref}\x00{title}\x00".encode("utf-8", "surrogatepass"))
        self._rules = "-" + digest.hexdigest()[:16]

    def start_build(self) -> None:
        """Forget the texts the last build did not use, and everything if the engine changed;
        on the first build, start from what the store kept."""
        engine = engine_version() + self._rules
        if engine != self._engine:
            self._engine = engine
            self._cache = dict[str, Result | KeptResult](
                self.store.load(engine) if self.store is not None else {})
        elif self._used:
            self._cache = {key: value for key, value in self._cache.items() if key in self._used}
        self._used = set()
        self._changed = False

    def finish_build(self) -> None:
        """Keep this build's results on disk, when they differ from what is kept there. Called
        again when the build ends, it keeps what rendering ran since: the standalone scenarios
        a page shows, whose kept result was found damaged."""
        if self.store is None:
            return
        if self._changed or set(self._cache) != self._used:
            self._cache = {key: value for key, value in self._cache.items() if key in self._used}
            self.store.save(self._engine, self._cache)
            self._changed = False

    def check(self, text: Text, key: str | None = None) -> CheckedText:
        """The scenarios of `text` checked, or their kept result placed where the text stands
        (`key`: the text's `text_key`, when known)."""
        return self._check(text, text_key(text.text) if key is None else key)

    def kept(self, keys: Iterable[str]) -> bool:
        """Whether the results of the texts keyed `keys` are all at hand; if so, this build
        counts them as used (they are kept for the next)."""
        keys = list(keys)
        if not all(key in self._cache for key in keys):
            return False
        self._used.update(keys)
        return True

    def _check(self, text: Text, key: str) -> CheckedText:
        self._used.add(key)
        result = self._cache.get(key)
        placed = _placed(result, text.path, text.line_offset, text.col_offset, text.text) \
            if result is not None else None
        if placed is None:
            result = self._cache[key] = self._run(text.text)
            self._changed = True
            placed = result.placed(text.path, text.line_offset, text.col_offset, text.text)
        return placed

    def run_missing(self, texts: Iterable[tuple[str, str]]) -> None:
        """Run the texts (each its `text_key` and YAML) whose result is not at hand, on
        `jobs` processes, so that `check` finds them: a first build's work, on every core."""
        missing = {key: text for key, text in texts if key not in self._cache}
        if len(missing) < 2 or self.jobs < 2:
            return
        for key, (result, runs) in zip(missing, ordered_map(run_text, list(missing.values()),
                                                            self.jobs, self.games)):
            self._cache[key] = result
            self.runs += runs
        self._changed = True

    def _run(self, yaml_text: str) -> Result:
        result, runs = run_text(self.games, yaml_text)
        self.runs += runs
        return result


def run_text(games: Mapping[str, InstalledGame], yaml_text: str) -> tuple[Result, int]:
    """A YAML text's result, with the text at line 1, column 1 of no file, and how many
    scenarios it ran."""
    # Imported here: a rebuild from the cache runs nothing, and these import the engine,
    # the scenarios and the drawing (a tenth of the time such a build adds).
    from checker.provenance import rules_text_of
    from checker.runner import check_scenario
    from checker.scenario import build
    from checker.site.walkthroughs.walkthrough import draft, narration, summary

    unplaced = Text("", yaml_text)
    try:
        scenarios = build(load(unplaced), unplaced, games)
    except ScenarioError as error:
        return Result((), tuple(error.problems)), 0
    except Exception as exc:  # noqa: BLE001 - a checker bug is shown in place
        return Result((), (InternalError(unplaced.location((1, 1)), "internal error in "
                                         f"the checker: {type(exc).__name__}: {exc}"),)), 0
    examples, problems = [], list[Problem]()
    for scenario in scenarios:
        verdict = check_scenario(scenario, games)
        notes = narration(scenario)
        try:
            html = draft(scenario, verdict, notes, rules_text_of(games.get(scenario.game)))
        except Exception as exc:  # noqa: BLE001 - a renderer bug is shown in place
            problems.append(InternalError(scenario.location, f"internal error in the "
                                          f"walkthrough: {type(exc).__name__}: {exc}"))
            continue
        examples.append(Example(
            scenario.id, scenario.title, scenario.game, scenario.about, scenario.location,
            len(scenario.steps), verdict.passed, tuple(verdict.failures()), html,
            summary(scenario, notes), "", scenario.disputed, engine_citations(verdict.run,
                                                                verdict.setup_refused),
            _players(scenario.setup), scenario.provenance))
    return Result(tuple(examples), tuple(problems)), len(scenarios)


def _players(setup: object) -> tuple[str, ...]:
    players = setup.get("players") if isinstance(setup, Mapping) else None
    return tuple(str(p) for p in players) if isinstance(players, (list, tuple)) else ()


def engine_citations(run: Run | None, setup_refused: RuleViolation | None = None
                     ) -> tuple[tuple[str, int], ...]:
    """Each rule the engine cited in a run (its events, refusals and the end of the game), in
    the order first cited, with the step (from 1) that first cited it, 0 for the setup; for a
    refused setup, the rule that refused it."""
    if run is None:
        return ((setup_refused.rule, 0),) if setup_refused is not None else ()
    first: dict[str, int] = {}
    if run.ended_at_step == 0 and run.outcome is not None:
        first[run.outcome.rule] = 0
    for number, record in enumerate(run.records, start=1):
        for event in record.events:
            first.setdefault(event.rule, number)
        if record.violation is not None:
            first.setdefault(record.violation.rule, number)
        if record.outcome is not None:
            first.setdefault(record.outcome.rule, number)
    return tuple(first.items())



def _placed(result: Result | KeptResult, path: str, line_offset: int, col_offset: int,
            source: str) -> CheckedText | None:
    """`result.placed`; None for a kept result the store's file damaged (run it again)."""
    try:
        return result.placed(path, line_offset, col_offset, source)
    except DAMAGED:
        return None


def gather_standalone(checks: ScenarioChecks, files: list[tuple[str, str]],
                      first: dict[str, Location]) -> tuple[Standalone, list[Problem]]:
    """The whole of the standalone scenario `files` (each path and its name in problems), and
    a problem for each file that cannot be read. `first` holds where the pages used each id
    (updated). Every file is read, each build: the whole is kept (in `checks` and in its
    store's folder) under a digest of the engine and each file's name and text
    (`standalone_key`), so it is taken from there for exactly those texts, while the ids the
    pages use leave it as it is. (A record of each file's state, to spare reading it, could
    be forged or relabelled to pass another text's result for it.)"""
    store = checks.store
    folder = store.folder if store is not None else None
    entries, texts, problems = [], [], []
    for path, name in files:
        try:
            text = read_text(path)
        except ReadError as exc:
            problems.append(read_problem(name, exc))
            continue
        entries.append((path, name, text_key(text), len(text)))
        texts.append(text)
    key = standalone_key(checks.engine, entries)
    if not problems:
        last = checks.standalone
        whole = last if last is not None and last.key == key else kept(folder, key, entries)
        if whole is not None and not any(i in first for i in (*whole.ids, *whole.dropped)) \
                and checks.kept(digest for _, _, digest, _ in entries):
            whole.use(checks, texts)
            checks.standalone = whole
            return whole, []
    checks.run_missing((digest, text) for (_, _, digest, _), text in zip(entries, texts))
    checked = [checks.check(Text(name, text), digest)
               for (_, name, digest, _), text in zip(entries, texts)]
    pages = set(first)
    whole = from_files(key, entries, checked, first)
    whole.use(checks, texts)
    if not problems and not any(i in pages for i in whole.dropped):
        checks.standalone = whole
        keep(folder, whole)
    return whole, problems
