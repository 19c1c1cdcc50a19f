"""Combinations of 憋蛋 Biedan: reading a set of cards, comparing plays, listing and sampling the plays of a hand.

Everything is driven by the variant's catalogue (``combinations.catalogue``), orders (``ranking.single_order``,
``ranking.sequence_order``), flush rules (``combinations.flush``, ``combinations.flush_reach``) and beating rules
(``beating.*``), read once into a :class:`Table` (:func:`table_for`).

A hand is held **by rank** for speed: a list by strength index of the cards of that rank (:func:`by_rank`). A
**shape** is what a play is without its suits: ``(combination, ranks, flush_only)``; :func:`.hand_shapes.shapes`
lists the shapes a hand can play against a table, :func:`plays_of` every card set of a shape, :func:`sample_of` one
at random.

What a play is comes back as the climbing games' one :class:`~..climbing.reading.Reading` (``cards`` left ``()``:
every card stands for itself; ``key`` an int: the single strength of the rank, or the sequence place of a run's top).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from ..cards import JOKERS
from ..climbing.beating import COMPARE, Tiers, tier_reason
from ..climbing.catalogue import Attachment, Combination
from ..climbing.reading import Key, Reading
from . import attached
from .rules import BiedanRules


PlanStep = tuple[Any, ...]
"""One entry of a shape plan (:meth:`Table._step`): ``(combo, kind, precomputed, minkey, size, fixed, blocks,
valid)``."""


class Table:
    """Lookup tables of one variant's rules (build with :func:`table_for`).

    Attributes:
        rules: the rules; strength: rank → single strength (0 = weakest); seq: rank → index in the sequence order;
        seq_ranks: the sequence order (low to high); rank_of / suit_of: card → rank / suit (None for jokers);
        catalogue: the combinations; flush: names that can be flushes; flush_any: flush_reach is any_ranks; tiers:
        how the tiers beat (:class:`..climbing.beating.Tiers`: the rocket over all, bombs over ordinary plays when
        beating.bombs_beat_ordinary).
    """

    def __init__(self, rules: BiedanRules) -> None:
        self.rules = rules
        order = list(reversed(rules.single_order))
        self.strength = {rank: i for i, rank in enumerate(order)}
        self.seq = {rank: i for i, rank in enumerate(rules.sequence_order)}  # a rank at both ends: its top place
        self.seq_ranks = tuple(rules.sequence_order)
        self.both_ends = self.seq_ranks[0] if len(self.seq_ranks) > 1 and self.seq_ranks[0] == self.seq_ranks[-1] \
            else None
        """The rank at either end of a run (``ranking.sequence_order`` listing the A first and last), or None."""
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
        self.suit_place = {card: "SHCDBL".index(card[0]) for card in self.rank_of}
        """Card → its suit's place in a hand's order of suits (S H C D, then the jokers)."""
        self.catalogue = rules.catalogue
        self.card_sidx = self.card_strength
        self.seq_to_sidx = tuple(self.strength[r] for r in rules.sequence_order)
        self.jokers_sidx = frozenset(self.strength[j] for j in JOKERS)
        self.flush = rules.flush_applies_to
        self.flush_any = rules.flush_reach == "any_ranks"
        self.bombs_beat_ordinary = rules.bombs_beat_ordinary
        self.tiers = Tiers(("ordinary", "bomb", "top"), frozenset({"top"} | ({"bomb"} if rules.bombs_beat_ordinary
                                                                         else set())), below="wrong_type")
        self.attachments = rules.attachments
        self.beside_body = frozenset(a.name for a in self.attachments if a.beside_body)
        """The attachments whose wings may lie beside the main part (``combinations.attached_same_rank:
        3_beside_body``): their readings are alternatives a play may be played as (:func:`play_reading`)."""
        self.claimed: dict[frozenset[str], str] = {}
        """A fixed set's cards → its name, where another combination also reads them and the fixed set comes first
        in the catalogue: those cards are played as the fixed set only (:func:`plays_of` leaves them out of the
        other combination's card sets)."""
        self.plans = self._first_readings_only(
            tuple((combo, combo.shape, self._precompute(combo)) for combo in self.catalogue))
        self.plain_runs = {combo.name: [[None] + [pre[i, length][0] for length in range(1, i + 2)]
                                        for i in range(len(self.seq_to_sidx))]
                           for combo, kind, pre in self.plans if kind == "sequence"}
        """Sequence combination → top sequence index → the plain shapes by length (index 0 unused; None for a
        window that is no run, :meth:`window_ok`)."""
        self.places_in_order = self.seq_to_sidx == tuple(range(len(self.seq_to_sidx)))
        self.place_bits = (1 << len(self.seq_to_sidx)) - 1
        """Whether the places of ``ranking.sequence_order`` are the strength indexes 0, 1, … (a rank mask is then a
        mask of places: :func:`.hand_shapes.places_of`)."""
        self.run_blocks = {combo.name: self._run_blocks(combo) for combo, kind, _ in self.plans if kind == "sequence"}
        """Sequence combination → ``[start][end]`` → the runs (plain shapes) whose places all lie from place
        ``start`` to ``end`` of the sequence order, by top place then length: the runs of a hand are those of each
        block of consecutive places it holds (:func:`.hand_shapes.shape_parts`)."""
        self.lead_plan = tuple([self._step(combo, kind, pre, 0) for combo, kind, pre in self.plans]
                               + [(att, "attached", None, 0, 0, (), None, 0) for att in self.attachments])
        self.classified: dict[tuple[str, ...], Reading | None] = {}
        """Cards (in the order given) → their first reading or None (:func:`classify`)."""
        self.by_ranks = _reads_by_ranks(self.catalogue)
        """Whether a set of cards' readings follow from its ranks and whether its cards are of one suit: no fixed set
        names a card of a suit (a joker is its own rank), and the rest of the catalogue reads ranks and a flush."""
        self.classified_ranks: dict[tuple[tuple[int, ...], bool], Reading | None] = {}
        """(The strength indexes of a set's cards, sorted; whether they are of one suit) → the first reading of such
        cards or None (:func:`classify`, where :attr:`by_ranks`)."""
        self._follow: dict[tuple[str, str, int, int], list[PlanStep]] = {}
        self._follow_reading: dict[Reading, list[PlanStep]] = {}
        self.follow_by_object: dict[int, tuple[Reading, list[PlanStep]]] = {}
        """id of a reading → (the reading, its plan): :meth:`follow_plan` by the object (the entry keeps the reading
        alive, so its id is not reused)."""

    def _first_readings_only(self, plans: tuple[tuple[Any, ...], ...]) -> tuple[tuple[Any, ...], ...]:
        """``plans`` without the shapes whose cards are first read as another combination: a set of cards that two
        entries of a house catalogue read is played as its first reading (docs/implementers/biedan-operations.md,
        conventions), so the shapes of a later entry that an earlier one always reads are never plays (two same-rank
        entries of one size; a run that an earlier sequence entry also reads), nor is a fixed set first read as
        another combination [combinations.catalogue]. Fills :attr:`claimed`."""
        out = []
        fixed = {combo.name for combo, kind, _ in plans if kind == "fixed_set"}
        for combo, kind, pre in plans:
            if kind == "same_rank":
                pre = [shape if shape is None or self._read_first(shape, fixed) else None for shape in pre]
            elif kind == "sequence":
                pre = {key: pair if pair[0] is None or self._read_first(pair[0], fixed) else (None, None)
                       for key, pair in pre.items()}
            else:
                found = readings(self, combo.cards)
                if not found or found[0].combination != combo.name:
                    continue
                if len(found) > 1:
                    self.claimed[frozenset(combo.cards)] = combo.name
            out.append((combo, kind, pre))
        return tuple(out)

    def _read_first(self, shape: Shape, fixed: set[str]) -> bool:
        """Whether cards of ``shape`` (a same-rank or sequence shape) are first read as its combination, fixed sets
        left aside (they read particular cards only: :attr:`claimed`). A rank held more often than one deck allows
        cannot be tried: kept."""
        combo = shape.combo
        assert isinstance(combo, Combination)  # attachments have no precomputed shapes
        per_rank = combo.size if combo.shape == "same_rank" else int(combo.unit)
        if per_rank > 4:
            return True
        cards = [rank if rank in JOKERS else suit + rank
                 for rank in (self.ranks_by_strength[s] for s in shape.ranks) for suit in "SHCD"[:per_rank]]
        first = next((r.combination for r in readings(self, cards) if r.combination not in fixed), None)
        return first == combo.name

    def _run_blocks(self, combo: Combination) -> list[list[list[Shape]]]:
        """The runs of ``combo`` by block of places (:attr:`run_blocks`; an empty list where ``end < start``)."""
        low, high = combo.min_length, combo.max_length or len(self.seq_to_sidx)
        plain = self.plain_runs[combo.name]
        places = range(len(self.seq_to_sidx))
        return [[[shape for i in range(start, end + 1) for shape in plain[i][low:min(i - start + 1, high) + 1]
                  if shape is not None] for end in places] for start in places]

    def _precompute(self, combo: Combination) -> Any:
        """The shapes of ``combo`` made once: same_rank → list by strength index (None where impossible: jokers in
        pairs); sequence → {(top sequence index, length): (plain, flush_only)}; fixed_set → the one shape."""
        if combo.shape == "same_rank":
            return [None if combo.size > 1 and s in self.jokers_sidx else self._shape(combo, (s,), False, s)
                    for s in range(len(self.ranks_by_strength))]
        if combo.shape == "sequence":
            pre = {}
            for i in range(len(self.seq_to_sidx)):
                for length in range(1, i + 2):
                    ranks = self.seq_to_sidx[i - length + 1:i + 1]
                    pre[i, length] = (self._shape(combo, ranks, False, i), self._shape(combo, ranks, True, i)) \
                        if self.window_ok(i, length) else (None, None)
            return pre
        sidxs = tuple(self.card_strength[c] for c in combo.cards)
        return self._shape(combo, sidxs, False, max(sidxs))

    def _shape(self, combo: Combination, ranks: tuple[int, ...], flush_only: bool, key: int) -> Shape:
        """A shape of ``combo`` with its readings made once: as played (``reading``), and as a flush where the
        combination may be one (``flush_reading``, else None) [combinations.flush]."""
        if combo.shape == "sequence":
            top, length, count = ranks[-1], len(ranks), len(ranks) * int(combo.unit)
        else:
            top, length, count = max(ranks), 1, len(combo.cards) if combo.shape == "fixed_set" else combo.size
        reading = Reading(combo.name, combo.tier, key, self.ranks_by_strength[top], length, count, False)
        flush = reading._replace(flush=True) if combo.name in self.flush else None
        return Shape(combo, ranks, flush_only, key, reading, flush)

    def window_ok(self, top: int, length: int) -> bool:
        """Whether the ``length`` places of ``ranking.sequence_order`` ending at place ``top`` are a run: never the
        same rank twice (no run round the corner through an A at both ends), and a run of every rank, which fits
        with the A at either end, is read with the A on top (the low window is left out)."""
        if self.both_ends is None:
            return True
        last = len(self.seq_ranks) - 1
        return length < last or (length == last and top == last)

    def run_top(self, ranks: Iterable[str]) -> int | None:
        """The place in ``ranking.sequence_order`` of the top of the run that the distinct ``ranks`` form, or None
        when they form none (a rank outside the order, a gap). A rank at both ends (the A) is tried on top first,
        then at the bottom: A-2-3 tops at the 3, Q-K-A at the A."""
        ranks = list(ranks)
        if any(r not in self.seq for r in ranks):
            return None
        places = sorted(self.seq[r] for r in ranks)
        if places[-1] - places[0] == len(places) - 1:
            return places[-1] if self.window_ok(places[-1], len(places)) else None
        if self.both_ends in ranks:
            low = sorted(0 if r == self.both_ends else self.seq[r] for r in ranks)
            if low[-1] - low[0] == len(low) - 1 and self.window_ok(low[-1], len(low)):
                return low[-1]
        return None

    def follow_plan(self, table: Reading) -> list[PlanStep]:
        """The plan steps (:meth:`_step`) of every combination that may beat ``table`` (cached, under the reading
        object, the reading and what the plan depends on)."""
        found = self.follow_by_object.get(id(table))
        if found is not None and found[0] is table:  # the cache keeps the reading alive: its id is not reused
            return found[1]
        plan = self._follow_reading.get(table)
        if plan is None:
            plan = self._follow_reading[table] = self._follow_plan(table)
        if len(self.follow_by_object) < 4096:
            self.follow_by_object[id(table)] = (table, plan)
        return plan

    def _follow_plan(self, table: Reading) -> list[PlanStep]:
        table_key = table.key
        assert isinstance(table_key, int)  # 憋蛋's keys are ints (the module docstring)
        key = (table.combination, table.tier, table.count, table_key)
        plan = self._follow.get(key)
        if plan is None:
            plan = []
            for combo, kind, pre in self.plans:
                minkey = 0
                if table.tier == "top":
                    if combo.tier != "top" or combo.name != table.combination:
                        continue
                    minkey = table_key + 1
                elif combo.tier == "ordinary":
                    if table.tier != "ordinary" or combo.name != table.combination:
                        continue
                    minkey = table_key + 1
                elif combo.tier == "bomb":
                    if table.tier == "ordinary":
                        if not self.bombs_beat_ordinary:
                            continue
                    elif kind == "sequence":  # a run made a bomb: any length with enough cards (filtered in shapes)
                        if combo.max_length and combo.max_length * int(combo.unit) < table.count:
                            continue
                    elif combo.size < table.count:
                        continue
                    elif combo.size == table.count:  # keys of same-rank shapes are strengths: the top's
                        minkey = self.strength[table.top] + 1
                plan.append(self._step(combo, kind, pre, minkey if kind != "sequence" else 0))
            plan += [(att, "attached", None, table_key + 1, 0, (), None, 0) for att in self.attachments
                     if att.name == table.combination]  # combinations.attachments: its own kind, a higher main part
            self._follow[key] = plan
        return plan

    def _step(self, combo: Combination, kind: str, pre: Any, minkey: int) -> PlanStep:
        """One entry of a shape plan: ``(combo, kind, precomputed, minkey, size, fixed cards as (sidx, card), the
        runs by block of places (sequence, :attr:`run_blocks`), the mask of the strength indexes it has a shape of
        (same_rank) and of at least ``minkey``)`` (:func:`.hand_shapes.shape_parts`)."""
        valid = sum(1 << s for s, shape in enumerate(pre) if shape is not None and s >= minkey) \
            if kind == "same_rank" else 0
        return (combo, kind, pre, minkey, combo.size, tuple((self.card_strength[c], c) for c in combo.cards),
                self.run_blocks.get(combo.name), valid)

    def reading(self, combo: Combination, ranks: list[str], flush: bool) -> Reading:
        """The reading of a play of ``combo`` over ``ranks`` (a sequence's ranks in any order)."""
        if combo.shape == "sequence":
            place = self.run_top(set(ranks))
            if place is None:
                raise ValueError(f"{' '.join(ranks)}: no run of ranking.sequence_order")
            return Reading(combo.name, combo.tier, place, self.seq_ranks[place], len(set(ranks)),
                           len(set(ranks)) * int(combo.unit), flush)
        if combo.shape == "fixed_set":
            top = max(ranks, key=self.strength.__getitem__)
            return Reading(combo.name, combo.tier, self.strength[top], top, 1, len(combo.cards), False)
        return Reading(combo.name, combo.tier, self.strength[ranks[0]], ranks[0], 1, combo.size, False)


def _reads_by_ranks(catalogue: Iterable[Combination]) -> bool:
    """Whether no fixed set of ``catalogue`` names a card of a suit (:attr:`Table.by_ranks`)."""
    return all(card in JOKERS for combo in catalogue if combo.shape == "fixed_set" for card in combo.cards)


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
            if any(v != unit for v in counts.values()) or t.run_top(counts) is None:
                continue
            flush = combo.name in t.flush and len({t.suit_of[c] for c in cards}) == 1
            out.append(t.reading(combo, list(counts), flush))
        elif n == len(combo.cards) and set(cards) == set(combo.cards):
            out.append(t.reading(combo, ranks, False))
    for att in t.attachments:
        for key, top, length in attached.reading_parts(t, att, counts):
            out.append(Reading(att.name, att.tier, key, top, length, n, False))
    return out


def classify(t: Table, cards: Iterable[str]) -> Reading | None:
    """The first reading of ``cards``, or None (remembered by the table for the same cards in the same order: the
    check of a play asks it again and again)."""
    key = tuple(cards)
    found = t.classified.get(key, _UNREAD)
    if found is _UNREAD:
        found = _first_reading(t, key)
        if len(t.classified) < _CLASSIFIED_MOST:
            t.classified[key] = found
    return found  # type: ignore[return-value]


def _first_reading(t: Table, cards: tuple[str, ...]) -> Reading | None:
    """The first reading of ``cards`` (distinct canonical tokens), or None; where the table reads by ranks
    (:attr:`Table.by_ranks`) remembered for every set of the same ranks and one suit or not (the suits of a run)."""
    if not t.by_ranks:
        first = readings(t, cards)
        return first[0] if first else None
    suit_of = t.suit_of
    suit = suit_of[cards[0]] if cards else None
    key = (tuple(sorted(map(t.card_sidx.__getitem__, cards))), all(suit_of[c] == suit for c in cards))
    found = t.classified_ranks.get(key, _UNREAD)
    if found is _UNREAD:
        first = readings(t, cards)
        found = first[0] if first else None
        if len(t.classified_ranks) < _CLASSIFIED_MOST:
            t.classified_ranks[key] = found
    return found  # type: ignore[return-value]


_UNREAD = object()
_CLASSIFIED_MOST = 1 << 16
"""The most card lists a table remembers the first reading of."""


def play_reading(t: Table, cards: list[str], table: Reading | None) -> tuple[Reading | None, str | None]:
    """``(reading, reason)``: the reading ``cards`` are played as against ``table`` (None: leading) and None when it
    beats, else the reason code of :func:`beat_reason` (``(None, "not_a_combination")`` when they are no
    combination). A set of cards is played as its first reading; with ``combinations.attached_same_rank:
    3_beside_body`` it may also be played as one of its readings of those attachments, the first in the order of
    ``classify`` that beats the table (three each of 4 to 7 on an airplane with singles of three triples), and when
    none beats the reason is the one of the reading closest to beating (``not_higher``, then ``wrong_count``, then
    the first reading's) [combinations.attached_same_rank, beating.follow]."""
    first = classify(t, cards)
    if first is None:
        return None, "not_a_combination"
    if table is None:
        return first, None
    reason = beat_reason(t, table, first)
    if reason is None or not t.beside_body:
        return first, reason
    best = (_CLOSER.get(reason, len(_CLOSER)), reason)
    for other in readings(t, cards)[1:]:
        if other.combination in t.beside_body:
            why = beat_reason(t, table, other)
            if why is None:
                return other, None
            best = min(best, (_CLOSER.get(why, len(_CLOSER)), why))
    return first, best[1]


_CLOSER = {"not_higher": 0, "wrong_count": 1}
"""Reason codes of a play's alternative readings, from the one closest to beating (:func:`play_reading`)."""


def beat_reason(t: Table, table: Reading, play: Reading) -> str | None:
    """None when ``play`` beats ``table``, else the reason code (``wrong_type``, ``wrong_count``, ``not_higher``) of
    docs/implementers/biedan-operations.md (operation ``beats``): the tiers first
    (:func:`..climbing.beating.tier_reason`), then plays of one tier [beating.*, combinations.flush]."""
    if play.tier != table.tier:  # one tier: tier_reason would say COMPARE (asked only across tiers)
        reason = tier_reason(t.tiers, play.tier, table.tier)
        if reason != COMPARE:
            return reason
    if play.tier == "bomb":  # bombs: more cards, then the higher top (of another combination: by single_order)
        if play.count != table.count:
            return None if play.count > table.count else "not_higher"
        if play.combination != table.combination:
            return None if t.strength[play.top] > t.strength[table.top] else "not_higher"
        return None if _int(play.key) > _int(table.key) else "not_higher"
    if play.combination != table.combination:
        return "wrong_type"
    if play.count != table.count:
        return "wrong_count"
    if play.combination in t.flush:
        if t.flush_any:
            if play.flush != table.flush:
                return None if play.flush else "not_higher"
        elif play.key == table.key:
            return None if play.flush and not table.flush else "not_higher"
    key, other = play.key, table.key  # ints in 憋蛋 (_int), compared without its calls: every play judged
    if TYPE_CHECKING:  # told to the type checker (and mypyc), not checked again at run time on every play
        assert isinstance(key, int) and isinstance(other, int)
    return None if key > other else "not_higher"


def _int(key: Key) -> int:
    """A reading's key as 憋蛋 makes it: an int (the single strength of a rank, the sequence place of a run's top)."""
    assert isinstance(key, int)
    return key


# ----------------------------------------------------------------------------------------------- hands by rank
def by_rank(t: Table, cards: Iterable[str]) -> list[list[str]]:
    """A hand as a list indexed by single strength (0 = weakest rank) of the cards of that rank (suits S H C D)."""
    out: list[list[str]] = [[] for _ in t.ranks_by_strength]
    sidx = t.card_sidx
    for card in sorted(cards, key=t.suit_place.__getitem__):
        out[sidx[card]].append(card)
    return out


def shape_size(shape: Shape) -> int:
    """The number of cards of a play of ``shape``."""
    combo = shape.combo
    if isinstance(combo, Attachment):
        length = attached.main_length(combo, shape.ranks)
        return length * combo.main_unit + len(shape.ranks) - length
    if combo.shape == "fixed_set":
        return len(combo.cards)
    if combo.shape == "sequence":
        return len(shape.ranks) * int(combo.unit)
    return combo.size


class Shape(NamedTuple):
    """A play without its suits: combination, its ranks as strength indexes (a sequence low to high; an
    :class:`~..climbing.catalogue.Attachment`: see :mod:`.attached`), whether only a flush of those ranks is allowed
    (``flush_only``), and its comparison key (as :class:`Reading`); a shape the :class:`Table` made also carries its
    readings (``reading`` as played, ``flush_reading`` when its cards are of one suit and the combination may be a
    flush; None otherwise: :func:`shape_reading` works them out)."""

    combo: Combination | Attachment
    ranks: tuple[int, ...]
    flush_only: bool
    key: int
    reading: Reading | None = None
    flush_reading: Reading | None = None


def _flush_suits(hand: list[list[str]], ranks: tuple[int, ...]) -> list[str]:
    suits = {c[0] for c in hand[ranks[0]]}
    for rank in ranks[1:]:
        suits &= {c[0] for c in hand[rank]}
        if not suits:
            return []
    return sorted(suits, key="SHCD".index)


def shape_reading(t: Table, shape: Shape, cards: list[str]) -> Reading:
    """The reading of ``cards``, a card set of ``shape``."""
    reading = shape.reading
    if reading is not None:
        flush = shape.flush_reading
        if flush is None:
            return reading
        suit = cards[0][0]
        for card in cards:
            if card[0] != suit:
                return reading
        return flush
    combo = shape.combo
    if isinstance(combo, Attachment):
        length = attached.main_length(combo, shape.ranks)
        top = t.seq_ranks[shape.key] if combo.main.shape == "sequence" else t.ranks_by_strength[shape.key]
        return Reading(combo.name, combo.tier, shape.key, top, length, len(cards), False)
    is_flush = combo.name in t.flush and len({c[0] for c in cards}) == 1
    top = t.ranks_by_strength[shape.ranks[-1] if combo.shape == "sequence" else max(shape.ranks)]
    length = len(shape.ranks) if combo.shape == "sequence" else 1
    return Reading(combo.name, combo.tier, shape.key, top, length, len(cards), is_flush)


def plays_of(t: Table, hand: list[list[str]], shape: Shape) -> Iterator[list[str]]:
    """Every card set of ``shape`` in ``hand`` (lists of cards; not the cards of a fixed set that comes first in the
    catalogue, :attr:`Table.claimed`)."""
    if t.claimed:
        name = shape.combo.name
        for cards in _plays_of(t, hand, shape):
            if t.claimed.get(frozenset(cards), name) == name:
                yield cards
        return
    yield from _plays_of(t, hand, shape)


def _plays_of(t: Table, hand: list[list[str]], shape: Shape) -> Iterator[list[str]]:
    combo = shape.combo
    if isinstance(combo, Attachment):
        yield from attached.plays(hand, combo, shape.ranks)
        return
    if combo.shape == "fixed_set":
        yield list(combo.cards)
        return
    if combo.shape == "same_rank":
        for cards in itertools.combinations(hand[shape.ranks[0]], combo.size):
            yield list(cards)
        return
    if shape.flush_only:
        rank_of = t.ranks_by_strength
        for suit in _flush_suits(hand, shape.ranks):
            yield [suit + rank_of[r] for r in shape.ranks]
        return
    per_rank = [list(itertools.combinations(hand[r], int(combo.unit))) for r in shape.ranks]
    for choice in itertools.product(*per_rank):
        yield [card for group in choice for card in group]


def sample_of(t: Table, hand: list[list[str]], shape: Shape, rng: random.Random,
              force: str | None = None) -> list[str]:
    """One card set of ``shape`` in ``hand``, suits chosen at random; ``force``: a card the set must contain
    (its rank must be one of the shape's, and a flush_only shape must have a flush in its suit)."""
    combo = shape.combo
    if force is None and shape.reading is not None and isinstance(combo, Combination) \
            and combo.shape == "same_rank":  # the common case, first
        cards = hand[shape.ranks[0]]
        if len(cards) == combo.size:
            return list(cards)
        return [cards[int(rng.random() * len(cards))]] if combo.size == 1 else rng.sample(cards, combo.size)
    if isinstance(combo, Attachment):
        return attached.sample(hand, combo, shape.ranks, rng, force, t.card_sidx[force] if force else None)
    if combo.shape == "fixed_set":
        return list(combo.cards)
    if shape.flush_only:
        suit = force[0] if force else rng.choice(_flush_suits(hand, shape.ranks))
        rank_of = t.ranks_by_strength
        return [suit + rank_of[r] for r in shape.ranks]
    size = combo.size if combo.shape == "same_rank" else int(combo.unit)
    forced_rank = t.card_sidx[force] if force else None
    out: list[str] = []
    for rank in shape.ranks:
        cards = hand[rank]
        if len(cards) == size:
            out += cards
        elif rank == forced_rank and force is not None:
            out += [force, *rng.sample([c for c in cards if c != force], size - 1)]
        elif size == 1:
            out.append(cards[int(rng.random() * len(cards))])
        else:
            out += rng.sample(cards, size)
    return out
