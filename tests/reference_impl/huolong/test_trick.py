"""Trick winner and trick points (rule ids trick.winner, trick.ruff_same_shape, ranking.ties, points.*)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from datong_rules.reference_impl.cards import BIG_JOKER as BJ
from datong_rules.reference_impl.cards import SMALL_JOKER as LJ
from datong_rules.reference_impl.cards import SUITS, build_deck
from datong_rules.reference_impl.huolong.combinations import classify
from datong_rules.reference_impl.huolong.follow import random_legal_play
from datong_rules.reference_impl.huolong.ranking import Ranking
from datong_rules.reference_impl.huolong.rules import rules_for
from datong_rules.reference_impl.huolong.trick import trick_points, trick_winner, won_with_level_rank

VARIANTS = ["huolong/li-zhijiang", "huolong/datong-guide", "huolong/online-platform"]
LI = rules_for("huolong/li-zhijiang")


def win(plays, level="3", trump="H", rules=LI):
    """Index of the winning play; by default level 3 (so every 3 is a trump) and hearts trump."""
    return trick_winner(rules, Ranking(rules, level, trump), plays)


def test_trick_winner_highest_of_led_suit():
    """trick.winner: the highest card of the led suit wins (li-zhijiang 一.六.6 谁大谁出)."""
    assert win([["C9"], ["CA"], ["CK"], ["C4"]]) == 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_ranking_ties_first_played(variant):
    """ranking.ties: between equal cards the one played first wins (datong-guide 三.3 同等大小的牌以先出者为大)."""
    rules = rules_for(variant)
    assert win([["CA"], ["CA"], ["CA"], ["C4"]], rules=rules) == 0
    # level 10, hearts trump: off-suit level cards are equal; the trump-suit level card is higher
    assert win([["S10"], ["C10"], ["D10"], ["S10"]], level="10", rules=rules) == 0
    assert win([["S10"], ["C10"], ["H10"], ["D10"]], level="10", rules=rules) == 2
    # off-suit 2s are equal: a ruff with D2 is not beaten by a later C2
    assert win([["SA"], ["D2"], ["C2"], ["S6"]], rules=rules) == 1


def test_trick_winner_discard_never_wins():
    """trick.winner: a card of another side suit is a discard and never wins, however high."""
    assert win([["C6"], ["DA"], ["SA"], ["C4"]]) == 0


def test_trick_ruff_single():
    """trick.ruff_same_shape: a single trump on a led side single wins; a higher trump overruffs."""
    assert win([["CA"], ["H4"], ["CK"], ["C6"]]) == 1
    assert win([["CA"], ["H4"], [BJ], ["H5"]]) == 2


def test_trick_ruff_same_shape_pair():
    """trick.ruff_same_shape: li-zhijiang 一.六.7 遇双，双毙 — a trump pair ruffs a led pair; two different trumps
    (not a pair) do not win, nor does a pair of another side suit."""
    assert win([["C4", "C4"], ["H5", "H5"], ["C9", "CA"], ["DA", "DA"]]) == 1
    assert win([["C4", "C4"], ["H5", BJ], ["DA", "DA"], ["C6", "C5"]]) == 0
    assert win([["C4", "C4"], [BJ, LJ], ["H6", "H6"], ["C6", "C5"]]) == 2


def test_trick_ruff_same_shape_meteor():
    """trick.ruff_same_shape: 遇流星，流星毙 — only a trump meteor ruffs a led meteor; a higher one overruffs."""
    assert win([["C4"] * 3, ["H5"] * 3, [BJ, BJ, LJ], ["S2"] * 3]) == 3
    assert win([["C4"] * 3, ["H5", "H5", "H6"], ["C5", "C6", "C7"], ["D9"] * 3]) == 0


def test_trick_winner_mixed_follow_never_wins():
    """trick.winner: following a pair with two odd cards of the led suit (allowed, shape free) never wins."""
    assert win([["C4", "C4"], ["CA", "CK"], ["C5", "C5"], ["C7", "C6"]]) == 2


def test_trick_winner_trump_lead():
    """trick.winner: on a trump lead only trumps compete; level 10, hearts trump: S10 (off-suit level) beats H2."""
    assert win([["H2"], ["SA"], ["S10"], ["HA"]], level="10") == 2
    assert win([["H9", "H9"], ["S10", "S10"], ["C10", "C10"], ["HA", "HA"]], level="10") == 1


def test_trick_winner_no_trump_suit():
    """ranking with no trump suit (trumps still being declared never happens in play, but the function holds)."""
    assert win([["HA"], ["H3"], ["HK"], ["S2"]], trump=None) == 1


def test_trick_points():
    """points.card_points, points.captured_by: 5 = 5, 10 and K = 10 (li-zhijiang 一.四): 5+10+10+0 = 25."""
    assert trick_points(LI, [["C5"], ["C10"], ["HK"], ["C3"]]) == 25
    assert trick_points(LI, [["D5", "D5"], ["SK", "SK"], [BJ, LJ], ["H3", "H4"]]) == 30


def test_won_with_level_rank():
    """settlement.table hook_down input: the last trick is won with level-rank cards (li-zhijiang 一.六.8 通过J挖底)."""
    rk = Ranking(LI, "J", "H")
    assert won_with_level_rank(rk, ["CJ"]) and won_with_level_rank(rk, ["HJ", "HJ"])
    assert not won_with_level_rank(rk, [LJ]) and not won_with_level_rank(rk, [BJ])
    assert not won_with_level_rank(rk, ["CJ", "CQ"])


PACK = build_deck(3)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(VARIANTS), st.sampled_from(LI.level_order), st.sampled_from(SUITS), st.integers(0, 2**32))
def test_no_later_play_beats_the_winner(variant, level, trump, seed):
    """trick.winner, ranking.ties: in random legal tricks the winner competes; no other competing play is stronger,
    and no earlier competing play is as strong."""
    rules = rules_for(variant)
    rk = Ranking.get(rules, level, trump)
    rng = random.Random(seed)
    deck = PACK[:]
    rng.shuffle(deck)
    hands = [Counter(deck[i * 39:(i + 1) * 39]) for i in range(4)]
    trick: list[list[str]] = []
    for hand in hands:
        trick.append(random_legal_play(rules, rk, hand, trick, rng))
    w = trick_winner(rules, rk, trick)
    led_suit = rk.suit_of(trick[0][0])

    def competes(play):
        return classify(rk, play) == classify(rk, trick[0]) and rk.suit_of(play[0]) in (led_suit, "trump")

    assert competes(trick[w])
    best = rk.strength(trick[w][0])
    for i, play in enumerate(trick):
        if i != w and competes(play):
            assert rk.strength(play[0]) < best if i < w else rk.strength(play[0]) <= best
