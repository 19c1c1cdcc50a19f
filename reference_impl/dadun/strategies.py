"""Hypothesis strategies for the ``given`` of 打墩 Dadun operations, made from a variant's rules (``datong-rules
fuzz``).

:func:`strategies` returns operation → a strategy of ``given`` mappings shaped as
docs/implementers/dadun-operations.md says, for every operation but ``replay`` (a whole record) and ``round`` (a
legal sequence of plays: not generated yet). Cards come from the variant's pack (``deck.decks`` copies of each card, never more across one question); plays
are built from same-rank groups and runs of ``ranking.sequence_order`` so that most are combinations, some are not,
up to the largest the catalogue, the pack and the wild cards allow (bombs of 15 and linked bombs of 13 + 13 with three
decks, pair runs and steel plates);
a table always carries one of its readings (a table must have one). Strategies draw Hypothesis integers only, so a
disagreement shrinks to low cards, low levels and short lists.

:data:`RULES_READ` names, per operation, the rule ids its answer depends on (for the scenarios ``fuzz`` prints).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st

from ..cards import ALL_CARDS
from ..climbing.cardset import FACES, JOKERS, rank_of
from ..climbing.seats import partner_of
from ..strategies import CardPool, integer
from ..strategies import integer as _n
from . import combinations as cb
from .rules import DadunRules

Given = dict[str, Any]

_PLAY_RULES = ("combinations.catalogue", "wild.cards", "wild.alone", "wild.only_wilds", "wild.for_jokers",
               "wild.never_pair_with_joker", "wild.three_wilds_dun", "combinations.dun_also_triple",
               "combinations.flush_also_straight", "combinations.triple_run_ace", "combinations.linked_bomb_halves",
               "combinations.ace_two_link", "combinations.runs_skip_level")
_BEAT_RULES = ("beating.bombs_beat_ordinary", "beating.bomb_ladder", "beating.bomb_ladder_extension",
               "beating.linked_dun_order", "ranking.power_order", "ranking.lead_means",
               "ranking.level_beats_led_level", "ranking.full_house_pair", "ranking.level_promotion")

RULES_READ: dict[str, tuple[str, ...]] = {
    "facts": ("players.count", "deck.decks", "deal.hand_sizes", "players.play_direction", "wild.cards", "points.cards",
              "levels.start", "combinations.catalogue", "beating.bomb_ladder", "beating.bomb_ladder_extension",
              "ranking.lead_means", "settlement.thresholds"),
    "card_order": ("ranking.power_order", "ranking.level_promotion", "ranking.lead_means"),
    "classify": _PLAY_RULES + ("ranking.sequence_order",),
    "beats": _PLAY_RULES + _BEAT_RULES,
    "legal_play": _PLAY_RULES + _BEAT_RULES + ("play.pass", "play.pass_locks_out"),
    "legal_play_count": _PLAY_RULES + _BEAT_RULES + ("play.pass", "play.pass_locks_out"),
    "round_points": ("points.cards",),
    "deal_order": ("cut.count", "cut.later_hands", "marked_card.drawn_by", "marked_card.first_lead",
                   "deal.hand_sizes"),
    "marked_card": ("marked_card.bonus_all_three", "marked_card.bonus_partner_pair", "marked_card.later_hands"),
    "settle": ("merging.stages", "settlement.partners_first_second", "settlement.thresholds", "settlement.decision",
               "settlement.levels", "settlement.tribute", "levels.order", "levels.start", "match.end",
               "levels.played"),
}
"""Operation → the rule ids its answer depends on (a starting point for a found scenario's ``rules``)."""

OPERATIONS = ("facts", "card_order", "classify", "beats", "legal_play", "legal_play_count", "round_points",
              "deal_order", "marked_card", "settle")
"""The operations with a strategy (not ``round`` nor ``replay``)."""

_TABLE_WAS = ("hand_opening", "round_opening", "follow")


class _Strategies:
    """The strategies of one variant (see :func:`strategies`)."""

    def __init__(self, rules: DadunRules) -> None:
        self.rules = rules
        self.tokens = tuple(c for c in ALL_CARDS for _ in range(rules.decks))
        self.sequence = [r for r in rules.sequence_order]

    def level(self, draw: Callable) -> str:
        """A level rank, ``levels.start`` most of the time."""
        return self.rules.start_level if _n(draw, 0, 2) else FACES[_n(draw, 0, len(FACES) - 1)]

    def cards(self, draw: Callable, pool: list[str], level: str | None = None) -> list[str]:
        """Cards of ``pool`` (not removed): a same-rank group, a run of five ranks (now and then over the gap the
        ``level`` rank leaves [combinations.runs_skip_level]), jokers of both kinds (the joker bomb), two groups of
        adjacent ranks (a full house, linked dun or linked bomb), a run of pairs or triples of the catalogue (a
        steel plate), a bomb or a linked bomb up to the largest the pack and the wild cards allow (15 cards, 13 + 13
        with three decks), or a few cards at random."""
        if not pool:
            return []
        mode = _n(draw, 0, 5)
        if mode == 3 and _n(draw, 0, 3):  # the longer shapes, in place of most of the cards at random
            found = (self._unit_run, self._big_bomb, self._big_linked_bomb)[_n(draw, 0, 2)](draw, pool, level)
            if found:
                return found
        if mode == 5 and self.rules.full_house_any_pair and _n(draw, 0, 1):
            return self._far_full_house(draw, pool)
        if mode == 5:  # two adjacent ranks, the A–2 link often [combinations.ace_two_link]
            return linked_groups(draw, pool, self.sequence, rank_of)
        if mode == 4:
            return self._jokers(draw, pool)
        if mode == 0:
            return [pool[_n(draw, 0, len(pool) - 1)]]
        if mode == 1:
            rank = rank_of(pool[_n(draw, 0, len(pool) - 1)])
            same = [c for c in pool if rank_of(c) == rank]
            return same[:_n(draw, 1, min(len(same), 8))]
        if mode == 2:
            sequence = self.sequence
            if level is not None and _n(draw, 0, 1):
                sequence = [r for r in sequence if r != level]
            start = _n(draw, 0, len(sequence) - 5)
            out = []
            for rank in sequence[start:start + 5]:
                have = [c for c in pool if rank_of(c) == rank and c not in out]
                if have:
                    out.append(have[_n(draw, 0, len(have) - 1)])
            return out
        left = list(pool)
        return [left.pop(_n(draw, 0, len(left) - 1)) for _ in range(min(len(left), _n(draw, 1, 6)))]

    def _wilds(self, draw: Callable, pool: list[str], level: str | None, most: int) -> list[str]:
        """Up to ``most`` wild cards of ``pool`` at ``level`` (``wild.cards``: the level rank in the wild suit)."""
        if level is None or most <= 0:
            return []
        wild = self.rules.wild_suit + level
        return [c for c in pool if c == wild][:_n(draw, 0, most)]

    def _unit_run(self, draw: Callable, pool: list[str], level: str | None) -> list[str]:
        """A run of pairs or triples of the catalogue (``combinations.catalogue`` sequences of unit 2 or 3: the
        pair run, the triple run or steel plate), its window of ``ranking.sequence_order`` at ``level``, now and
        then a card of it a wild one; empty when the catalogue has none."""
        runs = [c for c in self.rules.combinations if c.shape == "sequence" and int(c.unit) > 1]
        if not runs:
            return []
        combo = runs[_n(draw, 0, len(runs) - 1)]
        windows = self.rules.windows(combo.min_length, level or "")
        if not windows:
            return []
        out: list[str] = []
        for rank in windows[_n(draw, 0, len(windows) - 1)]:
            have = [c for c in pool if rank_of(c) == rank and c not in out]
            out += [have.pop(_n(draw, 0, len(have) - 1)) for _ in range(min(int(combo.unit), len(have)))]
        wilds = self._wilds(draw, [c for c in pool if c not in out], level, 1)
        if wilds and out:
            out[_n(draw, 0, len(out) - 1)] = wilds[0]
        return out

    def _big_bomb(self, draw: Callable, pool: list[str], level: str | None) -> list[str]:
        """A bomb of one rank: a size from 4 to every natural card of the rank in ``pool`` and every wild card (the
        largest: 12 + 3 = 15 cards with three decks), made of natural cards and up to three wild ones."""
        ranks = sorted({rank_of(c) for c in pool if rank_of(c) in FACES})
        if not ranks:
            return []
        rank = ranks[_n(draw, 0, len(ranks) - 1)]
        wild = self.rules.wild_suit + level if level else None
        same = [c for c in pool if rank_of(c) == rank and c != wild]
        wilds = [c for c in pool if c == wild]
        if not same or len(same) + len(wilds) < 4:
            return same
        size = _n(draw, 4, len(same) + len(wilds))
        used = _n(draw, max(0, size - len(same)), min(len(wilds), size - 1))  # at least one natural card
        return same[:size - used] + wilds[:used]

    def _big_linked_bomb(self, draw: Callable, pool: list[str], level: str | None) -> list[str]:
        """Two bombs of the same size on two linked ranks (``linked_steps`` at ``level``), each 4 to all its natural
        cards, wild cards making up the difference (the largest: 13 + 13 with three decks and two wilds)."""
        steps = self.rules.linked_steps(level or "")
        if not steps:
            return []
        low, high, _ = steps[_n(draw, 0, len(steps) - 1)]
        wild = self.rules.wild_suit + level if level else None
        groups = [[c for c in pool if rank_of(c) == rank and c != wild] for rank in (low, high)]
        wilds = [c for c in pool if c == wild]
        sizes = [n for n in range(4, len(pool) // 2 + 1) if sum(max(0, n - len(g)) for g in groups) <= len(wilds)]
        if not sizes:
            return []
        size = _n(draw, 4, sizes[-1])  # up to the largest the natural cards and the wilds make on both ranks
        out: list[str] = []
        for group in groups:
            take = group[:size]
            out += take
            for _ in range(size - len(take)):
                if wilds:
                    out.append(wilds.pop())
        return out

    def _far_full_house(self, draw: Callable, pool: list[str]) -> list[str]:
        """A triple of one rank and a pair of any other rank of ``pool``, two identical jokers now and then when
        they may be the pair [combinations.catalogue: the full house's pair any_rank, combinations.full_house_adjacency]."""
        ranks = sorted({rank_of(c) for c in pool if rank_of(c) not in JOKERS}, key=FACES.index)
        if not ranks:
            return []
        triple = ranks[_n(draw, 0, len(ranks) - 1)]
        pairs = [r for r in FACES if r != triple]
        if self.rules.full_house_joker_pair and not _n(draw, 0, 2):  # jokers one time in three: a rare reading
            pairs = list(JOKERS)
        pair = pairs[_n(draw, 0, len(pairs) - 1)]
        same = [c for c in pool if rank_of(c) == triple][:3]
        twins = [c for c in pool if rank_of(c) == pair]
        if pair in JOKERS:
            return same + twins[:2]
        return same + twins[_n(draw, 0, max(0, len(twins) - 2)):][:2]

    @staticmethod
    def _jokers(draw: Callable, pool: list[str]) -> list[str]:
        """Up to two big and two small jokers of ``pool`` (four of them: the joker bomb)."""
        out: list[str] = []
        for joker in JOKERS:
            have = [c for c in pool if c == joker]
            out += have[:_n(draw, 0, min(2, len(have)))]
        return out

    def table(self, draw: Callable, pack: CardPool, level: str) -> Given:
        """A PLAY with one of its readings, taken from ``pack`` (a single card when the cards drawn have none)."""
        cards = pack.take_cards(self.cards(draw, list(pack.left), level))
        found = cb.readings(self.rules, tuple(cards), level) if cards else []
        if not found:
            pack.left += cards
            cards = pack.take(draw, 1)
            found = cb.readings(self.rules, tuple(cards), level)
        return {"cards": cards, "reading": cb.reading_dict(found[_n(draw, 0, len(found) - 1)])}

    def hand(self, draw: Callable, pack: CardPool) -> list[str]:
        """Up to a full hand: small most of the time, any size now and then."""
        most = max(self.rules.hand_sizes)
        return pack.take(draw, _n(draw, 0, most) if _n(draw, 0, 3) == 3 else _n(draw, 0, 12))

    # -- the operations --------------------------------------------------------------------------------
    def facts(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            return {"level": self.level(draw)} if _n(draw, 0, 1) else {}
        return given()

    def card_order(self) -> st.SearchStrategy[Given]:
        combinations = ("single", "pair", "triple", "full_house", "dun", "bomb")

        @st.composite
        def given(draw: Callable) -> Given:
            return {"level": self.level(draw), "combination": combinations[_n(draw, 0, len(combinations) - 1)],
                    "context": ("beat", "lead")[_n(draw, 0, 1)]}
        return given()

    def classify(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            level = self.level(draw)
            cards = self.cards(draw, list(self.tokens), level) or [self.tokens[0]]
            return {"cards": cards, "level": level}
        return given()

    def beats(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            level = self.level(draw)
            pack = CardPool(self.tokens)
            table = self.table(draw, pack, level)
            play = pack.take_cards(self.cards(draw, list(pack.left), level)) or pack.take(draw, 1)
            return {"level": level, "table": table, "play": {"cards": play},
                    "table_was": _TABLE_WAS[_n(draw, 0, 2)]}
        return given()

    def _play_question(self, draw: Callable) -> tuple[Given, CardPool]:
        level = self.level(draw)
        pack = CardPool(self.tokens)
        table = None if _n(draw, 0, 2) == 0 else self.table(draw, pack, level)
        out: Given = {"level": level, "hand": self.hand(draw, pack), "table": table,
                      "table_was": _TABLE_WAS[_n(draw, 0, 2)]}
        if table is not None and _n(draw, 0, 3) == 0:
            out["passed"] = True
        return out, pack

    def legal_play(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            question, pack = self._play_question(draw)
            mode = _n(draw, 0, 7)
            if mode == 7:
                question["action"] = {"type": "pass"}
            elif mode == 6:
                question["action"] = {"type": "play", "cards": pack.take(draw, _n(draw, 1, 4))}
            else:
                question["action"] = {"type": "play", "cards": self.cards(draw, question["hand"], question["level"])}
            return question
        return given()

    def legal_play_count(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            return self._play_question(draw)[0]
        return given()

    def round_points(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            return {"cards": CardPool(self.tokens).take(draw, _n(draw, 0, 16))}
        return given()

    def deal_order(self) -> st.SearchStrategy[Given]:
        players = self.rules.players

        @st.composite
        def given(draw: Callable) -> Given:
            out: Given = {"cutter": _n(draw, 0, players - 1), "marked_card": ALL_CARDS[_n(draw, 0, len(ALL_CARDS) - 1)]}
            if _n(draw, 0, 1):
                seats = list(range(players))
                first = seats.pop(_n(draw, 0, players - 1))
                last = None if _n(draw, 0, 3) == 0 else seats[_n(draw, 0, players - 2)]
                out["previous"] = {"first_out": first, "last_out": last}
                out["cutter"] = first  # the previous first-out cuts in later hands [cut.later_hands]
            return out
        return given()

    def marked_card(self) -> st.SearchStrategy[Given]:
        players, decks = self.rules.players, self.rules.decks

        @st.composite
        def given(draw: Callable) -> Given:
            holder = _n(draw, 0, players - 1)
            copies = [0] * players
            copies[holder] = _n(draw, 1, decks)
            for _ in range(decks - copies[holder]):
                if _n(draw, 0, 1):
                    copies[_n(draw, 0, players - 1)] += 1
            return {"marked_card": ALL_CARDS[_n(draw, 0, len(ALL_CARDS) - 1)], "holder": holder, "copies": copies,
                    "first_hand": _n(draw, 0, 3) != 0}
        return given()

    def settle(self) -> st.SearchStrategy[Given]:
        players = self.rules.players
        order = self.rules.level_order
        total = sum(self.rules.point_cards.values()) * 4 * self.rules.decks

        @st.composite
        def given(draw: Callable) -> Given:
            seats = list(range(players))
            first = seats.pop(_n(draw, 0, players - 1))
            if _n(draw, 0, 3) == 0:
                finish = [first, partner_of(first, players)]
            else:
                others = [s for s in seats if s != partner_of(first, players)]
                second = others[_n(draw, 0, len(others) - 1)]
                rest = [s for s in seats if s != second]
                finish = [first, second, rest[_n(draw, 0, len(rest) - 1)]]
            captured = [0] * players
            left = total // 5
            for seat in range(players):
                captured[seat] = 5 * _n(draw, 0, left)
                left -= captured[seat] // 5
            levels = [order[_n(draw, 0, len(order) - 1)] for _ in range(2)]
            if _n(draw, 0, 1):  # often a hand at A, where match.end decides
                levels[_n(draw, 0, 1)] = order[-1]
            out = {"levels": levels, "level": levels[_n(draw, 0, 1)], "finish": finish, "captured": captured,
                   "first_partner_before": 5 * _n(draw, 0, captured[partner_of(first, players)] // 5),
                   "bonus": [_n(draw, 0, 2), _n(draw, 0, 2)]}
            if self.rules.failures_at_a is not None:  # match.end.failures_at_a: failures so far, up to the limit
                out["a_failures"] = [_n(draw, 0, self.rules.failures_at_a - 1) for _ in range(2)]
            return out
        return given()


def strategies(rules: DadunRules) -> dict[str, st.SearchStrategy[Given]]:
    """Operation name → a strategy of valid ``given`` mappings for one Dadun variant (:data:`OPERATIONS`)."""
    made = _Strategies(rules)
    return {op: getattr(made, op)() for op in OPERATIONS}


def linked_groups(draw: Callable, pool: list[str], order: Sequence[str], rank_of: Callable[[str], str]) -> list[str]:
    """Cards of ``pool`` (not removed) in two groups of two ranks next to each other in ``order`` (a rank order, low
    to high, such as a climbing game's ``ranking.sequence_order``, whose A stands at both ends): the shapes that link
    two ranks, where a game's rules decide which ranks are adjacent (打墩's ``combinations.ace_two_link``,
    ``combinations.full_house_adjacency``, ``combinations.linked_adjacency``).

    The lowest pair of ``order`` (A and 2 when it starts with the A) is drawn one time in three, any pair the other
    times; the groups are a triple and a pair (a full house, the triple of either rank), three identical cards of each
    rank (a linked dun), or two groups of 4 to 6 cards (a linked bomb). A group has fewer cards when ``pool`` holds
    fewer. ``rank_of`` gives a card's rank (``"10"`` of ``"H10"``)."""
    if len(order) < 2:
        return []
    pairs = list(zip(order, order[1:]))
    low, high = pairs[0] if integer(draw, 0, 2) == 0 else pairs[integer(draw, 0, len(pairs) - 1)]
    shape = integer(draw, 0, 2)
    if shape == 1:  # three identical cards of each rank
        return [card for rank in (low, high) for card in _identical(draw, pool, rank, rank_of)]
    sizes = (3, 2) if shape == 0 else (integer(draw, 4, 6),) * 2
    if shape == 0 and integer(draw, 0, 1):
        sizes = (2, 3)
    return [card for rank, size in zip((low, high), sizes) for card in _of_rank(draw, pool, rank, size, rank_of)]


def _of_rank(draw: Callable, pool: list[str], rank: str, size: int, rank_of: Callable[[str], str]) -> list[str]:
    """Up to ``size`` cards of ``rank`` in ``pool``, a slice starting where ``draw`` says."""
    same = [c for c in pool if rank_of(c) == rank]
    start = integer(draw, 0, max(0, len(same) - size))
    return same[start:start + size]


def _identical(draw: Callable, pool: list[str], rank: str, rank_of: Callable[[str], str]) -> list[str]:
    """Up to three copies of one card of ``rank`` in ``pool`` (the card drawn among those of the rank)."""
    cards = sorted({c for c in pool if rank_of(c) == rank})
    if not cards:
        return []
    card = cards[integer(draw, 0, len(cards) - 1)]
    return [card] * min(3, pool.count(card))
