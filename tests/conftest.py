"""Fixtures shared by several test folders: the kit built once (sdist and wheel) and installed in a fresh venv, and
the mutation check of the bundled suite run once.

Building and installing takes about 20 s (a pip install that resolves PyYAML, jsonschema and click), so the
distribution is built once per test session; tests that use it are marked ``slow``. Set DATONG_SKIP_WHEEL=1 to leave
them out (e.g. offline, where pip cannot reach an index).

The suite runs in parallel (pytest-xdist, ``-n auto --dist loadgroup`` in pyproject.toml), and a session or module
fixture is made once per worker that runs a test needing it. So that each costly one is made once in the whole run,
the scheduler (:func:`pytest_xdist_make_scheduler`) sends the tests that share one to the same worker
(:mod:`work_groups`).
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import warnings
from dataclasses import dataclass
from pathlib import Path

import pytest
import work_groups
from hypothesis import settings

REPO = Path(__file__).resolve().parents[1]

os.environ["DATONG_RULES_LANG"] = "en"
"""The commands' messages in English whatever the locale of the machine running the tests (a zh_CN locale would
otherwise turn them into 中文: datong_rules/cli/messages.py); tests/cli/test_messages.py asks for 中文 itself."""

settings.register_profile("kit", deadline=None)
settings.load_profile("kit")
"""Hypothesis without its per-example deadline (200 ms): a timed assertion that fails under load (a 2-core machine
shared by other jobs) says nothing about the kit. Speed is measured by the benchmarks under benchmarks/."""


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: builds and installs the kit in a fresh virtual environment (~20 s)")


def pytest_collection_modifyitems(config, items):
    """Warn when :func:`work_groups.module_group` misreads a module (a costly fixture reached another way than a
    parameter of the module's own functions): its tests still pass, but the fixture could be made once per worker."""
    for line in work_groups.misread(items):
        warnings.warn(pytest.PytestWarning(f"work groups of pytest-xdist (tests/work_groups.py): {line}"))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """With ``--dist loadgroup``: the tests of one :func:`work_groups.work_group` on one worker, the largest groups
    first (pytest-xdist's own ``loadgroup`` reads ``xdist_group`` marks by changing the tests' ids, which pytest 9
    no longer lets it do; these groups need no mark)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    return work_groups.scheduler(config, log)


def _run_clean(args: list[str], cwd: Path, timeout: int = 300) -> subprocess.CompletedProcess:
    dropped = ("PYTHONPATH", "VIRTUAL_ENV", "NO_COLOR", "DATONG_RULES_COMPILE")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)


@pytest.fixture(scope="session")
def run_clean():
    """``run_clean(args, cwd, timeout=300)``: run a command without this session's PYTHONPATH and VIRTUAL_ENV (so
    nothing of the checkout leaks in) and without DATONG_RULES_COMPILE (the wheel is the pure one); returns the
    CompletedProcess (text output captured)."""
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


@pytest.fixture(scope="session")
def mutation_report():
    """The mutation check of the bundled suite (:func:`datong_rules.conformance.mutation.runner.run_mutants`: every
    planted fault of the catalogue, the whole suite against each), run once per session: its
    :class:`~datong_rules.conformance.mutation.runner.MutationReport`."""
    from datong_rules.conformance.mutation.runner import run_mutants

    return run_mutants()  # as `python -m datong_rules.conformance.mutation` runs it


@pytest.fixture
def importable_module(tmp_path, monkeypatch):
    """A function ``(name, source) -> None`` that writes ``source`` as the module ``name`` in the test's folder and
    makes it importable (by ``--impl name:Class``, in process) for this test only: the folder first on
    ``sys.path``, and the module forgotten afterwards so that another test's module of that name is read afresh."""
    names: list[str] = []

    def make(name: str, source: str) -> None:
        (tmp_path / f"{name}.py").write_text(source, encoding="utf-8")
        monkeypatch.syspath_prepend(str(tmp_path))
        names.append(name)

    yield make
    for name in names:
        sys.modules.pop(name, None)
