"""What the games' question generators share (each game's ``strategies`` module, used by ``datong-rules fuzz``).

The cards of a linked shape (:func:`linked_groups`) are drawn here too: a generator drawing groups of one rank and
runs only never links two ranks, so it never reaches the rules deciding which ranks are adjacent.

:func:`integer` draws an integer with Hypothesis from a strategy made once per range: the generators draw tens of
integers per question, and building a strategy for each draw costs more than the draw itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hypothesis import strategies as st

_INTEGERS: dict[tuple[int, int], st.SearchStrategy[int]] = {}


def integer(draw: Callable, low: int, high: int) -> int:
    """An integer ``low``..``high`` drawn by ``draw`` (a composite strategy's), shrinking towards ``low``."""
    strategy = _INTEGERS.get((low, high))
    if strategy is None:
        strategy = _INTEGERS[(low, high)] = st.integers(low, high)
    return draw(strategy)


class CardPool:
    """The cards not yet used in one question: every card of the pack at most as often as the pack holds it
    (``tokens``: the pack, a card repeated once a deck)."""

    def __init__(self, tokens: tuple[str, ...]) -> None:
        self.left = list(tokens)

    def take(self, draw: Callable, count: int) -> list[str]:
        """``count`` cards (fewer if the pack runs out), each drawn among those left."""
        return [self.left.pop(integer(draw, 0, len(self.left) - 1)) for _ in range(min(count, len(self.left)))]

    def take_cards(self, cards: list[str]) -> list[str]:
        """``cards`` taken out of the pack (those still in it)."""
        out = []
        for card in cards:
            if card in self.left:
                self.left.remove(card)
                out.append(card)
        return out


def linked_groups(draw: Callable, pool: list[str], order: Sequence[str], rank_of: Callable[[str], str]) -> list[str]:
    """Cards of ``pool`` (not removed) in two groups of two ranks next to each other in ``order`` (a rank order, low
    to high, such as a climbing game's ``ranking.sequence_order``, whose A stands at both ends): the shapes that link
    two ranks, where a game's rules decide which ranks are adjacent (打墩's ``combinations.ace_two_link``,
    ``combinations.full_house_adjacency``, ``combinations.linked_adjacency``).

    The lowest pair of ``order`` (A and 2 when it starts with the A) is drawn one time in three, any pair the other
    times; the groups are a triple and a pair (a full house, the triple of either rank), three identical cards of each
    rank (a linked dun), or two groups of 4 to 6 cards (a linked bomb). A group has fewer cards when ``pool`` holds
    fewer. ``rank_of`` gives a card's rank (``"10"`` of ``"H10"``)."""
    if len(order) < 2:
        return []
    pairs = list(zip(order, order[1:]))
    low, high = pairs[0] if integer(draw, 0, 2) == 0 else pairs[integer(draw, 0, len(pairs) - 1)]
    shape = integer(draw, 0, 2)
    if shape == 1:  # three identical cards of each rank
        return [card for rank in (low, high) for card in _identical(draw, pool, rank, rank_of)]
    sizes = (3, 2) if shape == 0 else (integer(draw, 4, 6),) * 2
    if shape == 0 and integer(draw, 0, 1):
        sizes = (2, 3)
    return [card for rank, size in zip((low, high), sizes) for card in _of_rank(draw, pool, rank, size, rank_of)]


def _of_rank(draw: Callable, pool: list[str], rank: str, size: int, rank_of: Callable[[str], str]) -> list[str]:
    """Up to ``size`` cards of ``rank`` in ``pool``, a slice starting where ``draw`` says."""
    same = [c for c in pool if rank_of(c) == rank]
    start = integer(draw, 0, max(0, len(same) - size))
    return same[start:start + size]


def _identical(draw: Callable, pool: list[str], rank: str, rank_of: Callable[[str], str]) -> list[str]:
    """Up to three copies of one card of ``rank`` in ``pool`` (the card drawn among those of the rank)."""
    cards = sorted({c for c in pool if rank_of(c) == rank})
    if not cards:
        return []
    card = cards[integer(draw, 0, len(cards) - 1)]
    return [card] * min(3, pool.count(card))
