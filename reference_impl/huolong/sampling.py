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
from math import ceil, comb, log
from typing import TypeVar

T = TypeVar("T")

Items = Sequence[tuple[str, int]]
"""A multiset as ``(card, copies)`` pairs, each card once, copies ≥ 1."""

REJECTION_TRIES = 200
"""Weighted-rejection draws tried before the exact count takes over (a point cap that few multisets meet)."""


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``: the same number drawn from the same generator state (a ``random.Random`` draws
    ``n.bit_length()`` random bits until they are below ``n``), without the interpreted call of the random module (a
    compiled caller draws at a fraction of its cost). Another generator class (a subclass) is asked itself.

    Raises:
        ValueError: ``n`` is not positive (as ``randrange`` does).
    """
    if type(rng) is not random.Random:
        return rng.randrange(n)
    if n <= 0:
        raise ValueError("empty range for randrange()")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def pick(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``: the same item drawn from the same generator state (see :func:`below`).

    Raises:
        IndexError: ``seq`` is empty (as ``choice`` does).
    """
    n = len(seq)
    if not n:
        raise IndexError("Cannot choose from an empty sequence")
    if type(rng) is not random.Random:
        return seq[rng.randrange(n)]
    k = n.bit_length()  # below(rng, n), without the call (the random policy's every follow)
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return seq[r]


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``: the same order from the same generator state (Fisher-Yates from the last item, each
    swap drawn as :func:`below`), in place, without the interpreted call of the random module."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    top = len(items) - 1
    while top > 0:  # the swaps from top down drawing k bits each: i + 1 has k bits for i down to 2 ** (k - 1) - 1
        k = (top + 1).bit_length()
        low = max((1 << (k - 1)) - 1, 1)
        for i in range(top, low - 1, -1):
            j = getrandbits(k)  # below(rng, i + 1), without the call (every card of every pack)
            while j > i:
                j = getrandbits(k)
            items[i], items[j] = items[j], items[i]
        top = low - 1


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``rng.sample(population, k)``: the same items in the same order from the same generator state (CPython's
    method: a pool of the population with each drawn item's place refilled from its end, or, for a population larger
    than a set of ``k`` indices, indices drawn until new), without the interpreted call of the random module.

    Raises:
        ValueError: ``k`` is negative or larger than the population (as ``sample`` does).
    """
    if type(rng) is not random.Random:
        return rng.sample(population, k)
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    setsize = 21  # sample's own threshold: a list of n items against a set of k indices
    if k > 5:
        setsize += 4 ** ceil(log(k * 3, 4))
    result: list[T] = []
    if n <= setsize:
        pool = list(population)
        getrandbits = rng.getrandbits
        for i in range(k):
            m = n - i
            bits = m.bit_length()  # below(rng, m), without the call (every card of every bury drawn)
            j = getrandbits(bits)
            while j >= m:
                j = getrandbits(bits)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]  # the item left out moves into the drawn one's place
        return result
    selected: set[int] = set()
    for _ in range(k):
        j = below(rng, n)
        while j in selected:
            j = below(rng, n)
        selected.add(j)
        result.append(population[j])
    return result


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
        pick = sample(rng, tokens, size)
        if max_points is not None and points is not None and sum(map(points.__getitem__, pick)) > max_points:
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
        return [distinct[below(rng, d)]]
    pairs = [c for c, k in items if k >= 2]
    if size == 2:
        total = len(pairs) + d * (d - 1) // 2
        if not total:
            raise ValueError(f"{d} card cannot make 2")
        x = below(rng, total)
        return [pairs[x]] * 2 if x < len(pairs) else sample(rng, distinct, 2)
    triples = [c for c, k in items if k >= 3]
    total = len(triples) + len(pairs) * (d - 1) + comb(d, 3)
    if not total:
        raise ValueError(f"{sum(k for _, k in items)} cards cannot make 3")
    x = below(rng, total)
    if x < len(triples):
        return [triples[x]] * 3
    x -= len(triples)
    if x < len(pairs) * (d - 1):
        pair = pairs[x // (d - 1)]
        others = [c for c in distinct if c != pair]
        return [pair, pair, others[x % (d - 1)]]
    return sample(rng, distinct, 3)


def _by_count(items: tuple[tuple[str, int], ...], size: int, rng: random.Random,
              points: Mapping[str, int] | None, max_points: int | None) -> list[str]:
    """The exact draw: the capped sub-multisets counted item by item, then one chosen by its index."""
    value = [points[c] if points is not None and max_points is not None else 0 for c, _ in items]
    cap = max_points if max_points is not None else 0
    memo: dict[tuple[int, int, int], int] = {}
    total = _ways(items, value, 0, size, cap, memo)
    if total == 0:
        raise ValueError(f"no {size} cards meet the cap of {max_points} points")
    x = below(rng, total)
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
