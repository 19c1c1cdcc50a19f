"""The climbing games' beat relation by tier (climbing/beating.py), worked by hand."""

from __future__ import annotations

import pytest

from datong_rules.reference_impl.climbing.beating import COMPARE, Tiers, tier_reason

DADUN = Tiers(("ordinary", "bomb", "dun", "linked_dun"), frozenset({"bomb", "dun", "linked_dun"}))
BIEDAN_NO_BOMBS_OVER = Tiers(("ordinary", "bomb", "top"), frozenset({"top"}), below="wrong_type")


@pytest.mark.parametrize(("tiers", "play", "table", "answer"), [
    (DADUN, "ordinary", "ordinary", COMPARE),  # the game compares kind and key
    (DADUN, "ordinary", "bomb", "wrong_type"),  # an ordinary play never beats a bomb
    (DADUN, "bomb", "ordinary", None),  # bombs beat ordinary plays here
    (DADUN, "dun", "bomb", None),  # a dun is above every bomb
    (DADUN, "bomb", "dun", "not_higher"),  # a lower tier above ordinary: 打墩's code
    (DADUN, "linked_dun", "linked_dun", COMPARE),
    (BIEDAN_NO_BOMBS_OVER, "bomb", "ordinary", "wrong_type"),  # beating.bombs_beat_ordinary false
    (BIEDAN_NO_BOMBS_OVER, "top", "ordinary", None),  # the rocket beats anything
    (BIEDAN_NO_BOMBS_OVER, "bomb", "top", "wrong_type"),  # 憋蛋's code for a lower tier
    (BIEDAN_NO_BOMBS_OVER, "top", "bomb", None),
])
def test_tiers_decide_before_keys(tiers, play, table, answer):
    assert tier_reason(tiers, play, table) == answer


def test_an_unknown_tier_is_an_error():
    with pytest.raises(ValueError):
        tier_reason(DADUN, "rocket", "bomb")
