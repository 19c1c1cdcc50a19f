"""The engine's fast paths equal their plain definitions, at every decision of seeded hands:

* :func:`follow.legal_plays` (built from the held cards in notation order) is exactly the set of sub-multisets of
  the hand that :func:`follow.check_play` accepts, sorted;
* :func:`trick.play_strength` agrees with :func:`trick.trick_winner`: a play takes the trick exactly when its
  strength is greater than the winning play's;
* a hand state's trick is judged with its led shape known (the lead not classified again) and the led-suit cards
  held counted over the hand's own: :func:`follow.check_play`
  and :func:`follow.random_legal_play` given ``led`` answer as without it, :func:`trick.strongest_play` as
  :func:`trick.trick_winner`;
* a hand state's kept led-suit cards of a follower (:meth:`HandState._held_of_suit`, kept from play to play) are
  :func:`follow.held_of_suit` of its hand now, also once a seat's hand was replaced by another ``Counter``;
* a star-burial seat's :meth:`StarBurial.legal_counts` (found at one look at the bottom) are the counts
  :meth:`StarBurial.check_load` accepts;
* the greedy bot's play (leads and, under the source variants' rules, follows chosen without listing the plays:
  :mod:`greedy`) is the play of its definition: the legal plays listed, each follow tried with
  :func:`trick.trick_winner`.

Hands are seeded (no random draw decides what the test reaches).
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

from datong_rules.reference_impl.cards import sort_cards
from datong_rules.reference_impl.huolong.bots import GreedyBot, RandomBot, play_hand
from datong_rules.reference_impl.huolong.dealing import new_pack
from collections import Counter

from datong_rules.reference_impl.huolong.follow import (check_play, held_of_suit, led_shape, legal_plays,
                                                        random_legal_play)
from datong_rules.reference_impl.huolong.hand import HandState
from datong_rules.reference_impl.huolong.rules import rules_for, rules_with
from datong_rules.reference_impl.huolong.trick import play_strength, strongest_play, trick_winner

from lifecycle_helpers import VARIANTS

HOUSES = {
    "any-shape-ruffs": rules_with("huolong/datong-guide", {"trick.ruff_same_shape": False}),
    "shape-and-pairs": rules_with("huolong/datong-guide", {"follow.shape": "match_when_held",
                                                           "follow.meteor_obliges_pair": True,
                                                           "follow.keep_meteors_whole": True}),
    "pairs-owed": rules_with("huolong/datong-guide", {"follow.meteor_obliges_pair": True}),
}
LOADING = {"huolong/li-zhijiang": rules_for("huolong/li-zhijiang"),
           "simultaneous-fast": rules_with("huolong/li-zhijiang", {"star_burial.order": "simultaneous",
                                                                   "star_burial.policy": "fast"}),
           "simultaneous-slow": rules_with("huolong/li-zhijiang", {"star_burial.order": "simultaneous"})}
"""Star-burial rules: the source variant's (in turn) and simultaneous loads."""
ALL_RULES = {**{v: rules_for(v) for v in VARIANTS}, **HOUSES}


def greedy_by_definition(state: HandState, seat: int) -> list[str]:
    """The greedy bot's play as its note defines it, over the listed legal plays (ties: the first listed)."""
    rules, ranking, trick = state.rules, state.ranking, state.trick
    strength, points = ranking.strength_map, rules.point_map

    def cost(play):
        return (sum(points[c] for c in play), sum(strength[c] for c in play))

    plays = legal_plays(rules, ranking, state.hands[seat], trick)
    if not trick:
        side_aces = [p for p in plays if not ranking.trump_of[p[0]] and p[0][1:] == "A"]
        if side_aces:
            return list(max(side_aces, key=len))
        singles = [p for p in plays if len(p) == 1]
        return list(min(singles or plays, key=lambda p: (ranking.trump_of[p[0]], cost(p))))
    current = trick_winner(rules, ranking, trick)
    if (len(trick) - current) % 2:
        winning = [p for p in plays if trick_winner(rules, ranking, [*trick, list(p)]) == len(trick)]
        if winning:
            return list(min(winning, key=lambda p: (sum(strength[c] for c in p), -cost(p)[0])))
    return list(min(plays, key=cost))


def plays_by_definition(state: HandState, seat: int) -> list[tuple[str, ...]]:
    """Every sub-multiset of the hand of a play's size that check_play accepts, sorted."""
    hand = +state.hands[seat]
    sizes = [len(state.trick[0])] if state.trick else sorted(state.rules.combo_by_size)
    out = set()
    for size in sizes:
        for combo in combinations_with_replacement(sorted(hand), size):
            if all(combo.count(c) <= hand[c] for c in combo) and check_play(
                    state.rules, state.ranking, hand, state.trick, list(combo)) is None:
                out.add(tuple(sort_cards(combo)))
    return sorted(out)


class Watched:
    """A bot that calls ``watch(state, seat)`` before each of its plays (the rest as ``bot``)."""

    def __init__(self, bot, watch) -> None:
        self.bot, self.watch = bot, watch

    def __getattr__(self, name):
        return getattr(self.bot, name)

    def choose_play(self, state, seat):
        self.watch(state, seat)
        return self.bot.choose_play(state, seat)


def watch_plays(rules, seed: int, kind, check) -> int:
    """Play a first hand with bots of ``kind`` (seeded, the hand loop of :func:`bots.play_hand`), calling
    ``check(state, seat)`` before every play; the number of plays checked (0 for a redealt hand)."""
    rng = random.Random(seed)
    state = HandState(rules, new_pack(rules, rng))
    seen = []

    def watch(state, seat):
        check(state, seat)
        seen.append(seat)
    play_hand(state, [Watched(kind(rng), watch) for _ in range(rules.players)])
    return len(seen)


@pytest.mark.parametrize("name", sorted(ALL_RULES))
@pytest.mark.parametrize("kind", [GreedyBot, RandomBot], ids=["greedy hands", "random hands"])
def test_greedy_plays_as_its_definition(name, kind):
    # in hands of greedy play and in the wider situations of random play (discards of several suits, ruffs, ties)
    rules = ALL_RULES[name]

    def check(state, seat):
        assert GreedyBot().choose_play(state, seat) == greedy_by_definition(state, seat)
    assert sum(watch_plays(rules, seed, kind, check) for seed in range(8)) > 300


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_legal_plays_are_the_plays_check_play_accepts(name):
    rules = ALL_RULES[name]
    count = iter(range(10**6))

    def check(state, seat):
        if next(count) % 5 == 0:  # the definition tries every sub-multiset: every fifth decision
            assert legal_plays(rules, state.ranking, state.hands[seat], state.trick) == plays_by_definition(
                state, seat)
    assert sum(watch_plays(rules, seed, RandomBot, check) for seed in range(2)) > 100


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_play_strength_decides_who_takes_the_trick(name):
    rules = ALL_RULES[name]

    def check(state, seat):
        trick = state.trick
        if not trick:
            return
        best = play_strength(rules, state.ranking, trick[0], trick[trick_winner(rules, state.ranking, trick)])
        for play in legal_plays(rules, state.ranking, state.hands[seat], trick):
            s = play_strength(rules, state.ranking, trick[0], play)
            takes = trick_winner(rules, state.ranking, [*trick, list(play)]) == len(trick)
            assert takes == (s is not None and s > best)
    assert sum(watch_plays(rules, seed, RandomBot, check) for seed in range(2)) > 100


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_a_known_led_shape_judges_as_the_lead_classified(name):
    rules = ALL_RULES[name]
    judged = 0

    def check(state, seat):
        nonlocal judged
        trick, ranking, hand = state.trick, state.ranking, state.hands[seat]
        if not trick:
            return
        led = led_shape(ranking, trick)
        assert state._led() == led
        assert strongest_play(rules, ranking, trick) == trick_winner(rules, ranking, trick)
        for play in [list(p) for p in legal_plays(rules, ranking, hand, trick)] + [sorted(hand)[:led[0]]]:
            assert check_play(rules, ranking, hand, trick, play, led) == check_play(rules, ranking, hand, trick, play)
            # the led-suit cards held, counted over the hand's own (as a hand state keeps them)
            assert check_play(rules, ranking, hand, trick, play, led, held_of_suit(ranking, hand, led[1])) == \
                check_play(rules, ranking, hand, trick, play)
        # the same draw with and without the shape given (one seed per decision)
        assert random_legal_play(rules, ranking, hand, trick, random.Random(judged), led) == random_legal_play(
            rules, ranking, hand, trick, random.Random(judged))
        judged += 1
    assert sum(watch_plays(rules, seed, RandomBot, check) for seed in range(2)) > 100
    assert judged > 50


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_the_kept_led_suit_cards_are_the_hand_s(name):
    # at every follow of seeded hands, every seat's kept cards of every suit (the draws made them as the hands went)
    rules = ALL_RULES[name]
    checked = replaced = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = HandState(rules, new_pack(rules, rng))
        while not state.is_terminal():
            if state.phase == "play":
                for seat, hand in enumerate(state.hands):
                    for suit in state.ranking.suit_members:
                        assert state._held_of_suit(seat, hand, state.ranking, suit) == held_of_suit(
                            state.ranking, hand, suit)
                        checked += 1
                if len(state.tricks) == 5 and not state.trick:  # white box: a seat's hand replaced by an equal one
                    state.hands[1] = Counter(state.hands[1])
                    replaced += 1
            state.apply(state.random_action(rng), validate=bool(seed % 2))
    assert checked > 1000 and replaced


@pytest.mark.parametrize("name", ["huolong/li-zhijiang", "simultaneous-fast", "simultaneous-slow"])
def test_the_legal_load_counts_are_those_check_load_accepts(name):
    rules = LOADING[name]
    asked = loads = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = HandState(rules, new_pack(rules, rng))
        while not state.is_terminal():
            if state.phase == "star_burial":
                star = state.star
                for seat in range(rules.players):
                    counts = star.legal_counts(seat)
                    assert counts == [c for c in range(star.holdings[seat] + 1) if star.check_load(seat, c) is None]
                    asked += 1
                    loads += len(counts) > 1
            state.apply(state.random_action(rng))
    assert asked > 20 and loads  # some seat could load a big joker


DECLARING = {**{v: rules_for(v) for v in VARIANTS},
             "chain-until-bury": rules_with("huolong/datong-guide", {"declaration.next_card_joker": "chain",
                                                                     "declaration.window": "until_bury"}),
             "other-team-all-jokers": rules_with("huolong/li-zhijiang", {"declaration.overcall_by": "other_team",
                                                                         "declaration.show_all_big_jokers": True})}


@pytest.mark.parametrize("name", sorted(DECLARING))
def test_the_kept_legal_shows_equal_the_shows_listed_afresh(name):
    # Declaration.all_legal_shows keeps its list between two changes: at every step of the deal (random shows made
    # all along) it equals every seat's legal_shows computed now
    rules = DECLARING[name]
    shows_made = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = HandState(rules, new_pack(rules, rng))
        while state.phase in ("deal", "declare", "bury") and not state.finished:
            decl = state.decl
            assert decl.all_legal_shows() == [(seat, cards) for seat in range(rules.players)
                                              for cards in decl.legal_shows(seat)]
            action = state.random_action(rng)
            shows_made += action["type"] == "show"
            state.apply(action)
    assert shows_made >= 8
