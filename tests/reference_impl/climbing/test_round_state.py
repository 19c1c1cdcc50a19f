"""The round machine of the climbing games (reference_impl/climbing/round_state.py): rounds worked by hand from the
rule texts (憋蛋 三.3 接风 and the lock-out option, 打墩 五 接风)."""

from __future__ import annotations

import pytest

from datong_rules.reference_impl.climbing.round_state import Round
from datong_rules.reference_impl.climbing.seats import RoundRules

DADUN = RoundRules(pass_locks_out=False, next_leader="last_player", wind=("partner", "next_active_player"),
                   hand_end=("partners_first_second", "third_out"))
LOCKING = RoundRules(pass_locks_out=True, next_leader="last_player", wind=("next_active_player",),
                     hand_end=("one_player_left",))


def test_a_round_ends_when_every_other_seat_passed():
    machine, holding = Round(DADUN), [5, 5, 5, 5]
    machine.play(0)
    machine.pass_(1)
    assert machine.next_to_act(1, holding) == 2
    machine.play(2)  # seat 2 beats: seat 1 answers again (no lock-out)
    assert machine.passed == set()
    assert machine.next_to_act(2, holding) == 3
    for seat in (3, 0, 1):
        machine.pass_(seat)
    assert machine.next_to_act(1, holding) is None
    assert machine.end(holding) == (2, False)  # seat 2's play stood: it leads
    assert (machine.last, machine.passed, machine.locked) == (None, set(), set())


def test_a_pass_locks_out_until_the_round_ends():
    machine, holding = Round(LOCKING), [5, 5, 5]
    machine.play(0)
    machine.pass_(1)
    machine.play(2)
    assert machine.locked == {1}
    assert machine.next_to_act(2, holding) == 0  # seat 1 passed before: it no longer answers
    machine.pass_(0)
    assert machine.next_to_act(0, holding) is None
    assert machine.end(holding) == (2, False)
    assert machine.locked == set()


def test_the_partner_takes_the_wind():
    # 打墩: seat 1 went out with the play that stood; its partner, seat 3, leads
    machine, holding = Round(DADUN), [5, 0, 5, 5]
    machine.play(1)
    for seat in (2, 3, 0):
        machine.pass_(seat)
    assert machine.next_to_act(0, holding) is None
    assert machine.end(holding) == (3, True)


def test_the_hand_ends():
    machine = Round(DADUN)
    assert machine.hand_over([0, 2], [0, 5, 0, 5])  # partners first and second
    assert not machine.hand_over([0, 1], [0, 0, 5, 5])
    assert Round(LOCKING).hand_over([0, 1], [0, 0, 5])  # one player left


def test_no_round_ends_before_a_play():
    with pytest.raises(ValueError, match="after a play"):
        Round(DADUN).end([5, 5, 5, 5])
