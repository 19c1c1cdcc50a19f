"""Star burial 摘星 / 载王 (rule ids star_burial.enabled, star_burial.who, star_burial.order, star_burial.exchange,
star_burial.forced_after, star_burial.policy, star_burial.fast_exempt_levels).

Sources: li-zhijiang 一.六.9–10 (take back the smallest card, no point card, no meteor card; the third joker must go
in after two; fast match: all must go in except at J); datong-guide 三.2 (smallest first, attackers first).
"""

from __future__ import annotations

from collections import Counter

import pytest

from datong_rules.reference_impl.cards import expand
from datong_rules.reference_impl.huolong.burying import (
    NO_EXCHANGE_CARD, NOT_HELD, OUT_OF_TURN, TEAM_MAY_NOT_LOAD, StarBurial, exchange_card, load_order,
    run_star_burial,
)
from datong_rules.reference_impl.huolong.ranking import Ranking
from datong_rules.reference_impl.huolong.rules import RulesError, rules_with

from lifecycle_helpers import DG, LI, OP


def test_order_attackers_first():
    """star_burial.order attackers_first: the banker's next player, the other attacker, the banker, the partner."""
    assert load_order(DG, 0) == [1, 3, 0, 2]
    assert load_order(DG, 2) == [3, 1, 2, 0]


def test_smallest_first_side_below_trumps_suit_order_for_equals():
    """star_burial.exchange take_back smallest: by the hand's ranking; equal side 4s in suit order S H C D
    (inferred note); trumps only after every side card: ♥A (trump-suit plain) < ♠2 (off-suit 2) < ♦5 (level card)."""
    ranking = Ranking(DG, "5", "H")
    bottom = Counter(["C4", "D5", "S2", "HA", "CK", "S4"])
    taken = []
    while bottom:
        card = exchange_card(DG, ranking, bottom)
        taken.append(card)
        bottom[card] -= 1
        bottom = +bottom
    assert taken == ["S4", "C4", "CK", "HA", "S2", "D5"]


def test_li_never_takes_point_or_meteor_cards():
    """li-zhijiang 一.六.9: '换取一张最小的牌（分值与流星除外）'."""
    ranking = Ranking(LI, "3", "H")
    bottom = Counter(["S5", "C10", "D4", "D4", "D4", "SA"])
    assert exchange_card(LI, ranking, bottom) == "SA"
    bottom["SA"] -= 1
    assert exchange_card(LI, ranking, +bottom) is None


def test_big_jokers_in_the_bottom_are_never_taken_back():
    ranking = Ranking(DG, "3", "H")
    assert exchange_card(DG, ranking, Counter({"BJ": 3})) is None


def test_li_a_loaded_big_joker_is_never_taken_back():
    """star_burial.exchange exclude big_jokers (li-zhijiang 一.六.9, the exclusion inferred from 请大王): after the
    first load takes S3 back, only point cards and the loaded joker are left, so a second load is refused."""
    out = run_star_burial(LI, Ranking(LI, "7", "H"), 0, ["S3", "S5", "S10", "SK", "D5", "D10"],
                          {1: 1, 3: 1, 0: 1}, [(1, 1), (3, 1)])
    assert out["taken_back"] == [["S3"], []]
    assert out["rejected"] == [1]
    assert out["bottom"] == expand(Counter(["S5", "S10", "SK", "D5", "D10", "BJ"]))
    assert out["stars"] == {"banker_team": 0, "attackers": 1}


def test_the_big_joker_exclusion_is_data():
    """Without big_jokers in its exclude list (a house variant), "smallest" alone decides: when the exclusions
    leave only the loaded joker, a second load takes it back."""
    house = rules_with("huolong/li-zhijiang", {"star_burial.exchange": {
        "take_back": "smallest", "ties": "suit_order", "exclude": ["point_cards", "meteor_cards"]}})
    out = run_star_burial(house, Ranking(house, "7", "H"), 0, ["S3", "S5", "S10", "SK", "D5", "D10"],
                          {1: 1, 3: 1}, [(1, 1), (3, 1)])
    assert out["taken_back"] == [["S3"], ["BJ"]]


def test_li_load_without_an_exchange_card_is_refused():
    sb = StarBurial(LI, Ranking(LI, "3", "H"), 0, ["S5", "C10", "D4", "D4", "D4", "SK"], {1: 1})
    assert sb.check_load(1, 1) == NO_EXCHANGE_CARD


def test_li_third_big_joker_is_forced_after_two():
    """star_burial.forced_after 2 ('如果在两个王时第三个也必须载掉'): seat 0 did not load by choice, but must."""
    ranking = Ranking(LI, "3", "H")
    bottom = ["S4", "S6", "S7", "C8", "D9", "DJ"]
    out = run_star_burial(LI, ranking, 0, bottom, {1: 1, 3: 1, 0: 1}, [(1, 1), (3, 1)])
    assert out["taken_back"] == [["S4"], ["S6"]]
    assert out["forced"] == [{"seat": 0, "count": 1}]
    assert out["bottom"] == expand(Counter(["C8", "D9", "DJ", "BJ", "BJ", "BJ"]))
    assert out["stars"] == {"banker_team": 1, "attackers": 2}
    assert out["rejected"] == []


def test_li_one_big_joker_forces_nothing():
    out = run_star_burial(LI, Ranking(LI, "3", "H"), 0, ["S4", "S6", "S7", "C8", "D9", "DJ"], {1: 1, 2: 2}, [(1, 1)])
    assert out["forced"] == []
    assert out["stars"] == {"banker_team": 0, "attackers": 1}


def test_dg_no_forced_loads_and_turn_order():
    """datong-guide: voluntary; a seat whose turn has passed may not load; a load beyond holdings is refused."""
    ranking = Ranking(DG, "3", "H")
    sb = StarBurial(DG, ranking, 0, ["S4", "S6", "S7", "C8", "D9", "DJ"], {1: 1, 2: 2, 3: 1})
    assert sb.deciders() == [1, 3, 2]
    assert sb.check_load(2, 3) == NOT_HELD
    assert sb.load(2, 2) == ["S4", "S6"]        # seat 2 loads last in turn: seats 1 and 3 pass
    assert sb.check_load(1, 1) == OUT_OF_TURN     # seat 1's turn has passed
    assert sb.force() == []
    assert sb.stars == {"banker_team": 2, "attackers": 0}


def test_each_load_takes_back_the_smallest_cards_of_the_bottom_as_it_then_lies():
    """The cards a load would take back are worked out once per state of the bottom (kept for the legal counts, the
    check and the load of a decision): after a load the next one takes the smallest cards left, not those kept."""
    sb = StarBurial(DG, Ranking(DG, "3", "H"), 0, ["S4", "S6", "S7", "C8", "D9", "DJ"], {1: 1, 2: 2, 3: 1})
    assert sb.legal_counts(1) == [0, 1]
    assert sb._exchange(2) == ["S4", "S6"] and sb._exchange(1) == ["S4"]
    assert sb.load(1, 1) == ["S4"]
    assert sb.check_load(3, 1) is None and sb.load(3, 1) == ["S6"]
    assert sb.legal_counts(2) == [0, 1, 2] and sb.load(2, 2) == ["S7", "C8"]
    assert sb.stars == {"banker_team": 2, "attackers": 2}


def test_both_teams_attackers_take_back_first():
    """三.2 '如庄家、闲家都摘星，以闲家拿牌为先': the attackers' loads take the smallest cards."""
    out = run_star_burial(OP, Ranking(OP, "3", "H"), 0, ["S4", "S6", "S7", "C8", "D9", "DJ"],
                          {0: 1, 1: 1}, [(1, 1), (0, 1)])
    assert out["taken_back"] == [["S4"], ["S6"]]
    assert out["stars"] == {"banker_team": 1, "attackers": 1}


def test_fast_match_forces_every_big_joker_except_at_j():
    """star_burial.policy fast + fast_exempt_levels [J] (li-zhijiang 一.六.10: '所有的大王必须载掉（除到J级可选择外）')."""
    fast = rules_with("huolong/li-zhijiang", {"star_burial.policy": "fast"})
    bottom = ["S4", "S6", "S7", "C8", "D9", "DQ"]
    out = run_star_burial(fast, Ranking(fast, "3", "H"), 0, bottom, {1: 1, 2: 1}, [])
    assert out["forced"] == [{"seat": 1, "count": 1}, {"seat": 2, "count": 1}]
    out = run_star_burial(fast, Ranking(fast, "J", "H"), 0, bottom, {1: 1, 2: 1}, [])
    assert out["forced"] == []


def test_who_may_load_option():
    """star_burial.who banker_team (a house option): the attackers may not load."""
    rules = rules_with("huolong/datong-guide", {"star_burial.who": "banker_team"})
    sb = StarBurial(rules, Ranking(rules, "3", "H"), 0, ["S4", "S6", "S7", "C8", "D9", "DQ"], {1: 1, 2: 1})
    assert sb.check_load(1, 1) == TEAM_MAY_NOT_LOAD
    assert sb.deciders() == [2]


def test_rejected_loads_are_ignored_in_the_operation():
    out = run_star_burial(DG, Ranking(DG, "3", "H"), 0, ["S4", "S6", "S7", "C8", "D9", "DQ"],
                          {1: 1, 2: 1}, [(2, 1), (1, 1), (2, 5)])
    assert out["rejected"] == [1, 2]
    assert out["taken_back"] == [["S4"], [], []]


def test_disabled_star_burial():
    rules = rules_with("huolong/datong-guide", {"star_burial.enabled": False})
    with pytest.raises(RulesError, match="star_burial.enabled"):
        StarBurial(rules, Ranking(rules, "3", "H"), 0, ["S4"] * 6, {})
