"""What `mkdocs build` says it checked (issue 31, item 8): how many scenarios went through the
engine in this build and how many results came from the cache, so a rebuild that ran nothing
does not read as if nothing was checked."""

from __future__ import annotations

from pathlib import Path

from sites import GOOD, GOOD_YAML, make_site, mkdocs


def checked_line(config: Path) -> str:
    done = mkdocs(config, "--strict")
    assert done.returncode == 0, done.stderr
    lines = [line.split("checker: ", 1)[1] for line in done.stderr.splitlines()
             if "checker: checked" in line]
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_the_log_says_how_many_scenarios_ran_and_how_many_came_from_the_cache(
        tmp_path: Path) -> None:
    second = GOOD.replace("ti4-page-example", "ti4-second")
    config = make_site(tmp_path, {"ti4/a.md": "# A\n\n" + GOOD, "ti4/b.md": "# B\n\n" + second},
                       {"ti4/one.yaml": GOOD_YAML.replace("ti4-page-example", "ti4-file")})
    assert checked_line(config) == "checked 3 scenarios (3 run, 0 from the cache)"
    assert checked_line(config) == "checked 3 scenarios (0 run, 3 from the cache)"
    page = tmp_path / "docs" / "ti4" / "b.md"
    page.write_text(page.read_text(encoding="utf-8").replace(
        "title: Red scores", "title: Red, again, scores"), encoding="utf-8")
    assert checked_line(config) == "checked 3 scenarios (1 run, 2 from the cache)"
