"""The pages a long scenario list continues on, as the plugin writes them, kept whole in its
cache folder and linked into the site from there while nothing they show changed
(`KeptPages`; `list_pages.write_pages` makes them)."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, BinaryIO, Protocol

from checker.files import KEPT_BYTES, open_regular, read_regular
from checker.site.writing import link_new, replace_file

FOLDER = "lists"
"""Where the written pages are kept, in the plugin's cache folder."""
_INDEX = "index.json"


class PageFrame(Protocol):
    """What is around a page's content (`list_pages.Frame`)."""

    def key(self, title: str, url: str) -> str: ...

    def around(self, title: str, url: str) -> tuple[bytes, bytes]: ...


class PageContent(Protocol):
    """A page's content, made when asked for (`list_pages._Made`)."""

    def content(self) -> bytes: ...

    def said(self) -> list[tuple[str, str, str]]: ...


class KeptPages:
    """Written pages kept whole in a folder, each under the digest of its content
    (`part_key`), with an index of what each holds: the frame around the content (`Frame.key`),
    where the content starts and ends, the file's size, what search finds of its sections
    (`PartPage.said`), the SHA-256 of the file's bytes, the file's stamp (inode and change
    time) when a build last linked it, and a seal of all these and the key (`_seal`).

    A page whose content and frame are both kept is linked into the site (a hard link, or a
    copy where the file system has none): a list of thousands of scenarios keeps about 90 MB
    of pages, which a build then neither writes nor copies. A page whose frame changed (the
    site's nav, say) takes its content from the kept page. A kept page is used only when its
    entry's seal matches and its bytes are the ones the entry says: digested again, unless
    its stamp shows that nothing touched the file since a build linked it (`stamps`): the
    system sets a file's change time at every change, and no one can set it back. So a page
    changed through a link by something else, damaged, cut short, or renamed with its entry
    to another page's key, is made again (as a page the index names wrongly is). Pages a
    build did not use are removed after it."""

    def __init__(self, folder: Path | None, stamped: Mapping[str, list[int]] | None = None
                 ) -> None:
        self.folder = folder
        self.stamped = stamped or {}
        """By file name: each kept page's stamp, and modification time, before this build
        touched it (`stamps`)."""
        self.index = self._read_index()
        self.used: dict[str, list[Any]] = {}

    def _read_index(self) -> dict[str, list[Any]]:
        if self.folder is None:
            return {}
        try:
            data = json.loads(read_regular(self.folder / _INDEX))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {key: entry for key, entry in data.items()
                if isinstance(entry, list) and len(entry) == 8 and isinstance(entry[0], str)
                and all(isinstance(n, int) and not isinstance(n, bool) for n in entry[1:4])
                and isinstance(entry[5], str) and isinstance(entry[7], str)}

    def place(self, key: str, frame: PageFrame, title: str, url: str, path: Path,
              made: PageContent) -> list[tuple[str, str, str]]:
        """Put the page titled `title` at `url`, whose content is kept under `key`, at `path`,
        in `frame`; `made` makes the content when it is not kept. Returns what search finds
        of its sections, kept with it."""
        assert self.folder is not None
        kept = self.folder / f"{key}.html"
        around = frame.key(title, url)
        entry = self._valid(key, kept)
        said = _said(entry[4]) if entry is not None else None
        if entry is not None and said is not None and entry[0] == around and _link(kept, path):
            self._keep(key, entry[:6], kept)
            return said
        said = made.said()
        before, after = frame.around(title, url)
        try:
            length = _rewrite(kept, before, after, entry, made.content)
            size = kept.stat().st_size
            held = [around, len(before), len(before) + length, size,
                    [list(section) for section in said], _digest(kept, size)]
        except OSError:  # the cache cannot be written: the page is written all the same
            replace_file(path, before + made.content() + after)
            return said
        if not _link(kept, path):
            replace_file(path, read_regular(kept))
        self._keep(key, held, kept)
        return said

    def _valid(self, key: str, kept: Path) -> list[Any] | None:
        """The index's entry for the page kept under `key`, when its seal matches and the
        file holds the bytes it says."""
        entry = self.index.get(key)
        if entry is None or _seal(key, entry[:7]) != entry[7] or \
                not 0 <= entry[1] <= entry[2] <= entry[3]:
            return None
        try:
            if self._untouched(kept, entry):
                return entry
            return entry if _digest(kept, entry[3]) == entry[5] else None
        except OSError:
            return None

    def _untouched(self, kept: Path, entry: list[Any]) -> bool:
        """Whether nothing touched the page `kept` since a build linked it: its stamp before
        this build is the one `entry` holds, and it was not written since (its inode,
        modification time and size as then). Raises OSError."""
        before = self.stamped.get(kept.name)
        if before is None or before[:2] != entry[6]:
            return False
        info = os.stat(kept)
        return [info.st_ino, info.st_mtime_ns, info.st_size] == [before[0], before[2], entry[3]]

    def _keep(self, key: str, held: list[Any], kept: Path) -> None:
        """Keep the page under `key` in the index: `held` (its entry up to the digest), with
        the file's stamp now that this build linked it, sealed."""
        try:
            info = os.stat(kept)
        except OSError:
            return
        stamped = [*held, [info.st_ino, info.st_ctime_ns]]
        self.used[key] = [*stamped, _seal(key, stamped)]

    def finish(self) -> None:
        """Remove the pages this build did not use, and keep the index of those it did."""
        if self.folder is None:
            return
        try:
            for old in self.folder.iterdir():
                if old.name != _INDEX and old.name.removesuffix(".html") not in self.used:
                    old.unlink(missing_ok=True)
            if self.used != self.index:
                replace_file(self.folder / _INDEX, json.dumps(self.used).encode())
        except OSError:
            pass  # made again next time


def stamps(cache: Path | None) -> dict[str, list[int]]:
    """The stamp (inode and change time) of each page kept in the `cache` folder, and its
    modification time, by file name. Taken before MkDocs cleans the site folder: removing the
    site's links to the kept pages changes their change time."""
    found: dict[str, list[int]] = {}
    if cache is None:
        return found
    try:
        with os.scandir(cache / FOLDER) as listing:
            for entry in listing:
                if entry.name.endswith(".html"):
                    info = entry.stat()
                    found[entry.name] = [info.st_ino, info.st_ctime_ns, info.st_mtime_ns]
    except OSError:
        pass  # a page without a stamp is digested again
    return found


def _seal(key: str, fields: list[Any]) -> str:
    """The SHA-256 of a kept page's key and its entry's `fields` (all but the seal)."""
    return hashlib.sha256(f"{key}\n{json.dumps(fields)}".encode("utf-8", "surrogatepass")
                          ).hexdigest()


def _digest(kept: Path, size: int) -> str:
    """The SHA-256 of the bytes of the page `kept`, a regular file of `size` bytes (at most
    `KEPT_BYTES`); "" for any other. Raises OSError."""
    with open_regular(kept) as page:
        if os.fstat(page.fileno()).st_size != size or size > KEPT_BYTES:
            return ""
        return hashlib.file_digest(page, "sha256").hexdigest()


def _said(said: Any) -> list[tuple[str, str, str]] | None:
    """What search finds of a kept page's sections, as its index entry holds it; None when it
    cannot be read as such."""
    if not isinstance(said, list) or not all(
            isinstance(entry, list) and len(entry) == 3 and all(isinstance(t, str) for t in entry)
            for entry in said):
        return None
    return [(anchor, heading, text) for anchor, heading, text in said]


def _link(kept: Path, path: Path) -> bool:
    """Whether `path` now holds what `kept` holds: a hard link to it, else a copy; in place of
    any file that is there (`mkdocs build --dirty`), never written through it."""
    if link_new(kept, path):
        return True
    temporary = path.with_name(f".{path.name}.tmp")
    try:
        temporary.unlink(missing_ok=True)
        try:
            os.link(kept, temporary)
        except OSError:  # another file system, or one without hard links
            with open_regular(kept) as source, open(temporary, "wb") as out:
                _copy(source, out)
        os.replace(temporary, path)
        return True
    except OSError:
        return False


def _rewrite(kept: Path, before: bytes, after: bytes, entry: list[Any] | None,
             content: Callable[[], bytes]) -> int:
    """Replace `kept` with the page made of `before`, its content and `after`: the content
    the old page holds where `entry` says (copied by the kernel where it can), else what
    `content` makes. Returns the content's length."""
    kept.parent.mkdir(parents=True, exist_ok=True)
    temporary = kept.with_name(f".{kept.name}.tmp")
    with open(temporary, "wb") as out:
        out.write(before)
        length = -1
        if entry is not None:
            try:
                with open_regular(kept) as old:
                    _copy(old, out, entry[1], entry[2] - entry[1])
                length = entry[2] - entry[1]
            except OSError:
                out.seek(len(before))
                out.truncate()
        if length < 0:
            made = content()
            out.write(made)
            length = len(made)
        out.write(after)
    os.replace(temporary, kept)
    return length


def _copy(source: BinaryIO, out: BinaryIO, start: int = 0, length: int | None = None) -> None:
    """`length` bytes of `source` from `start` (all the rest by default) to the end of `out`,
    by the kernel where it can (`os.copy_file_range`)."""
    out.flush()
    if length is None:
        length = os.fstat(source.fileno()).st_size - start
    done = 0
    try:
        while done < length:
            copied = os.copy_file_range(source.fileno(), out.fileno(), length - done,
                                        start + done)
            if copied <= 0:
                break
            done += copied
    except (AttributeError, OSError):  # no such call here: copy through Python
        pass
    source.seek(start + done)
    while done < length:
        block = source.read(min(1 << 20, length - done))
        if not block:
            raise OSError(f"{source.name}: shorter than its index says")
        out.write(block)
        done += len(block)
