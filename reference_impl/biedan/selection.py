"""憋蛋: what a selection of cards can do now, for the table (the ``selection`` hook of the rulebook facet, made by
:func:`selector` with the game's combination names; the rulebook's ``describe_selection`` judges each action with
``check``).

In the bury the cards are the banker's egg (egg.*); in the play a lead or a beat, read as the combination of the
catalogue it is (combinations.catalogue; with one deck and no wild cards a set of cards is played as its first
reading, or under combinations.attached_same_rank: 3_beside_body the one that beats the table:
:func:`.combinations.play_reading`); in the exchange the cards given in its present step (exchange.*).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..climbing.selection import Names, name_of, play_option
from .combinations import play_reading

SAY: dict[str, dict[str, str]] = {
    "bury": {"zh": "把这{n}张牌扣成蛋", "en": "Bury these {n} cards as the egg"},
    "give": {"zh": "把这{n}张牌给{to}", "en": "Give these {n} cards to {to}"},
}
"""The words of a bury and of a step of the exchange."""

Selection = Callable[[Any, int, list[str]], list[dict[str, Any]]]


def selector(names: Names) -> Selection:
    """The ``selection(state, seat, cards)`` hook, naming combinations by ``names`` (``{combination: {zh, en}}``).

    The hook returns ``[{"action", "combination": text | None, "reading": text}]`` (one option; none once the hand
    is over)."""

    def selection(state: Any, seat: int, cards: list[str]) -> list[dict[str, Any]]:
        if state.phase == "bury":
            return [{"action": {"type": "bury", "seat": seat, "cards": cards}, "combination": None,
                     "reading": {**SAY["bury"], "with": {"n": len(cards)}}}]
        if state.phase == "play":
            found = play_reading(state.t, cards, state.table)[0] if len(set(cards)) == len(cards) else None
            name = name_of(found.combination, names, found.flush) if found else None
            return [play_option({"type": "play", "seat": seat, "cards": cards}, state.table is None, name)]
        if state.phase in ("exchange", "settle_exchange") and state.steps:
            step = state.steps[0]
            action = {"type": "give", "seat": step.giver, "to": step.receiver, "cards": cards}
            return [{"action": action, "combination": None,
                     "reading": {**SAY["give"], "with": {"n": len(cards), "to": {"seat": step.receiver}}}}]
        return []

    return selection
