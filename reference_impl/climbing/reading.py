"""What a play is in a climbing game: one :class:`Reading` type for every climbing game.

A set of played cards may form several combinations of the catalogue (a wild card may stand for many cards, a run
of pairs may also be a bomb in a house catalogue); each is a *reading*. Every climbing game's engine reads plays
into this one type, so the round machine, the bots, the rulebook's stories and the tools handle 憋蛋 Biedan's and
打墩 Dadun's plays alike; the game decides the values (its ranking, its keys) and the beat relation past the tiers
(:mod:`.beating`). No rule lives here.
"""

from __future__ import annotations

from typing import NamedTuple, Union

Key = Union[int, tuple[float, ...]]
"""A compare key: an int (a rank's strength, a run's top place) or a tuple compared element by element (a ladder
step, then a rank's strength). Keys compare only within one game and one tier."""


class Reading(NamedTuple):
    """One reading of a play: which combination of the catalogue the cards form, and how it compares.

    Attributes:
        combination: the catalogue name (``"straight"``; an attachment's name for three with one …).
        tier: the combination's catalogue tier (``"ordinary"``, ``"bomb"``, ``"dun"``, ``"top"`` …): the beat
            relation decides on tiers first (:func:`.beating.tier_reason`).
        key: the compare key among plays of its kind (higher beats): the game's value, see :data:`Key` (打墩: the key
            of the play as it beats another, a level card promoted; its face value is the game's to compute).
        top: the rank that decides (``"7"``, ``"BJ"``): a same-rank play's rank, a run's top rank, an attachment's
            main part's top rank.
        length: ranks of a sequence (of the main part of an attachment); 1 otherwise.
        count: cards played.
        flush: all of one suit, for a combination that the catalogue lets be a flush (憋蛋's flush runs, 打墩's
            straight flush).
        cards: what each played card stands for, aligned with the played cards (a wild card as the card it is
            declared to be); ``()`` when the cards stand for themselves (a game without wild cards, or a reading made
            from ranks alone).

    A NamedTuple: hashable, cheap to make and compare (two readings are equal when every field is).
    """

    combination: str
    tier: str
    key: Key
    top: str
    length: int
    count: int  # type: ignore[assignment]  # a field named as tuple.count (cards played), read as r.count
    flush: bool = False
    cards: tuple[str, ...] = ()
