"""The README says what CI does: its Quick start test command is the command in `.ci/run`,
and the defaults it documents are the ones in the code."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

from checker.cli import DEFAULT_PATHS

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI_RUN = ROOT / ".ci" / "run"


def _section(title: str) -> str:
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", README,
                      re.MULTILINE | re.DOTALL)
    assert match, f"README has no '## {title}' section"
    return match.group(1)


def _code_blocks(text: str) -> list[str]:
    blocks = re.findall(r"^```sh\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    return [block.strip() for block in blocks]


SYSTEM_STEP = "install_system_packages"
"""The step of `.ci/run` that installs system packages with apt (the README asks for them in
words); it is left out of the comparison: its definition and its call."""


def _ci_commands() -> list[str]:
    text = CI_RUN.read_text(encoding="utf-8")
    text = re.sub(rf"^{SYSTEM_STEP}\(\) \{{\n.*?^\}}\n", "", text, flags=re.MULTILINE | re.DOTALL)
    return [line.strip() for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")
            and not line.startswith(("set ", "cd ", f"{SYSTEM_STEP} "))]


def _system_packages() -> list[str]:
    calls = re.findall(rf"^{SYSTEM_STEP} (.+)$", CI_RUN.read_text(encoding="utf-8"), re.MULTILINE)
    return [package for call in calls for package in call.split()]


def test_ci_run_is_an_executable_bash_script() -> None:
    assert CI_RUN.read_text(encoding="utf-8").startswith("#!/usr/bin/env bash\n")
    assert os.access(CI_RUN, os.X_OK)


def test_quick_start_test_command_is_exactly_the_ci_command() -> None:
    blocks = _code_blocks(_section("Quick start"))
    test_commands = [block for block in blocks if "pytest" in block]
    assert len(test_commands) == 1, blocks
    assert _ci_commands() == test_commands


def test_quick_start_installs_the_system_packages_that_ci_installs() -> None:
    assert _system_packages() == ["chromium"]
    command = "sudo apt-get install -y --no-install-recommends " + " ".join(_system_packages())
    assert f"`{command}`" in " ".join(_section("Quick start").split())


def test_quick_start_installs_the_test_extra_that_pyproject_defines() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "test" in project["optional-dependencies"]
    for block in _code_blocks(_section("Quick start")):
        assert "pip install -q -e '.[test]'" in block


def test_documented_defaults_match_the_code() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["scripts"] == {"checker": "checker.cli:main"}
    assert pyproject["project"]["entry-points"]["pytest11"] == {"checker": "checker.pytest_plugin"}
    assert DEFAULT_PATHS == ("scenarios", "docs")
    assert "by default `scenarios/` and `docs/`" in README
    assert "(default `scenarios docs`)" in README
