"""Hypothesis strategies for the ``given`` of every Huolong operation but ``replay``, made from a variant's rules.

Used by ``datong-rules fuzz`` (:mod:`datong_rules.conformance.fuzz`), which asks the reference engine and an
implementation the same generated questions. :func:`strategies` returns, for one variant's
:class:`~.rules.HuolongRules`, operation name → a strategy of ``given`` mappings shaped as
docs/implementers/operations.md says. Every generated input is one a hand of that variant can produce:

* cards come from the variant's pack, never more copies of a card than ``deck.decks`` across all the cards
  of one question (a hand, the trick, the deal and the bottom together), no jokers when
  ``deck.jokers_per_deck`` is 0;
* levels are ranks of ``levels.order``; a trick's lead is one combination of ``combinations.catalogue`` and
  each later play has as many cards; plays and buries are mostly taken from the hand (so that legal and
  illegal ones both come out), sometimes not;
* a declaration's first hand is dealt at ``levels.start`` from ``deal.first_drawer.first_hand``, a later hand
  from its banker; shows are mostly of cards the shower was just dealt (``declaration.shows``), sometimes not;
* star burial is generated only when ``star_burial.enabled``: the big jokers held and in the bottom never
  exceed the pack's;
* a settled hand has both teams on levels of ``levels.order``, a score that is a multiple of 5 up to the
  pack's points plus the bottom's award, and stars only when star burial is enabled.

Strategies draw from Hypothesis primitives only (no ``random``), so that a disagreement shrinks: smaller hands,
shorter deals, lower cards. Which inputs are interesting is steered by weights (jokers and level cards come
up often in deals, the led suit in hands), not by filtering, so that nearly every draw is a valid question.

:data:`RULES_READ` names, per operation, the rule ids its answer depends on (for the scenarios ``fuzz``
prints).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st

from ..cards import ALL_CARDS, BIG_JOKER, JOKERS, SUITS
from ..strategies import integer as _n
from .ranking import TRUMP, Ranking
from .rules import TEAMS, HuolongRules
from .scoring import card_points

Given = dict[str, Any]

RULES_READ: dict[str, tuple[str, ...]] = {
    "facts": ("players.count", "deck.decks", "deck.jokers_per_deck", "deal.hand_size", "deal.bottom_size",
              "levels.order", "levels.start", "points.card_points", "points.threshold", "players.partnership",
              "deal.first_drawer"),
    "card_order": ("trumps.permanent", "trumps.level_rank", "trumps.trump_suit", "ranking.trump_order",
                   "ranking.plain_order"),
    "classify": ("combinations.catalogue", "trumps.permanent", "trumps.level_rank", "trumps.trump_suit"),
    "legal_play": ("lead.one_combination", "follow.same_count", "follow.follow_suit", "follow.shape",
                   "follow.meteor_obliges_pair", "follow.keep_meteors_whole", "combinations.catalogue", "trumps.permanent", "trumps.level_rank", "trumps.trump_suit"),
    "legal_play_count": ("lead.one_combination", "follow.same_count", "follow.follow_suit", "follow.shape",
                         "follow.meteor_obliges_pair", "follow.keep_meteors_whole", "combinations.catalogue", "trumps.permanent", "trumps.level_rank", "trumps.trump_suit"),
    "trick_winner": ("trick.winner", "trick.ruff_same_shape", "ranking.ties", "ranking.trump_order",
                     "ranking.plain_order", "points.card_points", "combinations.catalogue"),
    "declare": ("declaration.scope", "declaration.shows", "declaration.overcall_by", "declaration.next_card_joker",
                "declaration.window", "declaration.unresolved_show", "declaration.nobody_declared", "deal.method",
                "declaration.show_all_big_jokers"),
    "bottom_points": ("points.card_points", "bottom.multiplier"),
    "bury": ("bury.count", "bury.cards", "bury.max_points", "bury.unmet_limits", "bury.big_jokers",
             "points.card_points"),
    "star_burial": ("star_burial.who", "star_burial.order", "star_burial.exchange", "star_burial.forced_after",
                    "star_burial.policy", "star_burial.fast_exempt_levels", "star_burial.banker_jokers"),
    "settle": ("settlement.table", "levels.order", "levels.stop_levels", "levels.past_last_level", "rotation.keep",
               "rotation.take_over", "stakes.enabled", "star_burial.levels_per_joker", "star_burial.on_failure",
               "star_burial.success", "star_burial.small_joker_levels"),
}
"""Operation → the rule ids its answer depends on (a starting point for a found scenario's ``rules``)."""


class _Pack:
    """The cards still available while one question is drawn: every token of the variant's pack, ``deck.decks``
    copies each. :meth:`take` hands out a wanted card, or the next available one in notation order when its
    copies are used up (so a draw never fails and still shrinks towards low cards)."""

    def __init__(self, rules: HuolongRules) -> None:
        self.tokens = _tokens(rules)
        self.left = dict.fromkeys(self.tokens, rules.decks)

    def take(self, card: str) -> str | None:
        """One copy of ``card`` (or of the next token with a copy left); None when the pack is empty."""
        if self.left.get(card, 0) > 0:
            self.left[card] -= 1
            return card
        start = self.tokens.index(card) if card in self.left else 0
        for step in range(1, len(self.tokens) + 1):
            other = self.tokens[(start + step) % len(self.tokens)]
            if self.left[other] > 0:
                self.left[other] -= 1
                return other
        return None


def _tokens(rules: HuolongRules) -> tuple[str, ...]:
    """The distinct tokens of the variant's pack, in notation order."""
    return ALL_CARDS if rules.jokers_per_deck > 0 else tuple(c for c in ALL_CARDS if c not in JOKERS)


def _draw_cards(draw: Callable, pack: _Pack, pools: Sequence[Sequence[str]], count: int) -> list[str]:
    """``count`` cards taken from ``pack`` (fewer if it runs out), each drawn from ``pools``: every pool weighs
    about as much as the first one (so a small pool of interesting cards comes up often), one draw per card;
    a shrink goes to the first pool's first card."""
    pools = [p for p in pools if p] or [pack.tokens]
    choices = list(pools[0])
    for pool in pools[1:]:
        choices.extend(list(pool) * max(1, len(pools[0]) // len(pool)))
    out = []
    for _ in range(count):
        card = pack.take(choices[_n(draw, 0, len(choices) - 1)])
        if card is None:
            break
        out.append(card)
    return out


def _size(draw: Callable, most: int) -> int:
    """A size 0..``most``: small most of the time (quick questions), any size now and then."""
    return _n(draw, 0, most) if _n(draw, 0, 3) == 3 else _n(draw, 0, min(most, 12))


class _Strategies:
    """The strategies of one variant (see :func:`strategies`)."""

    def __init__(self, rules: HuolongRules) -> None:
        self.rules = rules
        self.tokens = _tokens(rules)
        self.levels = rules.level_order
        self.sizes = sorted(rules.combo_by_size)
        self.bury_count = int(rules.bury["count"])
        self._shows: dict[str, dict[str, list[int]]] = {}
        # Lists whose entries depend on what was drawn before (the deal, the holdings) read it from _context, set
        # just before the list is drawn: the strategies are built once (building one per question costs more than
        # drawing it), and a list lets a shrink drop any entry, not only the last.
        self._context: Any = None
        self._shows_list = st.lists(st.composite(lambda draw: self.show(draw, *self._context))(), max_size=4)
        self._loads = st.lists(st.composite(lambda draw: self.load(draw, self._context))(), max_size=rules.players + 1)

    # -- shared pieces ---------------------------------------------------------------------------------
    def level(self, draw: Callable) -> str:
        return self.levels[_n(draw, 0, len(self.levels) - 1)]

    def suit(self, draw: Callable, null: bool = False) -> str | None:
        choices = (*SUITS, None) if null else SUITS
        return choices[_n(draw, 0, len(choices) - 1)]

    def ranking(self, level: str, trump_suit: str | None) -> Ranking:
        return Ranking.get(self.rules, level, trump_suit)

    def members(self, ranking: Ranking, suit: str) -> list[str]:
        """The tokens of the pack of one effective suit (``trump`` or a suit letter)."""
        return [c for c in ranking.suit_members[suit] if c in self.tokens]

    def lead(self, draw: Callable, pack: _Pack, ranking: Ranking) -> list[str]:
        """One combination of the catalogue (half of the time a trump): the drawn card, or the next card of its
        pool with copies enough left; [] when none has."""
        size = self.sizes[_n(draw, 0, len(self.sizes) - 1)]
        pool = self.tokens if _n(draw, 0, 1) == 1 else self.members(ranking, TRUMP)
        start = _n(draw, 0, len(pool) - 1)
        for step in range(len(pool)):
            card = pool[(start + step) % len(pool)]
            if pack.left.get(card, 0) >= size:
                return [pack.take(card) for _ in range(size)]  # type: ignore[misc]
        return []

    def follow(self, draw: Callable, pack: _Pack, ranking: Ranking, led_suit: str, n: int) -> list[str]:
        """A later play of ``n`` cards: the led shape in the led suit or in trumps, or ``n`` cards of anything."""
        if _n(draw, 0, 1) == 1:
            pool = self.members(ranking, led_suit if _n(draw, 0, 1) == 1 else TRUMP)
            card = pool[_n(draw, 0, len(pool) - 1)]
            if pack.left.get(card, 0) >= n:
                return [pack.take(card) for _ in range(n)]  # type: ignore[misc]
        return _draw_cards(draw, pack, [self.tokens, self.members(ranking, led_suit)], n)

    def trick(self, draw: Callable, pack: _Pack, ranking: Ranking, plays: int) -> list[list[str]]:
        """A lead and ``plays - 1`` later plays of as many cards (fewer plays if the pack runs short)."""
        if plays == 0:
            return []
        lead = self.lead(draw, pack, ranking)
        if not lead:
            return []
        led_suit = ranking.suit_map[lead[0]]
        out = [lead]
        for _ in range(plays - 1):
            play = self.follow(draw, pack, ranking, led_suit, len(lead))
            if len(play) != len(lead):
                break
            out.append(play)
        return out

    def hand(self, draw: Callable, pack: _Pack, ranking: Ranking, favoured: str | None, most: int) -> list[str]:
        """A hand of up to ``most`` cards, many of the ``favoured`` effective suit when one is given."""
        pools = [self.tokens] if favoured is None else [self.tokens, self.members(ranking, favoured)]
        return _draw_cards(draw, pack, pools, _size(draw, most))

    def pick(self, draw: Callable, cards: list[str], count: int) -> list[str]:
        """``count`` of ``cards`` (each copy at most once; fewer if there are not enough)."""
        left, out = list(cards), []
        for _ in range(min(count, len(left))):
            out.append(left.pop(_n(draw, 0, len(left) - 1)))
        return out

    def play_from(self, draw: Callable, ranking: Ranking, hand: list[str], trick: list[list[str]]) -> list[str]:
        """A play for ``legal_play``: mostly from the hand with the led count (some of the led suit, the rest
        from the other cards; a lead: one card's copies), now and then any cards of any count."""
        mode = _n(draw, 0, 7)
        if mode == 7:
            return _draw_cards(draw, _Pack(self.rules), [self.tokens], _n(draw, 0, max(self.sizes) + 1))
        if not trick:
            if not hand or mode == 6:
                return self.pick(draw, hand, _n(draw, 0, max(self.sizes)))
            card = hand[_n(draw, 0, len(hand) - 1)]
            return [card] * min(hand.count(card), self.sizes[_n(draw, 0, len(self.sizes) - 1)])
        n = len(trick[0])
        led_suit = ranking.suit_map[trick[0][0]]
        led = [c for c in hand if ranking.suit_map[c] == led_suit]
        other = [c for c in hand if ranking.suit_map[c] != led_suit]
        if mode == 6:
            return self.pick(draw, hand, n)
        if len(led) >= n and _n(draw, 0, 1) == 1:  # the led shape, if held
            shaped = sorted({c for c in led if led.count(c) >= n})
            if shaped:
                return [shaped[_n(draw, 0, len(shaped) - 1)]] * n
        k = _n(draw, 0, min(n, len(led)))
        return self.pick(draw, led, k) + self.pick(draw, other, n - k)

    # -- the operations --------------------------------------------------------------------------------
    def facts(self) -> st.SearchStrategy[Given]:
        return st.just({})

    def card_order(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            level, trump_suit = self.level(draw), self.suit(draw, null=True)
            pack = _Pack(self.rules)
            cards = _draw_cards(draw, pack, [self.tokens], _n(draw, 1, 16))
            return {"level": level, "trump_suit": trump_suit, "cards": cards}
        return given()

    def classify(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            level, trump_suit = self.level(draw), self.suit(draw)
            pack = _Pack(self.rules)
            if _n(draw, 0, 1) == 1:  # identical cards, a catalogue size or not
                card = self.tokens[_n(draw, 0, len(self.tokens) - 1)]
                cards = [pack.take(card) for _ in range(_n(draw, 1, min(self.rules.decks, max(self.sizes) + 1)))]
            else:
                cards = _draw_cards(draw, pack, [self.tokens], _n(draw, 1, max(self.sizes) + 1))
            return {"level": level, "trump_suit": trump_suit, "cards": cards}
        return given()

    def _trick_question(self, draw: Callable) -> tuple[Given, Ranking]:
        level, trump_suit = self.level(draw), self.suit(draw)
        ranking = self.ranking(level, trump_suit)
        pack = _Pack(self.rules)
        trick = self.trick(draw, pack, ranking, _n(draw, 0, self.rules.players - 1))
        favoured = ranking.suit_map[trick[0][0]] if trick else None
        hand = self.hand(draw, pack, ranking, favoured, self.rules.hand_size)
        return {"level": level, "trump_suit": trump_suit, "hand": hand, "trick": trick}, ranking

    def legal_play(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            question, ranking = self._trick_question(draw)
            return {**question, "play": self.play_from(draw, ranking, question["hand"], question["trick"])}
        return given()

    def legal_play_count(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            return self._trick_question(draw)[0]
        return given()

    def trick_winner(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            level, trump_suit = self.level(draw), self.suit(draw)
            ranking = self.ranking(level, trump_suit)
            leader = _n(draw, 0, self.rules.players - 1)
            plays = self.trick(draw, _Pack(self.rules), ranking, self.rules.players)
            return {"level": level, "trump_suit": trump_suit, "leader": leader, "plays": plays}
        return given().filter(lambda g: len(g["plays"]) == self.rules.players)

    def bottom_points(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            point_cards = [c for c in self.tokens if self.rules.point_map[c] > 0]
            bottom = _draw_cards(draw, _Pack(self.rules), [self.tokens, point_cards], self.rules.bottom_size)
            out: Given = {"bottom": bottom, "dug": _n(draw, 0, 1) == 1}
            if isinstance(self.rules.bottom_multiplier, dict):  # bottom.multiplier by the last trick's size
                out["last_trick_size"] = _n(draw, min(self.rules.combo_by_size), max(self.rules.combo_by_size))
            return out
        return given()

    def bury(self) -> st.SearchStrategy[Given]:
        @st.composite
        def given(draw: Callable) -> Given:
            level, trump_suit = self.level(draw), self.suit(draw)
            ranking = self.ranking(level, trump_suit)
            pack = _Pack(self.rules)
            most = self.rules.hand_size + self.rules.bottom_size
            favoured = (None, TRUMP, SUITS[_n(draw, 0, 3)])[_n(draw, 0, 2)]
            hand = _draw_cards(draw, pack, [self.tokens] if favoured is None else
                               [self.tokens, self.members(ranking, favoured)],
                               _n(draw, self.bury_count, most) if _n(draw, 0, 1) == 1 else _size(draw, most))
            mode = _n(draw, 0, 7)
            if mode < 6:
                bury = self.pick(draw, hand, self.bury_count)
            elif mode == 6:
                bury = self.pick(draw, hand, _n(draw, 0, self.bury_count + 2))
            else:
                bury = _draw_cards(draw, _Pack(self.rules), [self.tokens], self.bury_count)
            return {"level": level, "trump_suit": trump_suit, "hand": hand, "bury": bury}
        return given()

    def star_burial(self) -> st.SearchStrategy[Given] | None:
        if not self.rules.star_burial["enabled"]:
            return None
        jokers = self.rules.decks if BIG_JOKER in self.tokens else 0

        @st.composite
        def given(draw: Callable) -> Given:
            level, trump_suit = self.level(draw), self.suit(draw)
            ranking = self.ranking(level, trump_suit)
            pack = _Pack(self.rules)
            if self.rules.bury["big_jokers"] == "star_burial_only" and self.rules.star_burial["banker_jokers"] != "with_bury":
                pack.left.pop(BIG_JOKER, None)
            point_cards = [c for c in pack.left if self.rules.point_map[c] > 0]
            low = [c for c in pack.left if not ranking.trump_of[c]][:12]
            bottom = _draw_cards(draw, pack, [pack.tokens if BIG_JOKER in pack.left else
                                              [c for c in pack.tokens if c != BIG_JOKER], point_cards, low],
                                 self.rules.bottom_size)
            free = jokers - bottom.count(BIG_JOKER)
            holdings: dict[str, int] = {}
            for seat in range(self.rules.players):
                n = _n(draw, 0, free)
                if n:
                    holdings[str(seat)] = n
                    free -= n
            self._context = holdings
            loads = draw(self._loads)
            return {"level": level, "trump_suit": trump_suit, "banker": _n(draw, 0, self.rules.players - 1),
                    "bottom": bottom, "holdings": holdings, "loads": loads}
        return given()

    def load(self, draw: Callable, holdings: dict[str, int]) -> Given:
        """A star-burial load: a seat and a count up to one more than it holds."""
        seat = _n(draw, 0, self.rules.players - 1)
        return {"seat": seat, "count": _n(draw, 0, holdings.get(str(seat), 0) + 1)}

    def declare(self) -> st.SearchStrategy[Given]:
        rules = self.rules
        later_suit = rules.declaration["scope"] == "match"

        @st.composite
        def given(draw: Callable) -> Given:
            hand_number = 1 if _n(draw, 0, 3) else _n(draw, 2, 5)
            banker = None if hand_number == 1 else _n(draw, 0, rules.players - 1)
            level = rules.start_level if hand_number == 1 else self.level(draw)
            first = int(rules.first_drawer["first_hand"]) if banker is None else banker
            pack = _Pack(rules)
            showable = [c for c in self.tokens if self.shown_by(c, level)]
            deal = _draw_cards(draw, pack, [self.tokens, showable], _size(draw, rules.players * rules.hand_size))
            bottom = _draw_cards(draw, pack, [self.tokens, [c for c in JOKERS if c in self.tokens]], rules.bottom_size)
            self._context = (deal, first, level)
            shows = draw(self._shows_list)
            out: Given = {"level": level, "first_drawer": first, "deal": deal, "bottom": bottom, "shows": shows}
            if hand_number > 1:
                out.update(hand_number=hand_number, banker=banker,
                           trump_suit=self.suit(draw) if later_suit else None)
            return out
        return given().filter(lambda g: len(g["bottom"]) == rules.bottom_size)

    def shown_by(self, card: str, level: str) -> list[int]:
        """The counts of the kinds of ``declaration.shows`` that show ``card`` at ``level`` ([] for none)."""
        table = self._shows.get(level)
        if table is None:
            kinds = self.rules.declaration.get("shows", ())
            table = self._shows[level] = {
                c: sorted({int(k.get("count", 1)) for k in kinds
                           if k["card"] == c or (k["card"] == "level_card" and c[1:] == level)})
                for c in self.tokens}
        return table[card]

    def show(self, draw: Callable, deal: list[str], first: int, level: str) -> Given:
        """An attempted show: mostly of a card just dealt to the shower (once dealt, up to a round later),
        as many copies as a kind of ``declaration.shows`` asks; now and then any kind, seat and time."""
        kinds = self.rules.declaration.get("shows", ())
        players = self.rules.players
        anchors = [i for i, c in enumerate(deal) if self.shown_by(c, level)]
        kind = kinds[_n(draw, 0, len(kinds) - 1)] if kinds else {"card": BIG_JOKER, "count": 1}
        if anchors and _n(draw, 0, 3):
            i = anchors[_n(draw, 0, len(anchors) - 1)]
            card, seat = deal[i], (first + i) % players
            after = min(len(deal), i + 1 + _n(draw, 0, players))
            counts = self.shown_by(card, level)
            return {"seat": seat, "cards": [card] * counts[_n(draw, 0, len(counts) - 1)], "after": after}
        card = kind["card"] if kind["card"] != "level_card" else SUITS[_n(draw, 0, 3)] + level
        late = 1 if self.rules.declaration.get("window") == "until_bury" else 0  # after the deal, before the bury
        return {"seat": _n(draw, 0, players - 1), "cards": [card] * int(kind.get("count", 1)),
                "after": _n(draw, 0, len(deal) + late)}

    def settle(self) -> st.SearchStrategy[Given]:
        rules = self.rules
        stars_on = bool(rules.star_burial.get("enabled")) and rules.jokers_per_deck > 0
        pack_points = card_points(rules, [c for c in self.tokens for _ in range(rules.decks)])
        best_bottom = sum(sorted((rules.point_map[c] for c in self.tokens), reverse=True)[:1]) * rules.bottom_size
        most = (pack_points + max(0, rules.bottom_factor_max - 1) * best_bottom) // 5

        @st.composite
        def given(draw: Callable) -> Given:
            dug = _n(draw, 0, 1) == 1
            out: Given = {
                "banker": _n(draw, 0, rules.players - 1),
                "levels": {team: self.level(draw) for team in TEAMS},
                "attacker_points": 5 * (_n(draw, 0, most) if _n(draw, 0, 3) else
                                        _n(draw, max(0, rules.threshold // 5 - 3), rules.threshold // 5 + 2)),
                "bottom_dug": dug,
            }
            if stars_on and _n(draw, 0, 1) == 1:
                banker_team = _n(draw, 0, rules.decks)
                out["stars"] = {"banker_team": banker_team, "attackers": _n(draw, 0, rules.decks - banker_team)}
            if dug and _n(draw, 0, 1) == 1:
                out["dug_with_level_rank"] = _n(draw, 0, 1) == 1
            if dug and _n(draw, 0, 1) == 1:  # level cards or big jokers won the last trick, never both
                out["dug_with_big_joker"] = not out.get("dug_with_level_rank") and _n(draw, 0, 1) == 1
            if stars_on and _n(draw, 0, 1) == 1:
                out["bottom_small_jokers"] = _n(draw, 0, rules.decks)
            if _n(draw, 0, 1) == 1:  # a seat of the attacking team, or null
                out["attackers_last_banker"] = [None, (out["banker"] + 1) % 2, (out["banker"] + 3) % 4][_n(draw, 0, 2)]
            return out
        return given()


OPERATIONS = ("facts", "card_order", "classify", "legal_play", "legal_play_count", "trick_winner", "declare",
              "bottom_points", "bury", "star_burial", "settle")
"""The operations with a strategy (every Huolong operation but ``replay``)."""


def strategies(rules: HuolongRules) -> dict[str, st.SearchStrategy[Given]]:
    """Operation name → a strategy of valid ``given`` mappings for one variant.

    Args:
        rules: the variant's rules (:func:`~.rules.rules_for` or :func:`~.rules.rules_from_variant`).

    Returns:
        One strategy per operation of :data:`OPERATIONS` that the variant has (``star_burial`` only when
        ``star_burial.enabled``), in that order.
    """
    made = _Strategies(rules)
    out = {}
    for op in OPERATIONS:
        strategy = getattr(made, op)()
        if strategy is not None:
            out[op] = strategy
    return out

