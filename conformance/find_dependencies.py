"""Find the rules each bundled scenario's expected answer depends on, with the reference engine, and write them to
:data:`~.dependencies.DEPENDENCIES_FILE` (``python -m datong_rules.conformance.find_dependencies``). Nothing
requires the file to be up to date (see :mod:`.dependencies` for what reads it).

For every scenario of the bundled suite the reference engine answers it again under each **alternative value** of
each rule of its variant (every rule item but a ``text_only`` one), one rule changed at a time; a rule whose change
makes the scenario fail (an expected key gets another value, or the engine refuses the question) is a dependency of
the keys that changed (of every key, for a refusal). Then under every **pair** of such changes to two rules: where
the pair makes an expected key fail that neither change alters alone, both rules are dependencies of that key (at
level 10 with hearts trump, H10 ranks above S10 while either the trump suit's cards or the level cards are trumps:
the scenario depends on ``trumps.trump_suit`` and ``trumps.level_rank`` together); when one of the two changes is
invalid alone, the other only makes it valid, and only the invalid one's rule is a dependency (:func:`_blamed`).
Three rules that matter only all together are not looked for. The alternative values of a rule (:func:`alternative_values`)
are the values its game's rule schema names (every ``enum`` value, ``true`` and ``false`` for a boolean), and every
value a variant of the game sets: the bundled variants, the suite's fixture variants and the example house files of
``docs/examples`` (for numbers and tables, the only values tried). An alternative that makes the variant invalid
(the game's checks or the engine refuse it, as ``validate`` would) is not a house variant anyone can write, and is
skipped. A default that an operation reads when ``given`` leaves a key out (打墩's ``level`` → ``levels.start``)
is found like any other dependency: the answer changes with the rule.

Scenarios of ``replay`` are left out: a house variant never inherits them (:data:`.house.NOT_INHERITED`).

Cost: about 50,000 alternative variants for the bundled suite, a few minutes of CPU time; the tests recompute a
few scenarios.
"""

from __future__ import annotations

import copy
import json
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from datong_rules.reference_impl import games
from datong_rules.reference_impl.paths import spec_root
from datong_rules.reference_impl.variant import SpecError, Variant, load_variant, open_variant
from datong_rules.reference_impl.variant.findings import semantic_findings
from datong_rules.reference_impl.variant.variant import iter_rules

from . import bundled_spec
from .adapters.reference import game_ops
from .dependencies import DEPENDENCIES_FILE, FILE_VERSION, REGENERATE, examples_folder, forget, render
from .runner import compare
from .scenarios_io import Scenario, load_scenarios

LEFT_OUT_OPS = ("replay",)
"""Operations whose scenarios get no computed dependencies (a house variant never inherits them)."""


@dataclass
class Computation:
    """What :func:`compute` found.

    Attributes:
        keys: scenario id → expected key → the rule ids whose change changes that key's value (sorted); every
            scenario asked is there, a key that depends on no rule with an empty list.
        variants: scenario id → its variant id.
        tried: how many alternative variants were built and asked; skipped: how many alternatives were refused as
            invalid (by the game's checks or the engine); refusals: how many answers were errors.
        seconds: the wall time of the computation.
    """

    keys: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    variants: dict[str, str] = field(default_factory=dict)
    tried: int = 0
    skipped: int = 0
    refusals: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """The content of the dependencies file."""
        return {"version": FILE_VERSION, "command": REGENERATE,
                "alternatives_tried": self.tried, "alternatives_invalid": self.skipped,
                "scenarios": {sid: {"variant": self.variants[sid], "keys": self.keys[sid]}
                              for sid in sorted(self.keys)}}


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def schema_choices(game: str) -> dict[str, list[Any]]:
    """The values the rule schema of ``game`` names, rule id → values: an ``enum``'s values, ``[true, false]`` for
    a boolean, a ``const``'s value (rules of free-form values, such as numbers and tables, are absent)."""
    path = spec_root() / "schema" / "games" / game / "rules.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    out: dict[str, list[Any]] = {}
    for name, entry in (schema.get("$defs") or {}).items():
        value = ((entry or {}).get("properties") or {}).get("value") if name.startswith("rule.") else None
        if not isinstance(value, dict):
            continue
        if "enum" in value:
            out[name[len("rule."):]] = list(value["enum"])
        elif "const" in value:
            out[name[len("rule."):]] = [value["const"]]
        elif value.get("type") == "boolean":
            out[name[len("rule."):]] = [True, False]
    return out


def example_variants() -> list[Variant]:
    """The example house files of ``docs/examples`` that load (a file made to show an error is left out)."""
    out = []
    folder = examples_folder()
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        try:
            out.append(open_variant(str(path)))
        except (SpecError, ValueError):
            continue
    return out


def alternative_values(game: str, variants: Iterable[Variant]) -> dict[str, list[Any]]:
    """Rule id → every value tried for it in ``game``: the schema's named values (:func:`schema_choices`), then
    the values ``variants`` set, each once, in that order."""
    found: dict[str, dict[str, Any]] = {}
    for rule_id, values in schema_choices(game).items():
        for value in values:
            found.setdefault(rule_id, {}).setdefault(_key(value), value)
    for variant in variants:
        if variant.data.get("game") != game:
            continue
        for rule_id, item in iter_rules(variant.data.get("rules", {})):
            found.setdefault(rule_id, {}).setdefault(_key(item.get("value")), item.get("value"))
    return {rule_id: list(values.values()) for rule_id, values in found.items()}


def _with_values(variant: Variant, changes: tuple[tuple[str, Any], ...]) -> Variant:
    """``variant`` with each ``(rule id, value)`` of ``changes`` set (a copy; the variant is not modified)."""
    data = copy.deepcopy(variant.data)
    for rule_id, value in changes:
        node = data["rules"]
        for part in rule_id.split("."):
            node = node[part]
        node["value"] = copy.deepcopy(value)
    return Variant(variant.id, data, variant.file, variant.chain)


Change = tuple[str, Any]
"""``(rule id, value)``: one rule of a variant set to another value."""


def alternatives(variant: Variant, values: dict[str, list[Any]],
                 pairs: bool = True) -> tuple[list[Change], list[tuple[Change, Change]]]:
    """The changes tried on ``variant``: every ``(rule id, value)`` of ``values`` (rule id → values) that is not the
    variant's own, for every rule but a ``text_only`` one; and (``pairs``) every two such changes of two rules."""
    singles = []
    for rule_id, item in iter_rules(variant.data.get("rules", {})):
        if item.get("text_only") is True:
            continue
        own = _key(item.get("value"))
        singles += [(rule_id, value) for value in values.get(rule_id, []) if _key(value) != own]
    both = [(a, b) for index, a in enumerate(singles) for b in singles[index + 1:] if a[0] != b[0]] if pairs else []
    return singles, both


def _playable_rules(game: games.Game, variant: Variant) -> Any | None:
    """The engine's rules for ``variant``, or ``None`` when the game's checks or the engine refuse it."""
    if semantic_findings(variant, None):
        return None
    try:
        return game.rules_for(variant)
    except ValueError:
        return None


def _changed_keys(scenario: Scenario, func: Any, rules: Any) -> tuple[list[str], bool]:
    """(the expected keys the answer under ``rules`` gets wrong, whether the engine refused the question)."""
    keys = list(scenario.expect) + [k for k in scenario.loose if k not in scenario.expect]
    try:
        answer = func(rules, copy.deepcopy(scenario.given))
    except Exception:  # noqa: BLE001 - any refusal of the question makes every key depend on the rule
        return keys, True
    if not isinstance(answer, dict):
        return keys, True
    return compare(scenario.op, scenario.expect, answer, scenario.loose), False


def _blamed(changes: tuple[Change, ...], valid: set[tuple[str, str]]) -> list[str]:
    """The rules a change of the answer under ``changes`` is put on: a single change's rule; for a pair of two
    changes each valid alone, both rules (they matter together); for a pair where one change is invalid alone, only
    that one's rule (the other makes it valid: ``stakes.enabled`` for a settlement table with stakes); for a pair
    of two changes invalid alone, none (the pair is not tried: which rule matters cannot be told)."""
    if len(changes) == 1:
        return [changes[0][0]]
    invalid = [rule for rule, value in changes if (rule, _key(value)) not in valid]
    return [rule for rule, _ in changes] if not invalid else invalid if len(invalid) < len(changes) else []


def compute(scenarios: list[Scenario] | None = None, *, pairs: bool = True) -> Computation:
    """The dependencies of ``scenarios`` (default: the bundled suite), see the module doc; ``pairs=False`` tries
    one change at a time only (quicker, for tests).

    Raises:
        ValueError: a scenario the reference engine does not pass with its own variant (its dependencies would be
            meaningless; the message names it).
    """
    began = time.perf_counter()
    suite = load_scenarios() if scenarios is None else scenarios
    by_variant: dict[str, list[Scenario]] = {}
    resolved: dict[str, Variant] = {}
    for scenario in suite:
        if scenario.op in LEFT_OUT_OPS or scenario.bad_input:  # a refusal expected: no key to depend on anything
            continue
        by_variant.setdefault(scenario.variant, []).append(scenario)
        resolved.setdefault(scenario.variant, scenario.fixture or load_variant(scenario.variant))
    known = [*resolved.values(), *(load_variant(v) for v in bundled_spec.variant_ids()
                                   if not isinstance(bundled_spec.variant(v), SpecError)), *example_variants()]
    values = {game: alternative_values(game, known) for game in games.ids()}
    out = Computation()
    for variant_id, asked in by_variant.items():
        _compute_variant(out, variant_id, resolved[variant_id], asked, values, pairs)
    for per_key in out.keys.values():
        for key in per_key:
            per_key[key].sort()
    out.seconds = time.perf_counter() - began
    return out


def _compute_variant(out: Computation, variant_id: str, variant: Variant, asked: list[Scenario],
                     values: dict[str, Any], pairs: bool) -> None:
    """Add to ``out`` the dependencies of the scenarios ``asked`` of one variant (see :func:`compute`)."""
    game = games.get(variant.data["game"])
    ops = game_ops(game)
    base = game.rules_for(variant)
    for scenario in asked:
        wrong, _ = _changed_keys(scenario, ops[scenario.op], base)
        if wrong:
            raise ValueError(f"{scenario.location}: {scenario.id}: the reference engine does not pass it "
                             f"({', '.join(wrong)} differ); its dependencies cannot be computed")
        out.variants[scenario.id] = variant_id
        out.keys[scenario.id] = {k: [] for k in [*scenario.expect, *scenario.loose]}
    singles, both = alternatives(variant, values[game.id], pairs)
    valid: set[tuple[str, str]] = set()  # the single changes the game's checks and the engine accept
    alone: dict[tuple[str, str, str], list[str]] = {}  # (scenario id, rule id, value) → keys it changes alone
    for changes in [*((change,) for change in singles), *both]:
        blamed = _blamed(changes, valid)
        if not blamed:
            continue
        rules = _playable_rules(game, _with_values(variant, changes))
        if rules is None:
            out.skipped += 1
            continue
        out.tried += 1
        if len(changes) == 1:
            valid.add((changes[0][0], _key(changes[0][1])))
        for scenario in asked:
            _blame(out, scenario, ops[scenario.op], rules, changes, blamed, alone)


def _blame(out: Computation, scenario: Scenario, op: Any, rules: Any, changes: tuple[tuple[str, Any], ...],
           blamed: list[str], alone: dict[tuple[str, str, str], list[str]]) -> None:
    """Re-answer ``scenario`` under ``rules`` (the variant with ``changes``) and blame the changed keys on
    ``blamed``; a pair counts only for the keys neither of its changes alters alone."""
    wrong, refused = _changed_keys(scenario, op, rules)
    out.refusals += refused
    if len(changes) == 1:
        alone[(scenario.id, changes[0][0], _key(changes[0][1]))] = wrong
    else:
        wrong = [k for k in wrong if not any(k in alone.get((scenario.id, r, _key(v)), ()) for r, v in changes)]
    for key in wrong:
        out.keys[scenario.id][key] += [r for r in blamed if r not in out.keys[scenario.id][key]]



def write() -> Computation:
    """Compute the bundled suite's dependencies and write them to :data:`~.dependencies.DEPENDENCIES_FILE`.

    Raises:
        ValueError: as :func:`compute`.
    """
    result = compute()
    DEPENDENCIES_FILE.write_text(render(result.to_json()), encoding="utf-8")
    forget()
    return result


def main(argv: list[str] | None = None) -> int:
    """``python -m datong_rules.conformance.find_dependencies``: write the dependencies file. Exit 2 for any
    argument."""
    args = sys.argv[1:] if argv is None else argv
    if args:
        print(f"usage: {REGENERATE}", file=sys.stderr)
        return 2
    try:
        result = write()
    except (ValueError, SpecError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    depending = sum(1 for keys in result.keys.values() if any(keys.values()))
    print(f"wrote {DEPENDENCIES_FILE}: {len(result.keys)} scenarios ({depending} depend on some rule), "
          f"{result.tried} alternative variants asked, {result.skipped} invalid ones skipped, "
          f"in {result.seconds:.1f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
