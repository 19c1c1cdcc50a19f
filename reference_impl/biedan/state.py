"""The state API of 憋蛋 Biedan: one hand (:class:`HandState`, :func:`new_hand`) and a session of hands
(:class:`Match`).

A hand goes through phases: ``exchange`` (only with ``exchange.timing: after_next_deal``, after the deal, the places
of the last hand deciding), ``bury`` (the banker buries the egg), ``play`` (rounds of plays and passes until one
player is left holding cards), ``settle_exchange`` (only with ``end_of_hand``), then ``over``. Actions use the
the kit's action notation: ``{"type": "give", "seat", "to", "cards"}``, ``{"type": "bury", "seat", "cards"}``,
``{"type": "play", "seat", "cards"}``, ``{"type": "pass", "seat"}``.

:meth:`HandState.check` gives the reason code of an illegal action (codes of docs/implementers/biedan-operations.md);
:meth:`HandState.apply` refuses one with :class:`IllegalAction`.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from ..actions import ActionError, malformed, read_action
from ..bots import play_match, play_trusted
from ..cards import build_deck
from ..climbing.cardset import shuffle
from ..climbing.reading import Reading
from ..climbing.round_state import Round, RoundViews
from ..climbing.seats import next_to_answer
from ..state_api import MAX_HANDS, Bot, IllegalAction, MatchError, OnHand, copy_sharing, redealt, seat_of
from . import exchange as xchg
from .combinations import (Shape, Table, by_rank, play_reading, plays_of, sample_of,
                           shape_reading, table_for)
from .draw import part_weights, pick_weighted
from .hand_shapes import has_play, masks_of, put_cards, shape_parts, shapes, take_cards
from .rules import BiedanRules, rules_for

PLAYERS = 3
"""Seats 0..2 (players.count is 3: the engine refuses other counts)."""


def next_seat(seat: int) -> int:
    """The next player (下家) of ``seat`` in play order."""
    return (seat + 1) % PLAYERS


class HandState(RoundViews):
    """One hand of Biedan. Build it with :func:`new_hand`.

    Attributes:
        rules, t: the rules and their lookup :class:`Table`; banker: the banker's seat; banker_by_card: the banker was
        chosen by holding ``banker.first``'s card (the first hand of a session); first_drawer; pack: the dealing
        order; previous: ``{places, banker}`` of the last hand (for ``after_next_deal``) or None; phase; egg: the
        buried cards; actions: every action applied, in order; out: seats in the order they went out; places:
        ``{first, second, third}`` once the hand has ended; moves: the exchange moves made
        (``{step, from, to, cards}``).
    """

    def __init__(self, rules: BiedanRules, pack: list[str], banker: int | None = None,
                 previous: dict[str, Any] | None = None) -> None:
        self.rules = rules
        self.t: Table = table_for(rules)
        self.pack = list(pack)
        self.first_drawer = rules.first_drawer_first_hand if banker is None else banker
        dealt = [self.pack[(seat - self.first_drawer) % PLAYERS::PLAYERS] for seat in range(PLAYERS)]
        self.held = [by_rank(self.t, cards) for cards in dealt]
        self.masks = [masks_of(hand) for hand in self.held]
        """Seat → the rank masks of its hand (:func:`.hand_shapes.masks_of`), kept up to date card by card."""
        self.sizes = [len(cards) for cards in dealt]
        self.banker_by_card = banker is None
        if banker is None:
            banker = next((s for s in range(PLAYERS) if rules.first_banker_card in dealt[s]), 0)
        self.banker = banker
        self.previous = previous
        self.egg: list[str] = []
        self.actions: list[dict[str, Any]] = []
        self.out: list[int] = []
        self.places: dict[str, int] | None = None
        self.moves: list[dict[str, Any]] = []
        self.must_contain: str | None = None
        # play state
        self.turn: int | None = banker
        self.table: Reading | None = None
        self.table_cards: list[str] = []
        self.round = Round(rules.round)  # the seat whose play stands, passes, lock-outs
        self.first_lead = False
        self._sampled_cards: list[str] | None = None  # the random action's play and its shape (for apply)
        self._sampled_shape: Shape | None = None
        self._checked: tuple[list[str], Reading] | None = None  # a play the check passed (its cards) and its reading
        # exchange state
        self.steps: list[xchg.Step] = []
        self.handed: list[str] = []
        if rules.exchange_timing == "after_next_deal" and previous is not None:
            self.steps = xchg.plan(rules, previous["places"], previous["banker"], "after_next_deal")
            self.phase = "exchange"
            self._advance_exchange()
        else:
            self._to_bury()

    # ----------------------------------------------------------------------------------------------- views
    @property
    def table_seat(self) -> int | None:
        """The seat whose play stands (None before the round's lead)."""
        return self.round.last

    @property
    def hands(self) -> list[Counter[str]]:
        """Seat → Counter of the cards it holds."""
        return [Counter(c for cards in h for c in cards) for h in self.held]

    def cards_everywhere(self) -> Counter[str]:
        """Every card of the pack wherever it lies now (hands, the egg while buried, plays on the table and before):
        a Counter that always equals the pack (the random simulation test checks it)."""
        out = Counter(c for hand in self.held for cards in hand for c in cards)
        if not any(m["step"] == "take_egg" for m in self.moves):
            out.update(self.egg)
        for action in self.actions:
            if action["type"] == "play":
                out.update(action["cards"])
        return out

    def with_hands(self, hands: Sequence[Sequence[str] | Counter[str]]) -> HandState:
        """State API (:class:`..state_api.Redealable`): a copy of this hand, sharing its rules and lookup table, in
        which seat ``s`` holds ``hands[s]`` (card tokens) instead of its cards, everything else as now (the egg,
        the cards played, whose turn it is); this hand is unchanged. A search bot's sampled deal of the cards it
        cannot see.

        Raises:
            ValueError: ``hands`` is no redeal of the seats' cards (:func:`..state_api.redealt`).
        """
        dealt = redealt(self.hands, hands)
        copy: HandState = copy_sharing(self, self.t)
        copy.held = [by_rank(self.t, list(cards.elements())) for cards in dealt]
        copy.masks = [masks_of(hand) for hand in copy.held]
        return copy

    def cards_of(self, seat: int) -> list[str]:
        """The cards ``seat`` holds (a list, weakest rank first)."""
        return [c for cards in self.held[seat] for c in cards]

    def active(self) -> list[int]:
        """Seats still holding cards, in seat order."""
        return [s for s in range(PLAYERS) if self.sizes[s]]

    def current_player(self) -> int | None:
        """The seat to act, or None when the hand is over."""
        if self.phase == "bury":
            return self.banker
        if self.phase == "play":
            return self.turn
        if self.phase in ("exchange", "settle_exchange"):
            return self.steps[0].chooser
        return None

    def is_terminal(self) -> bool:
        """Whether the hand is over (played out and exchanged)."""
        return self.phase == "over"

    # ----------------------------------------------------------------------------------------------- legality
    def check(self, action: dict[str, Any]) -> str | None:
        """None when ``action`` is legal now, else its reason code (``bad_action`` when it is not in the shared
        notation, :func:`datong_rules.reference_impl.actions.read_action`)."""
        return self._judge(action)[0]

    def _judge(self, action: dict[str, Any]) -> tuple[str | None, dict[str, Any]]:
        """(:meth:`check`'s answer, the action read into the shared notation: canonical tokens, or the action as
        given when it cannot be read)."""
        try:
            read = read_action(action, PLAYERS)
        except ActionError:  # a play of no cards: read with a stand-in card, it is empty_play (after phase and turn)
            if not (isinstance(action, dict) and action.get("cards") == [] and action.get("type") == "play"
                    and "reading" not in action):
                return "bad_action", action
            try:
                read = read_action(dict(action, cards=["BJ"]), PLAYERS)
            except ActionError:
                return "bad_action", action
            return self._reason(read, True), read
        return self._reason(read, False), read

    def _reason(self, action: dict[str, Any], empty: bool) -> str | None:
        """The reason code of ``action`` (read into the shared notation; ``empty``: a play of no cards), or None. A
        legal play leaves its cards (the list object) and the reading they are played as in ``_checked``, for
        :meth:`apply` of the same read action to take rather than work out again."""
        kind = action["type"]  # read_action's dict: its type and seat always there
        seat = action["seat"]
        phase = self.phase
        if phase == "play":  # the common phase first (the phases exclude one another)
            if kind == "pass":
                turn = self.turn
                if turn is None or seat != turn:
                    return "out_of_turn"
                if self.table is None:
                    return "must_lead"
                if not self.rules.must_beat:  # a pass is always allowed: _may_pass's answer, without its call
                    return None
                return "must_beat" if not self._may_pass(turn) else None
            if kind != "play":
                return "wrong_phase"
            turn = self.turn
            if turn is None or seat != turn:
                return "out_of_turn"
            if empty:
                return "empty_play"
            must = self.must_contain if self.first_lead else None
            cards = action["cards"]
            found, reason = judge_held_play(self.t, self.held[turn], self.table, cards, turn in self.round.locked,
                                            must)  # passed, must_contain
            if reason is None:
                if "reading" in action:
                    reason = reading_reason(self.t, action, self.table, found)
                if reason is None and found is not None:
                    self._checked = (cards, found)
            return reason
        if phase == "over":
            return "wrong_phase"
        if phase == "bury":
            if kind != "bury":
                return "wrong_phase"
            if seat != self.banker:
                return "out_of_turn"
            return egg_reason(self.rules, self.cards_of(self.banker), action.get("cards", []))
        step = self.steps[0]
        if kind != "give":
            return "wrong_phase"
        if seat != step.giver:
            return "out_of_turn"
        if action.get("to") != step.receiver:
            return "wrong_recipient"
        pool, count = self._pool(step)
        return xchg.allowed(self.t, pool, list(action.get("cards", [])), count, step.pick)

    def _pool(self, step: xchg.Step) -> tuple[list[str], int]:
        if step.name == "return":
            return list(self.handed), min(step.count, len(self.handed))
        pool = self.cards_of(_giver(step))
        return pool, min(step.count, len(pool))

    # ----------------------------------------------------------------------------------------------- actions
    def legal_actions(self) -> Iterator[dict[str, Any]]:
        """Every legal action now (plays: every card set of every legal shape)."""
        seat = self.current_player()
        if seat is None:
            return
        if self.phase == "bury":
            for chosen in itertools.combinations(sorted(self.cards_of(seat), key=self.t.card_strength.__getitem__),
                                                 self.rules.egg_size):
                yield {"type": "bury", "seat": seat, "cards": list(chosen)}
            return
        if self.phase == "play":
            if self.table is not None:
                if self._may_pass(seat):
                    yield {"type": "pass", "seat": seat}
                if seat in self.round.locked:
                    return
            for cards in self._plays(seat):
                yield {"type": "play", "seat": seat, "cards": cards}
            return
        step = self.steps[0]
        pool, count = self._pool(step)
        for chosen in itertools.combinations(pool, count):
            if xchg.allowed(self.t, pool, list(chosen), count, step.pick) is None:
                yield {"type": "give", "seat": step.giver, "to": step.receiver, "cards": list(chosen)}

    def _may_pass(self, seat: int) -> bool:
        """Whether ``seat``, following, may pass [play.pass]: always, or (``only_when_unable``) when locked out or
        holding no play that beats the table."""
        if not self.rules.must_beat or seat in self.round.locked:
            return True
        return not has_play(self.t, self.held[seat], self.table, self.masks[seat])  # following: no card forced

    def _plays(self, seat: int) -> Iterator[list[str]]:
        """Every play (card list) of ``seat`` now: the card sets of its shapes, with the card the first lead must
        hold."""
        forced = self._forced(seat)
        for shape in self._shapes(seat):
            for cards in plays_of(self.t, self.held[seat], shape):
                if forced is None or forced in cards:
                    yield cards

    def _forced(self, seat: int) -> str | None:
        """The card the play must contain now (first lead with play.first_lead_with_banker_card), or None."""
        card = self.must_contain
        if card and self.first_lead and self._holds(seat, card):
            return card
        return None

    def _holds(self, seat: int, card: str) -> bool:
        """Whether ``seat`` holds ``card`` (a canonical token), looked up among the cards of its rank."""
        return card in self.held[seat][self.t.card_sidx[card]]

    def _shapes(self, seat: int) -> list[Shape]:
        found = shapes(self.t, self.held[seat], self.table, self.masks[seat])
        card = self._forced(seat) if self.first_lead else None
        if card is not None:
            rank, suit, held = self.t.card_sidx[card], card[0], self.held[seat]
            names = self.t.ranks_by_strength
            found = [s for s in found if rank in s.ranks and (not s.flush_only or all(
                suit + names[r] in held[r] for r in s.ranks))]
        return found

    def random_action(self, rng: random.Random) -> dict[str, Any]:
        """A random legal action, sampled without listing them all, every legal action equally likely (as a pick
        from :meth:`legal_actions`): in play, the pass (when allowed) counts as one action and each card set of each
        legal shape as one (:mod:`.draw`); the bury, any set of ``egg.count`` cards; in an exchange, the cards the
        step names, each rank's cards drawn at random."""
        seat = self.turn
        if self.phase == "play" and seat is not None:
            table = self.table
            if table is not None and seat in self.round.locked:
                return {"type": "pass", "seat": seat}
            if self.t.claimed:  # a fixed set first in a house catalogue claims cards: draw among the listed actions
                return rng.choice(list(self.legal_actions()))
            forced = self._forced(seat) if self.first_lead else None
            held = self.held[seat]
            if forced is None:
                weights: list[int] = []
                parts = shape_parts(self.t, held, table, self.masks[seat], weights=weights)[0]
            else:
                parts = shape_parts(self.t, held, table, self.masks[seat])[0]
                weights = part_weights(self.t, held, self.masks[seat], parts, forced)
            n = sum(weights)
            # the pass, one action more while a play stands and it is allowed: always, or (must_beat) with no play
            i = int(rng.random() * (n if table is None or n and self.rules.must_beat else n + 1))
            if i == n:
                return {"type": "pass", "seat": seat}
            shape = pick_weighted(self.t, held, parts, weights, i, forced)
            cards = sample_of(self.t, held, shape, rng, forced)
            self._sampled_cards, self._sampled_shape = cards, shape
            return {"type": "play", "seat": seat, "cards": cards}
        if self.phase == "bury":
            return {"type": "bury", "seat": self.banker,
                    "cards": rng.sample(self.cards_of(self.banker), self.rules.egg_size)}
        step = self.steps[0]
        if step.name == "return":
            pool, count = self._pool(step)
            picks = xchg.extreme(self.t, pool, count, step.pick)
            wanted: dict[int, list[str]] = {strength: [] for strength in sorted(set(picks), reverse=True)}
            for card in pool:
                same = wanted.get(self.t.card_strength[card])
                if same is not None:
                    same.append(card)
            groups = [(same, picks.count(strength)) for strength, same in wanted.items()]
        else:  # from the giver's hand, by rank: the ranks from the best (or the worst) on
            held = self.held[_giver(step)]
            picks = xchg.extreme(self.t, [card for cards in held for card in cards], step.count, step.pick)
            groups = [(held[strength], picks.count(strength)) for strength in sorted(set(picks), reverse=True)]
        chosen: list[str] = []
        for same, k in groups:  # the best rank first, each rank's cards drawn at random
            chosen += rng.sample(same, k)
        return {"type": "give", "seat": step.giver, "to": step.receiver, "cards": chosen}

    def apply(self, action: dict[str, Any], validate: bool = True) -> None:
        """Apply ``action``.

        Raises:
            IllegalAction: (when ``validate``) the action is illegal now; nothing changes.
        """
        if validate:
            reason, read = self._judge(action)
            if reason is not None:
                detail = malformed(action, PLAYERS) if reason == "bad_action" else ""
                raise IllegalAction(reason, seat_of(action, PLAYERS), action, detail)
            action = read  # canonical card tokens
        self.actions.append(action)
        kind = action["type"]
        if kind == "pass":
            seat = action["seat"]
            self.round.pass_(seat)
            self._after_action(seat)
        elif kind == "play":
            cards = action["cards"]
            sampled, shape, checked = self._sampled_cards, self._sampled_shape, self._checked
            reading = None
            if checked is not None and checked[0] is cards:  # the check's reading of this very (read) play
                reading = checked[1]
                self._checked = None
            elif sampled is not None and shape is not None and (sampled is cards or sampled == cards) \
                    and shape.combo.name not in self.t.beside_body:  # drawn here (a card set of one reading)
                reading = shape.reading
                if reading is None or shape.flush_reading is not None:
                    reading = shape_reading(self.t, shape, cards)
            self._sampled_cards = None
            self._play(action["seat"], cards, reading)  # the action keeps the list: table_cards shares it
        elif kind == "bury":
            self._remove(self.banker, action["cards"])
            self.egg = list(action["cards"])
            self._start_play()
        else:
            step = self.steps.pop(0)
            cards = list(action["cards"])
            self._move(step.name, step.giver, step.receiver, cards)
            if step.name == "return":
                self.handed = []
            self._advance_exchange()

    # ----------------------------------------------------------------------------------------------- internals
    def _remove(self, seat: int, cards: list[str]) -> None:
        take_cards(self.held[seat], self.masks[seat], self.t.card_sidx, cards)
        self.sizes[seat] -= len(cards)

    def _add(self, seat: int, cards: list[str]) -> None:
        put_cards(self.held[seat], self.masks[seat], self.t.card_sidx, cards)
        self.sizes[seat] += len(cards)

    def _move(self, step: str, giver: int | None, receiver: int, cards: list[str]) -> None:
        if giver is not None:
            self._remove(giver, cards)
        self._add(receiver, cards)
        self.moves.append({"step": step, "from": giver, "to": receiver, "cards": list(cards)})

    def _advance_exchange(self) -> None:
        """Carry out automatic steps and skip empty ones until a pick is needed or the exchange is done."""
        while self.steps:
            step = self.steps[0]
            if step.pick == "egg":
                self.steps.pop(0)
                if self.egg:
                    self._move(step.name, None, step.receiver, list(self.egg))
                continue
            if step.pick == "all_but_egg":
                self.steps.pop(0)
                egg = set(self.egg)
                cards = [c for c in self.cards_of(_giver(step)) if c not in egg]
                if cards:
                    self._move(step.name, step.giver, step.receiver, cards)
                self.handed = cards
                continue
            if not min(step.count, len(self.handed) if step.name == "return" else self.sizes[_giver(step)]):
                self.steps.pop(0)  # nothing to pick (as _pool would count it)
                continue
            return
        if self.phase == "exchange":
            self._to_bury()
        else:
            self.phase = "over"

    def _to_bury(self) -> None:
        """The bury, or with ``egg.count: 0`` (no egg) the play at once: the hand has no bury action (an empty bury
        is no action of the notation)."""
        if self.rules.egg_size:
            self.phase = "bury"
        else:
            self._start_play()

    def _start_play(self) -> None:
        """The banker leads the first round [play.first_lead]; with play.first_lead_with_banker_card the lead must
        hold ``banker.first``'s card while the banker holds it."""
        self.phase = "play"
        self.turn = self.banker
        self.first_lead = True
        if self.rules.first_lead_with_banker_card and self.banker_by_card \
                and self._holds(self.banker, self.rules.first_banker_card):
            self.must_contain = self.rules.first_banker_card

    def _play(self, seat: int, cards: list[str], reading: Reading | None = None) -> None:
        self.first_lead = False
        self.must_contain = None
        take_cards(self.held[seat], self.masks[seat], self.t.card_sidx, cards)
        self.sizes[seat] -= len(cards)
        self.table = reading or play_reading(self.t, cards, self.table)[0]
        self.table_cards = cards
        self.round.play(seat)
        if not self.sizes[seat]:
            self.out.append(seat)
            if self.round.hand_over(self.out, self.sizes):
                self._end_hand()
                return
        self._after_action(seat)

    def _after_action(self, seat: int) -> None:
        rnd = self.round  # Round.next_to_act, without the extra call (the hot path of a hand)
        nxt = next_to_answer(seat, rnd.last, self.sizes, rnd.passed, rnd.locked)
        if nxt is None:
            self.turn, _ = self.round.end(self.sizes)
            self.table = None
            self.table_cards = []
        else:
            self.turn = nxt

    def _end_hand(self) -> None:
        third = next(s for s in range(PLAYERS) if self.sizes[s])
        self.places = {"first": self.out[0], "second": self.out[1], "third": third}
        self.table = None
        self.turn = None
        if self.rules.exchange_timing == "end_of_hand":
            self.steps = xchg.plan(self.rules, self.places, self.banker, "end_of_hand")
            self.phase = "settle_exchange"
            self._advance_exchange()
        else:
            self.phase = "over"

    # ----------------------------------------------------------------------------------------------- results
    def settlement(self) -> dict[str, Any]:
        """The hand's result: ``{places, banker, banker_kept, next_banker, egg, moves}`` (see operation
        ``settle``; ``moves`` are the exchange moves made at the end of the hand, or before the bury with
        ``after_next_deal``)."""
        if self.places is None:
            raise ValueError("the hand is not over")
        return {**settle(self.rules, self.banker, self.places), "egg": list(self.egg), "moves": list(self.moves)}

    def summary(self) -> dict[str, Any]:
        """A short view: phase, banker, turn, cards per seat, the play to beat, who is out."""
        return {"phase": self.phase, "banker": self.banker, "to_act": self.current_player(),
                "cards": list(self.sizes), "table": list(self.table_cards) if self.table else None,
                "out": list(self.out)}


def _giver(step: xchg.Step) -> int:
    """The seat that gives in an exchange ``step`` (every step has one but the egg's, which no seat picks)."""
    assert step.giver is not None
    return step.giver


def settle(rules: BiedanRules, banker: int, places: dict[str, int]) -> dict[str, Any]:
    """Places and bank (rules banker.keep_when, banker.next_when_lost): ``{places, banker, banker_kept,
    next_banker}``; the points of the places are :func:`score`."""
    kept = places["first"] == banker
    if kept:
        nxt = banker
    elif rules.next_when_lost == "first_out":
        nxt = places["first"]
    else:
        nxt = next_seat(banker)
    return {"places": dict(places), "banker": banker, "banker_kept": kept, "next_banker": nxt}


def score(rules: BiedanRules, places: dict[str, int]) -> list[int]:
    """The points one hand adds to each seat's match tally (rule match.score): a list of 3 ints by seat, the
    value of the seat's place (``places``: ``{first, second, third}`` → seat)."""
    points = [0] * PLAYERS
    for place, value in zip(("first", "second", "third"), rules.match_score):
        points[places[place]] = value
    return points


def match_over(rules: BiedanRules, hands: int, tally: list[int]) -> bool:
    """Whether a session is over after ``hands`` finished hands with ``tally`` (points by seat) [match.hands,
    match.target]: ``match.hands`` hands played, or some tally at or beyond a target (``>= target`` for a positive
    target, ``<= target`` for a negative one)."""
    if hands >= rules.match_hands:
        return True
    target = rules.match_target
    if target is None:
        return False
    return any(points >= target for points in tally) if target > 0 else any(points <= target for points in tally)


def egg_reason(rules: BiedanRules, hand: list[str], egg: list[str]) -> str | None:
    """None when the banker holding ``hand`` may bury ``egg``; else ``wrong_count`` or ``not_in_hand``."""
    if len(egg) != rules.egg_size:
        return "wrong_count"
    held = set(hand)
    return None if len(set(egg)) == len(egg) and all(card in held for card in egg) else "not_in_hand"


def play_reason(t: Table, hand: list[str], table: Reading | None, play: list[str] | str, *, passed: bool = False,
                must_contain: str | None = None) -> str | None:
    """None when a player holding ``hand`` may make ``play`` (cards, or ``"pass"``) against ``table`` (None:
    leading); else the first reason code of operation ``legal_play``. ``passed``: the player passed earlier in the
    round; ``must_contain``: a card the play must hold if the player holds it (first lead)."""
    if play == "pass":
        if table is None:
            return "must_lead"
        locked = passed and t.rules.pass_locks_out
        return "must_beat" if t.rules.must_beat and not locked and has_play(t, by_rank(t, hand), table) else None
    assert not isinstance(play, str)  # a pass, or a list of cards (as operation legal_play reads it)
    return judge_held_play(t, by_rank(t, hand), table, play, passed=passed, must_contain=must_contain)[1]


def judge_held_play(t: Table, held: list[list[str]], table: Reading | None, play: list[str],
                    passed: bool = False, must_contain: str | None = None) -> tuple[Reading | None, str | None]:
    """``(found, reason)``: ``reason`` is :func:`play_reason` of a play of cards (not a pass) by a hand held by rank
    (``held``, as :func:`.combinations.by_rank` lays it out): the hand state's check, which keeps its hands so;
    ``found`` is the reading the cards are played as (:func:`.combinations.play_reading`), None when the check did
    not get that far or they are no combination."""
    if not play:
        return None, "empty_play"
    if passed and t.rules.pass_locks_out:
        return None, "locked_out"
    sidx = t.card_sidx
    if len(play) > 1 and len(set(play)) != len(play):
        return None, "not_in_hand"
    for card in play:
        s = sidx.get(card)
        if s is None or card not in held[s]:
            return None, "not_in_hand"
    found, reason = play_reading(t, play, table)
    if found is None:
        return None, "not_a_combination"
    if must_contain and must_contain in held[sidx[must_contain]] and must_contain not in play:
        return found, "must_contain_card"
    return found, reason


def reading_reason(t: Table, action: dict[str, Any], table: Reading | None = None,
                   found: Reading | None = None) -> str | None:
    """A play's declared ``reading`` (``{combination, cards}``, optional) must be what the cards are played as
    against ``table`` (None: leading; :func:`.combinations.play_reading`): with one deck and no wild cards every card
    stands for itself. None when it agrees, else ``not_a_combination``. ``found``: what the cards are played as when
    the caller knows it (the check found it), not worked out again."""
    reading = action.get("reading")
    if found is None:
        found = play_reading(t, list(action.get("cards", [])), table)[0]
    if not isinstance(reading, dict) or found is None or reading.get("combination") != found.combination:
        return "not_a_combination"
    stands_for = reading.get("cards", action.get("cards"))
    return None if list(stands_for or ()) == list(action.get("cards", [])) else "not_a_combination"


_DECKS: dict[int, tuple[str, ...]] = {}


def _deck(decks: int) -> tuple[str, ...]:
    """The cards of ``decks`` decks in notation order (:func:`..cards.build_deck`), made once."""
    found = _DECKS.get(decks)
    if found is None:
        found = _DECKS[decks] = tuple(build_deck(decks))
    return found


def new_hand(rules: BiedanRules | str, rng: random.Random, *, banker: int | None = None,
             previous: dict[str, Any] | None = None, pack: list[str] | None = None) -> HandState:
    """Shuffle (unless ``pack`` is given) and deal a hand.

    Args:
        rules: rules or a variant id; rng: the random source; banker: this hand's banker (None: the first hand of a
        session, the holder of ``banker.first``'s card banks); previous: ``{places, banker}`` of the last hand (for
        ``exchange.timing: after_next_deal``); pack: the dealing order (54 cards).
    """
    rules = rules_for(rules)
    if pack is None:
        pack = list(_deck(rules.decks))
        shuffle(pack, rng)  # = rng.shuffle(pack), without its method call per card
    return HandState(rules, pack, banker=banker, previous=previous)


class Match:
    """A session of ``match.hands`` hands; the bank is kept or passed after each (rules banker.*).

    The match result (rule match.score): ``tally`` (points by seat) and ``winners`` (the highest tally once every hand
    is played). Attributes: rules, seed, rng, max_hands (a safety cap, as for Huolong), banker (of the next hand; None
    before the first), previous (``{places, banker}`` of the last hand), results (each hand's settlement), states (each
    finished hand), hands (the same list: the registry's name for it).
    """

    def __init__(self, rules: BiedanRules | str, seed: int | None = None, *, max_hands: int = MAX_HANDS) -> None:
        self.rules = rules_for(rules)
        self.seed = seed
        self.max_hands = max_hands
        self.rng = random.Random(seed)
        self.banker: int | None = None
        self.previous: dict[str, Any] | None = None
        self.results: list[dict[str, Any]] = []
        self.states: list[HandState] = []

    @property
    def over(self) -> bool:
        """Whether the session is over: every hand played (match.hands), or a tally has reached the target
        (match.target: a positive target reached from below, a negative one from above)."""
        if len(self.results) >= self.rules.match_hands:  # as match_over decides, without the tally when it needs none
            return True
        return self.rules.match_target is not None and match_over(self.rules, len(self.results), self.tally)

    @property
    def tally(self) -> list[int]:
        """Each seat's points so far (rule match.score): the sum of the finished hands' ``score``, a list by seat."""
        points = [score(self.rules, r["places"]) for r in self.results]
        return [sum(p[seat] for p in points) for seat in range(PLAYERS)]

    @property
    def winners(self) -> list[int]:
        """The seats with the highest tally once the session is over (several on a tie: they share the win), in seat
        order; empty while hands remain."""
        if not self.over:
            return []
        tally = self.tally
        return [seat for seat in range(PLAYERS) if tally[seat] == max(tally)]

    def new_hand(self) -> HandState:
        """Deal the next hand."""
        return new_hand(self.rules, self.rng, banker=self.banker, previous=self.previous)

    @property
    def hands(self) -> list[HandState]:
        """The finished hands, in order."""
        return self.states

    def finish_hand(self, state: HandState) -> dict[str, Any]:
        """Record a finished hand and pass or keep the bank; returns its settlement.

        Raises:
            MatchError: the hand is not over.
        """
        if not state.is_terminal():
            raise MatchError("a hand was handed back before it ended")
        result = state.settlement()
        self.results.append(result)
        self.states.append(state)
        self.banker = result["next_banker"]
        self.previous = {"places": result["places"], "banker": result["banker"]}
        return result

    def play(self, bots: Sequence[Bot], hands: int | None = None,
             on_hand: OnHand | None = None) -> list[dict[str, Any]]:
        """Play the session (or ``hands`` hands of it) with ``bots`` (one per seat, ``choose(state) -> action``);
        ``on_hand(state)`` is called after each hand: the one match loop
        (:func:`datong_rules.reference_impl.bots.play_match`) with :func:`play_trusted` as the hand loop. Returns the
        settlements.

        Raises:
            MatchError: more hands asked for than ``max_hands``.
        """
        target = self.rules.match_hands if hands is None else hands
        if target > self.max_hands:
            raise MatchError(f"{target} hands asked for, more than the cap of {self.max_hands}")
        play_match(self, bots, hands, on_hand, play_hand=play_trusted)
        return self.results
