"""Paths and helpers shared by the conformance runner's tests: the demo scenario suite and the fake implementations.

A module of its own (not ``conftest``) so that tests import it by a unique name.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FAKES = HERE / "fake_impls"
SCENARIOS = HERE / "fixtures" / "scenarios"
JSONL_FAKE = FAKES / "jsonl_impl.py"

if str(FAKES) not in sys.path:  # makes `fake_inprocess:EchoImpl` importable for --impl
    sys.path.insert(0, str(FAKES))


def fake_argv(*flags: str) -> list[str]:
    """argv of the JSON-lines fake implementation with the given flags."""
    return [sys.executable, str(JSONL_FAKE), *flags]


def fake_cmd(*flags: str) -> str:
    """The same as one command string (for --impl-cmd)."""
    return shlex.join(fake_argv(*flags))
