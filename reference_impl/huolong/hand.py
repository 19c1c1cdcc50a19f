"""One Huolong hand as a state machine, from the first card dealt to the settlement.

Phases, in order::

    deal ─▶ declare ─▶ bury ─▶ star_burial ─▶ play ─▶ settled
                  └──▶ redeal (nobody declared and the variant redeals: the hand ends here)

* ``deal``: cards are dealt one at a time (action ``{"type": "deal"}``); between two cards any player
  may show (``{"type": "show", "seat", "cards"}``, rule ``declaration.*``).
* ``declare``: every card is dealt; a last show is still possible; ``{"type": "close"}`` ends the
  window and fixes trump suit and banker (``declaration.nobody_declared`` may redeal).
* ``bury``: the banker has taken up the bottom and puts back ``bury.count`` cards
  (``{"type": "bury", "seat", "cards"}``, rule ``bury.*``). Under ``declaration.window: until_bury`` a
  show is still possible before the bury; one that makes another seat banker moves the dealt bottom to
  that seat's hand.
* ``star_burial``: the seats holding big jokers decide in turn (``{"type": "load", "seat", "count"}``,
  count 0 to pass; a load by a later seat passes the seats before it); then the forced loads are made
  (rule ``star_burial.*``). Skipped when the variant has no star burial.
* ``play``: 39 tricks (``{"type": "play", "seat", "cards"}``): the banker leads the first
  (``lead.first_trick``), each trick's winner the next (``lead.next_trick``); the winner's team takes
  the trick's points, the attackers' count (``points.captured_by``); the last trick decides the bottom
  (``bottom.dig``).
* ``settled``: :func:`settlement.settle` has decided levels, next banker, match winner and stakes.

Every applied action that a game record keeps is appended to :attr:`HandState.actions` as a plain
JSON-ready dict: ``show`` (with ``after``, the number of cards dealt when it was made), ``declaration``
(the outcome, written when the window closes), ``bury``, ``load``, ``play`` and ``settle`` (the
settlement, written after the last trick). An illegal action raises :class:`IllegalAction` with a
reason code and leaves the state unchanged (the one :class:`~datong_rules.reference_impl.state_api.IllegalAction` of
every game).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..cards import BIG_JOKER, CANONICAL, SMALL_JOKER, expand, parse_cards
from ..state_api import IllegalAction, check_on_a_copy, redealt
from . import burying
from .declaration import Declaration, DeclarationResult
from .dealing import check_pack, dealt_count, first_drawer as default_first_drawer
from .follow import check_play, held_of_suit, legal_plays, random_follow, random_lead
from .ranking import Ranking
from .rules import HuolongRules
from .sampling import below, pick
from .scoring import bottom_award
from .settlement import SettleInput, SettleOutcome, settle
from .trick import strongest_play, trick_points, won_with_level_rank


# Reason codes for actions that are wrong whatever their content (record replay adds its own).
WRONG_PHASE = "wrong_phase"    # the action's type is not expected in this phase
OUT_OF_TURN = "out_of_turn"    # another seat is to act
BAD_ACTION = "bad_action"      # malformed: unknown type, missing field, bad card token

OVER = frozenset({"settled", "redeal"})
"""The phases of a finished hand (a set: asked after every action, one hash look-up instead of two comparisons)."""


class HandState:
    """The state of one hand.

    Args:
        rules: the variant's rules.
        pack: the full dealing order (``rules.cards_total`` tokens).
        hand_number: 1 for a match's first hand.
        team_levels: ``(level of seats 0/2, level of seats 1/3)`` before the hand.
        banker: the banker fixed by the rotation (later hands), or None (first hand: declared).
        trump_suit: the match's trump suit for a later hand under ``declaration.scope: match``.
        first_drawer: who draws first; by default from ``deal.first_drawer``.
        last_bankers: ``(team 0's last banker, team 1's last banker)`` in the match before this hand, None for a
            team that has not had the bank (read by ``rotation.take_over: team_alternates``).

    The pack is always checked, but on the engine's own private path (``_pack_checked=True``, for a pack known to be
    the variant's: a shuffle of its decks, :func:`.dealing.new_pack`, as a match or :func:`.state.new_hand` deals a
    hand; a hand's own pack, copied by :meth:`copy`), which no public keyword opens.

    Raises:
        ValueError: the pack is not the variant's pack, or the teams' levels differ while no banker
            is known (the hand's level would be undefined).

    Main attributes: ``phase``, ``hands`` (per-seat Counters), ``banker``, ``trump_suit``, ``level``,
    ``ranking`` (once the suit is fixed), ``bottom`` (the cards lying in the bottom now: the dealt bottom, none
    while the banker holds it, then the buried cards), ``dealt_bottom``, ``tricks`` (``[(leader, plays, winner, points)]``),
    ``attacker_points`` (captured in tricks), ``outcome`` (the SettleOutcome), ``actions`` (the log).
    """

    __slots__ = ("last_bankers", "rules", "pack", "hand_number", "team_levels", "level", "first_drawer", "total",
                 "hands", "decl", "declaration", "phase", "banker", "trump_suit", "ranking", "bottom", "dealt_bottom",
                 "buried", "star", "forced_loads", "tricks", "leader", "trick", "attacker_points", "bottom_points",
                 "bottom_dug", "dug_with_level_rank", "dug_with_big_joker", "last_trick_level_rank", "outcome",
                 "actions", "_players", "_by_suit")

    def __init__(self, rules: HuolongRules, pack: Sequence[str], *, hand_number: int = 1,
                 team_levels: Sequence[str] | None = None, banker: int | None = None,
                 trump_suit: str | None = None, first_drawer: int | None = None,
                 last_bankers: Sequence[int | None] = (None, None), _pack_checked: bool = False) -> None:
        problem = None if _pack_checked else check_pack(rules, pack)
        if problem:
            raise ValueError(problem)
        levels = tuple(team_levels) if team_levels is not None else (rules.start_level,) * 2
        if len(levels) != 2 or any(lv not in rules.level_order for lv in levels):
            raise ValueError(f"team_levels must be two levels of {rules.variant_id}, got {list(levels)}")
        if banker is None and levels[0] != levels[1]:
            raise ValueError("the hand's level is undefined: the teams' levels differ and no banker is known")
        if hand_number > 1 and rules.declaration.get("scope") == "match" and (trump_suit is None or banker is None):
            raise ValueError("a later hand of a match-scope variant needs the match's trump suit and the banker")
        bad = [s for s in last_bankers if s is not None and (type(s) is not int or not 0 <= s < rules.players)]
        if len(last_bankers) != 2 or bad or any(s is not None and s % 2 != t for t, s in enumerate(last_bankers)):
            raise ValueError(f"last_bankers must be [a seat of team 0 or null, a seat of team 1 or null], "
                             f"got {list(last_bankers)}")
        self.last_bankers: tuple[int | None, int | None] = (last_bankers[0], last_bankers[1])
        self.rules = rules
        self.pack = list(pack)
        self.hand_number = hand_number
        self.team_levels = levels
        self.level = levels[banker % 2] if banker is not None else levels[0]  # levels.hand_level: banker_team
        self.first_drawer = default_first_drawer(rules, hand_number, banker) if first_drawer is None else first_drawer
        self.total = dealt_count(rules)
        self.hands: list[Counter[str]] = [Counter() for _ in range(rules.players)]
        self.decl = Declaration(rules, self.level, self.first_drawer, hand_number=hand_number, banker=banker,
                                kept_suit=trump_suit, held=self.hands)
        self.declaration: DeclarationResult | None = None
        self.phase = "deal"
        self.banker = banker
        self.trump_suit = trump_suit
        self.ranking: Ranking | None = None
        self.bottom: list[str] = list(self.pack[self.total:])
        self.dealt_bottom: list[str] = self.bottom
        self.buried: list[str] = []
        self.star: burying.StarBurial | None = None
        self.forced_loads: list[tuple[int, int]] = []
        self.tricks: list[tuple[int, list[list[str]], int, int]] = []
        self.leader: int | None = None
        self.trick: list[list[str]] = []
        self.attacker_points = 0
        self.bottom_points = 0
        self.bottom_dug: bool | None = None
        self.dug_with_level_rank = False  # the attackers won the last trick with level-rank cards (钩)
        self.dug_with_big_joker = False  # the attackers won the last trick with big jokers
        self.last_trick_level_rank = False  # the last trick was won with level-rank cards, by either team
        self.outcome: SettleOutcome | None = None
        self.actions: list[dict[str, Any]] = []
        self._players = rules.players
        self._by_suit: list[tuple[Counter[str], dict[str, list[str]], dict[str, str]] | None] = [None] * rules.players
        """Seat → (its hand, the distinct cards it holds of each effective suit, the ranking's ``suit_map``):
        :meth:`_held_of_suit`."""

    # -- questions ---------------------------------------------------------------------------------
    @property
    def known_ranking(self) -> Ranking:
        """The hand's ranking once the trump suit is fixed (bury, star burial, play, settled).

        Raises:
            RuntimeError: the declaration has not fixed the trump suit yet.
        """
        if self.ranking is None:
            raise RuntimeError(f"no trump suit is fixed in the {self.phase} phase")
        return self.ranking

    @property
    def known_banker(self) -> int:
        """The banker's seat once it is known (from the rotation, or the declaration).

        Raises:
            RuntimeError: no banker is known yet.
        """
        if self.banker is None:
            raise RuntimeError(f"no banker is known in the {self.phase} phase")
        return self.banker

    @property
    def star_round(self) -> burying.StarBurial:
        """The star-burial round, once the bury is made under ``star_burial.enabled``.

        Raises:
            RuntimeError: the hand has no star-burial round (not yet, or the variant has none).
        """
        if self.star is None:
            raise RuntimeError(f"no star burial in the {self.phase} phase")
        return self.star

    @property
    def settle_outcome(self) -> SettleOutcome:
        """The settlement's outcome (levels, next banker, match winner, stakes).

        Raises:
            RuntimeError: the hand is not settled.
        """
        if self.outcome is None:
            raise RuntimeError("the hand is not settled")
        return self.outcome

    def _leader(self) -> int:
        """The seat that led (or leads) the trick in play."""
        if self.leader is None:
            raise RuntimeError(f"no trick is led in the {self.phase} phase")
        return self.leader

    @property
    def dealt(self) -> int:
        """Cards dealt so far."""
        return self.decl.dealt

    @property
    def finished(self) -> bool:
        """True once the hand is settled or is to be redealt."""
        return self.phase in OVER

    def is_terminal(self) -> bool:
        """State API: True once the hand is settled or is to be redealt (same as :attr:`finished`)."""
        return self.phase in OVER

    def current_player(self) -> int | None:
        """State API: the seat whose action is awaited, or None while the table deals (deal/declare: the next
        card, the close of the declaration; any seat may show). Same as :meth:`to_move`."""
        return self.to_move()

    def settlement(self) -> dict[str, Any]:
        """State API: the hand's result: the ``settle`` entry of the log without its ``type`` (levels, next banker,
        match winner, stakes, points, bottom), or ``{"redeal": True}`` for a hand to be dealt again.

        Raises:
            RuntimeError: the hand is not over.
        """
        if self.phase == "redeal":
            return {"redeal": True}
        if self.outcome is None:
            raise RuntimeError("the hand is not settled")
        return {key: value for key, value in self.settle_claim().items() if key != "type"}

    def check(self, action: dict[str, Any]) -> str | None:
        """State API: None when ``action`` is legal now, else its reason code (as :meth:`apply` would refuse it); the
        state is unchanged (the action is tried on a copy)."""
        return check_on_a_copy(self, action, self.copy())

    def copy(self) -> HandState:
        """A copy of this hand in which every action can be applied without changing this one: the hands, the
        declaration, the star-burial round, the tricks, the log and the lists of cards copied; the rules, the
        ranking, the pack, the settlement and the cards of past plays (never changed) shared."""
        decl = self.decl
        new = HandState(self.rules, self.pack, hand_number=self.hand_number, team_levels=self.team_levels,
                        banker=decl.fixed_banker, trump_suit=decl.kept_suit, first_drawer=self.first_drawer,
                        last_bankers=self.last_bankers, _pack_checked=True)
        new.hands = [Counter(hand) for hand in self.hands]
        new._by_suit = [None if kept is None or kept[0] is not hand else
                        (new.hands[seat], {suit: list(cards) for suit, cards in kept[1].items()}, kept[2])
                        for seat, (hand, kept) in enumerate(zip(self.hands, self._by_suit))]
        new.decl, shows = decl.copy(new.hands)
        if self.declaration is not None:
            result = self.declaration
            new.declaration = DeclarationResult(result.outcome, result.trump_suit, result.banker,
                                                tuple(shows.get(id(s), s) for s in result.shows))
        new.phase, new.banker, new.trump_suit, new.level = self.phase, self.banker, self.trump_suit, self.level
        new.ranking = self.ranking
        new.bottom = list(self.bottom)
        new.dealt_bottom = new.bottom if self.dealt_bottom is self.bottom else list(self.dealt_bottom)
        new.buried = list(self.buried)
        new.star = self.star.copy() if self.star is not None else None
        new.forced_loads = list(self.forced_loads)
        new.tricks = list(self.tricks)
        new.leader = self.leader
        new.trick = list(self.trick)
        new.attacker_points, new.bottom_points = self.attacker_points, self.bottom_points
        new.bottom_dug = self.bottom_dug
        new.dug_with_level_rank, new.dug_with_big_joker = self.dug_with_level_rank, self.dug_with_big_joker
        new.last_trick_level_rank = self.last_trick_level_rank
        new.outcome = self.outcome
        new.actions = list(self.actions)
        return new

    def with_hands(self, hands: Sequence[Sequence[str] | Counter]) -> HandState:
        """State API (:class:`..state_api.Redealable`): a copy of this hand, sharing its rules and ranking, in which
        seat ``s`` holds ``hands[s]`` (card tokens) instead of its cards, everything else as now (the bottom, the
        tricks, the trick in play, the points); this hand is unchanged. A search bot's sampled deal of the cards it
        cannot see.

        Raises:
            ValueError: ``hands`` is no redeal of the seats' cards (:func:`..state_api.redealt`).
        """
        dealt = redealt(self.hands, hands)
        copy = self.copy()
        for seat, cards in enumerate(dealt):  # in place: the declaration holds the same list of hands
            copy.hands[seat] = +cards
        return copy

    def cards_everywhere(self) -> Counter:
        """State API: every card of the hand wherever it lies now (hands, cards not dealt yet, the bottom, the tricks
        played and the trick on the table); always the pack, if no card is lost or made."""
        out: Counter[str] = Counter()
        for hand in self.hands:
            out.update(hand)
        if self.phase == "deal":
            out.update(self.pack[self.decl.dealt:self.total])
        out.update(self.bottom)
        for _, plays, _, _ in self.tricks:
            for play in plays:
                out.update(play)
        for play in self.trick:
            out.update(play)
        return +out

    def to_move(self) -> int | None:
        """The seat whose action is awaited, or None (deal/declare: the dealer, any seat may show)."""
        if self.phase == "bury":
            return self.banker
        if self.phase == "star_burial":
            deciders = self.star_round.deciders()
            return deciders[0] if deciders else None
        if self.phase == "play":
            return (self._leader() + len(self.trick)) % self.rules.players
        return None

    def legal_actions(self) -> Iterator[dict[str, Any]]:
        """The legal actions now, lazily (the bury phase has millions: use :meth:`random_action`).

        Yields:
            action dicts as accepted by :meth:`apply`.
        """
        if self.phase in ("deal", "declare"):
            yield {"type": "deal"} if self.phase == "deal" else {"type": "close"}
            for seat, cards in self.decl.all_legal_shows():
                yield {"type": "show", "seat": seat, "cards": list(cards)}
        elif self.phase == "bury":
            for seat in range(self.rules.players):  # declaration.window: until_bury (none once closed)
                for cards in self.decl.legal_shows(seat):
                    yield {"type": "show", "seat": seat, "cards": cards}
            banker = self.known_banker
            for bury in burying.legal_buries(self.rules, self.known_ranking, self.hands[banker]):
                yield {"type": "bury", "seat": banker, "cards": list(bury)}
        elif self.phase == "star_burial":  # simultaneous: every seat still to decide; else the one in turn
            star = self.star_round
            for seat in star.deciders() if star.simultaneous else star.deciders()[:1]:
                for count in star.legal_counts(seat):
                    yield {"type": "load", "seat": seat, "count": count}
        elif self.phase == "play":
            seat = (self._leader() + len(self.trick)) % self.rules.players
            for play in legal_plays(self.rules, self.known_ranking, self.hands[seat], self.trick):
                yield {"type": "play", "seat": seat, "cards": list(play)}

    def random_action(self, rng: random.Random) -> dict[str, Any]:
        """One legal action drawn at random, without enumerating them all: a play and a bury uniformly among the legal
        ones (:func:`.follow.random_legal_play`, :func:`.burying.random_bury`), a load uniformly among the legal
        counts; during the deal the next card or the close and every legal show equally likely; before a bury
        under ``declaration.window: until_bury`` a legal show a quarter of the time (when one is legal).

        Raises:
            RuntimeError: the hand is finished.
        """
        phase = self.phase
        if phase == "play":
            leader, ranking = self.leader, self.ranking
            if leader is None or ranking is None:
                raise RuntimeError("no trick is led")
            trick = self.trick
            seat = (leader + len(trick)) % self._players
            hand = self.hands[seat]
            if not trick:
                return {"type": "play", "seat": seat, "cards": random_lead(self.rules, hand, rng)}
            lead = trick[0]  # the led shape (:meth:`_led`): the lead was checked, or made here, when it was played
            suit = ranking.suit_map[lead[0]]
            kept = self._by_suit[seat]
            held = kept[1][suit] if kept is not None and kept[0] is hand else self._held_of_suit(seat, hand, ranking,
                                                                                                   suit)
            return {"type": "play", "seat": seat,
                    "cards": random_follow(self.rules, ranking, hand, len(lead), suit, held, rng)}
        if phase == "deal" or phase == "declare":  # the next step or any legal show, equally likely
            decl = self.decl  # a hand without a declaration (declaration.scope: match, after the first) has none
            shows = decl.all_legal_shows() if decl.active else ()
            drawn = below(rng, len(shows) + 1) if shows else 0
            if drawn == 0:
                return {"type": "deal"} if phase == "deal" else {"type": "close"}
            seat, cards = shows[drawn - 1]
            return {"type": "show", "seat": seat, "cards": list(cards)}
        if phase in ("settled", "redeal"):
            raise RuntimeError("the hand is finished")
        if phase == "bury":
            if not self.decl.closed:  # declaration.window: until_bury: now and then a show before the bury
                shows = self.decl.all_legal_shows() if rng.random() < 0.25 else []
                if shows:
                    seat, cards = pick(rng, shows)
                    return {"type": "show", "seat": seat, "cards": list(cards)}
            banker = self.known_banker
            return {"type": "bury", "seat": banker,
                    "cards": burying.random_bury(self.rules, self.known_ranking, self.hands[banker], rng)}
        return pick(rng, list(self.legal_actions()))

    # -- actions -----------------------------------------------------------------------------------
    def apply(self, action: dict[str, Any], validate: bool = True) -> None:
        """Apply one action (see the module doc for the shapes). ``validate=False``: trust an action the engine
        made itself (:meth:`random_action`, :meth:`legal_actions`, the bots of :mod:`.bots`): a card dealt, a bury
        and a play are made without checking them (the fast path of bot matches); the other actions are checked
        as always. An action from outside (a record, the table, the protocol) is always applied validated.

        Raises:
            IllegalAction: with a reason code; the state is unchanged.
        """
        if action.__class__ is dict:  # the common actions first, without _HANDLERS' look-ups
            try:
                kind = action["type"]  # a subscript, cheaper than dict.get's call
            except KeyError:
                kind = None
            phase = self.phase
            if kind == "deal":
                if phase == "deal":  # the table's step, nothing in it to check: deal_one, without its call
                    decl = self.decl
                    decl.on_card(self.pack[decl.dealt])
                    if decl.dealt == self.total:
                        self.phase = "declare"
                    return
            elif kind == "play":
                if phase == "play":
                    if validate:
                        self._do_play(action)
                    else:
                        self._make_play(action["seat"], list(action["cards"]))
                    return
            elif kind == "bury" and phase == "bury" and not validate:
                return self._make_bury(action["seat"], list(action["cards"]))
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(BAD_ACTION, None, action, "an action is a mapping with a 'type'")
        kind = action["type"]
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise IllegalAction(BAD_ACTION, action.get("seat"), action, f"unknown action type {kind!r}")
        if self.phase not in handler[0]:
            raise IllegalAction(WRONG_PHASE, action.get("seat"), action, f"a {kind} in the {self.phase} phase")
        handler[1](self, action)

    def _seat_of(self, action: dict[str, Any]) -> int:
        seat = action.get("seat")
        if type(seat) is not int or not 0 <= seat < self._players:
            raise IllegalAction(BAD_ACTION, None, action, f"bad seat {seat!r}")
        return seat

    def _cards_of(self, action: dict[str, Any], seat: int | None) -> list[str]:
        cards = action.get("cards")
        if not isinstance(cards, list):
            raise IllegalAction(BAD_ACTION, seat, action, "'cards' must be a list of cards")
        try:  # canonical tokens already: a copy at once (parse_cards' fast path)
            return parse_cards(cards)
        except ValueError as err:
            raise IllegalAction(BAD_ACTION, seat, action, str(err)) from None

    def deal_one(self) -> int:
        """Deal the next card (phase ``deal``); returns the receiving seat."""
        decl = self.decl
        seat = decl.on_card(self.pack[decl.dealt])
        if decl.dealt == self.total:
            self.phase = "declare"
        return seat

    def deal_until(self, count: int) -> None:
        """Deal cards until ``count`` have been dealt (no-op if already there; capped at the deal)."""
        while self.phase == "deal" and self.decl.dealt < count:
            self.deal_one()

    def _do_deal(self, action: dict[str, Any]) -> None:
        self.deal_one()

    def _do_show(self, action: dict[str, Any]) -> None:
        if self.phase == "bury" and self.decl.closed:
            raise IllegalAction(WRONG_PHASE, action.get("seat"), action, "a show in the bury phase")
        seat = self._seat_of(action)
        cards = self._cards_of(action, seat)
        reason = self.decl.check_show(seat, cards)
        if reason is not None:
            raise IllegalAction(reason, seat, action)
        self.decl.show(seat, cards)
        self.actions.append({"type": "show", "seat": seat, "cards": cards, "after": self.decl.dealt})
        if self.phase == "bury":  # declaration.window: until_bury
            self._take_declaration(self.decl.result(self.dealt_bottom))

    def _take_declaration(self, result: DeclarationResult) -> None:
        """The banker and suit of a show after the deal (``until_bury``): the dealt bottom moves to a new banker."""
        old, new = self.known_banker, _declared_banker(result)
        if new != old:
            self.hands[old].subtract(self.dealt_bottom)
            self.hands[new].update(self.dealt_bottom)
            for hand in (self.hands[old], self.hands[new]):
                for card in [c for c, k in hand.items() if k <= 0]:
                    del hand[card]
        self.declaration = result
        self.banker, self.trump_suit = new, result.trump_suit
        self.level = self.team_levels[new % 2]
        self.ranking = Ranking.get(self.rules, self.level, self.trump_suit)

    def _do_close(self, action: dict[str, Any]) -> None:
        result = self.decl.finish(self.bottom)
        self.declaration = result
        self.actions.append({"type": "declaration", "outcome": result.outcome,
                             "trump_suit": result.trump_suit, "banker": result.banker})
        if result.outcome == "redeal":
            self.phase = "redeal"
            return
        banker = _declared_banker(result)
        self.banker, self.trump_suit = banker, result.trump_suit
        self.level = self.team_levels[banker % 2]
        self.ranking = Ranking.get(self.rules, self.level, self.trump_suit)
        self.hands[banker].update(self.bottom)  # the banker takes up the bottom
        self.dealt_bottom, self.bottom = self.bottom, []
        self.phase = "bury"

    def _do_bury(self, action: dict[str, Any]) -> None:
        seat = self._seat_of(action)
        if seat != self.banker:
            raise IllegalAction(OUT_OF_TURN, seat, action, f"the banker (seat {self.banker}) buries")
        cards = self._cards_of(action, seat)
        reason = burying.check_bury(self.rules, self.known_ranking, self.hands[seat], cards)
        if reason is not None:
            raise IllegalAction(reason, seat, action)
        self._make_bury(seat, cards)

    def _make_bury(self, seat: int, cards: list[str]) -> None:
        """The banker ``seat`` buries ``cards`` (a legal bury: checked by the caller or made by the engine)."""
        self.decl.close()  # declaration.window: until_bury ends with the bury
        self.hands[seat].subtract(cards)
        self.buried = list(cards)
        self.bottom = list(cards)
        self.actions.append({"type": "bury", "seat": seat, "cards": cards})
        if self.rules.star_burial.get("enabled"):
            holdings = [h[BIG_JOKER] for h in self.hands]
            self.star = burying.StarBurial(self.rules, self.known_ranking, seat, self.bottom, holdings)
            self.phase = "star_burial"
            self._maybe_end_star_burial()
        else:
            self._start_play()

    def _do_load(self, action: dict[str, Any]) -> None:
        seat = self._seat_of(action)
        count = action.get("count")
        star = self.star_round
        reason = star.check_load(seat, count)
        if reason is not None or not isinstance(count, int):
            raise IllegalAction(reason or burying.BAD_COUNT, seat, action)
        self._take_back(seat, star.make_load(seat, count))
        self.actions.append({"type": "load", "seat": seat, "count": count})
        self._maybe_end_star_burial()

    def _take_back(self, seat: int, taken: list[str]) -> None:
        hand = self.hands[seat]
        hand[BIG_JOKER] -= len(taken)
        if not hand[BIG_JOKER]:
            del hand[BIG_JOKER]
        hand.update(taken)
        self.bottom = expand(self.star_round.bottom)

    def end_star_burial(self) -> None:
        """Pass for every seat still to decide and make the forced loads (phase ``star_burial``)."""
        if self.phase != "star_burial":
            raise IllegalAction(WRONG_PHASE, None, {"type": "end_star_burial"})
        star = self.star_round
        before = len(star.loads)
        self.forced_loads = star.force()
        for seat, _, taken, _ in star.loads[before:]:
            self._take_back(seat, taken)
        self._start_play()

    def _maybe_end_star_burial(self) -> None:
        if not self.star_round.deciders():
            self.end_star_burial()

    def _start_play(self) -> None:
        self.phase = "play"
        self.leader = self.banker  # lead.first_trick: banker (rules_for refuses any other value)

    def _led(self) -> tuple[int, str] | None:
        """The trick's led shape (:func:`.follow.led_shape`: cards led, led suit), or None before the lead; the lead
        is not classified again (it was checked, or made by the engine, when it was played)."""
        if not self.trick or self.ranking is None:
            return None
        lead = self.trick[0]
        return len(lead), self.ranking.suit_map[lead[0]]

    def _do_play(self, action: dict[str, Any]) -> None:
        seat = action["seat"] if "seat" in action else None  # subscripts, cheaper than dict.get's calls; a field
        given: Any = action["cards"] if "cards" in action else None  # missing is named below, each on its own
        trick, leader, ranking = self.trick, self.leader, self.ranking
        if leader is None or ranking is None:  # as _leader() and known_ranking say, without their calls
            raise RuntimeError(f"no trick is led in the {self.phase} phase")
        expected = (leader + len(trick)) % self._players
        if seat.__class__ is not int or seat != expected:  # the seat to play is a seat: _seat_of only for others
            seat = self._seat_of(action)
            raise IllegalAction(OUT_OF_TURN, seat, action, f"seat {expected} is to play")
        try:  # canonical tokens (the engine's own actions): a copy at once, as _cards_of makes it
            canonical = given.__class__ is list and CANONICAL.issuperset(given)
        except TypeError:  # an unhashable card: _cards_of names it
            canonical = False
        cards = list(given) if canonical else self._cards_of(action, seat)
        hand = self.hands[seat]
        led: tuple[int, str] | None = None
        held: list[str] | None = None
        kept = self._by_suit[seat]  # the seat's cards by suit, where the draws keep them
        if kept is not None and kept[0] is not hand:
            kept = None
        if trick:  # the led shape (_led()): the lead was checked, or made by the engine, when it was played
            suit = ranking.suit_map[trick[0][0]]
            led = (len(trick[0]), suit)
            if kept is not None:
                held = kept[1][suit]
        reason = check_play(self.rules, ranking, hand, trick, cards, led, held)
        if reason is not None:
            raise IllegalAction(reason, seat, action)
        self._make_play(seat, cards, hand, kept)  # the hand and its cards by suit as the check found them

    def _held_of_suit(self, seat: int, hand: Counter[str], ranking: Ranking, suit: str) -> list[str]:
        """:func:`.follow.held_of_suit` of ``seat``'s ``hand``, kept from play to play (:meth:`_make_play` takes the
        cards out as the seat plays them); made afresh once the seat's hand is another ``Counter`` (a caller that
        replaced it: :meth:`with_hands`, a test). The caller must not change the list."""
        kept = self._by_suit[seat]
        if kept is None or kept[0] is not hand:
            kept = (hand, {s: held_of_suit(ranking, hand, s) for s in ranking.suit_members}, ranking.suit_map)
            self._by_suit[seat] = kept
        return kept[1][suit]

    def _make_play(self, seat: int, cards: list[str], hand: Counter[str] | None = None,
                   kept: tuple[Counter[str], dict[str, list[str]], dict[str, str]] | None = None) -> None:
        """``seat`` plays ``cards`` (a legal play: checked by the caller or made by the engine). ``hand``: the seat's
        hand when the caller's check found it, with ``kept``, its cards by suit (``_by_suit[seat]``, None when not
        kept for this hand), not looked up again."""
        if hand is None:
            hand = self.hands[seat]
            kept = self._by_suit[seat]
            if kept is not None and kept[0] is not hand:
                kept = self._by_suit[seat] = None
        elif kept is None:
            self._by_suit[seat] = None
        for card in cards:
            left = hand[card] - 1
            if left:
                hand[card] = left
            else:
                hand.pop(card)  # dict.pop: Counter's own __delitem__ is Python code
                if kept is not None:
                    kept[1][kept[2][card]].remove(card)
        trick = self.trick
        trick.append(cards)
        self.actions.append({"type": "play", "seat": seat, "cards": cards})
        if len(trick) == self._players:
            self._end_trick()

    def _end_trick(self) -> None:
        rules, plays, ranking, leader, banker = self.rules, self.trick, self.ranking, self.leader, self.banker
        if ranking is None or leader is None or banker is None:
            raise RuntimeError("a trick ends before the play")
        index = strongest_play(rules, ranking, plays)  # the lead was checked (or made by the engine) when played
        winner = (leader + index) % rules.players
        points = trick_points(rules, plays)
        attackers_won = winner % 2 != banker % 2
        if attackers_won:  # points.captured_by: trick_winner_team; only the attackers' count
            self.attacker_points += points
        self.tricks.append((leader, plays, winner, points))
        self.trick = []
        self.leader = winner  # lead.next_trick: trick_winner
        if not any(self.hands[0].values()):
            self.bottom_dug = attackers_won  # bottom.dig: last_trick_winner
            self.last_trick_level_rank = won_with_level_rank(ranking, plays[index])
            # settlement input: only the attackers dig (钩, li-zhijiang 一.六.8); the banker team's own
            # level card on the last trick is no hook
            self.dug_with_level_rank = attackers_won and self.last_trick_level_rank
            self.dug_with_big_joker = attackers_won and plays[index][0] == BIG_JOKER
            self._settle()

    def _settle(self) -> None:
        rules, dug = self.rules, bool(self.bottom_dug)
        self.bottom_points, awarded = bottom_award(rules, self.bottom, dug, self.last_trick_size)
        final_points = self.attacker_points + awarded
        stars = dict(self.star.stars) if self.star else {"banker_team": 0, "attackers": 0}
        b = self.known_banker
        levels = {"banker_team": self.team_levels[b % 2], "attackers": self.team_levels[(b + 1) % 2]}
        self.outcome = settle(rules, SettleInput(banker=b, levels=levels, attacker_points=final_points,
                                                 bottom_dug=dug, stars=stars,
                                                 dug_with_level_rank=self.dug_with_level_rank,
                                                 dug_with_big_joker=self.dug_with_big_joker,
                                                 bottom_small_jokers=self.bottom.count(SMALL_JOKER),
                                                 attackers_last_banker=self.last_bankers[(b + 1) % 2]))
        self.actions.append(self.settle_claim())
        self.phase = "settled"

    # -- results -----------------------------------------------------------------------------------
    @property
    def final_attacker_points(self) -> int:
        """The attackers' score: points captured in tricks plus the bottom's award (when dug)."""
        if self.bottom_dug is None:
            return self.attacker_points
        return self.attacker_points + bottom_award(self.rules, self.bottom, self.bottom_dug, self.last_trick_size)[1]

    @property
    def last_trick_size(self) -> int | None:
        """The cards each player played to the last trick played so far (its lead's size), or None before the
        first trick (``bottom.multiplier`` by last-trick size)."""
        return len(self.tricks[-1][1][0]) if self.tricks else None

    def settle_claim(self) -> dict[str, Any]:
        """The ``settle`` entry of the action log: the hand's result and its settlement.

        Raises:
            RuntimeError: the hand is not settled.
        """
        out = self.settle_outcome
        return {
            "type": "settle",
            "attacker_points": self.final_attacker_points,
            "captured_points": self.attacker_points,
            "bottom": expand(Counter(self.bottom)),
            "bottom_points": self.bottom_points,
            "bottom_dug": self.bottom_dug,
            "dug_with_level_rank": self.dug_with_level_rank,
            "stars": dict(self.star.stars) if self.star else {"banker_team": 0, "attackers": 0},
            "row": out.row,
            "next_banker": out.next_banker,
            "levels": dict(out.levels),
            "match_winner": out.match_winner,
            "stakes": dict(out.stakes),
        }

    def team_levels_after(self) -> tuple[str, str]:
        """``(level of seats 0/2, level of seats 1/3)`` after the settlement."""
        if self.outcome is None:
            raise RuntimeError("the hand is not settled")
        by_role = self.outcome.levels
        if self.known_banker % 2 == 0:
            return by_role["banker_team"], by_role["attackers"]
        return by_role["attackers"], by_role["banker_team"]

    def match_winner_team(self) -> int | None:
        """The winning team as ``seat % 2`` (0: seats 0/2, 1: seats 1/3), or None."""
        if self.outcome is None or self.outcome.match_winner is None:
            return None
        b = self.known_banker % 2
        return b if self.outcome.match_winner == "banker_team" else 1 - b

    def summary(self) -> dict[str, Any]:
        """A comparable digest of the state (phase, hands, bottom, tricks, points, settlement)."""
        return {
            "phase": self.phase,
            "trump_suit": self.trump_suit,
            "banker": self.banker,
            "hands": [expand(+h) for h in self.hands],
            "bottom": expand(Counter(self.bottom)),
            "tricks": [(lead, [list(p) for p in plays], w, pts) for lead, plays, w, pts in self.tricks],
            "attacker_points": self.final_attacker_points,
            "settle": self.settle_claim() if self.outcome else None,
        }


def _declared_banker(result: DeclarationResult) -> int:
    """The banker of a declaration that fixed one (every outcome but a redeal).

    Raises:
        RuntimeError: the declaration names no banker (a redeal).
    """
    if result.banker is None:
        raise RuntimeError(f"a {result.outcome} declaration names no banker")
    return result.banker


_HANDLERS: dict[str, tuple[tuple[str, ...], Callable[[HandState, dict[str, Any]], None]]] = {
    "deal": (("deal",), HandState._do_deal),
    "show": (("deal", "declare", "bury"), HandState._do_show),
    "close": (("declare",), HandState._do_close),
    "bury": (("bury",), HandState._do_bury),
    "load": (("star_burial",), HandState._do_load),
    "play": (("play",), HandState._do_play),
}
