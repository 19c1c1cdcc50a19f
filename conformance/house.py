"""A house variant checked with the scenarios it inherits: ``conform --variant FILE`` (and ``coverage``, the pytest
plugin).

A house variant file (a club's rules) ``extends`` a bundled variant and changes a few rules. Every scenario of the
variants it extends still holds for it, unless its expected answer depends on a rule the house file changes. With
per-key rule attribution (a scenario's ``key_rules``: expected key → the rule ids its value depends on; without
it, every rule the scenario cites) :func:`inherit` keeps the scenarios none of whose expected keys depends on a
changed rule, and asks them about the house variant: the implementation receives the house file's resolved rules
as a fixture variant (``Implementation.use_variants``, protocol 2's ``variant_rules``). The rules the house file
changes are checked by no inherited scenario: :attr:`HouseSuite.unchecked` lists them, for ``datong-rules fuzz``.

Scenarios of ``replay`` are never inherited: a game record names the variant it was played with, and a whole hand
depends on every rule.

A rule changes when its value differs from the value of the variant the scenario was written for (the whole
section's values for a section id such as ``declaration``); text and provenance do not count. The rules a scenario
depends on (:func:`depends_on`) are those it declares and those the reference engine found its answer to depend on
(the generated file of :mod:`.dependencies`: the engine re-answered the scenario under every other value of every
rule): a rule left out of the hand-written lists still leaves the scenario out. The declared rules count too: they
cover house files that change two rules at once and values no variant uses, which the engine did not try.
"""

from __future__ import annotations

import dataclasses
import json
import shlex
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from datong_rules.reference_impl.variant import SpecError, Variant, VariantNotFound, load_variant, open_variant
from datong_rules.reference_impl.variant.resolve import is_variant_path
from datong_rules.reference_impl.variant.variant import iter_rules

from . import bundled_spec, dependencies
from .scenarios_io import Scenario

_MISSING = object()

NOT_INHERITED = {"replay": "a game record names the variant it was played with, and a whole hand depends on "
                           "every rule"}
"""Operations whose scenarios a house variant never inherits, and why."""


@dataclass
class HouseSuite:
    """The scenarios a house variant inherits.

    Attributes:
        variant: the house variant (resolved).
        scenarios: the inherited scenarios, asked about the house variant (``variant`` is its id, ``fixture`` it).
        left_out: the scenarios of the chain that do not hold for the house variant, each with why: the changed
            rules it depends on, or (``replay``) :data:`NOT_INHERITED`'s reason.
        changed: the rule ids whose value the house file (or a file between it and a scenario's variant) changes,
            compared with the variant it extends.
        unchecked: the changed rules no scenario of the run checks (for ``fuzz``).
    """

    variant: Variant
    scenarios: list[Scenario] = field(default_factory=list)
    left_out: list[tuple[Scenario, tuple[str, ...]]] = field(default_factory=list)
    """(scenario, the changed rule ids it depends on, or a one-item tuple with the reason it is not inherited)."""
    changed: list[str] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)


def value(variant: Variant, rule_id: str) -> Any:
    """The value of a rule item, or of a section (``{rule id: value}`` of its items); a missing id is a value too
    (a sentinel different from every value)."""
    try:
        return variant.rule(rule_id)
    except KeyError:
        pass
    node: Any = variant.data.get("rules", {})
    for part in rule_id.split("."):
        if not isinstance(node, dict) or part not in node:
            return _MISSING
        node = node[part]
    return {sub: item.get("value") for sub, item in iter_rules(node)} if isinstance(node, dict) else _MISSING


def _same(a: Any, b: Any) -> bool:
    if a is _MISSING or b is _MISSING:
        return a is b
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


def changed_rules(house: Variant, base: Variant) -> list[str]:
    """The rule ids whose value differs between ``house`` and ``base`` (rules only one of them has included), in
    the house file's order."""
    ids = house.checked_rule_ids() + [r for r in base.checked_rule_ids() if r not in set(house.checked_rule_ids())]
    return [r for r in ids if not _same(value(house, r), value(base, r))]


def depends_on(scenario: Scenario) -> tuple[str, ...]:
    """The rule ids the scenario's expected keys depend on: those it declares (per-key attribution when it has
    one), then those the reference engine found (:func:`.dependencies.computed`, for a bundled scenario) that it
    does not declare."""
    keys = list(scenario.expect) + [k for k in getattr(scenario, "loose", {}) if k not in scenario.expect]
    rules_of = getattr(scenario, "rules_of", None)
    declared = tuple(rules_of(keys)) if callable(rules_of) else tuple(scenario.rules)
    found = dependencies.computed(scenario) or {}
    extra = sorted({r for k in keys for r in found.get(k, ()) if r not in declared})
    return declared + tuple(extra)


def inherit(house: Variant, suite: Iterable[Scenario]) -> HouseSuite:
    """The scenarios of the variants ``house`` extends that hold for it (see the module doc).

    Args:
        house: the resolved house variant (``open_variant(FILE)``).
        suite: the scenarios to choose from (the bundled suite, or ``--scenarios``); scenarios written for the
            house variant itself (its id) are kept as they are and count as checking the rules they cite.

    Returns:
        The :class:`HouseSuite`.
    """
    out = HouseSuite(house)
    published = set(bundled_spec.variant_ids())
    chain = [v for v in house.chain if v != house.id and v in published]  # a house file between: no scenarios
    bases: dict[str, Variant] = {}
    for scenario in suite:
        if scenario.variant == house.id:
            out.scenarios.append(scenario)
            continue
        if scenario.variant not in chain:
            continue
        if scenario.op in NOT_INHERITED:
            out.left_out.append((scenario, (NOT_INHERITED[scenario.op],)))
            continue
        base = bases.get(scenario.variant) or bases.setdefault(scenario.variant, load_variant(scenario.variant))
        differ = tuple(r for r in depends_on(scenario) if not _same(value(house, r), value(base, r)))
        if differ:
            out.left_out.append((scenario, differ))
        else:
            out.scenarios.append(dataclasses.replace(scenario, variant=house.id, fixture=house))
    parent = load_variant(house.parent) if house.parent else None
    out.changed = changed_rules(house, parent) if parent is not None else []
    checked = {r for s in out.scenarios for r in depends_on(s)}
    out.unchecked = [r for r in out.changed
                     if r not in checked and not any(c.startswith(r + ".") or r.startswith(c + ".") for c in checked)]
    return out


def summary_lines(suite: HouseSuite, ref: str, impl_option: str) -> list[str]:
    """What a run of a house variant checked, for the console: how many scenarios it inherited and left out, and
    the house file's rules no scenario checks, with the ``fuzz`` command that compares an engine on them.

    Args:
        ref: the house variant as the user named it (its file path).
        impl_option: the implementation option to show in the suggested command.
    """
    house = suite.variant
    parents = " → ".join(reversed([v for v in house.chain if v != house.id]))
    records = sum(1 for _, why in suite.left_out if is_record(why))
    lines = [f"house variant {house.id} ({ref}) extends {parents}: {len(suite.scenarios)} scenario"
             f"{'' if len(suite.scenarios) == 1 else 's'} inherited, {len(suite.left_out)} left out "
             f"({len(suite.left_out) - records} depend on rules the house file changes, {records} replay a record "
             f"of another variant)"]
    if suite.unchecked:
        lines.append(f"rules of {ref} that no scenario checks: {', '.join(suite.unchecked)}")
        lines.append(f"  compare the engine with the reference engine on generated questions about them: "
                     f"datong-rules fuzz --variant {shlex.quote(ref)} {impl_option}")
    return lines


def is_record(why: tuple[str, ...]) -> bool:
    """Whether a :attr:`HouseSuite.left_out` reason is that of a scenario never inherited (``replay``), not the
    changed rules it depends on."""
    return bool(why) and why[0] in NOT_INHERITED.values()


def left_out_lines(suite: HouseSuite) -> list[str]:
    """One console line per scenario left out because it depends on rules the house file changes, naming them;
    the scenarios never inherited (``replay``) in one line with the reason."""
    lines = [f"  left out {scenario.id}: depends on {', '.join(why)}"
             for scenario, why in suite.left_out if not is_record(why)]
    records = [scenario for scenario, why in suite.left_out if is_record(why)]
    if records:
        lines.append(f"  left out {len(records)} scenario{'' if len(records) == 1 else 's'} of replay: "
                     f"{NOT_INHERITED['replay']}")
    return lines


def house_record(suite: HouseSuite, ref: str) -> dict[str, Any]:
    """What a run of a house variant checked, for the JSON and Markdown reports (``houses`` of
    ``spec/schema/report.schema.json``)::

        {"file": ref, "variant": id, "extends": [parent, …, root], "inherited": n, "changed": [rule id, …],
         "unchecked": [rule id, …],
         "left_out": [{"id", "variant", "op", "depends_on": [rule id, …]} or {…, "reason": text}, …]}

    ``depends_on`` lists the rules of the house file (changed from the scenario's variant) that the scenario
    depends on; ``reason`` says why a scenario is never inherited.
    """
    house = suite.variant
    left_out = []
    for scenario, why in suite.left_out:
        entry: dict[str, Any] = {"id": scenario.id, "variant": scenario.variant, "op": scenario.op}
        entry.update({"reason": why[0]} if is_record(why) else {"depends_on": list(why)})
        left_out.append(entry)
    return {"file": ref, "variant": house.id, "extends": list(reversed([v for v in house.chain if v != house.id])),
            "inherited": len(suite.scenarios), "changed": list(suite.changed), "unchecked": list(suite.unchecked),
            "left_out": left_out}


def split_variants(values: Iterable[str]) -> tuple[tuple[str, ...], list[tuple[str, Variant]]]:
    """``(variant ids as typed, [(path, resolved house variant), …])`` of ``--variant`` values: a value naming a
    variant file that is not a bundled one is a house variant; a bundled file's path counts as its id.

    Raises:
        ValueError: a house file that cannot be loaded, or an abstract one (one line naming the value).
    """
    ids: list[str] = []
    houses: list[tuple[str, Variant]] = []
    for value in values:
        if not value.strip() or not is_variant_path(value):
            ids.append(value)
            continue
        try:
            variant = open_variant(value)
        except (VariantNotFound, SpecError) as exc:
            raise ValueError(f"--variant {value}: {exc}") from None
        if variant.id in bundled_spec.variant_ids():
            ids.append(variant.id)
        elif variant.abstract:
            raise ValueError(f"--variant {value}: {variant.id} is abstract (a base for other variants)")
        else:
            houses.append((value, variant))
    return tuple(ids), houses
