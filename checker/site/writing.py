"""Writing the files a build or `python -m checker.site` produces: whole or not at all
(`checker.files.replace_file`), and only when their bytes change."""

from __future__ import annotations

import os
from pathlib import Path

from checker.files import replace_file

__all__ = ["link_new", "replace_file", "write_if_changed"]


def link_new(source: Path, target: Path) -> bool:
    """Whether `target` is now a hard link to `source` made where nothing was (a build into
    a clean folder); False when a file is there already, or the file system cannot link."""
    try:
        os.link(source, target)
        return True
    except OSError:
        return False


def write_if_changed(path: Path, content: bytes) -> bool:
    """`replace_file`, unless `path` holds `content` already; whether it wrote."""
    try:
        if path.read_bytes() == content:
            return False
    except OSError:
        pass
    replace_file(path, content)
    return True
