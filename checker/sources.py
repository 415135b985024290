"""Find scenario text: whole YAML files, and `scenario` fences inside Markdown pages."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from checker.yamlsource import Text

YAML_SUFFIXES = (".yaml", ".yml")
MARKDOWN_SUFFIXES = (".md", ".markdown")

_FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*scenario[ \t]*$")
ANY_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})")


def read_text(path: Path | str) -> str:
    """A file's text as Python's text mode reads it (UTF-8, every line ending read as "\n"),
    in four system calls: a file object would also ask whether the file is a terminal, where
    it stands, and read once more to find the end, for each of thousands of small files."""
    handle = os.open(path, os.O_RDONLY)
    try:
        size = os.fstat(handle).st_size
        data = os.read(handle, size + 1)
        if len(data) > size:  # it grew since: read on to the end
            chunks = [data]
            while chunk := os.read(handle, 1 << 16):
                chunks.append(chunk)
            data = b"".join(chunks)
    finally:
        os.close(handle)
    text = data.decode("utf-8")
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def find_files(paths: Iterable[Path]) -> Iterator[Path]:
    """Scenario-bearing files under the given files or folders, in a stable order: by name
    at each level, a folder's files where its name falls."""
    for path in paths:
        if path.is_dir():
            yield from (Path(found) for found in walk(str(path)))
        else:
            yield path


def walk(folder: str) -> Iterator[str]:
    """The scenario-bearing files under a folder, as `find_files` orders them, as strings."""
    with os.scandir(folder) as listing:
        entries = sorted(listing, key=lambda entry: entry.name)
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            yield from walk(entry.path)
        elif os.path.splitext(entry.name)[1] in YAML_SUFFIXES + MARKDOWN_SUFFIXES \
                and entry.is_file():
            yield entry.path


def texts_in_file(path: str, content: str) -> list[Text]:
    """The YAML texts a file holds: the whole file for YAML, each fence for Markdown."""
    if path.endswith(MARKDOWN_SUFFIXES):
        return list(markdown_fences(path, content))
    return [Text(path, content)]


def markdown_fences(path: str, content: str) -> Iterator[Text]:
    """Each ```scenario fence, dedented, with the offsets that map it back into the page."""
    for fence in fence_spans(path, content.split("\n")):
        yield fence.text


@dataclass(frozen=True, slots=True)
class Fence:
    """A ```scenario fence: its YAML text and the lines it spans, closing fence included."""

    text: Text
    start: int
    """0-based index of the opening line."""
    end: int
    """0-based index just past the closing line."""
    indent: str


def fence_spans(path: str, lines: list[str]) -> Iterator[Fence]:
    """The ```scenario fences among a page's lines.

    Fences may be indented (inside an admonition or a content tab); the closing fence
    uses the same character, at least as long, indented no deeper than the opening.
    """
    index = 0
    while index < len(lines):
        opening = _FENCE_OPEN.match(lines[index])
        other = None if opening else ANY_FENCE.match(lines[index])
        index += 1
        if other:  # another code block: a scenario fence shown inside it is only text
            while index < len(lines) and not closes_fence(lines[index], other["indent"], other["fence"]):
                index += 1
            index += 1
            continue
        if not opening:
            continue
        indent, fence = opening["indent"], opening["fence"]
        start = index
        body: list[str] = []
        while index < len(lines) and not closes_fence(lines[index], indent, fence):
            body.append(_dedent(lines[index], indent))
            index += 1
        index += 1
        text = Text(path, "\n".join(body) + "\n", line_offset=start, col_offset=len(indent))
        yield Fence(text, start - 1, min(index, len(lines)), indent)


def closes_fence(line: str, indent: str, fence: str) -> bool:
    """Whether `line` closes a fence opened with `fence` at `indent` (same character, at least
    as long, indented no deeper)."""
    stripped = line.strip()
    return (stripped.startswith(fence) and set(stripped) == {fence[0]}
            and len(line) - len(line.lstrip()) <= len(indent))


def _dedent(line: str, indent: str) -> str:
    return line[len(indent):] if line.startswith(indent) else line.lstrip()
