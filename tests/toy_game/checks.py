"""The toy game's loader check beyond the schema: the wild card is a card of the deck."""

from __future__ import annotations

from datong_rules.reference_impl.variant import Variant
from datong_rules.reference_impl.variant.findings import Finding
from datong_rules.reference_impl.variant.variant import MISSING, rule_value


def findings(variant: Variant) -> list[Finding]:
    """``bad_value`` at ``wild.card`` when the deck (``deck.cards``) does not hold it."""
    rules = variant.data.get("rules", {})
    wild, deck = rule_value(rules, "wild.card"), rule_value(rules, "deck.cards")
    if wild is MISSING or deck is MISSING or wild in deck:
        return []
    return [Finding(("rules", "wild", "card", "value"), "bad_value", f"the wild card {wild} is not in deck.cards",
                    "a card of deck.cards", ("deck.cards",))]
