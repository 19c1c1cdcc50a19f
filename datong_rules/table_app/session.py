"""One table: people at some seats (the host's, and friends who took an invitation), bots at the others, a hand of
a variant driven through the state API.

The session knows no game: it reaches the game through the registry (:mod:`datong_rules.reference_impl.games`: the
``state`` facet's ``Match``, the ``bots`` facet's ``BOTS``) and the hand through the typed state API
(:mod:`datong_rules.reference_impl.state_api`: ``current_player``, ``legal_actions``, ``check``, ``apply``,
``is_terminal``, ``settlement``, ``hands``, ``actions``). Bots act until a person has a decision: their turn (every
legal action is then theirs to decide, even one made in another seat's name), or, while the table acts (a card
dealt, the declaration closed), a legal action of their seat they have not declined yet (Huolong's shows during the
deal). :class:`AtSeat` is the table as one seat's person sees and plays it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from datong_rules.reference_impl import games, records
from datong_rules.reference_impl.bots import make_bots, offered_action
from datong_rules.reference_impl.cards import sort_cards
from datong_rules.reference_impl.state_api import IllegalAction

CARD_KINDS = ("play", "bury", "give")
"""Action types made of cards the person picks from their hand."""

SHOWN_LIMIT = 60
"""Most legal actions listed by the "show legal plays" toggle."""

KEPT_ACTIONS = 2000
"""The person's legal actions kept between the questions of one page (more are listed again when asked for)."""

MAX_STEPS = 5000
"""Safety cap on the bots' steps between two decisions of the person (a hand takes a few hundred)."""


class Refused(Exception):
    """A request the table cannot take (one line); ``code`` names it among the page's words
    (:data:`datong_rules.table_app.words.ERRORS`: the message the page shows in its language)."""

    code = "not_your_turn"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code or self.code


class NotYourTurn(Refused):
    """The person acted while they have no decision to make (one line)."""


class NotYourSeat(Refused):
    """The action names another seat than the person's (one line)."""

    code = "not_your_seat"


@dataclass
class Event:
    """One action of the hand as the table tells it: ``seat`` (None: the table), ``action`` (as applied),
    ``trick`` (the number of the trick or round it belongs to, 1 = the first; 0 before the play), ``reading`` (a
    play's combination and reading in words, as the game's ``selection`` hook gives them: a text of
    ``datong_rules.rulebook.story``; None when the game has no such hook)."""

    seat: int | None
    action: dict[str, Any]
    trick: int
    reading: Any = None
    told: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    """The event's sentence by language, once told (the page tells the last ones at every move)."""


@dataclass
class TrickEnd:
    """A finished trick (trick-taking) or round (climbing): its number, the plays and passes in order, the seat
    whose play won (the next leader), and the points when the game's ``summary()`` tells them (else None)."""

    number: int
    events: list[Event]
    winner: int | None
    points: int | None = None


@dataclass
class Table:
    """A person's table: the match, the hand in progress and the bots.

    Args:
        variant: the resolved variant (:class:`datong_rules.reference_impl.variant.Variant`).
        seat: the person's seat, ``0 … players - 1``.
        bot_kind: a bot kind of the game (``BOTS`` of its ``bots`` facet) for every seat, or one per seat separated
            by commas (:func:`datong_rules.reference_impl.bots.make_bots`).
        seed: the seed of the shuffles and of the bots.

    Attributes (besides those): ``game``, ``rules``, ``match``, ``state`` (the hand in progress), ``bots`` (one per
    seat; the person's is unused), ``events`` (the hand's actions as told, deal steps left out), ``tricks`` (the
    finished tricks or rounds), ``out`` (seats that played their last card, in order), ``hand_number``,
    ``version`` (counts the person's moves: an action, a decline, the next hand; a page sends the version it shows,
    so that a second click on an old page is refused), ``finished`` (the hand ended is taken into the match).

    Raises:
        ValueError: the variant's game is not registered, its engine cannot play it, the seat is out of range or
            the bot kind is unknown (one line each).
    """

    variant: Any
    seat: int = 0
    bot_kind: str = "greedy"
    seed: int = 0
    game: Any = field(init=False)
    rules: Any = field(init=False)
    match: Any = field(init=False)
    state: Any = field(init=False)
    bots: list[Any] = field(init=False)
    events: list[Event] = field(init=False, default_factory=list)
    out: list[int] = field(init=False, default_factory=list)
    tricks: list[TrickEnd] = field(init=False, default_factory=list)
    people: set[int] = field(init=False, default_factory=set)
    declined: dict[int, frozenset[str]] = field(init=False, default_factory=dict)
    hand_number: int = field(init=False, default=1)
    version: int = field(init=False, default=0)
    finished: bool = field(init=False, default=False)
    _kept_actions: dict[int, tuple[Any, list[dict[str, Any]]]] = field(init=False, default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.game = games.find(self.variant.data.get("game"))
        if self.game is None:
            raise ValueError(f"variant '{self.variant.id}' is of a game the kit does not play")
        self.rules = self.game.rules_for(self.variant)
        if type(self.seat) is not int or not 0 <= self.seat < self.rules.players:
            raise ValueError(f"seat: expected 0–{self.rules.players - 1}, got {self.seat!r}")
        self.bots = make_bots(self.game, self.bot_kind, random.Random(self.seed), self.rules.players)
        self.people = {self.seat}
        self.match = self.game.facet("state").Match(self.rules, self.seed)
        self._start_hand()

    # -- the hand ------------------------------------------------------------------------------------
    def _start_hand(self) -> None:
        self.state = self.match.new_hand()
        self.events, self.tricks, self.out, self.declined, self.finished = [], [], [], {}, False
        self.advance()

    def next_hand(self) -> None:
        """Take the finished hand into the match and deal the next one.

        Raises:
            NotYourTurn: the hand is not over, or the match is.
        """
        if not self.state.is_terminal():
            raise NotYourTurn("the hand is not over yet", "hand_not_over")
        if self.match.over:
            raise NotYourTurn("the match is over", "match_over")
        self.hand_number += 1
        self.version += 1
        self._start_hand()

    def _finish_hand(self) -> None:
        """Take the hand just ended into the match (once), so that the page can tell whether the match is over."""
        if not self.finished:
            self.match.finish_hand(self.state)
            self.finished = True

    # -- the people at the table ----------------------------------------------------------------------
    def seat_person(self, seat: int) -> None:
        """A person takes ``seat`` (a friend who opened their invitation): the bot there stops playing it."""
        self._check_seat(seat)
        self.people.add(seat)

    def seat_bot(self, seat: int) -> None:
        """A bot takes ``seat`` back (an invitation revoked), then plays on if the table waited for that seat."""
        self._check_seat(seat)
        if seat != self.seat:
            self.people.discard(seat)
            self.declined.pop(seat, None)
            self.version += 1
            self.advance()

    def _check_seat(self, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < self.rules.players:
            raise ValueError(f"seat: expected 0–{self.rules.players - 1}, got {seat!r}")

    def at(self, seat: int) -> AtSeat:
        """The table as seen from ``seat`` (:class:`AtSeat`)."""
        self._check_seat(seat)
        return AtSeat(self, seat)

    # -- one seat's decisions --------------------------------------------------------------------------
    @property
    def hand(self) -> list[str]:
        """The person's cards, sorted."""
        return self.hand_of(self.seat)

    def hand_of(self, seat: int) -> list[str]:
        """A seat's cards, sorted."""
        return sort_cards(self.state.hands[seat].elements())

    def person_actions(self, limit: int | None = None, seat: int | None = None) -> Iterator[dict[str, Any]]:
        """The person's legal actions now, at most ``limit``: on their turn every legal action (the current player
        decides them all, even one made in another seat's name: 憋蛋's first picks the card the third gives);
        while the table acts, the legal actions of their seat (Huolong's shows); else none. The first
        :data:`KEPT_ACTIONS` are kept until the hand changes (a page asks several times). ``seat``: another
        seat's person (default: the table's own person, :attr:`seat`)."""
        seat = self.seat if seat is None else seat
        if not self.awaiting(seat):
            return iter(())
        key = (id(self.state), len(self.state.actions), tuple(sum(h.values()) for h in self.state.hands),
               self.declined.get(seat))
        if self._kept_actions.get(seat, (None,))[0] != key:
            self._kept_actions[seat] = (key, list(islice(self._decided_by(seat), KEPT_ACTIONS + 1)))
        kept = self._kept_actions[seat][1]
        if limit is not None and limit <= KEPT_ACTIONS or len(kept) <= KEPT_ACTIONS:
            return iter(kept[:limit])
        return islice(self._decided_by(seat), limit)

    def _decided_by(self, seat: int) -> Iterator[dict[str, Any]]:
        if self.state.current_player() == seat:
            return self.state.legal_actions()
        return (a for a in self.state.legal_actions() if a.get("seat") == seat)

    def kinds(self, seat: int | None = None) -> list[str]:
        """The action types the person (at ``seat``) may make in their own seat's name now (the types of those legal
        actions, in a fixed order)."""
        seat = self.seat if seat is None else seat
        found = {a["type"] for a in self.person_actions(2000, seat) if a.get("seat") == seat}
        order = ("bury", "give", "play", "pass")
        return sorted(found.difference(order)) + [k for k in order if k in found]

    def awaiting(self, seat: int | None = None) -> bool:
        """True when the person (at ``seat``) has a decision: their turn, or a legal action of theirs while the
        table acts that they have not declined."""
        seat = self.seat if seat is None else seat
        if self.state.is_terminal():
            return False
        if self.state.current_player() == seat:
            return True
        return bool(self._open_offers(seat))

    def _open_offers(self, seat: int) -> frozenset[str]:
        """The person's legal actions while the table is to act (no seat is: Huolong's shows while the cards are
        dealt), as keys, when they differ from the ones the person declined last; else empty (another seat's
        decision is never offered to the person, even one made in the person's name)."""
        if self.state.current_player() is not None:
            return frozenset()
        offers = frozenset(_key(a) for a in islice(self.state.legal_actions(), 500) if a.get("seat") == seat)
        return offers if offers and offers != self.declined.get(seat) else frozenset()

    def decline(self, seat: int | None = None) -> None:
        """The person (at ``seat``) lets the table go on without taking the actions offered (no show now), then the
        bots act.

        Raises:
            NotYourTurn: nothing is offered to the person now (or it is their turn: they must act).
        """
        seat = self.seat if seat is None else seat
        offers = self._open_offers(seat)
        if not offers:
            raise NotYourTurn("nothing to decline: the table is not waiting for you", "nothing_to_decline")
        self.declined[seat] = offers
        self.version += 1
        self.advance()

    def act(self, action: Any, seat: int | None = None) -> str | None:
        """The person's action: checked for seat and turn, applied through the state API, then the bots act.

        Returns:
            None when applied; else the reason code of the engine's refusal (the state is unchanged).

        Raises:
            NotYourSeat: the action is not a mapping with the person's seat.
            NotYourTurn: the person has no decision now.
        """
        seat = self.seat if seat is None else seat
        if not isinstance(action, dict) or action.get("seat") != seat and not self._decides(action, seat):
            raise NotYourSeat(f"actions are accepted for your seat only (seat {seat})")
        if not self.awaiting(seat):
            raise NotYourTurn("it is not your turn")
        try:
            self._apply(action)
        except IllegalAction as err:
            return err.reason
        self.version += 1
        self.declined.pop(seat, None)
        self.advance()
        return None

    def _decides(self, action: dict[str, Any], seat: int) -> bool:
        """Whether ``action``, in another seat's name, is one the person at ``seat`` decides now (their turn: a
        legal action of the current player's, such as 憋蛋's card drawn from the third)."""
        return self.state.current_player() == seat and action in list(self.person_actions(KEPT_ACTIONS, seat))

    def advance(self) -> None:
        """Bots (and the table's steps) act until a person at the table has a decision or the hand is over.

        Raises:
            RuntimeError: more than :data:`MAX_STEPS` steps without a decision of a person (a bug).
        """
        for _ in range(MAX_STEPS):
            if self.state.is_terminal():
                self._finish_hand()
                return
            if any(self.awaiting(seat) for seat in self.people):
                return
            seat = self.state.current_player()
            before = [sum(h.values()) for h in self.state.hands]
            self._apply(self.bots[0 if seat is None else seat].choose(self.state))
            if seat is None:
                self._bot_offers(before)
        raise RuntimeError("the bots made too many steps without a decision of the person")

    def _bot_offers(self, before: list[int]) -> None:
        """After a table step: the bots of the seats it gave cards to may act (the bots' ``offer``, as a game's own
        hand loop asks them: :func:`~datong_rules.reference_impl.bots.offered_action`)."""
        grew = [s for s, h in enumerate(self.state.hands) if sum(h.values()) > before[s] and s not in self.people]
        for seat in grew:
            action = offered_action(self.bots[seat], self.state, seat)
            if action is not None:
                self._apply(action)

    def _apply(self, action: dict[str, Any]) -> None:
        """Apply through the state API and note the event (and the end of a trick or round)."""
        reading = self._reading(action) if action.get("type") == "play" else None
        self.state.apply(action)
        if action.get("type") in ("deal", "close"):
            return
        trick = len(self.tricks) + 1 if action.get("type") in ("play", "pass") else 0
        self.events.append(Event(action.get("seat"), dict(action), trick, reading))
        seat = action.get("seat")
        if action.get("type") == "play" and seat not in self.out and not +self.state.hands[seat]:
            self.out.append(seat)
        if trick and self._trick_over():
            self._close_trick()

    def _reading(self, action: dict[str, Any]) -> Any:
        """A play's combination and declared reading in words (the option of the game's ``selection`` hook that is
        this play: the same reading, or the one legal reading when the play declares none); None without one."""
        hook = getattr(self.game.facet("rulebook"), "selection", None)
        if hook is None or not isinstance(action.get("cards"), list):
            return None
        try:
            options = hook(self.state, action.get("seat"), list(action["cards"]))
        except (ValueError, KeyError, TypeError):
            return None
        same = [o for o in options if o["action"] == action]
        if not same and "reading" not in action:
            same = [o for o in options if len(options) == 1 or self.state.check(o["action"]) is None]
        return same[0]["reading"] if same else None

    def _trick_over(self) -> bool:
        """Whether the last play or pass ended a trick (trick-taking: one play a seat) or a round (climbing: the
        seat to act now leads and may not pass, or the hand is over)."""
        current = [e for e in self.events if e.trick == len(self.tricks) + 1]
        if self.game.family != "climbing":
            return len(current) == self.rules.players
        if self.state.is_terminal():
            return True
        seat = self.state.current_player()
        return seat is not None and self.state.check({"type": "pass", "seat": seat}) is not None

    def _close_trick(self) -> None:
        current = [e for e in self.events if e.trick == len(self.tricks) + 1]
        plays = [e for e in current if e.action["type"] == "play"]
        winner = self.state.current_player() if self.game.family != "climbing" else (
            plays[-1].seat if plays else None)
        points = None
        done = self.state.summary().get("tricks") if hasattr(self.state, "summary") else None
        if isinstance(done, list) and len(done) == len(self.tricks) + 1:
            last = done[-1]
            winner, points = last[2], last[3]
        self.tricks.append(TrickEnd(len(self.tricks) + 1, current, winner, points))

    # -- what the page shows --------------------------------------------------------------------------
    def on_table(self) -> list[Event]:
        """The plays and passes of the trick or round in progress (the last finished one while none is)."""
        current = [e for e in self.events if e.trick == len(self.tricks) + 1]
        if current or not self.tricks:
            return current
        return self.tricks[-1].events

    def record(self) -> dict[str, Any]:
        """The hand so far as a hand record (:func:`datong_rules.reference_impl.records.hand_record`), the form
        ``datong-rules verify`` checks."""
        return records.hand_record(self.state, seed=self.seed, deal_number=self.hand_number)

    def match_record(self) -> dict[str, Any]:
        """The match so far as a match record (:func:`datong_rules.reference_impl.records.match_record`: the hands
        finished, the match's result once it is over), the form ``datong-rules verify`` checks."""
        return records.match_record(self.match)


def _key(action: dict[str, Any]) -> str:
    """A hashable key of an action (its JSON-like repr with sorted keys)."""
    return repr(sorted(action.items()))


class AtSeat:
    """The table as one seat's person sees and plays it: :class:`Table`'s attributes, with ``seat`` that seat's and
    the decisions (``awaiting``, ``person_actions``, ``kinds``, ``act``, ``decline``, ``hand``) that seat's. The page
    of a friend's seat is rendered from one."""

    def __init__(self, table: Table, seat: int) -> None:
        self.table, self.seat = table, seat

    def __getattr__(self, name: str) -> Any:
        return getattr(self.table, name)

    @property
    def hand(self) -> list[str]:
        """The seat's cards, sorted."""
        return self.table.hand_of(self.seat)

    def awaiting(self) -> bool:
        """Whether the seat's person has a decision (:meth:`Table.awaiting`)."""
        return self.table.awaiting(self.seat)

    def person_actions(self, limit: int | None = None) -> Iterator[dict[str, Any]]:
        """The seat's legal actions now (:meth:`Table.person_actions`)."""
        return self.table.person_actions(limit, self.seat)

    def kinds(self) -> list[str]:
        """The seat's action types now (:meth:`Table.kinds`)."""
        return self.table.kinds(self.seat)

    def act(self, action: Any) -> str | None:
        """The seat's action (:meth:`Table.act`)."""
        return self.table.act(action, self.seat)

    def decline(self) -> None:
        """The seat lets the table go on (:meth:`Table.decline`)."""
        self.table.decline(self.seat)
