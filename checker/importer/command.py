"""`checker import`: rules texts a publisher already has (numbered lists under headings) as
rules pages of a game, `DOCS/GAME/<slug>.md`, each rule with its number written out.

All or nothing: every text is read and every page made before any is written, and a page
there already is left alone unless it is what the import gives ("unchanged") or `force`
is set. Each page is written whole (`checker.files.replace_file`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from checker.files import replace_file
from checker.importer.front import MAX_SECTION
from checker.importer.lists import RulesText, TextError, read_rules
from checker.importer.markup import slug
from checker.importer.page import Linker, page_text
from checker.location import Location, Problem
from checker.sources import ReadError, read_problem, read_text

GAME_ID = re.compile(r"[a-z][a-z0-9]{0,31}")
"""A game's id, as in rule ids (`ti4:61.6`)."""
_SECTION_HEADING = re.compile(r"^#[ \t]+§(?P<section>[0-9]+)(?=\s|$)", re.MULTILINE)


class ImportUsageError(Exception):
    """The command asks for something impossible or ambiguous (exit code 4)."""


@dataclass(frozen=True, slots=True)
class Request:
    """What to import, and where."""

    paths: Sequence[Path]
    game: str
    docs: Path = Path("docs")
    sections: Sequence[int] = ()
    """One number: the first text's section, the next texts get the numbers after it; or one
    number for each text; none: each text's own (front matter `section:` or a title such as
    "61 Objective Cards"), or 1, 2, 3, ... when no text has one."""
    force: bool = False
    """Replace a page that differs from what the import gives."""


@dataclass(slots=True)
class Outcome:
    """What the import did, a line each, and whether it all went well."""

    lines: list[str] = field(default_factory=list)
    ok: bool = True


@dataclass(slots=True)
class _Page:
    text: RulesText
    section: int
    path: Path
    content: bytes = b""
    notices: list[Problem] = field(default_factory=list)


def import_rules(request: Request) -> Outcome:
    folder = _folder(request)
    if request.sections:
        _given(request.sections, len(request.paths))
    texts, problems = _read_all(request.paths)
    if problems:
        return Outcome([str(problem) for problem in problems], ok=False)
    sections = numbered(texts, request.sections)
    pages = [_Page(text, section, folder / f"{slug(text.heading.title or '')}.md")
             for text, section in zip(texts, sections, strict=True)]
    _check_unique(pages, folder)
    known = {path.stem for path in _pages_in(folder)} | {page.path.stem for page in pages}
    for page in pages:
        linker = Linker(known)
        page.content = page_text(page.text, page.section, linker).encode("utf-8")
        page.notices = linker.notices
    return _write(pages, request.force)


def _folder(request: Request) -> Path:
    if GAME_ID.fullmatch(request.game) is None:
        raise ImportUsageError(f"--game {request.game!r} is not a game id: lowercase letters "
                               "and digits, starting with a letter, such as ti4")
    if not request.docs.is_dir():
        raise ImportUsageError(f"no such folder: {request.docs} (give the site's pages "
                               "folder with --docs)")
    folder = request.docs / request.game
    if folder.exists() and not folder.is_dir():
        raise ImportUsageError(f"{folder} is not a folder")
    return folder


def _read_all(paths: Sequence[Path]) -> tuple[list[RulesText], list[Problem]]:
    missing = [str(path) for path in paths if not path.exists() and not path.is_symlink()]
    if missing:
        raise ImportUsageError(f"no such file: {', '.join(missing)}")
    texts: list[RulesText] = []
    problems: list[Problem] = []
    for path in paths:
        try:
            texts.append(_named(read_rules(str(path), read_text(path))))
        except ReadError as error:
            problems.append(read_problem(str(path), error))
        except TextError as error:
            problems.append(error.problem)
    return texts, problems


def numbered(texts: Sequence[RulesText], given: Sequence[int]) -> list[int]:
    """Each text's section number (see `Request.sections`). A text whose own number
    disagrees, or that has none beside others that have one, is an ImportUsageError: the
    command would have to guess."""
    if given:
        numbers = _given(given, len(texts))
        for text, number in zip(texts, numbers, strict=True):
            _agrees(text, number)
        return numbers
    declared = [text for text in texts if text.heading.section is not None]
    if not declared:
        return list(range(1, len(texts) + 1))
    for text in texts:
        if text.heading.section is None:
            raise ImportUsageError(
                f"{text.path} has no section number, but {declared[0].path} has one "
                f"({declared[0].heading.section}): give each text `section: N` in its front "
                "matter, or give the numbers with --section")
    return [section for text in texts if (section := text.heading.section) is not None]


def _given(given: Sequence[int], count: int) -> list[int]:
    numbers = [given[0] + offset for offset in range(count)] if len(given) == 1 else list(given)
    if len(numbers) != count:
        raise ImportUsageError(f"--section gives {len(given)} numbers for {count} files: give "
                               "one (the first file's) or one for each file")
    if not all(1 <= number <= MAX_SECTION for number in numbers):
        raise ImportUsageError(f"--section: section numbers are from 1 to {MAX_SECTION:,}")
    return numbers


def _agrees(text: RulesText, number: int) -> None:
    heading = text.heading
    if heading.section not in (None, number):
        raise ImportUsageError(
            f"--section makes {text.path} section {number}, but its {heading.section_from} "
            f"says {heading.section} (at {heading.section_at}): drop --section, or give it "
            f"{heading.section}")


def _named(text: RulesText) -> RulesText:
    """`text`, once sure that its title gives its page a file name."""
    if not slug(text.heading.title or ""):
        raise TextError(text.heading.title_at or Location(text.path, 1, 1),
                        f"the title {text.heading.title!r} has no letter or digit to name "
                        "its page by")
    return text


def _check_unique(pages: Sequence[_Page], folder: Path) -> None:
    """No two pages of the game the same file, nor the same section."""
    by_path: dict[Path, str] = {}
    by_section: dict[int, str] = {}
    for page in pages:
        if page.path in by_path:
            raise ImportUsageError(f"{by_path[page.path]} and {page.text.path} would both be "
                                   f"{page.path}")
        if page.section in by_section:
            raise ImportUsageError(f"{by_section[page.section]} and {page.text.path} would "
                                   f"both be section {page.section}")
        by_path[page.path], by_section[page.section] = page.text.path, page.text.path
    for path in _pages_in(folder):
        taken = _section_of(path) if path not in by_path else None
        if taken in by_section:
            raise ImportUsageError(f"{by_section[taken]} would be section {taken}, which "
                                   f"{path} is already: choose another with --section or "
                                   "`section:` in its front matter")


def _pages_in(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.md")) if folder.is_dir() else []


def _section_of(page: Path) -> int | None:
    """The section a page of the site is, by its heading `# §61 ...`."""
    try:
        heading = _SECTION_HEADING.search(read_text(page))
    except ReadError:
        return None
    return int(heading["section"]) if heading else None


def _write(pages: Sequence[_Page], force: bool) -> Outcome:
    """Writes every page, or none when one there already differs and `force` is not set."""
    outcome = Outcome()
    done: list[tuple[_Page, str]] = []
    for page in pages:
        outcome.lines += [str(notice) for notice in page.notices]
        state, refusal = _state(page, force)
        if refusal is not None:
            outcome.lines.append(str(refusal))
            outcome.ok = False
        done.append((page, state))
    if not outcome.ok:
        return outcome
    for page, state in done:
        if state != "unchanged":
            replace_file(page.path, page.content)
        outcome.lines.append(f"{page.path}: {state} (§{page.section} from {page.text.path})")
    return outcome


def _state(page: _Page, force: bool) -> tuple[str, Problem | None]:
    """"written", "unchanged" or "replaced", or why the page cannot be written."""
    path = page.path
    if not path.exists() and not path.is_symlink():
        return "written", None
    if not path.is_file():
        return "", Problem(Location(str(path), 1, 1), "not a file: the page cannot go there")
    if path.stat().st_size == len(page.content) and path.read_bytes() == page.content:
        return "unchanged", None
    if force:
        return "replaced", None
    return "", Problem(Location(str(path), _first_difference(path, page.content), 1),
                       f"differs from the page {page.text.path} gives; kept as it is "
                       "(--force replaces it)")


def _first_difference(path: Path, content: bytes) -> int:
    """The 1-based number of the first line where the page differs from `content`."""
    try:
        old = read_text(path).split("\n")
    except ReadError:
        return 1
    new = content.decode("utf-8").split("\n")
    return next((n for n, (a, b) in enumerate(zip(old, new), 1) if a != b),
                min(len(old), len(new)))
