"""legal_play_count of 打墩 Dadun by counting, not listing: for each class of readings (a rank, a run window and
suit, a triple and pair rank, a bomb size …) the number of card multisets of the hand that have it, times whether
its representative beats the table. Agrees with :func:`.plays.legal_plays` (tests compare both with a brute-force
counter) [combinations.*, wild.*, beating.*]."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from ..climbing.cardset import FACES, JOKERS, SUITS, rank_of
from .combinations import Reading, beats, wild_card
from .rules import DadunRules


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


def count_plays(rules: DadunRules, hand: Counter, level: str, table: Reading | None = None,
                table_was: str = "round_opening") -> Counter:
    """Legal plays of ``hand`` by combination (distinct (cards, reading) pairs)."""
    wild = wild_card(rules, level)
    w_max = hand.get(wild, 0)
    by_rank: dict[str, dict[str, int]] = {}
    for card, n in hand.items():
        if n > 0 and card != wild:
            by_rank.setdefault(rank_of(card), {})[card] = n
    out: Counter = Counter()

    def ok(comb: str, stood: tuple[str, ...]) -> bool:
        return table is None or beats(rules, Reading(comb, stood), table, level, table_was) is None

    def m(rank: str, k: int) -> int:
        counts = by_rank.get(rank)
        if not counts:
            return int(k == 0)
        return _sub(tuple(sorted(counts.values())), k)

    def h(rank: str) -> str:
        return rank if rank in JOKERS else "H" + rank

    jokers_ok = rules.wild_for_jokers == "allowed"
    # singles
    for card, n in hand.items():
        if n > 0 and card != wild and ok("single", (card,)):
            out["single"] += 1
    if w_max:
        if rules.wild_alone == "level_card":
            out["single"] += int(ok("single", (wild,)))
        else:
            for r in list(FACES) + (list(JOKERS) if jokers_ok else []):
                out["single"] += int(ok("single", (h(r),)))
    # pairs and triples of a rank
    for comb, size in (("pair", 2), ("triple", 3)):
        for r in list(FACES) + list(JOKERS):
            if not ok(comb, (h(r),) * size):
                continue
            counts = by_rank.get(r, {})
            n = 0
            for k in range(1, size + 1):
                if size - k > w_max:
                    continue
                if k < size and r in JOKERS and (not jokers_ok or (comb == "pair" and rules.wild_never_pair_with_joker)):
                    continue
                n += m(r, k)
            if comb == "triple" and not rules.dun_also_triple:
                n -= sum(1 for c in counts.values() if c >= 3)
            if r in JOKERS and size - 0 <= 3:
                # a joker pair/triple must be one joker: mixed jokers never share a rank here
                pass
            out[comb] += n
        # wilds only
        if w_max >= size:
            if rules.wild_only_wilds == "natural":
                if ok(comb, (wild,) * size) and not (comb == "triple" and not rules.dun_also_triple
                                                     and rules.three_wilds_dun):
                    out[comb] += 1
            else:
                for r in list(FACES) + (list(JOKERS) if jokers_ok else []):
                    if comb == "pair" and r in JOKERS and rules.wild_never_pair_with_joker:
                        continue
                    if comb == "triple" and not rules.dun_also_triple and r == level and rules.three_wilds_dun:
                        continue
                    out[comb] += int(ok(comb, (h(r),) * size))
    # duns and linked duns
    duns = [c for c, n in hand.items() if n >= 3 and c != wild]
    if w_max >= 3 and rules.three_wilds_dun:
        duns.append(wild)
    for c in duns:
        out["dun"] += int(ok("dun", (c,) * 3))
    order = rules.linked_order
    for i, a in enumerate(duns):
        for b in duns[i + 1:]:
            ra, rb = rank_of(a), rank_of(b)
            if {ra, rb} & set(JOKERS):
                linked = {ra, rb} == set(JOKERS)
            else:
                linked = ra == rb or abs(order.index(ra) - order.index(rb)) == 1
            if linked and ok("linked_dun", (a,) * 3 + (b,) * 3):
                out["linked_dun"] += 1
    # full houses
    for t in FACES:
        for p in FACES:
            if t == p or not _adjacent(rules, t, p) or not ok("full_house", (h(t),) * 3 + (h(p),) * 2):
                continue
            for kt in range(0, 4):
                for kp in range(0, 3):
                    if 5 - kt - kp <= w_max:
                        out["full_house"] += m(t, kt) * m(p, kp)
    # runs
    for comb, length, unit in (("straight", 5, 1), ("pair_run", 3, 2), ("triple_run", 3, 3)):
        for start in range(0, 14 - length + 1):
            ranks = ["A" if q in (0, 13) else FACES[q - 1] for q in range(start, start + length)]
            if not ok(comb, tuple(h(r) for r in ranks for _ in range(unit))):
                continue
            ways = [1] + [0] * w_max  # ways[w]: selections using w wilds
            for r in ranks:
                new = [0] * (w_max + 1)
                for used in range(w_max + 1):
                    if ways[used]:
                        for k in range(0, unit + 1):
                            if used + unit - k <= w_max:
                                new[used + unit - k] += ways[used] * m(r, k)
                ways = new
            n = sum(ways)
            if comb == "straight" and not rules.flush_also_straight:
                n -= _one_suit(ranks, hand, wild, w_max)
            out[comb] += n
        if comb == "straight":
            for start in range(0, 10):
                ranks = ["A" if q in (0, 13) else FACES[q - 1] for q in range(start, start + 5)]
                for s in SUITS:
                    if ok("straight_flush", tuple(s + r for r in ranks)):
                        out["straight_flush"] += _suit_ways(ranks, s, hand, wild, w_max)
    # bombs
    for r in FACES:
        total = sum(by_rank.get(r, {}).values())
        for size in range(4, total + w_max + 1):
            if rules.ladder_step("bomb", size) is None or not ok("bomb", (h(r),) * size):
                continue
            out["bomb"] += sum(m(r, k) for k in range(max(1, size - w_max), min(size, total) + 1))
    # linked bombs
    for i in range(len(order) - 1):
        a, b = order[i], order[i + 1]
        ta, tb = sum(by_rank.get(a, {}).values()), sum(by_rank.get(b, {}).values())
        if ta + tb + w_max < 8:
            continue
        for ha in range(4, ta + w_max + 1):
            for hb in range(4, tb + w_max + 1):
                if (ha + hb) - min(ha, ta) - min(hb, tb) > w_max:
                    continue
                if rules.linked_bomb_halves == "equal" and ha != hb:
                    continue
                if rules.ladder_step("linked_bomb", 2 * min(ha, hb)) is None:
                    continue
                if not ok("linked_bomb", (h(a),) * ha + (h(b),) * hb):
                    continue
                for ka in range(max(0, ha - w_max), min(ha, ta) + 1):
                    for kb in range(max(0, hb - w_max), min(hb, tb) + 1):
                        if (ha - ka) + (hb - kb) <= w_max:
                            out["linked_bomb"] += m(a, ka) * m(b, kb)
    return +out


def _adjacent(rules: DadunRules, a: str, b: str) -> bool:
    if "A" in (a, b):
        return (b if a == "A" else a) in rules.full_house_ace
    return abs(FACES.index(a) - FACES.index(b)) == 1


def _suit_ways(ranks: list[str], suit: str, hand: Counter, wild: str, w_max: int) -> int:
    """Selections of one card of ``suit`` per rank (or a wild), with at least one natural card."""
    ways = [1] + [0] * w_max
    for r in ranks:
        have = 1 if hand.get(suit + r, 0) > 0 and suit + r != wild else 0
        new = [0] * (w_max + 1)
        for used in range(w_max + 1):
            if ways[used]:
                new[used] += ways[used] * have
                if used + 1 <= w_max:
                    new[used + 1] += ways[used]
        ways = new
    return sum(ways)


def _one_suit(ranks: list[str], hand: Counter, wild: str, w_max: int) -> int:
    return sum(_suit_ways(ranks, s, hand, wild, w_max) for s in SUITS)
