"""打墩 Dadun combinations: every reading of a set of cards (wild cards included), compare keys and beating.

A reading is the climbing games' one :class:`~..climbing.reading.Reading`, made here only (:func:`reading_of`): which
combination the cards form, what each card stands for (``cards``, the action notation of spec/schema/common.schema.json), its tier, key, top rank, length. Wild
cards are the hearts of the level rank [wild.cards]; a wild in a suit-blind combination is written ``H<rank>``, in a
straight flush with the flush's suit (docs/implementers/dadun-operations.md, Conventions). Rules come from
:class:`~.rules.DadunRules`; rule ids in the docstrings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterator
from functools import lru_cache
from typing import NamedTuple, cast

from ..climbing.beating import COMPARE, Tiers, tier_reason
from ..climbing.cardset import FACES, JOKERS, rank_of, sort_key, suit_of
from ..climbing.reading import Reading
from .rules import CATALOGUE, DadunRules

TIERS = ("ordinary", "bomb", "dun", "linked_dun")
"""The catalogue's tiers, weakest first [combinations.catalogue, beating.duns]."""
TIER = {name: TIERS.index(entry["tier"]) for name, entry in CATALOGUE.items()}
"""Tier of each combination as its index in :data:`TIERS`: 0 ordinary, 1 the bomb ladder, 2 dun, 3 linked dun (the
tier every catalogue entry the engine plays gives it)."""

def reading_dict(reading: Reading) -> dict[str, object]:
    """A reading in the protocol's notation: ``{combination, cards}`` (docs/implementers/dadun-operations.md,
    Conventions)."""
    return {"combination": reading.combination, "cards": list(reading.cards)}


def wild_card(rules: DadunRules, level: str) -> str:
    """The wild card token of ``level`` [wild.cards] (``H8`` at level 8)."""
    return rules.wild_suit + level


def full_house_pair_ok(rules: DadunRules, a: str, b: str) -> bool:
    """Whether a pair of rank ``b`` may go with a triple of rank ``a`` in a full house: another rank, adjacent to
    ``a`` unless the catalogue's full house takes a pair of any rank; a pair of jokers only then and when
    ``combinations.full_house_adjacency.jokers`` is ``as_pair``; never a triple of jokers [combinations.catalogue,
    combinations.full_house_adjacency]."""
    if a in JOKERS or a == b:
        return False
    if b in JOKERS:
        return rules.full_house_any_pair and rules.full_house_joker_pair
    if rules.full_house_any_pair:
        return True
    if "A" in (a, b):
        other = b if a == "A" else a
        return other in rules.full_house_ace
    return abs(FACES.index(a) - FACES.index(b)) == 1


def _linked_adjacent(rules: DadunRules, a: str, b: str, level: str) -> bool:
    """Whether ranks ``a`` and ``b`` link at ``level`` [combinations.linked_adjacency, combinations.ace_two_link,
    combinations.runs_skip_level]."""
    return rules.linked_step(a, b, level) is not None


# ----------------------------------------------------------------------------------------------- shapes
def _same_rank(size: int) -> Callable[[DadunRules, tuple[str, ...], str], bool]:
    def check(rules: DadunRules, stood: tuple[str, ...], level: str) -> bool:
        ranks = {rank_of(c) for c in stood}
        if len(stood) != size or len(ranks) != 1:
            return False
        return not (stood[0] in JOKERS and len(set(stood)) != 1)
    return check


def _dun(rules: DadunRules, stood: tuple[str, ...], level: str) -> bool:
    return len(stood) == 3 and len(set(stood)) == 1


def _linked_dun(rules: DadunRules, stood: tuple[str, ...], level: str) -> bool:
    cc = Counter(stood)
    if len(stood) != 6 or len(cc) != 2 or set(cc.values()) != {3}:
        return False
    a, b = sorted(cc, key=sort_key)
    ra, rb = rank_of(a), rank_of(b)
    if {ra, rb} & set(JOKERS):
        return {ra, rb} == set(JOKERS)
    return ra == rb or _linked_adjacent(rules, ra, rb, level)


def _full_house(rules: DadunRules, stood: tuple[str, ...], level: str) -> bool:
    count = Counter(map(rank_of, stood))
    if len(stood) != 5 or sorted(count.values()) != [2, 3]:
        return False
    t = next(r for r, k in count.items() if k == 3)
    p = next(r for r, k in count.items() if k == 2)
    return full_house_pair_ok(rules, t, p)


def _bomb(rules: DadunRules, stood: tuple[str, ...], level: str) -> bool:
    n = len(stood)
    return n >= 4 and len({rank_of(c) for c in stood}) == 1 and rules.ladder_step("bomb", n) is not None


def _linked_bomb(rules: DadunRules, stood: tuple[str, ...], level: str) -> bool:
    count = Counter(map(rank_of, stood))
    if len(count) != 2 or len(stood) < 8 or not set(count) <= set(rules.linked_order):
        return False
    (ra, ka), (rb, kb) = count.items()
    if not _linked_adjacent(rules, ra, rb, level) or min(ka, kb) < 4:
        return False
    if rules.linked_bomb_halves == "equal" and ka != kb:
        return False
    return rules.ladder_step("linked_bomb", 2 * min(ka, kb)) is not None


def _run(combination: str) -> Callable[[DadunRules, tuple[str, ...], str], bool]:
    def check(rules: DadunRules, stood: tuple[str, ...], level: str) -> bool:
        if _sequence_start(rules, combination, stood, level) is None:
            return False
        return combination != "straight_flush" or len({suit_of(c) for c in stood}) == 1
    return check


def _joker_bomb(rules: DadunRules, stood: tuple[str, ...], level: str) -> bool:
    """The catalogue's fixed set of jokers (two big and two small: 天王炸) [combinations.catalogue]."""
    return sorted(stood) == sorted(CATALOGUE["joker_bomb"]["cards"])


_FORMS: dict[str, Callable[[DadunRules, tuple[str, ...], str], bool]] = {
    "single": _same_rank(1), "pair": _same_rank(2), "triple": _same_rank(3), "dun": _dun, "linked_dun": _linked_dun,
    "full_house": _full_house, "bomb": _bomb, "linked_bomb": _linked_bomb, "joker_bomb": _joker_bomb,
    **{name: _run(name) for name in ("straight", "pair_run", "triple_run", "straight_flush")}}
_NO_JOKERS = frozenset(("full_house", "bomb", "linked_bomb", "straight", "pair_run", "triple_run", "straight_flush"))


def forms(rules: DadunRules, combination: str, stood: tuple[str, ...], level: str) -> bool:
    """Whether cards standing for ``stood`` form ``combination`` as natural cards (no wild rule applied)
    [combinations.*]; run lengths come from the catalogue."""
    check = _FORMS.get(combination)
    if check is None:
        return False
    if combination in _NO_JOKERS and any(rank_of(c) in JOKERS for c in stood) and not (
            combination == "full_house" and rules.full_house_joker_pair):  # the pair's jokers: _full_house decides
        return False
    return check(rules, stood, level)


def _sequence_start(rules: DadunRules, combination: str, stood: tuple[str, ...], level: str) -> int | None:
    """Start position (A low = 0 … 10JQKA = 9 for five-card straights) of a run at ``level``, or None when the
    cards are not one [ranking.sequence_order, combinations.runs_skip_level]."""
    length, unit = rules.sequence(combination)
    if not length or len(stood) != length * unit:
        return None
    count = Counter(map(rank_of, stood))
    if any(k != unit for k in count.values()) or len(count) != length:
        return None
    for start, window in enumerate(rules.windows(length, level)):
        if set(window) == set(count):
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
def _lone_wilds_ok(rules: DadunRules, played: tuple[str, ...], stood: tuple[str, ...], wild: str) -> bool:
    """A play of wilds only: standing for other cards only as [wild.alone] and [wild.only_wilds] allow."""
    if all(s == wild for s in stood):
        return True
    if len(played) == 1:
        return rules.wild_alone != "level_card"
    return rules.wild_only_wilds != "natural"


def _dun_wilds_ok(rules: DadunRules, played: tuple[str, ...], stood: tuple[str, ...], wild: str) -> bool:
    """A dun may hold wilds only as three wilds standing for themselves [wild.three_wilds_dun]."""
    for card in set(stood):
        wilds = sum(1 for p, s in zip(played, stood) if s == card and p == wild)
        if wilds and not (wilds == 3 and card == wild and rules.three_wilds_dun):
            return False
    return True


def wild_ok(rules: DadunRules, combination: str, played: tuple[str, ...], stood: tuple[str, ...],
            level: str) -> bool:
    """Whether the wilds of a play are used as the variant allows [wild.*]."""
    wild = wild_card(rules, level)
    wild_at = [i for i, c in enumerate(played) if c == wild]
    if not wild_at:
        return True
    if rules.wild_for_jokers == "never" and any(stood[i] in JOKERS for i in wild_at):
        return False
    if len(wild_at) == len(played) and not _lone_wilds_ok(rules, played, stood, wild):
        return False
    if combination == "pair" and rules.wild_never_pair_with_joker and any(
            p in JOKERS or s in JOKERS for p, s in zip(played, stood)):
        return False
    if combination in ("dun", "linked_dun"):
        return _dun_wilds_ok(rules, played, stood, wild)
    return combination != "joker_bomb"  # the four jokers themselves, never a wild


# ----------------------------------------------------------------------------------------------- readings
def _fill(played: tuple[str, ...], wild: str, values: list[str]) -> tuple[str, ...]:
    """Stood-for cards: non-wilds stand for themselves, wilds take ``values`` (sorted) in order."""
    it = iter(sorted(values, key=sort_key))
    return tuple(next(it) if c == wild else c for c in played)


def _token(rank: str, suit: str = "H") -> str:
    return rank if rank in JOKERS else suit + rank


def _size_fits(rules: DadunRules, combination: str, n: int) -> bool:
    """Whether ``n`` cards can be ``combination`` at all (sizes of the catalogue's shapes)."""
    length, unit = rules.sequence(combination)
    if length:
        return n == length * unit
    sizes = {"single": 1, "pair": 2, "triple": 3, "dun": 3, "full_house": 5, "linked_dun": 6, "joker_bomb": 4}
    if combination in sizes:
        return n == sizes[combination]
    return n >= (4 if combination == "bomb" else 8)


_TWO_RANKS = frozenset(("full_house", "linked_bomb", "straight", "pair_run", "triple_run",
                                     "straight_flush"))
"""Combinations of two ranks or more (runs have at least 2 ranks: :data:`.rules.CATALOGUE`)."""


def _fitting(rules: DadunRules, n: int, one_rank: bool) -> tuple[str, ...]:
    """The catalogue's combinations (catalogue order) that ``n`` cards, of one rank when ``one_rank``, can be
    (memoised per rules object)."""
    memo = rules_memo(rules, "fitting")
    found = memo.get((n, one_rank))
    if found is None:
        found = memo[n, one_rank] = tuple(comb for comb in rules.catalogue if _size_fits(rules, comb, n)
                                          and not (one_rank and comb in _TWO_RANKS))
    return found


class _Wilds:
    """One play with wilds: its natural cards and how many wilds it holds (what the candidate builders read)."""

    def __init__(self, played: tuple[str, ...], wild: str) -> None:
        self.played, self.wild = played, wild
        self.naturals = [c for c in played if c != wild]
        self.w = len(played) - len(self.naturals)
        self.ranks = Counter(map(rank_of, self.naturals))

    def fits(self, need: Counter) -> bool:
        """Whether the natural cards fit within ``need`` (rank → count)."""
        return not (set(self.ranks) - set(need)) and all(self.ranks[x] <= need[x] for x in self.ranks)

    def fill(self, need: Counter, suit: str = "H") -> tuple[str, ...]:
        """Stood-for cards when the wilds take the ranks ``need`` lacks."""
        return _fill(self.played, self.wild, [_token(x, suit) for x in (need - self.ranks).elements()])


def _same_rank_candidates(p: _Wilds) -> Iterator[tuple[str, tuple[str, ...]]]:
    targets = list(p.ranks) if p.ranks else list(FACES) + list(JOKERS)
    if len(p.ranks) > 1:
        return
    for r in targets:
        stood = _fill(p.played, p.wild, [_token(r)] * p.w)
        for comb in ("pair", "triple", "bomb"):
            yield comb, stood


def _full_house_candidates(p: _Wilds, pairs: tuple[str, ...] = FACES) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Full houses the wilds may complete; ``pairs``: the pair's ranks tried (jokers: only a natural pair of them,
    the wilds standing in the triple)."""
    if len(p.played) != 5:
        return
    for t in FACES:
        for q in pairs:
            if q in JOKERS and p.ranks[q] != 2:
                continue
            need = Counter({t: 3, q: 2})
            if t != q and p.fits(need):
                yield "full_house", p.fill(need)


def _run_candidates(rules: DadunRules, p: _Wilds, level: str) -> Iterator[tuple[str, tuple[str, ...]]]:
    for comb in ("straight", "straight_flush", "pair_run", "triple_run"):
        length, unit = rules.sequence(comb)
        if not length or len(p.played) != length * unit:
            continue
        suits = {suit_of(c) for c in p.naturals}
        if comb == "straight_flush" and len(suits) != 1:
            continue
        for window in rules.windows(length, level):
            need = Counter({rank: unit for rank in window})
            if p.fits(need):
                suit = next(iter(suits)) if comb == "straight_flush" else "H"
                assert suit is not None  # no joker comes this far (_candidates)
                yield comb, p.fill(need, suit)


def _linked_bomb_candidates(rules: DadunRules, p: _Wilds, level: str) -> Iterator[tuple[str, tuple[str, ...]]]:
    n = len(p.played)
    if n < 8:
        return
    for a, b, _ in rules.linked_steps(level):
        for ka in range(4, n - 3):
            need = Counter({a: ka, b: n - ka})
            if p.fits(need):
                yield "linked_bomb", p.fill(need)


def _candidates(rules: DadunRules, played: tuple[str, ...], level: str,
                names: Collection[str] | None = None) -> Iterator[tuple[str, tuple[str, ...]]]:
    """(combination, stood) pairs that may be readings (checked by :func:`forms` and :func:`wild_ok`); ``names``:
    only those of these combinations are needed (others may come too), in the same order among themselves."""
    def wanted(*combinations: str) -> bool:
        return names is None or any(c in names for c in combinations)
    wild = wild_card(rules, level)
    if wild not in played:  # natural cards stand for themselves
        for comb in _fitting(rules, len(played), len(set(map(rank_of, played))) == 1):
            yield comb, played
        return
    p = _Wilds(played, wild)
    if len(played) == 1:
        for r in list(FACES) + list(JOKERS):
            yield "single", (_token(r),)
        return
    if wanted("pair", "triple", "bomb"):
        yield from _same_rank_candidates(p)
    yield "dun", played  # duns and linked duns: wilds only as themselves
    yield "linked_dun", played
    if p.w == len(played):
        return  # wilds only: every reading of the wilds standing for themselves is above
    if any(r in JOKERS for r in p.ranks):  # jokers fit no other shape but a full house's natural pair of jokers
        if rules.full_house_joker_pair and wanted("full_house"):
            yield from _full_house_candidates(p, JOKERS)
        return
    if wanted("full_house"):
        yield from _full_house_candidates(p)
    if wanted("straight", "straight_flush", "pair_run", "triple_run"):
        yield from _run_candidates(rules, p, level)
    if wanted("linked_bomb"):
        yield from _linked_bomb_candidates(rules, p, level)


_CACHE: dict[int, tuple[DadunRules, dict[str, dict]]] = {}
_MEMO_SIZE = 200_000
"""Most entries of one memo before it is emptied."""


def rules_memo(rules: DadunRules, name: str) -> dict:
    """The memo ``name`` (a dict the caller fills) of the rules object ``rules``: kept while ``rules`` is the object
    cached under its id, emptied when it outgrows :data:`_MEMO_SIZE` entries."""
    entry = _CACHE.get(id(rules))
    if entry is None or entry[0] is not rules:
        entry = _CACHE[id(rules)] = (rules, {})
    memo = entry[1].get(name)
    if memo is None or len(memo) > _MEMO_SIZE:
        memo = entry[1][name] = {}
    return memo


def readings(rules: DadunRules, cards: list[str] | tuple[str, ...], level: str) -> list[Reading]:
    """Every distinct reading of ``cards`` at ``level``, sorted by catalogue order then stood-for cards
    (docs/implementers/dadun-operations.md, classify) [combinations.*, wild.*]. Cached per rules object."""
    played = tuple(cards)
    memo = rules_memo(rules, "readings")
    hit = memo.get((played, level))
    if hit is None:
        hit = memo[(played, level)] = _readings(rules, played, level)
    return list(hit)


def _readings(rules: DadunRules, played: tuple[str, ...], level: str) -> list[Reading]:
    """:func:`readings` not cached."""
    return readings_among(rules, played, level, None)


def readings_among(rules: DadunRules, cards: list[str] | tuple[str, ...], level: str,
                   names: Collection[str] | None) -> list[Reading]:
    """The readings of ``cards`` at ``level`` whose combination is one of ``names`` (every reading when None), in
    :func:`readings` order; not cached by the cards, but natural cards of one rank read by their class: such a group
    has the combinations of every group of its rank and shape (how many copies of each card, sorted) at any level
    where its cards are natural (kept per rules object), each card standing for itself [combinations.*, wild.*]."""
    played = tuple(cards)
    first = rank_of(played[0]) if played else ""
    if first and all(rank_of(c) == first for c in played) and wild_card(rules, level) not in played:
        memo = rules_memo(rules, "groups")
        group = (first, tuple(sorted(Counter(played).values())))
        found = memo.get(group)
        if found is None:
            found = memo[group] = tuple(reading.combination for reading in _read(rules, played, level, None))
        return [reading_of(rules, name, played, level) for name in found if names is None or name in names]
    return _read(rules, played, level, names)


def _read(rules: DadunRules, played: tuple[str, ...], level: str, names: Collection[str] | None) -> list[Reading]:
    """The distinct readings of ``played`` from its candidates (:func:`_candidates`) whose combination is one of
    ``names`` (all when None), in :func:`readings` order."""
    seen: dict[tuple, tuple[str, tuple[str, ...]]] = {}
    for comb, stood in _candidates(rules, played, level, names):
        if comb not in rules.catalogue or (names is not None and comb not in names):
            continue
        if forms(rules, comb, stood, level) and not excluded(rules, comb, played, level) and wild_ok(
                rules, comb, played, stood, level):
            # one play: its combination and the sorted (card, stands-for) pairs
            seen.setdefault((comb, tuple(sorted(zip(played, stood)))), (comb, stood))
    order = rules.catalogue_order
    found = sorted(seen.values(), key=lambda found: (order[found[0]], [sort_key(c) for c in found[1]]))
    return [reading_of(rules, comb, stood, level) for comb, stood in found]


def normalise(rules: DadunRules, played: tuple[str, ...], reading: dict, level: str) -> tuple[str, tuple[str, ...]]:
    """A declared reading in canonical form: (combination, what each played card stands for), a wild in a
    suit-blind combination written ``H<rank>``, the wilds' values in notation order; a declaration that has a
    non-wild card stand for another card is kept as written (:func:`check_declared` refuses it).

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
    if values and all(p == s for p, s in zip(played, stood) if p != wild):
        return str(comb), _fill(played, wild, values)
    return str(comb), tuple(stood)  # a non-wild declared as another card stays so: check_declared says bad_reading


def check_declared(rules: DadunRules, played: tuple[str, ...], combination: str, stood: tuple[str, ...],
                   level: str) -> str | None:
    """None when the declared reading (``combination``, ``stood``: what each played card stands for, as
    :func:`normalise` gives them) is one of the play's readings, else ``bad_reading`` or ``wild_misuse``."""
    wild = wild_card(rules, level)
    if combination not in rules.catalogue:
        return "bad_reading"
    if any(p != s for p, s in zip(played, stood) if p != wild):
        return "bad_reading"
    if not forms(rules, combination, stood, level) or excluded(rules, combination, played, level):
        return "bad_reading"
    if not wild_ok(rules, combination, played, stood, level):
        return "wild_misuse"
    return None


# ----------------------------------------------------------------------------------------------- keys
def power(rank: str, level: str, promoted: bool) -> int:
    """Strength of a rank: 2 → 0 … A → 12, the level rank 13 when promoted, LJ 14, BJ 15
    [ranking.power_order]."""
    if rank in JOKERS:
        return 14 if rank == "LJ" else 15
    if promoted and rank == level:
        return 13
    return FACES.index(rank)


def key(rules: DadunRules, combination: str, stood: tuple[str, ...], level: str, promoted: bool) -> tuple:
    """Compare key of cards standing for ``stood`` read as ``combination`` among plays of its kind (higher beats);
    ``promoted``: the play beats another (the level rank above A for the combinations of
    ``ranking.level_promotion.applies_to``: single, pair, triple, full house in the bundled variant; always in a dun)
    [ranking.level_promotion]. A reading's :attr:`~..climbing.reading.Reading.key` is this key promoted; the face
    value of a led table is this key not promoted.

    Raises:
        ValueError: a combination the engine does not know.
    """
    comb = combination
    if comb == "dun":
        return (power(rank_of(stood[0]), level, True),)
    promoted = promoted and comb in rules.promoted_types  # ranking.level_promotion.applies_to
    if comb in ("single", "pair", "triple"):
        return (power(rank_of(stood[0]), level, promoted),)
    if comb == "full_house":  # the triple, then the pair unless the catalogue's key is triple_power
        t, p = _full_house_ranks(stood)
        if not rules.full_house_pair_key:
            return (power(t, level, promoted),)
        pair_promoted = promoted and rules.full_house_pair == "promoted"
        return (power(t, level, promoted), power(p, level, pair_promoted))
    if comb in _RUNS:
        return _run_key(rules, comb, stood, level)
    if comb == "joker_bomb":
        return (rules.ladder_step(comb, len(stood)), 0)
    if comb == "bomb":
        return (rules.ladder_step("bomb", len(stood)), power(rank_of(stood[0]), level, True))
    if comb == "linked_bomb":
        count = Counter(map(rank_of, stood))
        (ra, ka), (rb, kb) = count.items()
        step = rules.linked_step(ra, rb, level)
        assert step is not None
        return (rules.ladder_step("linked_bomb", 2 * min(ka, kb)), step[2])
    if comb == "linked_dun":
        return _linked_dun_key(rules, stood, level)
    raise ValueError(f"unknown combination {comb}")


def _full_house_ranks(stood: tuple[str, ...]) -> tuple[str, str]:
    """(triple rank, pair rank) of a full house."""
    count = Counter(map(rank_of, stood))
    return next(r for r, k in count.items() if k == 3), next(r for r, k in count.items() if k == 2)


def _top(rules: DadunRules, combination: str, stood: tuple[str, ...], level: str) -> str:
    """The rank that decides a reading (:attr:`~..climbing.reading.Reading.top`): a same-rank play's rank, a full
    house's triple rank, a run's highest rank at ``level``, the higher rank of a linked dun or linked bomb in the
    linked order, BJ for the joker bomb and the linked dun of jokers."""
    if combination == "full_house":
        return _full_house_ranks(stood)[0]
    if combination in _RUNS:
        length = rules.sequence(combination)[0]
        start = _sequence_start(rules, combination, stood, level)
        assert start is not None
        return rules.windows(length, level)[start][-1]
    ranks = {rank_of(c) for c in stood}
    if len(ranks) == 1:
        return rank_of(stood[0])
    if ranks <= set(JOKERS):
        return "BJ"
    a, b = ranks
    step = rules.linked_step(a, b, level)
    assert step is not None
    return step[1]


def reading_of(rules: DadunRules, combination: str, stood: tuple[str, ...], level: str) -> Reading:
    """The :class:`~..climbing.reading.Reading` of played cards standing for ``stood`` read as ``combination`` at
    ``level`` (the one place a 打墩 reading is made; the cards must form it: :func:`readings`, :func:`check_declared`):
    its catalogue tier, its key as it beats another play (:func:`key` promoted), its top rank (:func:`_top`), its
    length (ranks of a run, 2 for a linked dun or linked bomb, else 1), its count of cards, ``flush`` for a straight
    flush, ``cards`` = ``stood`` [combinations.*, ranking.*].

    Kept per rules object (a reading is immutable).

    Raises:
        ValueError: a combination the engine does not know.
    """
    memo = rules_memo(rules, "reading_of")
    found = memo.get((combination, stood, level))
    if found is None:
        if combination in _RUNS:
            length = rules.sequence(combination)[0]
        else:
            length = 2 if combination in ("linked_dun", "linked_bomb") else 1
        found = memo[combination, stood, level] = Reading(
            combination, TIERS[TIER[combination]], key(rules, combination, stood, level, True),
            _top(rules, combination, stood, level), length, len(stood), combination == "straight_flush", stood)
    return found


def _run_key(rules: DadunRules, comb: str, stood: tuple[str, ...], level: str) -> tuple:
    """A run by its start at ``level`` (A low = 0); a straight flush on the ladder first [combinations.triple_run_ace,
    combinations.runs_skip_level]."""
    start = _sequence_start(rules, comb, stood, level)
    assert start is not None
    value: int | float = start  # a float only for an ace-low triple run printed (mypyc: no int into a float)
    if comb == "triple_run" and start == 0 and rules.triple_run_ace == "printed" and \
            rules.windows(len(set(stood)), level)[0][0] == "A":
        value = 1.5
    if comb == "straight_flush":
        return (rules.ladder_step(comb, len(stood)), value)
    return (value,)


def _linked_dun_key(rules: DadunRules, stood: tuple[str, ...], level: str) -> tuple:
    """Joker duns highest, then two duns of the level rank, then by beating.linked_dun_order."""
    ranks = sorted({rank_of(c) for c in stood}, key=lambda r: (r in JOKERS, r in FACES and FACES.index(r)))
    if set(ranks) <= set(JOKERS):
        return (10_001,)
    lo, hi = (ranks[0], ranks[-1])
    if lo == hi == level:
        return (10_000,)
    step = rules.linked_step(lo, hi, level)
    if step is None:  # two duns of one rank
        li = hi_i = rules.link_base(lo, level)
    else:  # the A below the 2 when A–2 links (base -1)
        li, hi_i = step[2], step[2] + 1
    adjacent = int(lo != hi)
    if rules.linked_dun_order == "interleaved":
        return (2 * li + adjacent,)
    if rules.linked_dun_order == "higher_rank":
        return (2 * hi_i + adjacent,)
    return (adjacent, li)


_RUNS = frozenset(("straight", "pair_run", "triple_run", "straight_flush"))


def table_is_led(rules: DadunRules, table_was: str) -> bool:
    """Whether a play on the table counts level cards at face value [ranking.lead_means]: with ``none`` no play
    does (level cards rank above A in every play, the hand's first lead included)."""
    if rules.lead_means == "none":
        return False
    if rules.lead_means == "hand_opening":
        return table_was == "hand_opening"
    return table_was in ("hand_opening", "round_opening")


@lru_cache(maxsize=4)
def _tiers(bombs_beat_ordinary: bool) -> Tiers:
    """The tiers of the catalogue: duns and linked duns beat ordinary plays, bombs when the variant says so
    [beating.bombs_beat_ordinary, beating.duns]."""
    over = {"dun", "linked_dun"} | ({"bomb"} if bombs_beat_ordinary else set())
    return Tiers(TIERS, frozenset(over), below="not_higher")


def beats(rules: DadunRules, play: Reading, table: Reading, level: str, table_was: str) -> str | None:
    """None when ``play`` beats ``table``, else ``wrong_type`` or ``not_higher`` [beating.*, ranking.*]: the tiers
    first (:func:`..climbing.beating.tier_reason`), then the compare keys of one tier (:func:`beats_target` of
    :func:`beat_target`)."""
    return beats_target(rules, play, beat_target(rules, table, level, table_was))


class BeatTarget(NamedTuple):
    """A table's play as the plays that may beat it are compared with it (:func:`beat_target`; the part of
    :func:`beats` that reads the table alone, worked out once for many plays).

    Attributes:
        table: the table's reading.
        tiers: the catalogue's tiers (:func:`_tiers`).
        led: whether the table counts level cards at face value (:func:`table_is_led`).
        face: an ordinary table's key as a play of its kind must exceed it: its face value when ``led``, else its
            reading's key (None for a bomb-tier table).
        level: the hand's level rank.
    """

    table: Reading
    tiers: Tiers
    led: bool
    face: tuple | None
    level: str


def beat_target(rules: DadunRules, table: Reading, level: str, table_was: str) -> BeatTarget:
    """The table's play ``table`` as plays are compared with it at ``level`` (``table_was``: ``hand_opening`` |
    ``round_opening`` | ``follow``) [beating.*, ranking.lead_means, ranking.level_promotion]."""
    tiers = _tiers(rules.bombs_beat_ordinary)
    led = table_is_led(rules, table_was)
    face = None
    if table.tier == tiers.order[0]:
        face = key(rules, table.combination, table.cards, level, False) if led else _key(table)
    return BeatTarget(table, tiers, led, face, level)


def beats_target(rules: DadunRules, play: Reading, target: BeatTarget) -> str | None:
    """:func:`beats` of ``play`` against the table's play of ``target`` (:func:`beat_target`)."""
    table = target.table
    reason = tier_reason(target.tiers, play.tier, table.tier)
    if reason != COMPARE:
        return reason
    if play.tier == "ordinary":
        return _ordinary_reason(rules, play, target)
    return None if _key(play) > _key(table) else "not_higher"


def _key(reading: Reading) -> tuple:
    """A 打墩 reading's compare key: always a tuple (:func:`key`)."""
    return cast(tuple, reading.key)


def _ordinary_reason(rules: DadunRules, play: Reading, target: BeatTarget) -> str | None:
    """Two ordinary plays: the same combination, and a higher key, a level card promoted above A unless the table was
    led [ranking.level_promotion, ranking.lead_means, ranking.level_beats_led_level, ranking.full_house_pair]."""
    table = target.table
    if play.combination != table.combination:
        return "wrong_type"
    kp = _key(play)
    kt = target.face
    assert kt is not None  # an ordinary table
    if target.led and not rules.level_beats_led_level and play.combination in rules.promoted_types:
        # equal ranks never beat: compare the level rank at face value on both sides
        if kp[0] == 13 and table.top == target.level:
            if play.combination != "full_house":
                return "not_higher"
            kp = key(rules, play.combination, play.cards, target.level, False)
    return None if kp > kt else "not_higher"
