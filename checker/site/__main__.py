"""`python -m checker.site [--check] [--rules] [--browser] [DOCS]`: for a site generator that runs
no plugin (Zensical), write the checker's files into a site's docs folder (its scripts and
styles, service worker, manifest, icons, the scenario JSON Schema), or with `--check` only say
which are missing or out of date; under MkDocs and ProperDocs the plugin serves them itself.
It also removes the copies an older checker wrote of the scripts and styles that are now
parts of `assets/checker/checker.js` and `.css` (`site_files.RETIRED`).
The step before a Zensical build; exit codes as `checker`'s: 0 done or current, 1 out of date
(`--check`), 4 usage error.

With `--rules`, also `rules.json` (every rule and scenario, see `rules_json`): it checks every
scenario, reading the site's options from mkdocs.yml (`--config`). The MkDocs plugin writes it
into each built site itself; a site built without the plugin (Zensical) publishes this copy.
With `--browser`, also what checks scenarios in the page (`browser_bundle`: the Python runtime,
the checker, the ask pages' templates) into `assets/checker/browser/`, for the same reason;
that copy is large, and git-ignored."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from checker.cli import ExitCode, UsageError
from checker.location import inert
from checker.registry import InstalledGame, games, in_order
from checker.site.examples.store import ResultStore
from checker.site.examples.verify import ScenarioChecks
from checker.site.gathered.context import SiteContext
from checker.site.hosting.gather import gather
from checker.site.hosting.host import site_folders
from checker.site.hosting.site_options import site_options
from checker.site.publish.ask_situations import situations
from checker.site.publish.browser_bundle import FOLDER as BUNDLE
from checker.site.publish.browser_bundle import write_bundle
from checker.site.publish.rules_json import FILE, rules_json, write_rules_json
from checker.site.publish.site_files import remove_retired, retired, stale, write


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(prog="python -m checker.site", description=__doc__.split("\n\n")[0])
    parser.add_argument("docs", nargs="?", default="docs", metavar="DOCS",
                        help="the site's docs folder (default: docs)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when a file is missing or out of date")
    parser.add_argument("--rules", action="store_true",
                        help=f"also {FILE}, the site's rules and scenarios (checks them all)")
    parser.add_argument("--browser", action="store_true",
                        help=f"also {BUNDLE}/, what checks scenarios in the page")
    parser.add_argument("--config", default="mkdocs.yml", metavar="FILE",
                        help="the site's mkdocs.yml, for --rules and --browser "
                             "(default: mkdocs.yml)")
    try:
        args = parser.parse_args(argv)
        docs = Path(args.docs)
        if not docs.is_dir():
            raise UsageError(f"no such folder: {args.docs}")
    except UsageError as error:
        print(f"python -m checker.site: error: {inert(str(error))}", file=sys.stderr)
        return ExitCode.USAGE_ERROR
    site = _site(docs, Path(args.config)) if args.rules or args.browser else None
    rules = site[0] if site is not None and args.rules else None
    if args.check:
        out = stale(docs, _games(Path(args.config)))
        if rules is not None and not _holds(docs / FILE, rules_json(rules)):
            out.append(FILE)
        for path in out:
            print(f"{inert(str(docs / path))}: missing or out of date")
        old = retired(docs)
        for path in old:
            print(f"{inert(str(docs / path))}: an old copy, to remove")
        return ExitCode.FAILED if out or old else ExitCode.OK
    try:
        for path in remove_retired(docs):
            print(f"removed {inert(str(docs / path))}")
        written = write(docs, _games(Path(args.config)))
        if rules is not None and write_rules_json(docs / FILE, rules):
            written.append(FILE)
        if site is not None and args.browser:
            context, cache = site
            written += [f"{BUNDLE}/{path}" for path in
                        write_bundle(docs / BUNDLE, situations(context), context.checks.games,
                                     cache=cache)]
    except OSError as exc:
        print(f"{inert(str(exc.filename or docs))}: cannot write: {exc.strerror or exc}",
              file=sys.stderr)
        return ExitCode.FAILED
    for path in written:
        print(f"wrote {inert(str(docs / path))}")
    return ExitCode.OK


def _holds(path: Path, content: bytes) -> bool:
    try:
        return path.read_bytes() == content
    except OSError:
        return False


def _games(config: Path) -> dict[str, InstalledGame]:
    """The installed games, the site's own first, in the order its mkdocs.yml names them."""
    return in_order(games(), site_options(config).games or ())


def _site(docs: Path, config: Path) -> tuple[SiteContext, Path]:
    """The site's context, as a build without the plugin gathers it, with the plugin's result
    cache (so that after a build, unchanged scenarios are not run again), and that cache's
    folder."""
    options = site_options(config)
    folders = site_folders(options.root, os.path.relpath(docs, options.root), options.scenarios,
                           options.use_directory_urls, games=options.games)
    cache = options.root / options.cache_dir
    return gather(folders, ScenarioChecks(games(), ResultStore(cache))), cache


if __name__ == "__main__":
    sys.exit(main())
