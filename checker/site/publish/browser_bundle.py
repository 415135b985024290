"""What a built site serves so that a reader can check scenarios in the page (`check.js`): the
Python runtime (Pyodide, from the npm registry, fetched by `npm ci --prefix checker/browser`),
the checker as a zip of the modules `browser_check` needs with PyYAML's pure-Python loader, the
ask pages' situations, and `bundle.json`, which says what is there. All under `FOLDER` of the
site; nothing is fetched from elsewhere, and nothing is committed: the MkDocs plugin writes it
into each built site, `python -m checker.site --browser docs` into the docs folder (for
Zensical, which runs no plugin; that copy is git-ignored).

Without the npm package the site still builds: `bundle.json` says the checker is not
available, and the pages' controls say so.
"""

from __future__ import annotations

import ast
import importlib.util
import io
import json
import os
import re
import shutil
import zipfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import yaml

import checker
from checker.registry import BUNDLED, InstalledGame, bundled_declarations
from checker.site.examples.store import kept_file
from checker.site.examples.verify import engine_version
from checker.site.writing import link_new, write_if_changed

FOLDER = "assets/checker/browser"
"""Where the bundle stands in the built site (and in the docs folder, under Zensical)."""
PACKAGE = Path(checker.__file__).parent / "browser" / "node_modules" / "pyodide"
"""Where `npm ci --prefix checker/browser` puts Pyodide (see checker/browser/package.json)."""
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""Pyodide's files the page needs: the loader, the interpreter and the standard library.
No `pyodide-lock.json` (120 KB): the worker gives Pyodide one without packages, since none is
ever loaded, repeating the real one's `info` (`bundle.json`'s `lock`)."""
NO_SITUATIONS: dict[str, list[Any]] = {"texts": [], "situations": []}
"""An ask page's situations when its game has none (`ask_situations.situations`)."""
ENTRY = "checker.site.browser_check"
"""The module the worker imports; the zip holds it and the checker modules it imports."""


def write_bundle(target: Path, situations: Mapping[str, Any],
                 games: Mapping[str, InstalledGame], runtime: Path | None = None,
                 cache: Path | None = None) -> list[str]:
    """Write the bundle into `target` (the site's `FOLDER`), leaving files that hold the same
    bytes alone; the paths written, relative to `target`. The ask pages' situations are
    `situations`, by game (`ask_situations.situations`: the site's checked examples, nothing
    run again); a game without any gets none. The runtime is Pyodide's npm package
    (`PACKAGE`) unless told otherwise, linked rather than copied where the file system allows;
    the checker's zip is kept in `cache` (the plugin's result folder), made anew only when the
    checker's code changes."""
    runtime = PACKAGE if runtime is None else runtime
    files: dict[str, bytes | Path] = {}
    version = runtime_version(runtime)
    if version is not None:
        files.update({f"pyodide/{name}": runtime / name for name in RUNTIME})
        files["checker.zip"] = _kept_zip(cache, games)
    for game in games:
        files[f"templates/{game}.json"] = _json(situations.get(game, NO_SITUATIONS))
    files["bundle.json"] = _json({
        "available": version is not None, "pyodide": version,
        "lock": _lock_info(runtime, version, cache),
        "reason": None if version is not None else
        "the site was built without the Python runtime (run `npm ci --prefix checker/browser`)",
        "games": sorted(games)})
    written = []
    for name, content in files.items():
        done = _place(target / name, content) if isinstance(content, Path) else \
            write_if_changed(target / name, content)
        if done:
            written.append(name)
    return written


def runtime_version(runtime: Path) -> str | None:
    """Pyodide's version when all its files are there, else None."""
    try:
        version = json.loads((runtime / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        return None
    return str(version) if all((runtime / name).is_file() for name in RUNTIME) else None


def _lock_info(runtime: Path, version: str | None, cache: Path | None = None) -> Any:
    """What Pyodide's lock file says of the runtime (its ABI), which the worker's empty lock
    file must repeat; kept in `cache` by the runtime's version (the lock file is 120 KB)."""
    def read() -> bytes:
        try:
            info = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
        except (OSError, ValueError, KeyError):
            info = None
        return json.dumps(info).encode()

    named = version is not None and re.fullmatch(r"[\w.+-]+", version) is not None
    kept = kept_file(cache if named else None, f"lock-{version}.json", read)
    try:
        return json.loads(kept)
    except ValueError:  # a damaged cache
        return json.loads(read())


def checker_zip(games: Mapping[str, InstalledGame]) -> bytes:
    """The checker's modules `ENTRY` imports (none of MkDocs' or Markdown's), the modules of
    `games` (what their packages import of their own and of the checker), the games'
    declarations (`registry.BUNDLED`) and PyYAML's pure-Python modules, as a zip Python
    imports from. The same code gives the same bytes."""
    roots = {"checker": Path(checker.__file__).parent.parent}
    for game in games.values():
        top = game.module.split(".")[0]
        spec = importlib.util.find_spec(top) if top not in roots else None
        if spec is not None and spec.origin is not None:
            origin = Path(spec.origin)
            roots[top] = origin.parent.parent if origin.name == "__init__.py" else origin.parent
    modules = [module for game in games.values() for module in game.modules]
    members: dict[str, Path | bytes] = {
        f"{name.replace('.', '/')}{suffix}": path
        for name, (path, suffix) in _closure([ENTRY, *modules], roots).items()}
    members[f"checker/{BUNDLED}"] = _json(bundled_declarations(games))
    library = Path(yaml.__file__).parent
    members.update({f"yaml/{path.name}": path for path in sorted(library.glob("*.py"))
                    if path.name != "cyaml.py"})  # cyaml needs the C library Pyodide lacks
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            member = members[name]
            archive.writestr(info, member if isinstance(member, bytes) else member.read_bytes())
    return out.getvalue()


def _closure(entries: list[str], roots: Mapping[str, Path]) -> dict[str, tuple[Path, str]]:
    """The modules `entries` import, directly or not, within the packages of `roots` (each
    top-level package's parent folder), with the packages holding them: each module's file
    and its zip suffix (`.py`, or `/__init__.py` for a package)."""
    found: dict[str, tuple[Path, str]] = {}
    todo = list(entries)
    while todo:
        name = todo.pop()
        root = roots.get(name.split(".")[0])
        if name in found or root is None:
            continue
        folder = root / name.replace(".", "/")
        path, suffix = (folder / "__init__.py", "/__init__.py") if folder.is_dir() else \
            (folder.with_suffix(".py"), ".py")
        if not path.is_file():
            continue  # a name imported from a module, not a module
        found[name] = (path, suffix)
        parts = name.split(".")
        todo += [".".join(parts[:end]) for end in range(1, len(parts))]
        todo += _imports(path, name if suffix == "/__init__.py" else ".".join(parts[:-1]),
                         tuple(roots))
    return found


def _imports(path: Path, package: str, tops: tuple[str, ...]) -> Iterator[str]:
    """The modules of the packages `tops` a module imports at run time (not those under
    TYPE_CHECKING), and the names it imports from them, which may be modules too."""
    tree = ast.parse(path.read_bytes(), str(path))
    for node in _runtime_nodes(tree.body):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names
                        if alias.name.split(".")[0] in tops)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package.split(".")[:len(package.split(".")) - node.level + 1],
                                 *([base] if base else [])])
            if base.split(".")[0] in tops:
                yield base
                yield from (f"{base}.{alias.name}" for alias in node.names)


def _runtime_nodes(body: Iterable[ast.stmt]) -> Iterator[ast.AST]:
    for statement in body:
        if isinstance(statement, ast.If) and "TYPE_CHECKING" in ast.unparse(statement.test):
            yield from _runtime_nodes(statement.orelse)
            continue
        yield from ast.walk(statement)


def _json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _place(target: Path, source: Path) -> bool:
    """Put a runtime file at `target`: a hard link to the npm package's where the file system
    allows (megabytes, on every build), else a copy; nothing when the same file is there."""
    if link_new(source, target):
        return True
    try:
        found, wanted = target.stat(), source.stat()
        if found.st_ino == wanted.st_ino and found.st_dev == wanted.st_dev or \
                found.st_size == wanted.st_size and found.st_mtime_ns == wanted.st_mtime_ns:
            return False
    except OSError:
        pass
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.tmp")
    temporary.unlink(missing_ok=True)
    try:
        os.link(source, temporary)
    except OSError:
        shutil.copy2(source, temporary)
    temporary.replace(target)
    return True


def _kept_zip(cache: Path | None, games: Mapping[str, InstalledGame]) -> bytes:
    """`checker_zip(games)`, kept in `cache` by a fingerprint of the checker's and the games'
    code and PyYAML."""
    return kept_file(cache, f"checker-{engine_version()}-{'-'.join(games)}.zip",
                     lambda: checker_zip(games))
