"""Shared helpers of the hand-lifecycle tests (dealing, declaration, hand, match, records)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from datong_rules.reference_impl.huolong.bots import RandomBot, play_hand
from datong_rules.reference_impl.cards import build_deck
from datong_rules.reference_impl.huolong.dealing import new_pack
from datong_rules.reference_impl.huolong.hand import HandState
from datong_rules.reference_impl.huolong.rules import HuolongRules, rules_for

VARIANTS = ("huolong/li-zhijiang", "huolong/datong-guide", "huolong/online-platform")
LI = rules_for("huolong/li-zhijiang")
DG = rules_for("huolong/datong-guide")
OP = rules_for("huolong/online-platform")


def full_pack(rules: HuolongRules, prefix: Sequence[str] = (), bottom: Sequence[str] | None = None,
              seed: int = 0, avoid: Sequence[str] = ()) -> list[str]:
    """A full pack starting with ``prefix`` and ending with ``bottom``; the other cards shuffled by ``seed``,
    with the cards in ``avoid`` (e.g. jokers, level cards) kept out of the first free positions."""
    rest = Counter(build_deck(rules.decks))
    rest.subtract(prefix)
    rest.subtract(bottom or ())
    if any(k < 0 for k in rest.values()):
        raise ValueError("prefix and bottom use more copies than the decks hold")
    middle = list(rest.elements())
    random.Random(seed).shuffle(middle)
    middle.sort(key=lambda c: c in avoid)  # stable: avoided cards go last
    if bottom is None:
        return list(prefix) + middle
    return list(prefix) + middle + list(bottom)


def random_hand(rules: HuolongRules, seed: int) -> HandState:
    """A first hand played to its end by random bots (seeded)."""
    rng = random.Random(seed)
    state = HandState(rules, new_pack(rules, rng))
    return play_hand(state, [RandomBot(rng) for _ in range(rules.players)])
