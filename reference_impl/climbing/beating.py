"""The beat relation of the climbing games, tier first: a play beats the play on the table by its catalogue tier
(``ordinary``, then the game's tiers above it: bombs, duns, the rocket …), and only plays of one tier compare by the
game's own key (the ladder of bombs, the top rank, a level card's promotion).

:func:`tier_reason` decides everything the tiers decide and says :data:`COMPARE` when the game must compare the two
plays itself. Reason codes are those of the operations guides: ``wrong_type`` (a play of another kind), and the
code a game gives to a play of a lower tier above ordinary (:attr:`Tiers.below`).
"""

from __future__ import annotations

from dataclasses import dataclass

COMPARE = "compare"
"""What :func:`tier_reason` answers when both plays are of one tier: the game compares them (same kind, key)."""


@dataclass(frozen=True)
class Tiers:
    """How the tiers of a catalogue beat one another.

    Attributes:
        order: tier names, weakest first; ``order[0]`` is the ordinary tier (plays that beat only their own kind).
        over_ordinary: the tiers whose plays beat any ordinary play (bombs when ``beating.bombs_beat_ordinary``).
        below: the reason code of a play of a lower tier above ordinary than the table's (``not_higher`` in 打墩,
            ``wrong_type`` in 憋蛋, where only the rocket is above the bombs).
    """

    order: tuple[str, ...]
    over_ordinary: frozenset[str]
    below: str = "not_higher"


def tier_reason(tiers: Tiers, play: str, table: str) -> str | None:
    """How a play of tier ``play`` fares against the table's play of tier ``table`` [beating.*].

    Returns:
        None (it beats), a reason code (``wrong_type`` or :attr:`Tiers.below`), or :data:`COMPARE` (one tier: the
        game compares the plays).

    Raises:
        ValueError: a tier not in ``tiers.order``.
    """
    ordinary = tiers.order[0]
    if play == ordinary:
        return COMPARE if table == ordinary else "wrong_type"
    if table == ordinary:
        return None if play in tiers.over_ordinary else "wrong_type"
    if play != table:
        return None if tiers.order.index(play) > tiers.order.index(table) else tiers.below
    return COMPARE
