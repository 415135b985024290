"""The scaffold's files: the tree under `template/`, each file written with its placeholders
(`{{name}}`, ...) replaced, in its path too.

Every template file ends in `.tmpl`, dropped when it is written, so that no tool takes a
template for the checker's own code, page or scenario; a path part `dot-x` is written `.x`
(package data leaves out names that start with a dot).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path, PurePosixPath

SUFFIX = ".tmpl"
DOT = "dot-"
PLACEHOLDER = re.compile(r"\{\{([a-z_]+)\}\}")


def render(text: str, values: Mapping[str, str]) -> str:
    """`text` with each `{{key}}` of `values` replaced by its value (in one pass: a value is
    never read for placeholders)."""
    return PLACEHOLDER.sub(lambda found: values.get(found[1], found[0]), text)


def files(values: Mapping[str, str]) -> Iterator[tuple[PurePosixPath, str]]:
    """Each file of the scaffold, as its path in the new folder and its text."""
    for path, template in _templates(resources.files(__package__) / "template", PurePosixPath()):
        yield _written_path(path, values), render(template.read_text(encoding="utf-8"), values)


def _templates(folder: Traversable, at: PurePosixPath
               ) -> Iterator[tuple[PurePosixPath, Traversable]]:
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.is_dir():
            yield from _templates(entry, at / entry.name)
        elif entry.name.endswith(SUFFIX):
            yield at / entry.name, entry


def _written_path(path: PurePosixPath, values: Mapping[str, str]) -> PurePosixPath:
    parts = ["." + part[len(DOT):] if part.startswith(DOT) else part for part in path.parts]
    parts[-1] = parts[-1][:-len(SUFFIX)]
    return PurePosixPath(*(render(part, values) for part in parts))


def write(folder: Path, values: Mapping[str, str]) -> list[PurePosixPath]:
    """Writes every file of the scaffold into `folder`; the paths written, in order."""
    written = []
    for path, text in files(values):
        target = folder.joinpath(*path.parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(path)
    return written
