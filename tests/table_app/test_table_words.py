"""The settlement's teams named from the variant's seats (reference_impl.table), not from seat arithmetic."""

from __future__ import annotations

import pytest

pytest.importorskip("jinja2")

from datong_rules.reference_impl.table import Table  # noqa: E402
from datong_rules.table_app.words import settlement_rows  # noqa: E402

PARTNERS = Table(4, "counter_clockwise", "opposite_seats")
BANKER = Table(4, "counter_clockwise", "banker_vs_rest")


def _text(rows, key):
    return next(row["text"] for row in rows if row["key"] == key)


def test_a_team_is_named_by_its_seats():
    rows = settlement_rows({"winner": 1, "levels": ["3", "5"]}, "zh", 0, PARTNERS)
    assert _text(rows, "winner") == "乙丁队"  # team 1 sits at seats 1 and 3: 乙 and 丁
    assert "甲丙队 3" in _text(rows, "levels") and "乙丁队 5" in _text(rows, "levels")
    assert _text(settlement_rows({"winner": 0}, "en", 0, PARTNERS), "winner") == "team A–C"


def test_two_values_are_not_read_as_teams_without_fixed_partners():
    rows = settlement_rows({"levels": ["3", "5"]}, "en", 0, BANKER)
    assert "team" not in _text(rows, "levels")
