"""The round machine of a climbing hand, one for every climbing game: plays and passes, lock-outs, the end of a round
(``play.round_end: all_others_passed``), the next leader and the wind, the end of the hand (``hand_end.when``).

A game keeps its own cards, readings and beating; it tells the round each play and pass and asks who acts next. The
rule values come from :class:`.seats.RoundRules`; ``holding`` is a sequence with one entry a seat, truthy while the
seat still holds cards (card counts, or flags), as in :mod:`.seats`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..compile_options import mypyc_attr
from .seats import RoundRules, hand_over, next_to_answer, round_leader


class Round:
    """The round in progress.

    Attributes: rules (:class:`.seats.RoundRules`); last (the seat whose play stands, None before the round's lead);
    passed (seats that passed since that play); locked (seats locked out until the round ends, by
    ``play.pass_locks_out``).
    """

    __slots__ = ("rules", "last", "passed", "locked")

    def __init__(self, rules: RoundRules) -> None:
        self.rules = rules
        self.last: int | None = None
        self.passed: set[int] = set()
        self.locked: set[int] = set()

    def play(self, seat: int) -> None:
        """``seat`` played: its play stands, every seat answers it anew (the locked-out seats excepted)."""
        self.last = seat
        self.passed = set()

    def pass_(self, seat: int) -> None:
        """``seat`` passed (and is locked out until the round ends when ``play.pass_locks_out``)."""
        self.passed.add(seat)
        if self.rules.pass_locks_out:
            self.locked.add(seat)

    def hand_over(self, out: Sequence[int], holding: Sequence[object]) -> bool:
        """Whether the hand ends now, ``out`` the seats out in order (``hand_end.when``, any of)."""
        return hand_over(out, holding, self.rules.hand_end)

    def next_to_act(self, seat: int, holding: Sequence[object]) -> int | None:
        """After ``seat`` acted: the next seat that answers the play that stands, or None when the round is over."""
        return next_to_answer(seat, self.last, holding, self.passed, self.locked)

    def end(self, holding: Sequence[object]) -> tuple[int, bool]:
        """End the round: (the next leader, whether that is the wind) by ``play.next_leader`` and the wind; the round
        starts afresh (no play stands, nobody passed or locked out).

        Raises:
            ValueError: no play stands, or the wind names no seat that holds cards (:func:`.seats.round_leader`).
        """
        if self.last is None:
            raise ValueError("a round ends after a play")
        found = round_leader(self.last, holding, self.rules.next_leader, self.rules.wind)
        self.last, self.passed, self.locked = None, set(), set()
        return found


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py), and 打墩's pure hand state extends it
class RoundViews:
    """What a hand state shows of its round machine (``self.round``, a :class:`Round`): ``passed`` and ``locked``."""

    round: Round

    @property
    def passed(self) -> set[int]:
        """Seats that passed since the play that stands."""
        return self.round.passed

    @property
    def locked(self) -> set[int]:
        """Seats locked out until the round ends (``play.pass_locks_out``)."""
        return self.round.locked
