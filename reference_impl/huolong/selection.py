"""攉龙: what a selection of cards can do now, in words, for the table (the ``selection`` hook of the rulebook facet;
the rulebook's :func:`datong_rules.rulebook.explain.describe_selection` judges each action with ``check``).

During the deal the cards are a show (declaration.shows), in the bury the banker's bury (bury.*), in the star
burial a number of big jokers put into the bottom (star_burial.*), in the play a lead or a follow: its combination
by the catalogue (combinations.catalogue) and its effective suit, as the follow rules count it (follow.follow_suit).
Texts are in the format of ``datong_rules.rulebook.story`` (both languages, suits named by the rulebook).
"""

from __future__ import annotations

from typing import Any

from ..cards import BIG_JOKER
from .combinations import classify, play_suit

NAMES: dict[str, dict[str, str]] = {
    "single": {"zh": "单张", "en": "single"}, "pair": {"zh": "对子", "en": "pair"},
    "meteor": {"zh": "流星", "en": "meteor"},
}
"""The combinations of the catalogue (a house variant's other size is shown by its catalogue name)."""

SAY: dict[str, dict[str, str]] = {
    "combination": {"zh": "{name}（{suit}）", "en": "{name} ({suit})"},
    "odd": {"zh": "{n}张散牌（{suit}）", "en": "{n} odd cards ({suit})"},
    "trump": {"zh": "主牌", "en": "trumps"},
    "mixed": {"zh": "几门花色混在一起", "en": "mixed suits"},
    "lead": {"zh": "首发：{what}", "en": "Lead: {what}"},
    "follow": {"zh": "跟牌：{what}", "en": "Follow: {what}"},
    "show": {"zh": "亮出{cards}", "en": "Show {cards}"},
    "bury": {"zh": "把这{n}张牌扣进底牌", "en": "Bury these {n} cards"},
    "load": {"zh": "把{n}张大王放进底牌", "en": "Put {n} big joker(s) into the bottom"},
}
"""The words of the selections."""


def _suit(ranking: Any, cards: list[str]) -> Any:
    suit = play_suit(ranking, cards)
    if suit == "trump":
        return SAY["trump"]
    return SAY["mixed"] if suit == "mixed" else {"suit": suit}


def _play_words(state: Any, cards: list[str]) -> tuple[Any, Any]:
    """(the combination's words, the reading's words) of a lead or follow of ``cards``."""
    name = classify(state.ranking, cards)
    suit = _suit(state.ranking, cards)
    if name is not None:
        what: Any = {**SAY["combination"], "with": {"name": NAMES.get(name, {"zh": name, "en": name}), "suit": suit}}
    else:  # odd cards: no lead (lead.one_combination), a follow when the led shape is not owed (follow.shape)
        what = {**SAY["odd"], "with": {"n": len(cards), "suit": suit}}
    return what, {**SAY["follow" if state.trick else "lead"], "with": {"what": what}}


def _cards_words(cards: list[str]) -> Any:
    return {"each": [{"card": c} for c in cards], "join": "list"}


def selection(state: Any, seat: int, cards: list[str]) -> list[dict[str, Any]]:
    """The actions ``cards`` (canonical tokens) can make for ``seat`` in the phase ``state`` is in, with words.

    Returns:
        ``[{"action", "combination": text | None, "reading": text}]``; empty in a phase where cards make no action
        (a card being dealt, the hand over) or for a star burial of cards that are not all big jokers.
    """
    phase = state.phase
    if phase == "play":
        combination, reading = _play_words(state, cards)
        return [{"action": {"type": "play", "seat": seat, "cards": cards}, "combination": combination,
                 "reading": reading}]
    if phase == "bury" and seat == state.banker:
        return [{"action": {"type": "bury", "seat": seat, "cards": cards}, "combination": None,
                 "reading": {**SAY["bury"], "with": {"n": len(cards)}}}]
    if phase in ("deal", "declare", "bury"):
        return [{"action": {"type": "show", "seat": seat, "cards": cards}, "combination": None,
                 "reading": {**SAY["show"], "with": {"cards": _cards_words(cards)}}}]
    if phase == "star_burial" and cards and all(card == BIG_JOKER for card in cards):
        return [{"action": {"type": "load", "seat": seat, "count": len(cards)}, "combination": None,
                 "reading": {**SAY["load"], "with": {"n": len(cards)}}}]
    return []
