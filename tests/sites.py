"""Small MkDocs sites for the plugin's tests: a scenario fence, a site on disk, and the ways to
build it (the real `mkdocs` command, or in this process)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

from mkdocs.commands.build import build
from mkdocs.config import config_options as c
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from repo_games import GAMES
from repo_games import TI4_TITLES as TITLES

from checker.registry import installed
from checker.site.plugin import RulesPlugin
from checker.site.publish.site_files import ASSETS, write

GOOD_YAML = """\
id: ti4-page-example
title: Red scores Expand Borders
game: ti4
about: [ti4:61.12]
setup:
  players: [Red, Blue, Green]
  phase: status
  strategy_cards: {Red: Leadership, Blue: Trade, Green: Imperial}
  public_objectives: {revealed: [Expand Borders]}
steps:
  - score: {player: Red, objective: Expand Borders}
expect:
  points: {Red: 1}
"""
"""A valid TI4 scenario: Red scores a revealed public objective."""

GOOD = f"```scenario\n{GOOD_YAML}```\n"
"""GOOD_YAML as a fence in a page."""


def rules_page() -> str:
    """A page that defines every TI4 rule id the engine knows, as a real site must."""
    return f'# §61{{title="{TITLES["61"]}"}} Rules\n\n' + "\n\n".join(f'§{ref}{{title="{title}"}} {title}.'
                                          for ref, title in TITLES.items() if ref != "61") + "\n"


def other_games_pages() -> dict[str, str]:
    """A page per other game defining its rule ids, so a small TI4 site builds cleanly."""
    return {f"{game}/rules.md": "# Rules\n\n" + "\n\n".join(
        f'§{ref}{{title="{title}"}} {title}.' for ref, title in ruleset.rulebook.titles.items())
        + "\n"
        for game, ruleset in GAMES.items() if game != "ti4"}


EXTENSION = "  - checker.site.markdown_ext"
"""The extension's entry under `markdown_extensions`, without options."""


def make_site(root: Path, pages: dict[str, str], scenarios: dict[str, str] | None = None,
              plugin: str = "  - checker", material: bool = False,
              extension: str = EXTENSION, written: bool = False) -> Path:
    """A small site, with a page listing the TI4 scenarios; `material` builds it with Material
    and its search plugin (the one that honours `search: exclude`) instead of MkDocs' own
    theme. The plugin serves the checker's files; `written` writes them into the docs folder
    too, for a generator that runs no plugin (Zensical). Material loads no web fonts, as in
    the project's site and the ones `checker new` makes: no page loads anything from
    elsewhere."""
    theme, search = ("material, font: false", "\n  - search") if material else ("mkdocs", "")
    (root / "mkdocs.yml").write_text(textwrap.dedent(f"""\
        site_name: Test
        theme: {{name: {theme}}}
        extra_css: [{ASSETS["css"]}]
        extra_javascript: [{ASSETS["js"]}]
        markdown_extensions:
        {extension}
        plugins:
        {plugin}""") + search + "\n", encoding="utf-8")
    for name, text in {"index.md": "# Home\n", "ti4/rules.md": rules_page(),
                       "ti4/scenarios.md": LIST_PAGE, **other_games_pages(), **pages}.items():
        path = root / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if written:  # the site names no games: all, in their order
        write(root / "docs", installed().games)
    for name, text in (scenarios or {}).items():
        path = root / "scenarios" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "mkdocs.yml"


LIST_PAGE = "# All TI4 scenarios\n\n[[scenarios:ti4]]\n"
"""The page that lists the TI4 scenarios, and shows those no page embeds."""


GENERATORS = ("mkdocs", "properdocs", "zensical")
"""The site generators that read mkdocs.yml: MkDocs 1.6 and ProperDocs run the checker's
plugin and its Markdown extension, Zensical only the extension."""

STRICT = {"mkdocs": ("--strict",), "properdocs": ("--strict",), "zensical": ("--clean",)}
"""How CI runs each: MkDocs and ProperDocs strict; Zensical, which has no strict mode for
the checker's problems, without its page cache (it would skip pages that did not change)."""


def generate(generator: str, config: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`GENERATOR build` of the site of `config`, into `site/` beside it, as a new process."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", generator, "build", "-f", str(config), *args],
                          capture_output=True, text=True, cwd=config.parent, env=env, timeout=300,
                          check=False)


def mkdocs(config: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return generate("mkdocs", config, *args)


def new_process() -> None:
    """Forget the plugin instances MkDocs keeps for the whole process (it keeps those that
    define on_startup, for `mkdocs serve`), so the next build starts as a new command would."""
    plugins = MkDocsConfig.plugins
    assert isinstance(plugins, c.Plugins)
    plugins.plugin_cache.clear()


def built(config: Path, command: str = "build", **overrides: Any) -> MkDocsConfig:
    """Build in this process, as `command` would in a new process (the plugin instance is
    returned in it)."""
    new_process()
    cfg = load_config(str(config), site_dir=str(config.parent / "site"), **overrides)
    cfg.plugins.on_startup(command=command, dirty=False)
    build(cfg)
    return cfg


def plugin_of(cfg: MkDocsConfig) -> RulesPlugin:
    plugin = cfg.plugins["checker"]
    assert isinstance(plugin, RulesPlugin)
    return plugin


def html(root: Path, page: str) -> str:
    """The HTML of `page` of the site built in `root`: a page's folder (`ti4/rules`), or a
    file (`ti4/rules/walkthroughs.html`)."""
    path = root / "site" / page
    return (path if path.suffix == ".html" else path / "index.html").read_text(encoding="utf-8")
