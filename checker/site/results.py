"""What the site keeps of a checked scenario text: plain data, cheap to keep on disk."""

from __future__ import annotations

from dataclasses import dataclass

from checker.location import Location, Problem
from checker.sources import ReadError, read_text


class Draft:
    """A walkthrough draft kept in the result store, decoded when first read (`str`); its
    `len` is the draft's length in characters, known without decoding it."""

    __slots__ = ("_data", "_size", "_text")

    def __init__(self, data: memoryview, size: int) -> None:
        self._data, self._size = data, size
        self._text: str | None = None

    def __str__(self) -> str:
        if self._text is None:
            try:
                self._text = str(self._data, "utf-8", "surrogatepass")
            except UnicodeDecodeError:  # a damaged cache: its page shows U+FFFD, no more
                self._text = str(self._data, "utf-8", "replace")
            self._data = memoryview(b"")
        return self._text

    def __len__(self) -> int:
        return self._size

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other) if isinstance(other, (str, Draft)) else NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))


class SourceFile:
    """The YAML text of a standalone scenario file that a build did not read, as the file was
    unchanged since its text was checked (`ScenarioChecks.check_file`): read when first shown
    (`str`); its length in characters and the key of its text known without reading it."""

    __slots__ = ("_length", "_text", "key", "path")

    def __init__(self, path: str, key: str, length: int) -> None:
        self.path, self.key, self._length = path, key, length
        self._text: str | None = None

    def __str__(self) -> str:
        if self._text is None:
            try:
                self._text = read_text(self.path)
            except ReadError:  # gone since the build began: the next build reports it
                self._text = ""
        return self._text

    def __len__(self) -> int:
        return self._length

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other) if isinstance(other, (str, SourceFile)) else \
            NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))


@dataclass(frozen=True, slots=True)
class Example:
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
    source: str | SourceFile = ""
    """The YAML text the scenario comes from, which the draft shows; not kept with a result,
    whose key is that text. `str` of it (`SourceFile`, for a file a rebuild did not read)."""
    disputed: bool = False
    """Its status says the engine is expected to disagree (`status: disputed`)."""
    cites: tuple[tuple[str, int], ...] = ()
    """Each rule the engine cited while checking it, with the first step (from 1) that cited
    it, 0 for the setup: what the site lists under "cited by" and counts as coverage."""
    players: tuple[str, ...] = ()
    """The players its setup names, in order (for the ask pages' templates)."""


@dataclass(frozen=True, slots=True)
class CheckedText:
    """A YAML text (a file or one fence): its scenarios, or the errors that kept them out."""

    examples: tuple[Example, ...]
    problems: tuple[Problem, ...]


@dataclass(frozen=True, slots=True)
class Result:
    """A text's result with the text at line 1, column 1 of no file."""

    examples: tuple[Example, ...]
    problems: tuple[Problem, ...]
