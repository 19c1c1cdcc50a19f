"""What ``datong-rules fuzz`` needs of the reference engine beyond its answers: the game's generators of valid
questions, and answers for a variant given as a resolved file (a house variant) rather than by a bundled id.

The generators are the game's ``strategies`` module (Huolong: :mod:`datong_rules.reference_impl.huolong.strategies`):
``strategies(rules) -> {op: SearchStrategy}`` and ``RULES_READ`` (op → rule ids its answer depends on).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from datong_rules.reference_impl.huolong import strategies as huolong_strategies
from datong_rules.reference_impl.huolong.rules import rules_for, rules_from_variant
from datong_rules.reference_impl.variant import Variant

from . import OPS


def _rules(variant: str | Variant) -> Any:
    """The game rules of a bundled variant id or a resolved variant (``RulesError``, a ValueError, if unplayable)."""
    return rules_for(variant) if isinstance(variant, str) else rules_from_variant(variant)


def _module(variant: str | Variant) -> Any:
    """The ``strategies`` module of the variant's game.

    Raises:
        ValueError: the variant is of a game without generators.
    """
    variant_id = variant if isinstance(variant, str) else variant.id
    game = variant_id.split("/", 1)[0]
    if game != "huolong":
        raise ValueError(f"no generators of questions for the game of {variant_id} (fuzz knows: huolong)")
    return huolong_strategies


def input_strategies(variant: str | Variant) -> dict[str, st.SearchStrategy[dict[str, Any]]]:
    """Operation → a strategy of valid ``given`` mappings for the variant (a bundled id or a resolved variant).

    Raises:
        ValueError: a game without generators, or a variant the engine cannot play (one line).
    """
    return _module(variant).strategies(_rules(variant))


def rules_read(variant: str | Variant) -> dict[str, tuple[str, ...]]:
    """Operation → the rule ids its answer depends on, for the variant's game."""
    return dict(_module(variant).RULES_READ)


def resolved_reference(variant: Variant) -> Callable[[str, dict[str, Any]], dict[str, Any]]:
    """The reference engine for a resolved variant (a house variant's file, not a bundled id): ``ask(op, given)
    -> answer``, raising ``ValueError`` for an unknown operation or bad input in ``given``.

    Raises:
        ValueError: a variant the engine cannot play (one line naming the rule).
    """
    rules = _rules(variant)

    def ask(op: str, given: dict[str, Any]) -> dict[str, Any]:
        func = OPS.get(op)
        if func is None:
            raise ValueError(f"unknown operation '{op}'")
        return func(rules, given)

    return ask
