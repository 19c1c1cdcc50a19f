"""Fixtures of the docs tests: the site built once per test session with ``mkdocs build --strict``."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "tests" / "_artifacts"


@dataclass(frozen=True)
class BuiltSite:
    """The output folder of a build and what mkdocs printed."""

    root: Path
    log: str
    returncode: int


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """Build the docs from the repository root into a temporary folder (strict: a warning fails)."""
    pytest.importorskip("mkdocs", reason="the docs extra is not installed: pip install -e '.[docs]'")
    pytest.importorskip("material", reason="the docs extra is not installed: pip install -e '.[docs]'")
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    return BuiltSite(out, proc.stdout + proc.stderr, proc.returncode)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """``tests/_artifacts`` (git-ignored), for screenshots."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
