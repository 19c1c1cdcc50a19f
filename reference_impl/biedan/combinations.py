"""Combinations of 憋蛋 Biedan: reading a set of cards, comparing plays, listing and sampling the plays of a hand.

Everything is driven by the variant's catalogue (``combinations.catalogue``), orders (``ranking.single_order``,
``ranking.sequence_order``), flush rules (``combinations.flush``, ``combinations.flush_reach``) and beating rules
(``beating.*``), read once into a :class:`Table` (:func:`table_for`).

A hand is held **by rank** for speed: ``dict[rank, list[card]]`` (:func:`by_rank`). A **shape** is what a play is
without its suits: ``(combination, ranks, flush_only)``; :func:`shapes` lists the shapes a hand can play against a
table, :func:`plays_of` every card set of a shape, :func:`sample_of` one at random.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import NamedTuple

from ..cards import JOKERS
from .rules import BiedanRules, Combination


class Reading(NamedTuple):
    """What a play is. name: combination name; tier: ``ordinary`` | ``bomb`` | ``top``; key: comparison key
    (higher beats lower: the single strength of the rank, or the sequence index of the top rank); top: the rank that
    decides (``"7"``, ``"BJ"``); length: ranks in a sequence (1 otherwise); count: cards; flush: one suit, of a
    flush combination."""

    name: str
    tier: str
    key: int
    top: str
    length: int
    count: int
    flush: bool


class Table:
    """Lookup tables of one variant's rules (build with :func:`table_for`).

    Attributes:
        rules: the rules; strength: rank → single strength (0 = weakest); seq: rank → index in the sequence order;
        seq_ranks: the sequence order (low to high); rank_of / suit_of: card → rank / suit (None for jokers);
        catalogue: the combinations; flush: names that can be flushes; flush_any: flush_reach is any_ranks.
    """

    def __init__(self, rules: BiedanRules) -> None:
        self.rules = rules
        order = list(reversed(rules.single_order))
        self.strength = {rank: i for i, rank in enumerate(order)}
        self.seq = {rank: i for i, rank in enumerate(rules.sequence_order)}
        self.seq_ranks = tuple(rules.sequence_order)
        self.ranks_by_strength = tuple(order)
        self.rank_of: dict[str, str] = {}
        self.suit_of: dict[str, str | None] = {}
        for suit in "SHCD":
            for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"):
                self.rank_of[suit + rank] = rank
                self.suit_of[suit + rank] = suit
        for joker in JOKERS:
            self.rank_of[joker] = joker
            self.suit_of[joker] = None
        self.card_strength = {card: self.strength[rank] for card, rank in self.rank_of.items()}
        self.catalogue = rules.catalogue
        self.flush = rules.flush_applies_to
        self.flush_any = rules.flush_reach == "any_ranks"
        self.bombs_beat_ordinary = rules.bombs_beat_ordinary

    def reading(self, combo: Combination, ranks: list[str], flush: bool) -> Reading:
        """The reading of a play of ``combo`` over ``ranks`` (a sequence's ranks in any order)."""
        if combo.shape == "sequence":
            top = max(ranks, key=self.seq.__getitem__)
            return Reading(combo.name, combo.tier, self.seq[top], top, len(ranks), len(ranks) * combo.unit, flush)
        if combo.shape == "fixed_set":
            top = max(ranks, key=self.strength.__getitem__)
            return Reading(combo.name, combo.tier, self.strength[top], top, 1, len(combo.cards), False)
        return Reading(combo.name, combo.tier, self.strength[ranks[0]], ranks[0], 1, combo.size, False)


@lru_cache(maxsize=64)
def table_for(rules: BiedanRules) -> Table:
    """The (cached) :class:`Table` of ``rules``."""
    return Table(rules)


def readings(t: Table, cards: Iterable[str]) -> list[Reading]:
    """Every reading of ``cards`` (catalogue order; empty when they are no combination). Cards must be distinct
    canonical tokens."""
    cards = list(cards)
    n = len(cards)
    if not n:
        return []
    ranks = [t.rank_of[c] for c in cards]
    counts: dict[str, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    out = []
    for combo in t.catalogue:
        shape = combo.shape
        if shape == "same_rank":
            if n == combo.size and len(counts) == 1:
                out.append(t.reading(combo, ranks, False))
        elif shape == "sequence":
            unit = combo.unit
            length = len(counts)
            if n != length * unit or length < combo.min_length or (combo.max_length and length > combo.max_length):
                continue
            if any(v != unit for v in counts.values()) or any(r not in t.seq for r in counts):
                continue
            idx = sorted(t.seq[r] for r in counts)
            if idx[-1] - idx[0] != length - 1:
                continue
            flush = combo.name in t.flush and len({t.suit_of[c] for c in cards}) == 1
            out.append(t.reading(combo, list(counts), flush))
        elif n == len(combo.cards) and set(cards) == set(combo.cards):
            out.append(t.reading(combo, ranks, False))
    return out


def classify(t: Table, cards: Iterable[str]) -> Reading | None:
    """The first reading of ``cards``, or None."""
    found = readings(t, cards)
    return found[0] if found else None


def beat_reason(t: Table, table: Reading, play: Reading) -> str | None:
    """None when ``play`` beats ``table``, else the reason code (``wrong_type``, ``wrong_count``, ``not_higher``) of
    docs/implementers/biedan-operations.md (operation ``beats``)."""
    if play.tier == "top":
        if table.tier != "top":
            return None
        return None if play.name == table.name and play.key > table.key else (
            "not_higher" if play.name == table.name else "wrong_type")
    if table.tier == "top":
        return "wrong_type"
    if play.tier == "bomb":
        if table.tier == "bomb":
            if play.count != table.count:
                return None if play.count > table.count else "not_higher"
            return None if play.key > table.key else "not_higher"
        return None if t.bombs_beat_ordinary else "wrong_type"
    if table.tier == "bomb" or play.name != table.name:
        return "wrong_type"
    if play.count != table.count:
        return "wrong_count"
    if play.name in t.flush:
        if t.flush_any:
            if play.flush != table.flush:
                return None if play.flush else "not_higher"
        elif play.key == table.key:
            return None if play.flush and not table.flush else "not_higher"
    return None if play.key > table.key else "not_higher"


# ----------------------------------------------------------------------------------------------- hands by rank
def by_rank(t: Table, cards: Iterable[str]) -> dict[str, list[str]]:
    """A hand as rank → its cards (cards in notation order of suits)."""
    out: dict[str, list[str]] = {}
    for card in sorted(cards, key=_suit_order):
        out.setdefault(t.rank_of[card], []).append(card)
    return out


def _suit_order(card: str) -> int:
    return "SHCDBL".index(card[0])


class Shape(NamedTuple):
    """A play without its suits: combination, its ranks (a sequence low to high), and whether only a flush of
    those ranks is allowed (``flush_only``)."""

    combo: Combination
    ranks: tuple[str, ...]
    flush_only: bool


def _flush_suits(hand: dict[str, list[str]], ranks: tuple[str, ...], t: Table) -> list[str]:
    suits = {t.suit_of[c] for c in hand[ranks[0]]}
    for rank in ranks[1:]:
        suits &= {t.suit_of[c] for c in hand[rank]}
        if not suits:
            return []
    return sorted(suits, key="SHCD".index)


def shapes(t: Table, hand: dict[str, list[str]], table: Reading | None) -> list[Shape]:
    """The shapes ``hand`` can play: any when leading (``table`` None), else those that beat ``table``."""
    out: list[Shape] = []
    for combo in t.catalogue:
        if table is not None:
            if combo.tier == "ordinary" and (table.tier != "ordinary" or combo.name != table.name):
                continue
            if combo.tier == "bomb" and table.tier == "ordinary" and not t.bombs_beat_ordinary:
                continue
            if combo.tier == "bomb" and table.tier == "top":
                continue
            if combo.tier == "top" and table.tier == "top" and combo.name != table.name:
                continue
        shape = combo.shape
        if shape == "same_rank":
            size = combo.size
            for rank, cards in hand.items():
                if len(cards) >= size and (size == 1 or rank not in JOKERS):
                    candidate = Shape(combo, (rank,), False)
                    if table is None or _shape_beats(t, candidate, table, False):
                        out.append(candidate)
        elif shape == "sequence":
            out += _sequence_shapes(t, hand, combo, table)
        else:
            if all(t.rank_of[c] in hand and c in hand[t.rank_of[c]] for c in combo.cards):
                candidate = Shape(combo, tuple(t.rank_of[c] for c in combo.cards), False)
                if table is None or _shape_beats(t, candidate, table, False):
                    out.append(candidate)
    return out


def _shape_beats(t: Table, shape: Shape, table: Reading, flush: bool) -> bool:
    return beat_reason(t, table, t.reading(shape.combo, list(shape.ranks), flush)) is None


def _sequence_shapes(t: Table, hand: dict[str, list[str]], combo: Combination, table: Reading | None) -> list[Shape]:
    out = []
    unit, low = combo.unit, combo.min_length
    high = combo.max_length or len(t.seq_ranks)
    ranks = t.seq_ranks
    if table is not None and table.length and combo.name == table.name:
        low = high = table.length
    run = 0
    for i, rank in enumerate(ranks):
        run = run + 1 if len(hand.get(rank, ())) >= unit else 0
        for length in range(low, min(run, high) + 1):
            seq = ranks[i - length + 1:i + 1]
            if table is None:
                out.append(Shape(combo, seq, False))
                continue
            if _shape_beats(t, Shape(combo, seq, False), table, False):
                out.append(Shape(combo, seq, False))
            elif combo.name in t.flush and unit == 1 and _shape_beats(t, Shape(combo, seq, False), table, True) \
                    and _flush_suits(hand, seq, t):
                out.append(Shape(combo, seq, True))
    return out


def plays_of(t: Table, hand: dict[str, list[str]], shape: Shape) -> Iterator[list[str]]:
    """Every card set of ``shape`` in ``hand`` (lists of cards)."""
    combo = shape.combo
    if combo.shape == "fixed_set":
        yield list(combo.cards)
        return
    if combo.shape == "same_rank":
        for cards in itertools.combinations(hand[shape.ranks[0]], combo.size):
            yield list(cards)
        return
    if shape.flush_only:
        for suit in _flush_suits(hand, shape.ranks, t):
            yield [suit + rank for rank in shape.ranks]
        return
    per_rank = [list(itertools.combinations(hand[rank], combo.unit)) for rank in shape.ranks]
    for choice in itertools.product(*per_rank):
        yield [card for group in choice for card in group]


def sample_of(t: Table, hand: dict[str, list[str]], shape: Shape, rng: random.Random,
              force: str | None = None) -> list[str]:
    """One card set of ``shape`` in ``hand``, suits chosen at random; ``force``: a card the set must contain
    (its rank must be one of the shape's, and a flush_only shape must have a flush in its suit)."""
    combo = shape.combo
    if combo.shape == "fixed_set":
        return list(combo.cards)
    if shape.flush_only:
        suit = t.suit_of[force] if force else rng.choice(_flush_suits(hand, shape.ranks, t))
        return [suit + rank for rank in shape.ranks]
    size = combo.size if combo.shape == "same_rank" else combo.unit
    forced_rank = t.rank_of[force] if force else None
    out: list[str] = []
    for rank in shape.ranks:
        cards = hand[rank]
        if len(cards) == size:
            out += cards
        elif rank == forced_rank:
            out += [force, *rng.sample([c for c in cards if c != force], size - 1)]
        else:
            out += rng.sample(cards, size)
    return out
