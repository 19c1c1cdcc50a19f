"""climbing.cardset.shuffle deals exactly as ``random.Random.shuffle`` does (records written before verify after)."""

from __future__ import annotations

import random

from datong_rules.reference_impl.climbing.cardset import full_pack, shuffle


def test_shuffle_is_random_shuffle_draw_for_draw():
    for decks, seed in [(d, s) for d in (1, 3) for s in range(60)]:
        ours, theirs = full_pack(decks), full_pack(decks)
        mine, std = random.Random(seed), random.Random(seed)
        shuffle(ours, mine)
        std.shuffle(theirs)
        assert ours == theirs
        assert mine.random() == std.random()  # as many draws taken from the generator


def test_a_generator_of_another_kind_shuffles_its_own_way():
    class Reversing(random.Random):
        def shuffle(self, x):  # type: ignore[override]
            x.reverse()

    cards = ["S2", "S3", "S4"]
    shuffle(cards, Reversing(1))
    assert cards == ["S4", "S3", "S2"]
