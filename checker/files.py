"""Writing a file whole or not at all, for the site's generated files and the rules importer
alike: a reader never sees half a file, and a failed write leaves the old one as it was."""

from __future__ import annotations

import errno
import os
import stat
from io import BufferedReader
from pathlib import Path


def replace_file(path: Path, content: bytes) -> None:
    """`path` holds `content`, written aside and renamed over it (its folders are made as
    needed); when writing fails, the file aside is removed and `path` is untouched."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    try:
        temporary.write_bytes(content)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def open_regular(path: Path) -> BufferedReader:
    """`path` opened for reading when it is a regular file, else OSError: a FIFO is not waited
    on and a device (or a link to one) is refused. What a cache keeps is read with it, so a
    kept file swapped for /dev/zero or a FIFO is a damaged cache, made again, never a build
    that hangs or fills the memory."""
    handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        os.set_blocking(handle, True)
        return os.fdopen(handle, "rb")
    except BaseException:
        os.close(handle)
        raise


KEPT_BYTES = 1 << 28
"""The most a file the cache keeps is read to (256 MiB): far above what a site of 100,000
scenarios keeps in one (about 60 MB), so a larger one is a damaged cache (a sparse file, say),
made again rather than read."""


def read_regular(path: Path, limit: int = KEPT_BYTES) -> bytes:
    """The bytes of `path`, a regular file (`open_regular`) of at most `limit` bytes, else
    OSError, before any is read."""
    with open_regular(path) as kept:
        if os.fstat(kept.fileno()).st_size > limit:
            raise OSError(errno.EFBIG, f"larger than {limit:,} bytes", str(path))
        data = kept.read(limit + 1)
    if len(data) > limit:  # it grew since
        raise OSError(errno.EFBIG, f"larger than {limit:,} bytes", str(path))
    return data
