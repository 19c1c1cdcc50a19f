"""The other readings of a variant's rules, as reference engines: which rules a question exercises, and which
reading an implementation's answer follows.

A *switched reading* is the variant with one rule set to another value the kit knows for it: a value another
bundled variant of the game sets, or one a fixture variant of the suite pins (a fixture variant is the project's
record of a reading a source allows). Each switched reading the engine can play answers like the reference engine,
with that one rule changed.

* A question **exercises** a rule when a switched reading of that rule answers it differently from the variant
  (refusing it counts as a different answer): the question reaches the rule's decision point.
  :class:`Exercise` counts, per rule, the questions that exercised it.
* A disagreement **touches** a rule when a switched reading of that rule answers the shrunk question differently;
  it is **explained** by a reading that gives exactly the implementation's answer (``exchange.timing =
  after_next_deal``): most likely the implementation follows that reading.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from datong_rules.conformance import bundled_spec
from datong_rules.conformance.adapters.reference import game_ops
from datong_rules.reference_impl import games
from datong_rules.reference_impl.variant import SpecError, Variant

REFUSED = object()
"""The answer of a reading that refuses the question (bad input under its rules)."""

CAP = 50
"""Questions counted per rule before its readings stop being asked (the count is then shown as ``50+``)."""


@dataclass(frozen=True)
class Reading:
    """One switched reading: ``rule`` set to ``value`` (compact JSON in ``shown``), answering as ``ask(op, given)``
    (raises ``ValueError`` on a question its rules refuse)."""

    rule: str
    value: Any
    ask: Callable[[str, dict[str, Any]], Any] = field(compare=False, repr=False)

    @property
    def shown(self) -> str:
        """``rule = value`` (a string value bare, anything else as compact JSON)."""
        value = self.value if isinstance(self.value, str) else json.dumps(self.value, ensure_ascii=False)
        return f"{self.rule} = {value}"


@cache
def _fixture_variants() -> tuple[Variant, ...]:
    from datong_rules.conformance.scenarios_io import find_variant_files, load_fixture_variants

    try:
        return tuple(load_fixture_variants(find_variant_files()).values())
    except (SpecError, ValueError, OSError):
        return ()


def _known_variants(game: str) -> list[Variant]:
    """The bundled variants of ``game`` that load and the suite's fixture variants of ``game``."""
    out = []
    for variant_id in bundled_spec.playable_ids(game):
        loaded = bundled_spec.variant(variant_id)
        if isinstance(loaded, Variant):
            out.append(loaded)
    return out + [v for v in _fixture_variants() if v.id.split("/", 1)[0] == game]


def _value(data: dict[str, Any], rule: str) -> tuple[bool, Any]:
    node: Any = data.get("rules", {})
    for part in rule.split("."):
        if not isinstance(node, dict) or part not in node:
            return False, None
        node = node[part]
    return (True, node["value"]) if isinstance(node, dict) and "value" in node else (False, None)


def switched_readings(variant: str | Variant, rules: Iterable[str]) -> list[Reading]:
    """Every switched reading of ``variant`` (a bundled id or a resolved variant) for the given rule ids: one per
    other value the game's bundled and fixture variants set for the rule, when the engine can play it.

    Returns:
        The readings, by rule id then by value (compact JSON order).
    """
    base = bundled_spec.variant(variant) if isinstance(variant, str) else variant
    if not isinstance(base, Variant):
        return []
    game = games.game_of_variant(base.id)
    ops = game_ops(game)
    others = _known_variants(game.id)
    out = []
    for rule in sorted(set(rules)):
        has, current = _value(base.data, rule)
        if not has:
            continue
        values = {}
        for other in others:
            found, value = _value(other.data, rule)
            if found and value != current:
                values.setdefault(json.dumps(value, sort_keys=True), value)
        for key in sorted(values):
            data = copy.deepcopy(base.data)
            node = data["rules"]
            for part in rule.split("."):
                node = node[part]
            node["value"] = values[key]
            try:
                played = game.rules_for(Variant(base.id, data))
            except (ValueError, SpecError, KeyError, TypeError):
                continue  # a value this variant cannot be played with (it needs other rules changed too)
            out.append(Reading(rule, values[key], _asker(ops, played)))
    return out


def _asker(ops: dict[str, Any], played: Any) -> Callable[[str, dict[str, Any]], Any]:
    return lambda op, given: ops[op](played, given)


def answer_of(reading: Reading, op: str, given: dict[str, Any]) -> Any:
    """The reading's answer, or :data:`REFUSED` when its rules refuse the question (or it breaks on it)."""
    try:
        return reading.ask(op, copy.deepcopy(given))
    except Exception:  # noqa: BLE001 - a switched reading may break on a question its rules never produce
        return REFUSED


class Exercise:
    """Per rule, the questions that exercised it (see the module's docstring), for one run.

    Args:
        readings: operation → its switched readings (the rules the operation reads).
        cap: questions counted per rule before its readings are no longer asked.
    """

    def __init__(self, readings: dict[str, list[Reading]], cap: int = CAP) -> None:
        self.readings = readings
        self.cap = cap
        self.counts: Counter[str] = Counter()
        self.asked: set[str] = set()

    @property
    def measurable(self) -> set[str]:
        """The rules with a switched reading in an operation that was asked at least one question."""
        return {r.rule for op in self.asked for r in self.readings.get(op, ())}

    def observe(self, op: str, given: dict[str, Any], reference: Any) -> None:
        """Count the rules ``given`` (a question of ``op`` the reference answered ``reference``) exercises."""
        self.asked.add(op)
        hit = set()
        for reading in self.readings.get(op, ()):
            if reading.rule in hit or self.counts[reading.rule] >= self.cap:
                continue
            if answer_of(reading, op, given) != reference:
                hit.add(reading.rule)
        for rule in hit:
            self.counts[rule] += 1

    def never(self) -> list[str]:
        """The measurable rules no question exercised, sorted."""
        return sorted(r for r in self.measurable if not self.counts[r])


def touched(readings: Iterable[Reading], op: str, given: dict[str, Any], reference: Any,
            answer: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(rules, explained)`` for a disagreement on ``given``: the rules whose switched reading answers differently
    from the reference, and the readings (``rule = value``) whose answer is exactly the implementation's."""
    rules, explained = set(), []
    for reading in readings:
        got = answer_of(reading, op, given)
        if got != reference:
            rules.add(reading.rule)
            if answer is not None and got == answer:
                explained.append(reading.shown)
    return tuple(sorted(rules)), tuple(explained)
