"""打墩: what a selection of cards can do now, for the table (the ``selection`` hook of the rulebook facet, made by
:func:`selector` with the game's combination names; the rulebook's ``describe_selection`` judges each action with
``check``).

A selection is a lead or a beat, one option per reading the cards have (:func:`.combinations.readings`: the
combinations of the catalogue, each wild card standing for a card it may stand for [wild.*]), each option the play
with its declared reading, so that a player chooses among them; cards with no reading give the plain play, which
``check`` refuses. During the tribute phase after the deal the cards are the ``give`` of the step due: the tribute
or the return to its receiver [settlement.tribute].
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..climbing.selection import Names, name_of, play_option, wilds_of
from .combinations import reading_dict, readings

Selection = Callable[[Any, int, list[str]], list[dict[str, Any]]]

SAY: dict[str, dict[str, str]] = {
    "tribute": {"zh": "进贡给{to}（{n}张）", "en": "Tribute to {to} ({n} cards)"},
    "return": {"zh": "还贡给{to}（{n}张）", "en": "Return to {to} ({n} cards)"},
}
"""The words of a step of the tribute phase (its kind: ``tribute`` or ``return``)."""


def selector(names: Names) -> Selection:
    """The ``selection(state, seat, cards)`` hook, naming combinations by ``names`` (``{combination: {zh, en}}``).

    The hook returns ``[{"action", "combination": text | None, "reading": text}]``, one per reading (during the
    tribute phase the one ``give`` of the selecting seat to the receiver of the step due; none once the hand is
    over)."""

    def selection(state: Any, seat: int, cards: list[str]) -> list[dict[str, Any]]:
        if state.is_terminal():
            return []
        step = state.tribute_step
        if step is not None:
            action = {"type": "give", "seat": seat, "to": step.receiver, "cards": cards}
            return [{"action": action, "combination": None,
                     "reading": {**SAY[step.kind], "with": {"n": len(cards), "to": {"seat": step.receiver}}}}]
        leading = state.table is None
        plain = {"type": "play", "seat": seat, "cards": cards}
        found = readings(state.rules, tuple(cards), state.level) if cards else []
        if not found:
            return [play_option(plain, leading, None)]
        return [play_option({**plain, "reading": reading_dict(r)}, leading, name_of(r.combination, names),
                            wilds_of(cards, r.cards)) for r in found]

    return selection
