"""datong_rules.reference_impl.schema_validator: the quick check (jsonschema-rs) never accepts what jsonschema refuses.

Compared on the bundled suite's data (scenario files, scenarios, each operation's given and expect, the reference
engine's answers, the replay records) and on a few thousand random edits of it; and the quick check must accept the
bundled data, else the speed would be lost without a test noticing.
"""

from __future__ import annotations

import copy
import random

import pytest

from datong_rules.conformance import operations_schema as ops
from datong_rules.conformance import scenarios_io
from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.reference_impl import records, schema_validator
from datong_rules.reference_impl.schema_validator import SchemaValidator, is_plain_json
from datong_rules.reference_impl.variant import default_registry, schema_check

quick_available = pytest.mark.skipif(schema_validator.jsonschema_rs is None, reason="jsonschema-rs not installed")


@pytest.fixture(scope="module")
def checked_pairs() -> list[tuple[SchemaValidator, object]]:
    """(validator, valid instance) for everything the loader, the runner and replay check on the bundled suite."""
    file_check, scenario_check = scenarios_io._validators()
    pairs: list[tuple[SchemaValidator, object]] = []
    for path in scenarios_io.find_scenario_files():
        pairs.append((file_check, scenarios_io.read_yaml_file(path).data))
    engine = ReferenceImplementation()
    for scenario in [s for s in scenarios_io.load_scenarios() if s.fixture is None and not s.bad_input]:
        merged = {"id": scenario.id, "variant": scenario.variant, "rules": list(scenario.rules), "op": scenario.op,
                  "given": scenario.given, "expect": scenario.expect, "description": scenario.description}
        merged.update({k: v for k, v in (("source", scenario.source), ("reasoning", scenario.reasoning)) if v})
        pairs.append((scenario_check, merged))
        answer = engine.answer(scenario.variant, scenario.op, copy.deepcopy(scenario.given))
        for part, instance in ((ops.GIVEN, scenario.given), (ops.EXPECT, scenario.expect), (ops.ANSWER, answer)):
            check = ops.validator(scenario.full_op, part)
            if check is not None:
                pairs.append((check, instance))
        if scenario.full_op == "huolong/replay":
            pairs.append((records._validator("games/huolong/record.schema.json"), scenario.given["record"]))
    return pairs + variant_pairs()


def variant_pairs() -> list[tuple[SchemaValidator, object]]:
    """(validator, valid instance) for what the variant loader checks, with ``$ref``s between schema files: every
    bundled and fixture variant file against the variant schema, and each resolved variant against the resolved and
    (not abstract) its game's complete schema."""
    registry = default_registry()
    schema_dir = registry.schema_dir
    pairs: list[tuple[SchemaValidator, object]] = []
    files = [registry.root / f"{v}.yaml" for v in registry.variant_ids()] + scenarios_io.find_variant_files()
    for path in files:
        pairs.append((schema_check.validator(schema_dir / "variant.schema.json"),
                      scenarios_io.read_yaml_file(path).data))
        variant = registry.load_file(path)
        pairs.append((schema_check.validator(schema_dir / "variant.schema.json", "resolved"), variant.data))
        if not variant.abstract:
            pairs.append((schema_check.validator(registry.rules_schema(variant.data["game"]), "complete"),
                          variant.data))
    assert len(files) > 50
    return pairs


@quick_available
def test_the_quick_check_accepts_all_the_bundled_data(checked_pairs):
    assert len(checked_pairs) > 1600
    for check, instance in checked_pairs:
        assert check.full.is_valid(instance)
        assert check._quickly_valid(instance)


REPLACEMENTS = [0, 1, -1, 2.5, 1.0, True, False, None, "", "x", "H10", "BJ", "spades", [], {}, [1], ["H10"],
                {"a": 1}, 10**20]


def _edit(value: object, rng: random.Random) -> object:
    """``value`` with one random change somewhere inside (a copy)."""
    value = copy.deepcopy(value)
    holders = []  # (container, key) of every node below the top
    stack = [value]
    while stack:
        node = stack.pop()
        children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, child in children:
            holders.append((node, key))
            stack.append(child)
    if not holders:
        return rng.choice(REPLACEMENTS)
    node, key = rng.choice(holders)
    action = rng.random()
    if action < 0.5:
        node[key] = copy.deepcopy(rng.choice(REPLACEMENTS))
    elif action < 0.65:
        del node[key]
    elif action < 0.75 and isinstance(node, dict):
        node["zz_unknown"] = node[key]
    elif action < 0.85 and isinstance(node, list):
        node.append(copy.deepcopy(node[key]))
    elif isinstance(node[key], str):
        node[key] = rng.choice([node[key].lower(), node[key].upper(), node[key] + "1", node[key][1:], node[key] + "\n"])
    elif isinstance(node[key], (int, float)) and not isinstance(node[key], bool):
        node[key] = rng.choice([node[key] + 1, node[key] - 1, -node[key], float(node[key]), str(node[key])])
    else:
        node[key] = copy.deepcopy(rng.choice(REPLACEMENTS))
    return value


@quick_available
def test_the_quick_check_never_accepts_what_jsonschema_refuses(checked_pairs):
    rng = random.Random(7)
    refused = 0
    for _ in range(2500):
        check, instance = rng.choice(checked_pairs)
        edited = instance
        for _ in range(rng.randint(1, 2)):
            edited = _edit(edited, rng)
        full = check.full.is_valid(edited)
        if check._quickly_valid(edited):
            assert full, (check.schema.get("title") or check.schema.get("description"), edited)
        refused += not full
    assert refused > 600  # the edits did reach what the schemas refuse


def test_errors_come_from_jsonschema_and_non_json_data_is_left_to_it():
    check = SchemaValidator({"type": "object", "properties": {"cards": {"type": "array", "items": {"type": "string"}}},
                             "additionalProperties": False})
    assert list(check.iter_errors({"cards": ["H10"]})) == []
    (error,) = check.iter_errors({"cards": ["H10", 5]})
    assert error.json_path == "$.cards[1]"
    assert not check.is_valid({"cards": ("H10",)})  # jsonschema-rs would take a tuple for an array
    assert not check.is_valid({1: "x"}) and check.is_valid({})


def test_plain_json_means_exactly_the_json_types():
    assert is_plain_json({"a": [1, 2.5, True, None, "x", {"b": []}]})
    deep = []
    for _ in range(100_000):
        deep = [deep]
    assert is_plain_json(deep)
    for value in [(1,), {1: 2}, {"a": {1, 2}}, [object()], {"a": [b"x"]}]:
        assert not is_plain_json(value)


def test_works_without_jsonschema_rs(monkeypatch):
    monkeypatch.setattr(schema_validator, "jsonschema_rs", None)
    check = SchemaValidator({"type": "integer", "minimum": 0})
    assert check.is_valid(3) and not check.is_valid(-1)
    assert [e.message for e in check.iter_errors(-1)] == ["-1 is less than the minimum of 0"]


@quick_available
def test_the_quick_error_path_points_at_the_first_error():
    check = SchemaValidator({"type": "object", "properties": {"cards": {"type": "array", "items": {"type": "string"}}}})
    assert check.quick_error_path({"cards": ["H10", "S2", 5]}) == ("cards", 2)
    assert check.quick_error_path({"cards": ["H10"]}) is None  # valid
    assert check.quick_error_path({"cards": ("H10", 5)}) is None  # not plain JSON: no hint, jsonschema decides
    assert check.quickly_valid({"cards": []}) and not check.quickly_valid({"cards": [5]})


def test_without_jsonschema_rs_there_is_no_quick_answer(monkeypatch):
    monkeypatch.setattr(schema_validator, "jsonschema_rs", None)
    check = SchemaValidator({"type": "integer"})
    assert check.quick_error_path("x") is None and not check.quickly_valid(3)
    records._validator.cache_clear()
    try:  # records: jsonschema alone, on the whole record
        with pytest.raises(records.RecordError) as err:
            records.validate({"record": "hand", "kit": "0", "game": "huolong"})
    finally:
        records._validator.cache_clear()
    assert str(err.value) == ("not a valid record at the top: missing keys 'variant', 'hand_number', 'team_levels', "
                              "'first_drawer', 'pack', 'actions'")
