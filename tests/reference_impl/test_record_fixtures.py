"""Records written by release 0.1 keep verifying (``tests/fixtures/records``): a saved game must stay valid."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli

FIXTURES = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "records").glob("*.json"))


def test_the_fixtures_are_there():
    assert len(FIXTURES) == 15


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_release_0_1_record_still_verifies(path):
    result = CliRunner().invoke(cli, ["verify", str(path)])
    assert result.exit_code == 0, result.output
