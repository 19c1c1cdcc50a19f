"""Properties of whole hands over random seeds (Hypothesis), for every source variant:

* the 162 cards are conserved through the deal, the bury, the star burial and every trick;
* the points of all tricks plus the bottom's points make 300, before any multiplier;
* every player to play always has a legal play;
* no play after a trick's recorded winner beats it;
* a hand's record replays to the same final state; random hands finish without error;
* a tampered record (an illegal play planted at index k, a wrong settlement) is refused at the right index.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from datong_rules.reference_impl import records
from datong_rules.reference_impl.huolong.bots import RandomBot, play_hand
from datong_rules.reference_impl.cards import build_deck
from datong_rules.reference_impl.huolong.dealing import new_pack
from datong_rules.reference_impl.huolong.follow import legal_plays
from datong_rules.reference_impl.huolong.hand import HandState
from datong_rules.reference_impl.huolong.ranking import TRUMP
from datong_rules.reference_impl.huolong.rules import rules_for
from datong_rules.reference_impl.huolong.scoring import card_points

from lifecycle_helpers import VARIANTS

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FEW = settings(max_examples=12, deadline=None)


def in_play(state: HandState) -> Counter:
    """Every card still somewhere: hands, bottom, the trick in progress, finished tricks."""
    total = sum(state.hands, Counter()) + Counter(state.bottom)
    for play in state.trick:
        total.update(play)
    for _, plays, _, _ in state.tricks:
        for play in plays:
            total.update(play)
    return +total


def beats(ranking, lead, play, best) -> bool:
    """Independent reading of trick.winner: a play beats the best so far only in the led shape (identical cards,
    as many as led), all of the led suit or all trumps, and strictly stronger (ties: the first played)."""
    if len(play) != len(lead) or len(set(play)) != 1:
        return False
    if ranking.suit_of(play[0]) not in (ranking.suit_of(lead[0]), TRUMP):
        return False
    return ranking.strength(play[0]) > ranking.strength(best[0])


def drive(rules, seed: int) -> HandState:
    """Play one hand with random bots, checking the invariants at every step."""
    rng = random.Random(seed)
    bots = [RandomBot(rng) for _ in range(rules.players)]
    pack_cards = Counter(build_deck(rules.decks))
    state = HandState(rules, new_pack(rules, rng))
    while state.phase == "deal":
        card = state.pack[state.dealt]
        seat = state.deal_one()
        if state.decl.may_show_with(card):
            show = bots[seat].choose_show(state, seat)
            if show:
                state.apply({"type": "show", "seat": seat, "cards": show})
    state.apply({"type": "close"})
    if state.phase == "redeal":
        return state
    assert in_play(state) == pack_cards
    state.apply({"type": "bury", "seat": state.banker, "cards": bots[state.banker].choose_bury(state)})
    assert in_play(state) == pack_cards
    while state.phase == "star_burial":
        seat = state.to_move()
        state.apply({"type": "load", "seat": seat, "count": bots[seat].choose_load(state, seat)})
    assert in_play(state) == pack_cards
    assert [sum(h.values()) for h in state.hands] == [rules.hand_size] * rules.players
    while state.phase == "play":
        seat = state.to_move()
        assert legal_plays(rules, state.ranking, state.hands[seat], state.trick), "a player without a legal play"
        state.apply({"type": "play", "seat": seat, "cards": bots[seat].choose_play(state, seat)})
        assert in_play(state) == pack_cards
    assert state.phase == "settled"
    for leader, plays, winner, _points in state.tricks:
        w = (winner - leader) % rules.players
        for later in plays[w + 1:]:
            assert not beats(state.ranking, plays[0], later, plays[w])
    trick_total = sum(points for _, _, _, points in state.tricks)
    deck_points = card_points(rules, build_deck(rules.decks))
    assert deck_points == 300
    assert trick_total + card_points(rules, state.bottom) == deck_points
    return state


@FEW
@given(variant=st.sampled_from(VARIANTS), seed=SEEDS)
def test_hand_invariants(variant, seed):
    drive(rules_for(variant), seed)


@FEW
@given(variant=st.sampled_from(VARIANTS), seed=SEEDS)
def test_record_replays_to_the_same_final_state(variant, seed):
    state = drive(rules_for(variant), seed)
    record = records.hand_record(state, seed=seed)
    result = records.verify(record)
    assert result.accepted, result
    assert result.state.summary() == state.summary()


@settings(max_examples=8, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=SEEDS, data=st.data())
def test_tampered_records_are_refused_at_the_right_index(variant, seed, data):
    state = drive(rules_for(variant), seed)
    if state.phase != "settled":
        return
    record = records.hand_record(state, seed=seed)
    plays = [i for i, a in enumerate(record["actions"]) if a["type"] == "play"]
    k = data.draw(st.sampled_from(plays))
    bad = copy.deepcopy(record)
    bad["actions"][k]["cards"] = []
    assert records.verify(bad).answer() == {
        "accepted": False, "index": k, "seat": record["actions"][k]["seat"], "reason": "empty_play"}
    bad = copy.deepcopy(record)
    claim = bad["actions"][-1]
    key = data.draw(st.sampled_from(["attacker_points", "bottom_dug", "row", "next_banker", "levels"]))
    claim[key] = {"attacker_points": claim["attacker_points"] + 5, "bottom_dug": not claim["bottom_dug"],
                  "row": claim["row"] + "_x", "next_banker": ((claim["next_banker"] or 0) + 1) % 4,
                  "levels": {"banker_team": "2", "attackers": "2"}}[key]
    assert records.verify(bad).answer() == {
        "accepted": False, "index": len(record["actions"]) - 1, "seat": None, "reason": "wrong_settlement"}


def test_many_random_hands_finish():
    """100 seeded random hands per variant (no per-step checks), all finished: settled, or redealt where the
    variant redeals (online-platform only)."""
    for variant in VARIANTS:
        rules = rules_for(variant)
        outcomes = Counter()
        for seed in range(100):
            rng = random.Random(seed)
            state = play_hand(HandState(rules, new_pack(rules, rng)), [RandomBot(rng) for _ in range(4)])
            outcomes[state.phase] += 1
        assert outcomes["settled"] + outcomes["redeal"] == 100
        assert outcomes["settled"] >= 90
        if rules.declaration["nobody_declared"] != "redeal":
            assert outcomes["redeal"] == 0
