"""The games' registry: a game's engine is imported only when a scenario of it must run, so a
site rebuilt from its result cache never imports one, nor what reads scenarios and drafts
their walkthroughs."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from sites import GOOD_YAML, make_site

from checker.games import GAMES, Game

ENGINES = [f"checker.games.{game}.ruleset" for game in GAMES]
DRAFTING = ["checker.scenario", "checker.runner", "checker.verdict", "checker.expectations",
            "checker.vocabulary", "checker.sentences", "checker.svg", "checker.schema",
            "checker.site.walkthrough"]
"""What reads a scenario, runs it and drafts its walkthrough."""


def _imported(code: str, cwd: Path | None = None, modules: list[str] = ENGINES) -> list[str]:
    """Which of `modules` (the game engines) are imported after running `code` in a new
    interpreter."""
    probe = textwrap.dedent(code) + textwrap.dedent(f"""
        import sys
        print(" ".join(m for m in {modules!r} if m in sys.modules))
        """)
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          cwd=cwd, check=False, env={"NO_MKDOCS_2_WARNING": "1",
                                                     "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_each_game_stands_for_its_ruleset() -> None:
    for name, game in GAMES.items():
        assert isinstance(game, Game)
        ruleset = game.loaded
        assert (game.game, game.title) == (ruleset.game, ruleset.title) == (name, ruleset.title)
        assert game.rulebook is ruleset.rulebook
        assert game.vocabulary is ruleset.vocabulary and game.sentences is ruleset.sentences
        assert getattr(game, "picture", None) == getattr(ruleset, "picture", None)


def test_importing_the_site_imports_no_engine() -> None:
    assert _imported("import checker.site.plugin, checker.site.markdown_ext") == []
    assert _imported("from checker.games import GAMES; GAMES['ti4'].vocabulary") == [ENGINES[0]]


def test_a_rebuild_from_the_cache_imports_no_engine(tmp_path: Path) -> None:
    config = make_site(tmp_path, {}, {"ti4/one.yaml": GOOD_YAML})
    build = f"""
        from mkdocs.commands.build import build
        from mkdocs.config import load_config
        build(load_config({str(config)!r}, site_dir={str(tmp_path / "site")!r}))
        """
    first = _imported(build, modules=ENGINES + DRAFTING)
    assert ENGINES[0] in first and set(DRAFTING) <= set(first)  # it ran the TI4 scenarios
    assert _imported(build, modules=ENGINES + DRAFTING) == []  # the second read their results
