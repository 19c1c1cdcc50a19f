"""One random simulation over every registered game and every bundled variant: true of any card game.

For each playable variant of each registered game (the kit's games, and the toy climbing game of the tests,
registered for this module), hands are played from a seeded random source through the state API only
(``current_player``, ``legal_actions``, ``random_action``, ``apply``, ``is_terminal``, ``settlement``):

* cards are conserved: ``cards_everywhere()`` is the pack after every action;
* every action taken is legal: ``apply`` accepts it, ``check`` finds no reason against it (every fifth action), and it
  is among ``legal_actions()`` whenever those can be listed (listing stops at :data:`LISTING_CAP`; a ``bury``, whose
  choices are the subsets of a whole hand, millions in Huolong, is checked by ``apply`` alone);
* the hand ends (within :data:`MAX_STEPS` actions);
* the hand's record (the kit's envelope with the game's body) replays and verifies to the same settlement.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
import toy_game

from datong_rules.reference_impl import games, records
from datong_rules.reference_impl.variant import list_variants, load_variant

SEEDS = range(5)
LISTING_CAP = 3000
UNLISTED = frozenset({"bury"})
MAX_STEPS = 20000
CHECK_EVERY = 5
"""Every fifth action taken is also judged legal by ``check`` (the state API's judgement without applying)."""


@pytest.fixture(scope="module", autouse=True)
def toy():
    with toy_game.registered() as game:
        yield game


def _cases() -> list[tuple[str, str]]:
    cases = []
    for variant_id in list_variants():
        variant = load_variant(variant_id)
        if not variant.abstract and games.find(variant.data["game"]) is not None:
            cases.append((variant.data["game"], variant_id))
    from toy_game.rules import _REGISTRY

    cases += [("toy", v) for v in _REGISTRY.variant_ids()] + [("toy", "toy/wild-natural")]
    return cases


def _normal(action: dict) -> dict:
    """An action with its cards in a fixed order (the order of a play's cards means nothing; a reading's cards go
    with them)."""
    out = dict(action)
    if isinstance(action.get("cards"), list):
        meant = (action.get("reading") or {}).get("cards") or action["cards"]
        pairs = sorted(zip(action["cards"], meant, strict=False))
        out["cards"] = [c for c, _ in pairs]
        if "reading" in action:
            out["reading"] = {**action["reading"], "cards": [m for _, m in pairs]}
    return out


def _listed(state, action) -> bool | None:
    """Whether ``action`` is among the legal actions (None: too many to list)."""
    if action.get("type") in UNLISTED:
        return None
    wanted = _normal(action)
    for count, legal in enumerate(state.legal_actions()):
        if _normal(legal) == wanted:
            return True
        if count >= LISTING_CAP:
            return None
    return False


@pytest.mark.parametrize("game_id, variant_id", _cases())
def test_random_hands_keep_the_invariants_of_any_card_game(game_id, variant_id):
    game = games.get(game_id)
    rules = game.rules_for(variant_id)
    for seed in SEEDS:
        rng = random.Random(seed)
        state = game.facet("state").new_hand(rules, rng)
        pack = Counter(state.pack)
        for step in itertools.count():
            assert step < MAX_STEPS, f"{variant_id} seed {seed}: the hand did not end"
            if state.is_terminal():
                break
            action = state.random_action(rng)
            assert _listed(state, action) is not False, f"{variant_id} seed {seed} step {step}: {action} not listed"
            if step % CHECK_EVERY == 0:
                assert state.check(action) is None, f"{variant_id} seed {seed} step {step}: check refuses {action}"
            state.apply(action)
            assert state.cards_everywhere() == pack, f"{variant_id} seed {seed} step {step}: cards changed"
        record = records.hand_record(state, seed=seed)
        verdict = records.verify(record, rules)
        assert verdict.accepted, (variant_id, seed, verdict)
        assert verdict.state.settlement() == state.settlement()
