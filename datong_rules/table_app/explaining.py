"""What the table says about a selection of cards and about a refused action: the rulebook's explanations
(:mod:`datong_rules.rulebook.explain`) for the table's variant (a house file's rules cite the file), with the links
to the rules made full addresses on the rulebook site.

A refusal is ``{"reason": code, "words", "rules": [{id, text, source, inferred, href, house}]}``; a selection is
``{"combination": words | None, "actions": [legal actions, one per reading], "readings": [words], "legal_now": bool,
"refusal": a refusal | None}``.
"""

from __future__ import annotations

from typing import Any

from datong_rules.rulebook.explain import absolute_url, describe_selection, explain_refusal

from .session import Table


def refusal(table: Table, reason: str, lang: str, action: dict[str, Any] | None = None) -> dict[str, Any]:
    """The refusal of ``action`` with ``reason`` explained by the rules of the table's variant, in ``lang``."""
    return _linked(explain_refusal(table.variant, reason, lang, action))


def describe(table: Table, cards: list[str], lang: str) -> dict[str, Any]:
    """What ``cards`` (canonical tokens) make now for the person's seat, whether they may be played, and why not.

    Raises:
        ValueError: a card token the kit does not read (one line).
    """
    described = describe_selection(table.state, table.seat, cards, lang, variant=table.variant)
    if described.get("refusal"):
        described["refusal"] = _linked(described["refusal"])
    return described


def _linked(explained: dict[str, Any]) -> dict[str, Any]:
    rules = [{**rule, "href": absolute_url(rule["href"]) if rule.get("href") else None}
             for rule in explained.get("rules", [])]
    return {**explained, "rules": rules}
