"""The declaration during the deal (亮主 / 定主 / 反主), card by card in dealing order.

Implements the ``declaration.*`` rules of a variant:

* ``shows``: the kinds of show, each ``{name, card, count, strength, suit_from, banker, equal_overrides?}``.
  ``card`` is a token (``BJ``, ``LJ``) or ``level_card`` (any card of the hand's level rank); a show of
  ``count`` identical such cards. ``strength`` orders the kinds: a show must be stronger than the
  declaration in force to overcall it, or of the same kind and equal when that kind has
  ``equal_overrides`` (level-card flips: the last flip fixes the suit). ``suit_from: shown_card`` fixes
  the suit at once; ``next_card``: the suit of the shower's next drawn card. ``banker: shower`` makes the
  shower the banker; ``first_of_kind``: the first player of an unbroken run of shows of that kind.
* ``overcall_by``: ``any_player``, ``other_team`` (of the declaration in force) or ``not_current_declarer``
  (anyone but the seat of the show in force; chaining onto one's own waiting show is no overcall).
* ``next_card_joker``: when the shower's next card is a joker, ``skip`` it (wait for the next card
  with a suit) or ``chain``: the shower may show that joker too (a show holding it), and the chain
  waits for the following card and counts as its strongest show; if the shower draws again without
  chaining, the show lapses.
* ``window: during_deal``: shows are made between two cards of the deal (or right after the last),
  by a player who holds the cards shown. ``unresolved_show: lapses``: a show still waiting for its
  suit when the deal ends has no effect (the declaration it overcalled stands again).
  ``window: until_bury`` (house rule): after the deal (:meth:`Declaration.finish` gives the declaration
  as it stands, whose banker takes up the bottom) shows stay open until the bury
  (:meth:`Declaration.close`), judged as during the deal against the show in force; a show whose suit
  comes from a next card cannot be made then (``window_closed``: no card is drawn any more).
* ``nobody_declared``: ``bottom_first_non_joker`` (the bottom's first card with a suit, in pack order,
  fixes the suit; the first drawer is banker in a match's first hand), ``bottom_first_level_card`` (the
  bottom's first card of the level rank; with none, its first card with a suit; banker as before) or
  ``redeal``.
* ``show_all_big_jokers``: ``true``: a show of big jokers holds every big joker the shower holds then (a show of
  fewer is ``must_show_all``; a chained joker is exempt); ``false``: as many as the kind needs.
* ``scope``: ``match`` (only the first hand declares; later hands keep its suit) or ``hand``
  (every hand declares the suit; after the first hand the banker comes from the rotation).

Time is counted in cards dealt: a show made "after k" is made once k cards have been dealt.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ..cards import ALL_CARDS, JOKERS, SUITS, card_rank
from .rules import HuolongRules, RulesError

# Reason codes of a refused show (record replay; the declare operation only lists refused indices).
NO_DECLARATION = "no_declaration"  # this hand has no declaration (declaration.scope: match, later hand)
WINDOW_CLOSED = "window_closed"    # the deal is over (declaration.window)
NOT_A_SHOW = "not_a_show"          # the cards are not one of declaration.shows
NOT_HELD = "not_held"              # the shower does not hold the cards shown
TOO_WEAK = "too_weak"              # does not beat the declaration in force
OVERCALL_NOT_ALLOWED = "overcall_not_allowed"  # declaration.overcall_by forbids this player
MUST_SHOW_ALL = "must_show_all"    # declaration.show_all_big_jokers: a show of fewer big jokers than held

OUTCOMES = ("declared", "bottom", "redeal", "kept")


class IllegalShow(ValueError):
    """A show the rules refuse; ``reason`` is one of the reason codes above."""

    def __init__(self, reason: str, message: str) -> None:
        self.reason = reason
        super().__init__(message)


@dataclass(frozen=True)
class ShowKind:
    """One entry of ``declaration.shows``."""

    name: str
    card: str
    count: int
    strength: int
    suit_from: str
    banker: str
    equal_overrides: bool


@dataclass
class Show:
    """An accepted show and what became of it.

    Attributes:
        seat, cards, after: who showed what, once ``after`` cards had been dealt.
        kind: its :class:`ShowKind` (for a chain, the strongest link).
        order: acceptance order (0, 1, …).
        banker: the seat this show makes banker (in a hand whose banker is declared).
        suit: the suit it fixed, once known.
        status: ``pending`` (waiting for the next card), ``awaiting_chain`` (that card was a joker,
            ``chain`` mode), ``resolved`` or ``lapsed``.
        chain: the later shows chained onto it (``[(cards, after), …]``).
    """

    seat: int
    cards: list[str]
    after: int
    kind: ShowKind
    order: int
    banker: int
    suit: str | None = None
    status: str = "pending"
    chain_card: str | None = None
    chain: list[tuple[list[str], int]] = field(default_factory=list)


@dataclass(frozen=True)
class DeclarationResult:
    """The outcome of a hand's declaration.

    Attributes:
        outcome: ``declared`` (a show fixed the suit), ``bottom`` (nobody declared; the bottom fixed
            it), ``redeal`` (nobody declared; the variant redeals), ``kept`` (no declaration in this
            hand: the match's suit holds).
        trump_suit: ``S H C D``, or None for a redeal (or a kept suit that was not given).
        banker: the hand's banker seat, or None for a redeal.
        shows: every accepted show, in acceptance order.
    """

    outcome: str
    trump_suit: str | None
    banker: int | None
    shows: tuple[Show, ...] = ()


@lru_cache(maxsize=None)
def show_kinds(rules: HuolongRules) -> tuple[ShowKind, ...]:
    """The variant's ``declaration.shows`` as :class:`ShowKind` tuples (cached per rules).

    Raises:
        RulesError: a show entry with an unknown ``card``, ``suit_from`` or ``banker`` value.
    """
    kinds = []
    for entry in rules.declaration.get("shows", ()):
        kind = ShowKind(
            name=str(entry["name"]), card=str(entry["card"]), count=int(entry.get("count", 1)),
            strength=int(entry["strength"]), suit_from=str(entry["suit_from"]), banker=str(entry["banker"]),
            equal_overrides=bool(entry.get("equal_overrides", False)),
        )
        if kind.card not in JOKERS and kind.card != "level_card":
            raise RulesError(f"declaration.shows: {kind.name}: unsupported card {kind.card!r}")
        if kind.suit_from not in ("next_card", "shown_card"):
            raise RulesError(f"declaration.shows: {kind.name}: unsupported suit_from {kind.suit_from!r}")
        if kind.suit_from == "shown_card" and kind.card in JOKERS:
            raise RulesError(f"declaration.shows: {kind.name}: a joker has no suit to show")
        if kind.banker not in ("shower", "first_of_kind"):
            raise RulesError(f"declaration.shows: {kind.name}: unsupported banker {kind.banker!r}")
        kinds.append(kind)
    return tuple(kinds)


class Declaration:
    """The declaration of one hand, fed card by card (:meth:`on_card`) and show by show (:meth:`show`).

    Args:
        rules: the variant's rules.
        level: the hand's level rank (for ``level_card`` shows).
        first_drawer: the seat that receives the pack's first card.
        hand_number: 1 for a match's first hand.
        banker: the banker already fixed by the rotation (later hands), else None.
        kept_suit: the match's trump suit, for a later hand under ``scope: match``.
        held: optional per-seat ``Counter`` objects to fill with the dealt cards (shared with a hand
            state); fresh ones otherwise. During the deal only :meth:`on_card` may change them (the legal shows
            are kept between two changes: :meth:`all_legal_shows`).

    Raises:
        RulesError: a ``declaration.shows`` entry the engine cannot play (see :func:`show_kinds`).
    """

    def __init__(self, rules: HuolongRules, level: str, first_drawer: int, *, hand_number: int = 1,
                 banker: int | None = None, kept_suit: str | None = None,
                 held: list[Counter] | None = None) -> None:
        self.rules = rules
        self.level = level
        self.first_drawer = first_drawer
        self.hand_number = hand_number
        self.fixed_banker = banker
        self.kept_suit = kept_suit
        self.kinds = show_kinds(rules)
        # values checked by rules_for (rules.SUPPORTED); window is during_deal and unresolved_show lapses
        settings = rules.declaration
        self.overcall_by = settings["overcall_by"]
        self.show_all_big_jokers = settings.get("show_all_big_jokers") is True
        self.next_card_joker = settings["next_card_joker"]
        self.nobody_declared = settings["nobody_declared"]
        self.until_bury = settings["window"] == "until_bury"
        self.deal_over = False  # finish() was called (until_bury: shows still open until close())
        self.active = settings["scope"] == "hand" or hand_number <= 1
        self.held = held if held is not None else [Counter() for _ in range(rules.players)]
        self.dealt = 0
        self._players = rules.players
        self.closed = False
        self.shows: list[Show] = []
        self._waiting: dict[int, list[Show]] = {}
        self._show_tokens = frozenset(k.card for k in self.kinds if k.card in JOKERS)
        self._level_kinds = any(k.card == "level_card" for k in self.kinds)
        self._opening = self._show_tokens | frozenset(
            c for c in ALL_CARDS if self._level_kinds and card_rank(c) == level)
        """The cards whose receiving can open a new show (:meth:`may_show_with`): the jokers a kind shows, and, when a
        kind shows level cards, the four cards of the level rank (:func:`..cards.card_rank`: a joker has no rank, so
        under level J the jokers ``BJ`` and ``LJ`` open a show only when a kind shows them)."""
        self._kinds_weakest_first = sorted(self.kinds, key=lambda k: k.strength)
        self._stamp = 0  # bumped by every change that can change the legal shows (see all_legal_shows)
        self._all_shows: tuple[int, list[tuple[int, list[str]]]] = (-1, [])

    def copy(self, held: list[Counter]) -> tuple[Declaration, dict[int, Show]]:
        """A copy of this declaration filling ``held`` (the copy's per-seat hands), its shows copied (their chains
        too); this one is unchanged. Returns the copy and each show's copy by the ``id`` of the original (a
        :class:`DeclarationResult` naming the originals is mapped with it)."""
        new = Declaration(self.rules, self.level, self.first_drawer, hand_number=self.hand_number,
                          banker=self.fixed_banker, kept_suit=self.kept_suit, held=held)
        copies = {id(s): Show(s.seat, s.cards, s.after, s.kind, s.order, s.banker, s.suit, s.status, s.chain_card,
                              list(s.chain)) for s in self.shows}
        new.shows = [copies[id(s)] for s in self.shows]
        new._waiting = {seat: [copies[id(s)] for s in shows] for seat, shows in self._waiting.items()}
        new.deal_over, new.active, new.dealt, new.closed = self.deal_over, self.active, self.dealt, self.closed
        new._stamp = self._stamp  # the kept list of legal shows (_all_shows) is found again when asked
        return new, copies

    # -- the deal ------------------------------------------------------------------------------
    def on_card(self, card: str) -> int:
        """Deal the next card of the pack; returns the seat that received it.

        Resolves the receiver's shows waiting for their next card (``suit_from: next_card``).

        Raises:
            RuntimeError: the declaration is already closed.
        """
        if self.closed:
            raise RuntimeError("the deal is over")
        dealt = self.dealt
        seat = (self.first_drawer + dealt) % self._players
        held = self.held[seat]
        held[card] = held.get(card, 0) + 1  # not ``+= 1``: Counter's __missing__ is a Python call
        self.dealt = dealt + 1
        if card in self._opening:  # may_show_with
            self._stamp += 1
        if self._waiting:
            waiting = self._waiting.get(seat)
            if waiting:
                self._resolve(seat, card, waiting)
        return seat

    def _resolve(self, seat: int, card: str, waiting: list[Show]) -> None:
        self._stamp += 1
        keep = []
        for show in waiting:
            if show.status == "awaiting_chain":
                show.status = "lapsed"  # drew again without chaining the joker
            elif card not in JOKERS:
                show.suit = card[0]
                show.status = "resolved"
            elif self.next_card_joker == "chain":
                show.status = "awaiting_chain"
                show.chain_card = card
                keep.append(show)
            else:  # skip: wait for a card with a suit
                keep.append(show)
        if keep:
            self._waiting[seat] = keep
        else:
            del self._waiting[seat]

    # -- shows ---------------------------------------------------------------------------------
    def current(self) -> Show | None:
        """The declaration in force: the strongest show not lapsed (the later of equals), or None."""
        best = None
        for show in self.shows:
            if show.status != "lapsed" and (best is None or show.kind.strength >= best.kind.strength):
                best = show
        return best

    def _kind_of(self, cards: Sequence[str]) -> ShowKind | None:
        if not cards:
            return None
        first = cards[0]
        if any(c != first for c in cards):
            return None
        for kind in self.kinds:
            if kind.count != len(cards):
                continue
            if kind.card == first or (kind.card == "level_card" and first not in JOKERS and first[1:] == self.level):
                return kind
        return None

    def _chain_target(self, seat: int, cards: Sequence[str], kind: ShowKind) -> Show | None:
        if kind.suit_from != "next_card":
            return None
        for show in self._waiting.get(seat, ()):
            if show.status == "awaiting_chain" and show.chain_card in cards:
                return show
        return None

    def check_show(self, seat: int, cards: Sequence[str]) -> str | None:
        """Why ``seat`` may not show ``cards`` now (a reason code), or None when the show is legal."""
        if not self.active:
            return NO_DECLARATION
        if self.closed:
            return WINDOW_CLOSED
        kind = self._kind_of(cards)
        if kind is None:
            return NOT_A_SHOW
        if self.held[seat][cards[0]] < len(cards):
            return NOT_HELD
        if self.deal_over and kind.suit_from != "shown_card":
            return WINDOW_CLOSED  # until_bury: no card is drawn any more to fix its suit
        if self._chain_target(seat, cards, kind) is not None:
            return None
        if self.show_all_big_jokers and cards[0] == "BJ" and self.held[seat]["BJ"] > len(cards):
            return MUST_SHOW_ALL
        cur = self.current()
        if cur is None:
            return None
        if self.overcall_by == "other_team" and cur.seat % 2 == seat % 2:
            return OVERCALL_NOT_ALLOWED
        if self.overcall_by == "not_current_declarer" and cur.seat == seat:
            return OVERCALL_NOT_ALLOWED
        if kind.strength > cur.kind.strength:
            return None
        if kind.strength == cur.kind.strength and kind.equal_overrides and kind.name == cur.kind.name:
            return None
        return TOO_WEAK

    def show(self, seat: int, cards: Sequence[str]) -> Show:
        """Make a show now (after ``self.dealt`` cards).

        Returns:
            The accepted :class:`Show` (for a chain, the show it extends).

        Raises:
            IllegalShow: the rules refuse it (see :meth:`check_show`).
        """
        reason = self.check_show(seat, cards)
        if reason is not None:
            raise IllegalShow(reason, f"seat {seat} may not show {' '.join(cards)}: {reason}")
        self._stamp += 1
        cards = list(cards)
        kind = self._kind_of(cards)
        assert kind is not None  # check_show accepted the cards
        target = self._chain_target(seat, cards, kind)
        if target is not None:
            target.chain.append((cards, self.dealt))
            if kind.strength > target.kind.strength:
                target.kind = kind
            target.status = "pending"
            target.chain_card = None
            return target
        cur = self.current()
        banker = seat
        if kind.banker == "first_of_kind" and cur is not None and cur.kind.name == kind.name:
            banker = cur.banker
        show = Show(seat, cards, self.dealt, kind, len(self.shows), banker)
        if kind.suit_from == "shown_card":
            show.suit, show.status = cards[0][0], "resolved"
        else:
            self._waiting.setdefault(seat, []).append(show)
        self.shows.append(show)
        return show

    def legal_shows(self, seat: int) -> list[list[str]]:
        """Every show ``seat`` may make now (each a list of identical cards), weakest kind first."""
        if not self.active or self.closed:
            return []
        held = self.held[seat]
        out: list[list[str]] = []
        for kind in self._kinds_weakest_first:
            if kind.card == "level_card":
                candidates = [[s + self.level] * kind.count for s in SUITS if held[s + self.level] >= kind.count]
            else:
                candidates = [[kind.card] * kind.count] if held[kind.card] >= kind.count else []
            out.extend(c for c in candidates if self.check_show(seat, c) is None)
        return out

    def all_legal_shows(self) -> list[tuple[int, list[str]]]:
        """Every show any seat may make now, as ``(seat, cards)`` in seat order (each seat's as
        :meth:`legal_shows`). During the deal the list is kept until a card that can open a show is dealt or a
        show is made or resolved, so asking at every card costs a look-up; callers must not change it."""
        if not self.active or self.closed:
            return []
        if not self.deal_over and self._all_shows[0] == self._stamp:
            return self._all_shows[1]
        shows = [(seat, cards) for seat in range(self._players) for cards in self.legal_shows(seat)]
        if not self.deal_over:
            self._all_shows = (self._stamp, shows)
        return shows

    def may_show_with(self, card: str) -> bool:
        """Whether receiving ``card`` (a canonical token) can open a new show for its receiver: a joker that one of
        ``declaration.shows`` shows, or a card of the hand's level rank when a kind shows ``level_card``. A fast
        filter for bots (never a verdict: :meth:`check_show` judges the show)."""
        return card in self._opening

    # -- the end of the deal -------------------------------------------------------------------
    def finish(self, bottom: Sequence[str]) -> DeclarationResult:
        """End the deal and decide the hand's trump suit and banker as they stand.

        Under ``window: during_deal`` this closes the window. Under ``until_bury`` it stays open (shows with
        ``suit_from: shown_card`` only) until :meth:`close`; :meth:`result` then gives the declaration as
        later shows changed it.

        Args:
            bottom: the bottom in pack order (``nobody_declared: bottom_first_non_joker`` /
                ``bottom_first_level_card``).

        Returns:
            The :class:`DeclarationResult`. A bottom made only of jokers cannot fix a suit: the hand
            is redealt.
        """
        self._stamp += 1
        self.deal_over = True
        self.closed = not self.until_bury
        for waiting in self._waiting.values():
            for show in waiting:
                show.status = "lapsed"
        self._waiting.clear()
        result = self.result(bottom)
        if result.outcome == "redeal":
            self.closed = True
        return result

    def close(self) -> None:
        """Close the window (the bury, under ``window: until_bury``); no show is accepted afterwards."""
        self._stamp += 1
        self.closed = True

    def result(self, bottom: Sequence[str]) -> DeclarationResult:
        """The declaration as it stands once the deal is over (see :meth:`finish`)."""
        shows = tuple(self.shows)
        if not self.active:
            return DeclarationResult("kept", self.kept_suit, self.fixed_banker, shows)
        cur = self.current()
        if cur is not None:
            banker = cur.banker if self.fixed_banker is None else self.fixed_banker
            return DeclarationResult("declared", cur.suit, banker, shows)
        if self.nobody_declared in ("bottom_first_non_joker", "bottom_first_level_card"):
            banker = self.first_drawer if self.fixed_banker is None else self.fixed_banker
            with_suit = [card for card in bottom if card not in JOKERS]
            if self.nobody_declared == "bottom_first_level_card":
                # the first level card; a bottom without one falls back on its first card with a suit
                with_suit = [card for card in with_suit if card[1:] == self.level] + with_suit
            if with_suit:
                return DeclarationResult("bottom", with_suit[0][0], banker, shows)
        return DeclarationResult("redeal", None, None, shows)


def run_declaration(rules: HuolongRules, level: str, first_drawer: int, deal: Sequence[str],
                    bottom: Sequence[str], shows: Sequence[tuple[int, Sequence[str], int]], *,
                    hand_number: int = 1, banker: int | None = None,
                    kept_suit: str | None = None) -> tuple[DeclarationResult, list[int]]:
    """The declaration for a dealing sequence and a list of attempted shows (operation ``declare``).

    Args:
        deal: the dealing order; card *i* goes to seat ``(first_drawer + i) mod players``; the deal
            ends after its last card.
        bottom: the bottom, in pack order.
        shows: ``(seat, cards, after)`` attempts: made once ``after`` cards have been dealt; taken in
            order of ``after``, attempts at the same moment in list order. ``after`` greater than the deal
            means after the deal is over, before the bury: refused under ``window: during_deal``; under
            ``until_bury`` judged with the banker of the declaration as it stands holding ``bottom`` too.
        hand_number, banker, kept_suit: as :class:`Declaration`.

    Returns:
        ``(result, rejected)``: the outcome, and the ascending indices of the refused attempts
        (after the window, not a show, not held, too weak, overcall not allowed).

    Raises:
        ValueError: an ``after`` that is not a non-negative integer.
    """
    decl = Declaration(rules, level, first_drawer, hand_number=hand_number, banker=banker, kept_suit=kept_suit)
    for i, (_, _, after) in enumerate(shows):
        if not isinstance(after, int) or isinstance(after, bool) or after < 0:
            raise ValueError(f"shows[{i}].after must be a non-negative integer, got {after!r}")
    order = sorted(range(len(shows)), key=lambda i: shows[i][2])
    rejected = []
    pos = 0
    late = [i for i in order if shows[i][2] > len(deal)]
    for i in order:
        seat, cards, after = shows[i]
        if after > len(deal):
            break
        while pos < after:
            decl.on_card(deal[pos])
            pos += 1
        if decl.check_show(seat, list(cards)) is None:
            decl.show(seat, list(cards))
        else:
            rejected.append(i)
    while pos < len(deal):
        decl.on_card(deal[pos])
        pos += 1
    result = decl.finish(bottom)
    if result.banker is not None and not decl.closed:  # until_bury: the banker holds the bottom
        decl.held[result.banker].update(bottom)
    for i in late:
        seat, cards, _ = shows[i]
        if decl.check_show(seat, list(cards)) is not None:
            rejected.append(i)
            continue
        decl.show(seat, list(cards))
        new = decl.result(bottom)
        if new.banker != result.banker and new.banker is not None and result.banker is not None:
            decl.held[result.banker].subtract(bottom)  # the bottom goes to the new banker
            decl.held[new.banker].update(bottom)
        result = new
    decl.close()
    return result, sorted(rejected)
