"""The one replay driver of game records: a hand record, or a match record hand after hand, replayed through one
hook object per game (:class:`ReplayHooks`), and the verdict (:class:`ReplayResult`).

The driver does what every game does: for each hand, the game's :meth:`~ReplayHooks.start` builds the hand state
from the record's setup (checked against what the hands before give, in a match), each entry of ``actions`` is
replayed by :meth:`~ReplayHooks.step`, and :meth:`~ReplayHooks.finish` checks the hand is over and agrees with what
the record claims; :meth:`~ReplayHooks.next_setup` gives what the next hand of a match must start from, and
:meth:`~ReplayHooks.check_match` checks the match's own claims at the end. A hook refuses with :class:`Refusal`; the
first refusal is the verdict. :class:`GameReplay` holds the hooks most games share (an action replayed with
``state.apply``, a hand that must be terminal).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .state_api import HandState, IllegalAction

Record = dict[str, Any]
"""A record (or one hand record of a match record), already checked against its schema."""


@dataclass
class ReplayResult:
    """The verdict on a record.

    Attributes:
        accepted: True when every action is legal and every claim agrees.
        hand: for a match record, the index in ``hands`` of the hand at fault (else None).
        index: the index in that hand's ``actions`` of the first refused action or disagreeing claim
            (``len(actions)`` for a record that stops before the hand ends; None for a setup problem).
        seat: the seat that made the refused action (None for claims and setup problems).
        reason: a reason code; detail: a short human explanation.
        state: the replayed hand state of the last hand replayed (for comparisons).
    """

    accepted: bool
    hand: int | None = None
    index: int | None = None
    seat: int | None = None
    reason: str | None = None
    detail: str = ""
    state: Any = None

    def answer(self) -> dict[str, Any]:
        """The ``replay`` operation's answer: ``{accepted: true}`` or ``{accepted: false, index, seat, reason}``
        (and ``hand`` for a match record)."""
        if self.accepted:
            return {"accepted": True}
        out: dict[str, Any] = {"accepted": False, "index": self.index, "seat": self.seat, "reason": self.reason}
        if self.hand is not None:
            out["hand"] = self.hand
        return out


class Refusal(Exception):
    """Raised by a hook: the record is refused here (``reason`` code; ``index`` of the entry in the hand's
    ``actions``, None for a setup or a claim of the whole hand; ``seat`` that acted; ``detail`` for a reader)."""

    def __init__(self, reason: str, index: int | None = None, seat: int | None = None, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason, self.index, self.seat, self.detail = reason, index, seat, detail


class ReplayHooks(Protocol):
    """What a game tells the replay driver (one object per game, usually a :class:`GameReplay`)."""

    def start(self, rules: Any, hand: Record, expected: Any) -> HandState:
        """The state a hand record starts from (its pack dealt, its setup taken).

        Args:
            rules: the rules the record is replayed with.
            hand: the hand record.
            expected: None for a hand record; in a match, what :meth:`first_setup` or :meth:`next_setup` gave.

        Raises:
            Refusal: a bad pack, or a setup that is not the rules' or does not follow from the hands before.
        """
        ...

    def step(self, state: Any, index: int, action: Any) -> None:
        """Replay the entry ``index`` of the hand's ``actions``.

        Raises:
            Refusal: the rules refuse the action, or the entry's claim disagrees with the replayed hand.
        """
        ...

    def finish(self, state: Any, hand: Record) -> None:
        """After the last entry.

        Raises:
            Refusal: the hand is not over, or the result the record claims is not the rules'.
        """
        ...

    def first_setup(self, rules: Any) -> Any:
        """What the first hand of a match must start from (passed to :meth:`start`; not None)."""
        ...

    def next_setup(self, rules: Any, hand: Record, state: Any, expected: Any) -> Any:
        """What the hand after ``hand`` (replayed into ``state``, started from ``expected``) must start from."""
        ...

    def check_match(self, record: Record, state: Any, expected: Any) -> None:
        """The match record's own claims, after its last hand (``expected``: what a next hand would start from).

        Raises:
            Refusal: a claim of the match (its winner) is not what the hands give.
        """
        ...


class GameReplay:
    """The hooks most games share; a game overrides :meth:`start` (always) and what differs.

    Attributes:
        incomplete: the reason code of a record that stops before the hand ends.
    """

    incomplete = "incomplete"

    def start(self, rules: Any, hand: Record, expected: Any) -> HandState:
        """The game's hand state for ``hand`` (each game's own)."""
        raise NotImplementedError

    def step(self, state: Any, index: int, action: Any) -> None:
        """``state.apply(action)``; an :class:`IllegalAction` is refused with its reason and seat."""
        try:
            state.apply(action)
        except IllegalAction as err:
            raise Refusal(err.reason, index, err.seat, err.detail) from None

    def finish(self, state: Any, hand: Record) -> None:
        """Refuse a hand that is not over (:attr:`incomplete`, at ``len(actions)``, the seat to act)."""
        if not state.is_terminal():
            raise Refusal(self.incomplete, len(hand["actions"]), state.current_player(),
                          "the record stops before the hand ends")

    def first_setup(self, rules: Any) -> Any:
        """No expectation beyond the rules' (an empty mapping)."""
        return {}

    def next_setup(self, rules: Any, hand: Record, state: Any, expected: Any) -> Any:
        """No expectation beyond the rules' (an empty mapping)."""
        return {}

    def check_match(self, record: Record, state: Any, expected: Any) -> None:
        """Nothing to check."""


def replay_record(record: Record, rules: Any, hooks: ReplayHooks) -> ReplayResult:
    """Replay a hand or match record (``record: hand | match``, already checked against its schema) with the
    game's ``hooks``.

    A hand of a match record naming another variant than the match's is refused (``wrong_setup``), whatever the
    game: the whole match is replayed with the match's rules.

    Returns:
        The :class:`ReplayResult`: accepted with the last hand's state, or the first refusal (with ``hand`` for a
        match record, and the state of the hand refused as far as it got).
    """
    is_match = record.get("record") == "match"
    hands: Sequence[Record] = record["hands"] if is_match else [record]
    expected = hooks.first_setup(rules) if is_match else None
    state: Any = None
    for number, hand in enumerate(hands):
        current: Any = None
        try:
            if is_match and hand.get("variant", record.get("variant")) != record.get("variant"):
                raise Refusal("wrong_setup", detail=f"variant {hand.get('variant')} in a {record.get('variant')} match")
            current = hooks.start(rules, hand, expected)
            for index, action in enumerate(hand["actions"]):
                hooks.step(current, index, action)
            hooks.finish(current, hand)
        except Refusal as refusal:
            return _refused(refusal, number if is_match else None, current)
        state = current
        if is_match:
            expected = hooks.next_setup(rules, hand, state, expected)
    if is_match:
        try:
            hooks.check_match(record, state, expected)
        except Refusal as refusal:
            return _refused(refusal, len(hands) - 1, state)
    return ReplayResult(True, state=state)


def _refused(refusal: Refusal, hand: int | None, state: Any) -> ReplayResult:
    return ReplayResult(False, hand, refusal.index, refusal.seat, refusal.reason, refusal.detail, state)
