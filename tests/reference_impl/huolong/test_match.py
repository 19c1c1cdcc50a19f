"""A match of hands (rule ids levels.start, levels.hand_level, deal.first_drawer, declaration.scope,
declaration.nobody_declared, rotation.keep, rotation.take_over, levels.past_last_level)."""

from __future__ import annotations

import random

import pytest

from datong_rules.reference_impl.huolong.bots import make_bots, play_hand
from datong_rules.reference_impl.huolong.hand import HandState
from datong_rules.reference_impl.huolong.match import Match, MatchError

from datong_rules.reference_impl.huolong.rules import rules_for

from lifecycle_helpers import DG, LI, OP, VARIANTS, full_pack


def played(rules, seed, kind="random", hands=None):
    match = Match(rules, seed)
    match.play(make_bots(kind, random.Random(seed)), hands=hands)
    return match


def test_levels_start_at_3_and_the_first_hand_declares_the_banker():
    """levels.start 3 (li-zhijiang 一.二); the first hand's banker comes from the declaration."""
    match = Match(LI, 1)
    assert match.team_levels == ("3", "3") and match.banker is None
    state = match.new_hand()
    assert (state.hand_number, state.first_drawer, state.decl.fixed_banker) == (1, 0, None)


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_hand_follows_from_the_one_before(variant):
    """levels.hand_level banker_team; the next banker and both levels come from the settlement;
    deal.first_drawer later_hands banker."""
    rules = rules_for(variant)
    for seed in range(4):
        match = played(rules, seed)
        assert match.over
        previous = None
        for state in match.hands:
            if state.phase == "settled":
                assert state.level == state.team_levels[state.banker % 2]
            if previous is not None and previous.phase == "settled":
                assert state.team_levels == previous.team_levels_after()
                assert state.decl.fixed_banker == previous.outcome.next_banker
                assert state.first_drawer == previous.outcome.next_banker
                assert state.hand_number == previous.hand_number + 1
            previous = state
        last = match.hands[-1]
        assert last.outcome.match_winner is not None
        assert match.winner == last.match_winner_team()


def test_li_match_scope_keeps_the_first_hands_suit():
    """declaration.scope match (li-zhijiang 一.二 '红桃就为这一龙的主')."""
    match = played(LI, 3, hands=3)
    suits = {s.trump_suit for s in match.hands}
    assert len(suits) == 1
    assert [s.declaration.outcome for s in match.hands[1:]] == ["kept"] * (len(match.hands) - 1)


def test_dg_every_hand_declares_its_suit_with_the_rotations_banker():
    """declaration.scope hand: later hands declare again (the suit may change); the banker is the rotation's."""
    match = played(DG, 2, kind="greedy", hands=3)
    for state in match.hands[1:]:
        assert state.declaration.outcome in ("declared", "bottom")
        assert state.banker == state.decl.fixed_banker


def test_op_redeal_keeps_the_hand_number_and_setup():
    """declaration.nobody_declared redeal (online-platform): the same hand is dealt again."""
    match = Match(OP, 1)
    state = HandState(OP, full_pack(OP, seed=9))
    state.deal_until(state.total)
    state.apply({"type": "close"})
    match.finish_hand(state)
    assert (match.hand_number, match.deal_number, match.team_levels, match.banker) == (1, 2, ("3", "3"), None)
    again = play_hand(match.new_hand(), make_bots("greedy", random.Random(1)))
    assert again.hand_number == 1
    match.finish_hand(again)
    assert match.hand_number == 2 and match.deal_number == 1


def test_finished_match_and_caps():
    match = played(DG, 1)
    with pytest.raises(MatchError, match="over"):
        match.new_hand()
    capped = Match(DG, 1, max_hands=2)
    capped.hand_number = 3
    with pytest.raises(MatchError, match="no winner"):
        capped.new_hand()
    unfinished = Match(DG, 1)
    with pytest.raises(MatchError, match="not finished"):
        unfinished.finish_hand(unfinished.new_hand())


def test_play_a_number_of_hands():
    match = Match(LI, 8)
    match.play(make_bots("greedy", random.Random(0)), hands=2)
    assert sum(1 for s in match.hands if s.phase == "settled") == 2 or match.over
