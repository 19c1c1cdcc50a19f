"""What ``datong-rules simulate`` measures in a game: the :class:`Measure` record and the shape of a game's
``measures`` module (:class:`GameMeasures`).

A game's measures live in its own folder (``reference_impl/<game>/measures.py``), found through the registry
(:func:`datong_rules.reference_impl.games.measures`). The module holds:

* ``MEASURES``: the game's measures, a tuple of :class:`Measure`;
* ``PRIMARY`` (optional): ``{"hand": id, "match": id}``, the measure of who wins that simulate judges a comparison
  by (without it: the first rate measure of that kind);
* ``observe_hand(state) -> dict[str, float]``: measure id → value for one FINISHED hand state (rates 0 or 1); a
  measure that does not apply to this hand is absent;
* ``rules_fired(state) -> frozenset[str]``: the variant rule ids (the item ids ``datong-rules show`` prints, such as
  ``play.wind``), or one entry of a list-valued rule as ``rule[name]`` (``settlement.table[hook_down]``,
  ``combinations.catalogue[linked_bomb]``), that decided something in this hand;
* ``observe_match(hands) -> dict[str, float]``: measure id → value for one match, from its finished hand states in
  order.

Measures by seat use ids such as ``seat_won_0 … seat_won_3``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

KINDS = ("rate", "mean")
"""``rate``: each observation is 0 or 1; ``mean``: each observation is a number."""

PER = ("hand", "match")
"""What one observation is: one finished hand, or one whole match."""


@dataclass(frozen=True)
class Measure:
    """One thing simulate measures in a game.

    Attributes:
        id: snake_case id, unique in the game (``"banker_side_won"``, ``"hand_actions"``, ``"seat_won_0"``).
        kind: ``"rate"`` (each observation 0 or 1) or ``"mean"`` (a number per observation).
        per: ``"hand"`` (observed by ``observe_hand``) or ``"match"`` (observed by ``observe_match``).
        en: the label in English.
        zh: the label in Chinese.
        unit_en: the unit of a mean in English (``"actions"``), empty for a rate.
        unit_zh: the unit of a mean in Chinese.
        rule: the variant rule id it measures when it is one rule's firing, else None.

    Raises:
        ValueError: ``kind`` or ``per`` is not one of :data:`KINDS` / :data:`PER`.
    """

    id: str
    kind: str
    per: str
    en: str
    zh: str
    unit_en: str = ""
    unit_zh: str = ""
    rule: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"measure {self.id!r}: kind {self.kind!r} (expected one of {', '.join(KINDS)})")
        if self.per not in PER:
            raise ValueError(f"measure {self.id!r}: per {self.per!r} (expected one of {', '.join(PER)})")


@runtime_checkable
class GameMeasures(Protocol):
    """The shape of a game's ``measures`` module (a module satisfies it by its names; see the module docstring)."""

    MEASURES: tuple[Measure, ...]

    def observe_hand(self, state: Any) -> dict[str, float]:
        """Measure id → value for one finished hand state (rates 0 or 1; a measure that does not apply is absent)."""
        ...

    def rules_fired(self, state: Any) -> frozenset[str]:
        """The variant rule ids that decided something in this finished hand."""
        ...

    def observe_match(self, hands: Sequence[Any]) -> dict[str, float]:
        """Measure id → value for one match, from its finished hand states in order."""
        ...
