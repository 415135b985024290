"""The checker's files in a site's docs folder (the walkthrough's script and style, the
scenario JSON Schema): `python -m checker.site` writes them, and a build reports a copy that
is missing or out of date, at its place and with the command that fixes it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from repo_games import GAMES
from sites import make_site, mkdocs

from checker.schema import scenario_schema
from checker.site.site_files import ASSETS, READER, SCHEMA, served, site_files

ROOT = Path(__file__).resolve().parent.parent


def site_command(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "checker.site", *args], cwd=cwd,
                          capture_output=True, text=True, check=False, timeout=60)


def test_the_command_writes_what_is_missing_or_out_of_date_and_checks(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    first = site_command(cwd=tmp_path)
    assert (first.returncode, first.stderr) == (0, "")
    assert first.stdout.splitlines() == [f"wrote docs/{path}" for path in
                                         (*ASSETS.values(), *READER, SCHEMA)]
    assert json.loads((tmp_path / "docs" / SCHEMA).read_text("utf-8")) == json.loads(
        json.dumps(scenario_schema(GAMES)))
    assert site_command("--check", cwd=tmp_path).returncode == 0
    assert site_command(cwd=tmp_path).stdout == "", "nothing to write"
    (tmp_path / "docs" / ASSETS["js"]).write_text("// edited", encoding="utf-8")
    check = site_command("--check", "docs", cwd=tmp_path)
    assert (check.returncode, check.stdout) == (1, f"docs/{ASSETS['js']}: missing or out of date\n")
    assert site_command(cwd=tmp_path).stdout == f"wrote docs/{ASSETS['js']}\n"


def test_the_command_names_a_folder_that_is_not_there(tmp_path: Path) -> None:
    done = site_command("nowhere", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (4, "")
    assert done.stderr == "python -m checker.site: error: no such folder: nowhere\n"


def test_a_build_reports_a_copy_out_of_date_at_its_place(tmp_path: Path) -> None:
    config = make_site(tmp_path, {})
    (tmp_path / "docs" / SCHEMA).write_text("{}", encoding="utf-8")
    (tmp_path / "docs" / ASSETS["css"]).unlink()
    result = mkdocs(config)
    assert result.returncode == 1
    assert (f"docs/{SCHEMA}:1:1: out of date: the checker's JSON Schema of scenario files; "
            "run `python -m checker.site docs` to write it") in result.stderr
    assert (f"docs/{ASSETS['css']}:1:1: missing: the checker's walkthrough style; run "
            "`python -m checker.site docs` to write it") in result.stderr


def test_the_project_publishes_the_checkers_current_files() -> None:
    done = site_command("--check", "docs", cwd=ROOT)
    assert done.returncode == 0, f"{done.stdout}run `python -m checker.site docs`"


def test_scripts_and_styles_are_served_without_their_comment_lines() -> None:
    source = (b'/* A file comment\n   on two lines. */\n(function () {\n  // a note\n'
              b'  var url = "http://example.invalid/*x*/"; /* kept: code before it */\n'
              b'  /* one line */\n  return 1;\n})();\n')
    out = served("assets/checker/x.js", source).decode()
    kept = '  var url = "http://example.invalid/*x*/"; /* kept: code before it */'
    assert out.splitlines()[1:] == ["(function () {", kept, "  return 1;", "})();"]
    assert out.startswith("/* x.js: ") and "checker/site/assets/x.js" in out.splitlines()[0]
    assert served("assets/checker/icon-192.png", b"/* not a script */") == b"/* not a script */"
    for path, content in site_files(GAMES).items():
        if path.endswith((".js", ".css")):
            assert b"\n//" not in content and b"\n  //" not in content, path
