"""Hypothesis strategies for the ``given`` of Biedan operations, made from a variant's rules (``datong-rules fuzz``).

:func:`strategies` returns operation → a strategy of ``given`` mappings shaped as
docs/implementers/biedan-operations.md says, for every operation but ``replay`` (a whole record) and ``round`` (a
round must be a legal sequence of plays and passes: not generated yet). Every input is one a hand of the variant can
produce: cards of the pack, each at most once across the question (one deck); combinations built from
``combinations.catalogue`` (a same-rank group, a run of ``ranking.sequence_order``, a fixed set) and
``combinations.attachments`` (a main part with attached cards) so that tables and
plays are mostly real combinations, sometimes not, as long as the catalogue and the pack allow (airplanes of nine
triples with their wings in ``classify``); half the time a play contests its table with the same kind of the same
length, and a hand is now and then built around a combination (the table's kind, or any), so that the longest
combinations a hand holds (12- to 16-card airplanes with wings) reach ``beats`` and the play questions; a deal of ``deal.hand_size`` cards to each seat in which one
seat holds ``banker.first``'s card; exchanges with the hands the timing of ``exchange.timing`` says. Strategies draw
Hypothesis integers only, so a disagreement shrinks to low cards and short lists.

:data:`RULES_READ` names, per operation, the rule ids its answer depends on (for the scenarios ``fuzz`` prints).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from ..cards import ALL_CARDS
from ..strategies import CardPool as _Pack
from ..strategies import integer as _n
from .combinations import table_for
from .rules import BiedanRules

Given = dict[str, Any]
SEATS = 3

RULES_READ: dict[str, tuple[str, ...]] = {
    "facts": ("players.count", "deck.decks", "deal.hand_size", "egg.count", "banker.first",
              "combinations.catalogue", "combinations.attachments", "ranking.single_order", "match.hands", "players.play_direction", "egg.secret"),
    "card_order": ("ranking.single_order", "ranking.suits"),
    "classify": ("combinations.catalogue", "combinations.attachments", "combinations.attached_same_rank",
                 "combinations.flush", "ranking.sequence_order"),
    "beats": ("beating.bombs_beat_ordinary", "beating.rocket_beats_all", "combinations.flush_reach",
              "combinations.catalogue", "combinations.attachments", "combinations.attached_same_rank",
              "ranking.single_order", "ranking.sequence_order"),
    "legal_play": ("play.pass", "play.pass_locks_out", "play.first_lead_with_banker_card",
                   "beating.bombs_beat_ordinary", "combinations.catalogue", "combinations.attachments",
                   "combinations.attached_same_rank", "combinations.flush_reach", "ranking.sequence_order"),
    "legal_play_count": ("play.pass", "play.pass_locks_out", "play.first_lead_with_banker_card",
                         "beating.bombs_beat_ordinary", "combinations.catalogue", "combinations.attachments",
                         "combinations.attached_same_rank", "combinations.flush_reach", "ranking.sequence_order"),
    "egg": ("egg.count", "egg.cards"),
    "first_banker": ("banker.first",),
    "first_leader": ("play.first_lead", "play.first_lead_with_banker_card", "banker.first"),
    "exchange": ("exchange.timing", "exchange.banker_tribute", "exchange.ties", "ranking.single_order"),
    "settle": ("hand_end.when", "banker.keep_when", "banker.next_when_lost"),
}
"""Operation → the rule ids its answer depends on (a starting point for a found scenario's ``rules``)."""

class _Strategies:
    """The strategies of one variant (see :func:`strategies`)."""

    def __init__(self, rules: BiedanRules) -> None:
        self.rules = rules
        self.table = table_for(rules)
        self.tokens = tuple(c for c in ALL_CARDS for _ in range(rules.decks))
        self.by_rank: dict[str, list[str]] = {}
        for card in ALL_CARDS:
            self.by_rank.setdefault(self.table.rank_of[card], []).append(card)

    def combination(self, draw: Callable, pool: list[str], like: tuple[int, int] | None = None,
                    most: int | None = None) -> list[str]:
        """Cards of ``pool`` forming one combination of the catalogue or of ``combinations.attachments`` when the
        pool allows the one drawn (not removed from the pool); else a few cards of the pool (most likely no
        combination). ``like``: ``(kind, length)`` of :meth:`drawn_combination` to draw the same kind again, of the
        same length (a play that contests a table); ``most``: at most this many cards (a hand's size)."""
        return self.drawn_combination(draw, pool, like, most)[0]

    def drawn_combination(self, draw: Callable, pool: list[str], like: tuple[int, int] | None = None,
                          most: int | None = None) -> tuple[list[str], tuple[int, int] | None]:
        """:meth:`combination` with what was drawn: ``(cards, (kind, length))``, ``kind`` an index of catalogue +
        attachments and ``length`` the main part's ranks (0 for a fixed set); ``None`` when no combination could
        be made (then a few cards of the pool). Lengths reach the longest the catalogue and the pool allow (up to
        ``most`` cards), airplanes with wings of 12 to 16 cards and more included."""
        kinds = self.rules.catalogue + self.rules.attachments
        index = like[0] if like is not None else _n(draw, 0, len(kinds) - 1)
        combo = kinds[index]
        have: dict[str, list[str]] = {}
        for card in pool:
            have.setdefault(self.table.rank_of[card], []).append(card)
        length = like[1] if like is not None else None
        found = self._attached(draw, combo, have, length, most) if combo.shape == "attached" else \
            self._plain(draw, combo, have, length, most)
        if found:
            return found
        left = list(pool)
        return [left.pop(_n(draw, 0, len(left) - 1)) for _ in range(min(len(left), _n(draw, 1, 5)))], None

    def _plain(self, draw: Callable, combo: Any, have: dict[str, list[str]], length: int | None = None,
               most: int | None = None) -> tuple[list[str], tuple[int, int]] | None:
        """Cards of ``have`` (rank → cards, taken from) forming ``combo``, a catalogue combination, with what was
        drawn (see :meth:`drawn_combination`; ``length``: of a sequence, the one to draw), or None."""
        index = self.rules.catalogue.index(combo) if combo in self.rules.catalogue else -1
        if combo.shape == "same_rank":
            cards = self._same_rank(draw, combo, have, most)
            return None if cards is None else (cards, (index, 1))
        if combo.shape == "sequence":
            found = self._sequence(draw, combo, have, length, most)
            return None if found is None else (found[0], (index, found[1]))
        if all(card in have.get(self.table.rank_of[card], ()) for card in combo.cards) and \
                (most is None or len(combo.cards) <= most):
            for card in combo.cards:
                have[self.table.rank_of[card]].remove(card)
            return list(combo.cards), (index, 0)
        return None

    def _same_rank(self, draw: Callable, combo: Any, have: dict[str, list[str]],
                   most: int | None) -> list[str] | None:
        """``combo.size`` cards of one rank of ``have`` (taken from; no joker pair), or None."""
        ranks = [r for r, cards in have.items() if len(cards) >= combo.size and (combo.size == 1 or r[0] not in "BL")]
        if not ranks or (most is not None and combo.size > most):
            return None
        cards = have[sorted(ranks, key=self.table.strength.__getitem__)[_n(draw, 0, len(ranks) - 1)]]
        return [cards.pop(_n(draw, 0, len(cards) - 1)) for _ in range(combo.size)]

    def _sequence(self, draw: Callable, combo: Any, have: dict[str, list[str]], length: int | None,
                  most: int | None) -> tuple[list[str], int] | None:
        """A run of ``combo`` (``ranking.sequence_order``) of ``length`` ranks (drawn up to the longest the catalogue
        and ``most`` cards allow when None) from ``have`` (taken from), with its length; or None."""
        order = self.table.seq_ranks
        high = min(combo.max_length or len(set(order)), len(set(order)))
        if most is not None:
            high = min(high, most // combo.unit)
        if length is None and combo.min_length <= high:
            length = _n(draw, combo.min_length, high)
        if length is None or not combo.min_length <= length <= high:
            return None
        starts = [i for i in range(len(order) - length + 1) if self.table.window_ok(i + length - 1, length)
                  and all(len(have.get(r, ())) >= combo.unit for r in order[i:i + length])]
        if not starts:
            return None
        out = []
        for rank in order[starts[_n(draw, 0, len(starts) - 1)]:][:length]:
            cards = have[rank]
            out += [cards.pop(_n(draw, 0, len(cards) - 1)) for _ in range(combo.unit)]
        return out, length

    def _attached(self, draw: Callable, att: Any, have: dict[str, list[str]], length: int | None = None,
                  most: int | None = None) -> tuple[list[str], tuple[int, int]] | None:
        """A main part and its attached cards (combinations.attachments) by the count rules, with what was drawn
        (see :meth:`drawn_combination`), or None. Attached singles are drawn among two cards of a rank at most,
        never both jokers (singles of one rank up to combinations.attached_same_rank), so airplanes reach the longest the pack allows;
        attached pairs are of different ranks."""
        per_main = att.main_unit + att.per_rank * att.attach_unit
        found = self._plain(draw, att.main, have, length, None if most is None else most // per_main * att.main_unit)
        if not found:
            return None
        main, (_, main_length) = found
        main_ranks = {self.table.rank_of[c] for c in main}
        need = att.per_rank * len(main_ranks)
        if att.attach_unit == 1:  # a slot per card that may be attached: combinations.attached_same_rank of a rank
            slots = [r for r, cards in sorted(have.items(), key=lambda kv: self.table.strength[kv[0]])  # one joker
                     if r not in main_ranks for _ in range(min(len(cards), att.same_rank if r[0] not in "BL" else 1))]
            jokers = [i for i, r in enumerate(slots) if r[0] in "BL"]
            if len(jokers) > 1:
                del slots[jokers[_n(draw, 0, len(jokers) - 1)]]
        else:
            slots = sorted((r for r, cards in have.items() if r not in main_ranks and len(cards) >= att.attach_unit),
                           key=self.table.strength.__getitem__)
        if len(slots) < need:
            return None
        out = list(main)
        while need:  # a rank drawn, then now and then more of its slots (attached singles of one rank)
            rank = slots.pop(_n(draw, 0, len(slots) - 1))
            more = [i for i, r in enumerate(slots) if r == rank][:need - 1]
            if len(more) < 2 or _n(draw, 0, 2):  # a third card of the rank now and then (attached_same_rank: 3)
                more = []
            for i in reversed(more):
                del slots[i]
            cards = have[rank]
            for _ in range(1 + len(more)):
                out += [cards.pop(_n(draw, 0, len(cards) - 1)) for _ in range(att.attach_unit)]
            need -= 1 + len(more)
        index = len(self.rules.catalogue) + self.rules.attachments.index(att)
        return out, (index, main_length)

    def hand(self, draw: Callable, pack: _Pack, most: int) -> list[str]:
        """Up to ``most`` cards: small most of the time, any size now and then."""
        size = _n(draw, 0, most) if _n(draw, 0, 3) == 3 else _n(draw, 0, min(most, 8))
        return pack.take(draw, size)

    def deal(self, draw: Callable) -> tuple[list[list[str]], list[str]]:
        """A whole deal: three hands of ``deal.hand_size`` (one of them holds ``banker.first``'s card) and the rest."""
        pack = _Pack(self.tokens)
        hands = [pack.take(draw, self.rules.hand_size) for _ in range(SEATS)]
        first = self.rules.first_banker_card
        if not any(first in h for h in hands):  # the card is among the rest: swap it into a hand
            seat = _n(draw, 0, SEATS - 1)
            if hands[seat]:
                pack.left.append(hands[seat].pop())
            hands[seat].append(pack.take_cards([first])[0])
        return hands, pack.left

    # -- the operations --------------------------------------------------------------------------------
    def facts(self) -> st.SearchStrategy[Given]:
        return st.just({})

    def card_order(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            return {"cards": _Pack(self.tokens).take(draw, _n(draw, 1, 12))}
        return given()

    def classify(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            cards = self.combination(draw, list(self.tokens))
            return {"cards": cards or [self.tokens[0]]}
        return given()

    def beats(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            pack = _Pack(self.tokens)
            most = self.rules.hand_size + self.rules.egg_size if _n(draw, 0, 3) else None  # mostly what a hand holds
            cards, drawn = self.drawn_combination(draw, list(pack.left), most=most)
            table = pack.take_cards(cards)
            like = drawn if drawn is not None and _n(draw, 0, 1) else None  # half the time: the same kind and length
            return {"table": table, "play": pack.take_cards(self.combination(draw, list(pack.left), like))}
        return given().filter(lambda g: self._is_combination(g["table"]))

    def _is_combination(self, cards: list[str]) -> bool:
        from .combinations import classify
        return bool(cards) and classify(self.table, cards) is not None

    def _play_question(self, draw: Callable) -> Given:
        return self._play_question_drawn(draw)[0]

    def _play_question_drawn(self, draw: Callable) -> tuple[Given, tuple[int, int] | None]:
        """A legal_play / legal_play_count question, and what the hand was built around (``(kind, length)`` of
        :meth:`drawn_combination`; None for a hand of cards at random)."""
        pack = _Pack(self.tokens)
        leading = _n(draw, 0, 2) == 0
        drawn = core_drawn = None
        table = None
        if not leading:
            cards, drawn = self.drawn_combination(draw, list(pack.left), most=self.rules.hand_size)
            table = pack.take_cards(cards)
        if _n(draw, 0, 2) == 0:  # a hand built around a combination (like the table's when there is one)
            size = self.rules.hand_size
            like = drawn if drawn is not None and _n(draw, 0, 1) else None
            cards, core_drawn = self.drawn_combination(draw, list(pack.left), like, most=size)
            core = pack.take_cards(cards)
            hand = core + pack.take(draw, _n(draw, 0, max(0, size - len(core))))
        else:
            hand = self.hand(draw, pack, self.rules.hand_size)
        out: Given = {"hand": hand, "table": table}
        if leading and _n(draw, 0, 1):
            out["first_lead"] = True
            if self.rules.first_banker_card in pack.left and _n(draw, 0, 1):
                out["hand"].append(pack.take_cards([self.rules.first_banker_card])[0])
        if not leading and _n(draw, 0, 3) == 0:
            out["passed"] = True
        return out, core_drawn

    def legal_play(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            question, core = self._play_question_drawn(draw)
            mode = _n(draw, 0, 7)
            if mode == 7:
                question["play"] = "pass"
            elif mode == 6:
                question["play"] = _Pack(self.tokens).take(draw, _n(draw, 0, 4))
            else:  # half the time the combination the hand was built around (the longest ones reach a play)
                like = core if core is not None and _n(draw, 0, 1) else None
                question["play"] = self.combination(draw, question["hand"], like) if question["hand"] else []
            return question
        return given().filter(lambda g: g["table"] is None or self._is_combination(g["table"]))

    def legal_play_count(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            return self._play_question(draw)
        return given().filter(lambda g: g["table"] is None or self._is_combination(g["table"]))

    def egg(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            pack = _Pack(self.tokens)
            hand = pack.take(draw, self.rules.hand_size if _n(draw, 0, 1) else _n(draw, 0, self.rules.hand_size))
            mode = _n(draw, 0, 5)
            if mode < 4:
                left = list(hand)
                egg = [left.pop(_n(draw, 0, len(left) - 1)) for _ in range(min(len(left), self.rules.egg_size))]
            elif mode == 4:
                left = list(hand)
                egg = [left.pop(_n(draw, 0, len(left) - 1)) for _ in range(min(len(left), _n(draw, 0, 5)))]
            else:
                egg = pack.take(draw, self.rules.egg_size)
            return {"hand": hand, "egg": egg}
        return given()

    def first_banker(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            return {"hands": self.deal(draw)[0]}
        return given()

    def first_leader(self) -> st.SearchStrategy[Given]:
        first = self.rules.first_banker_card

        @st.composite
        def given(draw: Callable) -> Given:
            hands, _ = self.deal(draw)
            banker = next(h for h in hands if first in h)
            left = list(banker)
            egg = [left.pop(_n(draw, 0, len(left) - 1)) for _ in range(min(len(left), self.rules.egg_size))]
            return {"hands": hands, "egg": egg} if _n(draw, 0, 3) else {"hands": hands}
        return given()

    def exchange(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            order = [0, 1, 2]
            places = {place: order.pop(_n(draw, 0, len(order) - 1)) for place in ("first", "second", "third")}
            banker = _n(draw, 0, SEATS - 1)
            if self.rules.exchange_timing == "end_of_hand":
                pack = _Pack(self.tokens)
                hands: list[list[str]] = [[], [], []]
                hands[places["third"]] = pack.take(draw, _n(draw, 1, self.rules.hand_size))
                egg = pack.take(draw, self.rules.egg_size)
            else:
                hands, rest = self.deal(draw)
                egg = rest[:self.rules.egg_size]
            return {"places": places, "banker": banker, "hands": hands, "egg": egg}
        return given()

    def settle(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            order = [0, 1, 2]
            first = order.pop(_n(draw, 0, 2))
            return {"banker": _n(draw, 0, SEATS - 1), "out": [first, order[_n(draw, 0, 1)]]}
        return given()


OPERATIONS = ("facts", "card_order", "classify", "beats", "legal_play", "legal_play_count", "egg", "first_banker",
              "first_leader", "exchange", "settle")
"""The operations with a strategy (not ``round`` nor ``replay``)."""


def strategies(rules: BiedanRules) -> dict[str, st.SearchStrategy[Given]]:
    """Operation name → a strategy of valid ``given`` mappings for one Biedan variant (:data:`OPERATIONS`)."""
    made = _Strategies(rules)
    return {op: getattr(made, op)() for op in OPERATIONS}
