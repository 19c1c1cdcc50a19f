"""Shuffling and dealing a Huolong pack: ``deck.decks``, ``deck.jokers_per_deck``, ``deal.method``,
``deal.hand_size``, ``deal.bottom_size``, ``deal.first_drawer``.

A *pack* is the full dealing order: a list of canonical card tokens. With ``deal.method:
one_card_each_in_turn`` (the only method the engine deals: :func:`~.rules.rules_for` refuses any other,
see :data:`~.rules.DEAL_METHODS`) card *i* of the pack (for *i* < players × hand_size) goes to seat
``(first_drawer + i) mod players``; the last ``bottom_size`` cards are the bottom, in pack order.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..cards import build_deck
from .rules import HuolongRules
from .sampling import shuffle


def new_pack(rules: HuolongRules, rng: random.Random) -> list[str]:
    """A shuffled pack of the variant's decks (rule ``deck.decks``, ``deck.jokers_per_deck``).

    Args:
        rules: the variant's rules.
        rng: the random source (a seeded ``random.Random`` makes the deal reproducible).

    Returns:
        ``rules.cards_total`` canonical tokens in dealing order (162 for the source variants).
    """
    pack = list(_deck(rules))
    shuffle(rng, pack)  # rng.shuffle's order
    return pack


@lru_cache(maxsize=None)
def _deck(rules: HuolongRules) -> tuple[str, ...]:
    """The variant's decks in notation order (:func:`..cards.build_deck`), made once per rules."""
    return tuple(build_deck(rules.decks, jokers=rules.jokers_per_deck > 0))


def first_drawer(rules: HuolongRules, hand_number: int, banker: int | None) -> int:
    """The seat that draws first in a hand (rule ``deal.first_drawer``).

    Args:
        hand_number: 1 for a match's first hand.
        banker: the hand's banker when already known (later hands), else None.

    Returns:
        A seat 0–3: ``first_hand`` in hand 1 (or while no banker is known); in later hands the seat
        ``later_hands`` names, or the hand's banker for ``later_hands: banker``.
    """
    if hand_number <= 1 or banker is None:
        return int(rules.first_drawer["first_hand"])
    later = rules.first_drawer["later_hands"]
    return banker if later == "banker" else int(later)


def seat_of(rules: HuolongRules, first: int, index: int) -> int:
    """The seat that receives card ``index`` of the pack (only meaningful below ``dealt_count``)."""
    return (first + index) % rules.players


def dealt_count(rules: HuolongRules) -> int:
    """How many cards are dealt to the players (``players × deal.hand_size``); the rest is the bottom."""
    return rules.players * rules.hand_size


@dataclass(frozen=True)
class Deal:
    """The result of dealing a whole pack.

    Attributes:
        hands: one ``Counter`` per seat (``deal.hand_size`` cards each).
        bottom: the last ``deal.bottom_size`` cards of the pack, in pack order.
    """

    hands: tuple[Counter, ...]
    bottom: tuple[str, ...]


@lru_cache(maxsize=None)
def _pack_counts(rules: HuolongRules) -> Counter:
    """The variant's pack as a multiset (cached per rules; callers must not change it)."""
    return Counter(_deck(rules))


def check_pack(rules: HuolongRules, pack: Sequence[str]) -> str | None:
    """Why ``pack`` is not a full pack of the variant, or None when it is (same multiset as the decks).

    Returns:
        A one-line description of the first problem (wrong size, a card too many or missing).
    """
    if len(pack) != rules.cards_total:
        return f"the pack has {len(pack)} cards, expected {rules.cards_total}"
    expected = _pack_counts(rules)
    got = Counter(pack)
    if got.items() != expected.items():  # both hold positive counts only: dict views compare in C (Counter's == not)
        extra = sorted((got - expected).elements())
        missing = sorted((expected - got).elements())
        return f"the pack is not {rules.decks} decks: extra {extra[:5]}, missing {missing[:5]}"
    return None


def deal(rules: HuolongRules, pack: Sequence[str], first: int) -> Deal:
    """Deal a whole pack at once (rule ``deal.method``: one card each in turn from ``first``).

    Args:
        pack: the dealing order (``rules.cards_total`` tokens).
        first: the first drawer's seat.

    Returns:
        The :class:`Deal`.

    Raises:
        ValueError: the pack has the wrong size.
    """
    n = dealt_count(rules)
    if len(pack) != n + rules.bottom_size:
        raise ValueError(f"a pack must have {n + rules.bottom_size} cards, got {len(pack)}")
    players = rules.players
    hands = tuple(Counter(pack[(seat - first) % players:n:players]) for seat in range(players))
    return Deal(hands, tuple(pack[n:]))
