"""The random bot's play is uniform over the legal plays (:mod:`...biedan.draw`): the card sets counted per part of
the shapes (from the rank masks, without listing) agree with the listing, and the draw's index ``i`` lands on each
shape as many times as the shape has card sets, so each legal play is drawn with the same chance."""

from __future__ import annotations

import random
from collections import Counter

from biedan_helpers import pack_for, split_rest, with_options
from hypothesis import HealthCheck, given, settings
from test_biedan_count_fast import RULES, questions

from datong_rules.reference_impl.biedan.combinations import by_rank, plays_of, readings, table_for
from datong_rules.reference_impl.biedan.draw import part_weights, pick_weighted
from datong_rules.reference_impl.biedan.hand_shapes import masks_of, shape_parts
from datong_rules.reference_impl.biedan.ops import legal_plays
from datong_rules.reference_impl.biedan.state import HandState


def _landings(t, held, table, must):
    """Shape → how many indexes of the draw land on it, and the number of card sets counted."""
    parts = shape_parts(t, held, table, masks_of(held))[0]
    weights = part_weights(t, held, masks_of(held), parts, must)
    if must is None:  # the weights shape_parts counts as it goes (the random bot's way) are the same
        along: list[int] = []
        assert shape_parts(t, held, table, masks_of(held), weights=along)[0] == parts and along == weights
    return Counter(pick_weighted(t, held, parts, weights, i, must) for i in range(sum(weights))), sum(weights)


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(questions())
def test_the_draw_lands_on_each_shape_once_per_card_set(question):
    name, hand, table, first_lead, passed = question
    rules = RULES[name]
    t = table_for(rules)
    if t.claimed:  # a claiming house catalogue: the state draws among the listed plays
        return
    reading = readings(t, table)[0] if table else None
    held = by_rank(t, hand)
    must = "H3" if first_lead and "H3" in hand else None  # a card every play must hold (a first lead's banker card)
    landed, total = _landings(t, held, reading, must)
    listed = [cards for cards in legal_plays(rules, hand, reading) if must is None or must in cards]
    assert total == len(listed), (name, hand, table, must)
    for shape, n in landed.items():
        assert n == sum(1 for cards in plays_of(t, held, shape) if must is None or must in cards), (shape, hand)


def test_a_small_lead_weighs_each_card_set_once():
    # S3 H3 D3 C4, leading: singles of 3 (three card sets), the single 4 (one), pairs of 3 (three), the triple (one):
    # 8 plays; drawn by shape a triple would come as often as a single 4 and a 3 as often as a 4
    rules = RULES["guide"]
    t = table_for(rules)
    held = by_rank(t, ["S3", "H3", "D3", "C4"])
    landed, total = _landings(t, held, None, None)
    by_kind = {(shape.combo.name, t.ranks_by_strength[shape.ranks[0]]): n for shape, n in landed.items()}
    assert total == 8
    assert sorted(by_kind.values()) == [1, 1, 3, 3] and by_kind[("single", "4")] == 1 and by_kind[("pair", "3")] == 3


def test_the_first_lead_draw_holds_the_banker_card():
    # with play.first_lead_with_banker_card, only the plays holding the ♥3 weigh: S3 H3 C4 gives the single H3 and
    # the pair S3 H3
    rules = with_options(play__first_lead_with_banker_card=True)
    t = table_for(rules)
    held = by_rank(t, ["S3", "H3", "C4"])
    landed, total = _landings(t, held, None, "H3")
    assert total == 2 and sorted(shape.combo.name for shape in landed) == ["pair", "single"]


def test_the_random_bot_plays_each_card_set_as_often():
    # the banker leads holding S3 H3 D3 C4 only (the hand set by hand): 8 plays, so the triple comes one time in
    # eight (500 of 4,000 draws, seeded); a draw by shape would give it one time in four (1,000)
    state = HandState(RULES["guide"], pack_for(split_rest([["S3", "H3", "D3", "C4"], [], []])))
    state.apply({"type": "bury", "seat": 0, "cards": [c for c in state.cards_of(0) if c not in ("S3", "H3", "D3",
                                                                                                "C4")][:3]})
    t = state.t
    state.held[0] = by_rank(t, ["S3", "H3", "D3", "C4"])
    state.masks[0], state.sizes[0] = masks_of(state.held[0]), 4
    rng = random.Random(7)
    sizes = Counter(len(state.random_action(rng)["cards"]) for _ in range(4000))
    assert 400 <= sizes[3] <= 600 and 1300 <= sizes[2] <= 1700 and 1800 <= sizes[1] <= 2200, sizes


LONG = ["S3", "H3", "S4", "S5", "H5", "D5", "S6", "S7", "S8", "S9", "S10", "SJ", "SQ", "SK", "SA", "HA"]
"""Every rank 3 to A, the 3 and the A twice, the 5 three times: one block of twelve places, runs of every length."""


def test_a_long_lead_weighs_each_run_by_its_suit_choices():
    # a straight over 3..7 has 2 * 1 * 3 * 1 * 1 = 6 card sets (two 3s, three 5s); every run's share agrees with the
    # listing, and so does the whole count
    rules = RULES["guide"]
    t = table_for(rules)
    held = by_rank(t, LONG)
    landed, total = _landings(t, held, None, None)
    assert total == len(legal_plays(rules, LONG, None))
    for shape, n in landed.items():
        assert n == sum(1 for _ in plays_of(t, held, shape)), shape
    three_to_seven = [n for shape, n in landed.items() if shape.combo.name == "straight"
                      and [t.ranks_by_strength[r] for r in shape.ranks] == ["3", "4", "5", "6", "7"]]
    assert three_to_seven == [6]


def test_a_validated_play_is_applied_as_the_reading_its_check_found():
    # a validated apply takes the reading its check found (HandState._checked) rather than working it out again: at
    # every play of seeded random hands, in every catalogue of the fast-count questions (overlapping house entries
    # and attachments beside a body included), a play from outside (a fresh list) ends on the table as the reading
    # play_reading gives its cards against the table before it
    from datong_rules.reference_impl.biedan.combinations import play_reading
    from datong_rules.reference_impl.biedan.state import Match
    played = 0
    for name, rules in sorted(RULES.items()):
        rng = random.Random(7)
        match = Match(rules, 13)
        state = match.new_hand()
        while not state.is_terminal():
            action = state.random_action(rng)
            if action["type"] != "play":
                state.apply(action)
                continue
            before = state.table
            state.apply({"type": "play", "seat": action["seat"], "cards": list(action["cards"])})
            if state.table is not None and state.table_cards == action["cards"]:  # the round goes on with it
                assert state.table == play_reading(state.t, action["cards"], before)[0], name
                played += 1
        match.finish_hand(state)
    assert played > 100
