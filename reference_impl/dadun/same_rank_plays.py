"""The same-rank policy of 打墩 Dadun (``HandState.same_rank_action``): a cheap, narrow policy for benchmark loops,
**not** the random bot's (the random bot draws uniformly among every legal action, ``HandState.random_action``).
Its plays are made without listing the legal plays: a lead of one rank's natural copies (or a card alone, drawn by
copies held), a follow by the lowest same-rank group that beats a single, pair or triple; it never plays a straight,
pair or triple run, full house, straight flush, linked group, dun or wild reading, and never answers another table
[play.*, beating.*].

:class:`SameRankPlays` (one rules object at one level) and :class:`Kept` (its levels' shared memory) keep what these
choices read again and again: the reading of a group of natural cards of one rank by (rank, count, all identical),
the lead of a rank by its copies, the ranks that may beat a kind of table, a follow's readings by its cards, whether
a reading beats a kind of table by its key. Every entry is what :func:`.combinations.readings` and
:func:`.combinations.beats` answer for those cards, worked out from them the first time it is needed, so the
choices are those of reading and judging every time.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from functools import lru_cache
from itertools import accumulate

from ..cards import ALL_CARDS
from ..climbing.cardset import FACES, rank_of
from ..climbing.reading import Key, Reading
from .combinations import beats, key, power, reading_of, readings_among, table_is_led, wild_card
from .rules import DadunRules

Play = tuple[tuple[str, ...], Reading]
"""A play of the same-rank policy: (cards in notation order, its reading)."""

_SORTED = tuple(sorted(ALL_CARDS))
"""Every card token sorted as strings (the order the random lead draws a card in)."""
_RANKS = tuple(FACES) + ("LJ", "BJ")
_RANK = {card: rank_of(card) for card in ALL_CARDS}
_TOKENS_OF = {rank: tuple(c for c in _SORTED if _RANK[c] == rank) for rank in _RANKS}
"""Rank → its card tokens in string order."""
_PLACE = {card: i for i, card in enumerate(_SORTED)}
_AT = {card: (_PLACE[card], _RANKS.index(_RANK[card])) for card in ALL_CARDS}
"""Card token → (its place in :data:`_SORTED`, its rank's place in 2 … A, LJ, BJ): where a :class:`Tally` counts it."""
_PLACES_OF = {rank: tuple(_PLACE[c] for c in _TOKENS_OF[rank]) for rank in _RANKS}
_FOLLOWED = {name: (name,) for name in ("single", "pair", "triple")}
"""The combinations the same-rank policy answers (each with the readings it answers with: its own)."""
_LEAD = ("pair", "triple", "bomb")
"""The readings of a lead of one rank's natural copies."""

Fields = tuple[str, str, Key, str, int, int, bool]
"""A reading's fields but its cards (what plays of one class share)."""
Plan = tuple[tuple[tuple[int, str, tuple[str, ...]], ...], dict[Key, bool]]
"""What answering one kind of table reads: the ranks that may beat it (place in :attr:`Tally.ranks`, rank, its
tokens in string order), weakest first; whether a reading of its combination beats it, by the reading's key."""


class Tally:
    """How many copies of each card token and of each rank a hand holds, kept beside it while it loses cards.

    Attributes: hand (the Counter counted), cards (copies by token, tokens in string order), ranks (cards by rank,
    2 … A, LJ, BJ; wild cards in their rank).
    """

    __slots__ = ("hand", "cards", "ranks")

    def __init__(self, hand: Counter) -> None:
        self.hand = hand
        self.cards, self.ranks = [0] * len(_SORTED), [0] * len(_RANKS)
        for card, n in hand.items():
            token, rank = _AT[card]
            self.cards[token] += n
            self.ranks[rank] += n

    def remove(self, cards: list[str]) -> None:
        """Take ``cards`` (one copy each, all in the hand) out of the hand and its counts."""
        hand, by_card, by_rank = self.hand, self.cards, self.ranks
        for card in cards:
            n = hand[card]
            if n > 1:
                hand[card] = n - 1
            else:
                hand.pop(card)  # dict's own (Counter's del is Python code)
            token, rank = _AT[card]
            by_card[token] -= 1
            by_rank[rank] -= 1


class Kept:
    """What the same-rank policy's choices keep for one rules object, shared by its levels: every entry is keyed by what
    decides it, a rank being the level rank or not among it (a level card's strength, the wild card of its rank).

    Attributes: groups (fields of same-rank natural readings), leads (the lead of one rank's copies), singles,
    follows (a follow's cards → their readings as the table's combination), beating (whether a reading beats a
    kind of table, by its key).
    """

    __slots__ = ("groups", "leads", "singles", "follows", "beating")

    def __init__(self) -> None:
        self.groups: dict[tuple, Fields | None] = {}
        self.leads: dict[tuple, Play | None] = {}
        self.singles: dict[tuple[str, bool], Reading] = {}
        self.follows: dict[tuple[tuple[str, ...], bool], tuple[Reading, ...]] = {}
        self.beating: dict[tuple, dict[Key, bool]] = {}


class SameRankPlays:
    """The same-rank policy's leads and follows for one rules object at one level (see the module's docstring).

    Attributes: rules, level, wild (the wild card's token), kept (the rules object's :class:`Kept`).
    """

    __slots__ = ("rules", "level", "wild", "kept", "_plans", "_led")

    def __init__(self, rules: DadunRules, level: str, kept: Kept) -> None:
        self.rules, self.level, self.wild, self.kept = rules, level, wild_card(rules, level), kept
        self._plans: dict[tuple[str, str, bool], Plan] = {}
        self._led = {was: table_is_led(rules, was) for was in ("hand_opening", "round_opening", "follow")}

    def lead(self, tally: Tally, rng: random.Random) -> Play:
        """The same-rank policy's lead from the hand ``tally`` counts: a card drawn from the hand's copies in string order
        (one ``rng`` draw); unless it is the wild, every natural copy of its rank when they are 2 to 15 cards with a
        pair, triple or bomb reading (the first such reading of :func:`.combinations.readings`), else the card alone
        as a single."""
        counts = tally.cards
        ends = list(accumulate(counts))
        card = _SORTED[bisect_right(ends, rng.choice(range(ends[-1])))]  # = rng.choice(sorted(hand.elements()))
        rank = _RANK[card]
        if card != self.wild:
            copies = tuple(map(counts.__getitem__, _PLACES_OF[rank]))
            group = (rank, rank == self.level) + copies
            leads = self.kept.leads
            found = leads[group] if group in leads else leads.setdefault(group, self._group_lead(rank, copies))
            if found is not None:
                return found
        single = self.kept.singles.get((card, rank == self.level))
        if single is None:
            single = self.kept.singles[card, rank == self.level] = reading_of(self.rules, "single", (card,),
                                                                              self.level)
        return (card,), single

    def _group_lead(self, rank: str, copies: tuple[int, ...]) -> tuple[tuple[str, ...], Reading] | None:
        """The lead of every natural copy of ``rank`` (``copies`` of each of its tokens), or None."""
        same = tuple(c for c, n in zip(_TOKENS_OF[rank], copies) if c != self.wild for _ in range(n))
        if not 2 <= len(same) <= 15:
            return None
        fields = self._fields(rank, same, _LEAD)
        return None if fields is None else (same, Reading._make(fields + (same,)))

    def _fields(self, rank: str, cards: tuple[str, ...], wanted: tuple[str, ...]) -> Fields | None:
        """The fields (all but the cards) of the first reading of natural ``cards`` of ``rank`` (in notation order)
        whose combination is one of ``wanted``, or None: same-rank natural cards of one count, all identical or not,
        read alike as a single, pair, triple or bomb, with a key that depends on the level only by their rank being
        the level rank or not."""
        group = (rank, rank == self.level, len(cards), cards[0] == cards[-1], wanted)
        groups = self.kept.groups
        if group in groups:
            return groups[group]
        found = readings_among(self.rules, cards, self.level, wanted)
        fields: Fields | None = found[0][:7] if found else None
        groups[group] = fields
        return fields

    def follow(self, tally: Tally, table: Reading, table_was: str) -> Play | None:
        """The same-rank policy's answer from the hand ``tally`` counts to a single, pair or triple: the lowest same-rank
        group of the hand that beats it (the first cards of the rank in string order, their first reading of the
        table's combination that beats it), or None (pass) [beating.*, ranking.*]."""
        combination = table.combination
        if combination not in _FOLLOWED:
            return None
        slot = (combination, table.top, self._led[table_was])
        plan = self._plans.get(slot)
        if plan is None:
            plan = self._plans[slot] = self._plan(slot, table)
        size, level = table.count, self.level
        ranks, get = tally.ranks, tally.hand.get
        beating = plan[1]
        follows = self.kept.follows
        for index, rank, tokens in plan[0]:
            if ranks[index] < size:
                continue
            cards = tuple([card for card in tokens for _ in range(get(card, 0))][:size])
            found = follows.get((cards, rank == level))
            if found is None:
                found = follows[cards, rank == level] = self._answers(rank, cards, combination)
            for reading in found:
                beats_it = beating.get(reading.key)
                if beats_it is None:
                    beats_it = beating[reading.key] = beats(self.rules, reading, table, level, table_was) is None
                if beats_it:
                    return cards, reading
        return None

    def _answers(self, rank: str, cards: tuple[str, ...], combination: str) -> tuple[Reading, ...]:
        """The readings of the same-rank ``cards`` as ``combination``, the table's (as many cards), in
        :func:`.combinations.readings` order (cards with the wild card: those of the level rank, read at this
        level)."""
        if self.wild in cards:
            return tuple(readings_among(self.rules, cards, self.level, (combination,)))
        fields = self._fields(rank, cards, _FOLLOWED[combination])
        return () if fields is None else (Reading._make(fields + (cards,)),)

    def _plan(self, slot: tuple[str, str, bool], table: Reading) -> Plan:
        """The ranks (and their card tokens) whose strength when beating reaches the table's (its face value when it
        was led), weakest first; and whether a reading of the table's combination with a given key beats it, shared
        by every table of its combination, top rank and led or not, and of the level rank or not (the key of the
        table then reads alike at every level)."""
        floor = key(self.rules, table.combination, table.cards, self.level, not slot[2])[0]
        beating = self.kept.beating.setdefault((*slot, slot[1] == self.level), {})
        return tuple((_RANKS.index(rank), rank, _TOKENS_OF[rank]) for strength, rank in _ranks_up(self.level)
                     if strength >= floor), beating


_PLAYS: dict[tuple[int, str], tuple[DadunRules, SameRankPlays]] = {}
_KEPT: dict[int, tuple[DadunRules, Kept]] = {}
_MOST = 256
"""Most (rules, level) pairs kept before the cache is emptied."""


def same_rank_plays(rules: DadunRules, level: str) -> SameRankPlays:
    """The :class:`SameRankPlays` of ``rules`` at ``level`` (kept while ``rules`` is the object cached under its id)."""
    entry = _PLAYS.get((id(rules), level))
    if entry is None or entry[0] is not rules:
        if len(_PLAYS) >= _MOST:
            _PLAYS.clear()
            _KEPT.clear()
        kept = _KEPT.get(id(rules))
        if kept is None or kept[0] is not rules:
            kept = _KEPT[id(rules)] = (rules, Kept())
        entry = _PLAYS[id(rules), level] = (rules, SameRankPlays(rules, level, kept[1]))
    return entry[1]


def same_rank_lead(rules: DadunRules, hand: Counter, level: str, rng: random.Random) -> Play:
    """The same-rank policy's lead from ``hand`` at ``level`` (:meth:`SameRankPlays.lead`) [play.*, combinations.*]."""
    return same_rank_plays(rules, level).lead(Tally(hand), rng)


def same_rank_follow(rules: DadunRules, hand: Counter, level: str, table: Reading, table_was: str) -> Play | None:
    """The same-rank policy's answer from ``hand`` to ``table`` (:meth:`SameRankPlays.follow`), None to pass
    [beating.*, ranking.*]."""
    return same_rank_plays(rules, level).follow(Tally(hand), table, table_was)


@lru_cache(maxsize=16)
def _ranks_up(level: str) -> tuple[tuple[int, str], ...]:
    """(strength when beating, rank) of every rank, weakest first, at ``level``."""
    return tuple(sorted((power(r, level, True), r) for r in _RANKS))
