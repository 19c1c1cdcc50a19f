"""What ``datong-rules fuzz`` needs of the reference engine beyond its answers: the game's generators of valid
questions, and answers for a variant given as a resolved file (a house variant) rather than by a bundled id.

The generators are the ``strategies`` facet of the variant's game in the game registry
(:mod:`datong_rules.reference_impl.games`; Huolong: ``reference_impl/huolong/strategies.py``):
``strategies(rules) -> {op: SearchStrategy}`` and ``RULES_READ`` (op → the rule ids its answer depends on). A game
without that facet has no generators (``fuzz`` says so).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from datong_rules.reference_impl import games
from datong_rules.reference_impl.variant import Variant

from . import game_ops


def _id(variant: str | Variant) -> str:
    return variant if isinstance(variant, str) else variant.id


def _game(variant: str | Variant) -> games.Game:
    """The registered game of the variant.

    Raises:
        ValueError: no registered game has the variant's first id part (one line, the known games listed).
    """
    try:
        return games.game_of_variant(_id(variant))
    except games.UnknownGame as exc:
        raise ValueError(str(exc)) from None


def _module(variant: str | Variant) -> Any:
    """The ``strategies`` facet of the variant's game.

    Raises:
        ValueError: an unknown game, or a game without generators.
    """
    game = _game(variant)
    module = game.facet("strategies")
    if module is None:
        raise ValueError(f"the game {game.id} has no generators of questions yet (no {game.package}.strategies)")
    return module


def has_strategies(variant: str | Variant) -> bool:
    """True when the variant's game brings generators of questions (its ``strategies`` facet)."""
    try:
        return _game(variant).facet("strategies") is not None
    except ValueError:
        return False


def input_strategies(variant: str | Variant) -> dict[str, st.SearchStrategy[dict[str, Any]]]:
    """Operation → a strategy of valid ``given`` mappings for the variant (a bundled id or a resolved variant).

    Raises:
        ValueError: a game without generators, or a variant the engine cannot play (one line).
    """
    module = _module(variant)
    return module.strategies(_game(variant).rules_for(variant))


def rules_read(variant: str | Variant) -> dict[str, tuple[str, ...]]:
    """Operation → the rule ids its answer depends on, for the variant's game."""
    return dict(getattr(_module(variant), "RULES_READ", {}))


def resolved_reference(variant: Variant) -> Callable[[str, dict[str, Any]], dict[str, Any]]:
    """The reference engine for a resolved variant (a house variant's file, not a bundled id): ``ask(op, given)
    -> answer``, raising ``ValueError`` for an operation the game does not have or bad input in ``given``.

    Raises:
        ValueError: an unknown game or a variant the engine cannot play (one line naming the rule).
    """
    game = _game(variant)
    rules = game.rules_for(variant)
    ops = game_ops(game)

    def ask(op: str, given: dict[str, Any]) -> dict[str, Any]:
        func = ops.get(op.rpartition("/")[2])
        if func is None:
            raise ValueError(f"unknown operation '{op}'")
        return func(rules, given)

    return ask
