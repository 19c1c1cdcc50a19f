"""Combinations: what a group of cards is, by the variant's catalogue (``combinations.catalogue``).

Every combination of the source variants is a number of identical cards (single 1, pair 2, meteor 3;
three big jokers are a meteor too); a house variant may list other sizes of identical cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from .ranking import Ranking


def classify(ranking: Ranking, cards: Sequence[str]) -> str | None:
    """The catalogue name of ``cards`` (``"single"``, ``"pair"``, ``"meteor"`` …), or None.

    Args:
        ranking: the hand's ranking (gives the variant's rules).
        cards: canonical tokens, a multiset in any order.

    Returns:
        The name of the catalogue entry whose size is ``len(cards)`` when all cards are identical;
        None when they are not one combination (rule ``combinations.catalogue``).
    """
    if not cards:
        return None
    n = len(cards)
    if n > 1 and cards.count(cards[0]) != n:  # not all identical
        return None
    return ranking.rules.combo_by_size.get(n)


def play_suit(ranking: Ranking, cards: Sequence[str]) -> str:
    """The effective suit of a group of cards: ``"trump"``, a suit letter, or ``"mixed"``.

    ``"trump"`` when every card is a trump, a suit letter when every card is a side card of that
    suit, otherwise ``"mixed"`` (also for no cards).
    """
    suits = {ranking.suit_map[c] for c in cards}
    return suits.pop() if len(suits) == 1 else "mixed"
