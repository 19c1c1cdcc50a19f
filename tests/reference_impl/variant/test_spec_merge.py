"""The merge rules of extends (datong_rules.reference_impl.variant.merge), as docs/rule-keepers-merge.md states them."""

from __future__ import annotations

import copy

from datong_rules.reference_impl.variant import load_file, load_variant
from datong_rules.reference_impl.variant.merge import deletions_without_target, is_rule_item, merge, merge_variant


def item(value, **extra):
    return {"value": value, "text": {"zh": "中", "en": "en"}, **extra}


def test_maps_merge_key_by_key():
    parent = {"rules": {"bury": {"count": item(6)}, "deck": {"decks": item(3)}}}
    child = {"rules": {"bury": {"cards": item("any")}}}
    assert merge(parent, child) == {"rules": {"bury": {"count": item(6), "cards": item("any")},
                                              "deck": {"decks": item(3)}}}


def test_lists_replace():
    assert merge({"a": [1, 2, 3]}, {"a": [9]}) == {"a": [9]}
    assert merge({"a": {"b": [1, 2]}}, {"a": {"b": []}}) == {"a": {"b": []}}


def test_null_deletes_a_key_and_everything_under_it():
    parent = {"rules": {"bury": {"count": item(6), "cards": item("any")}, "stakes": {"enabled": item(True)}}}
    assert merge(parent, {"rules": {"bury": {"cards": None}, "stakes": None}}) == {
        "rules": {"bury": {"count": item(6)}}}


def test_rule_item_is_atomic_provenance_travels_with_the_value():
    parent = {"bury": {"count": item(6, source={"id": "a", "section": "1"}, note="doubtful")}}
    child = {"bury": {"count": item(7, inferred={"reason": "house rule"})}}
    merged = merge(parent, child)["bury"]["count"]
    assert merged == item(7, inferred={"reason": "house rule"})
    assert "source" not in merged and "note" not in merged


def test_null_inside_a_rule_item_is_a_value_not_a_deletion():
    merged = merge({"bury": {"max_points": item(40)}}, {"bury": {"max_points": item(None)}})
    assert merged == {"bury": {"max_points": item(None)}}


def test_a_partial_item_does_not_merge_into_the_parents_item():
    # a rule item in the parent is replaced whole, even by a mapping that is not a complete item
    # (the schema reports the missing 'value' of such a file separately)
    merged = merge({"x": item(1, note="n")}, {"x": {"text": {"zh": "新", "en": "new"}}})
    assert merged == {"x": {"text": {"zh": "新", "en": "new"}}}


def test_scalars_and_type_changes_replace():
    assert merge({"a": 1, "b": {"c": 1}}, {"a": 2, "b": [1]}) == {"a": 2, "b": [1]}


def test_new_subtrees_lose_their_null_keys():
    assert merge({}, {"a": {"b": None, "c": 1}}) == {"a": {"c": 1}}


def test_inputs_are_not_modified():
    parent = {"rules": {"bury": {"count": item(6)}}, "name": {"zh": "a", "en": "b"}}
    child = {"rules": {"bury": {"count": None, "cards": item("any")}}, "name": {"en": "c"}}
    before = copy.deepcopy((parent, child))
    merge(parent, child)
    assert (parent, child) == before


def test_own_keys_are_not_inherited():
    parent = {"id": "huolong/base", "abstract": True, "game": "huolong", "extends": "x/y"}
    child = {"id": "huolong/kid", "extends": "huolong/base"}
    merged = merge_variant(parent, child)
    assert merged == {"id": "huolong/kid", "extends": "huolong/base", "abstract": False, "game": "huolong"}


def test_is_rule_item():
    assert is_rule_item(item(0)) and is_rule_item({"value": None})
    assert not is_rule_item({"count": item(0)}) and not is_rule_item([{"value": 1}])


def test_deletions_without_target():
    parent = {"rules": {"bury": {"count": item(6)}}}
    child = {"id": None, "rules": {"bury": {"count": None, "cards": None}, "stakes": None}}
    assert deletions_without_target(parent, child) == [("rules", "bury", "cards"), ("rules", "stakes")]
    assert deletions_without_target({}, {"rules": {"x": None}}) == [("rules", "x")]


# ------------------------------------------------------------------------------------- through the bundled data

def test_child_inherits_game_it_does_not_write():
    variant = load_variant("huolong/datong-guide")
    assert "game" not in variant.files[-1].data
    assert variant.data["game"] == "huolong" and variant.data["family"] == "trick_taking"


def test_abstract_is_not_inherited():
    assert load_variant("huolong/base").abstract is True
    assert load_variant("huolong/li-zhijiang").abstract is False


def test_source_variants_override_and_inherit():
    li = load_variant("huolong/li-zhijiang")
    guide = load_variant("huolong/datong-guide")
    # li-zhijiang 一.六.4: at most 40 points buried; datong-guide sets no limit (value null, not a deletion)
    assert li.rule("bury.max_points") == 40
    assert guide.rule("bury.max_points") is None
    # the base's rules reach both, with the base's provenance
    assert li.item("points.threshold") == guide.item("points.threshold")
    assert li.rule("points.threshold") == 120


def test_house_file_changes_only_what_it_says(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text(
        "id: huolong/test-house\nextends: huolong/li-zhijiang\nname: {zh: 甲, en: A}\nsummary: {zh: 甲, en: A}\n"
        "rules:\n  bottom:\n    multiplier:\n      value: 3\n      text: {zh: 三倍, en: Triple}\n"
        "      inferred: {reason: house}\n", encoding="utf-8")
    variant = load_file(house)
    parent = load_variant("huolong/li-zhijiang")
    assert variant.rule("bottom.multiplier") == 3
    assert variant.item("bottom.multiplier")["inferred"] == {"reason": "house"}
    assert variant.item("bottom.dig") == parent.item("bottom.dig")
    changed = [r for r in variant.rule_ids() if variant.item(r) != parent.item(r)]
    assert changed == ["bottom.multiplier"]
    assert variant.data["name"] == {"zh": "甲", "en": "A"}
