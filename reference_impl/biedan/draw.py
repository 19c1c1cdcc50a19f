"""One legal play of a 憋蛋 Biedan hand drawn **uniformly** among its card sets, without listing them: the random
bot's play (:meth:`.state.HandState.random_action`).

The legal plays are the card sets of the hand's legal shapes (:func:`.hand_shapes.shape_parts`), and one shape's card
sets are a product of choices of suits, one choice per rank: :func:`ways` counts them by binomial arithmetic
(:mod:`.count` counts with it too). :func:`part_weights` counts every part of the shapes (a same-rank combination's
from the hand's rank masks, :func:`.hand_shapes.masks_of`, without looking at its shapes one by one; ``shape_parts``
counts them so as it makes the parts, ``weights=``), :func:`pick_weighted`
finds the shape holding the ``i``-th card set, and :func:`.combinations.sample_of` draws one of its card sets, each
equally likely: so every legal play is drawn with the same chance. A card every play must contain (a first lead's
banker card [play.first_lead_with_banker_card]) is counted in: shapes without it weigh nothing. Not for a house
catalogue whose fixed set claims cards another combination reads (:attr:`.combinations.Table.claimed`): the state
draws among the listed plays there.
"""

from __future__ import annotations

from math import comb
from typing import Any

from ..climbing.catalogue import Attachment, Combination
from . import attached
from .combinations import Shape, Table, _flush_suits


def ways(t: Table, held: list[list[str]], shape: Shape, must: str | None = None) -> int:
    """How many card sets of ``shape`` ``held`` (a hand by rank) holds, those containing ``must`` only when given
    (0 when none does)."""
    combo = shape.combo
    must_rank = None if must is None else t.card_sidx[must]
    if isinstance(combo, Attachment):
        groups = attached._groups(combo, shape.ranks)
    elif combo.shape == "fixed_set":
        return 1 if must is None or must in combo.cards else 0
    elif shape.flush_only:
        if must_rank is not None and must_rank not in shape.ranks:
            return 0
        suits = _flush_suits(held, shape.ranks)
        return len(suits) if must is None else int(must[0] in suits)
    else:
        unit = combo.size if combo.shape == "same_rank" else int(combo.unit)
        groups = [(r, unit) for r in shape.ranks]
    if must_rank is not None and all(r != must_rank for r, _ in groups):
        return 0
    out = 1
    for r, n in groups:
        out *= comb(len(held[r]) - 1, n - 1) if r == must_rank else comb(len(held[r]), n)
    return out


def part_weights(t: Table, held: list[list[str]], masks: list[int], parts: list[Any],
                 must: str | None) -> list[int]:
    """The card sets of each part of ``parts`` (:func:`.hand_shapes.shape_parts` of ``held``, whose rank masks are
    ``masks``), those containing ``must`` only when given."""
    out: list[int] = []
    for part in parts:
        if part.__class__ is list:
            out.append(list_ways(t, held, part) if must is None else sum(ways(t, held, shape, must) for shape in part))
            continue
        pre, mask = part
        size = pre[(mask & -mask).bit_length() - 1].combo.size
        if must is None:
            out.append(same_rank_ways(masks, mask, size))
        else:
            s = t.card_sidx[must]
            out.append(comb(len(held[s]) - 1, size - 1) if mask >> s & 1 else 0)
    return out


def list_ways(t: Table, held: list[list[str]], shapes: list[Shape]) -> int:
    """The card sets of ``shapes``, the shapes of one combination (a part of :func:`.hand_shapes.shape_parts`):
    :func:`ways` of each, without ``must``."""
    if len(shapes) == 1:
        return _plain_ways(t, held, shapes[0])
    combo = shapes[0].combo
    if combo.__class__ is not Combination or combo.shape != "sequence" or combo.unit != 1:
        out = 0
        for shape in shapes:
            out += _plain_ways(t, held, shape)
        return out
    out = 0  # runs of single cards (a part's shapes are one combination's): _plain_ways of each, without its calls
    for shape in shapes:
        if shape.flush_only:
            out += ways(t, held, shape)
            continue
        n = 1
        for r in shape.ranks:
            n *= len(held[r])
        out += n
    return out


def _plain_ways(t: Table, held: list[list[str]], shape: Shape) -> int:
    """:func:`ways` without ``must``, a run of any suits worked out here (the common case of a list of shapes)."""
    combo = shape.combo
    if combo.__class__ is not Combination or combo.shape != "sequence" or shape.flush_only:
        return ways(t, held, shape)
    n = 1
    unit = combo.unit
    if unit == 1:
        for r in shape.ranks:
            n *= len(held[r])
    else:
        for r in shape.ranks:
            n *= comb(len(held[r]), unit)  # type: ignore[arg-type]
    return n


def same_rank_ways(masks: list[int], mask: int, size: int) -> int:
    """The card sets of ``size`` cards of one rank among the ranks of ``mask`` (each held ``size`` times at least),
    from the hand's rank ``masks``: the ranks held exactly ``c`` times give ``comb(c, size)`` each, that is
    ``comb(j - 1, size - 1)`` for each ``j`` from ``size`` to ``c`` (the card set's highest-placed card the
    ``j``-th of its rank), so each mask ``masks[j]`` counts its ranks of ``mask`` that many times, from ``j = size``
    until a mask holds none of them (the masks nest: ``masks[j + 1]`` is part of ``masks[j]``)."""
    top = len(masks)
    if size == top - 1:
        return mask.bit_count()
    out = 0
    if size == 1:  # singles, the most common part: a rank held c times is in masks[1..c]
        for c in range(1, top):
            found = masks[c] & mask
            if not found:
                break
            out += found.bit_count()
        return out
    for c in range(size, top):
        found = masks[c] & mask
        if not found:
            break
        out += comb(c - 1, size - 1) * found.bit_count()
    return out


def pick_weighted(t: Table, held: list[list[str]], parts: list[Any], weights: list[int], i: int,
                  must: str | None) -> Shape:
    """The shape holding the ``i``-th card set (from 0) of ``parts`` whose card sets :func:`part_weights` counted
    (``weights``), the shapes and each shape's card sets taken in order.

    Raises:
        IndexError: ``i`` is not below the sum of ``weights``.
    """
    for part, weight in zip(parts, weights):
        if i >= weight:
            i -= weight
            continue
        if part.__class__ is list:
            shapes: list[Shape] = part
            for shape in shapes:
                n = _plain_ways(t, held, shape) if must is None else ways(t, held, shape, must)
                if i < n:
                    return shape
                i -= n
            break
        pre: list[Shape] = part[0]  # None only where the mask has no bit
        mask: int = part[1]
        if must is not None:
            return pre[t.card_sidx[must]]
        size = pre[(mask & -mask).bit_length() - 1].combo.size  # type: ignore[union-attr]
        while mask:
            s = (mask & -mask).bit_length() - 1
            n = len(held[s]) if size == 1 else comb(len(held[s]), size)  # a single: one set a card
            if i < n:
                return pre[s]
            i -= n
            mask &= mask - 1
        break
    raise IndexError("no such card set")
