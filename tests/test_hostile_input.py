"""Hostile and broken input through the real `checker` command: every file gets located
one-line errors, the good files next to it are still checked, nothing crashes, hangs or
takes much memory, output stays one line per problem, and exit codes follow pytest's."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import uses_repo_rules

from checker import limits

MEMORY_CAP = 200 << 20
"""The address space each command may use: a refusal must stay well under it."""

LOCATED = r"^(?P<path>[^:]+):(?P<line>\d+):(?P<col>\d+): \S"


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`checker ARGS` under the memory cap, never waiting more than 60 s, in a project whose
    rules are this repository's."""
    uses_repo_rules(cwd)
    done = subprocess.run([sys.executable, "-m", "checker", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=60, preexec_fn=_capped, check=False)
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    return done


def alias_bomb() -> str:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for name, before in zip("bcdefghi", "abcdefgh"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{before}"] * 9) + "]")
    return "\n".join(lines) + "\n"


HOSTILE = {
    "deep-flow.yaml": "a: " + "[" * 25_000 + "]" * 25_000 + "\n",
    "deep-block.yaml": "".join("  " * n + "a:\n" for n in range(3_000)) + "  " * 3_000 + "b: 1\n",
    "huge-integer.yaml": "id: x\ntitle: X\ngame: ti4\nsetup:\n  points: {Red: " + "9" * 5_000
                         + "}\n",
    "alias-bomb.yaml": alias_bomb(),
    "recursive-alias.yaml": "id: x\nsetup: &a\n  b: [*a]\n",
    "not-yaml.yaml": "id: [x\n",
}
"""File name -> text; each must give located errors only."""


def test_hostile_files_are_refused_in_place_and_hide_nothing(tmp_path: Path, minimal) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    for name, text in HOSTILE.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "too-large.yaml").write_bytes(b"# " + b"x" * limits.FILE_BYTES + b"\n")
    (folder / "binary.yaml").write_bytes(bytes(range(256)))
    (folder / "zz-good.yaml").write_text(minimal, encoding="utf-8")
    done = run("run", "scenarios", cwd=tmp_path)
    assert done.returncode == 1
    *problems, summary = done.stdout.splitlines()
    assert summary == "1 passed, 8 failed"
    by_file = {line.split(":", 1)[0] for line in problems}
    assert by_file == {f"scenarios/{name}" for name in [*HOSTILE, "too-large.yaml",
                                                         "binary.yaml"]}
    for line in problems:
        assert line.startswith("scenarios/") and line.count(":") >= 3, line
    assert (f"scenarios/too-large.yaml:1:1: cannot read file: the file is "
            f"{limits.FILE_BYTES + 3:,} bytes; scenario files and pages may have at most "
            f"{limits.FILE_BYTES:,}") in problems


def test_odd_paths_under_a_folder_are_reported_with_their_path(tmp_path: Path, minimal) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "loop.yaml").symlink_to("loop.yaml")
    (folder / "nowhere.yaml").symlink_to("missing.yaml")
    (folder / "looping-folder").symlink_to(".")
    os.mkfifo(folder / "pipe.yaml")
    (folder / "device.yaml").symlink_to("/dev/zero")
    (folder / "good.yaml").write_text(minimal, encoding="utf-8")
    done = run("run", "scenarios", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        "scenarios/device.yaml:1:1: cannot read file: not a regular file but a device",
        "scenarios/loop.yaml:1:1: cannot read file: Too many levels of symbolic links",
        "scenarios/nowhere.yaml:1:1: cannot read file: No such file or directory",
        "scenarios/pipe.yaml:1:1: cannot read file: not a regular file but a FIFO",
        "1 passed, 4 failed"]


@pytest.mark.parametrize("path, reason", [("/dev/zero", "not a regular file but a device"),
                                          ("pipe.yaml", "not a regular file but a FIFO")])
def test_a_device_or_fifo_named_on_the_command_line_is_refused_at_once(
        tmp_path: Path, path: str, reason: str) -> None:
    """`checker run /dev/zero` read until memory ran out; a FIFO blocked forever."""
    os.mkfifo(tmp_path / "pipe.yaml")
    done = run("run", path, cwd=tmp_path)
    assert (done.returncode, done.stdout.splitlines()) == (
        1, [f"{path}:1:1: cannot read file: {reason}", "0 passed, 1 failed"])


def test_a_folder_that_cannot_be_listed_is_reported_and_the_rest_checked(
        tmp_path: Path, minimal, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """Run in-process: as root (CI) no permission bit keeps a folder from being listed."""
    from checker.cli import main

    (tmp_path / "scenarios" / "locked").mkdir(parents=True)
    (tmp_path / "scenarios" / "good.yaml").write_text(minimal, encoding="utf-8")
    scandir = os.scandir

    def refusing(path: str) -> object:
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied")
        return scandir(path)

    monkeypatch.setattr("checker.sources.os.scandir", refusing)
    monkeypatch.chdir(tmp_path)
    uses_repo_rules(tmp_path)
    assert main(["run", "scenarios"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "scenarios/locked:1:1: cannot list the folder: Permission denied", "1 passed, 1 failed"]


# User text in every output format: one line per problem, no control character.

FORGED = "Red\nscenarios/other.yaml:1:1: all good\x1b[2J\u202e\ufffe"
"""A player name with a line break, a terminal escape, a right-to-left override and a
character no XML document may hold."""


def _forging(minimal: str) -> str:
    """A scenario whose claim names a player with a line break, a terminal escape and a
    right-to-left override."""
    return minimal.replace("  points: {Red: 1}", f"  points: {{{FORGED!r}: 1}}".replace(
        "'", '"'))


def test_user_text_never_starts_a_line_in_any_output_format(tmp_path: Path, minimal) -> None:
    (tmp_path / "forged.yaml").write_text(_forging(minimal), encoding="utf-8")
    for args in (("run", "forged.yaml"), ("run", "--format", "github", "forged.yaml"),
                 ("explain", "forged.yaml")):
        done = run(*args, cwd=tmp_path)
        assert done.returncode == 1
        for line in done.stdout.splitlines():
            assert not any(ord(c) < 32 or 0x7f <= ord(c) <= 0x9f or c in "\u202e\ufffe"
                           for c in line), line
            assert not line.startswith("scenarios/other.yaml"), line
        assert "Red\\nscenarios/other.yaml:1:1: all good\\x1b[2J\\u202e\\ufffe" in done.stdout


def test_the_junit_report_parses_whatever_the_text(tmp_path: Path, minimal) -> None:
    (tmp_path / "forged.yaml").write_text(_forging(minimal), encoding="utf-8")
    name = "odd\x01name.yaml"
    (tmp_path / name).write_text("id: [\x7f\n", encoding="utf-8")
    done = run("run", "--junit-xml", "report.xml", "forged.yaml", name, cwd=tmp_path)
    assert done.returncode == 1
    suite = ET.parse(tmp_path / "report.xml").getroot()
    assert suite.get("tests") == "2"
    assert [case.get("classname") for case in suite] == ["forged.yaml", "odd\\x01name.yaml"]
    errors = [case.find("error") for case in suite]
    assert all(error is not None for error in errors)
    assert "\\x1b[2J\\u202e\\ufffe" in (errors[0].text or "")
    assert "#x007f" in (errors[1].text or "")


# Exit codes: 3 for the checker's own failure, with the place of the input it met.

def test_an_engine_crash_exits_3_with_the_scenario_place(tmp_path: Path, minimal) -> None:
    (tmp_path / "good.yaml").write_text(minimal, encoding="utf-8")
    crash = ("import sys\n"
             "from checker.games.ti4.ruleset import TI4\n"
             "def boom(self, state, kind, args):\n"
             "    raise KeyError('lost')\n"
             "TI4.apply = boom\n"
             "from checker.cli import main\n"
             "sys.exit(main(['run', 'good.yaml']))\n")
    done = subprocess.run([sys.executable, "-c", crash], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60, check=False)
    assert (done.returncode, done.stdout.splitlines(), done.stderr) == (
        3, ["good.yaml:1:1: internal error in the ti4 engine: KeyError: 'lost'",
            "0 passed, 1 failed"], "")


# The site: every problem reported, the good examples still built.

def test_the_site_reports_every_hostile_file_and_still_shows_the_good_examples(
        tmp_path: Path) -> None:
    from sites import GOOD, GOOD_YAML, built, html, make_site, mkdocs

    unclosed = "```scenario\nid: never-closed\n"
    deep = "```scenario\na: " + "[" * 25_000 + "]" * 25_000 + "\n```\n"
    config = make_site(tmp_path, {"ti4/page.md": f"# Page\n\n{GOOD}\n{deep}\n"
                                                 "[[scenario:standalone]]\n\n" + unclosed},
                       {**{name: HOSTILE[name] for name in ("alias-bomb.yaml", "deep-flow.yaml")},
                        "standalone.yaml": GOOD_YAML.replace("ti4-page-example", "standalone")})
    os.mkfifo(tmp_path / "scenarios" / "pipe.yaml")
    (tmp_path / "scenarios" / "loop.yaml").symlink_to("loop.yaml")
    done = mkdocs(config)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    for problem in ["docs/ti4/page.md:20:35: nested more than 32 levels deep",
                    "docs/ti4/page.md:25:1: this ```scenario fence is never closed",
                    "scenarios/alias-bomb.yaml:5:28: more than 50,000 values",
                    "scenarios/deep-flow.yaml:1:35: nested more than 32 levels deep",
                    "scenarios/loop.yaml:1:1: cannot read file: Too many levels of symbolic",
                    "scenarios/pipe.yaml:1:1: cannot read file: not a regular file but a FIFO"]:
        assert f"ERROR   -  checker: {problem}" in done.stderr, problem
    built(config, "serve")
    page = html(tmp_path, "ti4/page")
    # The good fence and the embedded scenario, each one line opening its walkthrough.
    assert page.count(' data-walkthrough-line>') == 2
    assert html(tmp_path, "ti4/page/walkthroughs.html").count(' data-walkthrough ') == 2
    assert page.count("This example could not be read") == 2


def test_a_checker_bug_met_while_building_is_shown_in_place(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug in drafting a walkthrough, or in reading a scenario, fails that example on its
    page; the build goes on to report the rest."""
    from sites import GOOD, GOOD_YAML, built, html, make_site

    def broken(*args: object) -> str:
        raise ValueError("no draft")

    def unbuildable(*args: object) -> object:
        raise RuntimeError("no build")

    second = GOOD_YAML.replace("ti4-page-example", "second")
    config = make_site(tmp_path, {"ti4/page.md": f"# Page\n\n{GOOD}"},
                       {"second.yaml": second, "other.yaml": second.replace("second", "third")})
    monkeypatch.setattr("checker.site.walkthroughs.walkthrough.draft", broken)
    plugin = built(config, "serve").plugins["checker"]
    assert "docs/ti4/page.md:4:1: internal error in the walkthrough: ValueError: no draft" in [
        str(p) for p in plugin.context.problems]
    assert "internal error in the walkthrough" in html(tmp_path, "ti4/page")
    monkeypatch.setattr("checker.scenario.build", unbuildable)
    shutil.rmtree(tmp_path / ".cache")  # results are kept on disk between builds
    plugin = built(config, "serve").plugins["checker"]
    assert [str(p) for p in plugin.context.problems if "internal" in p.message] == [
        "docs/ti4/page.md:4:1: internal error in the checker: RuntimeError: no build",
        "scenarios/other.yaml:1:1: internal error in the checker: RuntimeError: no build",
        "scenarios/second.yaml:1:1: internal error in the checker: RuntimeError: no build"]


def test_a_page_that_writes_the_plugins_slot_comments_builds_as_written(tmp_path: Path) -> None:
    """The plugin leaves slots in the pages' HTML as comments and fills them last (see
    `Rendering.defer`); comments a page writes itself, even shaped like them, are text of the
    page: kept as they are, never filled, never a crash."""
    from sites import GOOD, built, html, make_site

    forged = ("<!--wt-slot 0-->zero<!--/wt-slot--> <!--wt-slot 99-->ninety-nine<!--/wt-slot-->"
              " <!--/wt-slot-->")
    config = make_site(tmp_path, {"ti4/page.md": f"# Page\n\nSee [[ti4:61.6]]. {forged}\n\n{GOOD}"})
    built(config)
    page = html(tmp_path, "ti4/page")
    assert forged in page
    assert page.count(" data-walkthrough-line>") == 1 and 'class="rule-ref"' in page
    assert "wt-slot " not in page.replace(forged, "")


def test_folders_nested_past_the_recursion_limit_are_walked(tmp_path: Path, minimal) -> None:
    """About 1,000 nested folders stopped the walk with a RecursionError (exit 3, one
    unlocated line) and the good file beside them was never checked."""
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "good.yaml").write_text(minimal, encoding="utf-8")
    deep = folder
    for _ in range(sys.getrecursionlimit() + 100):
        deep = deep / "d"
        deep.mkdir()
    (deep / "bad.yaml").write_text("not: [valid\n", encoding="utf-8")
    try:
        done = run("run", "scenarios", cwd=tmp_path)
    finally:
        _remove_nested(folder / "d")
    assert done.returncode == 1, done.stderr
    *problems, summary = done.stdout.splitlines()
    assert summary == "1 passed, 1 failed"
    assert problems == [(f"scenarios/{'d/' * (sys.getrecursionlimit() + 100)}bad.yaml:2:1: "
                        "YAML: did not find expected ',' or ']'")]


def _remove_nested(top: Path) -> None:
    """Remove folders nested too deep for shutil.rmtree (which recurses): pytest's own cleanup
    of old temporary folders would fail on them, and end a later session with a warning."""
    chain = [top]
    while True:
        inner = [entry for entry in chain[-1].iterdir() if entry.is_dir()]
        if not inner:
            break
        chain.append(inner[0])
    for folder in reversed(chain):
        for entry in folder.iterdir():
            entry.unlink()
        folder.rmdir()

