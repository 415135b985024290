"""`mkdocs serve` (and ProperDocs' serve) watching the standalone scenarios folder for as long
as it serves, even when the folder goes away and comes back, as switching git branches does.

The server's own `watch` cannot: its watchdog emitter stops for good once its folder is gone,
and a folder that did not exist when serving started is never watched. So the plugin keeps two
watches on the server's observer itself: one on the scenarios folder, which asks for a rebuild
on any change of a file in it, and one on the nearest folder above it that exists, not
recursive, which notices the scenarios folder (or a folder on the way to it) appear, disappear
or be replaced. Then the folder's watch is made again and the site rebuilt, so a verdict shown
is never that of files no longer there.
"""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from watchdog.events import DirDeletedEvent, FileSystemEvent, FileSystemEventHandler

if TYPE_CHECKING:
    from mkdocs.livereload import LiveReloadServer
    from watchdog.observers.api import ObservedWatch

Identity = tuple[int, int]
"""A folder's device and inode: a folder made again at the same path has another."""


def _identity(path: Path) -> Identity | None:
    """The folder at `path`, or None when there is none (or not a folder)."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return (found.st_dev, found.st_ino) if stat.S_ISDIR(found.st_mode) else None


def _nearest(folder: Path) -> Path:
    """The nearest folder above `folder` that exists (the file system's root at worst)."""
    for parent in folder.parents:
        if _identity(parent) is not None:
            return parent
    return Path(folder.anchor)


def can_request_rebuild(server: LiveReloadServer) -> bool:
    return hasattr(server, "_rebuild_cond") and hasattr(server, "_want_rebuild")


def request_rebuild(server: LiveReloadServer) -> None:
    """Ask the server's build loop for a rebuild, as its own watches do on a change: MkDocs 1.6
    and ProperDocs have no public call for it (see `can_request_rebuild`)."""
    with server._rebuild_cond:
        server._want_rebuild = True
        server._rebuild_cond.notify_all()


class _Calls(FileSystemEventHandler):
    """A watchdog handler that passes every event to `call`."""

    def __init__(self, call: Callable[[FileSystemEvent], None]) -> None:
        super().__init__()
        self.call = call

    def on_any_event(self, event: FileSystemEvent) -> None:
        self.call(event)


class _Watch:
    """One folder watched on the observer, or none, with the identity it was watched under."""

    def __init__(self, handler: FileSystemEventHandler, recursive: bool) -> None:
        self.handler = handler
        self.recursive = recursive
        self.path: Path | None = None
        self.identity: Identity | None = None
        self.scheduled: ObservedWatch | None = None

    def move(self, server: LiveReloadServer, path: Path | None) -> None:
        """Watch `path` now (None: nothing); a folder that vanishes meanwhile is not watched."""
        if self.scheduled is not None:
            server.observer.unschedule(self.scheduled)
        self.path, self.identity, self.scheduled = path, None, None
        identity = _identity(path) if path is not None else None
        if path is None or identity is None:
            return
        try:  # the first snapshot is taken here, and fails if the folder went meanwhile
            self.scheduled = server.observer.schedule(self.handler, str(path),
                                                      recursive=self.recursive)
        except OSError:
            return
        self.identity = identity


class ScenarioWatch:
    """The scenarios folder at `folder` (absolute), watched for `server` while it serves."""

    def __init__(self, server: LiveReloadServer, folder: Path) -> None:
        self.server = server
        self.folder = folder
        self.lock = threading.Lock()
        self.files = _Watch(_Calls(self._changed), recursive=True)
        self.above = _Watch(_Calls(lambda event: self.check()), recursive=False)

    def start(self) -> None:
        """Watch now: the server starts the observer when it starts serving."""
        with self.lock:
            self.files.move(self.server, self.folder)
            self.above.move(self.server, _nearest(self.folder))

    def check(self, lost: bool = False) -> None:
        """Watch the folder again if it appeared, vanished or was replaced (or its watch was
        `lost`), and rebuild."""
        with self.lock:
            for _ in range(len(self.folder.parts)):  # what is above may vanish meanwhile
                nearest = _nearest(self.folder)
                if nearest == self.above.path and _identity(nearest) == self.above.identity:
                    break
                self.above.move(self.server, nearest)
            if not lost and _identity(self.folder) == self.files.identity:
                return
            self.files.move(self.server, self.folder)
        request_rebuild(self.server)

    def _changed(self, event: FileSystemEvent) -> None:
        if not event.is_directory:
            request_rebuild(self.server)
        elif isinstance(event, DirDeletedEvent) and \
                os.path.normpath(os.fsdecode(event.src_path)) == str(self.folder):
            # The watch ends with its folder. The watch above notices too, unless the folder
            # is back (with the same inode, as file systems reuse them) before it looks.
            self.check(lost=True)
