"""打墩 ``legal_actions`` on states reached by play (the seat's kept lead classes, a follow's beating classes, each
class's plays made by choice): the same actions in the same order as the listing worked out from scratch
(:func:`iter_plays`), every one judged legal, none twice, as many plays as the counter counts (:func:`count_plays`,
checked against brute force elsewhere), on the guide and on fixture variants with other wild-card and catalogue
options (Hypothesis, derandomized)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from datong_rules.reference_impl.dadun import combinations as cb
from datong_rules.reference_impl.dadun.count import count_plays
from datong_rules.reference_impl.dadun.plays import iter_plays
from datong_rules.reference_impl.dadun.state import new_hand
from test_dadun_lead_classes import VARIANTS


@settings(derandomize=True, max_examples=40, deadline=None)
@given(st.integers(0, len(VARIANTS) - 1), st.integers(0, 10**6), st.integers(0, 60), st.booleans())
def test_the_listing_of_a_state_reached_by_play_is_every_legal_play_once(variant, seed, steps, listed_before):
    rules = VARIANTS[variant]
    rng = random.Random(seed)
    state = new_hand(rules, rng, level=rng.choice(("2", "7", "A")))
    for _ in range(steps):
        if state.is_terminal():
            return
        if listed_before:  # the listing keeps the lead classes too: they must follow the plays made since
            list(state.legal_actions())
        state.apply(state.random_action(rng), validate=False)
    if state.is_terminal() or state.tribute_step is not None:
        return
    seat = state.turn
    listed = list(state.legal_actions())
    plays = [a for a in listed if a["type"] == "play"]
    table = state.table[1] if state.table is not None else None
    if table is not None and seat in state.round.locked:
        assert listed == [{"type": "pass", "seat": seat}]
        return
    fresh = [{"type": "play", "seat": seat, "cards": list(cards), "reading": cb.reading_dict(reading)}
             for cards, reading in iter_plays(rules, state.hands[seat], state.level, table, state.table_was)]
    assert plays == fresh
    assert len({(tuple(a["cards"]), a["reading"]["combination"], tuple(a["reading"]["cards"])) for a in plays}) \
        == len(plays) == sum(count_plays(rules, state.hands[seat], state.level, table, state.table_was).values())
    assert all(state.check(a) is None for a in listed)
    assert (listed[-1] == {"type": "pass", "seat": seat}) == (table is not None)
