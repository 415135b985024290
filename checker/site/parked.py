"""The folders of a long list's pages, parked in the cache across MkDocs' cleaning of the
site: so a rebuild moves them back instead of making a hundred folders again.

With `use_directory_urls` each page a list continues on is a folder of its own holding one
`index.html`, a link to the page kept in the cache (`list_pages._Kept`). A rebuild empties
the site before anything is written, and making those folders again cost it from a few
milliseconds to a tenth of a second (the file system allocates each new folder); renaming
one costs a few microseconds. So before the site is emptied, each folder the last build
placed, still holding only its link to the kept page, is moved into the cache (`park`), and
the page, if nothing it shows changed, is moved back (`Parked.restore`). A folder not moved
back is removed with the build's other leftovers (`Parked.finish`).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

PARKED = "parked"
"""Where the folders wait, in the kept pages' folder, each under its page's key."""
PLACED = "placed.json"
"""The folders the last build placed: by folder, relative to the site, its page's key."""


def park(site: Path, kept: Path) -> None:
    """Move each folder of `site` the last build placed, holding only its link to a page
    kept in `kept`, into `kept`'s parked folders."""
    try:
        placed = json.loads((kept / PLACED).read_bytes())
    except (OSError, ValueError):
        return
    if not isinstance(placed, dict):
        return
    waiting = kept / PARKED
    try:
        waiting.mkdir(exist_ok=True)
    except OSError:
        return
    for folder, key in placed.items():
        if not (isinstance(folder, str) and isinstance(key, str) and key.isalnum()):
            continue
        source = site / folder
        try:
            if not source.resolve().is_relative_to(site.resolve()) \
                    or os.listdir(source) != ["index.html"] \
                    or not os.path.samefile(source / "index.html", kept / f"{key}.html"):
                continue
            os.rename(source, waiting / key)
        except OSError:
            continue


class Parked:
    """The folders parked for this build (`park`), and those it placed."""

    def __init__(self, kept: Path, site: Path) -> None:
        self.kept, self.site = kept, site
        self.placed: dict[str, str] = {}

    def restore(self, key: str, folder: Path) -> bool:
        """Move the folder parked for the page kept under `key` to `folder`, which must not
        hold anything yet; whether it did."""
        try:
            os.rename(self.kept / PARKED / key, folder)
            return True
        except OSError:
            return False

    def holds(self, key: str, page: Path) -> bool:
        """Whether `page` is a link to the page kept under `key` (a folder moved back)."""
        try:
            return os.path.samefile(page, self.kept / f"{key}.html")
        except OSError:
            return False

    def place(self, key: str, page: Path) -> None:
        """Note that `page`, a link to the page kept under `key`, is in the site: its folder
        is parked before the next build empties the site, if it is a folder of its own."""
        if page.name == "index.html":
            self.placed[page.parent.relative_to(self.site).as_posix()] = key

    def finish(self) -> None:
        """Remove the folders no page took back, and keep the list of those placed."""
        shutil.rmtree(self.kept / PARKED, ignore_errors=True)
        try:
            (self.kept / PLACED).write_text(json.dumps(self.placed), encoding="utf-8")
        except OSError:
            pass  # nothing is parked next time
