"""The state API every game implements, typed: a hand state, a match of hands and a bot (:class:`HandState`,
:class:`Match`, :class:`Bot`), and the errors every game raises (:class:`RuleError`, :class:`IllegalAction`,
:class:`MatchError`).

The hand state is a game's whole hand as a state machine, in the manner of OpenSpiel's ``pyspiel.State``: who acts
(:meth:`HandState.current_player`), what they may do (:meth:`~HandState.legal_actions`, one of them drawn at random
by :meth:`~HandState.random_action`, one judged by :meth:`~HandState.check`), doing it (:meth:`~HandState.apply`),
the end (:meth:`~HandState.is_terminal`) and the result (:meth:`~HandState.settlement`). A match deals the next hand
(:meth:`Match.new_hand`), takes each finished one (:meth:`Match.finish_hand`) and plays bots through the one match
loop (:func:`datong_rules.reference_impl.bots.play_match`). Where a game differs (Huolong asks its bots for shows
while the cards are dealt; a redealt hand does not count), it passes a hook to the shared loop, as python-chess's
variants override a hook of the shared board. The classes here are :class:`typing.Protocol` s: a game's classes
satisfy them by their methods (no base class to inherit); ``isinstance`` works on them (``runtime_checkable``).

Actions are JSON-ready mappings in the notation of :mod:`datong_rules.reference_impl.actions` (a game may have
actions of its own besides the shared ones). Seats are ``0 … players - 1``.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, runtime_checkable

SeatName = Callable[[int], str]
"""Names a seat for a reader (a game's ``words`` facet is given one by the table: the person's seat is "you")."""
CardName = Callable[[str], str]
"""Names a card by its token, for a reader."""


Action = dict[str, Any]
"""An action: a JSON-ready mapping with a ``type`` (and usually a ``seat``)."""


class RuleError(Exception):
    """The base of the errors a game raises when its rules or its match refuse something (an illegal action, a match
    used out of order or stopped by a safety cap): one line, what was refused and why."""


class IllegalAction(RuleError, ValueError):
    """An action the rules refuse; the state that refused it is unchanged.

    Args and attributes:
        reason: the reason code (the codes of the game's operations doc: ``out_of_turn``, ``not_in_hand``, …).
        seat: the seat that made the action (the action's own ``seat`` when it is one; None for a step of the table
            or an action without a readable seat).
        action: the action as given (None when not known).
        detail: a short explanation for a reader (may be empty).

    The message is ``seat S: illegal TYPE: REASON: DETAIL`` (``seat S: `` and ``: DETAIL`` only when known).
    """

    def __init__(self, reason: str, seat: int | None = None, action: Any = None, detail: str = "") -> None:
        self.reason, self.seat, self.action, self.detail = reason, seat, action, detail
        kind = str(action.get("type")) if isinstance(action, dict) else "action"
        who = "" if seat is None else f"seat {seat}: "
        super().__init__(f"{who}illegal {kind}: {reason}" + (f": {detail}" if detail else ""))


MAX_HANDS = 500
"""The default safety cap on the hands of a match (``Match(..., max_hands=…)`` of every game, ``play --max-hands``):
a match asking for more hands up front (Biedan's ``match.hands``) is refused unless the cap is raised."""


class MatchError(RuleError, RuntimeError):
    """A match that cannot go on: a new hand after the end, a hand handed back unfinished, a safety cap reached."""


def seat_of(action: Any, players: int) -> int | None:
    """The ``seat`` of an action when it is a seat ``0 … players - 1`` (a whole number, not a bool), else None."""
    seat = action.get("seat") if isinstance(action, dict) else None
    return seat if type(seat) is int and 0 <= seat < players else None


def check_on_a_copy(state: Any, action: Action, trial: Any = None) -> str | None:
    """:meth:`HandState.check` for a game whose rules are judged in ``apply`` itself: ``action`` applied to ``trial``,
    a copy of ``state`` the caller made (a state class that copies itself: one compiled by mypyc cannot be
    deep-copied), by default a deep copy (the rules object shared, not copied); None when it is accepted, else the
    :class:`IllegalAction`'s reason code. ``state`` is unchanged."""
    if trial is None:
        trial = copy_sharing(state)
    try:
        trial.apply(action)
    except IllegalAction as err:
        return err.reason
    return None


def copy_sharing(state: Any, *shared: object) -> Any:
    """A deep copy of ``state`` in which ``state.rules`` and the ``shared`` objects (lookup tables that never change
    during a hand) are the same objects, not copies; ``state`` is unchanged."""
    memo: dict[int, object] = {id(state.rules): state.rules}
    for kept in shared:
        memo[id(kept)] = kept
    return copy.deepcopy(state, memo)


def redealt(current: Sequence[Counter[str]], hands: Sequence[Any]) -> list[Counter[str]]:
    """``hands`` (one collection of card tokens per seat) as Counters, checked to be a redeal of ``current``: as many
    seats, as many cards per seat, and the same cards in all (so that no card is lost or made).

    Raises:
        ValueError: another number of seats, a seat holding another number of cards, or other cards in all.
    """
    out = [Counter(cards) for cards in hands]
    if len(out) != len(current):
        raise ValueError(f"a redeal of {len(current)} seats, got {len(out)}")
    for seat, (old, new) in enumerate(zip(current, out)):
        if old.total() != new.total():
            raise ValueError(f"seat {seat} holds {old.total()} cards, the redeal gives it {new.total()}")
    if sum(out, Counter()) != sum((+h for h in current), Counter()):
        raise ValueError("the redeal holds other cards than the hands it replaces")
    return out


@runtime_checkable
class Redealable(Protocol):
    """A hand state that can be copied with the cards redealt among the seats (:meth:`with_hands`): what a search
    bot needs to sample the cards it cannot see (a determinization). Every game of the kit has it; a game without
    it is played by the search bot as its greedy bot would."""

    def with_hands(self, hands: Sequence[Any]) -> Any:
        """A copy of this hand, sharing its rules, in which seat ``s`` holds ``hands[s]`` (card tokens) instead of
        its cards, everything else as now; this hand is unchanged.

        Raises:
            ValueError: ``hands`` is no redeal of the hands (:func:`redealt`).
        """
        ...


@runtime_checkable
class HandState(Protocol):
    """One hand of a game, from the deal to the settlement (each game's ``state.HandState``)."""

    rules: Any
    """The variant's rules (the game's frozen rules object; ``rules.variant_id``, ``rules.players``)."""
    pack: list[str]
    """The dealing order the hand started from."""
    actions: list[Action]
    """Every action applied so far, in order, as the hand's record keeps them."""

    @property
    def hands(self) -> Sequence[Counter[str]]:
        """Seat → the cards it holds (a Counter of card tokens)."""
        ...

    def current_player(self) -> int | None:
        """The seat to act, or None (the hand is over, or the table acts: a card dealt)."""
        ...

    def legal_actions(self) -> Iterator[Action]:
        """The legal actions now, lazily (none once the hand is over)."""
        ...

    def random_action(self, rng: random.Random) -> Action:
        """One legal action drawn with ``rng`` without listing them all, each distinct legal action of the
        decision equally likely (what counts as one action is said by each game's ``random_action``)."""
        ...

    def check(self, action: Action) -> str | None:
        """None when ``action`` is legal now, else its reason code; nothing changes."""
        ...

    def apply(self, action: Action) -> None:
        """Make ``action``.

        Raises:
            IllegalAction: the action is refused (its reason code); nothing changes.
        """
        ...

    def is_terminal(self) -> bool:
        """True once the hand is over."""
        ...

    def settlement(self) -> dict[str, Any]:
        """The hand's result (the game's ``settle`` answer and what the hand record keeps).

        Raises:
            RuntimeError or ValueError: the hand is not over.
        """
        ...

    def cards_everywhere(self) -> Counter[str]:
        """Every card of the hand wherever it lies now: always the pack, if no card is lost or made."""
        ...

    def summary(self) -> dict[str, Any]:
        """A short JSON-ready view of the hand, for comparisons."""
        ...


@runtime_checkable
class Bot(Protocol):
    """A player: made as ``Bot(rng)`` (a game's ``bots.BOTS`` maps kind names to such classes)."""

    def choose(self, state: Any) -> Action:
        """The action of ``state``'s current player (or the table's next step while no seat is to act)."""
        ...


OnHand = Callable[[Any], object]
"""Called with each finished hand state by :meth:`Match.play`."""


@runtime_checkable
class Match(Protocol):
    """Hands one after another until the game's match ends (each game's ``state.Match(rules, seed, max_hands=…)``)."""

    rules: Any
    """The variant's rules."""
    seed: int | None
    """The seed of the match's shuffles."""

    @property
    def over(self) -> bool:
        """True once the match has ended (no next hand)."""
        ...

    @property
    def hands(self) -> Sequence[Any]:
        """The finished hand states, in order (redealt ones included)."""
        ...

    def new_hand(self) -> Any:
        """The next hand, dealt.

        Raises:
            MatchError: the match is over, or a safety cap is reached.
        """
        ...

    def finish_hand(self, state: Any) -> object:
        """Take a finished hand into the match (levels, banker, scores).

        Raises:
            MatchError: the hand is not over.
        """
        ...

    def play(self, bots: Sequence[Any], hands: int | None = None, on_hand: OnHand | None = None) -> object:
        """Bots (one per seat) play hands until the match is over or ``hands`` hands are played; ``on_hand(state)``
        after each hand.

        Raises:
            MatchError: a safety cap is reached.
        """
        ...
