"""Uniform draws of sub-multisets: the random policy's plays and buries, every distinct multiset equally likely.

A hand holds up to three copies of a card (three decks), so drawing cards one by one (``rng.sample`` of the tokens)
favours the multisets made of cards held more than once. :func:`random_multiset` draws each distinct sub-multiset
of the given size with the same probability: by counting for the sizes of plays (1 to 3 cards), by weighted
rejection for larger ones (a sample of tokens kept with probability one over the number of ways it could be drawn),
and, when a point cap rejects too many, by an exact count of the capped multisets.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from math import comb

Items = Sequence[tuple[str, int]]
"""A multiset as ``(card, copies)`` pairs, each card once, copies ≥ 1."""

REJECTION_TRIES = 200
"""Weighted-rejection draws tried before the exact count takes over (a point cap that few multisets meet)."""


def random_multiset(items: Items, size: int, rng: random.Random, *, points: Mapping[str, int] | None = None,
                    max_points: int | None = None) -> list[str]:
    """One sub-multiset of ``items`` with ``size`` cards, uniform over the distinct ones (and, with ``max_points``,
    over those whose ``points`` add up to at most ``max_points``).

    Returns:
        The cards, one token per copy, in no particular order.

    Raises:
        ValueError: ``items`` hold fewer than ``size`` cards, or no such multiset meets the point cap.
    """
    if max_points is None and 0 < size <= 3:
        return _small(items, size, rng)
    if sum(k for _, k in items) < size:
        raise ValueError(f"{sum(k for _, k in items)} cards cannot make {size}")
    if size == 0:
        return []
    tokens = [c for c, k in items for _ in range(k)]
    copies = dict(items)
    for _ in range(REJECTION_TRIES):
        pick = rng.sample(tokens, size)
        if max_points is not None and points is not None and sum(points[c] for c in pick) > max_points:
            continue
        ways = 1
        for card in set(pick):  # the number of token samples that make this multiset
            ways *= comb(copies[card], pick.count(card))
        if ways == 1 or rng.random() * ways < 1:
            return pick
    return _by_count(tuple(items), size, rng, points, max_points)


def _small(items: Items, size: int, rng: random.Random) -> list[str]:
    """A uniform sub-multiset of 1 to 3 cards, by counting its kinds: all distinct, a pair and a single, a triple.

    Raises:
        ValueError: ``items`` hold fewer than ``size`` cards (none of the kinds can be made).
    """
    distinct = [c for c, _ in items]
    d = len(distinct)
    if size == 1:
        if not d:
            raise ValueError("no card to draw")
        return [distinct[rng.randrange(d)]]
    pairs = [c for c, k in items if k >= 2]
    if size == 2:
        total = len(pairs) + d * (d - 1) // 2
        if not total:
            raise ValueError(f"{d} card cannot make 2")
        x = rng.randrange(total)
        return [pairs[x]] * 2 if x < len(pairs) else rng.sample(distinct, 2)
    triples = [c for c, k in items if k >= 3]
    total = len(triples) + len(pairs) * (d - 1) + comb(d, 3)
    if not total:
        raise ValueError(f"{sum(k for _, k in items)} cards cannot make 3")
    x = rng.randrange(total)
    if x < len(triples):
        return [triples[x]] * 3
    x -= len(triples)
    if x < len(pairs) * (d - 1):
        pair = pairs[x // (d - 1)]
        others = [c for c in distinct if c != pair]
        return [pair, pair, others[x % (d - 1)]]
    return rng.sample(distinct, 3)


def _by_count(items: tuple[tuple[str, int], ...], size: int, rng: random.Random,
              points: Mapping[str, int] | None, max_points: int | None) -> list[str]:
    """The exact draw: the capped sub-multisets counted item by item, then one chosen by its index."""
    value = [points[c] if points is not None and max_points is not None else 0 for c, _ in items]
    cap = max_points if max_points is not None else 0
    memo: dict[tuple[int, int, int], int] = {}
    total = _ways(items, value, 0, size, cap, memo)
    if total == 0:
        raise ValueError(f"no {size} cards meet the cap of {max_points} points")
    x = rng.randrange(total)
    out: list[str] = []
    r, budget = size, cap
    for i, (card, copies) in enumerate(items):
        if r == 0:
            break
        for t in range(min(copies, r) + 1):
            if budget - t * value[i] < 0:
                continue
            here = _ways(items, value, i + 1, r - t, budget - t * value[i], memo)
            if x < here:
                out += [card] * t
                r, budget = r - t, budget - t * value[i]
                break
            x -= here
    return out


def _ways(items: tuple[tuple[str, int], ...], value: list[int], i: int, r: int, budget: int,
          memo: dict[tuple[int, int, int], int]) -> int:
    """Sub-multisets of ``items[i:]`` with ``r`` cards and at most ``budget`` points (``value``: each item's points),
    counted once per ``(i, r, budget)`` in ``memo``."""
    if r == 0:
        return 1
    if i == len(items) or budget < 0:
        return 0
    key = (i, r, budget)
    found = memo.get(key)
    if found is None:
        found = sum(_ways(items, value, i + 1, r - t, budget - t * value[i], memo)
                    for t in range(min(items[i][1], r) + 1) if budget - t * value[i] >= 0)
        memo[key] = found
    return found
