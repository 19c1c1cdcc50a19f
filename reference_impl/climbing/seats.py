"""Seats of a climbing game: who plays next, who answers a play, who leads the next round (the wind, 接风), when a
hand is over.

Seats are numbered in play order (``players.play_direction`` only names the direction round the table), so the
next player of seat ``s`` is ``s + 1`` modulo the number of seats. ``holding`` is a sequence with one entry a seat,
truthy while the seat still holds cards (card counts, or flags). No rule value lives here: the callers pass the
values of the rule items named in each docstring.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class RoundRules:
    """The rule values of a round of plays and passes (rule ids in the comments), read by
    :func:`..climbing.variant_rules.round_rules`."""

    pass_locks_out: bool  # play.pass_locks_out
    next_leader: str  # play.next_leader
    wind: tuple[str, ...]  # who takes the wind, in order (打墩 play.wind, play.wind_partner_out; 憋蛋 leader_out)
    hand_end: tuple[str, ...]  # hand_end.when (any of)


_AFTER: dict[int, tuple[tuple[int, ...], ...]] = {}


def _seats_after(players: int) -> tuple[tuple[int, ...], ...]:
    """Seat → the other seats in play order after it (made once per number of seats: the hot path of a hand)."""
    after = _AFTER.get(players)
    if after is None:
        after = _AFTER[players] = tuple(tuple((seat + step) % players for step in range(1, players))
                                        for seat in range(players))
    return after


def partner_of(seat: int, players: int) -> int:
    """The partner (对门) of ``seat`` under ``players.partnership: fixed_partnerships``: the seat opposite."""
    return (seat + players // 2) % players


def next_active(seat: int, holding: Sequence[object]) -> int:
    """The next seat after ``seat``, in play order, that still holds cards.

    Raises:
        RuntimeError: no other seat holds cards.
    """
    for other in (_AFTER.get(len(holding)) or _seats_after(len(holding)))[seat]:
        if holding[other]:
            return other
    raise RuntimeError("nobody left to play")


def next_to_answer(seat: int, last: int | None, holding: Sequence[object], passed: set[int] | frozenset[int],
                   locked: set[int] | frozenset[int]) -> int | None:
    """After ``seat`` acted: the next seat in play order that still has to answer the play of ``last`` (holds
    cards, is not ``last``, has not passed since that play, is not locked out by ``play.pass_locks_out``), or None
    when the round is over (``play.round_end: all_others_passed``)."""
    for other in (_AFTER.get(len(holding)) or _seats_after(len(holding)))[seat]:
        if holding[other] and other != last and other not in passed and other not in locked:
            return other
    return None


def round_leader(last: int, holding: Sequence[object], next_leader: str, wind: Sequence[str]) -> tuple[int, bool]:
    """Who leads after a round whose last play was ``last``'s, and whether that is the wind (the play that stood
    emptied ``last``'s hand).

    Args:
        next_leader: ``play.next_leader``: ``last_player`` (``last`` leads again) or ``next_of_last_player``.
        wind: who takes the wind, in order of preference, the first that holds cards: ``partner`` (the seat
            opposite, ``play.wind``) and ``next_active_player`` (the next seat holding cards; 憋蛋's
            ``play.leader_out``, 打墩's ``play.wind_partner_out``).

    Raises:
        ValueError: ``wind`` names no seat that holds cards.
    """
    if holding[last]:
        return (last if next_leader == "last_player" else next_active(last, holding)), False
    for way in wind:
        if way == "partner":
            partner = partner_of(last, len(holding))
            if holding[partner]:
                return partner, True
        elif way == "next_active_player":
            return next_active(last, holding), True
    raise ValueError(f"no seat takes the wind after seat {last} ({', '.join(wind)})")


def hand_over(out: Sequence[int], holding: Sequence[object], when: Sequence[str]) -> bool:
    """Whether the hand ends now (``hand_end.when``, any of): ``one_player_left`` (one seat alone holds cards),
    ``partners_first_second`` (the first two out are partners), ``third_out`` (three seats are out)."""
    for way in when:
        if way == "one_player_left" and sum(1 for h in holding if h) <= 1:
            return True
        if way == "partners_first_second" and len(out) == 2 and partner_of(out[0], len(holding)) == out[1]:
            return True
        if way == "third_out" and len(out) == 3:
            return True
    return False
