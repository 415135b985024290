"""The games' registry: every game, the built-in ones too, comes from the entry-point group
`checker.games`; a game that cannot be used is one clear line naming its package, and the
other games keep working; a game's engine is imported only when a scenario of it must run."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest
from sites import GOOD_YAML, make_site

from checker.game_info import API_VERSION, GameInfo
from checker.registry import GROUP, InstalledGame, from_entry_points, installed
from checker.runner import load_file

ROOT = Path(__file__).resolve().parent.parent
ENGINES = [f"checker.games.{game}.ruleset" for game in ("arcs", "ti3", "ti4")]
DRAFTING = ["checker.scenario", "checker.runner", "checker.verdict", "checker.expectations",
            "checker.vocabulary", "checker.sentences", "checker.svg", "checker.schema",
            "checker.site.walkthroughs.walkthrough"]
"""What reads a scenario, runs it and drafts its walkthrough."""

GOOD_GAME = '''
from checker.game_info import GameInfo
GAME = GameInfo(name="{name}", title="A game", ruleset="{module}:Rules", api={api})

class Rules:
    game = "{name}"
    title = "A game"
    vocabulary = sentences = None
    def setup(self, data): return None
    def apply(self, state, kind, args): return state, []
    def outcome(self, state): return None
    def describe(self, state): return {{}}
'''


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


def _module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, text: str) -> None:
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(text), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop(name, None)


def test_the_built_in_games_register_through_the_entry_point_group() -> None:
    registered = {entry.name: entry.value for entry in entry_points(group=GROUP)}
    assert {name: registered.get(name) for name in ("arcs", "ti3", "ti4")} == {
        name: f"checker.games.{name}:GAME" for name in ("arcs", "ti3", "ti4")}
    registry = installed()
    assert registry.problems == []
    for name in ("arcs", "ti3", "ti4"):
        game = registry.games[name]
        assert game.package.startswith("rules-reference-checker ")
        ruleset = game.loaded
        assert (game.game, game.title) == (ruleset.game, ruleset.title) == (name, game.info.title)
        assert game.vocabulary is ruleset.vocabulary and game.sentences is ruleset.sentences


def test_nothing_outside_a_games_package_names_a_game() -> None:
    """The core and the site know no game by name: strings equal to a built-in game's name or
    naming its package appear only under checker/games/<game>/."""
    named = []
    for path in sorted((ROOT / "checker").rglob("*.py")):
        if path.is_relative_to(ROOT / "checker" / "games") or "browser" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and (
                    node.value in ("ti4", "ti3", "arcs")
                    or node.value.startswith(("checker.games.ti", "checker.games.arcs"))):
                named.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert named == []


def test_a_game_that_cannot_be_used_is_one_line_naming_its_package_and_the_others_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _module(tmp_path, monkeypatch, "good_game", GOOD_GAME.format(name="good", module="good_game",
                                                                 api=API_VERSION))
    _module(tmp_path, monkeypatch, "broken_game", "raise ImportError('no such thing as cards')")
    _module(tmp_path, monkeypatch, "future_game", GOOD_GAME.format(
        name="future", module="future_game", api=API_VERSION + 1))
    _module(tmp_path, monkeypatch, "odd_game", "GAME = 3\n")
    entries = [EntryPoint("good", "good_game:GAME", GROUP),
               EntryPoint("broken", "broken_game:GAME", GROUP),
               EntryPoint("future", "future_game:GAME", GROUP),
               EntryPoint("odd", "odd_game:GAME", GROUP),
               EntryPoint("renamed", "good_game:GAME", GROUP)]
    packages = {entry.name: f"{entry.name}-rules 0.1" for entry in entries}
    registry = from_entry_points(entries, packages)
    assert list(registry.games) == ["good"]
    assert registry.problems == [
        ("entry point 'broken = broken_game:GAME' of broken-rules 0.1: cannot import it: "
        "ImportError: no such thing as cards"),
        (f"entry point 'future = future_game:GAME' of future-rules 0.1: game 'future' is "
        f"written for version {API_VERSION + 1} of the checker's game contract; this checker "
        f"has version {API_VERSION}"),
        ("entry point 'odd = odd_game:GAME' of odd-rules 0.1: names a int, not a "
        "checker.game_info.GameInfo"),
        ("entry point 'renamed = good_game:GAME' of renamed-rules 0.1: the entry point's name "
        "must be the game's name (lowercase letters and digits), got game 'good'")]
    assert registry.games["good"].describe(None) == {}


def test_a_ruleset_that_breaks_the_contract_is_a_located_error_in_its_scenarios(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _module(tmp_path, monkeypatch, "lazy_game", """
        from checker.game_info import GameInfo
        GAME = GameInfo(name="lazy", title="Lazy", ruleset="lazy_rules:Rules")
        """)
    _module(tmp_path, monkeypatch, "lazy_rules", """
        class Rules:
            game = "lazy"
        """)
    registry = from_entry_points([EntryPoint("lazy", "lazy_game:GAME", GROUP)],
                                 {"lazy": "lazy-rules 2.0"})
    loaded = load_file("s.yaml", "id: a\ntitle: A\ngame: lazy\nexpect: {}\n",
                       {**registry.games, **installed().games})
    assert [str(p) for p in loaded.problems] == [
        ("s.yaml:3:7: game 'lazy' (lazy-rules 2.0): its ruleset lazy_rules:Rules lacks "
        "vocabulary, sentences, setup, apply, outcome, describe (see checker.api.Ruleset)")]


def test_checker_games_lists_every_installed_game_with_its_package() -> None:
    done = subprocess.run([sys.executable, "-m", "checker", "games"], capture_output=True,
                          text=True, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    lines = [line.split("\t") for line in done.stdout.splitlines()]
    assert [line[:2] for line in lines if line[0] in ("arcs", "ti3", "ti4")] == [
        ["arcs", "Arcs"], ["ti3", "Twilight Imperium (3rd edition)"],
        ["ti4", "Twilight Imperium (4th edition)"]]
    assert all(line[2].startswith("rules-reference-checker ") for line in lines)


def test_a_broken_installed_package_leaves_the_other_games_working(tmp_path: Path) -> None:
    """A real distribution (its metadata in a folder on the path) whose game does not
    import: `checker games` names it and fails; `checker run` warns and checks the others."""
    info = tmp_path / "broken_rules-0.3.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-rules\nVersion: 0.3\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{GROUP}]\nbroken = broken_rules:GAME\n",
                                           encoding="utf-8")
    (tmp_path / "broken_rules.py").write_text("import no_such_module\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    listed = subprocess.run([sys.executable, "-m", "checker", "games"], capture_output=True,
                            text=True, check=False, cwd=ROOT, env=env)
    assert listed.returncode == 1
    assert listed.stderr.splitlines() == [
        ("checker: error: entry point 'broken = broken_rules:GAME' of broken-rules 0.3: cannot "
        "import it: ModuleNotFoundError: No module named 'no_such_module'")]
    assert "ti4\t" in listed.stdout
    ran = subprocess.run([sys.executable, "-m", "checker", "run", "scenarios/ti3"],
                         capture_output=True, text=True, check=False, cwd=ROOT, env=env)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "broken-rules 0.3" in ran.stderr and "Traceback" not in ran.stderr
    assert ran.stdout.splitlines()[-1].endswith(" passed, 0 failed")


def test_a_game_declaration_is_plain_data() -> None:
    game = GameInfo(name="hearts", title="Hearts", ruleset="hearts_rules.ruleset:Hearts")
    assert game.api == API_VERSION
    assert isinstance(installed().games["ti4"], InstalledGame)


def test_importing_the_site_imports_no_engine() -> None:
    assert _imported("import checker.site.plugin, checker.site.markdown_ext") == []
    assert _imported("from checker.registry import games; games()['ti4'].vocabulary") == [
        ENGINES[2]]


def test_a_rebuild_from_the_cache_imports_no_engine(tmp_path: Path) -> None:
    config = make_site(tmp_path, {}, {"ti4/one.yaml": GOOD_YAML})
    build = f"""
        from mkdocs.commands.build import build
        from mkdocs.config import load_config
        build(load_config({str(config)!r}, site_dir={str(tmp_path / "site")!r}))
        """
    first = _imported(build, modules=ENGINES + DRAFTING)
    assert ENGINES[2] in first and set(DRAFTING) <= set(first)  # it ran the TI4 scenarios
    assert _imported(build, modules=ENGINES + DRAFTING) == []  # the second read their results
