"""The options added for the open-source Huolong app (rule ids rotation.take_over team_alternates,
star_burial.order simultaneous, star_burial.banker_jokers, star_burial.small_joker_levels, star_burial.success
last_trick_and_points, declaration.show_all_big_jokers, deal.first_drawer later_hands seat, the settlement condition
dug_with_big_joker).

Expected values are worked by hand from the definitions of the app (the app: Jason-Zhao-Jie/Huolong
modal_huolong.js, GameBase Model.cs); every value of every option is played by full matches at the end.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from datong_rules.reference_impl.huolong.bots import make_bots
from datong_rules.reference_impl.huolong.burying import (
    BIG_JOKER_CODE, OUT_OF_TURN, StarBurial, check_bury, load_order, run_star_burial,
)
from datong_rules.reference_impl.huolong.dealing import first_drawer
from datong_rules.reference_impl.huolong.declaration import MUST_SHOW_ALL, Declaration
from datong_rules.reference_impl.huolong.match import Match, next_last_bankers
from datong_rules.reference_impl.huolong.ops import OPS
from datong_rules.reference_impl.huolong.ranking import Ranking
from datong_rules.reference_impl.huolong.records import replay_match
from datong_rules.reference_impl.huolong.rules import RulesError, rules_with
from datong_rules.reference_impl.huolong.settlement import SettleInput, settle
from datong_rules.reference_impl import records as envelope

from lifecycle_helpers import LI

ALTERNATES = rules_with("huolong/li-zhijiang", {"rotation.take_over": "team_alternates"}, "huolong/li-alternates")
SIMULTANEOUS = rules_with("huolong/li-zhijiang", {"star_burial.order": "simultaneous"})
WITH_BURY = rules_with("huolong/li-zhijiang", {"star_burial.banker_jokers": "with_bury"})


def settle_li(rules, points, dug, stars=(0, 0), small=0, banker=0, last=None, big_joker=False):
    return settle(rules, SettleInput(
        banker=banker, levels={"banker_team": "3", "attackers": "3"}, attacker_points=points, bottom_dug=dug,
        stars={"banker_team": stars[0], "attackers": stars[1]}, bottom_small_jokers=small,
        attackers_last_banker=last, dug_with_big_joker=big_joker,
    ))


# -- rotation.take_over: team_alternates -------------------------------------------------------------
@pytest.mark.parametrize("banker, last, expected", [
    (0, None, 3),   # team 1 never had the bank: its lower seat 1 counts, its first banker is seat 3
    (0, 3, 1), (0, 1, 3), (2, 1, 3),
    (1, None, 2),   # team 0 never had the bank: seat 0 counts, its first banker is seat 2
    (3, 2, 0), (3, 0, 2),
])
def test_team_alternates_takes_the_partner_of_the_team_s_last_banker(banker, last, expected):
    """li-zhijiang's points_lost_bottom_held row (take_over) with team_alternates."""
    assert settle_li(ALTERNATES, 130, False, banker=banker, last=last).next_banker == expected


def test_team_alternates_keeps_rotation_keep_and_other_values_ignore_the_history():
    """A keep row still follows rotation.keep (banker_partner); banker_next ignores attackers_last_banker."""
    assert settle_li(ALTERNATES, 50, False, banker=0, last=3).next_banker == 2
    assert settle_li(LI, 130, False, banker=0, last=3).next_banker == 1


def test_attackers_last_banker_of_the_banker_team_is_refused():
    with pytest.raises(ValueError, match="^attackers_last_banker must be a seat of the attacking team"):
        settle_li(ALTERNATES, 130, False, banker=0, last=2)
    answer = OPS["settle"](ALTERNATES, {"banker": 1, "levels": {"banker_team": "3", "attackers": "3"},
                                        "attacker_points": 130, "bottom_dug": False, "attackers_last_banker": 0})
    assert answer["next_banker"] == 2


def test_last_bankers_follow_each_settled_hand():
    assert next_last_bankers((None, None), 0) == (0, None)
    assert next_last_bankers((0, 3), 1) == (0, 1)


def test_a_match_under_team_alternates_follows_the_app_s_rotation():
    """Every take-over in played matches gives the partner of the attacking team's last banker (seeded as its lower
    seat); the records carry last_bankers and replay."""
    for seed in range(3):
        match = Match(ALTERNATES, seed)
        match.play(make_bots("random", random.Random(seed)), hands=12)
        last: list = [None, None]
        for state in match.hands:
            if state.phase != "settled":
                continue
            assert list(state.last_bankers) == last
            team = (state.banker + 1) % 2
            if state.outcome.next_banker is not None and state.outcome.next_banker % 2 == team:
                seed_seat = team if last[team] is None else last[team]
                assert state.outcome.next_banker == (seed_seat + 2) % 4
            last[state.banker % 2] = state.banker
        record = envelope.match_record(match)
        envelope.validate(record)
        assert all("last_bankers" in hand for hand in record["hands"])
        assert replay_match(record, ALTERNATES).accepted
        later = next(h for h in record["hands"] if h["hand_number"] > 1)
        later["last_bankers"] = [None, None]
        refused = replay_match(record, ALTERNATES)
        assert (refused.accepted, refused.reason) == (False, "wrong_setup") and "last_bankers" in refused.detail


# -- deal.first_drawer.later_hands: a seat -----------------------------------------------------------
def test_later_hands_seat_draws_first_whoever_is_banker():
    seat0 = rules_with("huolong/li-zhijiang", {"deal.first_drawer": {"first_hand": 0, "later_hands": 0}})
    assert [first_drawer(seat0, 2, b) for b in range(4)] == [0, 0, 0, 0]
    seat2 = rules_with("huolong/li-zhijiang", {"deal.first_drawer": {"first_hand": 1, "later_hands": 2}})
    assert (first_drawer(seat2, 1, None), first_drawer(seat2, 3, 1)) == (1, 2)
    assert [first_drawer(LI, 2, b) for b in range(4)] == [0, 1, 2, 3]
    with pytest.raises(RulesError, match=r"^deal\.first_drawer: "):
        rules_with("huolong/li-zhijiang", {"deal.first_drawer": {"first_hand": 0, "later_hands": 4}})


# -- declaration.show_all_big_jokers ---------------------------------------------------------------
def test_show_all_big_jokers_refuses_a_show_of_fewer_than_held():
    show_all = rules_with("huolong/li-zhijiang", {"declaration.show_all_big_jokers": True})
    held = [Counter({"BJ": 2}), Counter({"BJ": 1}), Counter(), Counter()]
    decl = Declaration(show_all, "3", 0, held=held)
    assert decl.check_show(0, ["BJ"]) == MUST_SHOW_ALL
    assert decl.check_show(0, ["BJ", "BJ"]) is None
    assert decl.check_show(1, ["BJ"]) is None
    assert decl.legal_shows(0) == [["BJ", "BJ"]]
    assert Declaration(LI, "3", 0, held=held).check_show(0, ["BJ"]) is None


# -- star_burial.order: simultaneous ------------------------------------------------------------------
def test_simultaneous_has_no_turn_order_but_one_decision_per_seat():
    """Banker 0; the partner (seat 2) loads before the attackers: allowed (attackers_first: seat 1 would then be
    out of turn); a second decision of seat 2 is out of turn. Level 5, hearts: the smallest bottom card goes back first,
    equal 3s in suit order: ♠3 to seat 2, then ♣3 to seat 1."""
    bottom = ["C3", "S3", "S4", "S6", "S7", "S8"]
    ranking = Ranking(SIMULTANEOUS, "5", "H")
    answer = run_star_burial(SIMULTANEOUS, ranking, 0, bottom, {2: 2, 1: 1}, [(2, 1), (1, 1), (2, 1)])
    assert answer["taken_back"] == [["S3"], ["C3"], []] and answer["rejected"] == [2]
    # two big jokers are in: li-zhijiang's forced_after 2 puts seat 2's second joker in after the round
    assert answer["forced"] == [{"seat": 2, "count": 1}]
    assert answer["stars"] == {"banker_team": 2, "attackers": 1}
    before = run_star_burial(LI, Ranking(LI, "5", "H"), 0, bottom, {2: 2, 1: 1}, [(2, 1), (1, 1)])
    assert before["rejected"] == [1]


def test_simultaneous_forced_loads_in_the_app_s_order():
    """forced_after 2 (li-zhijiang): two loaded, the third is forced after everyone decided; canonical order
    banker-1, banker+1, partner, banker (banker 1: seats 0, 2, 3, 1)."""
    assert load_order(SIMULTANEOUS, 1) == [0, 2, 3, 1]
    star = StarBurial(SIMULTANEOUS, Ranking(SIMULTANEOUS, "5", "H"), 1, ["S3", "S4", "S6", "S7", "S8", "S9"],
                      [0, 0, 2, 1])
    assert star.deciders() == [2, 3]
    star.load(3, 0)
    star.load(2, 2)
    assert star.deciders() == []
    assert star.force() == [(3, 1)]


# -- star_burial.banker_jokers: with_bury -------------------------------------------------------------
def test_with_bury_lets_the_banker_bury_big_jokers_as_stars():
    ranking = Ranking(WITH_BURY, "5", "H")
    hand = Counter({"BJ": 2, "S3": 2, "S4": 2, "S6": 2})
    bury = ["BJ", "BJ", "S3", "S3", "S4", "S4"]
    assert check_bury(WITH_BURY, ranking, hand, bury) is None
    assert check_bury(LI, Ranking(LI, "5", "H"), hand, bury) == BIG_JOKER_CODE
    star = StarBurial(WITH_BURY, ranking, 0, bury, [1, 1, 0, 0])
    assert star.stars == {"banker_team": 2, "attackers": 0}
    assert star.order == [1, 3, 2] and star.check_load(0, 1) == OUT_OF_TURN
    # two big jokers in the bottom: li-zhijiang's forced third joker goes in from whoever holds it, in turn order
    assert star.force() == [(1, 1), (0, 1)]


def test_with_bury_forces_the_banker_s_kept_joker():
    """forced_after 2: the banker buried two big jokers and kept the third: it must go in after the round."""
    ranking = Ranking(WITH_BURY, "5", "H")
    answer = run_star_burial(WITH_BURY, ranking, 0, ["BJ", "BJ", "S3", "S4", "S6", "S7"], {0: 1}, [])
    assert answer["forced"] == [{"seat": 0, "count": 1}]
    assert answer["stars"] == {"banker_team": 3, "attackers": 0}


# -- star_burial.small_joker_levels ---------------------------------------------------------------
def test_small_jokers_add_levels_only_with_a_big_joker_credited():
    """li-zhijiang (row_advance replaced, 3 per big joker) with 2 per small joker: the holding banker team with one
    big joker and two small jokers in the bottom gains 3 + 2×2 = 7 levels (3 → 10); without a big joker the small
    jokers add nothing (the row's 1 level: 3 → 4); with the default 0 the big joker alone counts (3 → 6)."""
    small = rules_with("huolong/li-zhijiang", {"star_burial.small_joker_levels": 2})
    assert settle_li(small, 50, False, stars=(1, 0), small=2).levels["banker_team"] == "10"
    assert settle_li(small, 50, False, stars=(0, 0), small=2).levels["banker_team"] == "4"
    assert settle_li(LI, 50, False, stars=(1, 0), small=2).levels["banker_team"] == "6"


def test_small_joker_levels_must_be_a_count():
    with pytest.raises(RulesError, match=r"^star_burial\.small_joker_levels: "):
        rules_with("huolong/li-zhijiang", {"star_burial.small_joker_levels": -1})


# -- star_burial.success: last_trick_and_points ---------------------------------------------------------
def test_last_trick_and_points_credits_nobody_when_points_and_last_trick_disagree():
    """Banker holds the bottom with one big joker but the attackers made 130: li-zhijiang credits the banker team
    (3 → 6); with last_trick_and_points nobody advances (the app: upgradingLevel 0). When they agree, as before."""
    both = rules_with("huolong/li-zhijiang", {"star_burial.success": "last_trick_and_points"})
    assert settle_li(LI, 130, False, stars=(1, 0)).levels == {"banker_team": "6", "attackers": "3"}
    assert settle_li(both, 130, False, stars=(1, 0)).levels == {"banker_team": "3", "attackers": "3"}
    assert settle_li(both, 50, False, stars=(1, 0)).levels == {"banker_team": "6", "attackers": "3"}
    assert settle_li(both, 100, True, stars=(0, 1)).levels == {"banker_team": "3", "attackers": "3"}


# -- settlement condition dug_with_big_joker --------------------------------------------------------
def test_dug_with_big_joker_row():
    row = {"name": "big_joker_hook", "when": {"bottom_dug": True, "dug_with_big_joker": True},
           "then": {"banker": "keep", "set_level": {"banker_team": "3"}}}
    hooked = rules_with("huolong/li-zhijiang", {"settlement.table": [row, *LI.settlement_table]})
    assert settle_li(hooked, 130, True, big_joker=True).row == "big_joker_hook"
    assert settle_li(hooked, 130, True, big_joker=False).row == "points_lost_bottom_dug"
    with pytest.raises(ValueError, match="^dug_with_big_joker is true but bottom_dug is false"):
        settle_li(hooked, 130, False, big_joker=True)


# -- every value is played ----------------------------------------------------------------------------
VALUES = [
    {"rotation.take_over": "team_alternates"},
    {"star_burial.order": "simultaneous"},
    {"star_burial.banker_jokers": "with_bury"},
    {"star_burial.small_joker_levels": 2},
    {"star_burial.success": "last_trick_and_points"},
    {"declaration.show_all_big_jokers": True},
    {"deal.first_drawer": {"first_hand": 0, "later_hands": 0}},
    {"settlement.table": [{"name": "big_joker_hook", "when": {"bottom_dug": True, "dug_with_big_joker": True},
                           "then": {"banker": "keep", "set_level": {"banker_team": "3"}}}, *LI.settlement_table]},
]


@pytest.mark.parametrize("overrides", VALUES, ids=lambda o: next(iter(o)))
@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_every_new_value_plays_whole_matches(overrides, kind):
    rules = rules_with("huolong/li-zhijiang", overrides, "huolong/li-zhijiang-app-test")
    for seed in range(2):
        match = Match(rules, seed)
        match.play(make_bots(kind, random.Random(seed)), hands=6)
        assert any(state.phase == "settled" for state in match.hands)
        for state in match.hands:
            if state.phase == "settled" and state.hand_number > 1 and "deal.first_drawer" in overrides:
                assert state.first_drawer == 0
            if state.phase == "settled" and "settlement.table" in overrides:
                last = state.tricks[-1]
                by_joker = last[2] % 2 != state.banker % 2 and last[1][(last[2] - last[0]) % 4][0] == "BJ"
                assert state.dug_with_big_joker == by_joker
                assert (state.outcome.row == "big_joker_hook") == by_joker


def test_the_table_checks_know_dug_with_big_joker():
    """A row with dug_with_big_joker is neither a crash nor dead in the gap/dead-row checks, and a table that only
    covers a dig with big jokers leaves the other digs as a gap."""
    import copy

    from datong_rules.reference_impl.huolong.settlement_check import settlement_findings
    from datong_rules.reference_impl.variant import load_variant

    rules = copy.deepcopy(load_variant("huolong/li-zhijiang").data["rules"])
    row = {"name": "big_joker_hook", "when": {"bottom_dug": True, "dug_with_big_joker": True},
           "then": {"banker": "keep", "set_level": {"banker_team": "3"}}}
    rules["settlement"]["table"]["value"].insert(0, row)
    assert settlement_findings(rules) == []
    rules["settlement"]["table"]["value"] = [row, {"name": "held", "when": {"bottom_dug": False},
                                                   "then": {"banker": "keep"}}]
    (gap,) = [f for f in settlement_findings(rules) if f.kind == "settlement_gap"]
    assert "dug_with_level_rank true" in gap.message and "dug_with_big_joker false" in gap.message


def test_own_sources_add_up_along_extends():
    """merge rule 7: a file's sources follow the inherited ones, an entry of the same id replacing the parent's."""
    from datong_rules.reference_impl.variant.merge import merge_variant

    parent = {"id": "huolong/a", "sources": [{"id": "app", "title": "old"}, {"id": "web"}], "rules": {}}
    child = {"id": "huolong/b", "extends": "huolong/a", "sources": [{"id": "app", "title": "new"}], "rules": {}}
    assert merge_variant(parent, child)["sources"] == [{"id": "web"}, {"id": "app", "title": "new"}]
    assert merge_variant(parent, {"id": "huolong/c", "rules": {}})["sources"] == parent["sources"]
