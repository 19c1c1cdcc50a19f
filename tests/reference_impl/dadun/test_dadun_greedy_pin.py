"""A regression pin of the 打墩 Dadun greedy bot's choices: seeded matches of four greedy bots, on the guide and on
the fixture variants whose options change the play classes, give the same actions and settlements as before the
bot's hot path was made cheaper (the speed work of CHANGELOG's third session of 2026-12-02).

This pins an *optimisation*, not a rule: the digests were computed by the code of main before that work (the bot's
decisions then, checked by this test's loop with validated ``apply``), and a change of them means the faster code
decides differently, not that a rule's value moved. The bot's rule itself is checked against the listing by
``test_dadun_bots.py``. A deliberate change of the greedy bot's policy renews the digests (say so in its commit).
"""

from __future__ import annotations

import hashlib
import json

import pytest

from datong_rules.reference_impl.dadun.bots import GreedyBot
from datong_rules.reference_impl.dadun.state import Match
from test_dadun_lead_classes import FIXTURES, VARIANTS

HANDS = 6
"""Hands of each pinned match."""

DIGESTS = ("af4316fac71e9de2", "575006f30e9049d4", "c2e7f2fe9c891167", "d0947192020d738b", "6e775ea97fd14b57",
           "c537aa2f127b8354", "71b0c62726de57bb", "47066f3a3f886ba2", "797c85bc8878bbd2")
"""Per variant of :data:`VARIANTS` (the guide, then :data:`FIXTURES`), match seed 1000 + its place: the first 16 hex
digits of the SHA-256 of every action (JSON, sorted keys) and each hand's settlement, as the code before the speed
work played them."""


def _digest(rules, seed: int) -> str:
    """The digest of :data:`HANDS` hands of a greedy match of ``rules`` with seed ``seed`` (every action validated)."""
    match, bot, digest = Match(rules, seed), GreedyBot(), hashlib.sha256()
    for _ in range(HANDS):
        if match.over:
            break
        state = match.new_hand()
        while not state.is_terminal():
            action = bot.choose(state)
            digest.update(json.dumps(action, sort_keys=True).encode())
            state.apply(action)
        digest.update(json.dumps(match.finish_hand(state), sort_keys=True, default=str).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize("place", range(len(VARIANTS)), ids=["guide", *FIXTURES])
def test_greedy_matches_play_as_before(place):
    assert _digest(VARIANTS[place], 1000 + place) == DIGESTS[place]
