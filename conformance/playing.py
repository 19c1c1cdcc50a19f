"""The reference engine playing one resolved variant (a house file, or a reading of it), its answers cached.

``conform --variant HOUSE`` asks the reference engine, playing the house, every scenario of the house's game (to
know which it inherits, :mod:`.house`) and many generated questions (the derived checks, :mod:`.derived`); the same
question is often asked twice (a scenario's given is also a steered question), and a house is often checked twice in
one process (``coverage`` then ``conform``, the tests). :func:`playing` keeps one :class:`Playing` per distinct
variant content, each remembering its answers.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from datong_rules.reference_impl import games
from datong_rules.reference_impl.variant import Variant

from .adapters.reference import game_ops
from .runner import _copy  # a fast copy of JSON-like data


@dataclass(frozen=True)
class Refused:
    """The answer of an engine that refuses a question (the question is not valid under the variant's rules):
    ``message`` is the engine's one-line reason."""

    message: str


@dataclass
class Playing:
    """The reference engine playing ``variant``.

    Attributes:
        variant: the resolved variant played.
        rules: the game's rules built from it.
        answers: (operation, given as JSON text) → the answer (a mapping) or :class:`Refused`.
    """

    variant: Variant
    rules: Any
    ops: dict[str, Any]
    answers: dict[tuple[str, str], dict[str, Any] | Refused] = field(default_factory=dict)

    def answer(self, op: str, given: dict[str, Any]) -> dict[str, Any] | Refused:
        """The engine's answer to ``op`` (bare or full name) asked ``given`` (not modified), or :class:`Refused`
        when it refuses the question (bad input under these rules, an operation the game does not have)."""
        key = (op.rpartition("/")[2], json.dumps(given, sort_keys=True, ensure_ascii=False))
        if key not in self.answers:
            func = self.ops.get(key[0])
            if func is None:
                self.answers[key] = Refused(f"unknown operation '{op}'")
            else:
                try:
                    answer = func(self.rules, _copy(given))
                except Exception as exc:  # noqa: BLE001 - any refusal: the question is not valid here
                    answer = Refused(f"{type(exc).__name__}: {exc}".splitlines()[0])
                self.answers[key] = answer if isinstance(answer, (dict, Refused)) else Refused(repr(answer))
        return self.answers[key]


def fingerprint(variant: Variant) -> str:
    """A hash (hex) of what the engine plays of ``variant``: its id, game and rules (text included: cheap)."""
    data = {k: variant.data.get(k) for k in ("id", "game", "rules")}
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()


_CACHE: dict[str, Playing] = {}
_KEPT = 64
"""Variants whose answers are kept (the oldest dropped first)."""


def playing(variant: Variant) -> Playing:
    """The cached :class:`Playing` of ``variant`` (one per distinct content).

    Raises:
        ValueError: the engine cannot play the variant (one line naming the rule), or its game is unknown.
    """
    digest = fingerprint(variant)
    if digest not in _CACHE:
        try:
            game = games.game_of_variant(variant.id)
        except games.UnknownGame as exc:
            raise ValueError(str(exc)) from None
        while len(_CACHE) >= _KEPT:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[digest] = Playing(variant, game.rules_for(variant), game_ops(game))
    return _CACHE[digest]
