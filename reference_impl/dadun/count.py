"""Legal plays of a 打墩 Dadun hand by class, without listing them: the counter of ``legal_play_count`` and the
generator the bots choose from.

A *play class* is a set of plays that share one reading up to the choice of identical-ranked cards: a rank (single,
pair, triple, bomb), a card (dun), a run window (straights, pair and triple runs), a window and suit (straight
flush), a triple and pair rank (full house), two adjacent ranks and sizes (linked bomb). Every play of a class has
the class's combination and compare key, so whether it beats the table is decided once, on the class's
representative reading (:attr:`PlayClass.stood`), and the plays are counted by multiset arithmetic
(:attr:`PlayClass.ways`); :func:`.plays.legal_plays` lists the plays of the same classes (tests compare both with a
brute-force counter) [combinations.*, wild.*, beating.*].
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from functools import lru_cache
from math import comb
from typing import Any, NamedTuple

from ..climbing.cardset import FACES, JOKERS, SUITS, rank_of
from ..climbing.reading import Reading
from .combinations import beats, full_house_pair_ok, reading_of, rules_memo, wild_card
from .rules import DadunRules

Part = tuple[tuple[str, ...], int, int]
"""(tokens, need, least): ``need`` cards taken from the hand's copies of ``tokens`` (at least ``least``) or wilds."""


class PlayClass(NamedTuple):
    """Plays of one hand that share a reading up to identical-ranked cards.

    Attributes:
        combination: the catalogue name (``"straight"``).
        stood: a representative reading's cards (a wild in a suit-blind combination written ``H<rank>``); every play
            of the class has this combination and this compare key.
        ways: how many distinct plays (card multisets with this reading) of the hand the class holds (≥ 1).
        parts: how its plays are made (:data:`Part`): for each part, ``need`` cards of its ``tokens``, at least
            ``least`` of them natural cards of the hand, the others wild cards.
    """

    combination: str
    stood: tuple[str, ...]
    ways: int
    parts: tuple[Part, ...] = ()


@lru_cache(maxsize=4096)
def _takes(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Sub-multisets of every size k = 0 … all of cards available ``counts`` times each (ways[k])."""
    ways = [1]
    for c in counts:
        new = [0] * (len(ways) + c)
        for total, w in enumerate(ways):
            for take in range(c + 1):
                new[total + take] += w
        ways = new
    return tuple(ways)


def _h(rank: str) -> str:
    """The token a wild standing for ``rank`` is written with in a suit-blind combination."""
    return rank if rank in JOKERS else "H" + rank


class _Hand:
    """One hand at one level, beside one table: what every shape's enumerator reads."""

    def __init__(self, rules: DadunRules, hand: Counter, level: str, table: Reading | None, table_was: str) -> None:
        self.rules, self.hand, self.level = rules, hand, level
        self.table, self.table_was = table, table_was
        self.wild = wild_card(rules, level)
        self.w_max = hand.get(self.wild, 0)
        self.by_rank: dict[str, dict[str, int]] = {}
        in_suit: dict[str, set[str]] = {suit: set() for suit in SUITS}
        for card, n in hand.items():
            if n > 0 and card != self.wild:
                rank = rank_of(card)
                self.by_rank.setdefault(rank, {})[card] = n
                if rank not in JOKERS:
                    in_suit[card[0]].add(rank)
        self.jokers_ok = rules.wild_for_jokers == "allowed"
        self.declarable = list(FACES) + (list(JOKERS) if self.jokers_ok else [])
        self.with_parts = True
        self.copies = {rank: tuple(sorted(cards.values())) for rank, cards in self.by_rank.items()}
        self.totals = {rank: sum(cards.values()) for rank, cards in self.by_rank.items()}
        self.in_suit = {suit: frozenset(ranks) for suit, ranks in in_suit.items()}
        """Suit → the ranks of which the hand holds a natural card of that suit."""
        self.beaten = rules_memo(rules, "class_beats") if table is not None else {}
        self.catalogue: Container[str] = rules.catalogue_order  # the catalogue's names (as keys)
        self._takes: dict[str, tuple[int, ...]] = {}  # rank → ways to take k of its natural cards, k = 0, 1, …
        self._tokens: dict[str, tuple[str, ...]] = {}  # rank → its natural cards held, in string order
        self._held: dict[str, tuple[tuple[str, int], ...]] = {}  # rank → its natural cards with their copies
        self.same_rank: dict[Any, Classes] = rules_memo(rules, "same_rank_classes")
        """(unit, the rank's cards held (:meth:`held`), wild cards, with parts) → the pairs' or triples' class."""

    def forget(self, cards: Iterable[str]) -> None:
        """Count again what the hand holds of ``cards`` (natural cards, none of them the wild card) after it lost
        them: the hand itself is the caller's, already without them (:mod:`.lead_classes`)."""
        hand = self.hand
        for card in cards:
            rank = rank_of(card)
            self._takes.pop(rank, None)
            self._tokens.pop(rank, None)
            self._held.pop(rank, None)
            held = self.by_rank.get(rank, {})
            left = hand.get(card, 0)
            if left > 0:
                held[card] = left
            else:
                held.pop(card, None)
            if held:
                self.by_rank[rank] = held
                self.copies[rank] = tuple(sorted(held.values()))
                self.totals[rank] = sum(held.values())
            else:
                self.by_rank.pop(rank, None)
                self.copies.pop(rank, None)
                self.totals.pop(rank, None)
            if left <= 0 and rank not in JOKERS:
                self.in_suit[card[0]] = self.in_suit[card[0]] - {rank}

    def ok(self, combination: str, stood: tuple[str, ...]) -> bool:
        """Whether the class with this representative is in the catalogue and beats the table (leads always do;
        a follow's answer remembered per rules object: the same classes are asked about at every decision)."""
        if combination not in self.catalogue:
            return False
        if self.table is None:
            return True
        key = (combination, stood, self.level, self.table, self.table_was)
        found = self.beaten.get(key)
        if found is None:
            found = self.beaten[key] = beats(self.rules, reading_of(self.rules, combination, stood, self.level),
                                             self.table, self.level, self.table_was) is None
        return found

    def m(self, rank: str, k: int) -> int:
        """Ways to take ``k`` natural cards of ``rank``."""
        takes = self.takes(rank)
        return takes[k] if k < len(takes) else 0

    def takes(self, rank: str) -> tuple[int, ...]:
        """Ways to take k natural cards of ``rank``, for k = 0 … all of them (:func:`_takes`)."""
        found = self._takes.get(rank)
        if found is None:
            found = self._takes[rank] = _takes(self.copies.get(rank, ()))
        return found

    def parts(self, ranks: Iterable[str], need: int) -> tuple[Part, ...]:
        """:meth:`part` of each of ``ranks`` (``need`` cards of each, none natural at least)."""
        if not self.with_parts:
            return tuple([((), 0, 0) for _ in ranks])
        tokens = self.tokens
        return tuple([(tokens(rank), need, 0) for rank in ranks])

    def tokens(self, rank: str) -> tuple[str, ...]:
        """The natural cards of ``rank`` the hand holds, in string order."""
        found = self._tokens.get(rank)
        if found is None:
            found = self._tokens[rank] = tuple(sorted(self.by_rank.get(rank, {})))
        return found

    def held(self, rank: str) -> tuple[tuple[str, int], ...]:
        """The natural cards of ``rank`` the hand holds with their copies, in string order."""
        found = self._held.get(rank)
        if found is None:
            found = self._held[rank] = tuple(sorted(self.by_rank.get(rank, {}).items()))
        return found

    def part(self, rank: str, need: int, least: int = 0) -> Part:
        """A part of ``need`` cards of ``rank``: its natural cards in the hand, wilds for the rest (an empty part when
        only counting)."""
        if not self.with_parts:
            return ((), 0, 0)
        return (self.tokens(rank), need, least)

    def total(self, rank: str) -> int:
        """Natural cards of ``rank`` in the hand."""
        return self.totals.get(rank, 0)


# ----------------------------------------------------------------------------------------------- shapes
Classes = tuple[PlayClass, ...]
"""One unit's classes (most units: none or one)."""

# Each shape's classes come in *units* (a card, a rank, a window …), each unit naming the cards whose copies its
# classes read: a hand that loses natural cards has new classes only in the units of those cards
# (:mod:`.lead_classes` keeps a hand's lead classes so). A unit's classes may also read the hand's wild cards.
Unit = tuple[Any, frozenset[str]]
"""(key, cards): what one unit of a shape is made from and the card tokens whose natural copies its classes read."""

_NONE: frozenset[str] = frozenset()
_RANK_SET = {rank: frozenset(s + rank for s in SUITS) for rank in FACES} | {j: frozenset((j,)) for j in JOKERS}
"""Rank → its card tokens (a unit of a rank reads them all)."""

_BIT = {rank: 1 << i for i, rank in enumerate(FACES + JOKERS)}
"""Rank → its bit in a set of ranks written as a number (:func:`_bits`)."""


def _bits(ranks: Iterable[str]) -> int:
    """The set of ``ranks`` as a number: the bit of each (:data:`_BIT`)."""
    out = 0
    for rank in ranks:
        out |= _BIT[rank]
    return out


def _unit_memo(h: _Hand, name: str, make: Callable[[], list[Unit]]) -> list[Unit]:
    """The units ``name`` of a shape that depend on the rules and the level only (made once per rules object)."""
    memo = rules_memo(h.rules, "units")
    found = memo.get((name, h.level))
    if found is None:
        found = memo[name, h.level] = make()
    return found


_ALONE: dict[str, frozenset[str]] = {}
"""Card → the set of that card alone (what its single's unit reads; made once)."""


def _alone(card: str) -> frozenset[str]:
    """The set of ``card`` alone (:data:`_ALONE`)."""
    found = _ALONE.get(card)
    if found is None:
        found = _ALONE[card] = frozenset((card,))
    return found


def _single_units(h: _Hand) -> list[Unit]:
    out: list[Unit] = [(card, _alone(card)) for card, n in sorted(h.hand.items()) if n > 0 and card != h.wild]
    if h.w_max:
        out.append((None, _NONE))
    return out


_SINGLE: dict[str, Classes] = {}
"""Card → the class of that natural card alone (the same in every hand that holds it)."""


def _singles(h: _Hand, card: str | None) -> Classes:
    """A natural card alone (``card``), or (``None``) a wild card alone, as itself or what it may stand for
    [wild.alone]."""
    if card is not None:
        if h.hand.get(card, 0) <= 0:
            return ()
        found = _SINGLE.get(card)
        if found is None:
            found = _SINGLE[card] = (PlayClass("single", (card,), 1, (((card,), 1, 1),)),)
        return found if h.ok("single", found[0].stood) else ()
    if not h.w_max:
        return ()
    if h.rules.wild_alone == "level_card":
        if h.ok("single", (h.wild,)):
            return (PlayClass("single", (h.wild,), 1, (((), 1, 0),)),)
        return ()
    return tuple(PlayClass("single", (_h(r),), 1, (((), 1, 0),)) for r in h.declarable if h.ok("single", (_h(r),)))


def _same_rank_ways(h: _Hand, combination: str, size: int, rank: str) -> int:
    """Pairs or triples of ``rank`` with at least one natural card [wild.for_jokers, wild.never_pair_with_joker,
    combinations.dun_also_triple]."""
    n = 0
    for k in range(1, size + 1):
        if size - k > h.w_max:
            continue
        if k < size and rank in JOKERS and (
                not h.jokers_ok or (combination == "pair" and h.rules.wild_never_pair_with_joker)):
            continue
        n += h.m(rank, k)
    if combination == "triple" and not h.rules.dun_also_triple:
        n -= sum(1 for c in h.by_rank.get(rank, {}).values() if c >= 3)
    return n


def _wilds_only(h: _Hand, combination: str, size: int) -> Classes:
    """Pairs or triples of wild cards only [wild.only_wilds]; three wilds that are a dun are never a triple when a dun
    is never a triple [wild.three_wilds_dun, combinations.dun_also_triple]."""
    rules = h.rules
    if h.w_max < size or (combination == "triple" and not rules.dun_also_triple and rules.three_wilds_dun):
        return ()
    if rules.wild_only_wilds == "natural":
        if h.ok(combination, (h.wild,) * size):
            return (PlayClass(combination, (h.wild,) * size, 1, (((), size, 0),)),)
        return ()
    return tuple(PlayClass(combination, (_h(r),) * size, 1, (((), size, 0),)) for r in h.declarable
                 if not (combination == "pair" and r in JOKERS and rules.wild_never_pair_with_joker)
                 and h.ok(combination, (_h(r),) * size))


def _pair_units(h: _Hand) -> list[Unit]:
    def make() -> list[Unit]:
        return [((combination, size, r), _RANK_SET[r] if r else _NONE) for combination, size in (("pair", 2), (
            "triple", 3)) for r in list(FACES) + list(JOKERS) + [""]]
    return _unit_memo(h, "pairs", make)


def _pairs_and_triples(h: _Hand, key: tuple[str, int, str]) -> Classes:
    """Pairs or triples of one rank (``key``: combination, size, rank), or (rank ``""``) of wild cards only."""
    combination, size, r = key
    if not r:
        return _wilds_only(h, combination, size)
    if r not in h.totals:  # no natural card of the rank: none of its pairs or triples
        return ()
    slot = (key, h.held(r), h.w_max, h.with_parts)  # what its ways and parts read (kept per rules object)
    found = h.same_rank.get(slot)
    if found is None:
        ways = _same_rank_ways(h, combination, size, r)
        found = h.same_rank[slot] = (
            PlayClass(combination, (_h(r),) * size, ways, (h.part(r, size, 1),)),) if ways else ()
    return found if found and h.ok(combination, found[0].stood) else ()


def _linked(rules: DadunRules, a: str, b: str, level: str) -> bool:
    """Whether duns of ``a`` and ``b`` may link at ``level`` [combinations.linked_adjacency,
    combinations.ace_two_link, combinations.runs_skip_level]."""
    ra, rb = rank_of(a), rank_of(b)
    if {ra, rb} & set(JOKERS):
        return {ra, rb} == set(JOKERS)
    return ra == rb or rules.linked_step(ra, rb, level) is not None


def _dun_units(h: _Hand) -> list[Unit]:
    """A dun of each card held three times (three wild cards last, when they are a dun), then each linkable two of
    them."""
    duns = sorted(c for c, n in h.hand.items() if n >= 3 and c != h.wild)
    if h.w_max >= 3 and h.rules.three_wilds_dun:
        duns.append(h.wild)
    deps = {c: _NONE if c == h.wild else frozenset((c,)) for c in duns}
    out: list[Unit] = [((c,), deps[c]) for c in duns]
    for i, a in enumerate(duns):
        for b in duns[i + 1:]:
            if _linked(h.rules, a, b, h.level):
                out.append(((a, b), deps[a] | deps[b]))
    return out


def _held_dun(h: _Hand, card: str) -> bool:
    """Whether the hand holds a dun of ``card`` (three wild cards: when they are a dun)."""
    if card == h.wild:
        return h.w_max >= 3 and h.rules.three_wilds_dun
    return h.hand.get(card, 0) >= 3


def _duns(h: _Hand, key: tuple[str, ...]) -> Classes:
    """A dun (``key``: its card) or a linked dun (``key``: the two cards)."""
    if not all(_held_dun(h, c) for c in key):
        return ()
    if len(key) == 1:
        c = key[0]
        if h.ok("dun", (c,) * 3):
            return (PlayClass("dun", (c,) * 3, 1, (((c,), 3, 3),)),)
        return ()
    a, b = key
    if h.ok("linked_dun", (a,) * 3 + (b,) * 3):
        return (PlayClass("linked_dun", (a,) * 3 + (b,) * 3, 1, (((a,), 3, 3), ((b,), 3, 3))),)
    return ()


def _full_house_units(h: _Hand) -> list[Unit]:
    """(triple rank, pair rank, representative) of every full house the rules allow [combinations.catalogue,
    combinations.full_house_adjacency], triple rank then pair rank in FACES order, a joker pair last."""
    rules = h.rules
    return _unit_memo(h, "full_houses", lambda: [
        ((t, p, (_h(t),) * 3 + (_h(p),) * 2), _RANK_SET[t] | _RANK_SET[p]) for t in FACES for p in FACES + JOKERS
        if full_house_pair_ok(rules, t, p)])


@lru_cache(maxsize=4096)
def _full_house_ways(tt: tuple[int, ...], tp: tuple[int, ...], w_max: int, least: int) -> int:
    """Full houses of a triple rank and a pair rank whose natural cards may be taken ``tt[k]`` and ``tp[k]`` ways
    (k cards; :func:`_takes`), at least ``least`` of the pair natural, wild cards (at most ``w_max``) the rest."""
    ways = 0
    for kp in range(least, min(3, len(tp))):  # kp natural cards of the pair, kt of the triple, wilds the rest
        for kt in range(max(0, 5 - w_max - kp), min(4, len(tt))):
            ways += tt[kt] * tp[kp]
    return ways


def _full_house_count(h: _Hand, key: tuple[str, str, tuple[str, ...]]) -> int:
    """The plays of the full house of one triple and pair rank (``key``: the two ranks, the representative): its
    class's ways, 0 when the hand has none (:func:`_full_houses` without making the class)."""
    t, p, stood = key
    totals, w_max = h.totals, h.w_max
    if totals.get(t, 0) + totals.get(p, 0) + w_max < 5:  # fewer than five cards of the two ranks and wilds
        return 0
    ways = _full_house_ways(h.takes(t), h.takes(p), w_max, 2 if p in JOKERS else 0)
    return ways if ways and h.ok("full_house", stood) else 0  # counted first: most full houses are not in a hand


def _full_houses(h: _Hand, key: tuple[str, str, tuple[str, ...]]) -> Classes:
    return _full_house_class(h, key, _full_house_count(h, key))


def _full_house_class(h: _Hand, key: tuple[str, str, tuple[str, ...]], ways: int) -> Classes:
    """The class of the full house ``key`` (:func:`_full_houses`) of ``ways`` plays (its count; none when 0)."""
    if not ways:
        return ()
    t, p, stood = key
    least = 2 if p in JOKERS else 0  # a pair of jokers: natural cards only
    return (PlayClass("full_house", stood, ways, (h.part(t, 3), h.part(p, 2, least))),)


def _window_ways(h: _Hand, ranks: Sequence[str], unit: int) -> int:
    """Selections of ``unit`` cards of each rank of a window, wilds filling gaps."""
    totals, w_max = h.totals, h.w_max
    gaps = 0
    for r in ranks:
        held = totals.get(r, 0)
        if held < unit:
            gaps += unit - held
            if gaps > w_max:
                return 0  # more gaps than wilds
    if not w_max:  # natural cards only: the choices of each rank multiply (each rank holds unit cards at least)
        out = 1
        for r in ranks:
            out *= h.takes(r)[unit]
        return out
    if w_max <= 2:  # the common cases: ways[w] (w wilds used) as scalars
        takes_of = h.takes
        zero, one, two = 1, 0, 0  # selections using 0, 1, 2 wilds so far
        for r in ranks:
            takes = takes_of(r)
            n = len(takes)
            a = takes[unit] if unit < n else 0  # the rank's unit cards all natural
            b = takes[unit - 1] if unit - 1 < n else 0  # one wild
            c = takes[unit - 2] if 2 <= unit <= n + 1 else 0  # two wilds
            zero, one, two = zero * a, one * a + zero * b, two * a + one * b + zero * c
        return zero + one + (two if w_max == 2 else 0)
    ways = [1] + [0] * w_max  # ways[w]: selections using w wilds
    for r in ranks:
        takes = h.takes(r)
        most = min(unit, len(takes) - 1)
        new = [0] * (w_max + 1)
        for used, w in enumerate(ways):
            if w:
                for k in range(max(0, used + unit - w_max), most + 1):
                    new[used + unit - k] += w * takes[k]
        ways = new
    return sum(ways)


def _suit_ways(h: _Hand, ranks: Sequence[str], suit: str) -> int:
    """Selections of one card of ``suit`` per rank or a wild in its place, at most the hand's wilds: the ranks of
    which the hand holds no natural card of the suit take a wild each, and any of the others may take one too."""
    held = h.in_suit[suit]
    w_max = h.w_max
    gaps = 0
    for r in ranks:
        if r not in held:
            gaps += 1
            if gaps > w_max:
                return 0  # more gaps than wilds
    if not w_max:
        return 1  # every card natural, one way
    others = len(ranks) - gaps  # ranks that may take a wild or their natural card
    return sum(comb(others, extra) for extra in range(min(w_max - gaps, others) + 1))


def _run_units(h: _Hand) -> list[Unit]:
    """Straights, pair runs and triple runs: one unit per window [combinations.catalogue, ranking.sequence_order]."""
    def make() -> list[Unit]:
        out: list[Unit] = []
        for combination in ("straight", "pair_run", "triple_run"):
            length, unit = h.rules.sequence(combination)
            if length:
                for ranks in h.rules.windows(length, h.level):
                    stood = tuple(_h(r) for r in ranks for _ in range(unit))
                    out.append(((combination, unit, ranks, stood), frozenset().union(*(_RANK_SET[r] for r in ranks))))
        return out
    return _unit_memo(h, "runs", make)


def _run_count(h: _Hand, key: tuple[str, int, tuple[str, ...], tuple[str, ...]]) -> int:
    """The plays of the run of one window (``key``: combination, cards per rank, the window's ranks, the
    representative): its class's ways, 0 when the hand has none (:func:`_runs` without making the class)."""
    combination, unit, ranks, stood = key
    ways = _window_ways(h, ranks, unit)  # counted first: most windows of a hand have no play
    if ways and combination == "straight" and not h.rules.flush_also_straight:
        for suit in SUITS:
            ways -= _suit_ways(h, ranks, suit)
    return ways if ways and h.ok(combination, stood) else 0


def _runs(h: _Hand, key: tuple[str, int, tuple[str, ...], tuple[str, ...]]) -> Classes:
    """The run of one window (``key``: combination, cards per rank, the window's ranks, the representative)."""
    return _run_class(h, key, _run_count(h, key))


def _run_class(h: _Hand, key: tuple[str, int, tuple[str, ...], tuple[str, ...]], ways: int) -> Classes:
    """The class of the run ``key`` (:func:`_runs`) of ``ways`` plays (its count; none when 0)."""
    if not ways:
        return ()
    combination, unit, ranks, stood = key
    return (PlayClass(combination, stood, ways, h.parts(ranks, unit)),)


FlushKey = tuple[tuple[str, ...], str, int, tuple[str, ...]]
"""(the window's ranks, the suit, the ranks as :func:`_bits`, the representative): a straight flush's unit."""


def _flush_units(h: _Hand) -> list[Unit]:
    def make() -> list[Unit]:
        length, _ = h.rules.sequence("straight_flush")
        if not length:
            return []
        return [((ranks, s, _bits(ranks), tuple(s + r for r in ranks)), frozenset(s + r for r in ranks))
                for ranks in h.rules.windows(length, h.level) for s in SUITS]
    return _unit_memo(h, "flushes", make)


def _flush_counts(h: _Hand, keys: list[FlushKey]) -> list[int]:
    """:func:`_flush_count` of every window and suit of ``keys``, in order, those with more ranks missing from the
    suit than the hand's wild cards (:func:`_suit_ways`' first test) left out at once."""
    w_max = h.w_max
    missing = {suit: ~_bits(ranks) for suit, ranks in h.in_suit.items()}
    return [_flush_count(h, key) if (key[2] & missing[key[1]]).bit_count() <= w_max else 0 for key in keys]


def _flush_count(h: _Hand, key: FlushKey) -> int:
    """The plays of the straight flush of one window and suit (``key``: :data:`FlushKey`): its class's ways, 0 when
    the hand has none (:func:`_straight_flushes` without making the class)."""
    ways = _suit_ways(h, key[0], key[1])  # counted first: most windows and suits of a hand have no play
    return ways if ways and h.ok("straight_flush", key[3]) else 0


def _straight_flushes(h: _Hand, key: FlushKey) -> Classes:
    """The straight flush of one window and suit (``key``: :data:`FlushKey`)."""
    return _flush_class(h, key, _flush_count(h, key))


def _flush_class(h: _Hand, key: FlushKey, ways: int) -> Classes:
    """The class of the straight flush ``key`` (:func:`_straight_flushes`) of ``ways`` plays (its count; none when
    0)."""
    if not ways:
        return ()
    stood, wild = key[3], h.wild
    return (PlayClass("straight_flush", stood, ways, tuple((((c,) if c != wild else ()), 1, 0) for c in stood)),)


def _bomb_units(h: _Hand) -> list[Unit]:
    return _unit_memo(h, "bombs", lambda: [(r, _RANK_SET[r]) for r in FACES])


def _bombs(h: _Hand, r: str) -> Classes:
    total = h.total(r)
    if total + h.w_max < 4:
        return ()
    return tuple(_bomb_sizes(h, r, total))


def _bomb_sizes(h: _Hand, r: str, total: int) -> Iterator[PlayClass]:
    for size in range(4, total + h.w_max + 1):
        if h.rules.ladder_step("bomb", size) is None or not h.ok("bomb", (_h(r),) * size):
            continue
        ways = sum(h.m(r, k) for k in range(max(1, size - h.w_max), min(size, total) + 1))
        if ways:
            yield PlayClass("bomb", (_h(r),) * size, ways, (h.part(r, size, 1),))


def _linked_bomb_ways(h: _Hand, a: str, b: str, ha: int, hb: int) -> int:
    ta, tb = h.total(a), h.total(b)
    return sum(h.m(a, ka) * h.m(b, kb)
               for ka in range(max(0, ha - h.w_max), min(ha, ta) + 1)
               for kb in range(max(0, hb - h.w_max), min(hb, tb) + 1)
               if (ha - ka) + (hb - kb) <= h.w_max)


def _linked_bomb_units(h: _Hand) -> list[Unit]:
    return _unit_memo(h, "linked_bombs", lambda: [
        ((a, b), _RANK_SET[a] | _RANK_SET[b]) for a, b, _ in h.rules.linked_steps(h.level)])


def _linked_bombs(h: _Hand, key: tuple[str, str]) -> Classes:
    a, b = key
    ta, tb = h.total(a), h.total(b)
    if ta + tb + h.w_max < 8:
        return ()
    return tuple(_linked_bomb_sizes(h, a, b, ta, tb))


def _linked_bomb_sizes(h: _Hand, a: str, b: str, ta: int, tb: int) -> Iterator[PlayClass]:
    rules = h.rules
    for ha in range(4, ta + h.w_max + 1):
        for hb in range(4, tb + h.w_max + 1):
            if (ha + hb) - min(ha, ta) - min(hb, tb) > h.w_max:
                continue
            if rules.linked_bomb_halves == "equal" and ha != hb:
                continue
            stood = (_h(a),) * ha + (_h(b),) * hb
            if rules.ladder_step("linked_bomb", 2 * min(ha, hb)) is None or not h.ok("linked_bomb", stood):
                continue
            ways = _linked_bomb_ways(h, a, b, ha, hb)
            if ways:
                yield PlayClass("linked_bomb", stood, ways, (h.part(a, ha), h.part(b, hb)))


_JOKER_UNITS: list[Unit] = [(None, frozenset(JOKERS))]


def _joker_bombs(h: _Hand, key: None) -> Classes:
    """The four jokers, two big and two small (天王炸), when the catalogue has them [combinations.catalogue]: one
    play (identical copies), never with a wild."""
    stood = ("BJ", "BJ", "LJ", "LJ")
    if h.hand.get("BJ", 0) >= 2 and h.hand.get("LJ", 0) >= 2 and h.ok("joker_bomb", stood):
        return (PlayClass("joker_bomb", stood, 1, ((("BJ",), 2, 2), (("LJ",), 2, 2))),)
    return ()


class Shape(NamedTuple):
    """One shape of the catalogue's plays: its units for a hand (:data:`Unit`, in a fixed order; ``fixed``: the
    same for every hand of one rules object and level), the classes of one unit (none when the hand has no play
    of it) and the one combination every class of a unit has (``makes``: that of every unit, or read from the
    unit's key; what :func:`unit_spans` groups by).

    ``count_of``, when given, counts the plays of one unit without making its classes (the sum of their ways, 0 for
    none): :mod:`.lead_classes` counts every unit so and makes a unit's classes only when one is drawn, listed or
    compared with a table. ``count_at_once``, when given, counts many units at once (the same as ``count_of`` unit by
    unit, a list in order), cheaper: a screen leaves out at once the units the hand cannot have a play of (a hand's
    first work-out). ``build``, when given, makes the one class of a unit from its count (the same as ``make``,
    without counting again): a unit of such a shape has one class at most, its representative the last item of
    the unit's key."""

    name: str
    units: Callable[[_Hand], list[Unit]]
    make: Callable[[_Hand, Any], Classes]
    fixed: bool
    makes: str | Callable[[Any], str]
    count_of: Callable[[_Hand, Any], int] | None = None
    count_at_once: Callable[[_Hand, list[Any]], list[int]] | None = None
    build: Callable[[_Hand, Any, int], Classes] | None = None


def _first(key: Any) -> str:
    """The combination a unit's key names first (pairs and triples, runs)."""
    return str(key[0])


def _dun_or_linked(key: tuple[str, ...]) -> str:
    """A dun's unit (one card) or a linked dun's (two cards)."""
    return "dun" if len(key) == 1 else "linked_dun"


SINGLES, PAIRS, DUNS, FULL_HOUSES, RUNS, FLUSHES, BOMBS, LINKED_BOMBS, JOKER_BOMBS = SHAPES = (
    Shape("singles", _single_units, _singles, False, "single"),
    Shape("pairs", _pair_units, _pairs_and_triples, True, _first),
    Shape("duns", _dun_units, _duns, False, _dun_or_linked),
    Shape("full_houses", _full_house_units, _full_houses, True, "full_house", _full_house_count, None,
          _full_house_class),
    Shape("runs", _run_units, _runs, True, _first, _run_count, None, _run_class),
    Shape("flushes", _flush_units, _straight_flushes, True, "straight_flush", _flush_count, _flush_counts,
          _flush_class),
    Shape("bombs", _bomb_units, _bombs, True, "bomb"),
    Shape("linked_bombs", _linked_bomb_units, _linked_bombs, True, "linked_bomb"),
    Shape("joker_bombs", lambda h: _JOKER_UNITS, _joker_bombs, True, "joker_bomb"))
"""The shapes of the catalogue, in the order their classes come."""


_ONE_PLACE = [frozenset((i,)) for i in range(64)]
"""The sets of one place among a shape's units (most cards of a hand are read by one single's unit alone)."""


def _places(places: list[int]) -> frozenset[int]:
    """The set of ``places`` (one of :data:`_ONE_PLACE` for one of them)."""
    if len(places) == 1 and places[0] < len(_ONE_PLACE):
        return _ONE_PLACE[places[0]]
    return frozenset(places)


def units_by_card(shape: Shape, h: _Hand) -> tuple[list[Any], dict[str, frozenset[int]]]:
    """The keys of the units of ``shape`` in the hand ``h`` (:data:`Unit`) and, card token → the places (among them)
    of those that read its natural copies (kept per rules object and level for a ``fixed`` shape)."""
    memo = rules_memo(h.rules, "units_by_card") if shape.fixed else None
    found = memo.get((shape.name, h.level)) if memo is not None else None
    if found is None:
        units = shape.units(h)
        by_card: dict[str, list[int]] = {}
        for i, (_, cards) in enumerate(units):
            for card in cards:
                by_card.setdefault(card, []).append(i)
        found = ([key for key, _ in units], {card: _places(places) for card, places in by_card.items()})
        if memo is not None:
            memo[shape.name, h.level] = found
    return found


Span = tuple[str, int, int]
"""(combination, first, past the last): consecutive units of one shape whose classes have that combination."""


def unit_spans(shape: Shape, h: _Hand, keys: list[Any]) -> tuple[tuple[Span, ...], list[int]]:
    """The units of ``shape`` (their ``keys``, :func:`units_by_card`) cut into spans of one combination each
    (:data:`Span`, in order; :attr:`Shape.makes`) and, per unit, the place of its span (kept per rules object and
    level for a ``fixed`` shape)."""
    memo = rules_memo(h.rules, "unit_spans") if shape.fixed else None
    found = memo.get((shape.name, h.level)) if memo is not None else None
    if found is None:
        makes = shape.makes
        if isinstance(makes, str):  # one combination: one span
            return ((makes, 0, len(keys)),) if keys else (), [0] * len(keys)
        spans: list[Span] = []
        span_of: list[int] = []
        for i, key in enumerate(keys):
            combination = makes(key)
            if not spans or spans[-1][0] != combination:
                spans.append((combination, i, i + 1))
            else:
                spans[-1] = (combination, spans[-1][1], i + 1)
            span_of.append(len(spans) - 1)
        found = (tuple(spans), span_of)
        if memo is not None:
            memo[shape.name, h.level] = found
    return found


def shape_classes(shape: Shape, h: _Hand) -> Iterator[PlayClass]:
    """Every class of ``shape`` in the hand ``h``, unit by unit."""
    make = shape.make
    for key, _ in shape.units(h):
        yield from make(h, key)


def play_classes(rules: DadunRules, hand: Counter, level: str, table: Reading | None = None,
                 table_was: str = "round_opening", *, with_parts: bool = True) -> Iterator[PlayClass]:
    """Every class of legal plays of ``hand`` (card → copies) at ``level``: beating ``table`` when one is given
    (``table_was``: ``hand_opening`` | ``round_opening`` | ``follow``), in a fixed order (shape, then rank or
    window); classes with no play are left out [combinations.*, wild.*, beating.*]. ``with_parts=False``: the
    classes' parts are not filled in (counting only)."""
    h = _Hand(rules, hand, level, table, table_was)
    h.with_parts = with_parts
    for shape in SHAPES:
        yield from shape_classes(shape, h)


def count_plays(rules: DadunRules, hand: Counter, level: str, table: Reading | None = None,
                table_was: str = "round_opening") -> Counter:
    """Legal plays of ``hand`` by combination (distinct (cards, reading) pairs): combination → count (no zeros)."""
    out: Counter = Counter()
    for found in play_classes(rules, hand, level, table, table_was, with_parts=False):
        out[found.combination] += found.ways
    return +out


SHAPE_OF: dict[str, Shape] = {
    "single": SINGLES, "pair": PAIRS, "triple": PAIRS, "dun": DUNS, "linked_dun": DUNS, "full_house": FULL_HOUSES,
    "straight": RUNS, "pair_run": RUNS, "triple_run": RUNS, "straight_flush": FLUSHES, "bomb": BOMBS,
    "linked_bomb": LINKED_BOMBS, "joker_bomb": JOKER_BOMBS}
"""The shape of :data:`SHAPES` that makes each combination of the catalogue."""
