"""`checker new`: a site and a game package whose examples and tests pass at once, written
whole or not at all, and one line for a request it cannot do. The same site installed from a
wheel and built by MkDocs: tests/test_clean_install.py."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from checker.cli import main
from checker.project import project_games, read_project
from checker.registry import GROUP, InstalledGame, from_entry_points
from checker.runner import check_paths, read_file
from checker.sources import walk

FILES = [
    ".github/workflows/rules.yml", ".gitignore", "README.md", "docs/index.md",
    "docs/{name}/coverage.md", "docs/{name}/glossary.md", "docs/{name}/rules.md",
    "docs/{name}/scenarios.md", "mkdocs.yml", "pyproject.toml",
    "scenarios/{name}/agreed-goal.yaml", "scenarios/{name}/reaching-the-goal.yaml",
    "tests/test_{name}_rules.py", "{name}_rules/__init__.py", "{name}_rules/ruleset.py",
]

RULES_TEXT = """\
# Dealing

The dealer shuffles and deals.

1. Each player gets ten cards.
   1. Two cards go face down to the skat.
2. The player left of the dealer leads.
"""


def files_in(folder: Path) -> list[str]:
    return sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*")
                  if path.is_file())


def installed_as(site: Path, name: str, monkeypatch: pytest.MonkeyPatch
                 ) -> dict[str, InstalledGame]:
    """The games as `checker run` in `site` would see them with its package installed: the
    package importable, registered by an entry point, its rules those of the site's pages."""
    monkeypatch.syspath_prepend(str(site))
    registry = from_entry_points([EntryPoint(name, f"{name}_rules:GAME", GROUP)])
    assert registry.problems == []
    project = read_project(site, registry.games)
    assert project.problems == []
    return project_games(project, registry.games)


def test_new_writes_a_site_whose_examples_and_tests_pass(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new", "newgame", "--title", "New Game"]) == 0
    site = tmp_path / "newgame"
    assert capsys.readouterr().out == ("newgame: a rules site for New Game (game 'newgame'), "
                                       "15 files written; start with newgame/README.md\n")
    assert files_in(site) == sorted(path.format(name="newgame") for path in FILES)
    for path in site.rglob("*"):
        assert not path.is_file() or "{{" not in path.read_text(encoding="utf-8"), path
    assert os.listdir(tmp_path) == ["newgame"], "nothing left beside it"
    games = installed_as(site, "newgame", monkeypatch)
    report = check_paths([site / "scenarios", site / "docs"], games)
    assert (report.passed, report.failed, report.ok) == (3, 0, True)
    examples = [scenario for folder in ("scenarios", "docs") for path in walk(str(site / folder))
                for scenario in read_file(Path(path), games).scenarios]
    assert [s.provenance.kind if s.provenance else None for s in examples] == ["rules"] * 3, \
        "each example says where its ruling comes from, as the site's own should"
    tests = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            "tests"], cwd=site, capture_output=True, text=True, timeout=120,
                           env={**os.environ, "PYTHONPATH": str(site)}, check=False)
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert "4 passed" in tests.stdout


def test_the_site_names_its_game_and_package(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new", "skat", "--dir", "site"]) == 0
    site = tmp_path / "site"
    pyproject = (site / "pyproject.toml").read_text(encoding="utf-8")
    assert '[project.entry-points."checker.games"]\nskat = "skat_rules:GAME"' in pyproject
    assert '"rules-reference-checker>=' in pyproject
    assert 'testpaths = ["tests", "scenarios", "docs"]' in pyproject
    mkdocs = (site / "mkdocs.yml").read_text(encoding="utf-8")
    assert "  font: false" in mkdocs and "games: [skat]" in mkdocs
    assert 'site_name: "Skat"' in mkdocs
    ruleset = (site / "skat_rules" / "ruleset.py").read_text(encoding="utf-8")
    imports = [line for line in ruleset.splitlines() if line.startswith(("import ", "from "))]
    assert [line for line in imports if "checker" in line] == ["from checker.api import ("]
    assert "site/\n.cache/\n.venv/\n" in (site / ".gitignore").read_text(encoding="utf-8")


def test_an_empty_current_folder_is_filled_in_place(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    site = tmp_path / "here"
    site.mkdir()
    inode = site.stat().st_ino
    monkeypatch.chdir(site)
    assert main(["new", "here", "--dir", "."]) == 0
    assert site.stat().st_ino == inode, "the shell's current folder is the same folder"
    assert "mkdocs.yml" in os.listdir(site)
    assert os.listdir(tmp_path) == ["here"]


@pytest.mark.parametrize(("args", "message"), [
    (["Skat"], ("checker: error: 'Skat' is not a game id: lowercase letters and digits, "
               "starting with a letter, at most 32 of them, such as skat")),
    (["sk-at"], "checker: error: 'sk-at' is not a game id"),
    (["ti3"], "checker: error: game 'ti3' is already installed (rules-reference-checker"),
    (["skat", "--dir", "full"], ("checker: error: full is not empty: give a new or empty "
                                "folder with --dir")),
    (["skat", "--dir", "full/file"], "checker: error: full/file is not a folder"),
    (["skat", "--dir", "no/such/site"], "checker: error: no such folder: "),
    (["skat", "--title", 'The "Skat"'], ("checker: error: --title 'The \"Skat\"': give the "
                                        "game's name on one line")),
    (["skat", "--from", "missing.md"], "checker: error: --from: no such file: missing.md"),
])
def test_a_request_it_cannot_do_is_one_line_and_writes_nothing(
        args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "file").write_text("mine\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["new", *args]) == 4
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines()[0].startswith(message)
    assert sorted(os.listdir(tmp_path)) == ["full"]
    assert os.listdir(tmp_path / "full") == ["file"]


def test_from_imports_the_rules_pages_and_numbers_the_starter_rules_after_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rules.md").write_text(RULES_TEXT, encoding="utf-8")
    assert main(["new", "fromtext", "--from", "rules.md"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "fromtext/docs/fromtext/dealing.md: written (§1 from rules.md)")
    site = tmp_path / "fromtext"
    pages = site / "docs" / "fromtext"
    assert sorted(os.listdir(pages)) == ["coverage.md", "dealing.md", "glossary.md",
                                         "scenarios.md", "starter-rules.md"]
    assert "§1.1a Two cards go face down" in (pages / "dealing.md").read_text(encoding="utf-8")
    starter = (pages / "starter-rules.md").read_text(encoding="utf-8")
    assert starter.startswith('# §2{title="Scoring and winning"}')
    index = (site / "docs" / "index.md").read_text(encoding="utf-8")
    assert "- [§1 Dealing](fromtext/dealing.md)\n" in index
    games = installed_as(site, "fromtext", monkeypatch)
    assert "fromtext:1.1a" in games["fromtext"].rulebook
    report = check_paths([site / "scenarios", site / "docs"], games)
    assert (report.passed, report.failed, report.ok) == (3, 0, True)


def test_a_rules_text_with_errors_writes_nothing(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rules.md").write_text("# \n\n1. A rule.\n", encoding="utf-8")
    assert main(["new", "skat", "--from", "rules.md"]) == 1
    out, err = capsys.readouterr()
    assert out.startswith("rules.md:1:1: no title")
    assert err == "checker: error: nothing written: the rules text has errors\n"
    assert os.listdir(tmp_path) == ["rules.md"]
