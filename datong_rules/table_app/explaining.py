"""What the table says about a selection of cards and about a refused action.

A refusal is ``{"reason": code, "words": the reason in words, "rules": [{id, text, source, href}]}`` (the shape of the
rulebook's ``explain_refusal``); a selection is ``{"combination": words | None, "actions": [legal actions these
cards could make, one per wild reading], "readings": [words per action], "legal_now": bool, "refusal": a refusal |
None}`` (the shape of the rulebook's ``describe_selection``). Until the rulebook explains a refusal by its rule, the
reason code and its words are shown and ``rules`` is empty.
"""

from __future__ import annotations

from typing import Any

from .session import CARD_KINDS, SCAN_LIMIT, Table
from .words import cards_words, reason_words


def refusal(table: Table, reason: str, lang: str) -> dict[str, Any]:
    """A refused action explained: the reason code, its words, the rules behind it (none known yet)."""
    return {"reason": reason, "words": reason_words(reason, lang), "rules": []}


def describe(table: Table, cards: list[str], lang: str) -> dict[str, Any]:
    """What ``cards`` (from the person's hand) make now, for the action of the phase that takes cards (play, bury,
    give): the legal actions they could make (one per reading), whether they are legal now, or the refusal.

    Args:
        table: the table (the person's seat and the hand's state).
        cards: card tokens, as picked (canonical tokens; the caller checked them).
        lang: ``"zh"`` or ``"en"``.
    """
    kind = next((k for k in table.kinds() if k in CARD_KINDS), None)
    if kind is None or not cards:
        return {"combination": None, "actions": [], "readings": [], "legal_now": False, "refusal": None}
    wanted = sorted(cards)
    matching = [a for a in table.person_actions(SCAN_LIMIT) if a["type"] == kind and sorted(a["cards"]) == wanted]
    if matching:
        names = sorted({a["reading"]["combination"] for a in matching if a.get("reading")})
        readings = [cards_words(list((a.get("reading") or a)["cards"]), lang) for a in matching]
        return {"combination": ", ".join(names) or None, "actions": matching, "readings": readings,
                "legal_now": True, "refusal": None}
    action = {"type": kind, "seat": table.seat, "cards": list(cards)}
    if kind == "give":
        to = next((a["to"] for a in table.person_actions(200) if a["type"] == "give"), None)
        action["to"] = to
    reason = table.state.check(action)
    if reason is None:  # legal, beyond the actions scanned
        return {"combination": None, "actions": [action], "readings": [cards_words(cards, lang)], "legal_now": True,
                "refusal": None}
    return {"combination": None, "actions": [action], "readings": [], "legal_now": False,
            "refusal": refusal(table, reason, lang)}
