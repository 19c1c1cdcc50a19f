"""The house-rule options, each value played: trick.ruff_same_shape,
follow.meteor_obliges_pair, follow.keep_meteors_whole, bottom.multiplier by last-trick size,
declaration.nobody_declared bottom_first_level_card, declaration.window until_bury,
declaration.overcall_by not_current_declarer, star_burial.levels_per_joker with one entry or zeros.

Expected values are worked by hand from the definitions of the app (/work/plan/house-definitions.md,
mirrored in the rule texts of docs/examples/huolong-house.yaml), never pasted from the engine.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement

import pytest

from datong_rules.reference_impl.huolong.bots import GreedyBot, RandomBot, play_hand
from datong_rules.reference_impl.huolong.dealing import new_pack
from datong_rules.reference_impl.huolong.declaration import OVERCALL_NOT_ALLOWED, WINDOW_CLOSED, run_declaration
from datong_rules.reference_impl.huolong.follow import (
    MUST_FOLLOW_SHAPE, MUST_FOLLOW_SUIT, check_play, legal_plays, random_legal_play,
)
from datong_rules.reference_impl.huolong.hand import HandState
from datong_rules.reference_impl.huolong.ops.play import op_bottom_points
from datong_rules.reference_impl.huolong.ranking import Ranking
from datong_rules.reference_impl.huolong.records import hand_body, replay_hand
from datong_rules.reference_impl.huolong.rules import RulesError, rules_with
from datong_rules.reference_impl.huolong.scoring import bottom_award
from datong_rules.reference_impl.huolong.settlement import SettleInput, settle
from datong_rules.reference_impl.huolong.trick import trick_winner

DG = "huolong/datong-guide"
LI = "huolong/li-zhijiang"


def ranking(rules, level="5", trump="H"):
    return Ranking(rules, level, trump)


# ------------------------------------------------------------------ trick.ruff_same_shape

ANY_SHAPE = rules_with(DG, {"trick.ruff_same_shape": False})
SAME_SHAPE = rules_with(DG, {"trick.ruff_same_shape": True})


def win(rules, plays):
    return trick_winner(rules, ranking(rules), plays)


def test_a_ruff_in_any_shape_competes_by_its_weakest_card():
    """false: on a led side pair, BJ+H4 (all trumps) beats H3 H3 (its weakest card H4 > H3); true: only the pair ruffs."""
    plays = [["SA", "SA"], ["H3", "H3"], ["BJ", "H4"], ["S6", "S7"]]
    assert win(ANY_SHAPE, plays) == 2
    assert win(SAME_SHAPE, plays) == 1


def test_equal_weakest_cards_the_first_ruff_wins():
    """H4 H4 and BJ H4 are equally strong (weakest card H4): the first played wins."""
    assert win(ANY_SHAPE, [["SA", "SA"], ["H4", "H4"], ["BJ", "H4"], ["S6", "S7"]]) == 1
    assert win(ANY_SHAPE, [["SA", "SA"], ["BJ", "H4"], ["H4", "H4"], ["S6", "S7"]]) == 1


def test_mixed_plays_and_trump_leads_are_unchanged():
    """A trump with a side card never competes; on a trump lead only the led shape competes; a led-suit play out of
    shape does not compete either."""
    assert win(ANY_SHAPE, [["SA", "SA"], ["BJ", "S4"], ["S6", "S7"], ["C6", "C7"]]) == 0
    assert win(ANY_SHAPE, [["H6", "H6"], ["BJ", "H7"], ["H8", "H9"], ["C6", "C7"]]) == 0
    assert win(ANY_SHAPE, [["S6", "S6"], ["SA", "SK"], ["S7", "S8"], ["C6", "C7"]]) == 0


def test_any_shape_ruffs_on_a_meteor():
    """A led side meteor: three odd trumps compete (weakest H6 beats the lead); a trump meteor of H3 is weaker than
    a ruff whose weakest card is H6."""
    assert win(ANY_SHAPE, [["SA", "SA", "SA"], ["BJ", "LJ", "H6"], ["S6", "S7", "S8"], ["C6", "C7", "C8"]]) == 1
    assert win(ANY_SHAPE, [["SA", "SA", "SA"], ["H3", "H3", "H3"], ["BJ", "LJ", "H6"], ["C6", "C7", "C8"]]) == 2
    assert win(SAME_SHAPE, [["SA", "SA", "SA"], ["H3", "H3", "H3"], ["BJ", "LJ", "H6"], ["C6", "C7", "C8"]]) == 1


# ------------------------------------------------------------------ follow.meteor_obliges_pair / keep_meteors_whole

def follow_rules(shape="free", pair=False, whole=False):
    return rules_with(DG, {"follow.shape": shape, "follow.meteor_obliges_pair": pair,
                           "follow.keep_meteors_whole": whole})


METEOR = [["S9", "S9", "S9"]]
PAIR = [["S9", "S9"]]


def check(rules, hand, trick, play):
    return check_play(rules, ranking(rules), Counter(hand), trick, play)


def test_a_led_meteor_obliges_a_held_pair():
    hand = ["S4", "S4", "S7", "S8", "D3"]
    assert check(follow_rules(pair=False), hand, METEOR, ["S4", "S7", "S8"]) is None
    assert check(follow_rules(pair=True), hand, METEOR, ["S4", "S7", "S8"]) == MUST_FOLLOW_SHAPE
    assert check(follow_rules(pair=True), hand, METEOR, ["S4", "S4", "S8"]) is None
    # follow suit still comes first
    assert check(follow_rules(pair=True), hand, METEOR, ["S4", "S4", "D3"]) == MUST_FOLLOW_SUIT


def test_the_pair_duty_without_a_second_suit_card():
    """Only a pair of the led suit: it goes in with any third card (no spade left)."""
    assert check(follow_rules(pair=True), ["S4", "S4", "D3", "C5"], METEOR, ["S4", "S4", "D3"]) is None


def test_a_meteor_in_hand_under_match_when_held_is_owed_before_any_pair():
    hand = ["S4", "S4", "S4", "S7", "S7"]
    rules = follow_rules(shape="match_when_held", pair=True)
    assert check(rules, hand, METEOR, ["S7", "S7", "S4"]) == MUST_FOLLOW_SHAPE
    assert check(rules, hand, METEOR, ["S4", "S4", "S4"]) is None


def test_keep_meteors_whole_frees_a_hand_whose_pairs_are_all_in_meteors():
    hand = ["S4", "S4", "S4", "S7", "S8", "S10"]
    assert check(follow_rules(pair=True, whole=False), hand, METEOR, ["S7", "S8", "S10"]) == MUST_FOLLOW_SHAPE
    assert check(follow_rules(pair=True, whole=True), hand, METEOR, ["S7", "S8", "S10"]) is None
    # breaking the meteor by choice stays allowed
    assert check(follow_rules(pair=True, whole=True), hand, METEOR, ["S4", "S4", "S7"]) is None


def test_keep_meteors_whole_on_a_led_pair_under_match_when_held():
    hand = ["S4", "S4", "S4", "S7", "S8"]
    assert check(follow_rules(shape="match_when_held", whole=False), hand, PAIR, ["S7", "S8"]) == MUST_FOLLOW_SHAPE
    assert check(follow_rules(shape="match_when_held", whole=True), hand, PAIR, ["S7", "S8"]) is None
    # a pair outside the meteors obliges; any pair of the suit meets the duty
    hand = ["S4", "S4", "S4", "S7", "S7"]
    rules = follow_rules(shape="match_when_held", whole=True)
    assert check(rules, hand, PAIR, ["S4", "S7"]) == MUST_FOLLOW_SHAPE
    assert check(rules, hand, PAIR, ["S7", "S7"]) is None
    assert check(rules, hand, PAIR, ["S4", "S4"]) is None


@pytest.mark.parametrize("shape", ["free", "match_when_held"])
@pytest.mark.parametrize("pair", [False, True])
@pytest.mark.parametrize("whole", [False, True])
def test_legal_plays_and_random_plays_agree_with_check_play(shape, pair, whole):
    """legal_plays lists exactly the plays check_play accepts, and random_legal_play draws one of them."""
    rules = follow_rules(shape, pair, whole)
    rank = ranking(rules)
    rng = random.Random(7)
    pool = ["S4", "S4", "S4", "S7", "S7", "S8", "S9", "D3", "D3", "C5", "H6", "H6", "BJ"]
    for _ in range(60):
        hand = Counter(rng.sample(pool, rng.randint(3, 9)))
        for trick in (METEOR, PAIR, [["S9"]], [["D9", "D9", "D9"]]):
            n = len(trick[0])
            if sum(hand.values()) < n:
                continue
            listed = set(legal_plays(rules, rank, hand, trick))
            brute = {tuple(sorted(p)) for p in combinations_with_replacement(sorted(hand), n)
                     if check_play(rules, rank, hand, trick, list(p)) is None}
            assert {tuple(sorted(p)) for p in listed} == brute
            assert check_play(rules, rank, hand, trick, random_legal_play(rules, rank, hand, trick, rng)) is None


# ------------------------------------------------------------------ bottom.multiplier by last-trick size

BY_SIZE = {"by_last_trick_size": {"1": 2, "2": 4, "3": 8}}


def test_the_bottom_factor_follows_the_last_trick_size():
    rules = rules_with(DG, {"bottom.multiplier": BY_SIZE})
    bottom = ["S5", "S10", "HK", "D3", "D4", "C6"]  # 25 points
    assert bottom_award(rules, bottom, True, 1) == (25, 50)
    assert bottom_award(rules, bottom, True, 2) == (25, 100)
    assert bottom_award(rules, bottom, True, 3) == (25, 200)
    assert bottom_award(rules, bottom, False, 3) == (25, 0)
    with pytest.raises(ValueError, match="last_trick_size"):
        bottom_award(rules, bottom, True)
    # an integer multiplier ignores the size
    assert bottom_award(rules_with(DG, {}), bottom, True, 3) == (25, 50)


def test_bottom_points_op_takes_the_last_trick_size():
    rules = rules_with(DG, {"bottom.multiplier": BY_SIZE})
    given = {"bottom": ["S5", "S10", "HK", "D3", "D4", "C6"], "dug": True, "last_trick_size": 2}
    assert op_bottom_points(rules, given) == {"points": 25, "awarded": 100}
    with pytest.raises(ValueError, match=r"^given\.last_trick_size: "):
        op_bottom_points(rules, {**given, "last_trick_size": 4})
    with pytest.raises(ValueError, match=r"^given\.last_trick_size: "):
        op_bottom_points(rules, {k: v for k, v in given.items() if k != "last_trick_size"})


def test_a_size_without_a_factor_is_refused_when_the_rules_are_built():
    with pytest.raises(RulesError, match=r"^bottom\.multiplier: .*3 card"):
        rules_with(DG, {"bottom.multiplier": {"by_last_trick_size": {"1": 2, "2": 4}}})


# ------------------------------------------------------------------ declaration.*

def rounds(*rows):
    return [card for row in rows for card in row.split()]


def declare(rules, deal, shows, *, level="3", bottom=("S4", "S5", "S6", "S7", "S8", "S9")):
    result, rejected = run_declaration(rules, level, 0, deal, list(bottom), shows)
    return result.outcome, result.trump_suit, result.banker, rejected


@pytest.mark.parametrize(("bottom", "suit"), [
    (["D4", "C5", "H3", "S3", "BJ", "D6"], "H"),   # the first level card
    (["BJ", "D4", "C5", "H6", "S7", "D6"], "D"),   # no level card: the first card with a suit
])
def test_nobody_declared_the_bottom_s_first_level_card(bottom, suit):
    rules = rules_with(DG, {"declaration.nobody_declared": "bottom_first_level_card"})
    assert declare(rules, rounds("S4 H5 C6 D7"), [], bottom=bottom) == ("bottom", suit, 0, [])
    assert declare(rules, rounds("S4 H5 C6 D7"), [], bottom=["BJ"] * 3 + ["LJ"] * 3)[0] == "redeal"
    first_non_joker = rules_with(DG, {"declaration.nobody_declared": "bottom_first_non_joker"})
    assert declare(first_non_joker, rounds("S4 H5 C6 D7"), [], bottom=bottom)[1] == bottom[bottom[0] == "BJ"][0]


def test_not_current_declarer_may_not_overcall_himself_but_his_partner_may():
    """datong-guide flips: seat 0 flips H3, then tries S3 himself (refused), then seat 2 flips C3 (accepted; the first
    flipper stays banker: first_of_kind)."""
    deal = rounds("H3 D4 C3 D5", "S3 D6 H7 D8")
    shows = [(0, ["H3"], 1), (0, ["S3"], 5), (2, ["C3"], 5)]
    rules = rules_with(DG, {"declaration.overcall_by": "not_current_declarer"})
    assert declare(rules, deal, shows) == ("declared", "C", 0, [1])
    anyone = rules_with(DG, {"declaration.overcall_by": "any_player"})
    assert declare(anyone, deal, shows) == ("declared", "C", 0, [])
    other_team = rules_with(DG, {"declaration.overcall_by": "other_team"})
    assert declare(other_team, deal, shows) == ("declared", "H", 0, [1, 2])


def test_until_bury_keeps_shows_open_after_the_deal():
    """A flip after the deal (after > len(deal)) is refused during_deal and accepted until_bury; a joker show after
    the deal is refused (no card left to fix its suit: window_closed)."""
    deal = rounds("H3 D4 S3 LJ", "D9 D6 H7 D8")
    late = len(deal) + 1
    shows = [(0, ["H3"], 1), (2, ["S3"], late), (3, ["LJ"], late)]
    during = rules_with(DG, {"declaration.window": "during_deal"})
    assert declare(during, deal, shows) == ("declared", "H", 0, [1, 2])
    until = rules_with(DG, {"declaration.window": "until_bury"})
    assert declare(until, deal, shows) == ("declared", "S", 0, [2])


def test_until_bury_a_late_show_when_nobody_declared_makes_the_shower_banker():
    deal = rounds("D4 H5 S3 D7")
    until = rules_with(DG, {"declaration.window": "until_bury", "declaration.nobody_declared": "bottom_first_non_joker"})
    assert declare(until, deal, [(2, ["S3"], len(deal) + 1)]) == ("declared", "S", 2, [])
    # the banker-to-be holds the bottom: a level card of the bottom can be shown after the deal
    assert declare(until, deal, [(0, ["C3"], 99)], bottom=["C3", "D5", "D6", "D7", "D8", "D9"]) \
        == ("declared", "C", 0, [])


class LateShower(RandomBot):
    """A random bot that shows only after the deal (declaration.window: until_bury), whenever it can."""

    def choose_show(self, state, seat):
        shows = state.decl.legal_shows(seat)
        return self.rng.choice(shows) if shows and state.phase == "bury" else None


def test_until_bury_whole_hands_play_and_replay():
    """Bots play hands of a variant with all house options; every record replays."""
    rules = rules_with(DG, {
        "declaration.window": "until_bury", "declaration.overcall_by": "not_current_declarer",
        "declaration.nobody_declared": "bottom_first_level_card", "trick.ruff_same_shape": False,
        "follow.meteor_obliges_pair": True, "follow.keep_meteors_whole": True, "bottom.multiplier": BY_SIZE,
        "star_burial.levels_per_joker": [0],
    })
    late_shows = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = HandState(rules, new_pack(rules, rng))
        bots = [LateShower(rng) if seed % 3 == 0 else RandomBot(rng) if seed % 3 == 1 else GreedyBot()
                for _ in range(4)]
        play_hand(state, bots)
        assert state.finished
        late_shows += sum(1 for a in state.actions if a["type"] == "show" and a["after"] == state.total)
        record = {"variant": rules.variant_id, **hand_body(state)}
        result = replay_hand(record, rules)
        assert result.accepted, (seed, result)
    assert late_shows > 0


def test_a_late_show_moves_the_bottom_to_the_new_banker():
    rules = rules_with(DG, {"declaration.window": "until_bury", "declaration.nobody_declared": "bottom_first_non_joker"})
    rng = random.Random(3)
    pack = new_pack(rules, rng)
    state = HandState(rules, pack)
    state.deal_until(state.total)
    # nobody showed: the bottom fixes the suit, the first drawer (seat 0) is banker and takes it up
    state.apply({"type": "close"})
    assert state.declaration.outcome == "bottom" and state.banker == 0
    assert sum(state.hands[0].values()) == 45
    seat = next(s for s in (1, 2, 3) if state.decl.legal_shows(s))
    cards = state.decl.legal_shows(seat)[0]
    state.apply({"type": "show", "seat": seat, "cards": cards})
    assert state.banker == seat and state.trump_suit == cards[0][0]
    assert sum(state.hands[0].values()) == 39 and sum(state.hands[seat].values()) == 45
    state.apply({"type": "bury", "seat": seat, "cards": GreedyBot().choose_bury(state)})
    with pytest.raises(Exception, match="wrong_phase"):
        state.apply({"type": "show", "seat": 0, "cards": ["S3"]})


def test_during_deal_a_show_in_the_bury_phase_is_wrong_phase():
    rules = rules_with(DG, {})
    state = HandState(rules, new_pack(rules, random.Random(3)))
    state.deal_until(state.total)
    state.apply({"type": "close"})
    with pytest.raises(Exception, match="wrong_phase"):
        state.apply({"type": "show", "seat": 1, "cards": ["S3"]})


# ------------------------------------------------------------------ star_burial.levels_per_joker

def settle_with(per_joker, row_advance):
    rules = rules_with(LI, {"star_burial.levels_per_joker": per_joker, "star_burial.row_advance": row_advance})
    inp = SettleInput(banker=0, levels={"banker_team": "5", "attackers": "5"}, attacker_points=40,
                      bottom_dug=False, stars={"banker_team": 2, "attackers": 0})
    return settle(rules, inp)


def test_zero_level_jokers_replace_nothing():
    """li-zhijiang, points kept and bottom held: the row advances the banker team 1. [0]: the two jokers add 0 levels
    and (replaced) leave the row's level; [3]: 3 per joker replace it (6); [3, 0, 0]: only the first counts (3)."""
    assert settle_with([0], "replaced").levels["banker_team"] == "6"
    assert settle_with([0], "added").levels["banker_team"] == "6"
    assert settle_with([3], "replaced").level_gain["banker_team"] == 6
    assert settle_with([3, 0, 0], "replaced").level_gain["banker_team"] == 3
    assert settle_with([3, 0, 0], "added").level_gain["banker_team"] == 4


def _record_to_declaration(rules, seed):
    """A first hand dealt and closed (nobody showing), its record cut after the declaration entry, and the state."""
    state = HandState(rules, new_pack(rules, random.Random(seed)))
    state.deal_until(state.total)
    state.apply({"type": "close"})
    return {"variant": rules.variant_id, **hand_body(state)}, state


def test_replay_of_shows_after_the_deal_under_until_bury():
    """A level flip after the declaration entry is accepted (and moves the bank); a joker after the deal is
    window_closed; a late show whose after is not the whole deal is bad_after; the same flip under during_deal is
    wrong_phase."""
    until = rules_with(DG, {"declaration.window": "until_bury"})
    record, state = _record_to_declaration(until, 5)
    seat = next(s for s in (1, 2, 3) if state.decl.legal_shows(s))
    flip = {"type": "show", "seat": seat, "cards": state.decl.legal_shows(seat)[0], "after": state.total}
    late = {**record, "actions": record["actions"] + [flip]}
    result = replay_hand(late, until)
    assert (result.reason, result.index) == ("missing_actions", 2)  # accepted; the new banker is to bury
    assert result.seat == seat
    assert replay_hand({**record, "actions": record["actions"] + [{**flip, "after": 3}]}, until).reason == "bad_after"
    joker_seat = next(s for s in range(4) if state.hands[s]["BJ"])
    joker = {"type": "show", "seat": joker_seat, "cards": ["BJ"], "after": state.total}
    result = replay_hand({**record, "actions": record["actions"] + [joker]}, until)
    assert (result.reason, result.index, result.seat) == ("window_closed", 1, joker_seat)
    during = rules_with(DG, {"declaration.window": "during_deal"})
    record, _ = _record_to_declaration(during, 5)
    result = replay_hand({**record, "actions": record["actions"] + [flip]}, during)
    assert (result.reason, result.index) == ("wrong_phase", 1)
