"""Fixtures for the conformance runner's tests (paths and helpers live in ``conformance_support``)."""

from __future__ import annotations

import pytest

from conformance_support import SCENARIOS


@pytest.fixture
def demo_scenarios():
    """The six demo scenarios (ops echo and add; variants demo/plain and demo/other)."""
    from conformance.scenarios_io import load_scenarios

    return load_scenarios(SCENARIOS)
