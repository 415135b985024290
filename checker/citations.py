"""The rules a game's engine cites, found in its code, so that the code and the pages cannot
drift apart: a citation no page defines is a problem at the engine's line.

A citation is the first argument, a string, of a call to a function named `cite` or `refuse`
(`cite("61.6", ...)`, the rule's number within the game), or a string that is a whole rule
id of the game (`"ti4:98.7"`). A rule number that the code passes around in a variable is
checked when a scenario runs into it (`checker.verdict`).
"""

from __future__ import annotations

import ast
import functools
import os
from pathlib import Path
from typing import NamedTuple

from checker.location import Location
from checker.rulebook import RULE_ID

CITING = ("cite", "refuse")
"""The names of the functions whose first argument is a rule number of the game."""


class Citation(NamedTuple):
    rule: str
    """Full id, e.g. "ti4:61.6"."""
    location: Location


def engine_citations(game: str, source: Path | None, shown: str | None = None
                     ) -> list[Citation]:
    """Every citation in the code of the package in folder `source` (the game's package),
    named in locations as `shown` names that folder (by default, from the package's parent
    folder: "checker/games/ti4/common.py" shows as "ti4/common.py")."""
    if source is None:
        return []
    shown = source.name if shown is None else shown
    found = []
    for path in _python_files(source):
        relative = os.path.relpath(path, source).replace(os.sep, "/")
        found += _citations(game, path, f"{shown}/{relative}", os.stat(path).st_mtime_ns)
    return found


def _python_files(folder: Path) -> list[str]:
    files = []
    todo = [str(folder)]
    while todo:
        with os.scandir(todo.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False) and not entry.name.startswith((".", "_")):
                    todo.append(entry.path)
                elif entry.name.endswith(".py") and entry.is_file():
                    files.append(entry.path)
    return sorted(files)


@functools.lru_cache(maxsize=1024)
def _citations(game: str, path: str, shown: str, mtime: int) -> list[Citation]:
    """The citations of one file (remembered while the file does not change)."""
    try:
        tree = ast.parse(Path(path).read_bytes(), path)
    except (OSError, SyntaxError, ValueError):
        return []
    out = []
    for node in ast.walk(tree):
        rule = _cited(game, node)
        if rule is not None and isinstance(node, ast.expr):
            out.append(Citation(rule, Location(shown, node.lineno, node.col_offset + 1)))
    return out


def _cited(game: str, node: ast.AST) -> str | None:
    if isinstance(node, ast.Call) and node.args and _name(node.func) in CITING:
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            value = first.value
            return value if value.startswith(f"{game}:") else f"{game}:{value}"
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
            node.value.startswith(f"{game}:") and RULE_ID.match(node.value):
        return node.value
    return None


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""
