"""Fixtures shared by several test folders: the kit built once (sdist and wheel) and installed in a fresh venv.

Building and installing takes about 20 s (a pip install that resolves PyYAML, jsonschema and click), so the
distribution is built once per test session; tests that use it are marked ``slow``. Set DATONG_SKIP_WHEEL=1 to leave
them out (e.g. offline, where pip cannot reach an index).
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: builds and installs the kit in a fresh virtual environment (~20 s)")


def _run_clean(args: list[str], cwd: Path, timeout: int = 300) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "NO_COLOR")}
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)


@pytest.fixture(scope="session")
def run_clean():
    """``run_clean(args, cwd, timeout=300)``: run a command without this session's PYTHONPATH and VIRTUAL_ENV (so
    nothing of the checkout leaks in); returns the CompletedProcess (text output captured)."""
    return _run_clean


@dataclass(frozen=True)
class Built:
    """The kit's source distribution and the wheel built from it (``python -m build``: sdist, then wheel)."""

    sdist: Path
    wheel: Path


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Built:
    """Build the sdist, then the wheel from the sdist (so a file missing from the sdist breaks the wheel)."""
    if os.environ.get("DATONG_SKIP_WHEEL") == "1":
        pytest.skip("DATONG_SKIP_WHEEL=1")
    work = tmp_path_factory.mktemp("dist")
    done = _run_clean([sys.executable, "-m", "build", "--outdir", str(work), str(REPO)], cwd=work)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    (sdist,) = work.glob("datong_rules-*.tar.gz")
    (wheel,) = work.glob("datong_rules-*.whl")
    return Built(sdist, wheel)


@pytest.fixture(scope="session")
def installed(built, tmp_path_factory) -> Path:
    """The bin/ folder of a fresh virtual environment with the kit's wheel installed."""
    work = tmp_path_factory.mktemp("venv")
    venv.create(work / "venv", with_pip=True)
    bin_dir = work / "venv" / ("Scripts" if os.name == "nt" else "bin")
    pip = _run_clean([str(bin_dir / "python"), "-m", "pip", "install", "--quiet", str(built.wheel)], cwd=work)
    assert pip.returncode == 0, pip.stdout[-2000:] + pip.stderr[-2000:]
    return bin_dir
