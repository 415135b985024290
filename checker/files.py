"""Writing a file whole or not at all, for the site's generated files and the rules importer
alike: a reader never sees half a file, and a failed write leaves the old one as it was."""

from __future__ import annotations

import os
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
