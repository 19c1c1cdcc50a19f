"""The 打墩 Dadun greedy bot decides from play classes: its choice is legal and as weak as the weakest of the listed
legal plays (the bot's rule, checked against :func:`.plays.legal_plays`)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from datong_rules.reference_impl.climbing.cardset import full_pack
from datong_rules.reference_impl.climbing.seats import partner_of
from datong_rules.reference_impl.dadun import combinations as cb
from datong_rules.reference_impl.dadun.bots import GreedyBot, _first_realisation, _realisations, _strength
from datong_rules.reference_impl.dadun.count import play_classes
from datong_rules.reference_impl.dadun.plays import legal_plays
from datong_rules.reference_impl.dadun.rules import rules_with
from datong_rules.reference_impl.dadun.state import new_hand
from test_dadun_lead_classes import VARIANTS

V = "dadun/dadun-guide"


def _weakest_listed(state) -> tuple | None:
    """The bot's rule worked on the full list: the least strength among the plays it may make (None: it passes)."""
    seat = state.current_player()
    if state.table is not None and seat in state.locked:
        return None
    table = state.table[1] if state.table is not None else None
    plays = legal_plays(state.rules, state.hands[seat], state.level, table, state.table_was)
    if state.table is not None and state.table[2] == partner_of(seat, state.rules.players):
        plays = [p for p in plays if cb.TIER[p[1].combination] == 0]
    return min((_strength(state, r.combination, r.cards) for _, r in plays), default=None)


def _check_hand(state, rng: random.Random, budget: int) -> int:
    """Compare the bot with the listing at cheap decisions (following, or leading a small hand); random play moves
    the hand on. Returns the number of decisions compared."""
    bot, compared = GreedyBot(), 0
    while not state.is_terminal() and compared < budget:
        seat = state.current_player()
        if state.table is not None or sum(state.hands[seat].values()) <= 16:
            action = bot.choose(state)
            assert state.check(action) is None, action
            want = _weakest_listed(state)
            if want is None:
                assert action["type"] == "pass"
            else:
                reading = action["reading"]
                assert _strength(state, reading["combination"], tuple(reading["cards"])) == want
            compared += 1
        state.apply(state.random_action(rng))
    return compared


def test_greedy_choice_is_the_weakest_legal_play():
    rng = random.Random(5)
    compared = sum(_check_hand(new_hand(V, rng), rng, 40) for _ in range(2))
    assert compared >= 60


def test_greedy_choice_under_other_option_values():
    rng = random.Random(9)
    for overrides in ({"combinations.flush_also_straight": False, "combinations.dun_also_triple": False},
                      {"wild.alone": "declared", "wild.only_wilds": "declared", "wild.for_jokers": "allowed"},
                      {"beating.bombs_beat_ordinary": False, "ranking.lead_means": "hand_opening"}):
        assert _check_hand(new_hand(rules_with(V, overrides), rng), rng, 25) >= 20


def test_greedy_choice_under_the_house_rules_of_play():
    # level cards above A on every lead, runs and links over the level rank, the joker bomb on top of the ladder
    from test_dadun_count import _joker_bomb_overrides
    rng = random.Random(21)
    overrides = {"ranking.lead_means": "none", "combinations.runs_skip_level": "skipped", **_joker_bomb_overrides()}
    rules = rules_with(V, overrides)
    assert _check_hand(new_hand(rules, rng), rng, 30) >= 25


def test_greedy_bot_plays_the_joker_bomb_only_as_a_bomb():
    # the bot never spends its joker bomb on a lead while a weaker play is left, and answers a 15-card bomb with it
    from collections import Counter

    from test_dadun_count import _joker_bomb_overrides
    rules = rules_with(V, _joker_bomb_overrides())
    state = new_hand(rules, random.Random(3))
    seat = state.current_player()
    state.hands[seat] = Counter(["BJ", "BJ", "LJ", "LJ", "S3"])
    lead = GreedyBot().choose(state)
    assert lead["reading"]["combination"] != "joker_bomb"
    bomb = ["SA", "SA", "SA", "HA", "HA", "HA", "CA", "CA", "CA", "DA", "DA", "DA"] + [cb.wild_card(rules, state.level)] * 3
    reading = cb.readings(rules, tuple(bomb), state.level)
    assert [r.combination for r in reading] == ["bomb"]
    state.table = (tuple(bomb), reading[0], (seat + 1) % 4)  # played by an opponent (the partner sits opposite)
    state.table_was = "follow"
    answer = GreedyBot().choose(state)
    assert answer["type"] == "play" and answer["reading"]["combination"] == "joker_bomb"


def test_the_random_bots_follow_is_the_lowest_group_that_beats():
    from collections import Counter

    from datong_rules.reference_impl.dadun.same_rank_plays import same_rank_follow
    from datong_rules.reference_impl.dadun.rules import rules_for
    rules = rules_for(V)
    # level 2 (wild H2): over a 7, the 8 is the lowest single that beats (the 5 does not, the 9 is higher)
    single = same_rank_follow(rules, Counter(["S5", "H9", "C9", "D8"]), "2", cb.reading_of(rules, "single", ("S7",), "2"),
                           "follow")
    assert single is not None and single[0] == ("D8",) and single[1].combination == "single"
    # over a pair of 6s: the two identical H9 (the 7 is alone, the 10s are higher)
    pair = same_rank_follow(rules, Counter({"S7": 1, "H9": 2, "C10": 2}), "2",
                         cb.reading_of(rules, "pair", ("S6", "C6"), "2"), "follow")
    assert pair is not None and pair[0] == ("H9", "H9")
    # nothing of a rank holds three cards: a triple is not answered
    triple = cb.reading_of(rules, "triple", ("S6",) * 3, "2")
    assert same_rank_follow(rules, Counter({"S7": 2, "H9": 2}), "2", triple, "follow") is None


@settings(derandomize=True, max_examples=60, deadline=None)
@given(st.integers(0, len(VARIANTS) - 1), st.integers(0, 10**6), st.sampled_from(("2", "7", "A")),
       st.integers(6, 30), st.integers(0, 3))
def test_the_quick_first_realisation_is_the_walks_first_one(variant, seed, level, size, wilds):
    """The greedy bot's quick path (:func:`_first_realisation`) gives the first card multiset its walk
    (:func:`_realisations`) gives, for every class of random hands with and without wild cards; when it gives none,
    the walk's first one needs a wild card (or the class names the wild card itself)."""
    rules = VARIANTS[variant]
    rng = random.Random(seed)
    wild = cb.wild_card(rules, level)
    pack = full_pack(rules.decks)
    rng.shuffle(pack)
    hand = Counter(pack[:size])
    hand[wild] = max(hand[wild], min(wilds, pack.count(wild)))
    hand = +hand
    for found in play_classes(rules, hand, level):
        quick = _first_realisation(hand, wild, found)
        first = next(_realisations(hand, wild, found), None)
        if quick is not None:
            assert quick == first and wild not in quick, found
        else:
            assert first is None or wild in first or wild in found.stood, found


def test_the_greedy_bots_actions_applied_trusted_play_the_hand_their_validated_copies_play():
    """The greedy bot's play (:meth:`.state.HandState.play_action`) applied trusted, as ``simulate`` applies it,
    makes the same hand as the same actions copied and applied validated."""
    rules = VARIANTS[0]
    for seed in range(6):
        trusted, checked = (new_hand(rules, random.Random(seed)) for _ in range(2))
        bot = GreedyBot()
        while not trusted.is_terminal():
            action = bot.choose(trusted)
            copy = {**action, **({"cards": list(action["cards"]), "reading": dict(action["reading"])}
                                 if action["type"] == "play" else {})}
            trusted.apply(action, validate=False)
            checked.apply(copy)
        assert checked.is_terminal() and trusted.actions == checked.actions and trusted.result == checked.result
