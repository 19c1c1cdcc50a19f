"""What the games' question generators share (each game's ``strategies`` module, used by ``datong-rules fuzz``).

:func:`integer` draws an integer with Hypothesis from a strategy made once per range: the generators draw tens of
integers per question, and building a strategy for each draw costs more than the draw itself.
"""

from __future__ import annotations

from collections.abc import Callable

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
