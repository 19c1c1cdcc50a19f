"""Every distinct legal play of a hand (cards multiset + canonical reading), for legal_play_count, bots and the
state API.

Candidates are built by shape (same rank, duns, full houses, runs, linked bombs) from the hand's counts, with wild
cards filling gaps, then read by :func:`.combinations.readings`; a play is counted once per (cards, reading).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import product

from ..climbing.cardset import FACES, JOKERS, SUITS, rank_of, sort_cards
from .combinations import SEQ_LENGTH, SEQ_UNIT, TIER, Reading, beats, readings, wild_card
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


def candidates(rules: DadunRules, hand: Counter, level: str, wanted: set[str] | None = None) -> set[tuple[str, ...]]:
    """Card multisets (sorted tuples) that may form a combination of ``wanted`` (all when None)."""
    wild = wild_card(rules, level)
    w_max = hand.get(wild, 0)
    by_rank = _by_rank(hand, wild)
    out: set[tuple[str, ...]] = set()
    want = (lambda c: True) if wanted is None else (lambda c: c in wanted)

    def add(cards: list[str] | tuple[str, ...]) -> None:
        out.add(tuple(sorted(cards)))

    if want("single"):
        for card, n in hand.items():
            if n:
                add([card])
    if want("pair") or want("triple") or want("bomb"):
        sizes = [s for s, c in ((2, "pair"), (3, "triple")) if want(c)]
        if want("bomb"):
            sizes += list(range(4, 16))
        for r, counts in by_rank.items():
            total = sum(counts.values())
            for size in sizes:
                for w in range(0, min(w_max, size) + 1):
                    k = size - w
                    if k < 1 or k > total:
                        continue
                    for sub in _submultisets(counts, k):
                        add(list(sub) + [wild] * w)
        for size in sizes:
            if 2 <= size <= w_max:
                add([wild] * size)
    if want("dun") or want("linked_dun") or want("triple"):
        duns = [c for c, n in hand.items() if n >= 3]
        for c in duns:
            add([c] * 3)
        if want("linked_dun"):
            for i, a in enumerate(duns):
                for b in duns[i + 1:]:
                    add([a] * 3 + [b] * 3)
    if want("full_house") and w_max + sum(sum(c.values()) for c in by_rank.values()) >= 5:
        for t in FACES:
            for p in FACES:
                if t == p:
                    continue
                tc, pc = by_rank.get(t, {}), by_rank.get(p, {})
                for kt in range(0, 4):
                    for kp in range(0, 3):
                        w = 5 - kt - kp
                        if w > w_max or kt > sum(tc.values()) or kp > sum(pc.values()):
                            continue
                        for st in _submultisets(tc, kt):
                            for sp in _submultisets(pc, kp):
                                add(list(st) + list(sp) + [wild] * w)
    for comb in ("straight", "straight_flush", "pair_run", "triple_run"):
        if not want(comb):
            continue
        length, unit = SEQ_LENGTH[comb], SEQ_UNIT[comb]
        for start in range(0, 14 - length + 1):
            ranks = ["A" if p in (0, 13) else FACES[p - 1] for p in range(start, start + length)]
            options = []
            for r in ranks:
                counts = by_rank.get(r, {})
                opts = [(sub, unit - len(sub)) for k in range(0, unit + 1) for sub in _submultisets(counts, k)]
                options.append(opts)
            for choice in product(*options):
                w = sum(x[1] for x in choice)
                if w <= w_max:
                    add([c for sub, _ in choice for c in sub] + [wild] * w)
    if want("linked_bomb"):
        order = rules.linked_order
        for i in range(len(order) - 1):
            a, b = order[i], order[i + 1]
            ac, bc = by_rank.get(a, {}), by_rank.get(b, {})
            na, nb = sum(ac.values()), sum(bc.values())
            if na + nb + w_max < 8:
                continue
            for ka in range(0, na + 1):
                for kb in range(0, nb + 1):
                    for w in range(0, w_max + 1):
                        if ka + kb + w < 8:
                            continue
                        for sa in _submultisets(ac, ka):
                            for sb in _submultisets(bc, kb):
                                add(list(sa) + list(sb) + [wild] * w)
    return out


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
