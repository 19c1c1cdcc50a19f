"""Every distinct legal play of a hand (cards multiset + canonical reading), for legal_play_count, bots and the
state API.

Candidates are built by shape (same rank, duns, full houses, runs, linked bombs) from the hand's counts, with wild
cards filling gaps, then read by :func:`.combinations.readings`; a play is counted once per (cards, reading).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
import random
from functools import lru_cache
from itertools import product

from ..cards import ALL_CARDS
from ..climbing.cardset import FACES, rank_of, sort_cards
from .combinations import TIER, Reading, beats, key, power, readings, table_is_led, wild_card
from .rules import DadunRules


def _submultisets(counts: dict[str, int], size: int) -> Iterator[tuple[str, ...]]:
    """Every sub-multiset of exactly ``size`` cards of ``counts`` (card → available copies)."""
    cards = sorted(counts)

    def rec(i: int, left: int, acc: list[str]) -> Iterator[tuple[str, ...]]:
        if left == 0:
            yield tuple(acc)
            return
        if i == len(cards):
            return
        card = cards[i]
        for k in range(min(counts[card], left), -1, -1):
            yield from rec(i + 1, left - k, acc + [card] * k)

    yield from rec(0, size, [])


def _by_rank(hand: Counter, wild: str) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for card, n in hand.items():
        if card != wild and n > 0:
            out.setdefault(rank_of(card), {})[card] = n
    return out


class _Builder:
    """Candidate card multisets of one hand, collected as sorted tuples."""

    def __init__(self, rules: DadunRules, hand: Counter, level: str) -> None:
        self.rules, self.hand = rules, hand
        self.wild = wild_card(rules, level)
        self.w_max = hand.get(self.wild, 0)
        self.by_rank = _by_rank(hand, self.wild)
        self.out: set[tuple[str, ...]] = set()

    def add(self, cards: list[str] | tuple[str, ...], wilds: int = 0) -> None:
        self.out.add(tuple(sorted(list(cards) + [self.wild] * wilds)))

    def total(self, rank: str) -> int:
        return sum(self.by_rank.get(rank, {}).values())


def _singles(b: _Builder, want: Callable[[str], bool]) -> None:
    if want("single"):
        for card, n in b.hand.items():
            if n:
                b.add([card])


def _same_rank(b: _Builder, want: Callable[[str], bool]) -> None:
    sizes = [s for s, c in ((2, "pair"), (3, "triple")) if want(c)]
    if want("bomb"):
        sizes += list(range(4, 16))
    for counts in b.by_rank.values():
        total = sum(counts.values())
        for size in sizes:
            for w in range(0, min(b.w_max, size) + 1):
                if 1 <= size - w <= total:
                    for sub in _submultisets(counts, size - w):
                        b.add(sub, w)
    for size in sizes:
        if 2 <= size <= b.w_max:
            b.add([], size)


def _duns(b: _Builder, want: Callable[[str], bool]) -> None:
    if not (want("dun") or want("linked_dun") or want("triple")):
        return
    duns = [c for c, n in b.hand.items() if n >= 3]
    for c in duns:
        b.add([c] * 3)
    if want("linked_dun"):
        for i, x in enumerate(duns):
            for y in duns[i + 1:]:
                b.add([x] * 3 + [y] * 3)


def _full_houses(b: _Builder, want: Callable[[str], bool]) -> None:
    if not want("full_house") or b.w_max + sum(b.total(r) for r in b.by_rank) < 5:
        return
    for t in FACES:
        for p in FACES:
            if t == p:
                continue
            tc, pc = b.by_rank.get(t, {}), b.by_rank.get(p, {})
            for kt, kp in product(range(4), range(3)):
                w = 5 - kt - kp
                if w > b.w_max or kt > b.total(t) or kp > b.total(p):
                    continue
                for st in _submultisets(tc, kt):
                    for sp in _submultisets(pc, kp):
                        b.add(st + sp, w)


def _runs(b: _Builder, want: Callable[[str], bool]) -> None:
    for comb in ("straight", "straight_flush", "pair_run", "triple_run"):
        length, unit = b.rules.sequence(comb)
        if not want(comb) or not length:
            continue
        for start in range(0, 14 - length + 1):
            ranks = ["A" if p in (0, 13) else FACES[p - 1] for p in range(start, start + length)]
            options = [[(sub, unit - len(sub)) for k in range(0, unit + 1)
                        for sub in _submultisets(b.by_rank.get(r, {}), k)] for r in ranks]
            for choice in product(*options):
                w = sum(x[1] for x in choice)
                if w <= b.w_max:
                    b.add([c for sub, _ in choice for c in sub], w)


def _linked_bombs(b: _Builder, want: Callable[[str], bool]) -> None:
    if not want("linked_bomb"):
        return
    order = b.rules.linked_order
    for x, y in zip(order, order[1:]):
        xc, yc = b.by_rank.get(x, {}), b.by_rank.get(y, {})
        nx, ny = b.total(x), b.total(y)
        if nx + ny + b.w_max < 8:
            continue
        for kx, ky, w in product(range(nx + 1), range(ny + 1), range(b.w_max + 1)):
            if kx + ky + w < 8:
                continue
            for sx in _submultisets(xc, kx):
                for sy in _submultisets(yc, ky):
                    b.add(sx + sy, w)


_SHAPES = (_singles, _same_rank, _duns, _full_houses, _runs, _linked_bombs)


def candidates(rules: DadunRules, hand: Counter, level: str, wanted: set[str] | None = None) -> set[tuple[str, ...]]:
    """Card multisets (sorted tuples) that may form a combination of ``wanted`` (all when None)."""
    builder = _Builder(rules, hand, level)

    def want(combination: str) -> bool:
        return wanted is None or combination in wanted
    for shape in _SHAPES:
        shape(builder, want)
    return builder.out


def legal_plays(rules: DadunRules, hand: Counter, level: str, table: Reading | None = None,
                table_was: str = "round_opening") -> list[tuple[tuple[str, ...], Reading]]:
    """Every distinct legal play of ``hand``: (cards in notation order, canonical reading), beating ``table`` when
    one is given [play.*, beating.*]; listed in the same order in every run (bots that take the first of equals are
    reproducible)."""
    wanted = None
    if table is not None:
        wanted = {c for c in TIER if TIER[c] > TIER[table.combination] or c == table.combination or (
            TIER[table.combination] >= 1 and TIER[c] == TIER[table.combination])}
        if TIER[table.combination] == 0 and not rules.bombs_beat_ordinary:
            wanted = {table.combination, "dun", "linked_dun"}
    out = []
    for cards in sorted(candidates(rules, hand, level, wanted)):  # a set: sorted, so the order is the same each run
        cards = tuple(sort_cards(cards))
        for reading in readings(rules, cards, level):
            if wanted is not None and reading.combination not in wanted:
                continue
            if table is None or beats(rules, reading, table, level, table_was) is None:
                out.append((cards, reading))
    return out


# ----------------------------------------------------------------------------------------------- random plays
_RANK = {card: rank_of(card) for card in ALL_CARDS}


def random_lead(rules: DadunRules, hand: Counter, level: str, rng: random.Random) -> tuple[list[str], Reading]:
    """The random bot's lead: a card drawn from the hand (notation of the tokens sorted as strings); unless it is the
    wild, every natural copy of its rank when they are 2 to 15 cards with a pair, triple or bomb reading, else the
    card alone as a single [play.*, combinations.*]."""
    cards = sorted(hand.elements())
    card = rng.choice(cards)
    wild = wild_card(rules, level)
    if card != wild:
        rank = _RANK[card]
        same = [c for c in cards if _RANK[c] == rank and c != wild]
        if 2 <= len(same) <= 15:
            for reading in readings(rules, tuple(same), level):
                if reading.combination in ("pair", "triple", "bomb"):
                    return same, reading
    return [card], Reading("single", (card,))


@lru_cache(maxsize=16)
def _ranks_up(level: str) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """(strength when beating, the rank's card tokens in string order) of every rank, weakest first, at ``level``."""
    ranks = list(FACES) + ["LJ", "BJ"]
    out = [(power(r, level, True), tuple(sorted(c for c in ALL_CARDS if _RANK[c] == r))) for r in ranks]
    return tuple(sorted(out))


def random_follow(rules: DadunRules, hand: Counter, level: str, table: Reading,
                  table_was: str) -> tuple[list[str], Reading] | None:
    """The random bot's answer to a single, pair or triple: the lowest same-rank group of the hand that beats it
    (the first cards of the rank in string order), or None (pass) [beating.*, ranking.*]."""
    if table.combination not in ("single", "pair", "triple"):
        return None
    size = len(table.cards)
    floor = key(rules, table, level, not table_is_led(rules, table_was))[0]
    for strength, tokens in _ranks_up(level):
        if strength < floor:
            continue
        held = [card for card in tokens for _ in range(hand.get(card, 0))]
        if len(held) < size:
            continue
        cards = tuple(held[:size])
        for reading in readings(rules, cards, level):
            if reading.combination == table.combination and beats(rules, reading, table, level, table_was) is None:
                return list(cards), reading
    return None
