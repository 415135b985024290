"""The files a rules site publishes besides its pages: the walkthrough's own script and style,
the reader's (rule previews, glossary terms, phones and print, offline reading: `READER`),
and the JSON Schema of scenario files. They ship inside the package (no third-party script,
no request leaving the site).

Under MkDocs and ProperDocs the plugin serves them from here (`plugin_files`), and lists the
styles and scripts first in `extra_css` and `extra_javascript`, so a site's own come after and
win. A generator that runs no plugin (Zensical) publishes only what the docs folder holds:
there `python -m checker.site` writes them into it, mkdocs.yml lists the styles and scripts,
and a build whose copies are missing or out of date reports it, with the command that fixes it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from checker.engine import Ruleset
from checker.files import open_regular
from checker.location import Location, Problem
from checker.site.examples.store import kept_file
from checker.site.examples.verify import engine_version
from checker.site.writing import replace_file

ASSETS = {"css": "assets/checker/checker.css", "js": "assets/checker/checker.js"}
"""The style sheet and the script every page loads, where they stand in the docs folder (and
the built site). Each is its parts (`PARTS`) one after the other: a page waits for two files
of the checker's, not ten (`benchmarks/rules_pages.py`)."""
PARTS = {
    ASSETS["css"]: ("walkthrough.css", "reference.css", "rule-entries.css", "check.css"),
    ASSETS["js"]: ("search.js", "walkthrough.js", "reference.js", "rule-entries.js",
                   "offline.js", "check.js"),
}
"""The sources in checker/site/assets of each file of `ASSETS`, in order: the walkthroughs
and example lines; rule previews, glossary terms, phones, print and offline reading; rule
search entries, the search's game switch, cited-by lists and coverage tables; checking
scenarios in the page; installing the site and keeping it offline. search.js comes first, so
that it is there as early as can be when the theme hands its search worker the index."""
RETIRED = tuple(f"assets/checker/{part}" for parts in PARTS.values() for part in parts)
"""Where checkers before `ASSETS` published each part as a file of its own."""
READER = {
    ASSETS["css"]: "style sheet of every page",
    ASSETS["js"]: "script of every page",
    "assets/checker/check-worker.js": "worker that runs the checker in the page",
    "assets/checker/ask.js": "script of the ask pages' form",
    "assets/checker/ask-yaml.js": "script of the ask pages' YAML",
    "assets/checker/ask-yaml-read.js": "script that reads the ask pages' YAML",
    "assets/checker/ask-yaml-write.js": "script that writes the ask pages' YAML",
    "assets/checker/ask-yaml-tree.js": "script of the ask pages' YAML tree",
    "assets/checker/ask-dom.js": "script that makes the ask pages' elements",
    "assets/checker/ask-players.js": "script of the ask pages' players",
    "assets/checker/ask-steps.js": "script of the ask pages' steps and claims",
    "assets/checker/ask-schema.js": "script that reads the schema for the ask pages' form",
    "assets/checker/ask-fields.js": "script of the ask pages' form fields",
    "assets/checker/ask-situations.js": "script of the ask pages' situations",
    "assets/checker/ask.css": "style of the ask pages' form",
    "sw.js": "service worker that keeps the site's pages for offline reading",
    "manifest.webmanifest": "web app manifest",
    "assets/checker/icon-192.png": "app icon",
    "assets/checker/icon-512.png": "app icon",
}
"""The files a site publishes, besides its schema, each with what it is. The service worker
stands at the site's root, so that it may keep every page; the manifest beside it."""
PAGE_STYLES = (ASSETS["css"],)
"""The style sheets every page loads, in this order (`extra_css`)."""
PAGE_SCRIPTS = (ASSETS["js"],)
"""The scripts every page loads, in this order (`extra_javascript`): not the worker, which
the page starts, nor the service worker, which offline.js registers."""
_HEADER = b"the rules reference checker's"
"""What the first line of a script or style sheet the checker serves says (`served`)."""
SCHEMA = "scenario.schema.json"
"""The JSON Schema of scenario files, published with the site for editors."""
WRITE = "python -m checker.site"
"""The command that writes the files into a docs folder (see `checker.site.__main__`)."""


def site_files(games: Mapping[str, Ruleset], cache: Path | None = None) -> dict[str, bytes]:
    """Each file's content by its path inside the docs folder. The schema, which takes every
    game's vocabulary (and so its engine) to make, is kept in `cache` (the plugin's result
    folder) for as long as the checker's code does not change."""
    folder = resources.files("checker.site") / "assets"
    files = {path: _bundled(path, folder) if path in PARTS else
             served(path, (folder / path.rsplit("/", 1)[-1]).read_bytes()) for path in READER}
    files[SCHEMA] = kept_file(cache, f"schema-{engine_version()}-{'-'.join(games)}.json",
                              lambda: _schema(games))
    return files


def served(path: str, source: bytes) -> bytes:
    """A script or style sheet as the site serves it: without the lines that are only
    comments (the sources in checker/site/assets keep them; every page loads the scripts).
    Only whole lines go, so no string or expression is ever cut; other files as they are."""
    if not path.endswith((".js", ".css")):
        return source
    kept, in_comment = [], False
    for line in source.decode("utf-8").split("\n"):
        text = line.strip()
        if in_comment:
            in_comment = not text.endswith("*/")
            if "*/" in text and in_comment:
                raise ValueError(f"{path}: code after a comment's end on one line")
            continue
        if text.startswith("//") or text.startswith("/*") and text.endswith("*/"):
            continue
        if text.startswith("/*") and "*/" not in text:
            in_comment = True
            continue
        kept.append(line)
    name = path.rsplit("/", 1)[-1]
    header = f"/* {name}: {_HEADER.decode()}; its source, with comments, is " \
             f"checker/site/assets/{name} */"
    return "\n".join([header, *kept]).encode("utf-8")


def _bundled(path: str, folder: Traversable) -> bytes:
    """A file of `ASSETS`: its parts served, one after the other. A script's part must end
    its last statement with a semicolon, so that the next part cannot continue it."""
    parts = []
    for name in PARTS[path]:
        part = served(f"assets/checker/{name}", (folder / name).read_bytes())
        if path.endswith(".js") and not part.rstrip().endswith(b";"):
            raise ValueError(f"checker/site/assets/{name}: its last statement lacks a semicolon")
        parts.append(part)
    return b"\n".join(parts)


def _schema(games: Mapping[str, Ruleset]) -> bytes:
    from checker.schema import scenario_schema  # only when not kept: it needs the scenarios

    # Compact, for tools to read: indenting would take the pure-Python JSON encoder.
    return json.dumps(scenario_schema(games), separators=(",", ":")).encode("utf-8")


def stale(docs: Path, games: Mapping[str, Ruleset], cache: Path | None = None) -> list[str]:
    """The files of `site_files` that the docs folder lacks, or holds with other content."""
    out = []
    for path, content in site_files(games, cache).items():
        try:
            same = (docs / path).read_bytes() == content
        except OSError:
            same = False
        if not same:
            out.append(path)
    return out


def stale_problems(docs: Path, shown: str, games: Mapping[str, Ruleset],
                   cache: Path | None = None) -> list[Problem]:
    """A problem for each stale file, named as `shown` names the docs folder: for a build
    without the plugin, which serves the files itself."""
    return [Problem(Location(f"{shown}/{path}", 1, 1),
                    f"{'out of date' if (docs / path).exists() else 'missing'}: the checker's "
                    f"{_what(path)}, which a site generator that runs no plugin (Zensical) "
                    f"publishes from here; run `{WRITE} {shown}` to write it")
            for path in stale(docs, games, cache)] + [
        Problem(Location(f"{shown}/{path}", 1, 1),
                f"an old copy of the checker's {path.rsplit('/', 1)[-1]}, which is now part of "
                f"{bundle_of(path)}: run `{WRITE} {shown}` to remove it, and list "
                f"{bundle_of(path)} in mkdocs.yml in its place")
        for path in retired(docs)]


def retired(docs: Path) -> list[str]:
    """The files of `RETIRED` that the docs folder holds as the checker wrote them."""
    return [path for path in RETIRED if _written_here(docs / path)]


def remove_retired(docs: Path) -> list[str]:
    """Remove the files of `retired` from the docs folder; the paths removed."""
    gone = retired(docs)
    for path in gone:
        (docs / path).unlink()
    return gone


def _written_here(path: Path) -> bool:
    """Whether `path` is a regular file the checker wrote (its first line says so)."""
    try:
        with open_regular(path) as file:
            return _HEADER in file.read(len(_HEADER) + 64)
    except OSError:
        return False


def bundle_of(path: str) -> str:
    """The file of `ASSETS` that the part at `path` (one of `RETIRED`) is now in."""
    return next(bundle for bundle, parts in PARTS.items() if path.rsplit("/", 1)[-1] in parts)


def write(docs: Path, games: Mapping[str, Ruleset]) -> list[str]:
    """Write the stale files into the docs folder; the paths written."""
    written = stale(docs, games)
    contents = site_files(games)
    for path in written:
        replace_file(docs / path, contents[path])
    return written


def _what(path: str) -> str:
    return READER.get(path, "JSON Schema of scenario files")
