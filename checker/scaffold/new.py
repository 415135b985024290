"""`checker new NAME`: a rules site for a new game, with the game's package, in an empty or new
folder, every file written at once or none (into a folder beside it, renamed at the end).

With `--from RULES.md`, the rules pages are a rules text's, through `checker import`; the
starter rules page, which the starter ruleset cites, follows them as the next section.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import NamedTuple

from checker.game_info import GAME_NAME
from checker.importer.command import ImportUsageError, import_rules
from checker.importer.command import Request as ImportRequest
from checker.registry import installed
from checker.rule_pages import page_rules
from checker.scaffold import render

MAX_NAME = 32
"""As `checker import` takes a game's id."""
MAX_TITLE = 100
DISTRIBUTION = "rules-reference-checker"
"""The checker, as the new game package depends on it."""


class NewUsageError(Exception):
    """The command asks for something it cannot do (exit code 4)."""


class NewFailed(Exception):
    """The rules text could not be imported: its problems, a line each (exit code 1)."""

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = list(lines)


@dataclass(frozen=True)
class Request:
    name: str
    """The game's id: lowercase letters and digits, such as `skat`."""
    folder: Path | None = None
    """Where the site goes; a new folder named as the game when not given."""
    title: str | None = None
    """The game's name as players know it; the id capitalised when not given."""
    rules: Sequence[Path] = ()
    """Rules texts to import as the rules pages (`checker import`)."""


def new_site(request: Request) -> list[str]:
    """Writes the site; what was done, a line each. Raises NewUsageError, NewFailed, or
    OSError when the folder cannot be written."""
    name = _checked_name(request.name)
    title = _checked_title(request.title if request.title is not None else name.capitalize())
    folder = request.folder if request.folder is not None else Path(name)
    _check_folder(folder)
    target = Path(os.path.abspath(folder))
    building = Path(tempfile.mkdtemp(prefix=f".{target.name}-", suffix=".new",
                                     dir=target.parent))
    try:
        imported = _imported(building, name, request.rules)
        lines = imported.lines
        values = {"name": name, "title": title, "title_quoted": _quoted(title),
                  "package": f"{name}_rules", "section": str(imported.section),
                  "rules_page": imported.starter_page, "imported_pages": imported.home_items,
                  "checker_version": _checker_version()}
        written = render.write(building, values)
        _move(building, target)
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    lines = [line.replace(str(building), str(folder)) for line in lines]
    done = (f"{folder}: a rules site for {title} (game '{name}'), {len(written)} files written; "
            f"start with {folder / 'README.md'}")
    return [*lines, done]


def _checked_name(name: str) -> str:
    if not GAME_NAME.match(name) or len(name) > MAX_NAME:
        raise NewUsageError(f"{name!r} is not a game id: lowercase letters and digits, "
                            f"starting with a letter, at most {MAX_NAME} of them, such as skat")
    taken = installed().games.get(name)
    if taken is not None:
        raise NewUsageError(f"game '{name}' is already installed ({taken.package}): choose "
                            "another id")
    return name


def _checked_title(title: str) -> str:
    if not title.strip() or len(title) > MAX_TITLE or not title.isprintable() \
            or any(mark in title for mark in '"\\'):
        raise NewUsageError(f"--title {title!r}: give the game's name on one line, at most "
                            f"{MAX_TITLE} characters, without double quotes or backslashes")
    return title.strip()


def _check_folder(folder: Path) -> None:
    if folder.exists() or folder.is_symlink():
        if not folder.is_dir():
            raise NewUsageError(f"{folder} is not a folder")
        if any(folder.iterdir()):
            raise NewUsageError(f"{folder} is not empty: give a new or empty folder with --dir")
    elif not Path(os.path.abspath(folder)).parent.is_dir():
        raise NewUsageError(f"no such folder: {Path(os.path.abspath(folder)).parent}")


class Imported(NamedTuple):
    lines: list[str]
    """What the import did, a line each."""
    section: int
    """The starter rules' section: the one after the imported ones."""
    starter_page: str
    """The starter rules' page, by its name without `.md`."""
    home_items: str
    """The imported pages as items of the home page's list, a line each."""


def _imported(building: Path, name: str, rules: Sequence[Path]) -> Imported:
    """The rules texts imported into the new site's pages (`checker import`)."""
    if not rules:
        return Imported([], 1, "rules", "")
    docs = building / "docs"
    docs.mkdir()
    try:
        outcome = import_rules(ImportRequest(rules, name, docs))
    except ImportUsageError as error:
        raise NewUsageError(f"--from: {error}") from None
    if not outcome.ok:
        raise NewFailed(outcome.lines)
    sections, index = [], []
    for page in sorted((docs / name).glob("*.md")):
        found = page_rules(page.name, page.read_text(encoding="utf-8"))
        sections += [int(rule.ref.split(".")[0]) for rule in found]
        if found:
            index.append(f"- [§{found[0].ref} {found[0].title}]({name}/{page.name})\n")
    return Imported(outcome.lines, max(sections, default=0) + 1, "starter-rules",
                    "".join(index))


def _quoted(text: str) -> str:
    """`text` (no double quote or backslash in it) as a string Python, YAML and TOML read
    alike."""
    return f'"{text}"'


def _checker_version() -> str:
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "0.1"


def _move(building: Path, folder: Path) -> None:
    """The finished files in their place: the folder built renamed as `folder`, or, when
    `folder` is there already (empty, and maybe the shell's current folder), each of its
    entries moved into it, and moved back if one cannot be."""
    if not folder.is_dir():
        os.replace(building, folder)
        return
    moved: list[Path] = []
    try:
        for entry in sorted(building.iterdir()):
            os.replace(entry, folder / entry.name)
            moved.append(folder / entry.name)
    except OSError:
        for entry in moved:
            os.replace(entry, building / entry.name)
        raise
    building.rmdir()
