"""Every distinct legal play of a hand (cards multiset + canonical reading) for the state API, and the random
bot's plays.

The plays are those of the hand's play classes (:func:`.count.play_classes`, which also counts them): each class
says which cards make its plays (:attr:`.count.PlayClass.parts`), and each card set is read by
:func:`.combinations.readings`; a play is listed once per (cards, reading).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from itertools import accumulate, product

from ..cards import ALL_CARDS
from ..climbing.cardset import FACES, rank_of, sort_cards, sort_key
from ..climbing.reading import Reading
from .combinations import beats, key, power, reading_of, readings, rules_memo, table_is_led, wild_card
from .count import Part, PlayClass, play_classes
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


def _choices(hand: Counter, part: Part) -> list[tuple[tuple[str, ...], int]]:
    """(natural cards, wilds) that make one part of a class: ``need`` cards, at least ``least`` natural."""
    tokens, need, least = part
    counts = {t: hand[t] for t in tokens if hand.get(t, 0) > 0}
    most = min(need, sum(counts.values()))
    return [(sub, need - k) for k in range(most, least - 1, -1) for sub in _submultisets(counts, k)]


_EXACT = frozenset(("single", "straight_flush", "dun", "linked_dun", "joker_bomb"))
"""Combinations whose classes name each card (the others name ranks only)."""


def _identity(combination: str, stood: tuple[str, ...]) -> object:
    """What every reading of one class shares: its cards (exact combinations) or its ranks."""
    return tuple(sorted(stood)) if combination in _EXACT else Counter(rank_of(c) for c in stood)


def class_plays(rules: DadunRules, hand: Counter, level: str,
                found: PlayClass) -> Iterator[tuple[tuple[str, ...], Reading]]:
    """Every play of the class ``found`` in ``hand``: (cards in notation order, its reading of the class)."""
    wild = wild_card(rules, level)
    want = _identity(found.combination, found.stood)
    for choice in product(*[_choices(hand, part) for part in found.parts]):
        naturals = [c for sub, _ in choice for c in sub]
        wilds = sum(w for _, w in choice)
        if wilds + naturals.count(wild) > hand.get(wild, 0):
            continue
        cards = tuple(sort_cards(naturals + [wild] * wilds))
        for reading in readings(rules, cards, level):
            if reading.combination == found.combination and _identity(reading.combination, reading.cards) == want:
                yield cards, reading
                break


def legal_plays(rules: DadunRules, hand: Counter, level: str, table: Reading | None = None,
                table_was: str = "round_opening") -> list[tuple[tuple[str, ...], Reading]]:
    """Every distinct legal play of ``hand``: (cards in notation order, canonical reading), beating ``table`` when
    one is given [play.*, beating.*]: the plays of every class of :func:`.count.play_classes`, listed in the same
    order in every run (by the cards as sorted strings, then catalogue order, then the reading's cards)."""
    order = rules.catalogue_order
    out = [play for found in play_classes(rules, hand, level, table, table_was)
           for play in class_plays(rules, hand, level, found)]
    return sorted(out, key=lambda p: (tuple(sorted(p[0])), order[p[1].combination], [sort_key(c) for c in p[1].cards]))


# ----------------------------------------------------------------------------------------------- random plays
_RANK = {card: rank_of(card) for card in ALL_CARDS}


def random_lead(rules: DadunRules, hand: Counter, level: str, rng: random.Random) -> tuple[list[str], Reading]:
    """The random bot's lead: a card drawn from the hand (notation of the tokens sorted as strings); unless it is the
    wild, every natural copy of its rank when they are 2 to 15 cards with a pair, triple or bomb reading, else the
    card alone as a single [play.*, combinations.*]."""
    tokens = sorted(card for card, n in hand.items() if n > 0)
    ends = list(accumulate(map(hand.__getitem__, tokens)))  # the copies of sorted(hand.elements()), by token
    card = tokens[bisect_right(ends, rng.choice(range(ends[-1] if ends else 0)))]  # = rng.choice(sorted copies)
    wild = wild_card(rules, level)
    if card != wild:
        same = [c for c in _TOKENS_OF[_RANK[card]] if c != wild for _ in range(hand.get(c, 0))]
        if 2 <= len(same) <= 15:
            for reading in readings(rules, tuple(same), level):
                if reading.combination in ("pair", "triple", "bomb"):
                    return same, reading
    return [card], reading_of(rules, "single", (card,), level)


_TOKENS_OF = {rank: tuple(sorted(c for c in ALL_CARDS if _RANK[c] == rank)) for rank in set(_RANK.values())}
"""Rank → its card tokens in string order."""


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
    get = hand.get
    # what beating a single, pair or triple depends on: its combination, its rank, whether it was led
    slot = (table.combination, _RANK[table.cards[0]], level, table_is_led(rules, table_was))
    memo = rules_memo(rules, "random_follow")
    for tokens in _follow_ranks(rules, memo, slot, table):
        if sum(map(get, tokens, _ZEROS)) < size:
            continue
        cards = tuple([card for card in tokens for _ in range(get(card, 0))][:size])
        reading = _beating_reading(rules, memo, cards, slot, table, table_was)
        if reading is not None:
            return list(cards), reading
    return None


_ZEROS = (0,) * 8
"""Default counts for ``map(hand.get, tokens, _ZEROS)`` (a rank has at most 4 tokens)."""


def _follow_ranks(rules: DadunRules, memo: dict, slot: tuple, table: Reading) -> tuple[tuple[str, ...], ...]:
    """The card tokens (string order) of every rank whose strength when beating reaches the table's, weakest first
    (kept in ``memo``, the rules object's, under ``slot``: (combination, rank, level, led) of the table)."""
    found = memo.get(slot)
    if found is None:
        level = slot[2]
        floor = key(rules, table.combination, table.cards, level, not slot[3])[0]
        found = memo[slot] = tuple(tokens for strength, tokens in _ranks_up(level) if strength >= floor)
    return found


def _beating_reading(rules: DadunRules, memo: dict, cards: tuple[str, ...], slot: tuple, table: Reading,
                     table_was: str) -> Reading | None:
    """The first reading of ``cards`` (:func:`.combinations.readings` order) of the table's combination that beats
    it, or None (kept in ``memo``, the rules object's, under ``cards`` and the table's ``slot``)."""
    found = memo.get((cards, slot), memo)
    if found is memo:
        level = slot[2]
        found = memo[cards, slot] = next((reading for reading in readings(rules, cards, level) if reading.combination
                                          == table.combination and beats(rules, reading, table, level, table_was)
                                          is None), None)
    return found
