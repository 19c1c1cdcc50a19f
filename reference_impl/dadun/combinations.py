"""打墩 Dadun combinations: every reading of a set of cards (wild cards included), compare keys and beating.

A reading (:class:`Reading`) says which combination the cards form and what each card stands for (PLAN §5). Wild
cards are the hearts of the level rank [wild.cards]; a wild in a suit-blind combination is written ``H<rank>``, in a
straight flush with the flush's suit (docs/implementers/dadun-operations.md, Conventions). Rules come from
:class:`~.rules.DadunRules`; rule ids in the docstrings.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import product

from ..climbing.cardset import FACES, JOKERS, SUITS, rank_of, sort_key, suit_of
from .rules import DadunRules

ORDINARY = ("single", "pair", "triple", "full_house", "straight", "pair_run", "triple_run")
BOMB_TIER = ("straight_flush", "bomb", "linked_bomb")
TIER = {**{c: 0 for c in ORDINARY}, **{c: 1 for c in BOMB_TIER}, "dun": 2, "linked_dun": 3}
"""Tier of each combination: 0 ordinary, 1 the bomb ladder, 2 dun, 3 linked dun [combinations.catalogue]."""

SEQ_LENGTH = {"straight": 5, "straight_flush": 5, "pair_run": 3, "triple_run": 3}
SEQ_UNIT = {"straight": 1, "straight_flush": 1, "pair_run": 2, "triple_run": 3}


@dataclass(frozen=True)
class Reading:
    """One reading of a play: ``combination`` and ``cards`` (what each played card stands for, aligned with the
    played cards)."""

    combination: str
    cards: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        """``{combination, cards}`` (the notation of PLAN §5)."""
        return {"combination": self.combination, "cards": list(self.cards)}

    def canonical(self, played: tuple[str, ...]) -> tuple:
        """Identity of the play: its combination and the sorted (card, stands-for) pairs."""
        return (self.combination, tuple(sorted(zip(played, self.cards))))


def wild_card(rules: DadunRules, level: str) -> str:
    """The wild card token of ``level`` [wild.cards] (``H8`` at level 8)."""
    return rules.wild_suit + level


def _seq_pos(rank: str) -> list[int]:
    """Positions of a rank in the run order A(low)=0, 2=1 … K=12, A(high)=13."""
    if rank == "A":
        return [0, 13]
    return [FACES.index(rank) + 1]


def _seq_rank(pos: int) -> str:
    return "A" if pos in (0, 13) else FACES[pos - 1]


def _adjacent_full_house(rules: DadunRules, a: str, b: str) -> bool:
    """Whether pair rank ``b`` is adjacent to triple rank ``a`` [combinations.full_house_adjacency]."""
    if a in JOKERS or b in JOKERS or a == b:
        return False
    if "A" in (a, b):
        other = b if a == "A" else a
        return other in rules.full_house_ace
    return abs(FACES.index(a) - FACES.index(b)) == 1


def _linked_adjacent(rules: DadunRules, a: str, b: str) -> bool:
    order = rules.linked_order
    return a in order and b in order and abs(order.index(a) - order.index(b)) == 1


# ----------------------------------------------------------------------------------------------- shapes
def forms(rules: DadunRules, combination: str, stood: tuple[str, ...], level: str) -> bool:
    """Whether cards standing for ``stood`` form ``combination`` as natural cards (no wild rule applied)
    [combinations.*]."""
    n = len(stood)
    ranks = [rank_of(c) for c in stood]
    count = Counter(ranks)
    if combination == "single":
        return n == 1
    if combination in ("pair", "triple"):
        size = 2 if combination == "pair" else 3
        if n != size or len(count) != 1:
            return False
        if ranks[0] in JOKERS and len(set(stood)) != 1:
            return False
        return True
    if combination == "dun":
        return n == 3 and len(set(stood)) == 1
    if combination == "linked_dun":
        cc = Counter(stood)
        if n != 6 or len(cc) != 2 or set(cc.values()) != {3}:
            return False
        a, b = sorted(cc, key=sort_key)
        ra, rb = rank_of(a), rank_of(b)
        if {ra, rb} & set(JOKERS):
            return {ra, rb} == set(JOKERS)
        return ra == rb or _linked_adjacent(rules, ra, rb)
    if any(r in JOKERS for r in ranks):
        return False
    if combination == "full_house":
        if n != 5 or sorted(count.values()) != [2, 3]:
            return False
        t = next(r for r, k in count.items() if k == 3)
        p = next(r for r, k in count.items() if k == 2)
        return _adjacent_full_house(rules, t, p)
    if combination == "bomb":
        return n >= 4 and len(count) == 1 and rules.ladder_step("bomb", n) is not None
    if combination == "linked_bomb":
        if len(count) != 2 or n < 8:
            return False
        (ra, ka), (rb, kb) = sorted(count.items(), key=lambda x: rules.linked_order.index(x[0]))
        if not _linked_adjacent(rules, ra, rb) or min(ka, kb) < 4:
            return False
        if rules.linked_bomb_halves == "equal" and ka != kb:
            return False
        return rules.ladder_step("linked_bomb", 2 * min(ka, kb)) is not None
    if combination in SEQ_LENGTH:
        return _sequence_start(combination, stood) is not None and (
            combination != "straight_flush" or len({suit_of(c) for c in stood}) == 1)
    return False


def _sequence_start(combination: str, stood: tuple[str, ...]) -> int | None:
    """Start position (A low = 0 … 10JQKA = 9 for straights) of a run, or None when the cards are not one."""
    length, unit = SEQ_LENGTH[combination], SEQ_UNIT[combination]
    if len(stood) != length * unit:
        return None
    count = Counter(rank_of(c) for c in stood)
    if any(k != unit for k in count.values()) or len(count) != length:
        return None
    for start in range(0, 14 - length + 1):
        if {_seq_rank(p) for p in range(start, start + length)} == set(count):
            return start
    return None


def excluded(rules: DadunRules, combination: str, played: tuple[str, ...], level: str) -> bool:
    """Readings the catalogue options take away from cards that have a stronger one (readings dadun-dun-also-triple, dadun-flush-also-straight): a bare triple of three
    identical cards that are a dun (combinations.dun_also_triple false), a plain straight of cards that can be a
    straight flush, i.e. whose natural cards share one suit (combinations.flush_also_straight false)."""
    if combination == "triple" and not rules.dun_also_triple and len(set(played)) == 1:
        wild = wild_card(rules, level)
        return played[0] != wild or rules.three_wilds_dun
    if combination == "straight" and not rules.flush_also_straight:
        wild = wild_card(rules, level)
        return len({suit_of(c) for c in played if c != wild}) == 1
    return False


# ----------------------------------------------------------------------------------------------- wild rules
def wild_ok(rules: DadunRules, combination: str, played: tuple[str, ...], stood: tuple[str, ...],
            level: str) -> bool:
    """Whether the wilds of a play are used as the variant allows [wild.*]."""
    wild = wild_card(rules, level)
    wild_at = [i for i, c in enumerate(played) if c == wild]
    if not wild_at:
        return True
    if rules.wild_for_jokers == "never" and any(stood[i] in JOKERS for i in wild_at):
        return False
    all_wild = len(wild_at) == len(played)
    stands_for_self = all(stood[i] == wild for i in wild_at)
    if all_wild and len(played) == 1 and not stands_for_self and rules.wild_alone == "level_card":
        return False
    if all_wild and len(played) > 1 and not stands_for_self and rules.wild_only_wilds == "natural":
        return False
    if combination == "pair" and rules.wild_never_pair_with_joker and any(
            played[i] in JOKERS or stood[i] in JOKERS for i in range(len(played))):
        return False
    if combination in ("dun", "linked_dun"):
        # a dun may hold wilds only as three wilds standing for themselves [wild.three_wilds_dun]
        for card, k in Counter(stood).items():
            idx = [i for i in range(len(played)) if stood[i] == card]
            wilds = [i for i in idx if played[i] == wild]
            if wilds and not (len(wilds) == 3 and card == wild and rules.three_wilds_dun):
                return False
    return True


# ----------------------------------------------------------------------------------------------- readings
def _fill(played: tuple[str, ...], wild: str, values: list[str]) -> tuple[str, ...]:
    """Stood-for cards: non-wilds stand for themselves, wilds take ``values`` (sorted) in order."""
    it = iter(sorted(values, key=sort_key))
    return tuple(next(it) if c == wild else c for c in played)


def _candidates(rules: DadunRules, played: tuple[str, ...], level: str):
    """(combination, stood) pairs that may be readings (checked by :func:`forms` and :func:`wild_ok`)."""
    wild = wild_card(rules, level)
    n = len(played)
    naturals = [c for c in played if c != wild]
    w = n - len(naturals)
    nat_ranks = Counter(rank_of(c) for c in naturals)
    every_rank = list(FACES) + list(JOKERS)

    def token(rank: str, suit: str = "H") -> str:
        return rank if rank in JOKERS else suit + rank

    if w == 0:
        for comb in _BY_SIZE.get(n, _BIG):
            yield comb, played
        return
    if n == 1:
        for r in every_rank:
            yield "single", (token(r),)
        return
    # same rank: pair, triple, bomb
    targets = list(nat_ranks) if nat_ranks else every_rank
    for r in targets:
        if len(nat_ranks) <= 1:
            stood = _fill(played, wild, [token(r)] * w)
            for comb in ("pair", "triple", "bomb"):
                yield comb, stood
    # duns and linked duns: wilds only as themselves
    yield "dun", played
    yield "linked_dun", played
    if w == n:  # wilds only: every reading of the wilds standing for themselves is above; no other shape fits
        return
    if any(r in JOKERS for r in nat_ranks):
        return
    # full house
    if n == 5:
        for t in FACES:
            for p in FACES:
                need = Counter({t: 3, p: 2})
                if t != p and all(nat_ranks[x] <= need[x] for x in nat_ranks) and not (set(nat_ranks) - {t, p}):
                    missing = need - nat_ranks
                    yield "full_house", _fill(played, wild, [token(x) for x in missing.elements()])
    # runs
    for comb in ("straight", "straight_flush", "pair_run", "triple_run"):
        length, unit = SEQ_LENGTH[comb], SEQ_UNIT[comb]
        if n != length * unit:
            continue
        for start in range(0, 14 - length + 1):
            need = Counter({_seq_rank(p): unit for p in range(start, start + length)})
            if set(nat_ranks) - set(need) or any(nat_ranks[x] > need[x] for x in nat_ranks):
                continue
            missing = list((need - nat_ranks).elements())
            if comb == "straight_flush":
                suits = {suit_of(c) for c in naturals}
                if len(suits) == 1:
                    s = suits.pop()
                    yield comb, _fill(played, wild, [s + x for x in missing])
            else:
                yield comb, _fill(played, wild, [token(x) for x in missing])
    # linked bombs
    if n >= 8:
        order = rules.linked_order
        for i in range(len(order) - 1):
            a, b = order[i], order[i + 1]
            if set(nat_ranks) - {a, b}:
                continue
            for ka in range(4, n - 3):
                kb = n - ka
                if nat_ranks[a] <= ka and nat_ranks[b] <= kb:
                    missing = [a] * (ka - nat_ranks[a]) + [b] * (kb - nat_ranks[b])
                    yield "linked_bomb", _fill(played, wild, [token(x) for x in missing])


_BY_SIZE = {1: ("single",), 2: ("pair",), 3: ("triple", "dun"), 4: ("bomb",),
            5: ("full_house", "straight", "straight_flush", "bomb"), 6: ("pair_run", "bomb", "linked_dun"),
            9: ("triple_run", "bomb", "linked_bomb")}
_BIG = ("bomb", "linked_bomb")
_CACHE: dict[int, tuple[DadunRules, dict]] = {}


def readings(rules: DadunRules, cards: list[str] | tuple[str, ...], level: str) -> list[Reading]:
    """Every distinct reading of ``cards`` at ``level``, sorted by catalogue order then stood-for cards
    (docs/implementers/dadun-operations.md, classify) [combinations.*, wild.*]. Cached per rules object."""
    played = tuple(cards)
    entry = _CACHE.get(id(rules))
    if entry is None or entry[0] is not rules:
        entry = _CACHE[id(rules)] = (rules, {})
    memo = entry[1]
    hit = memo.get((played, level))
    if hit is None:
        if len(memo) > 200_000:
            memo.clear()
        hit = memo[(played, level)] = _readings(rules, played, level)
    return list(hit)


def _readings(rules: DadunRules, played: tuple[str, ...], level: str) -> list[Reading]:
    seen: dict[tuple, Reading] = {}
    for comb, stood in _candidates(rules, played, level):
        if comb not in rules.catalogue:
            continue
        if forms(rules, comb, stood, level) and not excluded(rules, comb, played, level) and wild_ok(
                rules, comb, played, stood, level):
            reading = Reading(comb, stood)
            seen.setdefault(reading.canonical(played), reading)
    order = {c: i for i, c in enumerate(rules.catalogue)}
    return sorted(seen.values(), key=lambda r: (order[r.combination], [sort_key(c) for c in r.cards]))


def normalise(rules: DadunRules, played: tuple[str, ...], reading: dict, level: str) -> Reading:
    """A declared reading in canonical form (a wild in a suit-blind combination written ``H<rank>``).

    Raises:
        ValueError: the reading is not ``{combination, cards}`` of the played cards' length.
    """
    if not isinstance(reading, dict) or set(reading) - {"combination", "cards"} or "combination" not in reading:
        raise ValueError(f"a reading is {{combination, cards}}, got {reading!r}")
    stood = reading.get("cards", list(played))
    if not isinstance(stood, list) or len(stood) != len(played):
        raise ValueError(f"reading.cards must name one card per played card ({len(played)}), got {stood!r}")
    from ..climbing.cardset import is_card
    for c in stood:
        if not is_card(c):
            raise ValueError(f"reading.cards: {c!r} is not a card")
    wild = wild_card(rules, level)
    comb = reading["combination"]
    if comb not in ("straight_flush", "dun", "linked_dun"):
        stood = [("H" + rank_of(s) if rank_of(s) not in JOKERS else s) if p == wild else s
                 for p, s in zip(played, stood)]
    values = [s for p, s in zip(played, stood) if p == wild]
    return Reading(str(comb), _fill(played, wild, values) if values else tuple(stood))


def check_declared(rules: DadunRules, played: tuple[str, ...], declared: Reading, level: str) -> str | None:
    """None when the declared reading is one of the play's readings, else ``bad_reading`` or ``wild_misuse``."""
    wild = wild_card(rules, level)
    if declared.combination not in rules.catalogue:
        return "bad_reading"
    if any(p != s for p, s in zip(played, declared.cards) if p != wild):
        return "bad_reading"
    if not forms(rules, declared.combination, declared.cards, level) or excluded(
            rules, declared.combination, played, level):
        return "bad_reading"
    if not wild_ok(rules, declared.combination, played, declared.cards, level):
        return "wild_misuse"
    return None


# ----------------------------------------------------------------------------------------------- keys
def power(rank: str, level: str, promoted: bool) -> int:
    """Strength of a rank: 2 → 0 … A → 12, the level rank 13 when promoted, LJ 14, BJ 15
    [ranking.power_order]."""
    if rank in JOKERS:
        return 14 + JOKERS.index(rank)
    if promoted and rank == level:
        return 13
    return FACES.index(rank)


def key(rules: DadunRules, reading: Reading, level: str, promoted: bool) -> tuple:
    """Compare key of a reading among plays of its kind (higher beats); ``promoted``: the play beats another (level
    rank above A for single, pair, triple, full house) [ranking.level_promotion]."""
    comb, stood = reading.combination, reading.cards
    if comb in ("single", "pair", "triple"):
        return (power(rank_of(stood[0]), level, promoted),)
    count = Counter(rank_of(c) for c in stood)
    if comb == "full_house":
        t = next(r for r, k in count.items() if k == 3)
        p = next(r for r, k in count.items() if k == 2)
        pair_promoted = promoted and rules.full_house_pair == "promoted"
        return (power(t, level, promoted), power(p, level, pair_promoted))
    if comb in SEQ_LENGTH:
        start = _sequence_start(comb, stood)
        assert start is not None
        value: float = start
        if comb == "triple_run" and start == 0 and rules.triple_run_ace == "printed":
            value = 1.5
        if comb == "straight_flush":
            return (rules.ladder_step(comb, 5), value)
        return (value,)
    if comb == "bomb":
        return (rules.ladder_step("bomb", len(stood)), power(rank_of(stood[0]), level, True))
    if comb == "linked_bomb":
        (ra, ka), (rb, kb) = sorted(count.items(), key=lambda x: rules.linked_order.index(x[0]))
        return (rules.ladder_step("linked_bomb", 2 * min(ka, kb)), rules.linked_order.index(ra))
    if comb == "dun":
        return (power(rank_of(stood[0]), level, True),)
    if comb == "linked_dun":
        ranks = sorted({rank_of(c) for c in stood}, key=lambda r: (r in JOKERS, r in FACES and FACES.index(r)))
        if set(ranks) <= set(JOKERS):
            return (10_001,)
        lo, hi = (ranks[0], ranks[-1])
        if lo == hi == level:
            return (10_000,)
        li, hi_i = rules.linked_order.index(lo), rules.linked_order.index(hi)
        adjacent = int(lo != hi)
        if rules.linked_dun_order == "interleaved":
            return (2 * li + adjacent,)
        if rules.linked_dun_order == "higher_rank":
            return (2 * hi_i + adjacent,)
        return (adjacent, li)
    raise ValueError(f"unknown combination {comb}")


def table_is_led(rules: DadunRules, table_was: str) -> bool:
    """Whether a play on the table counts level cards at face value [ranking.lead_means]."""
    if rules.lead_means == "hand_opening":
        return table_was == "hand_opening"
    return table_was in ("hand_opening", "round_opening")


def beats(rules: DadunRules, play: Reading, table: Reading, level: str, table_was: str) -> str | None:
    """None when ``play`` beats ``table``, else ``wrong_type`` or ``not_higher`` [beating.*, ranking.*]."""
    tp, tt = TIER[play.combination], TIER[table.combination]
    if tp == 0:
        if tt != 0 or play.combination != table.combination:
            return "wrong_type"
        led = table_is_led(rules, table_was)
        kp = key(rules, play, level, True)
        kt = key(rules, table, level, not led)
        if led and not rules.level_beats_led_level and play.combination in rules.promoted_types:
            # equal ranks never beat: compare the level rank at face value on both sides
            if kp[0] == 13 and rank_of(table.cards[0]) == level and play.combination != "full_house":
                return "not_higher"
            if play.combination == "full_house" and kp[0] == 13 and power(_triple_rank(table), level, False) == \
                    power(level, level, False):
                kp = key(rules, play, level, False)
        return None if kp > kt else "not_higher"
    if tt == 0:
        if tp == 1 and not rules.bombs_beat_ordinary:
            return "wrong_type"
        return None
    if tp != tt:
        return None if tp > tt else "not_higher"
    return None if key(rules, play, level, True) > key(rules, table, level, True) else "not_higher"


def _triple_rank(reading: Reading) -> str:
    count = Counter(rank_of(c) for c in reading.cards)
    return next(r for r, k in count.items() if k == 3)


def all_card_tokens() -> list[str]:
    """Every distinct card token (52 + 2)."""
    return [s + r for r, s in product(FACES, SUITS)] + list(JOKERS)
