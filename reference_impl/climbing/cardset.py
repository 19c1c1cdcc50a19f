"""Multisets of card tokens for climbing games played with several decks (identical cards repeat).

Tokens are those of reference_impl/cards.py (``S10``, ``HQ``, ``BJ``, ``LJ``). Shared by the climbing games; no rule
lives here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

FACES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Face ranks low to high (the notation order of ranks)."""
SUITS = ("S", "H", "C", "D")
"""Suits in notation order."""
JOKERS = ("LJ", "BJ")
"""Small and big joker."""

_TOKEN = re.compile(r"^(BJ|LJ|[SHCD](10|[2-9JQKA]))$")


def is_card(token: object) -> bool:
    """Whether ``token`` is a canonical card token (upper case only)."""
    return isinstance(token, str) and bool(_TOKEN.match(token))


def rank_of(card: str) -> str:
    """The rank of a card: ``"10"`` for ``H10``, ``"LJ"`` for the small joker."""
    return card if card in JOKERS else card[1:]


def suit_of(card: str) -> str | None:
    """The suit letter of a card, None for a joker."""
    return None if card in JOKERS else card[0]


def rank_index(rank: str) -> int:
    """Notation index of a rank: 2 → 0 … A → 12, LJ → 13, BJ → 14."""
    return FACES.index(rank) if rank in FACES else 13 + JOKERS.index(rank)


def sort_key(card: str) -> tuple[int, int]:
    """Notation order: by rank 2 … A, LJ, BJ, then suit S H C D."""
    suit = suit_of(card)
    return (rank_index(rank_of(card)), SUITS.index(suit) if suit else 0)


def sort_cards(cards: Iterable[str]) -> list[str]:
    """``cards`` in notation order."""
    return sorted(cards, key=sort_key)


def full_pack(decks: int) -> list[str]:
    """Every card of ``decks`` full 54-card decks, in notation order."""
    one = [s + r for r in FACES for s in SUITS] + list(JOKERS)
    return sort_cards(one * decks)


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
