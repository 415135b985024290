"""The build's stamp on each page: when the build that wrote the page started, so that the
service worker (`assets/sw.js`) can tell a reader that a page it shows from its kept copies is
one, and from when, and never draws an example's verdict from a kept file older than the
page. The MkDocs plugin puts it at the start of each page's content (after its title), where
every theme shows it and Material's instant navigation swaps it with the page; it is hidden, and holds no text
for search to find. The worker, showing a kept copy, puts its note right after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime


@dataclass(frozen=True)
class BuildStamp:
    built: str
    """When the build started, in UTC, to the millisecond (`2025-05-03T14:02:11.123Z`): of
    the same length always, so that a later build's stamp sorts after an earlier one's."""

    @classmethod
    def at(cls, when: datetime) -> BuildStamp:
        """The stamp of a build started at `when` (MkDocs' build time, which is
        SOURCE_DATE_EPOCH when that is set, so reproducible builds stay so)."""
        utc = when.astimezone(UTC)
        return cls(f"{utc:%Y-%m-%dT%H:%M:%S}.{utc.microsecond // 1000:03d}Z")

    def html(self) -> str:
        """The stamp as the service worker finds it (its `STAMP`)."""
        return f'<div class="checker-build" data-built="{self.built}" hidden></div>'


def stamped(content: str, stamp: BuildStamp) -> str:
    """A page's content with the build's stamp at its start: after its title when it starts
    with one, which search makes the page's own entry (anything before it would be the page's
    entry instead, and the title an entry of its own)."""
    if content.lstrip().startswith("<h1"):
        end = content.find("</h1>")
        if end >= 0:
            end += len("</h1>")
            return content[:end] + "\n" + stamp.html() + content[end:]
    return stamp.html() + "\n" + content
