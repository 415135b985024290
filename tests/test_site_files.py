"""The checker's files (its scripts and styles, the service worker and manifest, the icons, the
scenario JSON Schema): under MkDocs the plugin serves them from the package, so a site's docs
folder holds only its pages; for a generator that runs no plugin (Zensical),
`python -m checker.site` writes them into the docs folder, and a build reports a copy that is
missing or out of date, at its place and with the command that fixes it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import yaml
from repo_games import GAMES
from sites import generate, make_site, mkdocs, other_games_pages, rules_page

from checker.registry import installed
from checker.schema import scenario_schema
from checker.site.publish.site_files import (
    ASSETS,
    PAGE_SCRIPTS,
    PAGE_STYLES,
    PARTS,
    READER,
    RETIRED,
    SCHEMA,
    served,
    site_files,
)

ROOT = Path(__file__).resolve().parent.parent


def site_command(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "checker.site", *args], cwd=cwd,
                          capture_output=True, text=True, check=False, timeout=60)


def test_the_command_writes_what_is_missing_or_out_of_date_and_checks(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    first = site_command(cwd=tmp_path)
    assert (first.returncode, first.stderr) == (0, "")
    assert first.stdout.splitlines() == [f"wrote docs/{path}" for path in (*READER, SCHEMA)]
    assert json.loads((tmp_path / "docs" / SCHEMA).read_text("utf-8")) == json.loads(
        json.dumps(scenario_schema(installed().games)))
    assert site_command("--check", cwd=tmp_path).returncode == 0
    assert site_command(cwd=tmp_path).stdout == "", "nothing to write"
    (tmp_path / "docs" / ASSETS["js"]).write_text("// edited", encoding="utf-8")
    check = site_command("--check", "docs", cwd=tmp_path)
    assert (check.returncode, check.stdout) == (1, f"docs/{ASSETS['js']}: missing or out of date\n")
    assert site_command(cwd=tmp_path).stdout == f"wrote docs/{ASSETS['js']}\n"


def test_the_command_removes_the_parts_an_older_checker_wrote_one_by_one(
        tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    assert site_command(cwd=tmp_path).returncode == 0
    old, own = tmp_path / "docs" / RETIRED[0], tmp_path / "docs" / RETIRED[-1]
    old.write_bytes(served(RETIRED[0], b"a { color: red; }\n"))
    own.write_text("// the site's own file of that name\n", encoding="utf-8")
    check = site_command("--check", cwd=tmp_path)
    assert (check.returncode, check.stdout) == (1, f"docs/{RETIRED[0]}: an old copy, to remove\n")
    assert site_command(cwd=tmp_path).stdout == f"removed docs/{RETIRED[0]}\n"
    assert not old.exists() and own.is_file(), "only what the checker wrote goes"
    assert site_command("--check", cwd=tmp_path).returncode == 0


def test_every_page_loads_one_style_sheet_and_one_script_made_of_the_parts_in_order() -> None:
    files = site_files(installed().games)
    for path, parts in PARTS.items():
        heads = [line.split(b":")[0] for line in files[path].splitlines()
                 if line.startswith(b"/* ") and b"the rules reference checker's" in line]
        assert heads == [f"/* {part}".encode() for part in parts], path
    assert {f"assets/checker/{part}" for parts in PARTS.values() for part in parts} \
        == set(RETIRED)
    assert not set(RETIRED) & set(files), "the parts are not published one by one"


def test_the_command_names_a_folder_that_is_not_there(tmp_path: Path) -> None:
    done = site_command("nowhere", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (4, "")
    assert done.stderr == "python -m checker.site: error: no such folder: nowhere\n"


def test_without_the_plugin_a_build_reports_a_copy_out_of_date_at_its_place(
        tmp_path: Path) -> None:
    config = make_site(tmp_path, {}, material=True, written=True)
    (tmp_path / "docs" / SCHEMA).write_text("{}", encoding="utf-8")
    (tmp_path / "docs" / ASSETS["css"]).unlink()
    result = generate("zensical", config, "--clean")
    assert (f"docs/{SCHEMA}:1:1: out of date: the checker's JSON Schema of scenario files, "
            "which a site generator that runs no plugin (Zensical) publishes from here; "
            "run `python -m checker.site docs` to write it") in result.stderr
    assert (f"docs/{ASSETS['css']}:1:1: missing: the checker's style sheet of every page, "
            "which a site generator that runs no plugin (Zensical) publishes from here; run "
            "`python -m checker.site docs` to write it") in result.stderr


def test_without_the_plugin_a_build_names_an_old_part_left_in_the_docs_folder(
        tmp_path: Path) -> None:
    config = make_site(tmp_path, {}, material=True, written=True)
    part = "assets/checker/reference.js"
    (tmp_path / "docs" / part).write_bytes(served(part, b"(function () {})();\n"))
    result = generate("zensical", config, "--clean")
    assert (f"docs/{part}:1:1: an old copy of the checker's reference.js, which is now part "
            f"of {ASSETS['js']}: run `python -m checker.site docs` to remove it, and list "
            f"{ASSETS['js']} in mkdocs.yml in its place") in result.stderr


def bare_site(root: Path, **config: object) -> Path:
    """A site as a new user writes it: the plugin and the extension, pages that define every
    rule the engines cite, and nothing of the checker's in its docs folder."""
    (root / "mkdocs.yml").write_text(yaml.safe_dump({
        "site_name": "Bare", "theme": {"name": "material"}, "plugins": ["search", "checker"],
        "markdown_extensions": ["checker.site.markdown_ext"], **config}), encoding="utf-8")
    pages = {"index.md": "# Home\n\nNo rule here.\n", "ti4/rules.md": rules_page(),
             **other_games_pages()}
    for name, text in pages.items():
        path = root / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "mkdocs.yml"


def loaded(page: str) -> tuple[list[str], list[str]]:
    """The style sheets and scripts a page loads, in order, the theme's own left out."""
    return ([href for href in re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
             if "/stylesheets/" not in href and "://" not in href],
            [src for src in re.findall(r'<script src="([^"]+)"', page)
             if "/javascripts/" not in src])


def test_under_the_plugin_a_docs_folder_with_only_pages_builds_strict_and_works(
        tmp_path: Path) -> None:
    result = mkdocs(bare_site(tmp_path), "--strict")
    assert result.returncode == 0, result.stderr
    assert "checker.site" not in result.stderr
    for path, content in site_files(installed().games).items():
        assert (tmp_path / "site" / path).read_bytes() == content, path
    assert (tmp_path / "site" / "sw.js").is_file(), "at the root, to keep every page"
    page = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert loaded(page) == (list(PAGE_STYLES), list(PAGE_SCRIPTS))
    assert not any((tmp_path / "docs" / path).exists() for path in site_files(GAMES))


def test_the_plugin_lists_its_files_once_before_the_sites_own_and_old_copies_give_way(
        tmp_path: Path) -> None:
    config = bare_site(tmp_path, extra_css=["own.css", PAGE_STYLES[0]],
                       extra_javascript=[{"path": PAGE_SCRIPTS[0], "defer": True}, "own.js"])
    old = tmp_path / "docs" / "sw.js"
    old.write_text("// an old copy\n", encoding="utf-8")
    result = mkdocs(config, "--strict")
    assert result.returncode == 0, result.stderr
    page = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    styles, scripts = loaded(page)
    assert styles == ["own.css", PAGE_STYLES[0]]
    assert scripts == [PAGE_SCRIPTS[0], "own.js"]
    assert f'<script src="{PAGE_SCRIPTS[0]}" defer>' in page, "as the site lists it"
    assert (tmp_path / "site" / "sw.js").read_bytes() == site_files(GAMES)["sw.js"]


def test_the_plugin_warns_of_a_part_listed_by_its_old_name_and_leaves_it_out(
        tmp_path: Path) -> None:
    config = bare_site(tmp_path, extra_css=["assets/checker/walkthrough.css", "own.css"])
    strict = mkdocs(config, "--strict")
    assert strict.returncode == 1
    assert ("mkdocs.yml lists assets/checker/walkthrough.css in extra_css: the checker's "
            f"walkthrough.css is now part of {PAGE_STYLES[0]}, which the plugin loads on every "
            "page; remove it from the list") in strict.stderr
    assert mkdocs(config).returncode == 0
    page = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert loaded(page)[0] == [*PAGE_STYLES, "own.css"]


def test_the_projects_docs_folder_holds_none_of_the_checkers_files() -> None:
    paths = [f"docs/{path}" for path in site_files(GAMES)]
    tracked = subprocess.run(["git", "ls-files", "--", *paths], cwd=ROOT, capture_output=True,
                             text=True, check=True, timeout=60)
    assert tracked.stdout == ""
    ignored = subprocess.run(["git", "check-ignore", "--no-index", "--", *paths], cwd=ROOT,
                             capture_output=True, text=True, check=False, timeout=60)
    assert ignored.stdout.split() == paths, "left out of version control"


def test_mkdocs_yml_lists_the_styles_and_scripts_for_a_generator_without_the_plugin() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for key, paths in (("extra_css", PAGE_STYLES), ("extra_javascript", PAGE_SCRIPTS)):
        listed = re.search(rf"^{key}:\n((?:  - .*\n)+)", config, re.MULTILINE)
        assert listed is not None, key
        assert listed[1].split() == [word for path in paths for word in ("-", path)], key


def test_scripts_and_styles_are_served_without_their_comment_lines() -> None:
    source = (b'/* A file comment\n   on two lines. */\n(function () {\n  // a note\n'
              b'  var url = "http://example.invalid/*x*/"; /* kept: code before it */\n'
              b'  /* one line */\n  return 1;\n})();\n')
    out = served("assets/checker/x.js", source).decode()
    kept = '  var url = "http://example.invalid/*x*/"; /* kept: code before it */'
    assert out.splitlines()[1:] == ["(function () {", kept, "  return 1;", "})();"]
    assert out.startswith("/* x.js: ") and "checker/site/assets/x.js" in out.splitlines()[0]
    assert served("assets/checker/icon-192.png", b"/* not a script */") == b"/* not a script */"
    for path, content in site_files(installed().games).items():
        if path.endswith((".js", ".css")):
            assert b"\n//" not in content and b"\n  //" not in content, path
