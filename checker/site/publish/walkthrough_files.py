"""The file beside a rules page that keeps the walkthroughs its examples fold away
(`Rendering.folds`): the page shows each example as one line, and `walkthrough.js` fetches
the walkthrough from this file when a reader opens it, so that what a rules page loads before
any interaction is its rules. Without JavaScript (or from a folder of files, where a page
fetches nothing), a line's link opens the file itself: every walkthrough of the page, styled
by the checker's own style sheet, steppers where scripts run and all steps listed where not.

The file sits in the folder of the page's own HTML file, so the rule links of a walkthrough,
made relative to the page, lead to the same pages from either.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from pathlib import Path

from checker.site.pages.rulemap import escape
from checker.site.publish.site_files import ASSETS
from checker.site.writing import write_if_changed

NAME = "walkthroughs.html"


def walkthroughs_file(dest_uri: str) -> str:
    """Where the walkthroughs of the page written at `dest_uri` go in the site: beside it,
    `ti4/victory-points/walkthroughs.html` for `ti4/victory-points/index.html`, or
    `ti4/victory-points.walkthroughs.html` for `ti4/victory-points.html`."""
    folder, name = posixpath.split(dest_uri)
    if name == "index.html":
        return posixpath.join(folder, NAME)
    return posixpath.join(folder, f"{name.removesuffix('.html')}.{NAME}")


def walkthroughs_href(dest_uri: str) -> str:
    """The address of `walkthroughs_file` from the page at `dest_uri`."""
    return posixpath.basename(walkthroughs_file(dest_uri))


def walkthroughs_document(dest_uri: str, title: str, walkthroughs: Iterable[str]) -> str:
    """The file's HTML: a page of its own that a reader without JavaScript can read, which
    search engines leave out (the rules page is the one to find)."""
    file = walkthroughs_file(dest_uri)
    up = "../" * file.count("/")
    back = posixpath.basename(dest_uri) if posixpath.basename(dest_uri) != "index.html" \
        else "./"
    body = "\n".join(walkthroughs)
    return (f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<meta name="robots" content="noindex">\n'
            f'<title>Examples: {escape(title)}</title>\n'
            f'<link rel="stylesheet" href="{escape(up + ASSETS["css"])}">\n</head>\n'
            f'<body class="wt-file">\n<p><a href="{escape(back)}">Back to {escape(title)}</a>'
            f'</p>\n<main>\n{body}\n</main>\n'
            f'<script src="{escape(up + ASSETS["js"])}"></script>\n</body>\n</html>\n')


def write_walkthroughs(site: Path, dest_uri: str, title: str, walkthroughs: list[str]) -> None:
    """Write the walkthroughs of the page at `dest_uri` beside it."""
    write_if_changed(site / walkthroughs_file(dest_uri),
                     walkthroughs_document(dest_uri, title, walkthroughs).encode("utf-8"))
