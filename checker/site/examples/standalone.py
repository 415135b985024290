"""The scenarios folder's checked scenarios as one whole (`Standalone`): what the site needs of
all of them at once, kept between builds, so that a rebuild whose scenario files did not
change makes no object for each of thousands of scenarios.

The site lists, counts and cites every standalone scenario, but shows the walkthroughs of only
some on the pages it renders. So a build needs of each scenario only a few numbers (its game,
its section, its size on a list page, its verdict) and what it cites; those are kept in
columns, by the scenario's place in the order of ids. A scenario itself (`Example`) is made
from the result store when a page shows it (`Standalone.example`).

The whole is kept under a digest of the engine and each file's name and text
(`standalone_key`), in memory and in the result cache (`standalone-<digest>.json`, with a
digest of its own content); a build that reads the same names and texts takes it from there
(`kept`), and places only the results its pages show. Any other build checks the files one
by one and makes the whole again (`from_files`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from checker.files import read_regular
from checker.ids import first_uses
from checker.location import Location, Problem
from checker.site.examples.results import CheckedText, Example
from checker.site.writing import replace_file
from checker.yamlsource import Text


class TextChecker(Protocol):
    """What makes a standalone file's examples again when a page first shows one
    (`checker.site.examples.verify.ScenarioChecks`): from the result it keeps of the text,
    or by checking it."""

    def check(self, text: Text, key: str | None = None) -> CheckedText: ...

FORMAT = 3
PREFIX = "standalone-"
"""The kept file's name, before the digest."""
OTHER = "other"
"""The section of scenarios that are about no rule (as `context.section_of` says)."""

FileEntry = tuple[str, str, str, int]
"""A scenario file: its path, its name in problems, the key of its text and the text's
length in characters."""


def section_of(example: Example) -> str:
    """The rules section a standalone scenario is listed under: its first `about:` rule's."""
    if not example.about:
        return OTHER
    return example.about[0].partition(":")[2].split(".")[0]


def section_order(section: str) -> tuple[int, str]:
    return (int(section), "") if section.isdigit() else (10**9, section)


def row_size(example: Example) -> int:
    """About what a scenario's row in a list's table takes."""
    return 250 + len(example.title) + 200 * len(example.about)


def verified(example: Example) -> bool:
    """Checked by the engine and agreeing with it: what coverage counts."""
    return example.passed and not example.disputed


def standalone_key(engine: str, files: Sequence[FileEntry]) -> str:
    """The digest a whole is kept under: the engine, and each file's name and text, in the
    order they are found (a file's path follows from its name: the same folder)."""
    digest = hashlib.sha256(f"{FORMAT}\n{engine}\n".encode())
    digest.update("".join(f"{name}\x00{key}\n" for _, name, key, _ in files).encode(
        "utf-8", "surrogatepass"))
    return digest.hexdigest()


class Standalone:
    """The standalone scenarios kept for a site (each id's first use), in the order of their
    ids: by index, the columns below; by rule, the indexes of those that cite it."""

    def __init__(self, key: str, files: list[FileEntry], data: dict[str, Any]) -> None:
        self.key = key
        self.files = files
        self.ids: list[str] = data["ids"]
        self.where: list[list[int]] = data["where"]
        """By index: the file (its index in `files`) and the place in it."""
        self.games: list[str] = data["games"]
        self.flags: list[int] = data["flags"]
        """By index: 1 when it holds, 2 when disputed (`status: disputed`), or both."""
        self.rows: list[int] = data["rows"]
        """By index: what its row in a list's table takes (`row_size`)."""
        self.sizes: list[int] = data["sizes"]
        """By index: what it takes on a list page: its walkthrough, source and row."""
        self.sections: list[str] = data["sections"]
        self.listing: list[int] = data["listing"]
        """The indexes in the order a game's list shows them: by game, section and id."""
        self.illustrated: dict[str, list[int]] = data["illustrated"]
        """By rule: the indexes of those whose `about:` names it."""
        self.decided: dict[str, list[list[int]]] = data["decided"]
        """By rule: the indexes of those whose run cites it, and the first step that did (two
        lists of the same length)."""
        self.titles: list[str] = data["titles"]
        self.counts: dict[str, list[int]] = data["counts"]
        """By game: how many there are, hold, and are verified."""
        self.rule_counts: dict[str, list[int]] = data["rule_counts"]
        """By rule: how many verified examples illustrate it, how many the engine decided by
        it, and how many do both."""
        self.dropped: list[str] = data["dropped"]
        """The ids of the later copies of an id, left out."""
        self.problems: list[Problem] = [Problem(Location(path, line, col), message)
                                        for path, line, col, message in data["problems"]]
        self.index = {scenario_id: index for index, scenario_id in enumerate(self.ids)}
        self.checks: TextChecker | None = None
        self.texts: list[str] = []
        """By file (as `files`): its text, as this build read it (`use`)."""
        self._made: dict[int, Example] = {}
        self._placed: dict[int, CheckedText] = {}

    def __len__(self) -> int:
        return len(self.ids)

    def use(self, checks: TextChecker, texts: list[str]) -> None:
        """Make scenarios with `checks`, from `texts`, the files' texts this build read."""
        self.checks, self.texts = checks, texts

    def example(self, index: int) -> Example:
        """The scenario at `index`, made from the result store the first time it is asked."""
        made = self._made.get(index)
        if made is not None:
            return made
        number, position = self.where[index]
        checked = self._placed.get(number)
        if checked is None:
            _, name, key, _ = self.files[number]
            assert self.checks is not None, "a whole made by `kept` is given its checks (`use`)"
            checked = self._placed[number] = self.checks.check(Text(name, self.texts[number]),
                                                               key)
        found = checked.examples[position] if position < len(checked.examples) else None
        if found is None or found.id != self.ids[index]:
            # Not where the whole says: a whole forged with its digest (see `kept`).
            found = next((e for e in checked.examples if e.id == self.ids[index]), None) or \
                _unmatched(self.ids[index], self.games[index], self.files[number][1])
        self._made[index] = found
        return found

    def examples(self, indexes: Sequence[int] | None = None) -> Iterator[Example]:
        for index in range(len(self.ids)) if indexes is None else indexes:
            yield self.example(index)

    def passed(self, index: int) -> bool:
        return bool(self.flags[index] & 1)

    def disputed(self, index: int) -> bool:
        return bool(self.flags[index] & 2)

    def dumps(self) -> bytes:
        """The whole as the cache keeps it: a line with its format, key and the digest of both
        the key and the rest (`_digest`), then the rest."""
        body = json.dumps({
            "ids": self.ids, "titles": self.titles, "where": self.where, "games": self.games,
            "flags": self.flags, "rows": self.rows, "sizes": self.sizes,
            "sections": self.sections, "listing": self.listing,
            "illustrated": self.illustrated, "decided": self.decided, "counts": self.counts,
            "rule_counts": self.rule_counts,
            "dropped": self.dropped,
            "problems": [[p.location.path, p.location.line, p.location.col, p.message]
                         for p in self.problems]},
            ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")
        head = json.dumps({"format": FORMAT, "key": self.key, "digest": _digest(self.key, body)})
        return head.encode() + b"\n" + body


def empty() -> Standalone:
    """No standalone scenario at all."""
    columns = ("ids", "titles", "where", "games", "flags", "rows", "sizes", "sections",
               "listing", "dropped", "problems")
    return Standalone("", [], {**{name: [] for name in columns}, **{
        name: {} for name in ("illustrated", "decided", "counts", "rule_counts")}})


def from_files(key: str, files: list[FileEntry], checked: list[CheckedText],
               first: dict[str, Location]) -> Standalone:
    """The whole made from each file's checked text (`files[i]` gave `checked[i]`): each id's
    first use, `first` holding the ids the pages used already (updated, as `first_uses`
    does)."""
    kept: list[tuple[Example, int, int]] = []
    problems: list[Problem] = []
    dropped: list[str] = []
    for number, result in enumerate(checked):
        problems += result.problems
        examples, duplicates = first_uses(result.examples, first)
        problems += duplicates
        firsts = {id(e) for e in examples}
        dropped += [e.id for e in result.examples if id(e) not in firsts]
        positions = {id(e): position for position, e in enumerate(result.examples)}
        for example in examples:
            problems += example.failures
            kept.append((example, number, positions[id(example)]))
    kept.sort(key=lambda item: item[0].id)
    examples = [example for example, _, _ in kept]
    sections = [section_of(e) for e in examples]
    illustrated: dict[str, list[int]] = {}
    decided: dict[str, list[list[int]]] = {}
    counts: dict[str, list[int]] = {}
    rule_counts: dict[str, list[int]] = {}
    for index, example in enumerate(examples):
        good = verified(example)
        count = counts.setdefault(example.game, [0, 0, 0])
        count[0] += 1
        count[1] += example.passed
        count[2] += good
        about = dict.fromkeys(example.about)
        for rule in about:
            illustrated.setdefault(rule, []).append(index)
            rule_counts.setdefault(rule, [0, 0, 0])[0] += good
        for rule, step in example.cites:
            pair = decided.setdefault(rule, [[], []])
            pair[0].append(index)
            pair[1].append(step)
            counted = rule_counts.setdefault(rule, [0, 0, 0])
            counted[1] += good
            counted[2] += rule in about
    listing = sorted(range(len(examples)), key=lambda i: (
        examples[i].game, section_order(sections[i]), examples[i].id))
    data = {
        "ids": [e.id for e in examples], "titles": [e.title for e in examples],
        "where": [[n, p] for _, n, p in kept],
        "games": [e.game for e in examples],
        "flags": [e.passed + 2 * e.disputed for e in examples],
        "rows": [row_size(e) for e in examples],
        "sizes": [len(e.html) + len(e.source) + row_size(e) for e in examples],
        "sections": sections, "listing": listing, "illustrated": illustrated,
        "decided": decided, "counts": counts, "rule_counts": rule_counts,
        "dropped": dropped,
        "problems": []}
    whole = Standalone(key, files, data)
    whole.problems = problems
    whole._made = dict(enumerate(examples))
    return whole


def kept(folder: Path | None, key: str, files: list[FileEntry]) -> Standalone | None:
    """The whole kept in `folder` under `key`, if it is there whole; None otherwise (no such
    file, or one damaged: the build checks the files)."""
    if folder is None:
        return None
    try:
        data = read_regular(folder / f"{PREFIX}{key}.json")
        head, _, body = data.partition(b"\n")
        header = json.loads(head)
        if header != {"format": FORMAT, "key": key, "digest": _digest(key, body)}:
            return None
        return Standalone(key, files, json.loads(body))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _digest(key: str, body: bytes) -> str:
    """The SHA-256 of a whole's key and content: a whole renamed (its name and first line
    made another key's), cut short or damaged does not match; one forged on purpose, with
    this digest computed anew, would (see `store`)."""
    return hashlib.sha256(key.encode() + b"\n" + body).hexdigest()


def keep(folder: Path | None, whole: Standalone) -> None:
    """Keep `whole` in `folder`, in place of any other whole kept there."""
    if folder is None:
        return
    name = f"{PREFIX}{whole.key}.json"
    try:
        if (folder / name).is_file():
            return
        replace_file(folder / name, whole.dumps())
        for old in folder.glob(f"{PREFIX}*.json"):
            if old.name != name:
                old.unlink(missing_ok=True)
    except OSError:
        pass  # made again next time


def _unmatched(scenario_id: str, game: str, name: str) -> Example:
    """A scenario the kept whole places in a file that holds no such scenario: shown as not
    holding."""
    where = Location(name, 1, 1)
    return Example(scenario_id, scenario_id, game, (), where, 0, False,
                   (Problem(where, "the result cache does not match this file: empty the "
                                   "checker plugin's cache folder and build again"),), "", "")


class Examples(Mapping[str, Example]):
    """Every checked scenario by id: the pages' own, then the standalone ones, each made when
    first asked for (`Standalone.example`)."""

    def __init__(self, own: dict[str, Example], standalone: Standalone) -> None:
        self.own, self.standalone = own, standalone

    def __getitem__(self, scenario_id: str) -> Example:
        example = self.own.get(scenario_id)
        if example is not None:
            return example
        return self.standalone.example(self.standalone.index[scenario_id])

    def __contains__(self, scenario_id: object) -> bool:
        return scenario_id in self.own or scenario_id in self.standalone.index

    def __iter__(self) -> Iterator[str]:
        yield from self.own
        yield from self.standalone.ids

    def __len__(self) -> int:
        return len(self.own) + len(self.standalone)
