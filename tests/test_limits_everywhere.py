"""Every limit of `checker.limits` is the same in `checker run`, pytest, the MkDocs and
ProperDocs plugin and Zensical: for each, a scenario file and a page just past it get the same
located error from all five, and a file and a page at it get no limit error from any (the page's
checker: `test_browser_checker.py`, with the same texts). One small site holds them all."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from limit_inputs import limit_names, limit_texts
from sites import STRICT, generate, make_site

SURFACES = ("checker run", "pytest", "mkdocs", "properdocs", "zensical")
FENCE = "# Limits\n\n```scenario\n{}```\n"
AROUND = len(FENCE.format("").encode())
"""The bytes a page adds around its fence."""
PLACES = re.compile(r"^(?:scenarios|docs/ti4)/limits/[^:]+:\d+:\d+: .*$")
"""A located line of a file or page of this module's."""


def _slug(name: str) -> str:
    return name.lower().replace("_", "-")


def _site(root: Path, written: bool) -> Path:
    """The site: for each limit, a file and a page past it and at it."""
    pages, files = {}, {}
    for variant in ("past", "at"):
        for limit, texts in limit_texts(f"f-{variant}").items():
            files[f"limits/{_slug(limit)}-{variant}.yaml"] = getattr(texts, variant)
        for limit, texts in limit_texts(f"p-{variant}", AROUND).items():
            pages[f"ti4/limits/{_slug(limit)}-{variant}.md"] = FENCE.format(getattr(texts, variant))
    root.mkdir()
    return make_site(root, pages, files, material=True, written=written)


def _lines(output: str, prefix: str = "") -> set[str]:
    return {line.removeprefix(prefix).strip() for line in output.splitlines()
            if PLACES.match(line.removeprefix(prefix).strip())}


@pytest.fixture(scope="module")
def lines(tmp_path_factory: pytest.TempPathFactory) -> dict[str, set[str]]:
    """Each surface's located lines for the module's files and pages."""
    tmp = tmp_path_factory.mktemp("limits")
    config = _site(tmp / "site", written=False)
    env = {**os.environ, "NO_COLOR": "1"}
    found = {}
    run = subprocess.run([sys.executable, "-m", "checker", "run"], cwd=config.parent, env=env,
                         capture_output=True, text=True, check=False, timeout=600)
    assert run.returncode == 1, run.stdout[-2000:] + run.stderr[-2000:]
    found["checker run"] = _lines(run.stdout)
    tested = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                            cwd=config.parent, env=env, capture_output=True, text=True,
                            check=False, timeout=600)
    assert tested.returncode == 1, tested.stdout[-2000:]
    found["pytest"] = _lines(tested.stdout)
    for generator in ("mkdocs", "properdocs"):
        done = generate(generator, config, *STRICT[generator])
        assert done.returncode == 1, done.stderr[-2000:]
        found[generator] = {line.split("checker: ", 1)[1] for line in done.stderr.splitlines()
                            if "checker: " in line and PLACES.match(line.split("checker: ", 1)[1])}
        shutil.rmtree(config.parent / "site", ignore_errors=True)
    zensical = _site(tmp / "zensical", written=True)
    done = generate("zensical", zensical, *STRICT["zensical"])
    assert done.returncode == 0, done.stderr[-2000:]
    found["zensical"] = _lines(done.stderr, "checker: ")
    return found


def test_every_limit_has_texts_past_it_and_at_it() -> None:
    assert set(limit_texts("x")) == limit_names()


@pytest.mark.parametrize("limit", sorted(limit_names()))
def test_a_limit_is_the_same_everywhere(lines: dict[str, set[str]], limit: str) -> None:
    says = limit_texts("x")[limit].says
    mine = re.compile(rf"^(?:scenarios|docs/ti4)/limits/{_slug(limit)}-(past|at)\.")
    ours = {surface: {line for line in found if mine.match(line)}
            for surface, found in lines.items()}
    command_line = ours["checker run"]
    for surface in SURFACES:
        assert ours[surface] == command_line, f"{surface} differs from checker run"
    past = [line for line in command_line if "-past." in line and says in line]
    assert {line.split("/limits/")[0] for line in past} == {"scenarios", "docs/ti4"}, \
        f"the file and the page past the limit are refused: {sorted(command_line)}"
    assert not [line for line in command_line if "-at." in line and says in line], \
        "at the limit is allowed"
