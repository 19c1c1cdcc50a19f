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
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

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
def _sub(counts: tuple[int, ...], k: int) -> int:
    """Sub-multisets of size ``k`` of cards available ``counts`` times each."""
    ways = [1] + [0] * k
    for c in counts:
        new = [0] * (k + 1)
        for total in range(k + 1):
            if ways[total]:
                for take in range(0, min(c, k - total) + 1):
                    new[total + take] += ways[total]
        ways = new
    return ways[k]


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
        for card, n in hand.items():
            if n > 0 and card != self.wild:
                self.by_rank.setdefault(rank_of(card), {})[card] = n
        self.jokers_ok = rules.wild_for_jokers == "allowed"
        self.declarable = list(FACES) + (list(JOKERS) if self.jokers_ok else [])
        self.with_parts = True
        self.copies = {rank: tuple(sorted(cards.values())) for rank, cards in self.by_rank.items()}
        self.totals = {rank: sum(cards.values()) for rank, cards in self.by_rank.items()}
        self.in_suit = {suit: frozenset(rank_of(c) for c, n in hand.items() if n > 0 and c != self.wild
                                        and c[0] == suit and rank_of(c) not in JOKERS) for suit in SUITS}
        """Suit → the ranks of which the hand holds a natural card of that suit."""
        self.beaten = rules_memo(rules, "class_beats") if table is not None else {}

    def ok(self, combination: str, stood: tuple[str, ...]) -> bool:
        """Whether the class with this representative is in the catalogue and beats the table (leads always do;
        a follow's answer remembered per rules object: the same classes are asked about at every decision)."""
        if combination not in self.rules.catalogue:
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
        counts = self.copies.get(rank)
        if counts is None:
            return int(k == 0)
        return _sub(counts, k)

    def part(self, rank: str, need: int, least: int = 0) -> Part:
        """A part of ``need`` cards of ``rank``: its natural cards in the hand, wilds for the rest (an empty part when
        only counting)."""
        if not self.with_parts:
            return ((), 0, 0)
        return (tuple(sorted(self.by_rank.get(rank, {}))), need, least)

    def total(self, rank: str) -> int:
        """Natural cards of ``rank`` in the hand."""
        return self.totals.get(rank, 0)


# ----------------------------------------------------------------------------------------------- shapes
def _singles(h: _Hand) -> Iterator[PlayClass]:
    for card, n in sorted(h.hand.items()):
        if n > 0 and card != h.wild and h.ok("single", (card,)):
            yield PlayClass("single", (card,), 1, (((card,), 1, 1),))
    if not h.w_max:
        return
    if h.rules.wild_alone == "level_card":
        if h.ok("single", (h.wild,)):
            yield PlayClass("single", (h.wild,), 1, (((), 1, 0),))
        return
    for r in h.declarable:
        if h.ok("single", (_h(r),)):
            yield PlayClass("single", (_h(r),), 1, (((), 1, 0),))


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


def _wilds_only(h: _Hand, combination: str, size: int) -> Iterator[PlayClass]:
    """Pairs or triples of wild cards only [wild.only_wilds]; three wilds that are a dun are never a triple when a dun
    is never a triple [wild.three_wilds_dun, combinations.dun_also_triple]."""
    rules = h.rules
    if h.w_max < size or (combination == "triple" and not rules.dun_also_triple and rules.three_wilds_dun):
        return
    if rules.wild_only_wilds == "natural":
        if h.ok(combination, (h.wild,) * size):
            yield PlayClass(combination, (h.wild,) * size, 1, (((), size, 0),))
        return
    for r in h.declarable:
        if combination == "pair" and r in JOKERS and rules.wild_never_pair_with_joker:
            continue
        if h.ok(combination, (_h(r),) * size):
            yield PlayClass(combination, (_h(r),) * size, 1, (((), size, 0),))


def _pairs_and_triples(h: _Hand) -> Iterator[PlayClass]:
    for combination, size in (("pair", 2), ("triple", 3)):
        for r in list(FACES) + list(JOKERS):
            if h.ok(combination, (_h(r),) * size):
                ways = _same_rank_ways(h, combination, size, r)
                if ways:
                    yield PlayClass(combination, (_h(r),) * size, ways, (h.part(r, size, 1),))
        yield from _wilds_only(h, combination, size)


def _linked(rules: DadunRules, a: str, b: str, level: str) -> bool:
    """Whether duns of ``a`` and ``b`` may link at ``level`` [combinations.linked_adjacency,
    combinations.ace_two_link, combinations.runs_skip_level]."""
    ra, rb = rank_of(a), rank_of(b)
    if {ra, rb} & set(JOKERS):
        return {ra, rb} == set(JOKERS)
    return ra == rb or rules.linked_step(ra, rb, level) is not None


def _duns(h: _Hand) -> Iterator[PlayClass]:
    duns = sorted(c for c, n in h.hand.items() if n >= 3 and c != h.wild)
    if h.w_max >= 3 and h.rules.three_wilds_dun:
        duns.append(h.wild)
    for c in duns:
        if h.ok("dun", (c,) * 3):
            yield PlayClass("dun", (c,) * 3, 1, (((c,), 3, 3),))
    for i, a in enumerate(duns):
        for b in duns[i + 1:]:
            if _linked(h.rules, a, b, h.level) and h.ok("linked_dun", (a,) * 3 + (b,) * 3):
                yield PlayClass("linked_dun", (a,) * 3 + (b,) * 3, 1, (((a,), 3, 3), ((b,), 3, 3)))


def _full_house_pairs(rules: DadunRules) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """(triple rank, pair rank, representative) of every full house the rules allow [combinations.catalogue,
    combinations.full_house_adjacency], triple rank then pair rank in FACES order, a joker pair last (made once per
    rules object)."""
    memo = rules_memo(rules, "full_house_pairs")
    found = memo.get("pairs")
    if found is None:
        found = memo["pairs"] = tuple((t, p, (_h(t),) * 3 + (_h(p),) * 2) for t in FACES for p in FACES + JOKERS
                                      if full_house_pair_ok(rules, t, p))
    return found


def _full_houses(h: _Hand) -> Iterator[PlayClass]:
    for t, p, stood in _full_house_pairs(h.rules):
        least = 2 if p in JOKERS else 0  # a pair of jokers: natural cards only
        ways = sum(h.m(t, kt) * h.m(p, kp) for kt in range(4) for kp in range(least, 3) if 5 - kt - kp <= h.w_max)
        if ways and h.ok("full_house", stood):  # counted first: most full houses are not in a hand
            yield PlayClass("full_house", stood, ways, (h.part(t, 3), h.part(p, 2, least)))


def _window_ways(h: _Hand, ranks: Sequence[str], unit: int) -> int:
    """Selections of ``unit`` cards of each rank of a window, wilds filling gaps."""
    if sum(max(0, unit - h.total(r)) for r in ranks) > h.w_max:
        return 0  # more gaps than wilds
    ways = [1] + [0] * h.w_max  # ways[w]: selections using w wilds
    for r in ranks:
        new = [0] * (h.w_max + 1)
        for used in range(h.w_max + 1):
            if ways[used]:
                for k in range(0, unit + 1):
                    if used + unit - k <= h.w_max:
                        new[used + unit - k] += ways[used] * h.m(r, k)
        ways = new
    return sum(ways)


def _suit_ways(h: _Hand, ranks: Sequence[str], suit: str) -> int:
    """Selections of one card of ``suit`` per rank (or a wild), with at least one natural card."""
    held = h.in_suit[suit]
    if sum(1 for r in ranks if r not in held) > h.w_max:
        return 0  # more gaps than wilds
    ways = [1] + [0] * h.w_max
    for r in ranks:
        have = 1 if r in held else 0
        new = [0] * (h.w_max + 1)
        for used in range(h.w_max + 1):
            if ways[used]:
                new[used] += ways[used] * have
                if used + 1 <= h.w_max:
                    new[used + 1] += ways[used]
        ways = new
    return sum(ways)


def _runs(h: _Hand) -> Iterator[PlayClass]:
    """Straights, pair runs and triple runs: one class per window [combinations.catalogue, ranking.sequence_order]."""
    for combination in ("straight", "pair_run", "triple_run"):
        length, unit = h.rules.sequence(combination)
        if not length:
            continue
        for ranks in h.rules.windows(length, h.level):
            ways = _window_ways(h, ranks, unit)  # counted first: most windows of a hand have no play
            if combination == "straight" and not h.rules.flush_also_straight and ways:
                ways -= sum(_suit_ways(h, ranks, s) for s in SUITS)
            if not ways:
                continue
            stood = tuple(_h(r) for r in ranks for _ in range(unit))
            if h.ok(combination, stood):
                yield PlayClass(combination, stood, ways, tuple(h.part(r, unit) for r in ranks))


def _straight_flushes(h: _Hand) -> Iterator[PlayClass]:
    length, _ = h.rules.sequence("straight_flush")
    if not length:
        return
    for ranks in h.rules.windows(length, h.level):
        for s in SUITS:
            ways = _suit_ways(h, ranks, s)  # counted first: most windows and suits of a hand have no play
            if not ways:
                continue
            stood = tuple(s + r for r in ranks)
            if h.ok("straight_flush", stood):
                parts = tuple((((c,) if c != h.wild else ()), 1, 0) for c in stood)
                yield PlayClass("straight_flush", stood, ways, parts)


def _bombs(h: _Hand) -> Iterator[PlayClass]:
    for r in FACES:
        total = h.total(r)
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


def _linked_bombs(h: _Hand) -> Iterator[PlayClass]:
    rules = h.rules
    for a, b, _ in rules.linked_steps(h.level):
        ta, tb = h.total(a), h.total(b)
        if ta + tb + h.w_max < 8:
            continue
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


def _joker_bombs(h: _Hand) -> Iterator[PlayClass]:
    """The four jokers, two big and two small (天王炸), when the catalogue has them [combinations.catalogue]: one
    play (identical copies), never with a wild."""
    stood = ("BJ", "BJ", "LJ", "LJ")
    if h.hand.get("BJ", 0) >= 2 and h.hand.get("LJ", 0) >= 2 and h.ok("joker_bomb", stood):
        yield PlayClass("joker_bomb", stood, 1, ((("BJ",), 2, 2), (("LJ",), 2, 2)))


SHAPES: tuple[Callable[[_Hand], Iterator[PlayClass]], ...] = (
    _singles, _pairs_and_triples, _duns, _full_houses, _runs, _straight_flushes, _bombs, _linked_bombs, _joker_bombs)
"""The enumerators of play classes, one per shape of the catalogue."""


def play_classes(rules: DadunRules, hand: Counter, level: str, table: Reading | None = None,
                 table_was: str = "round_opening", *, with_parts: bool = True) -> Iterator[PlayClass]:
    """Every class of legal plays of ``hand`` (card → copies) at ``level``: beating ``table`` when one is given
    (``table_was``: ``hand_opening`` | ``round_opening`` | ``follow``), in a fixed order (shape, then rank or
    window); classes with no play are left out [combinations.*, wild.*, beating.*]. ``with_parts=False``: the
    classes' parts are not filled in (counting only)."""
    h = _Hand(rules, hand, level, table, table_was)
    h.with_parts = with_parts
    for shape in SHAPES:
        yield from shape(h)


def count_plays(rules: DadunRules, hand: Counter, level: str, table: Reading | None = None,
                table_was: str = "round_opening") -> Counter:
    """Legal plays of ``hand`` by combination (distinct (cards, reading) pairs): combination → count (no zeros)."""
    out: Counter = Counter()
    for found in play_classes(rules, hand, level, table, table_was, with_parts=False):
        out[found.combination] += found.ways
    return +out


SHAPE_OF: dict[str, Callable[[_Hand], Iterator[PlayClass]]] = {
    "single": _singles, "pair": _pairs_and_triples, "triple": _pairs_and_triples, "dun": _duns, "linked_dun": _duns,
    "full_house": _full_houses, "straight": _runs, "pair_run": _runs, "triple_run": _runs,
    "straight_flush": _straight_flushes, "bomb": _bombs, "linked_bomb": _linked_bombs, "joker_bomb": _joker_bombs}
"""The enumerator of :data:`SHAPES` that makes each combination of the catalogue."""


def play_classes_among(combinations: frozenset[str], rules: DadunRules, hand: Counter, level: str,
                       table: Reading | None = None, table_was: str = "round_opening", *,
                       with_parts: bool = True) -> Iterator[PlayClass]:
    """:func:`play_classes` from only the shapes that make ``combinations`` (a bot that follows needs the table's
    combination and the bombs, not every shape): every class of those shapes, in the same order; other
    combinations a shape also makes (a pair's enumerator makes triples) may come too."""
    shapes = {SHAPE_OF[c] for c in combinations if c in SHAPE_OF}
    h = _Hand(rules, hand, level, table, table_was)
    h.with_parts = with_parts
    for shape in SHAPES:
        if shape in shapes:
            yield from shape(h)
