"""The random bot's plays in 打墩 Dadun, made without listing the legal plays: a lead of one rank's natural copies
(or a card alone), a follow by the lowest same-rank group that beats a single, pair or triple [play.*, beating.*].

:class:`RandomPlays` keeps, for one rules object at one level, what these choices read again and again: the reading
of a group of natural cards of one rank by (rank, count, all identical), the ranks that may beat a table, and for
each of those ranks the beating cards and reading by the counts of the rank's tokens in a hand. Every entry is what
:func:`.combinations.readings` and :func:`.combinations.beats` answer for those cards, worked out from them the
first time it is needed, so the choices are those of reading and judging every time.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from functools import lru_cache
from itertools import accumulate

from ..cards import ALL_CARDS
from ..climbing.cardset import FACES, rank_of
from ..climbing.reading import Reading
from .combinations import beats, group_readings, key, power, reading_of, readings, table_is_led, wild_card
from .rules import DadunRules

Play = tuple[list[str], Reading]
"""A play of the random bot: (cards, its reading)."""

_SORTED = tuple(sorted(ALL_CARDS))
"""Every card token sorted as strings (the order the random lead draws a card in)."""
_ZEROS = (0,) * len(_SORTED)
"""Default counts for ``map(hand.get, tokens, _ZEROS)``."""
_RANK = {card: rank_of(card) for card in ALL_CARDS}
_TOKENS_OF = {rank: tuple(sorted(c for c in ALL_CARDS if _RANK[c] == rank)) for rank in set(_RANK.values())}
"""Rank → its card tokens in string order."""
_INDEX = {rank: i for i, rank in enumerate(list(FACES) + ["LJ", "BJ"])}
RANK_INDEX = {card: _INDEX[rank_of(card)] for card in ALL_CARDS}
"""Card token → the index of its rank in a hand's rank counts (:func:`rank_counts`): 2 … A, LJ, BJ."""
_FOLLOWED = {name: (name,) for name in ("single", "pair", "triple")}
"""The combinations the random bot answers (each with the readings it answers with: its own)."""
_LEAD = ("pair", "triple", "bomb")
"""The readings of a lead of one rank's natural copies."""

Fields = tuple[str, str, tuple, str, int, int, bool]
"""A reading's fields but its cards (what plays of one class share)."""
Plan = tuple[tuple[tuple[int, str, tuple[str, ...]], ...], dict[tuple, bool]]
"""What answering one kind of table reads: the ranks that may beat it (index in :func:`rank_counts`, rank, its
tokens in string order), weakest first; whether a reading of its combination beats it, by the reading's key."""


class RandomPlays:
    """The random bot's leads and follows for one rules object at one level (see the module's docstring).

    Attributes: rules, level, wild (the wild card's token).
    """

    __slots__ = ("rules", "level", "wild", "_groups", "_singles", "_plans", "_made")

    def __init__(self, rules: DadunRules, level: str) -> None:
        self.rules, self.level, self.wild = rules, level, wild_card(rules, level)
        self._groups: dict[tuple[str, int, bool, tuple[str, ...]], Fields | None] = {}
        self._singles: dict[str, Reading] = {}
        self._plans: dict[tuple[str, str, bool], Plan] = {}
        self._made: dict[tuple[tuple[str, ...], str], tuple[Reading, ...]] = {}  # (cards, combination) → readings

    def lead(self, hand: Counter, rng: random.Random) -> Play:
        """The random bot's lead: a card drawn from the hand's copies in string order (one ``rng`` draw); unless it is
        the wild, every natural copy of its rank when they are 2 to 15 cards with a pair, triple or bomb reading
        (the first such reading of :func:`.combinations.readings`), else the card alone as a single."""
        get = hand.get
        ends = list(accumulate(map(get, _SORTED, _ZEROS)))
        card = _SORTED[bisect_right(ends, rng.choice(range(ends[-1])))]  # = rng.choice(sorted(hand.elements()))
        wild = self.wild
        if card != wild:
            rank = _RANK[card]
            same = tuple(c for c in _TOKENS_OF[rank] if c != wild for _ in range(get(c, 0)))
            if 2 <= len(same) <= 15:
                fields = self._fields(rank, same, _LEAD)
                if fields is not None:
                    return list(same), Reading._make(fields + (same,))
        single = self._singles.get(card)
        if single is None:
            single = self._singles[card] = reading_of(self.rules, "single", (card,), self.level)
        return [card], single

    def _fields(self, rank: str, cards: tuple[str, ...], wanted: tuple[str, ...]) -> Fields | None:
        """The fields (all but the cards) of the first reading of natural ``cards`` of ``rank`` (in notation order)
        whose combination is one of ``wanted``, or None: same-rank natural cards of one count, all identical or not,
        read alike as a single, pair, triple or bomb (kept by rank, count, sameness and ``wanted``)."""
        group = (rank, len(cards), cards[0] == cards[-1], wanted)
        fields = self._groups.get(group, False)
        if fields is False:
            fields = self._groups[group] = next((found[:7] for found in group_readings(self.rules, cards, self.level)
                                                 if found.combination in wanted), None)
        return fields

    def follow(self, hand: Counter, table: Reading, table_was: str, counts: list[int] | None = None) -> Play | None:
        """The random bot's answer to a single, pair or triple: the lowest same-rank group of the hand that beats it
        (the first cards of the rank in string order, their first reading of the table's combination that beats
        it), or None (pass) [beating.*, ranking.*]. ``counts``: the hand's :func:`rank_counts` when the caller keeps
        them."""
        combination = table.combination
        if combination not in _FOLLOWED:
            return None
        slot = (combination, table.top, table_is_led(self.rules, table_was))
        plan = self._plans.get(slot)
        if plan is None:
            plan = self._plans[slot] = self._plan(slot, table)
        size = table.count
        get = hand.get
        beating = plan[1]
        made = self._made
        if counts is None:
            counts = rank_counts(hand)
        for index, rank, tokens in plan[0]:
            if counts[index] < size:
                continue
            cards = tuple([card for card in tokens for _ in range(get(card, 0))][:size])
            found = made.get((cards, combination))
            if found is None:
                found = made[cards, combination] = self._answers(rank, cards, combination)
            for reading in found:
                beats_it = beating.get(reading.key)
                if beats_it is None:
                    beats_it = beating[reading.key] = beats(self.rules, reading, table, self.level, table_was) is None
                if beats_it:
                    return list(cards), reading
        return None

    def _answers(self, rank: str, cards: tuple[str, ...], combination: str) -> tuple[Reading, ...]:
        """The readings of the same-rank ``cards`` as ``combination`` (in :func:`.combinations.readings` order)."""
        if self.wild in cards:
            return tuple(r for r in readings(self.rules, cards, self.level) if r.combination == combination)
        fields = self._fields(rank, cards, _FOLLOWED[combination])
        return () if fields is None else (Reading._make(fields + (cards,)),)

    def _plan(self, slot: tuple[str, str, bool], table: Reading) -> Plan:
        """The ranks (and their card tokens in string order) whose strength when beating reaches the table's (its
        face value when it was led), weakest first; and an empty table of whether a reading of the table's
        combination with a given key beats it (the same for every table of the slot: (combination, top rank, led))."""
        floor = key(self.rules, table.combination, table.cards, self.level, not slot[2])[0]
        return tuple((_INDEX[rank], rank, _TOKENS_OF[rank]) for strength, rank in _ranks_up(self.level)
                     if strength >= floor), {}


_PLAYS: dict[tuple[int, str], tuple[DadunRules, RandomPlays]] = {}
_MOST = 64
"""Most (rules, level) pairs kept before the cache is emptied."""


def random_plays(rules: DadunRules, level: str) -> RandomPlays:
    """The :class:`RandomPlays` of ``rules`` at ``level`` (kept while ``rules`` is the object cached under its id)."""
    entry = _PLAYS.get((id(rules), level))
    if entry is None or entry[0] is not rules:
        if len(_PLAYS) >= _MOST:
            _PLAYS.clear()
        entry = _PLAYS[id(rules), level] = (rules, RandomPlays(rules, level))
    return entry[1]


def rank_counts(hand: Counter) -> list[int]:
    """How many cards of each rank ``hand`` holds, by :data:`RANK_INDEX` (wild cards in their rank)."""
    counts = [0] * len(_INDEX)
    for card, n in hand.items():
        counts[RANK_INDEX[card]] += n
    return counts


def random_lead(rules: DadunRules, hand: Counter, level: str, rng: random.Random) -> Play:
    """The random bot's lead from ``hand`` at ``level`` (:meth:`RandomPlays.lead`) [play.*, combinations.*]."""
    return random_plays(rules, level).lead(hand, rng)


def random_follow(rules: DadunRules, hand: Counter, level: str, table: Reading, table_was: str) -> Play | None:
    """The random bot's answer from ``hand`` to ``table`` (:meth:`RandomPlays.follow`), None to pass
    [beating.*, ranking.*]."""
    return random_plays(rules, level).follow(hand, table, table_was)


@lru_cache(maxsize=16)
def _ranks_up(level: str) -> tuple[tuple[int, str], ...]:
    """(strength when beating, rank) of every rank, weakest first, at ``level``."""
    return tuple(sorted((power(r, level, True), r) for r in list(FACES) + ["LJ", "BJ"]))
