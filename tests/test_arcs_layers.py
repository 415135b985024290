"""The arcs package imports one way (issue 30): each subpackage imports only what the "May
import" paragraph of its docstring names, `parts` nothing of arcs, the top-level `state` only
`parts` and `common` only `state`; and what they declare has no cycle. Imports under
`if TYPE_CHECKING:` count too."""

from __future__ import annotations

import ast
import graphlib
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "checker" / "games" / "arcs"
PREFIX = "checker.games.arcs."
SUBPACKAGES = sorted(p.parent.name for p in PACKAGE.glob("*/__init__.py"))
BELOW = {"state": {"parts"}, "common": {"state"}}
"""What the top-level modules that every subpackage builds on may import."""


def _imported(path: Path) -> set[str]:
    """The arcs subpackages and top-level modules a module imports."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}:{node.lineno}: a relative import"
            modules = [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        else:
            continue
        names |= {m.removeprefix(PREFIX).split(".")[0] for m in modules if m.startswith(PREFIX)}
    return names


def _declared(package: str) -> set[str]:
    """The subpackages and top-level modules a subpackage's docstring says it may import."""
    doc = ast.get_docstring(ast.parse((PACKAGE / package / "__init__.py").read_text()))
    assert doc is not None, f"{package}/__init__.py has no docstring"
    doc = " ".join(doc.split())
    said = re.search(r"\bMay import (.*?)no other arcs subpackage\.", doc)
    if said is None:
        assert "Imports no other arcs module" in doc, f"{package}: says nothing of its imports"
        return set()
    return set(re.findall(r"`(\w+)`", said.group(1)))


def test_the_subpackages_are_the_ones_described() -> None:
    assert SUBPACKAGES == ["actions", "battle", "chapter_end", "drawing", "narration", "parts",
                           "play", "prelude", "table"]


def test_each_subpackage_imports_only_what_its_docstring_allows() -> None:
    found = [f"{path.relative_to(PACKAGE)} imports {name}"
             for package in SUBPACKAGES for path in sorted((PACKAGE / package).rglob("*.py"))
             for name in sorted(_imported(path) - _declared(package) - {package})]
    assert found == []


def test_state_and_common_import_only_what_lies_below_them() -> None:
    assert {name: _imported(PACKAGE / f"{name}.py") for name in BELOW} == BELOW


def test_the_declared_imports_have_no_cycle() -> None:
    graph = {package: _declared(package) for package in SUBPACKAGES} | BELOW
    assert all(name in graph or name == "common" for names in graph.values() for name in names)
    tuple(graphlib.TopologicalSorter(graph).static_order())  # raises CycleError on a cycle
