"""``legal_play_count`` counts without listing (:mod:`...biedan.count`): on random small hands, under every value of
the rules that shapes plays, the count equals the number of plays the engine lists (:func:`legal_plays`, itself
checked against brute force in ``test_biedan_count``); a hand larger than a seat can hold is refused in one line."""

from __future__ import annotations

import pytest
from biedan_helpers import with_options
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_biedan_count import RICH, VARIANTS

from datong_rules.reference_impl.biedan.combinations import readings, table_for
from datong_rules.reference_impl.biedan.count import count_plays
from datong_rules.reference_impl.biedan.ops import OPS, legal_plays
from datong_rules.reference_impl.cards import ALL_CARDS

RULES = {name: with_options(**values) for name, values in VARIANTS.items()}


@st.composite
def questions(draw):
    """(variant name, hand, table cards or None, first_lead, passed): a hand of up to 13 cards from a deck rich in
    pairs and runs (now and then the whole deck), a table played from the cards left."""
    name = draw(st.sampled_from(sorted(RULES)))
    t = table_for(RULES[name])
    deck = draw(st.sampled_from([RICH, list(ALL_CARDS)]))
    cards = draw(st.permutations(deck))
    size = draw(st.integers(0, 13))
    hand, rest = list(cards[:size]), list(cards[size:size + 6])
    table = None
    if rest and draw(st.booleans()):
        plays = legal_plays(RULES[name], rest, None)
        table = draw(st.sampled_from(plays)) if plays else None
    first_lead = table is None and draw(st.booleans())
    if first_lead and draw(st.booleans()) and "H3" not in hand and "H3" not in (table or []):
        hand.append("H3")
    passed = table is not None and draw(st.booleans())
    assert table is None or readings(t, table)
    return name, hand, table, first_lead, passed


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(questions())
def test_counting_equals_listing(question):
    name, hand, table, first_lead, passed = question
    rules = RULES[name]
    reading = readings(table_for(rules), table)[0] if table else None
    listed = legal_plays(rules, hand, reading, passed=passed, first_lead=first_lead)
    answer = OPS["legal_play_count"](rules, {"hand": hand, "table": table, "first_lead": first_lead,
                                             "passed": passed})
    assert answer["plays"] == len(listed), (name, hand, table)


@pytest.mark.parametrize("name", ["guide", "attachments", "first-lead"])
def test_a_whole_hand_is_counted_as_listed(name):
    # a dealt hand of 18 cards, rich in attached plays: the count equals the listing
    rules = with_options(play__first_lead_with_banker_card=True) if name == "first-lead" else RULES.get(name)
    hand = [c for c in ALL_CARDS if c[1:] in ("3", "4", "5", "6")] + ["SK", "HK"]
    listed = legal_plays(rules, hand, None, first_lead=True)
    assert count_plays(table_for(rules), hand, None, "H3" if name == "first-lead" else None) == len(listed) > 0


def test_attached_plays_of_a_small_hand_counted_by_hand():
    # S3 H3 C3 with S4, H4, BJ, LJ: a triple with one attached single takes one of 4 cards (S4, H4, BJ, LJ): 4;
    # with an attached pair (S4 H4): 1
    rules = RULES["attachments"]
    t = table_for(rules)
    hand = ["S3", "H3", "C3", "S4", "H4", "BJ", "LJ"]
    by = {}
    for cards in legal_plays(rules, hand, None):
        kind = readings(t, cards)[0].combination
        by[kind] = by.get(kind, 0) + 1
    assert by["triple_with_single"] == 4 and by["triple_with_pair"] == 1
    assert count_plays(t, hand, None) == len(legal_plays(rules, hand, None))


def test_attached_singles_never_hold_both_jokers():
    # over four 3s with two singles: four 4s with two singles from S9, BJ, LJ: S9+BJ, S9+LJ (never BJ+LJ); the
    # bomb of 4s and the rocket: 4 plays
    rules = RULES["attachments"]
    t = table_for(rules)
    hand = ["S4", "H4", "C4", "D4", "S9", "BJ", "LJ"]
    table = ["S3", "H3", "C3", "D3", "S5", "S6"]
    assert len(legal_plays(rules, hand, readings(t, table)[0])) == 4
    assert count_plays(t, hand, readings(t, table)[0]) == 4
    assert count_plays(t, hand, None) == len(legal_plays(rules, hand, None))


def test_a_hand_larger_than_a_seat_can_hold_is_refused_in_one_line():
    # the guide deals 18 cards; the exchange gives the first place at most three more before play: 21 at most
    guide = RULES["guide"]
    hand = list(ALL_CARDS[:22])
    with pytest.raises(ValueError) as caught:
        OPS["legal_play_count"](guide, {"hand": hand, "table": None})
    assert "\n" not in str(caught.value) and "22 cards" in str(caught.value) and "21" in str(caught.value)
    assert OPS["legal_play_count"](guide, {"hand": hand[:21], "table": None})["plays"] > 0


def test_forty_cards_are_counted_without_listing():
    # 40 cards (more than a seat holds: the counter itself, as a house deal of more cards would ask it), every suit
    # of the 10 ranks 3..Q: singles 40, pairs 10 ranks * C(4,2), triples 10 * C(4,3), bombs 10; straights of 3..10
    # ranks: (11 - L) windows of L ranks, 4 suits a rank; pair runs of 2..10 ranks: (11 - L) windows, C(4,2) a rank;
    # no rocket (no joker). Listing them would take hours (over 10^8 plays).
    rules = RULES["guide"]
    hand = [c for c in ALL_CARDS if c[1:] in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q") and c[0] in "SHCD"]
    assert len(hand) == 40
    t = table_for(rules)
    straights = sum((10 - length + 1) * 4 ** length for length in range(3, 11))
    pair_runs = sum((10 - length + 1) * 6 ** length for length in range(2, 11))
    assert count_plays(t, hand, None) == 40 + 60 + 40 + 10 + straights + pair_runs
