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


@pytest.mark.parametrize("lang, words", [("en", "pick 3 cards"), ("zh", "选3张牌")])
def test_the_bury_prompt_says_how_many_cards(lang, words):
    """A beginner at a 憋蛋 table is told how many cards to bury: the egg is 3 (rule egg.count). The banker (the ♥3's
    holder) buries first; the person sits at each seat in turn until one is the banker."""
    from datong_rules.reference_impl.variant import load_variant
    from datong_rules.table_app.session import Table as Session
    from datong_rules.table_app.view import _status

    sessions = [Session(load_variant("biedan/biedan-guide"), seat=seat) for seat in range(3)]
    burying = [s for s in sessions if "bury" in s.kinds()]
    assert len(burying) == 1
    assert words in _status(burying[0], lang)
