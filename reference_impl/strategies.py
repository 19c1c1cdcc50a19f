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
