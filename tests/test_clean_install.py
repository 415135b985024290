"""A clean install, as a new user gets it (issue 29, item 9): the project's wheel, installed
with its dependencies from the package index into a fresh venv outside the repository, then
`checker new demo` with its package installed, and the example game `examples/hearts`: each
builds with `mkdocs build --strict`, and `checker run` and `pytest` pass in it.

Nothing is read from the checkout at run time: every command runs in a folder outside it,
with no PYTHONPATH, and the venv's checker is asserted to be the installed one. The wheel is
built from a copy of what goes into it (pyproject.toml, README.md, checker/), so a stale
build/ folder in the checkout cannot slip old files into it. Slow (about a minute: a venv
and its dependencies), hence the `slow` mark; CI runs it with the rest of the suite.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
HEARTS = ROOT / "examples" / "hearts"


class Install(NamedTuple):
    venv: Path
    work: Path
    """A folder outside the checkout, where the commands run."""


def bin_of(venv: Path, name: str) -> str:
    folder = venv / ("Scripts" if os.name == "nt" else "bin")
    return str(folder / name)


def clean_env() -> dict[str, str]:
    """The environment of a user's shell: nothing that points back into the checkout or into
    the pytest running this test."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "VIRTUAL_ENV") and not key.startswith("PYTEST")}
    env["NO_MKDOCS_2_WARNING"] = "1"
    return env


def run(args: Sequence[str | Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(arg) for arg in args], cwd=cwd, env=clean_env(),
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, (f"{' '.join(map(str, args))} in {cwd}: exit "
                                  f"{done.returncode}\n{done.stdout}\n{done.stderr}")
    return done


@pytest.fixture(scope="module")
def install(tmp_path_factory: pytest.TempPathFactory) -> Install:
    base = tmp_path_factory.mktemp("clean-install")
    assert not base.is_relative_to(ROOT)
    source = base / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "checker", source / "checker",
                    ignore=shutil.ignore_patterns("__pycache__", "node_modules"))
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", base / "wheels",
         source], cwd=base)
    wheels = sorted((base / "wheels").glob("rules_reference_checker-*.whl"))
    assert len(wheels) == 1, wheels
    venv = base / "venv"
    run([sys.executable, "-m", "venv", venv], cwd=base)
    run([bin_of(venv, "python"), "-m", "pip", "install", "-q", wheels[0], "pytest"], cwd=base)
    work = base / "work"
    work.mkdir()
    return Install(venv, work)


def test_the_checker_is_the_installed_wheel(install: Install) -> None:
    done = run([bin_of(install.venv, "python"), "-c",
                "import checker.scaffold; print(checker.__file__)"], cwd=install.work)
    where = Path(done.stdout.strip()).resolve()
    assert where.is_relative_to(install.venv.resolve()), where
    games = run([bin_of(install.venv, "checker"), "games"], cwd=install.work).stdout
    assert [line.split("\t")[0] for line in games.splitlines()] == ["arcs", "ti3", "ti4"]


@pytest.fixture(scope="module")
def demo(install: Install) -> Path:
    run([bin_of(install.venv, "checker"), "new", "demo"], cwd=install.work)
    site = install.work / "demo"
    run([bin_of(install.venv, "python"), "-m", "pip", "install", "-q", "--no-deps", "-e", "."],
        cwd=site)
    return site


@pytest.fixture(scope="module")
def hearts(install: Install) -> Path:
    if not HEARTS.is_dir():
        pytest.skip(f"no example game at {HEARTS.relative_to(ROOT)} in this checkout")
    site = install.work / "hearts"
    shutil.copytree(HEARTS, site, ignore=shutil.ignore_patterns(
        "__pycache__", "site", ".cache", "build", "*.egg-info"))
    run([bin_of(install.venv, "python"), "-m", "pip", "install", "-q", site], cwd=install.work)
    return site


@pytest.mark.parametrize("site", ["demo", "hearts"])
def test_checker_run_passes(site: str, install: Install, request: pytest.FixtureRequest
                            ) -> None:
    folder: Path = request.getfixturevalue(site)
    done = run([bin_of(install.venv, "checker"), "run"], cwd=folder)
    assert done.stdout.endswith(" failed\n") and ", 0 failed" in done.stdout, done.stdout
    assert done.stderr == ""


@pytest.mark.parametrize("site", ["demo", "hearts"])
def test_pytest_passes(site: str, install: Install, request: pytest.FixtureRequest) -> None:
    folder: Path = request.getfixturevalue(site)
    done = run([bin_of(install.venv, "pytest"), "-q", "-p", "no:cacheprovider"], cwd=folder)
    assert " passed" in done.stdout and "failed" not in done.stdout, done.stdout


@pytest.mark.parametrize("site", ["demo", "hearts"])
def test_mkdocs_build_strict_passes(site: str, install: Install,
                                    request: pytest.FixtureRequest) -> None:
    folder: Path = request.getfixturevalue(site)
    run([bin_of(install.venv, "mkdocs"), "build", "--strict"], cwd=folder)
    assert (folder / "site" / "index.html").is_file()
