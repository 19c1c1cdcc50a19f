"""The JSON schemas of spec/schema/ (variant and sources): valid, strict, editor-friendly, in step with the data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft7Validator, Draft202012Validator

from datong_rules.reference_impl.paths import schema_path, spec_root
from datong_rules.reference_impl.variant import list_variants

SCHEMAS = ["variant.schema.json", "sources.schema.json", "common.schema.json",
           "games/huolong/rules.schema.json", "games/biedan/rules.schema.json", "games/dadun/rules.schema.json"]
RESOLVED_ONLY = ("resolved", "complete")  # $defs checked on resolved data, not on files


def load(name: str) -> dict:
    return json.loads(schema_path(name).read_text(encoding="utf-8"))


def walk(node, path=()):
    """Every (path, mapping) of a schema."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from walk(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk(value, path + (index,))


@pytest.mark.parametrize("name", SCHEMAS)
def test_schema_is_valid_2020_12_and_draft_07(name):
    schema = load(name)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)
    Draft7Validator.check_schema(schema)


@pytest.mark.parametrize("name", SCHEMAS)
def test_schema_uses_only_keywords_draft_07_editors_understand(name):
    newer = {"unevaluatedProperties", "unevaluatedItems", "prefixItems", "dependentSchemas", "dependentRequired",
             "$dynamicRef", "$dynamicAnchor", "$anchor", "$recursiveRef", "minContains", "maxContains"}
    for path, node in walk(load(name)):
        if path and path[-1] == "properties":
            continue  # keys here are property names, not keywords
        assert not newer & set(node), path
        if "$ref" in node:
            assert set(node) <= {"$ref"}, f"{path}: a $ref with siblings is ignored by draft-07 editors"


@pytest.mark.parametrize("name", SCHEMAS)
def test_every_file_object_forbids_unknown_keys(name):
    for path, node in walk(load(name)):
        if len(path) >= 2 and path[0] == "$defs" and str(path[1]).startswith(RESOLVED_ONLY):
            continue
        if (path and path[-1] == "properties") or {"not", "if"} & set(path):
            continue  # property names; conditions (not a shape of data)
        types = node.get("type")
        if types == "object" or (isinstance(types, list) and "object" in types):
            assert node.get("additionalProperties") is False or "propertyNames" in node, path  # or a map of known keys


GAMES = ("huolong", "biedan", "dadun")


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_item_is_the_common_rule_item_with_its_value(game):
    """A rule item is the one common rule item (envelope, provenance, notes) plus its value's shape: nothing else."""
    defs = load(f"games/{game}/rules.schema.json")["$defs"]
    items = {k: v for k, v in defs.items() if k.startswith("rule.")}
    assert len(items) > 30
    for name, item in items.items():
        assert item["allOf"] == [{"$ref": "../../common.schema.json#/$defs/ruleItem"}], name
        assert set(item) == {"description", "allOf", "properties"}, name
        assert set(item["properties"]) == {"value"}, name
    assert not {"text", "source", "inferred", "note", "noteZh"} & set(defs), "a private copy of a common definition"


def test_the_common_rule_item():
    item = load("common.schema.json")["$defs"]["ruleItem"]
    assert item["required"] == ["value", "text"]
    assert set(item["properties"]) == {"value", "text", "source", "inferred", "note", "note_zh", "text_only"}
    assert item["anyOf"] == [{"required": ["source"]}, {"required": ["inferred"]}]
    assert item["not"] == {"type": "object", "required": ["source", "inferred"]}
    assert item["type"] == ["object", "null"]  # null deletes an inherited rule
    assert item["description"].startswith("Rule ")  # validate's messages name a rule item by it


@pytest.mark.parametrize("game", GAMES)
def test_an_app_citation_is_accepted_in_every_game(game):
    """source: {id, file} (an app's file) is a citation in every game's house file, not only in Huolong's."""
    from datong_rules.reference_impl.variant.schema_check import validator

    check = validator(schema_path("variant.schema.json"))
    text = {"zh": "名", "en": "name"}
    item = {"value": 3 if game == "biedan" else 4, "text": text, "source": {"id": "some-app", "file": "src/rules.ts"}}
    data = {"id": f"{game}/x", "extends": f"{game}/base", "name": text, "summary": text,
            "rules": {"players": {"count": item}}}
    assert not [e.message for e in check.iter_errors(data)]
    item["source"] = {"id": "some-app"}  # neither section, file nor setting
    assert list(check.iter_errors(data))


def test_complete_huolong_names_only_rules_the_schema_defines():
    schema = load("games/huolong/rules.schema.json")
    defs = schema["$defs"]
    complete = defs["complete"]["properties"]["rules"]
    sections = schema["properties"]
    assert set(complete["required"]) <= set(sections)
    for section, spec in complete["properties"].items():
        known = set(defs[f"section.{section}"]["properties"])
        assert set(spec["required"]) <= known, section


def test_every_bundled_file_points_editors_at_its_schema():
    for variant_id in list_variants():
        path = spec_root() / f"{variant_id}.yaml"
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == "# yaml-language-server: $schema=../schema/variant.schema.json", variant_id
        assert (path.parent / "../schema/variant.schema.json").resolve() == schema_path("variant.schema.json").resolve()
    first = (spec_root() / "sources.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=schema/sources.schema.json"


def test_house_fixture_points_at_the_schema():
    fixture = Path(__file__).parent / "fixtures" / "house-club.yaml"
    first = fixture.read_text(encoding="utf-8").splitlines()[0]
    target = first.split("$schema=", 1)[1]
    assert (fixture.parent / target).resolve() == schema_path("variant.schema.json").resolve()


def test_resolved_schema_ties_game_to_family():
    schema = load("variant.schema.json")
    check = Draft202012Validator({"$defs": schema["$defs"], "$ref": "#/$defs/resolved"})
    base = {"id": "huolong/x", "name": {}, "summary": {}}
    assert not list(check.iter_errors({**base, "game": "huolong", "family": "trick_taking"}))
    assert list(check.iter_errors({**base, "game": "huolong", "family": "climbing"}))
    assert list(check.iter_errors({**base, "game": "dadun", "family": "trick_taking"}))
    assert list(check.iter_errors(base))  # game and family are needed once resolved


def test_sources_file_matches_its_schema():
    import yaml

    data = yaml.safe_load((spec_root() / "sources.yaml").read_text(encoding="utf-8"))
    assert not list(Draft202012Validator(load("sources.schema.json")).iter_errors(data))
    assert {s["id"] for s in data["sources"]} == {"li-zhijiang", "datong-guide", "online-platform", "biedan-guide",
                                                    "dadun-guide"}


def test_variant_schema_chooses_the_rule_schema_by_game_or_by_id():
    """The rule sections are checked by games/<game>/rules.schema.json: chosen by `game`, or by the id's game in a
    file that inherits its game; a game without a rule schema gets the shared checks only."""
    from datong_rules.reference_impl.variant.schema_check import validator

    check = validator(schema_path("variant.schema.json"))
    text = {"zh": "名", "en": "name"}
    bad_rules = {"rules": {"no_such_section": {}}}
    base = {"name": text, "summary": text}
    assert list(check.iter_errors({**base, "id": "huolong/x", "game": "huolong", **bad_rules}))
    assert list(check.iter_errors({**base, "id": "huolong/x", "extends": "huolong/base", **bad_rules}))
    assert not list(check.iter_errors({**base, "id": "huolong/x", "game": "huolong", "rules": {}}))
    assert not list(check.iter_errors({**base, "id": "othergame/x", "extends": "othergame/base", **bad_rules}))
