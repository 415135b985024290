"""A site for any set of games: a game installed as a package of its own (here the guide's
Race, registered by a distribution's metadata on the path) builds a strict site with none of
the built-in games' rules and none of the checker's files in its docs folder; `checker run`
knows a rule as soon as a page defines it; a game's pages may live in a folder of the site's
choosing; a rule marker outside every game's folder says how to fix it."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from test_guide_own_game import _samples

ROOT = Path(__file__).resolve().parent.parent

MKDOCS_YML = """\
site_name: Race rules
theme: {{name: mkdocs}}
markdown_extensions:
  - checker.site.markdown_ext:
      scenarios: scenarios
      games: {games}
plugins:
  - checker
"""


def _race_project(tmp_path: Path, games: str = "[race]", folder: str = "race") -> dict[str, str]:
    """The guide's Race as an installed package (its code and a distribution's metadata in
    `tmp_path / "lib"`) and a site using it; the environment that has it installed."""
    lib = tmp_path / "lib"
    samples = _samples()
    for name in ("race_rules/__init__.py", "race_rules/ruleset.py"):
        path = lib / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(samples[name][1], encoding="utf-8")
    info = lib / "race_rules-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: race-rules\nVersion: 0.1.0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text('[checker.games]\nrace = race_rules:GAME\n',
                                           encoding="utf-8")
    site = tmp_path / "site"
    (site / "docs" / folder).mkdir(parents=True)
    (site / "docs" / "index.md").write_text("# Race\n\nSee [the rules](" + folder
                                            + "/rules.md).\n", encoding="utf-8")
    (site / "docs" / folder / "rules.md").write_text(samples["docs/race/rules.md"][1]
                                                     + "\n[[scenario:race-first-to-the-goal]]\n",
                                                     encoding="utf-8")
    scenario = site / "scenarios" / "race" / "first-to-the-goal.yaml"
    scenario.parent.mkdir(parents=True)
    scenario.write_text(samples["scenarios/race/first-to-the-goal.yaml"][1], encoding="utf-8")
    (site / "mkdocs.yml").write_text(MKDOCS_YML.format(games=games), encoding="utf-8")
    return {**os.environ, "PYTHONPATH": str(lib), "NO_MKDOCS_2_WARNING": "1"}


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True,
                          cwd=cwd, env=env, check=False, timeout=600)


def test_a_site_of_a_new_game_alone_builds_strict_and_checks(tmp_path: Path) -> None:
    env = _race_project(tmp_path)
    site = tmp_path / "site"
    built = _run(["mkdocs", "build", "--strict", "-q"], site, env)
    assert built.returncode == 0, built.stderr
    page = (site / "site" / "race" / "rules" / "index.html").read_text(encoding="utf-8")
    assert 'id="1.3"' in page and "race-first-to-the-goal" in page
    assert (site / "site" / "assets" / "checker" / "checker.js").is_file()
    assert sorted(p.name for p in (site / "docs").rglob("*") if p.is_file()) == [
        "index.md", "rules.md"], "the docs folder holds only the author's pages"
    ran = _run(["checker", "run"], site, env)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stdout.splitlines()[-1] == "1 passed, 0 failed"


def test_checker_run_knows_a_rule_once_a_page_defines_it(tmp_path: Path) -> None:
    env = _race_project(tmp_path)
    site = tmp_path / "site"
    scenario = site / "scenarios" / "race" / "first-to-the-goal.yaml"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace(
        "about: [race:1.3]", "about: [race:1.3, race:2.1]"), encoding="utf-8")
    ran = _run(["checker", "run", "scenarios"], site, env)
    assert ran.returncode == 1
    assert "scenarios/race/first-to-the-goal.yaml:5:19: unknown rule 'race:2.1'" in ran.stdout
    rules = site / "docs" / "race" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n§2.1 A new rule.\n",
                     encoding="utf-8")
    ran = _run(["checker", "run", "scenarios"], site, env)
    assert ran.returncode == 0, ran.stdout


def test_a_games_pages_may_live_in_a_folder_of_the_sites_choosing(tmp_path: Path) -> None:
    env = _race_project(tmp_path, games="{race: rules/race}", folder="rules/race")
    site = tmp_path / "site"
    built = _run(["mkdocs", "build", "--strict", "-q"], site, env)
    assert built.returncode == 0, built.stderr
    assert 'id="1.3"' in (site / "site" / "rules" / "race" / "rules" / "index.html"
                          ).read_text(encoding="utf-8")
    assert _run(["checker", "run"], site, env).returncode == 0


def test_a_rule_marker_outside_every_games_folder_says_how_to_fix_it(tmp_path: Path) -> None:
    env = _race_project(tmp_path)
    site = tmp_path / "site"
    (site / "docs" / "stray.md").write_text("# Stray\n\n§1.1 A rule with no game.\n",
                                            encoding="utf-8")
    built = _run(["mkdocs", "build", "--strict", "-q"], site, env)
    assert built.returncode == 1
    assert textwrap.dedent("""\
        docs/stray.md:3:1: rule marker §1.1 outside a game's folder: a game's rules go on the \
pages of its folder in the docs folder (race/ for race); move the page there, or give its \
folder to its game under `games:` in the options of checker.site.markdown_ext in mkdocs.yml\
""") in built.stderr


def test_a_site_naming_a_game_that_is_not_installed_is_told_so(tmp_path: Path) -> None:
    env = _race_project(tmp_path, games="[race, chess]")
    ran = _run(["checker", "run"], tmp_path / "site", env)
    assert "checker: warning: " in ran.stderr and "game 'chess' is not installed" in ran.stderr
    built = _run(["mkdocs", "build", "--strict", "-q"], tmp_path / "site", env)
    assert built.returncode == 1 and "Traceback" not in built.stderr
    assert "the games chess named under `games:` in mkdocs.yml are not installed" in built.stderr
