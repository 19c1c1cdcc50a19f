"""Hand settlement (rule ids settlement.table, star_burial.levels_per_joker, star_burial.success,
star_burial.on_failure, levels.stop_levels, levels.past_last_level, rotation.keep, rotation.take_over, stakes.enabled).

Every row of every source variant's table is exercised; expected values are worked by hand from the sources
(section cited per case) and the variants' own rule texts. Seats: banker 0 unless said; keep → the banker's partner
(seat 2), take over → the banker's next player (seat 1) (datong-guide 五).
"""

from __future__ import annotations

import pytest

from datong_rules.reference_impl.huolong.rules import RulesError, rules_for, rules_with
from datong_rules.reference_impl.huolong.settlement import SettleInput, settle

LI = rules_for("huolong/li-zhijiang")
DG = rules_for("huolong/datong-guide")
OP = rules_for("huolong/online-platform")
NO_STAKES = {"banker_team": 0, "attackers": 0}


def run(rules, points, dug, b="5", a="5", stars=(0, 0), banker=0, level_rank=False):
    return settle(rules, SettleInput(
        banker=banker, levels={"banker_team": b, "attackers": a}, attacker_points=points, bottom_dug=dug,
        stars={"banker_team": stars[0], "attackers": stars[1]}, dug_with_level_rank=level_rank,
    ))


def check(out, row, next_banker, b, a, winner=None, stakes=NO_STAKES):
    assert (out.row, out.next_banker, out.levels, out.match_winner, out.stakes) == (
        row, next_banker, {"banker_team": b, "attackers": a}, winner, stakes)


# ------------------------------------------------------------------ li-zhijiang (一.五, 一.六.8, 一.六.9)

@pytest.mark.parametrize(
    ("points", "dug", "row", "next_banker", "b", "a"),
    [
        (80, False, "points_kept_bottom_held", 2, "6", "7"),   # 一.五 1) 控分保底: banker +1
        (119, False, "points_kept_bottom_held", 2, "6", "7"),
        (80, True, "points_kept_bottom_dug", 2, "5", "7"),     # 一.五 2) nobody advances, banker replays
        (120, False, "points_lost_bottom_held", 1, "5", "7"),  # 一.五 3) take over, nobody advances
        (130, True, "points_lost_bottom_dug", 1, "5", "8"),    # 一.五 4) take over and advance
    ],
)
def test_settlement_table_li_zhijiang_rows(points, dug, row, next_banker, b, a):
    """settlement.table (li-zhijiang 一.五), rotation.keep/take_over: the four cases."""
    check(run(LI, points, dug, b="5", a="7"), row, next_banker, b, a)


def test_settlement_table_li_zhijiang_hook_down():
    """settlement.table hook_down: li-zhijiang 一.六.8 J可钩到底 — banker team at J, attackers make 120 and dig
    with Js: the banker team falls to 3; the attackers take over (+1 as in the dug row, the variant's note)."""
    check(run(LI, 130, True, b="J", a="9", banker=1, level_rank=True), "hook_down", 2, "3", "10")


@pytest.mark.parametrize(
    ("b", "points", "level_rank", "row", "b_after"),
    [
        ("J", 130, False, "points_lost_bottom_dug", "J"),  # dug, but not with Js
        ("Q", 130, True, "points_lost_bottom_dug", "Q"),   # banker not at J
        ("J", 100, True, "points_kept_bottom_dug", "J"),   # points kept: no hook
    ],
)
def test_settlement_table_li_zhijiang_no_hook_down(b, points, level_rank, row, b_after):
    """settlement.table hook_down needs all of: banker at J, ≥120, dug, dug with level-rank cards."""
    out = run(LI, points, True, b=b, a="9", level_rank=level_rank)
    assert (out.row, out.levels["banker_team"]) == (row, b_after)


@pytest.mark.parametrize("a", ["J", "A"])
def test_levels_stop_levels_li_zhijiang_attackers_frozen_in_settlement(a):
    """levels.stop_levels: li-zhijiang 一.六.8 — attackers at J or A who dig and topple take over but gain nothing."""
    check(run(LI, 150, True, b="5", a=a), "points_lost_bottom_dug", 1, "5", a)


def test_levels_stop_levels_li_zhijiang_banker_stops_at_j():
    """levels.stop_levels: a banker team at 10 gaining 1 stops at J; from J it moves on to Q."""
    assert run(LI, 50, False, b="10").levels["banker_team"] == "J"
    assert run(LI, 50, False, b="J").levels["banker_team"] == "Q"


def test_levels_past_last_level_li_zhijiang():
    """levels.past_last_level: a banker team at A that advances passes A and wins the match; no next banker."""
    check(run(LI, 50, False, b="A", a="9"), "points_kept_bottom_held", None, "A", "9", winner="banker_team")


@pytest.mark.parametrize(
    ("points", "dug", "b", "a", "stars", "b_after", "a_after"),
    [
        (80, False, "3", "5", (1, 0), "6", "5"),    # held: 3 in all (一.六.9 载一个大王可连升三级; row_advance replaced)
        (80, False, "3", "5", (2, 0), "9", "5"),    # 6 in all
        (80, False, "8", "5", (2, 0), "J", "5"),    # 6 from 8 stops at J (遇J不过)
        (80, True, "3", "5", (1, 0), "3", "5"),     # banker loaded, bottom dug: 白载 — wasted, nobody gains
        (130, True, "3", "5", (1, 0), "3", "8"),    # 倒载: bottom and points lost, the joker counts for the attackers: 3
        (130, True, "5", "3", (0, 2), "5", "9"),    # attackers loaded 2 and dug: 6 in all
        (80, False, "3", "5", (0, 1), "6", "5"),    # attackers loaded, neither dug nor made 120: 倒载, 3 for the banker
        (80, False, "3", "5", (1, 1), "9", "5"),    # both loaded, banker held: its own joker and the attackers' (倒载): 6
    ],
)
def test_star_burial_li_zhijiang_wasted_or_reversed(points, dug, b, a, stars, b_after, a_after):
    """star_burial.levels_per_joker [3,3,3], star_burial.success, star_burial.on_failure opponents_gain_if_points_lost (li-zhijiang 一.六.9: 白载, 倒载)."""
    out = run(LI, points, dug, b=b, a=a, stars=stars)
    assert out.levels == {"banker_team": b_after, "attackers": a_after}


def test_star_levels_go_through_stop_levels_once():
    """Decision (settlement module doc): row advance + star levels are summed and meet the stop levels once.
    Li-zhijiang with row_advance added (the fixture huolong/li-zhijiang-stars-added): a banker team at 10 holding with
    one loaded joker: +1 +3 = 4 from 10 stops at J (not J then +3 to A)."""
    added = rules_with("huolong/li-zhijiang", {"star_burial.row_advance": "added"})
    out = run(added, 80, False, b="10", stars=(1, 0))
    assert out.levels["banker_team"] == "J" and out.level_gain["banker_team"] == 4


def test_stakes_enabled_false_li_zhijiang():
    """stakes.enabled false (li-zhijiang, online-platform): no stakes in any row."""
    assert run(LI, 0, False).stakes == NO_STAKES
    assert run(OP, 0, False).stakes == NO_STAKES


# ------------------------------------------------------------------ datong-guide (三.4, 四.2, 四.3, 五)

BANKER_WINS_100 = {"banker_team": 100, "attackers": -100}
ATTACKERS_WIN_100 = {"banker_team": -100, "attackers": 100}


@pytest.mark.parametrize(
    ("points", "dug", "stars", "row", "next_banker", "b", "a", "winner", "stakes"),
    [
        # 三.4 光头 / 四.3: attackers 0, not dug: banker +2, ±100, 庄家打通 (match won)
        (0, False, (0, 0), "shutout", None, "7", "5", "banker_team", BANKER_WINS_100),
        # 四.3: banker holds a bottom with 3 big jokers, attackers < 120: ±100 and 打通; +1 row +9 jokers = 10
        (50, False, (2, 1), "three_stars_held", None, "A", "5", "banker_team", BANKER_WINS_100),
        # 四.3: attackers take all 300 (dug): +100 each; take over +1 (连抠带垮)
        (300, True, (0, 0), "all_points_dug", 1, "5", "6", None, ATTACKERS_WIN_100),
        (300, False, (0, 0), "all_points_held", 1, "5", "5", None, ATTACKERS_WIN_100),
        # 四.3: attackers dig 3 big jokers with ≥ 120: +100 each; +1 +9 = 10 from 5 stops at A
        (150, True, (3, 0), "three_stars_dug", 1, "5", "A", None, ATTACKERS_WIN_100),
        (80, False, (0, 0), "banker_wins", 2, "6", "5", None, NO_STAKES),          # 四.2 庄家升级 +1
        (150, True, (0, 0), "dig_and_topple", 1, "5", "6", None, NO_STAKES),       # 四.2 闲家升级 +1
        (150, False, (0, 0), "points_lost_bottom_held", 1, "5", "5", None, NO_STAKES),  # inferred row
        (80, True, (0, 0), "points_kept_bottom_dug", 2, "5", "5", None, NO_STAKES),     # inferred row
    ],
)
def test_settlement_table_datong_guide_rows(points, dug, stars, row, next_banker, b, a, winner, stakes):
    """settlement.table, stakes.enabled (datong-guide 四.2, 四.3): every row."""
    check(run(DG, points, dug, b="5", a="5", stars=stars), row, next_banker, b, a, winner, stakes)


@pytest.mark.parametrize(
    ("points", "dug", "b", "a", "stars", "b_after", "a_after"),
    [
        (80, False, "3", "5", (2, 0), "10", "5"),   # 四.2 两个升六级: +1 +6
        (80, False, "3", "5", (0, 1), "7", "5"),    # attackers' joker, banker held: opponents gain 3 (三.2 失败则对方升级)
        (150, True, "5", "5", (1, 0), "5", "9"),    # banker's joker dug: the attackers get +1 +3
        (80, True, "5", "5", (1, 0), "5", "8"),     # dug with < 120: the diggers get the joker's 3, no row advance
        (80, False, "Q", "5", (1, 0), "A", "5"),    # +4 from Q stops at A (A must be played)
        (80, False, "9", "5", (1, 0), "K", "5"),    # no J stop in this variant: 9 + 4 = K
    ],
)
def test_star_burial_datong_guide_opponents_gain(points, dug, b, a, stars, b_after, a_after):
    """star_burial.levels_per_joker [3,3,3], star_burial.on_failure opponents_gain (datong-guide 三.2, 四.2)."""
    out = run(DG, points, dug, b=b, a=a, stars=stars)
    assert out.levels == {"banker_team": b_after, "attackers": a_after}
    assert out.match_winner is None


def test_levels_past_last_level_datong_guide():
    """levels.past_last_level, levels.stop_levels (attackers_advance false): the banker team at A passes A and wins;
    attackers at A who dig only take over (next banker 0 + 1 = 1), at A."""
    check(run(DG, 80, False, b="A", a="9"), "banker_wins", None, "A", "9", winner="banker_team")
    check(run(DG, 150, True, b="9", a="A"), "dig_and_topple", 1, "9", "A")


def test_rotation_wraps_round_the_table():
    """rotation.keep (partner) and rotation.take_over (next player) from seat 3: seats 1 and 0."""
    assert run(DG, 80, False, banker=3).next_banker == 1
    assert run(DG, 150, True, banker=3).next_banker == 0


# ------------------------------------------------------------------ online-platform (【抓分抠底】)

@pytest.mark.parametrize(
    ("points", "dug", "stars", "row", "next_banker", "b", "a"),
    [
        (0, False, (0, 0), "shutout", 2, "5", "3"),               # 3. 秃子: banker +2 (3 → 5)
        (130, True, (0, 0), "take_over_dug", 1, "3", "4"),        # (1)a ≥120 dug: take over, +1
        (80, True, (0, 0), "banker_stays_dug", 2, "3", "3"),      # (1)a <120 dug: banker stays, no advance
        (130, False, (0, 0), "take_over_held", 1, "3", "3"),      # (2)A ≥120 held: take over, no advance
        (80, False, (1, 0), "banker_wins_with_stars", 2, "5", "3"),   # (2)B first joker +2
        (80, False, (1, 1), "banker_wins_with_stars", 2, "8", "3"),   # +2 +3
        (80, False, (3, 0), "banker_wins_with_stars", 2, "J", "3"),   # +2 +3 +3 = 8: 3 → J (no J stop here)
        (80, False, (0, 0), "banker_wins", 2, "4", "3"),          # (2)B without jokers: +1 (inferred)
    ],
)
def test_settlement_table_online_platform_rows(points, dug, stars, row, next_banker, b, a):
    """settlement.table, star_burial.levels_per_joker [2,3,3] (online-platform 【抓分抠底】): every row."""
    check(run(OP, points, dug, b="3", a="3", stars=stars), row, next_banker, b, a)


@pytest.mark.parametrize(
    ("points", "dug", "stars", "b_after", "a_after"),
    [
        (80, True, (1, 0), "3", "5"),    # (1)b dug with < 120: the diggers get the first joker's 2 (variant's inference)
        (130, True, (1, 1), "3", "8"),   # dug ≥ 120 with 2 jokers: 2 + 3 in all (row_advance replaced)
        (0, False, (1, 0), "5", "3"),    # shutout with one joker: the joker's 2 in all
        (130, False, (1, 0), "5", "3"),  # held, attackers take over: the holders still get the joker's 2
    ],
)
def test_star_burial_online_platform_last_trick_winner_gets_jokers(points, dug, stars, b_after, a_after):
    """star_burial.success, star_burial.on_failure opponents_gain (online-platform): the team winning the last trick
    gets the levels of every big joker in the bottom, 2 for the first and 3 for each further one, as its whole gain."""
    out = run(OP, points, dug, b="3", a="3", stars=stars)
    assert out.levels == {"banker_team": b_after, "attackers": a_after}


# ------------------------------------------------------------------ data-driven behaviour and errors

def test_stakes_enabled_false_silences_stakes_rows():
    """stakes.enabled: a house variant of datong-guide without stakes scores none, even in the ±100 rows."""
    rules = rules_with("huolong/datong-guide", {"stakes.enabled": False})
    assert run(rules, 0, False).stakes == NO_STAKES


def test_settlement_table_gap_is_reported():
    """settlement.table: a result no row matches is a RulesError naming the table."""
    rules = rules_with("huolong/datong-guide", {"settlement.table": [
        {"name": "only", "when": {"bottom_dug": False}, "then": {"banker": "keep"}}]})
    with pytest.raises(RulesError, match="settlement.table"):
        run(rules, 80, True)


def test_settlement_table_unknown_condition_is_refused():
    """settlement.table: an unknown condition is refused when the rules are loaded."""
    with pytest.raises(RulesError, match="settlement.table"):
        rules_with("huolong/datong-guide", {"settlement.table": [
            {"name": "x", "when": {"moon_phase": 3}, "then": {"banker": "keep"}}]})


@pytest.mark.parametrize(
    "bad",
    [
        {"banker": 4},
        {"levels": {"banker_team": "2", "attackers": "3"}},
        {"levels": {"banker_team": "3"}},
        {"attacker_points": -5},
        {"stars": {"banker_team": -1, "attackers": 0}},
        {"dug_with_level_rank": True},  # the hook needs a dug bottom
    ],
)
def test_settle_rejects_bad_input(bad):
    """Bad input is a one-line ValueError."""
    args = {"banker": 0, "levels": {"banker_team": "3", "attackers": "3"}, "attacker_points": 80,
            "bottom_dug": False} | bad
    with pytest.raises(ValueError):
        settle(DG, SettleInput(**args))


# ------------------------------------------------------------------ readings as options

def test_star_burial_row_advance_replaced():
    """star_burial.row_advance replaced (the totals reading of 一个大王升三级, not the bundled one): a holding banker
    with one joker gains 3 (3 -> 6), not 1 + 3; a team credited with no joker keeps its row's advance."""
    total = rules_with("huolong/datong-guide", {"star_burial.row_advance": "replaced"})
    assert run(total, 80, False, b="3", stars=(1, 0)).levels["banker_team"] == "6"
    assert run(DG, 80, False, b="3", stars=(1, 0)).levels["banker_team"] == "7"
    assert run(total, 80, False, b="3").levels["banker_team"] == "4"


@pytest.mark.parametrize(
    ("points", "dug", "stars", "b_after", "a_after"),
    [
        (130, True, (1, 0), "6", "8"),    # banker loaded, lost bottom and points: reversed, attackers 3 in all
        (100, True, (1, 0), "6", "5"),    # banker loaded, lost the bottom only: wasted, nobody advances
        (60, False, (0, 1), "9", "5"),    # attackers loaded, neither dug nor made 120: reversed, banker 3 in all
        (130, False, (0, 1), "6", "5"),   # attackers loaded, made 120 but did not dig: wasted (take over, no advance)
    ],
)
def test_star_burial_on_failure_reversed_loading(points, dug, stars, b_after, a_after):
    """star_burial.on_failure opponents_gain_if_points_lost (倒载, li-zhijiang 一.六.9):
    a loading side that loses the last trick and the points gives its jokers away (row_advance replaced: 3 per joker)."""
    reversed_ = rules_with("huolong/li-zhijiang", {"star_burial.on_failure": "opponents_gain_if_points_lost"})
    out = run(reversed_, points, dug, b="6", a="5", stars=stars)
    assert out.levels == {"banker_team": b_after, "attackers": a_after}
