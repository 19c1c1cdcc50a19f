"""The toy game's rules, built from a resolved variant (nothing in code: every value comes from the variant file)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from datong_rules.reference_impl.cards import parse_cards
from datong_rules.reference_impl.table import Table
from datong_rules.reference_impl.variant import Registry, Variant

from . import SCENARIOS, SPEC

SUPPORTED: dict[str, tuple[Any, ...]] = {"wild.alone": ("any_rank", "natural"),
                                        "combinations.catalogue": ("single", "pair")}
"""Values the toy engine plays."""


class RulesError(ValueError):
    """A toy variant the engine cannot play (one line naming the rule)."""


@dataclass(frozen=True)
class ToyRules:
    """The rules of a toy variant.

    Attributes:
        variant_id: the variant id; table: seats, play direction; deck: every card (tokens); hand_size: cards each;
        order: ranks low to high; wild: the wild card; wild_alone: ``any_rank`` or ``natural``; points: the score
        of the first out and of the last player; match_hands: hands in a match.
    """

    variant_id: str
    table: Table
    deck: tuple[str, ...]
    hand_size: int
    order: tuple[str, ...]
    wild: str
    wild_alone: str
    points: dict[str, int]
    match_hands: int

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.table.players


_REGISTRY = Registry(SPEC)


def rules_from_variant(variant: Variant) -> ToyRules:
    """The rules of a resolved toy variant.

    Raises:
        RulesError: a value the toy engine does not play, or deals that do not fit the deck.
    """
    r = variant.rule
    alone = r("wild.alone")
    if alone not in SUPPORTED["wild.alone"]:
        raise RulesError(f"wild.alone: {alone!r} is not played (expected one of any_rank, natural)")
    transfer = r("transfer.end")
    if transfer != {"from": "last", "to": "first", "count": 1}:
        raise RulesError(f"transfer.end: only one card from the last player to the first out is played, got {transfer}")
    rules = ToyRules(variant.id, Table.from_rules(variant.data["rules"]), tuple(parse_cards(r("deck.cards"))),
                     r("deal.hand_size"), tuple(str(x) for x in r("ranking.order")), r("wild.card"), alone,
                     dict(r("settlement.points")), r("match.hands"))
    if rules.players * rules.hand_size > len(rules.deck):
        raise RulesError(f"deal.hand_size: {rules.players} × {rules.hand_size} cards is more than the deck's "
                         f"{len(rules.deck)}")
    return rules


def variant(variant_id: str) -> Variant:
    """A toy variant by id: one of ``spec/toy/*.yaml`` or a fixture variant of ``scenarios/toy/variants/``."""
    fixture = SCENARIOS / "toy" / "variants" / f"{variant_id.split('/', 1)[-1]}.yaml"
    if variant_id in _REGISTRY.variant_ids():
        return _REGISTRY.load_variant(variant_id)
    return _REGISTRY.load_file(fixture)


@lru_cache(maxsize=None)
def _rules_for_id(variant_id: str) -> ToyRules:
    return rules_from_variant(variant(variant_id))


def rules_for(variant_id: Any) -> ToyRules:
    """The rules of a toy variant id (bundled in the toy's spec or a fixture variant) or of a resolved Variant."""
    if isinstance(variant_id, str):
        return _rules_for_id(variant_id)
    return rules_from_variant(variant_id)


def rules_with(base_id: str, overrides: dict[str, Any], variant_id: str | None = None) -> ToyRules:
    """The rules of ``base_id`` with some rule values changed (planted faults)."""
    import copy

    base = variant(base_id)
    data = copy.deepcopy(base.data)
    for rule_id, value in overrides.items():
        node = data["rules"]
        for part in rule_id.split("."):
            node = node[part]
        node["value"] = value
    return rules_from_variant(Variant(variant_id or base.id, data, base.file, base.chain, base.files))
