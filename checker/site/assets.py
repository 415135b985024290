"""The walkthrough's own script and style, shipped inside the package and added to the site
as generated files (no third-party script, no request leaving the site)."""

from __future__ import annotations

from importlib import resources

ASSETS = {"css": "assets/checker/walkthrough.css", "js": "assets/checker/walkthrough.js"}
"""Where the files land in the built site."""


def asset_text() -> dict[str, str]:
    folder = resources.files("checker.site") / "assets"
    return {path: (folder / path.rsplit("/", 1)[1]).read_text(encoding="utf-8")
            for path in ASSETS.values()}
