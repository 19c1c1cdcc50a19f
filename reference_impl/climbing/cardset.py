"""Multisets of card tokens for climbing games played with several decks (identical cards repeat): the pack, and
card lists checked against it.

The tokens, their notation order and the rank and suit of a card are those of :mod:`..cards` (re-exported here for
the climbing games' modules). Shared by the climbing games; no rule lives here.
"""

from __future__ import annotations

import random
from collections import Counter

from ..cards import JOKERS, SUITS, is_card, sort_cards, sort_key
from ..cards import RANKS as FACES
from ..cards import card_rank as rank_of
from ..cards import card_suit as suit_of

__all__ = ["FACES", "JOKERS", "SUITS", "check_cards", "full_pack", "is_card", "rank_of", "shuffle", "sort_cards",
           "sort_key", "suit_of"]


def full_pack(decks: int) -> list[str]:
    """Every card of ``decks`` full 54-card decks in the order a shuffle starts from: by rank 2 … A, each rank's
    suits S H C D (each card ``decks`` times in a row), then the small jokers, then the big jokers. (The start
    order of the shuffle, kept so that a seed deals the same hands as before; not the notation order.)"""
    one = [s + r for r in FACES for s in SUITS] + ["LJ", "BJ"]
    return [card for card in one for _ in range(decks)]


def shuffle(cards: list[str], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does (the same order, the same draws from
    ``rng``: a seed deals the same hands), without a method call per card: the deal's hot path. Any ``rng`` that is
    not a plain :class:`random.Random` (a subclass may draw otherwise) is left to its own ``shuffle``."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):  # Random.shuffle: swap i with j below i + 1, j by _randbelow(i + 1)
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def check_cards(cards: object, what: str, decks: int) -> list[str]:
    """A list of card tokens, checked: every token canonical, no card more than ``decks`` times.

    Raises:
        ValueError: one line naming ``what`` and the first bad token.
    """
    if not isinstance(cards, list):
        raise ValueError(f"{what} must be a list of cards, got {cards!r}")
    for token in cards:
        if not is_card(token):
            raise ValueError(f"{what}: {token!r} is not a card (expected a token such as S10, HQ, BJ, LJ)")
    for card, n in Counter(cards).items():
        if n > decks:
            raise ValueError(f"{what}: {card} appears {n} times; the pack holds it {decks} times")
    return list(cards)
