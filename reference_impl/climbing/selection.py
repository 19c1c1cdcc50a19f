"""The climbing games' selections in words, for the table: a play of the selected cards, one option per reading (a
wild card's stand-ins said card by card), named by the game's combination names. Each game's ``selection`` hook
(its rulebook facet) finds the readings with its own engine and builds the options here; the rulebook's
``describe_selection`` judges each option with the state's ``check``. Texts are in the format of
``datong_rules.rulebook.story`` (both languages; cards and seats named by the rulebook).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Names = dict[str, dict[str, str]]

SAY: dict[str, dict[str, str]] = {
    "flush": {"zh": "{flush}{name}", "en": "{flush} {name}"},
    "stands": {"zh": "{card}当{as}", "en": "{card} as the {as}"},
    "with_wilds": {"zh": "{name}，{wilds}", "en": "{name}, {wilds}"},
    "lead": {"zh": "首出：{what}", "en": "Lead: {what}"},
    "beat": {"zh": "管牌：{what}", "en": "Beat with: {what}"},
    "odd": {"zh": "{n}张牌，不成牌型", "en": "{n} cards, no combination"},
}
"""The words of a play (``{name}`` a combination's name, lower-case in English inside a sentence)."""


def name_of(combination: str, names: Names, flush: bool = False) -> dict[str, Any]:
    """The name of ``combination`` as a text (``对子`` / ``pair``); with ``flush``, marked as one suit by the game's
    word for it (``names["flush"]``: 清一色顺子 / flush straight)."""
    def lower(key: str) -> dict[str, str]:
        word = names.get(key, {})
        return {"zh": word.get("zh", key), "en": word.get("en", key).lower()}
    return {**SAY["flush"], "with": {"name": lower(combination), "flush": lower("flush")}} if flush else lower(combination)


def wilds_of(played: Sequence[str], stands_for: Sequence[str]) -> list[dict[str, Any]]:
    """``{card} as the {as}`` for each played card that stands for another one (aligned lists of tokens)."""
    return [{**SAY["stands"], "with": {"card": {"card": card}, "as": {"card": other}}}
            for card, other in zip(played, stands_for) if card != other]


def play_option(action: dict[str, Any], leading: bool, name: dict[str, Any] | None,
                wilds: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """One option of a selection: ``{"action", "combination", "reading"}``. ``name`` None: the cards make no
    combination (the option is the plain play, which ``check`` refuses)."""
    what: Any = name if name is not None else {**SAY["odd"], "with": {"n": len(action.get("cards", []))}}
    if name is not None and wilds:
        what = {**SAY["with_wilds"], "with": {"name": name, "wilds": {"each": list(wilds), "join": "list"}}}
    return {"action": action, "combination": name, "reading": {**SAY["lead" if leading else "beat"], "with": {"what": what}}}
