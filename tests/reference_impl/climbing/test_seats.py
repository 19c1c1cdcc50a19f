"""The seats of a climbing game (reference_impl/climbing/seats.py): cases worked by hand from the rule texts
(憋蛋 三.3 接风, 打墩 五 接风 and 六.1 the end of a hand)."""

from __future__ import annotations

import pytest

from datong_rules.reference_impl.climbing.seats import hand_over, next_active, next_to_answer, partner_of, round_leader


def test_partner_is_the_seat_opposite():
    assert [partner_of(s, 4) for s in range(4)] == [2, 3, 0, 1]


def test_next_active_skips_seats_out():
    assert next_active(0, [5, 0, 3, 2]) == 2
    assert next_active(3, [5, 0, 3, 2]) == 0
    with pytest.raises(RuntimeError):
        next_active(1, [0, 4, 0])


def test_next_to_answer():
    # seat 0 played, seat 1 passed (locked out), seat 2 is out, seat 3 still answers
    assert next_to_answer(1, 0, [4, 4, 0, 4], {1}, {1}) == 3
    # seat 3 passes too: the round is over
    assert next_to_answer(3, 0, [4, 4, 0, 4], {1, 3}, set()) is None


def test_leader_after_the_round():
    assert round_leader(1, [3, 2, 4], "last_player", ("next_active_player",)) == (1, False)
    assert round_leader(1, [3, 2, 4], "next_of_last_player", ("next_active_player",)) == (2, False)
    # 憋蛋: seat 1 went out with the play that stood; seat 2 is out too: seat 0 takes the wind
    assert round_leader(1, [3, 0, 0], "last_player", ("next_active_player",)) == (0, True)
    # 打墩: the partner takes the wind; when the partner is out, the next seat holding cards
    assert round_leader(0, [0, 5, 5, 5], "last_player", ("partner", "next_active_player")) == (2, True)
    assert round_leader(0, [0, 5, 0, 5], "last_player", ("partner", "next_active_player")) == (1, True)


def test_hand_over():
    assert hand_over([0, 2], [0, 5, 0, 5], ("partners_first_second", "third_out"))
    assert not hand_over([0, 1], [0, 0, 5, 5], ("partners_first_second", "third_out"))
    assert hand_over([0, 1, 3], [0, 0, 5, 0], ("partners_first_second", "third_out"))
    assert hand_over([2, 0], [0, 4, 0], ("one_player_left",))
    assert not hand_over([2], [3, 4, 0], ("one_player_left",))
