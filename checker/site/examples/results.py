"""What the site keeps of a checked scenario text: plain data, cheap to keep on disk."""

from __future__ import annotations

from typing import NamedTuple

from checker.location import Location, Problem
from checker.provenance import Provenance


class LazyText:
    """Text known by its length until it is first read (`str`), then kept: what the result
    store gives a rebuild, which reads only what its pages show."""

    __slots__ = ("_length", "_text")

    def __init__(self, length: int) -> None:
        self._length = length
        self._text: str | None = None

    def _read(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        if self._text is None:
            self._text = self._read()
        return self._text

    def __len__(self) -> int:
        return self._length

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other) if isinstance(other, (str, LazyText)) else \
            NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))


class Draft(LazyText):
    """A walkthrough draft kept in the result store, decoded when first read; its `len` is
    the draft's length in characters, known without decoding it."""

    __slots__ = ("_data",)

    def __init__(self, data: memoryview, size: int) -> None:
        super().__init__(size)
        self._data = data

    def _read(self) -> str:
        try:
            text = str(self._data, "utf-8", "surrogatepass")
        except UnicodeDecodeError:  # a damaged cache: its page shows U+FFFD, no more
            text = str(self._data, "utf-8", "replace")
        self._data = memoryview(b"")
        return text


class Example(NamedTuple):
    """One checked scenario as the site shows it, located where it stands in the sources."""

    id: str
    title: str
    game: str
    about: tuple[str, ...]
    location: Location
    steps: int
    passed: bool
    failures: tuple[Problem, ...]
    html: str | Draft
    """The walkthrough draft: rule links, failures and the source as tokens
    (`placing.place`); `str` of it, as kept in the result store (`Draft`)."""
    said: str
    """What search finds of the walkthrough: its title and narration, as escaped text."""
    source: str = ""
    """The YAML text the scenario comes from, which the draft shows; not kept with a result,
    whose key is that text."""
    disputed: bool = False
    """Its status says the engine is expected to disagree (`status: disputed`)."""
    cites: tuple[tuple[str, int], ...] = ()
    """Each rule the engine cited while checking it, with the first step (from 1) that cited
    it, 0 for the setup: what the site lists under "cited by" and counts as coverage."""
    players: tuple[str, ...] = ()
    """The players its setup names, in order (for the ask pages' templates)."""
    provenance: Provenance | None = None
    """Where its ruling comes from (its `source:`), when it says."""


class CheckedText(NamedTuple):
    """A YAML text (a file or one fence): its scenarios, or the errors that kept them out."""

    examples: tuple[Example, ...]
    problems: tuple[Problem, ...]


class Result(NamedTuple):
    """A text's result with the text at line 1, column 1 of no file."""

    examples: tuple[Example, ...]
    problems: tuple[Problem, ...]

    def placed(self, path: str, line_offset: int, col_offset: int,
               source: str) -> CheckedText:
        """The result of the text from `source` where it stands: in the file `path`, moved
        down and right by the offsets."""
        def move(location: Location) -> Location:
            return Location(path, location.line + line_offset, location.col + col_offset)

        def moved(problems: tuple[Problem, ...]) -> tuple[Problem, ...]:
            return tuple(Problem(move(p.location), p.message) for p in problems) if problems \
                else ()

        examples = tuple(Example(e.id, e.title, e.game, e.about, move(e.location), e.steps,
                                 e.passed, moved(e.failures), e.html, e.said, source,
                                 e.disputed, e.cites, e.players, e.provenance)
                         for e in self.examples)
        return CheckedText(examples, moved(self.problems))
