"""The reference adapter's play and settlement operations: answer shapes of docs/implementers/operations.md."""

from __future__ import annotations

import pytest

from datong_rules.reference_impl.huolong.ops.play import OPS
from datong_rules.reference_impl.huolong.rules import rules_for

LI = rules_for("huolong/li-zhijiang")
DG = rules_for("huolong/datong-guide")


def test_facts():
    """players.count, deck.decks, deal.*, levels.*, points.*, players.partnership, deal.first_drawer."""
    assert OPS["facts"](LI, {}) == {
        "players": 4, "decks": 3, "cards": 162, "hand_size": 39, "bottom_size": 6,
        "levels": ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"], "start_level": "3",
        "point_total": 300, "threshold": 120, "partners": [[0, 2], [1, 3]], "first_drawer_first_hand": 0,
        "first_drawer_later_hands": "banker",
    }


def test_card_order_doc_example():
    """ranking.trump_order: the operations doc's example, with a YAML-style integer level and symbol input."""
    given = {"level": 10, "trump_suit": "H", "cards": ["S10", "C10", "♥10", "H2", "D2", "SA"]}
    assert OPS["card_order"](LI, given) == {"order": [["H10"], ["S10", "C10"], ["H2"], ["D2"], ["SA"]]}


def test_classify():
    """combinations.catalogue and the effective suit."""
    assert OPS["classify"](LI, {"level": "3", "trump_suit": "S", "cards": ["HA", "HA"]}) == {
        "combination": "pair", "suit": "H"}
    assert OPS["classify"](LI, {"level": "3", "trump_suit": "S", "cards": ["HA", "H3"]}) == {
        "combination": None, "suit": "mixed"}


def test_legal_play_and_count():
    """follow.follow_suit: one club against a led pair of clubs."""
    given = {"level": "3", "trump_suit": "H", "hand": ["C4", "D6", "D6", "BJ"], "trick": [["C9", "C9"]]}
    assert OPS["legal_play"](LI, given | {"play": ["D6", "D6"]}) == {"legal": False, "reason": "must_follow_suit"}
    assert OPS["legal_play"](LI, given | {"play": ["C4", "BJ"]}) == {"legal": True}
    assert OPS["legal_play_count"](LI, given) == {"count": 2}


def test_trick_winner_seat_and_points():
    """trick.ruff_same_shape: seat 2 leads a pair of clubs; seat 0 (third to play) ruffs with a trump pair."""
    given = {"level": "10", "trump_suit": "H", "leader": 2,
             "plays": [["C4", "C4"], ["C5", "C5"], ["H3", "H3"], ["C6", "D9"]]}
    assert OPS["trick_winner"](LI, given) == {"winner": 0, "points": 10}


def test_bottom_points():
    """bottom.multiplier: datong-guide doubles a dug bottom."""
    given = {"bottom": ["D5", "DK", "C10", "S3", "S4", "H6"], "dug": True}
    assert OPS["bottom_points"](DG, given) == {"points": 25, "awarded": 50}


def test_settle_defaults():
    """settlement.table: stars and dug_with_level_rank default to none / false."""
    given = {"banker": 0, "levels": {"banker_team": "5", "attackers": "7"}, "attacker_points": 0, "bottom_dug": False}
    assert OPS["settle"](DG, given) == {
        "next_banker": None, "levels": {"banker_team": "7", "attackers": "7"}, "match_winner": "banker_team",
        "stakes": {"banker_team": 100, "attackers": -100}}


@pytest.mark.parametrize(
    ("op", "given", "message"),
    [
        ("card_order", {"level": "3", "trump_suit": "H", "cards": ["H11"]}, "H11"),
        ("card_order", {"level": "2", "trump_suit": "H", "cards": []}, "level"),
        ("card_order", {"level": "3", "trump_suit": "X", "cards": []}, "trump_suit"),
        ("card_order", {"trump_suit": "H", "cards": []}, "level"),
        ("legal_play", {"level": "3", "trump_suit": "H", "hand": [], "trick": [["H5", "H6"]], "play": ["H5"]}, "lead"),
        ("trick_winner", {"level": "3", "trump_suit": "H", "leader": 7, "plays": [["H5"]]}, "leader"),
        ("bottom_points", {"bottom": [], "dug": "yes"}, "dug"),
        ("settle", {"banker": 0, "levels": {"banker_team": "5"}, "attacker_points": 0, "bottom_dug": False}, "levels"),
    ],
)
def test_bad_given_is_a_one_line_value_error(op, given, message):
    """Malformed input: ValueError, one line, naming what is wrong."""
    with pytest.raises(ValueError, match=message) as info:
        OPS[op](LI, given)
    assert "\n" not in str(info.value)
