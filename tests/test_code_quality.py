"""The house rules for the code itself: ruff (line length 100) and mypy on checker/ and tests/."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True,
                          text=True, check=False)


def test_ruff_finds_nothing() -> None:
    done = _run("ruff", "check", "checker", "tests", "benchmarks")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing_in_the_package() -> None:
    done = _run("mypy")
    assert done.returncode == 0, done.stdout + done.stderr
