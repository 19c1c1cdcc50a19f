"""Same seed, same hands: the random policy's draws (``random_action``) and their outcome, pinned for 攉龙 and 憋蛋.

This checks the **equivalence of an optimisation**: the engine's draw and apply paths were made faster (a follower's
led-suit cards kept from play to play, the random module's calls inlined, a load's legal counts found at one look at
the bottom), and a seeded session must still draw the very same actions and reach the very same settlements. The
digests below were computed by the engine before that change; any change of them means the same seed no longer gives
the same hands (a change of the policy itself must say so and pin new digests).

Each digest covers a few seeded matches (the match's seed deals; one more seeded generator draws every action), every
action drawn and every hand's settlement, as JSON; even matches apply their actions trusted
(``apply(action, validate=False)``), odd ones validated (so every drawn action is also checked legal).
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from datong_rules.reference_impl import games
from datong_rules.reference_impl.huolong.rules import rules_with

HOUSE = {
    "huolong/shape-and-pairs": ("huolong/datong-guide", {"follow.shape": "match_when_held",
                                                         "follow.meteor_obliges_pair": True,
                                                         "follow.keep_meteors_whole": True}),
    "huolong/chain-until-bury": ("huolong/datong-guide", {"declaration.next_card_joker": "chain",
                                                          "declaration.window": "until_bury"}),
    "huolong/simultaneous-fast": ("huolong/li-zhijiang", {"star_burial.order": "simultaneous",
                                                          "star_burial.policy": "fast"}),
}
"""House rules that reach the other draw paths (forced shapes, owed pairs, shows before the bury, simultaneous loads)."""


def digest(name: str, matches: int = 4, hands: int = 4) -> str:
    """The first 16 hex digits of the SHA-256 of ``matches`` seeded matches of ``name`` (a variant id or a key of
    :data:`HOUSE`), up to ``hands`` hands each, played by ``random_action``."""
    game = games.get(name.split("/")[0])
    base, overrides = HOUSE.get(name, (name, None))
    rules = rules_with(base, overrides) if overrides else game.facet("rules").rules_for(base)
    match_class = game.facet("state").Match
    out = hashlib.sha256()
    rng = random.Random(7)
    for m in range(matches):
        match = match_class(rules, 100 + m)
        for _ in range(hands):
            if match.over:
                break
            state = match.new_hand()
            while not state.is_terminal():
                action = state.random_action(rng)
                out.update(json.dumps(action, sort_keys=True).encode())
                state.apply(action) if m % 2 else state.apply(action, validate=False)
            out.update(json.dumps(state.settlement(), sort_keys=True, default=str).encode())
            match.finish_hand(state)
    return out.hexdigest()[:16]


PINNED = {
    "huolong/li-zhijiang": "6baeabd43e2f22c5",
    "huolong/datong-guide": "e20f5a9aa91e842d",
    "huolong/online-platform": "cf2c260eaa696bec",
    "huolong/shape-and-pairs": "8b1eea54cd2ab289",
    "huolong/chain-until-bury": "b6a36d01c026d649",
    "huolong/simultaneous-fast": "41c1b91b204654c9",
    "biedan/biedan-guide": "c91c9521047dc782",
}
"""Digest of each session, computed by the engine before the optimisation (see the module doc)."""


@pytest.mark.parametrize("name", sorted(PINNED))
def test_the_same_seed_draws_the_same_hands(name):
    assert digest(name) == PINNED[name]
