"""The architecture holds: no import cycle anywhere in `checker/` (imports under
TYPE_CHECKING count), and every import runs in an allowed direction: the core never imports
the site, a game, the importer or the scaffold; a game imports only the core (and the
library it shares with its sibling); the site's parts import only the parts below them, in
the order `checker/site/__init__.py` gives (README, "Layout")."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "checker"

SITE_PARTS = ("writing", "pages", "walkthroughs", "examples", "gathered", "render", "publish",
              "hosting", "adapters")
"""The site's parts, lowest first; a top-level module of the site not listed is an adapter."""
FRONT_DOORS = {"checker.cli", "checker.__main__", "checker.pytest_plugin"}
"""The command line and the pytest plugin: they may use the importer and the scaffold."""
SHARED_GAME_LIBRARIES = {"checker.games.twilight": {"ti3", "ti4"},
                         "checker.games.immutable": {"ti3", "ti4", "arcs"}}
"""Libraries under checker/games/ that are not games, and the games that may import them."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        if "node_modules" in path.parts:
            continue
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> Iterator[str]:
    """Every module of `checker` that `name` imports, at run time or for type checking."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                kept = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*kept, *([base] if base else [])])
            targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        yield from (target for target in targets if target in MODULES and target != name)


GRAPH = {name: set(_imports(name, path)) for name, path in MODULES.items()}


def _kind(name: str) -> str:
    for kind in ("checker.site", "checker.games", "checker.importer", "checker.scaffold"):
        if name == kind or name.startswith(kind + "."):
            return kind
    return "front door" if name in FRONT_DOORS else "core"


def _site_part(name: str) -> int:
    first = name.removeprefix("checker.site").lstrip(".").split(".")[0]
    return SITE_PARTS.index(first) if first in SITE_PARTS else SITE_PARTS.index("adapters")


def _game(name: str) -> str:
    return ".".join(name.split(".")[:3])


def _allowed(source: str, target: str) -> bool:
    kinds = _kind(source), _kind(target)
    if kinds[1] == "core":
        return True
    if kinds[1] == "front door":  # the command line's exit codes, for `python -m checker.site`
        return kinds[0] == "front door" or (
            kinds[0] == "checker.site" and _site_part(source) == SITE_PARTS.index("adapters"))
    if kinds[0] == "front door":
        return kinds[1] in ("checker.importer", "checker.scaffold")
    if kinds[0] != kinds[1]:
        return kinds == ("checker.scaffold", "checker.importer")
    if kinds[0] == "checker.site":
        return _site_part(target) <= _site_part(source)
    if kinds[0] == "checker.games" and _game(source) != _game(target):
        shared = SHARED_GAME_LIBRARIES.get(_game(target), set())
        return _game(source).rpartition(".")[2] in shared
    return True


def _cycles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, without recursion:
    the graph is small, but the module chain may be deep)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(GRAPH):
        if start in index:
            continue
        work = [(start, iter(sorted(GRAPH[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(GRAPH[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_graph_is_read() -> None:
    assert len(MODULES) > 150
    assert "checker.site.gathered.context" in GRAPH["checker.site.markdown_ext"]
    assert "checker.registry" in GRAPH["checker.project"]


def test_no_module_imports_itself_through_others() -> None:
    assert _cycles() == []


def test_every_import_runs_in_an_allowed_direction() -> None:
    wrong = sorted(f"{source} imports {target}" for source, targets in GRAPH.items()
                   for target in targets if not _allowed(source, target))
    assert wrong == []


def test_the_site_parts_are_the_packages_the_site_holds() -> None:
    packages = {path.parent.name for path in (PACKAGE / "site").glob("*/__init__.py")}
    assert packages == set(SITE_PARTS) - {"writing", "adapters"}
    assert (PACKAGE / "site" / "writing.py").is_file()


def test_the_checks_themselves_catch_a_wrong_direction_and_a_cycle() -> None:
    assert not _allowed("checker.site.pages.syntax", "checker.site.gathered.context")
    assert not _allowed("checker.engine", "checker.site.walkthroughs.walkthrough")
    assert not _allowed("checker.games.ti4.ruleset", "checker.games.arcs.state")
    assert _allowed("checker.games.ti4.drawing", "checker.games.twilight")
    assert not _allowed("checker.games.arcs.drawing", "checker.games.twilight")
    assert _allowed("checker.site.plugin", "checker.site.hosting.gather")
    assert not _allowed("checker.site.render.coverage", "checker.cli")
    assert not _allowed("checker.engine", "checker.cli")
    GRAPH["checker.location"].add("checker.engine")
    try:
        assert any("checker.location" in cycle for cycle in _cycles())
    finally:
        GRAPH["checker.location"].discard("checker.engine")
