"""The home page tells what the site holds (issue 31, item 8): it links every rules page each
game's navigation lists at the top, and says nothing is still to come."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
HOME = ROOT / "docs" / "index.md"
RULE_MARK = re.compile(r"^(?:#+ )?§\d", re.MULTILINE)
LATER = re.compile(r"\b(?:comes? later|coming soon|(?:yet )?to come|not (?:here|there|written) "
                   r"yet|in a later)\b", re.IGNORECASE)


def top_rules_pages() -> dict[str, list[str]]:
    """By game section of the navigation: the pages it lists at its top level (not under a
    heading such as "Related topics") that define rules."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    nav = config["nav"]
    games = next(extension["checker.site.markdown_ext"]["games"]
                 for extension in config["markdown_extensions"]
                 if isinstance(extension, dict) and "checker.site.markdown_ext" in extension)
    found: dict[str, list[str]] = {}
    for section in nav:
        (name, entries), = section.items()
        if not isinstance(entries, list):
            continue
        pages = [entry if isinstance(entry, str) else next(iter(entry.values()))
                 for entry in entries]
        found[name] = [page for page in pages if isinstance(page, str)
                       and page.partition("/")[0] in games
                       and RULE_MARK.search((ROOT / "docs" / page).read_text(encoding="utf-8"))]
    return found


def test_the_home_page_links_every_main_rules_page() -> None:
    pages = top_rules_pages()
    assert len(pages["Arcs"]) >= 6 and len(pages["Twilight Imperium 4"]) >= 3
    home = HOME.read_text(encoding="utf-8")
    missing = [page for game in pages.values() for page in game if f"]({page})" not in home]
    assert missing == [], "rules pages the home page does not link"


def test_the_home_page_promises_nothing_for_later() -> None:
    assert LATER.findall(HOME.read_text(encoding="utf-8")) == []
    assert LATER.search("The rest of **Arcs** (actions and battle) comes later.")
