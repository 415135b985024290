"""Find scenario text: whole YAML files, and `scenario` fences inside Markdown pages."""

from __future__ import annotations

import bisect
import functools
import itertools
import operator
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

from checker import limits
from checker.location import Location, Problem
from checker.yamlsource import Text

YAML_SUFFIXES = (".yaml", ".yml")
MARKDOWN_SUFFIXES = (".md", ".markdown")
_SUFFIXES = YAML_SUFFIXES + MARKDOWN_SUFFIXES
_NAME = operator.attrgetter("name")

_FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*scenario[ \t]*$")
_ANY_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})", re.MULTILINE)


class ReadError(Exception):
    """Why a file's text cannot be read, in words, and where when a place is known."""

    def __init__(self, reason: str, line: int = 1, col: int = 1) -> None:
        super().__init__(reason)
        self.reason, self.line, self.col = reason, line, col


def read_problem(name: str, error: ReadError) -> Problem:
    return Problem(Location(name, error.line, error.col), f"cannot read file: {error.reason}")


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def read_text(path: Path | str) -> str:
    """A file's text as Python's text mode reads it (UTF-8, every line ending read as "\n"),
    in four system calls: a file object would also ask whether the file is a terminal, where
    it stands, and read once more to find the end, for each of thousands of small files.
    Only a regular file of at most `limits.FILE_BYTES` is read: a FIFO is opened without
    waiting for a writer and refused, like a device, and a larger file is refused unread."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise ReadError(exc.strerror or str(exc)) from None
    try:
        info = os.fstat(handle)
        kind = next((name for test, name in _KINDS if test(info.st_mode)), None)
        if kind is not None:
            raise ReadError(f"not a regular file but {kind}")
        if info.st_size > limits.FILE_BYTES:
            raise ReadError(_too_large(info.st_size))
        data = os.read(handle, info.st_size + 1)
        if len(data) > info.st_size:  # it grew since: read on to the end, within the limit
            chunks = [data]
            while (chunk := os.read(handle, 1 << 16)) and len(data) <= limits.FILE_BYTES:
                chunks.append(chunk)
                data = b"".join(chunks)
            if len(data) > limits.FILE_BYTES:
                raise ReadError(_too_large(len(data)))
    except OSError as exc:
        raise ReadError(exc.strerror or str(exc)) from None
    finally:
        os.close(handle)
    return decode(data)


def _too_large(size: int) -> str:
    return f"the file is {size:,} bytes; scenario files and pages may have at most " \
        f"{limits.FILE_BYTES:,}"


def too_large(text: str) -> str | None:
    """Why a page's text, as a site generator read it, is past the limit files have
    (`read_text`); None when it is within it."""
    if len(text) <= limits.FILE_BYTES // 4:  # four bytes a character at the most
        return None
    size = len(text.encode("utf-8", "surrogatepass"))
    return _too_large(size) if size > limits.FILE_BYTES else None


def decode(data: bytes) -> str:
    """UTF-8 bytes as text with "\n" line endings; bytes that are not UTF-8 are a ReadError
    located at the first of them."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[:exc.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1:].decode("utf-8", "replace")) + 1
        raise ReadError(f"not UTF-8 text: byte 0x{data[exc.start]:02x} cannot start or "
                        "continue a character", line, col) from None
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


OnError = Callable[[str, str], None]
"""Told of a folder that cannot be listed: its path and why."""


def _raise(path: str, reason: str) -> None:
    raise ReadError(f"{path}: {reason}")


def find_files(paths: Iterable[Path], onerror: OnError = _raise) -> Iterator[Path]:
    """Scenario-bearing files under the given files or folders, in a stable order: by name
    at each level, a folder's files where its name falls."""
    for path in paths:
        if path.is_dir():
            yield from (Path(found) for found in walk(str(path), onerror))
        else:
            yield path


def walk(folder: str, onerror: OnError = _raise) -> Iterator[str]:
    """The scenario-bearing files under a folder, as `find_files` orders them, as strings.
    Links to folders are not followed (no loops); an entry with a scenario suffix that is
    not a regular file (a FIFO, a device, a link that loops or leads nowhere) is yielded all
    the same, so that reading it says what it is; a folder that cannot be listed goes to
    `onerror`. Folders nested however deep are walked with a stack of their listings, not
    by recursion."""
    listings = [_listing(folder, onerror)]
    while listings:
        entry = next(listings[-1], None)
        if entry is None:
            listings.pop()
        elif entry.is_dir(follow_symlinks=False):
            listings.append(_listing(entry.path, onerror))
        # A name that ends with a suffix has it as its extension, unless it is only dots
        # before it (".yaml", as os.path.splitext tells): thousands of names, the test cheap.
        elif entry.name.endswith(_SUFFIXES) and (
                entry.name[0] != "." or os.path.splitext(entry.name)[1] in _SUFFIXES):
            yield entry.path


def _listing(folder: str, onerror: OnError) -> Iterator[os.DirEntry[str]]:
    """A folder's entries by name; none, and `onerror` told, when it cannot be listed."""
    try:
        with os.scandir(folder) as listing:
            return iter(sorted(listing, key=_NAME))
    except OSError as exc:
        onerror(folder, f"cannot list the folder: {exc.strerror or exc}")
        return iter(())


def texts_in_file(path: str, content: str) -> tuple[list[Text], list[Problem]]:
    """The YAML texts a file holds (the whole file for YAML, each fence for Markdown), and a
    problem for each ```scenario fence that is never closed."""
    if not path.endswith(MARKDOWN_SUFFIXES):
        return [Text(path, content)], []
    texts, problems = [], []
    for fence in fence_spans(path, content.split("\n")):
        if fence.closed:
            texts.append(fence.text)
        else:
            problems.append(fence.unclosed())
    return texts, problems


def markdown_fences(path: str, content: str) -> Iterator[Text]:
    """Each closed ```scenario fence, dedented, with the offsets that map it back into the
    page."""
    return iter(texts_in_file(path, content)[0])


class Fence(NamedTuple):
    """A ```scenario fence: its YAML text and the lines it spans, closing fence included."""

    text: Text
    start: int
    """0-based index of the opening line."""
    end: int
    """0-based index just past the closing line (past the opening line, when not closed)."""
    indent: str
    fence: str
    closed: bool = True
    """False for a fence no line closes: Markdown shows it as text, and the site reports it."""

    def unclosed(self) -> Problem:
        return Problem(Location(self.text.path, self.start + 1, len(self.indent) + 1),
                       f"this ```scenario fence is never closed: end the example with a line "
                       f"of {self.fence}, indented as the opening one")


class Block(NamedTuple):
    """A fenced code block among a page's lines (0-based line indexes)."""

    start: int
    end: int
    """Just past the closing line; just past the opening line when `closed` is false."""
    indent: str
    fence: str
    scenario: bool
    closed: bool


def fenced_blocks(lines: list[str]) -> Iterator[Block]:
    """Every fenced code block among a page's lines, in order, ```scenario ones included.

    Fences may be indented (inside an admonition or a content tab); the closing fence uses
    the same character, at least as long, indented no deeper than the opening. A fence that
    nothing closes is not a code block (Python-Markdown shows it as text): it is yielded with
    `closed` false and the lines after it are read on. Finding an opening or a closing line is
    a regular expression search in the joined text, and a kind of fence found unclosed once
    is not searched for again, so no page takes more than linear time per kind of fence.
    """
    text = "\n".join(lines)
    return iter(_blocks(text) if len(text) <= _REMEMBERED else _blocks.__wrapped__(text))


_REMEMBERED = 1 << 18
"""The longest page text (in characters) whose blocks are remembered: a few dozen of them at
most, whatever the input."""


@functools.lru_cache(maxsize=64)
def _blocks(text: str) -> tuple[Block, ...]:
    """`fenced_blocks` of the lines joined as `text`: remembered, as a build asks for the
    blocks of each page several times (its scan, its rendering, its prose lines)."""
    lines = text.split("\n")
    starts = list(itertools.accumulate((len(line) + 1 for line in lines), initial=0))
    unclosable: set[tuple[str, int, int]] = set()
    blocks = []
    index = 0
    for opening in _ANY_FENCE.finditer(text):
        at = bisect.bisect_right(starts, opening.start()) - 1
        if at < index:
            continue  # a line of the block before
        indent, fence = opening["indent"], opening["fence"]
        kind = (fence[0], len(fence), len(indent))
        found = None if kind in unclosable else _closing(*kind).search(text, starts[at + 1])
        scenario = _FENCE_OPEN.match(lines[at]) is not None
        if found is None:
            unclosable.add(kind)
            blocks.append(Block(at, at + 1, indent, fence, scenario, closed=False))
            index = at + 1
            continue
        close = bisect.bisect_right(starts, found.start()) - 1
        blocks.append(Block(at, close + 1, indent, fence, scenario, closed=True))
        index = close + 1
    return tuple(blocks)


@functools.lru_cache(maxsize=256)
def _closing(char: str, length: int, indent: int) -> re.Pattern[str]:
    """A line that closes a fence of `length` times `char` opened `indent` characters in."""
    return re.compile(rf"^[^\S\n]{{0,{indent}}}{re.escape(char)}{{{length},}}[^\S\n]*$",
                      re.MULTILINE)


def fence_spans(path: str, lines: list[str]) -> Iterator[Fence]:
    """The ```scenario fences among a page's lines, closed or not (see `fenced_blocks`); a
    scenario fence shown inside another code block is only text."""
    for block in fenced_blocks(lines):
        if not block.scenario:
            continue
        body = [_dedent(line, block.indent) for line in lines[block.start + 1:block.end - 1]] \
            if block.closed else []
        text = Text(path, "\n".join(body) + "\n", line_offset=block.start + 1,
                    col_offset=len(block.indent))
        yield Fence(text, block.start, block.end, block.indent, block.fence, block.closed)


def _dedent(line: str, indent: str) -> str:
    return line[len(indent):] if line.startswith(indent) else line.lstrip()
