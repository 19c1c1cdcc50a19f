"""Fixtures for the conformance runner's tests: the demo scenario suite and the fake implementations."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
FAKES = HERE / "fake_impls"
SCENARIOS = HERE / "fixtures" / "scenarios"
JSONL_FAKE = FAKES / "jsonl_impl.py"

if str(FAKES) not in sys.path:  # makes `fake_inprocess:EchoImpl` importable for --impl
    sys.path.insert(0, str(FAKES))

pytest_plugins = ["pytester"]


def fake_argv(*flags: str) -> list[str]:
    """argv of the JSON-lines fake implementation with the given flags."""
    return [sys.executable, str(JSONL_FAKE), *flags]


def fake_cmd(*flags: str) -> str:
    """The same as one command string (for --impl-cmd)."""
    return shlex.join(fake_argv(*flags))


@pytest.fixture
def demo_scenarios():
    """The six demo scenarios (ops echo and add; variants demo/plain and demo/other)."""
    from conformance.scenarios_io import load_scenarios

    return load_scenarios(SCENARIOS)
