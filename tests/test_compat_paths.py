"""The 0.1 import paths of the modules that the games-as-peers change moved into Huolong's folder still import (with
the deprecation warning of every 0.1 path), as the same module objects as the new paths."""

from __future__ import annotations

import subprocess
import sys

import pytest

MOVED = [
    ("reference_impl.bots", "datong_rules.reference_impl.huolong.bots"),
    ("reference_impl.variant.checks", "datong_rules.reference_impl.huolong.checks"),
    ("reference_impl.variant.settlement_check", "datong_rules.reference_impl.huolong.settlement_check"),
    ("reference_impl.rulebook.chart", "datong_rules.reference_impl.huolong.rulebook"),
    ("conformance.adapters.reference.ops_play", "datong_rules.reference_impl.huolong.ops.play"),
    ("conformance.adapters.reference.ops_hand", "datong_rules.reference_impl.huolong.ops.hand"),
    ("conformance.adapters.reference.given", "datong_rules.reference_impl.huolong.ops.given"),
    ("conformance.mutation.mutants", "datong_rules.reference_impl.huolong.faults"),
    ("conformance.mutation.patching", "datong_rules.reference_impl.faults"),
]


@pytest.mark.parametrize("old, new", MOVED)
def test_a_moved_module_keeps_its_0_1_path(old, new, tmp_path):
    code = (f"import warnings, importlib; warnings.simplefilter('ignore', DeprecationWarning)\n"
            f"print(importlib.import_module({old!r}) is importlib.import_module({new!r}))")
    # run outside the repository, whose reference_impl/ and conformance/ folders would be found first
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert out.stdout.strip() == "True", out.stderr[-2000:]
