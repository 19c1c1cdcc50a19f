"""``HandState.copy`` (what ``check`` and ``with_hands`` use; a compiled hand state cannot be deep-copied) is a whole
copy: at steps of seeded hands, in every phase, the copy plays on exactly as the same hand rebuilt from its pack and
the actions made so far does with the same draws, and playing it to the end leaves the hand it was made from
unchanged (the test runs on the compiled build too: it needs no deep copy).

Hands are seeded; the variants are the source ones and house rules that reach the declaration's chains and shows
before the bury, simultaneous star burial and forced loads.
"""

from __future__ import annotations

import json
import random

import pytest

from datong_rules.reference_impl.huolong.dealing import new_pack
from datong_rules.reference_impl.huolong.hand import HandState
from datong_rules.reference_impl.huolong.rules import rules_for, rules_with

from lifecycle_helpers import VARIANTS

RULES = {**{v: rules_for(v) for v in VARIANTS},
         "chain-until-bury": rules_with("huolong/datong-guide", {"declaration.next_card_joker": "chain",
                                                                 "declaration.window": "until_bury"}),
         "simultaneous-fast": rules_with("huolong/li-zhijiang", {"star_burial.order": "simultaneous",
                                                                 "star_burial.policy": "fast"})}


def played_out(state: HandState, seed: int) -> str:
    """Play ``state`` to its end with random draws seeded by ``seed``; its log and summary as JSON."""
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(state.random_action(rng))
    return json.dumps([state.actions, state.summary()], sort_keys=True, default=str)


def snapshot(state: HandState) -> str:
    """What an action could change in ``state``: phase, hands, bottom, tricks, points, the log, the declaration."""
    decl = state.decl
    return json.dumps([state.summary(), state.actions, state.trick, state.dealt_bottom, state.buried,
                       [(s.seat, s.cards, s.status, s.suit, s.chain) for s in decl.shows], decl.dealt, decl.closed,
                       state.star.stars if state.star else None, state.star.loads if state.star else None],
                      sort_keys=True, default=str)


def check_copy(state: HandState, rules, pack: list[str], applied: list[dict], seed: int) -> None:
    """``state.copy()`` holds what ``state`` holds, plays on as ``state`` rebuilt from ``pack`` and ``applied`` with
    draws seeded by ``seed``, and leaves ``state`` unchanged."""
    before = snapshot(state)
    made = state.copy()
    assert snapshot(made) == before
    for attribute in getattr(HandState, "__slots__", ()):  # pure build: every attribute kept (a compiled class has none)
        if attribute not in ("decl", "star", "declaration"):  # copies of their own: in the snapshot
            assert getattr(made, attribute) == getattr(state, attribute), attribute
    rebuilt = HandState(rules, pack)
    for action in applied:
        rebuilt.apply(action)
    assert played_out(made, seed) == played_out(rebuilt, seed)
    assert snapshot(state) == before  # the copy's actions left the hand as it was


@pytest.mark.parametrize("name", sorted(RULES))
def test_a_copy_plays_on_as_the_hand_rebuilt_and_leaves_the_hand_unchanged(name):
    rules = RULES[name]
    phases = set()
    for seed in range(3):
        rng = random.Random(seed)
        pack = new_pack(rules, rng)
        state = HandState(rules, pack)
        applied: list[dict] = []
        while not state.is_terminal():
            if len(applied) % 23 == 0 or state.phase not in ("deal", "play"):
                phases.add(state.phase)
                check_copy(state, rules, pack, applied, len(applied))
            applied.append(state.random_action(rng))
            state.apply(applied[-1])
        phases.add(state.phase)
        check_copy(state, rules, pack, applied, 0)
    assert {"deal", "declare", "bury", "play", "settled"} <= phases
