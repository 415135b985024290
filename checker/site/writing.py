"""Writing the files a build or `python -m checker.site` produces: whole or not at all (a
temporary file beside the target, then renamed over it), and only when their bytes change."""

from __future__ import annotations

import os
from pathlib import Path


def replace_file(path: Path, content: bytes) -> None:
    """`path` holds `content`, written aside and renamed over it, so a reader never sees half
    a file (its folders are made as needed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_bytes(content)
    os.replace(temporary, path)


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
