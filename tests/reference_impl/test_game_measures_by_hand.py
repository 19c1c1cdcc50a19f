"""Simulate measures of hands worked by hand: each finished hand is written down (its result settled by the kit's
settlement from inputs chosen here), and the measures and fired rules asserted are read from the variant's rules."""

from __future__ import annotations

from types import SimpleNamespace

from datong_rules.reference_impl.dadun import measures as dadun_measures
from datong_rules.reference_impl.dadun.rules import rules_for as dadun_rules
from datong_rules.reference_impl.dadun.scoring import settle_hand
from datong_rules.reference_impl.huolong import measures as huolong_measures
from datong_rules.reference_impl.huolong.rules import rules_for as huolong_rules
from datong_rules.reference_impl.huolong.settlement import SettleInput, settle


def _huolong_hand(variant, banker, team_levels, points, dug, level_rank=False, stars=None, bottom_points=0):
    rules = huolong_rules(variant)
    stars = stars or {"banker_team": 0, "attackers": 0}
    levels = {"banker_team": team_levels[banker % 2], "attackers": team_levels[(banker + 1) % 2]}
    outcome = settle(rules, SettleInput(banker=banker, levels=levels, attacker_points=points, bottom_dug=dug,
                                        stars=stars, dug_with_level_rank=level_rank))
    plays = [{"type": "play", "seat": s % 4, "cards": ["S3"]} for s in range(8)]
    return SimpleNamespace(
        rules=rules, phase="settled", banker=banker, team_levels=team_levels, outcome=outcome,
        actions=[{"type": "show", "seat": 2}, {"type": "declaration"}, {"type": "bury"}, *plays, {"type": "settle"}],
        tricks=[None, None], final_attacker_points=points, attacker_points=points - (bottom_points if dug else 0),
        bottom_points=bottom_points, bottom_dug=dug, star=SimpleNamespace(stars=stars) if sum(stars.values()) else None,
        declaration=SimpleNamespace(outcome="declared", shows=(SimpleNamespace(seat=2),)))


def test_huolong_hook_down():
    """li-zhijiang 一.五 and 一.六.8: the banker team (seats 1 and 3) at J; the attackers take 130 with the bottom's 10
    (counted once, multiplier 1) and dig it with Js: the first row, hook_down, sends the banker team to 3 and the
    attackers take over one level up (5 → 6)."""
    state = _huolong_hand("huolong/li-zhijiang", 1, ("5", "J"), 130, True, level_rank=True, bottom_points=10)
    seen = huolong_measures.observe_hand(state)
    assert seen["banker_side_won"] == 0 and seen["seat_won_0"] == seen["seat_won_2"] == 1
    assert seen["seat_won_1"] == seen["seat_won_3"] == 0 and seen["banker_seat_0"] == 0
    assert seen["hand_actions"] == 1 + 1 + 8 and seen["hand_tricks"] == 2 and seen["attacker_points"] == 130
    assert seen["bottom_dug"] == 1 and seen["stars_buried"] == 0 and seen["redealt"] == 0
    assert huolong_measures.rules_fired(state) == {"settlement.table[hook_down]", "bottom.dig"}


def test_huolong_attackers_at_a_do_not_pass_it():
    """datong-guide levels.stop_levels (attackers_advance false): attackers (seats 0 and 2) at A make 150 and dig a
    bottom of 15 doubled: dig_and_topple gives them one level, but at A as attackers they gain nothing (a stop);
    no stakes row. The bottom's 15 count 30: the multiplier decided."""
    state = _huolong_hand("huolong/datong-guide", 3, ("A", "8"), 150, True, bottom_points=15)
    state.attacker_points = 120
    assert state.outcome.row == "dig_and_topple" and state.outcome.levels["attackers"] == "A"
    fired = huolong_measures.rules_fired(state)
    assert fired == {"settlement.table[dig_and_topple]", "bottom.dig", "bottom.multiplier", "levels.stop_levels"}
    assert huolong_measures.observe_hand(state)["banker_side_won"] == 0


def test_huolong_shutout_with_a_star_held():
    """datong-guide: attackers at 0 without the bottom: the shutout row (光头) wins the match for the banker team with
    ±100 stakes; one big joker buried by the banker team and held gains it 3 levels on top (star_burial)."""
    state = _huolong_hand("huolong/datong-guide", 0, ("3", "3"), 0, False, stars={"banker_team": 1, "attackers": 0})
    fired = huolong_measures.rules_fired(state)
    assert fired == {"settlement.table[shutout]", "stakes.enabled", "star_burial.enabled",
                     "star_burial.levels_per_joker"}
    seen = huolong_measures.observe_hand(state)
    assert seen["banker_side_won"] == 1 and seen["stars_buried"] == 1 and seen["banker_seat_0"] == 1
    match = huolong_measures.observe_match([SimpleNamespace(phase="redeal"), state])
    assert match == {"match_hands": 1, "match_starter_won": 1, "match_seat_won_0": 1, "match_seat_won_1": 0,
                     "match_seat_won_2": 1, "match_seat_won_3": 0}


def _play(seat, cards, combination, stands=None):
    return {"type": "play", "seat": seat, "cards": cards, "reading": {"combination": combination,
                                                                      "cards": stands or cards}}


def test_dadun_partners_out_first_and_second_with_wind_bomb_and_wild():
    """dadun-guide: seat 0 leads a single 5, seat 1 beats it with a bomb of four 9s (bombs beat ordinary plays),
    all pass; seat 1 leads a pair with the wild ♥2 standing for a 7 and goes out; nobody beats it, so seat 3 (the
    partner) takes the wind; … seats 1 and 3 go out first and second: partners 1+2, team 1 wins."""
    rules = dadun_rules("dadun/dadun-guide")
    round1 = [_play(0, ["S5"], "single"), _play(1, ["S9", "H9", "C9", "D9"], "bomb"),
              {"type": "pass", "seat": 2}, {"type": "pass", "seat": 3}, {"type": "pass", "seat": 0}]
    round2 = [_play(1, ["S7", "H2"], "pair", ["S7", "H7"]), {"type": "pass", "seat": 2},
              {"type": "pass", "seat": 3}, {"type": "pass", "seat": 0}]
    last = [_play(3, ["DK"], "single")]
    result = settle_hand(rules, ["2", "2"], "2", [1, 3], [0, 10, 0, 25], 0, [0, 0])
    result.update(finish=[1, 3], captured=[0, 10, 0, 25], bonus=[0, 0], transfer=None)
    state = SimpleNamespace(rules=rules, result=result, finish=[1, 3], first_drawer=0, wild="H2", levels=("2", "2"),
                            actions=round1 + round2 + last, first_partner_before=0,
                            rounds=[{"actions": round1, "wind": False}, {"actions": round2, "wind": True}],
                            bonus={"bonus": 0, "team": 0, "transfer": None})
    seen = dadun_measures.observe_hand(state)
    assert seen == {"first_out_team_won": 1, "leader_team_won": 0, "hand_actions": 10, "hand_rounds": 3,
                    "points_winners": 35, "partners_first_second": 1, "bomb_played": 1, "wind_taken": 1,
                    "wild_used": 1, "tribute_given": 0, "seat_won_0": 0, "seat_won_1": 1, "seat_won_2": 0,
                    "seat_won_3": 1}
    assert dadun_measures.rules_fired(state) == {"settlement.partners_first_second", "play.wind", "wild.cards",
                                                 "combinations.catalogue[bomb]", "beating.bombs_beat_ordinary"}
    # the same hand after a tribute: seat 2 gave seat 1 its best card before the lead (a give, not a play)
    state.tribute = {"givers": [2], "receivers": [1], "resisted": False,
                     "given": [{"kind": "tribute", "from": 2, "to": 1, "card": "SA"}]}
    state.actions = [{"type": "give", "seat": 2, "to": 1, "cards": ["SA"]}, *state.actions]
    seen = dadun_measures.observe_hand(state)
    assert seen["tribute_given"] == 1 and seen["hand_actions"] == 10 and seen["hand_rounds"] == 3
    assert "settlement.tribute" in dadun_measures.rules_fired(state)


def test_biedan_bomb_wind_and_egg():
    """biedan-guide (round ends when both others passed; the last player leads; a player out by the play that stood
    hands the lead to the next player holding cards, play.leader_out). Seat 0 (banker by the ♥3) leads S3, seat 1
    beats with S5, both pass; seat 1 leads a pair of 6s, seat 2 bombs it with four 9s (beating.bombs_beat_ordinary),
    both pass; seat 2 leads its last card SK and is out, both pass: the wind goes to seat 0; seat 0 leads the rocket,
    seat 1 passes; seat 0 leads D3, its last card: seat 1 is left holding cards. Places: 2, 0, 1; the banker lost the
    bank (banker.next_when_lost). The exchange: the first draws one card from the third, the third takes the egg."""
    from datong_rules.reference_impl.biedan import measures
    from datong_rules.reference_impl.biedan.combinations import table_for
    from datong_rules.reference_impl.biedan.rules import rules_for

    def play(seat, *cards):
        return {"type": "play", "seat": seat, "cards": list(cards)}

    def pass_(seat):
        return {"type": "pass", "seat": seat}

    rules = rules_for("biedan/biedan-guide")
    actions = [{"type": "bury", "seat": 0, "cards": ["S4", "H4", "C4"]},
               play(0, "S3"), play(1, "S5"), pass_(2), pass_(0),
               play(1, "S6", "H6"), play(2, "S9", "H9", "C9", "D9"), pass_(0), pass_(1),
               play(2, "SK"), pass_(0), pass_(1),
               play(0, "BJ", "LJ"), pass_(1),
               play(0, "D3")]
    moves = [{"step": "draw", "from": 1, "to": 2, "cards": ["S2"]},
             {"step": "take_egg", "from": None, "to": 1, "cards": ["S4", "H4", "C4"]}]
    state = SimpleNamespace(rules=rules, t=table_for(rules), banker=0, banker_by_card=True, actions=actions,
                            out=[2, 0], places={"first": 2, "second": 0, "third": 1}, moves=moves)
    seen = measures.observe_hand(state)
    assert seen == {"banker_side_won": 0, "banker_third": 0, "seat_won_0": 0, "seat_won_1": 0, "seat_won_2": 1,
                    "hand_actions": 14, "hand_rounds": 5, "points_banker": 0, "bomb_played": 1, "exchange_cards": 4}
    assert measures.rules_fired(state) == {"banker.first", "banker.next_when_lost", "combinations.catalogue[bomb]",
                                           "combinations.catalogue[rocket]", "beating.bombs_beat_ordinary",
                                           "play.leader_out", "exchange.timing", "egg.count"}
    second = SimpleNamespace(rules=rules, banker=2, places={"first": 0, "second": 2, "third": 1})
    # tallies after two hands: seat 0 0+1, seat 1 -1-1, seat 2 1+0: seats 0 and 2 share the win
    assert measures.observe_match([state, second]) == {
        "match_hands": 2, "match_starter_won": 1, "match_seat_won_0": 1, "match_seat_won_1": 0, "match_seat_won_2": 1}



def test_huolong_failed_star_burial_stopped_at_a():
    """li-zhijiang: the banker team (seats 1/3) at K, the attackers at A take 90 and lose the last trick with one big
    joker of theirs in the bottom. Row points_kept_bottom_held (≤ 119, held) gives the banker team 1; the attackers'
    burial failed and they lost the points, so their joker goes to the banker team (star_burial.on_failure:
    opponents_gain_if_points_lost, 3 levels a joker): a gain of 4, which a stop at A (遇J，A不过, jumps stop) ends
    after one level."""
    state = _huolong_hand("huolong/li-zhijiang", 1, ("A", "K"), 90, False, stars={"banker_team": 0, "attackers": 1})
    assert state.outcome.levels == {"banker_team": "A", "attackers": "A"} and state.outcome.match_winner is None
    assert huolong_measures.rules_fired(state) == {
        "settlement.table[points_kept_bottom_held]", "star_burial.enabled", "star_burial.on_failure",
        "star_burial.levels_per_joker", "levels.stop_levels"}
    seen = huolong_measures.observe_hand(state)
    assert seen["banker_side_won"] == 1 and seen["seat_won_1"] == seen["seat_won_3"] == 1 and seen["seat_won_0"] == 0
    assert seen["attacker_points"] == 90 and seen["bottom_dug"] == 0 and seen["stars_buried"] == 1
