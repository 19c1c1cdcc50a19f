"""Records written by release 0.1 (``tests/fixtures/records``): a saved game keeps verifying, except where a bundled
variant's reading changed because the sources favour the other one. Those records are listed in
``CHANGED`` with the first hand whose settlement differs; ``verify`` must report exactly that mismatch for them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli

FIXTURES = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "records").glob("*.json"))

CHANGED = {
    # record stem: (index of the first hand whose settlement differs, the answer key that differs, issue-13 item)
    "huolong-datong-guide-seed1": (4, "next_banker", "5: attackers at A take over without passing A"),
    "huolong-datong-guide-seed2": (4, "next_banker", "5"),
    "huolong-datong-guide-seed4": (6, "next_banker", "5"),
    "huolong-datong-guide-seed5": (5, "next_banker", "5"),
    "huolong-li-zhijiang-seed1": (0, "levels", "4: 倒载, failed loaded jokers count for the opponents"),
    "huolong-li-zhijiang-seed2": (0, "levels", "4 and 2: each alone changes this hand; 2: joker levels as totals"),
    "huolong-li-zhijiang-seed3": (2, "levels", "4 and 2"),
    "huolong-li-zhijiang-seed4": (0, "levels", "4"),
    "huolong-online-platform-seed1": (0, "levels", "1: joker levels as totals in the dig rows (2, not 1 + 2)"),
    "huolong-online-platform-seed2": (0, "levels", "1 (item 5 changes a later hand of seeds 1-4)"),
    "huolong-online-platform-seed3": (0, "levels", "1"),
    "huolong-online-platform-seed4": (0, "levels", "1"),
    "huolong-online-platform-seed5": (0, "levels", "1"),
}
"""Saved 0.1 games that no longer verify, and why (CHANGELOG, Changed)."""


def test_the_fixtures_are_there():
    assert len(FIXTURES) == 15
    assert set(CHANGED) <= {p.stem for p in FIXTURES}


@pytest.mark.parametrize("path", [p for p in FIXTURES if p.stem not in CHANGED], ids=lambda p: p.stem)
def test_a_release_0_1_record_still_verifies(path):
    result = CliRunner().invoke(cli, ["verify", str(path)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("path", [p for p in FIXTURES if p.stem in CHANGED], ids=lambda p: p.stem)
def test_a_record_of_a_changed_reading_reports_exactly_its_first_differing_settlement(path):
    hand, key, _item = CHANGED[path.stem]
    result = CliRunner().invoke(cli, ["verify", str(path)])
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert re.fullmatch(
        rf"{re.escape(str(path))}: hands\[{hand}\] action \d+ \(seat -\): wrong_settlement \({key}: record says .*\)",
        lines[0],
    ), lines[0]
