"""Property: random hands under every option value conserve the 54 cards, end, and replay from their record."""

from __future__ import annotations

import random
from collections import Counter

from biedan_helpers import OPTIONS, with_options
from hypothesis import given, settings
from hypothesis import strategies as st

from datong_rules.reference_impl import records as envelope
from datong_rules.reference_impl.biedan import records
from datong_rules.reference_impl.biedan.state import Match

option_values = st.fixed_dictionaries({key.replace(".", "__"): st.sampled_from(values)
                                       for key, values in OPTIONS.items()})


@settings(max_examples=40, deadline=None)
@given(options=option_values, seed=st.integers(0, 2**32 - 1))
def test_random_hands_conserve_cards_and_end(options, seed):
    rules = with_options(**options)
    match = Match(rules, seed)
    rng = random.Random(seed)
    for _ in range(2):
        if match.over:  # match.target reached
            break
        state = match.new_hand()
        played = 0
        for _ in range(2000):
            if state.is_terminal():
                break
            action = state.random_action(rng)
            assert state.check(action) is None, action
            state.apply(action)
            if action["type"] == "play":
                played += len(action["cards"])
            egg_out = len(state.egg) if not any(m["step"] == "take_egg" for m in state.moves) else 0
            assert sum(state.sizes) + played + egg_out == 54
            assert state.cards_everywhere() == Counter(state.pack)
        assert state.is_terminal()
        assert len(state.out) == 2 and state.places is not None
        match.finish_hand(state)
    assert records.replay(envelope.match_record(match), rules).answer() == {"accepted": True}
