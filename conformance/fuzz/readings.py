"""The other readings of a variant's rules, as reference engines: which rules a question exercises, and which
reading an implementation's answer follows.

A *switched reading* is the variant with one rule set to another value the kit knows for it: a value another
bundled variant of the game sets, or one a fixture variant of the suite pins (a fixture variant is the project's
record of a reading a source allows). A fixture variant that sets several rules in its own file records them as one
reading, switched together (the joker bomb is a ``combinations.catalogue`` entry and a step of
``beating.bomb_ladder_extension``: either alone is a variant the engine cannot play, or plays without the joker
bomb). Each switched reading the engine can play answers like the reference engine, with those rules changed.

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
from datong_rules.reference_impl.variant.variant import iter_rules

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
    also: tuple[tuple[str, Any], ...] = ()
    """The rules switched with ``rule``, ``(rule id, value)`` pairs: the other rules of a fixture variant's own
    file."""

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule this reading switches: ``rule``, then those of :attr:`also`."""
        return (self.rule, *(rule for rule, _ in self.also))

    @property
    def shown(self) -> str:
        """``rule = value`` (a string value bare, anything else as compact JSON), then ``, rule = value`` for each
        rule switched with it."""
        return ", ".join(f"{rule} = {_compact(value)}" for rule, value in ((self.rule, self.value), *self.also))


def _compact(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


@cache
def _fixture_variants() -> tuple[Variant, ...]:
    from datong_rules.conformance.fixture_variants import find_variant_files, load_fixture_variants

    try:
        return tuple(load_fixture_variants(find_variant_files()).values())
    except (SpecError, ValueError, OSError):
        return ()


def _known_variants(game: str) -> list[tuple[Variant, tuple[str, ...]]]:
    """The bundled variants of ``game`` that load and the suite's fixture variants of ``game``, each with the rules
    switched together from it: none for a bundled variant (each rule alone), the rule ids its own file sets for a
    fixture variant."""
    out: list[tuple[Variant, tuple[str, ...]]] = []
    for variant_id in bundled_spec.playable_ids(game):
        loaded = bundled_spec.variant(variant_id)
        if isinstance(loaded, Variant):
            out.append((loaded, ()))
    return out + [(v, _own_rules(v)) for v in _fixture_variants() if v.id.split("/", 1)[0] == game]


def _own_rules(variant: Variant) -> tuple[str, ...]:
    """The rule ids the variant's own file sets (the last file of its chain)."""
    own = variant.files[-1].data.get("rules") if variant.files else None
    return tuple(rule for rule, _ in iter_rules(own)) if isinstance(own, dict) else ()


def _value(data: dict[str, Any], rule: str) -> tuple[bool, Any]:
    node: Any = data.get("rules", {})
    for part in rule.split("."):
        if not isinstance(node, dict) or part not in node:
            return False, None
        node = node[part]
    return (True, node["value"]) if isinstance(node, dict) and "value" in node else (False, None)


def switched_readings(variant: str | Variant, rules: Iterable[str]) -> list[Reading]:
    """Every switched reading of ``variant`` (a bundled id or a resolved variant) for the given rule ids: one per
    other value the game's bundled and fixture variants set for the rule, when the engine can play it; a value
    from a fixture variant whose own file sets other rules too comes with their values (:attr:`Reading.also`), and
    such a set of rules is one reading, whichever of its rules is asked for.

    Returns:
        The readings, by rule id (the first asked for of a set) then by value (compact JSON order).
    """
    base = bundled_spec.variant(variant) if isinstance(variant, str) else variant
    if not isinstance(base, Variant):
        return []
    game = games.game_of_variant(base.id)
    ops = game_ops(game)
    others = _known_variants(game.id)
    out, seen = [], set()
    for rule in sorted(set(rules)):
        has, current = _value(base.data, rule)
        if not has:
            continue
        switches = {}
        for other, together in others:
            found, value = _value(other.data, rule)
            if found and value != current:
                also = _also(base, other, rule, together)
                key = json.dumps([value, also], sort_keys=True)
                if _group_key(rule, value, also) not in seen:
                    switches.setdefault(key, (value, also))
        for key in sorted(switches):
            value, also = switches[key]
            seen.add(_group_key(rule, value, also))
            reading = _switched(game, ops, base, rule, value, also)
            if reading is not None:
                out.append(reading)
    return out


def _group_key(rule: str, value: Any, also: tuple[tuple[str, Any], ...]) -> str:
    """The same text for one set of switched rules, whichever of them is named first."""
    return json.dumps(sorted([[rule, value], *([r, v] for r, v in also)]), sort_keys=True)


def _also(base: Variant, other: Variant, rule: str, together: tuple[str, ...]) -> tuple[tuple[str, Any], ...]:
    """The other rules of ``together`` (a fixture variant's own rules, when ``rule`` is one of them) whose value in
    ``other`` differs from ``base``'s, with ``other``'s values."""
    if rule not in together:
        return ()
    out = []
    for name in together:
        has, current = _value(base.data, name)
        found, value = _value(other.data, name)
        if name != rule and has and found and value != current:
            out.append((name, value))
    return tuple(out)


def _switched(game: Any, ops: dict[str, Any], base: Variant, rule: str, value: Any,
              also: tuple[tuple[str, Any], ...]) -> Reading | None:
    """The reading of ``base`` with ``rule`` set to ``value`` and the rules of ``also`` to theirs; None when the
    engine cannot play it."""
    data = copy.deepcopy(base.data)
    for name, new in ((rule, value), *also):
        node = data["rules"]
        for part in name.split("."):
            node = node[part]
        node["value"] = new
    try:
        played = game.rules_for(Variant(base.id, data))
    except (ValueError, SpecError, KeyError, TypeError):
        return None  # a value this variant cannot be played with (it needs other rules changed too)
    return Reading(rule, value, _asker(ops, played), also)


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

    A question a reading of several rules switched together answers differently is counted for those of its rules
    that have no reading of their own in the operation (the joker bomb's two rules); a rule with a reading of its
    own is counted by that reading only, so that a rule switched beside it is never credited for it.

    Args:
        readings: operation → its switched readings (the rules the operation reads).
        cap: questions counted per rule before its readings are no longer asked.
    """

    def __init__(self, readings: dict[str, list[Reading]], cap: int = CAP) -> None:
        self.readings = readings
        self.cap = cap
        self.counts: Counter[str] = Counter()
        self.asked: set[str] = set()
        self.credit = {op: [(r, _credited(r, found)) for r in found] for op, found in readings.items()}

    @property
    def measurable(self) -> set[str]:
        """The rules with a switched reading in an operation that was asked at least one question."""
        return {rule for op in self.asked for _, rules in self.credit.get(op, ()) for rule in rules}

    def observe(self, op: str, given: dict[str, Any], reference: Any) -> None:
        """Count the rules ``given`` (a question of ``op`` the reference answered ``reference``) exercises."""
        self.asked.add(op)
        hit: set[str] = set()
        for reading, rules in self.credit.get(op, ()):
            if all(r in hit or self.counts[r] >= self.cap for r in rules):
                continue
            if answer_of(reading, op, given) != reference:
                hit.update(rules)
        for rule in hit:
            self.counts[rule] += 1

    def never(self) -> list[str]:
        """The measurable rules no question exercised, sorted."""
        return sorted(r for r in self.measurable if not self.counts[r])


def _credited(reading: Reading, readings: list[Reading]) -> tuple[str, ...]:
    """The rules a question ``reading`` answers differently is counted for (see :class:`Exercise`)."""
    if not reading.also:
        return (reading.rule,)
    alone = {r.rule for r in readings if not r.also}
    return tuple(rule for rule in reading.rules if rule not in alone)


def touched(readings: Iterable[Reading], op: str, given: dict[str, Any], reference: Any,
            answer: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(rules, explained)`` for a disagreement on ``given``: the rules whose switched reading answers differently
    from the reference, and the readings (``rule = value``) whose answer is exactly the implementation's."""
    rules, explained = set(), []
    for reading in readings:
        got = answer_of(reading, op, given)
        if got != reference:
            rules.update(reading.rules)
            if answer is not None and got == answer:
                explained.append(reading.shown)
    return tuple(sorted(rules)), tuple(explained)
