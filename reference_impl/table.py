"""The table of a variant: how many seats, which way play goes round, and who plays with whom.

Seats are numbered ``0 … players.count - 1`` in **play order**: seat ``s + 1`` (mod the count) acts after seat ``s``,
whatever the direction. ``players.play_direction`` says how that order lies on a real table: seat 0 is drawn at the
bottom (south, the reader's own place) and the next seats follow counter-clockwise (逆时针, the Chinese default: seat
1 to the right of seat 0, east) or clockwise (seat 1 to the left, west). The rulebook's seat picture and any
transcript that names table positions use :meth:`Table.position`; no rule depends on it.

Teams come from ``players.partnership``: ``opposite_seats`` (fixed partnerships: seats of the same parity play
together, 0+2 against 1+3 at four), ``banker_vs_rest`` (one banker against all others, decided per hand), or none
(everyone for themselves).

Generic code asks a :class:`Table` instead of computing ``seat % 2`` or ``range(4)`` (only a game's own folder does
seat arithmetic of its own).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

DIRECTIONS = ("counter_clockwise", "clockwise")
"""The values of ``players.play_direction``."""

_COMPASS = ("south", "east", "north", "west")
"""Compass names of the four places at a square table, counter-clockwise from the bottom."""


@dataclass(frozen=True)
class Table:
    """Seats, play direction and teams of a variant.

    Attributes:
        players: the number of seats (``players.count``).
        play_direction: ``counter_clockwise`` or ``clockwise`` (``players.play_direction``).
        partnership: ``opposite_seats`` (or 打墩's name for it, ``fixed_partnerships``), ``banker_vs_rest`` or None
            (``players.partnership``).
    """

    players: int
    play_direction: str = "counter_clockwise"
    partnership: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or self.players < 2:
            raise ValueError(f"players.count: expected a whole number ≥ 2, got {self.players!r}")
        if self.play_direction not in DIRECTIONS:
            raise ValueError(f"players.play_direction: expected one of {', '.join(DIRECTIONS)}, "
                             f"got {self.play_direction!r}")

    @classmethod
    def from_rules(cls, rules: dict[str, Any]) -> Table:
        """The table of a resolved variant's ``rules`` mapping (``players.count``, ``players.play_direction``,
        ``players.partnership``; a missing direction is counter-clockwise, a missing partnership none).

        Raises:
            ValueError: no ``players.count``, or a bad value.
        """
        players = rules.get("players") or {}

        def value(key: str, default: Any) -> Any:
            item = players.get(key)
            return item.get("value", default) if isinstance(item, dict) else default

        count = value("count", None)
        if count is None:
            raise ValueError("players.count: the variant does not say how many play")
        return cls(count, value("play_direction", "counter_clockwise"), value("partnership", None))

    @property
    def seats(self) -> range:
        """Every seat, in play order."""
        return range(self.players)

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` turns after ``seat`` in play order."""
        return (seat + steps) % self.players

    def order_from(self, first: int) -> list[int]:
        """Every seat in play order, starting with ``first``."""
        return [self.next_seat(first, i) for i in range(self.players)]

    def angle(self, seat: int) -> float:
        """Where ``seat`` sits, in degrees counter-clockwise from east as seen from above; seat 0 at 270 (south)."""
        turn = 360.0 * seat / self.players
        return (270.0 + (turn if self.play_direction == "counter_clockwise" else -turn)) % 360.0

    def position(self, seat: int) -> str:
        """The compass place of ``seat``: ``south``, ``east``, ``north`` or ``west`` (exact for four players; for other
        counts the nearest one: :meth:`angle` is exact)."""
        return _COMPASS[round(((self.angle(seat) - 270.0) % 360.0) / 90.0) % 4]

    def xy(self, seat: int) -> tuple[float, float]:
        """The seat's place on a unit circle (x to the east, y to the north), for pictures."""
        rad = math.radians(self.angle(seat))
        return round(math.cos(rad), 6), round(math.sin(rad), 6)

    def team(self, seat: int, banker: int | None = None) -> int | None:
        """The team of ``seat``: ``seat % 2`` for ``opposite_seats`` and ``fixed_partnerships`` (0: seats 0, 2, …; 1:
        seats 1, 3, …); for
        ``banker_vs_rest`` 0 for the banker and 1 for the others (None while no banker is known); None without
        teams."""
        if self.partnership in ("opposite_seats", "fixed_partnerships"):
            return seat % 2
        if self.partnership == "banker_vs_rest":
            return None if banker is None else (0 if seat == banker else 1)
        return None

    def partners(self, seat: int, banker: int | None = None) -> list[int]:
        """The other seats of ``seat``'s team (``[]`` without teams or before the banker is known)."""
        mine = self.team(seat, banker)
        if mine is None:
            return []
        return [s for s in self.seats if s != seat and self.team(s, banker) == mine]
