"""Whole numbers are written without a decimal point: every integer of every rule of every game refuses ``3.0``.

JSON Schema counts ``3.0`` as an integer and YAML reads ``3.0`` as a float, so a house file's ``deck.decks: 3.0``
used to pass ``validate`` and then stop the engine (``range(3.0)``). The places tested are not listed by hand: they
are every place where a game's rules schema says ``"type": "integer"`` or ``"enum": [3]`` (followed through ``$ref``, ``properties``,
``items``, ``oneOf`` …) that one of the game's bundled playable variants fills. Each gets its own house file with that
one number written as a float, and must give exactly one located ``wrong_type`` problem there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.reference_impl import games
from datong_rules.reference_impl.schema_validator import SchemaValidator
from datong_rules.reference_impl.variant import Registry, SpecError, check_file, load_file, load_variant
from referencing import Registry as SchemaRegistry, Resource
from referencing.jsonschema import DRAFT202012

from datong_rules.reference_impl.variant.schema_check import load_schema, schema_resources, schema_root
from datong_rules.reference_impl.variant.variant import iter_rules

from house_file_support import house_file, rule_copy

Place = tuple[str | int, ...]


def _types(node: dict) -> list[str]:
    kind = node.get("type", [])
    return [kind] if isinstance(kind, str) else list(kind)


def integer_places(node: Any, value: Any, resolver: Any, path: Place = ()) -> Iterator[Place]:
    """The places in ``value`` (paths of keys and indexes) where the schema ``node`` says ``"type": "integer"`` or
    allows whole numbers only (``"enum": [3]``, ``"const": 3``)."""
    if not isinstance(node, dict):
        return
    if "$ref" in node:
        resolved = resolver.lookup(node["$ref"])
        yield from integer_places(resolved.contents, value, resolved.resolver, path)
    whole = [v for v in (node["enum"] if "enum" in node else [node["const"]] if "const" in node else [])
             if type(v) is int]
    if type(value) is int and ("integer" in _types(node) or whole):
        yield path
    for key in ("oneOf", "anyOf", "allOf"):
        for branch in node.get(key, []):
            yield from integer_places(branch, value, resolver, path)
    if isinstance(value, dict):
        for key, item in value.items():
            sub = node.get("properties", {}).get(key)
            if sub is None:
                sub = next((s for p, s in node.get("patternProperties", {}).items() if re.search(p, key)), None)
            if sub is None and isinstance(node.get("additionalProperties"), dict):
                sub = node["additionalProperties"]
            yield from integer_places(sub, item, resolver, (*path, key))
    if isinstance(value, list):
        prefix = node.get("prefixItems", [])
        for index, item in enumerate(value):
            sub = prefix[index] if index < len(prefix) else node.get("items")
            yield from integer_places(sub, item, resolver, (*path, index))


def _cases() -> list[tuple[str, str, Place, int]]:
    """(variant id, rule id, place in the rule's value, the integer there): one per game, rule and place (list
    indexes counted once)."""
    registry = Registry()
    cases: dict[tuple, tuple[str, str, Place, int]] = {}
    for variant_id in registry.variant_ids():
        variant = load_variant(variant_id)
        if variant.abstract:
            continue
        game = variant.data["game"]
        schema_file = registry.rules_schema(game)
        assert schema_file is not None, game
        schema = load_schema(schema_file)
        resolver = SchemaRegistry().with_resources(
            (uri, Resource.from_contents(document, default_specification=DRAFT202012))
            for uri, document in schema_resources(schema_root(schema_file))).resolver(base_uri=schema["$id"])
        for rule_id, item in iter_rules(variant.data["rules"]):
            rule_schema = schema["$defs"][f"rule.{rule_id}"]
            for place in dict.fromkeys(integer_places(rule_schema["properties"]["value"], item["value"], resolver)):
                shape = tuple("[]" if isinstance(step, int) else step for step in place)
                number = item["value"]
                for step in place:
                    number = number[step]
                cases.setdefault((game, rule_id, shape), (variant_id, rule_id, place, number))
    return sorted(cases.values(), key=lambda case: (case[0], case[1], str(case[2])))


CASES = _cases()


def test_the_places_are_found_in_every_game():
    rules = {(variant_id.split("/")[0], rule_id) for variant_id, rule_id, _, _ in CASES}
    for game in ("huolong", "dadun", "biedan"):
        assert (game, "players.count") in rules and (game, "deck.decks") in rules, game
    assert ("biedan", "egg.count") in rules
    sizes = {variant_id.split("/")[0] for variant_id, rule_id, place, _ in CASES
             if rule_id == "combinations.catalogue" and "size" in place}
    assert sizes >= {"biedan", "dadun"}
    assert set(games.ids()) >= {variant_id.split("/")[0] for variant_id, *_ in CASES}
    assert len(CASES) >= 30


@pytest.mark.parametrize(("variant_id", "rule_id", "place", "number"), CASES,
                         ids=[f"{v}:{r}{''.join(f'.{p}' for p in place)}" for v, r, place, _ in CASES])
def test_a_whole_number_written_as_a_float_is_refused_where_it_stands(tmp_path, variant_id, rule_id, place, number):
    value = rule_copy(variant_id, rule_id)
    holder = value
    for step in place[:-1]:
        holder = holder[step]
    if place:
        holder[place[-1]] = float(number)
    else:
        value = float(number)
    path = house_file(tmp_path, variant_id, rule_id, value)
    problems = check_file(path)
    where = ".".join(["rules", rule_id, "value"]) + "".join(f"[{p}]" if isinstance(p, int) else f".{p}"
                                                           for p in place)
    assert [(p.kind, p.rule_path) for p in problems] == [("wrong_type", where)], [str(p) for p in problems]
    assert f"found {float(number)}, a number with a decimal point" in problems[0].message
    assert problems[0].line > 1
    with pytest.raises(SpecError):
        load_file(path)


def test_the_quick_validator_never_passes_a_whole_float_where_an_integer_belongs():
    check = SchemaValidator({"type": "object", "properties": {"n": {"type": "integer"}, "x": {"type": "number"}}})
    assert check.is_valid({"n": 3, "x": 3.0})
    assert not check.is_valid({"n": 3.0})
    assert not check.is_valid({"n": True})
    assert [e.validator for e in check.iter_errors({"n": 3.0})] == ["type"]
    assert not SchemaValidator({"enum": [3]}).is_valid(3.0) and not SchemaValidator({"const": 3}).is_valid(3.0)
    lenient = SchemaValidator(check.schema, strict_integers=False)  # an engine's answer: 3.0 is the number 3
    assert lenient.is_valid({"n": 3.0}) and not lenient.is_valid({"n": 3.5})


def test_validate_and_play_refuse_the_reported_files(tmp_path):
    decks = house_file(tmp_path, "huolong/li-zhijiang", "deck.decks", 3.0)
    result = CliRunner().invoke(cli, ["validate", str(decks)])
    assert result.exit_code == 1, result.output
    assert "rules.deck.decks.value: found 3.0, a number with a decimal point" in result.output
    egg = house_file(tmp_path, "biedan/biedan-guide", "egg.count", 3.0)
    result = CliRunner().invoke(cli, ["play", str(egg), "--hands", "1"])
    assert result.exit_code == 2, result.output
    assert "rules.egg.count.value: found 3.0" in result.stderr and "internal error" not in result.output


def test_conform_and_fuzz_refuse_such_ahouse_file(tmp_path):
    """`conform --variant` on such a file used to pass (its scenarios asked about rules the engine cannot play)."""
    egg = house_file(tmp_path, "biedan/biedan-guide", "egg.count", 3.0)
    for command in (["conform", "--variant", str(egg), "-q"],
                    ["fuzz", "--impl", "datong_rules.conformance.adapters.reference:ReferenceImplementation",
                     "--variant", str(egg), "--examples", "1"]):
        result = CliRunner().invoke(cli, command)
        assert result.exit_code == 2, (command, result.output)
        [line] = result.stderr.splitlines()
        assert line.startswith("error: ") and "rules.egg.count.value: found 3.0, a number with a decimal point" in line
