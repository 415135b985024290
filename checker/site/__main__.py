"""`python -m checker.site [--check] [DOCS]`: write the checker's files into a site's docs
folder (the walkthrough's script and style, the scenario JSON Schema), or with `--check` only
say which are missing or out of date. The step before a build, on any site generator; exit
codes as `checker`'s: 0 done or current, 1 out of date (`--check`), 4 usage error."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from checker.cli import ExitCode, UsageError
from checker.games import GAMES
from checker.location import inert
from checker.site.site_files import stale, write


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(prog="python -m checker.site", description=__doc__.split("\n\n")[0])
    parser.add_argument("docs", nargs="?", default="docs", metavar="DOCS",
                        help="the site's docs folder (default: docs)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when a file is missing or out of date")
    try:
        args = parser.parse_args(argv)
        docs = Path(args.docs)
        if not docs.is_dir():
            raise UsageError(f"no such folder: {args.docs}")
    except UsageError as error:
        print(f"python -m checker.site: error: {inert(str(error))}", file=sys.stderr)
        return ExitCode.USAGE_ERROR
    if args.check:
        out = stale(docs, GAMES)
        for path in out:
            print(f"{inert(str(docs / path))}: missing or out of date")
        return ExitCode.FAILED if out else ExitCode.OK
    try:
        written = write(docs, GAMES)
    except OSError as exc:
        print(f"{inert(str(exc.filename or docs))}: cannot write: {exc.strerror or exc}",
              file=sys.stderr)
        return ExitCode.FAILED
    for path in written:
        print(f"wrote {inert(str(docs / path))}")
    return ExitCode.OK


if __name__ == "__main__":
    sys.exit(main())
