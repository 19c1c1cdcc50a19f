"""The reading of played cards in 打墩 Dadun [combinations.*, wild.*]: the declared one, checked, or the only one the
cards have. Shared by the hand state (a play's legality), the ``legal_play``/``beats`` operations and the ``round``
operation."""

from __future__ import annotations

from typing import Any

from . import combinations as cb
from .rules import DadunRules


def resolve(rules: DadunRules, cards: tuple[str, ...], reading: Any, level: str,
            strict_what: str | None = None) -> Any:
    """The reading of played ``cards`` at ``level``: the declared ``reading`` (``{combination, cards}``, checked) or,
    without one, the only reading the cards have.

    Returns:
        A :class:`~..climbing.reading.Reading`, or a reason code (``not_a_combination``, ``bad_reading``, ``wild_misuse``,
        ``reading_needed``).

    Raises:
        ValueError: with ``strict_what`` (a table, named so in the message) a reason code is raised instead of
            returned; also a declared reading that is not ``{combination, cards}``.
    """
    def fail(code: str) -> str:
        if strict_what:
            raise ValueError(f"{strict_what}: {code.replace('_', ' ')} ({list(cards)})")
        return code
    if reading is not None:
        key = _declared_key(cards, reading, level)
        memo = cb.rules_memo(rules, "declared")
        found = memo.get(key) if key is not None else None
        if found is None:
            combination, stood = cb.normalise(rules, cards, reading, level)
            found = cb.check_declared(rules, cards, combination, stood, level) or cb.reading_of(
                rules, combination, stood, level)
            if key is not None:
                memo[key] = found
        return fail(found) if isinstance(found, str) else found
    found = cb.readings(rules, cards, level)
    if not found:
        return fail("not_a_combination")
    if len(found) > 1:
        return fail("reading_needed")
    return found[0]


def _declared_key(cards: tuple[str, ...], reading: Any, level: str) -> tuple[Any, ...] | None:
    """The memo key of a declared reading of well-formed shape (``{combination, cards?}``, text and a list of text),
    or None (not remembered: :func:`.combinations.normalise` says what is wrong)."""
    if reading.__class__ is not dict or not reading.keys() <= {"combination", "cards"}:
        return None
    combination, stood = reading.get("combination"), reading.get("cards", cards)
    if combination.__class__ is not str or stood.__class__ not in (list, tuple) or not all(
            s.__class__ is str for s in stood):
        return None
    return cards, combination, tuple(stood), level
