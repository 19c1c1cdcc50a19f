"""A value that fits none of a ``oneOf``'s forms is described by the form it was meant for, in words.

jsonschema's own text for it ("{'name': 'single', 'shape': 'same_rank', 'size': 0} is not valid under any of the
given schemas") named neither the key nor the fix.
"""

from __future__ import annotations

import pytest

from datong_rules.reference_impl.variant import check_file

from house_file_support import house_file, rule_copy


@pytest.mark.parametrize("variant_id", ["huolong/li-zhijiang", "dadun/dadun-guide", "biedan/biedan-guide"])
def test_a_catalogue_entry_of_size_0_is_named_with_its_key_and_the_bound(tmp_path, variant_id):
    catalogue = rule_copy(variant_id, "combinations.catalogue")
    assert catalogue[0]["name"] == "single" and catalogue[0]["size"] == 1  # the sources' single card
    catalogue[0]["size"] = 0
    [problem] = check_file(house_file(tmp_path, variant_id, "combinations.catalogue", catalogue))
    assert (problem.kind, problem.rule_path) == ("bad_value", "rules.combinations.catalogue.value[0].size")
    assert (problem.message, problem.expected) == ("0 is out of range", "a whole number ≥ 1")
    assert "\n" not in str(problem) and "valid under" not in str(problem)


def test_a_catalogue_entry_with_a_key_of_another_shape_names_that_key(tmp_path):
    catalogue = rule_copy("biedan/biedan-guide", "combinations.catalogue")
    catalogue[0]["min_length"] = 3  # a key of the sequence shape, in a same_rank entry
    [problem] = check_file(house_file(tmp_path, "biedan/biedan-guide", "combinations.catalogue", catalogue))
    assert (problem.kind, problem.rule_path) == ("unknown_key", "rules.combinations.catalogue.value[0].min_length")


def test_a_form_told_apart_by_its_keys_is_described_by_those_keys(tmp_path):
    levels = rule_copy("dadun/dadun-guide", "settlement.levels")
    assert set(levels) == {"winners", "winners_if_losers_below", "invalid_below"}
    levels["invalid_below"] = -1
    [problem] = check_file(house_file(tmp_path, "dadun/dadun-guide", "settlement.levels", levels))
    assert (problem.rule_path, problem.message, problem.expected) == (
        "rules.settlement.levels.value.invalid_below", "-1 is out of range", "a whole number ≥ 0")


@pytest.mark.parametrize(("value", "where", "message", "expected"), [
    # a list meant as the list form, not as the name none: the entry's field, on its own line
    ([{"name": "triple_with_single", "main": "triple", "attach": "single", "per_rank": 1},
      {"name": "triple_with_pair", "main": "triple", "attach": "triple", "per_rank": 1}],
     "value[1].attach", "'triple' is not an allowed value", "one of: single, pair"),
    ([{"name": "triple_with_single", "main": "triple", "attach": "single", "per_rank": 3}],
     "value[0].per_rank", "3 is out of range", "a whole number ≤ 2"),
    (3, "value", "found the number 3", "none or a list"),
])
def test_a_list_or_the_name_none_is_described_by_the_form_it_was_meant_for(tmp_path, value, where, message, expected):
    """combinations.attachments: none, or a list of entries. A list is not the name none: its complaints are those
    of the list form (the entry's field); a value of neither kind names both."""
    [problem] = check_file(house_file(tmp_path, "biedan/biedan-guide", "combinations.attachments", value))
    assert (problem.rule_path, problem.message, problem.expected) == (
        f"rules.combinations.attachments.{where}", message, expected)


@pytest.mark.parametrize(("value", "message", "expected"), [
    (0, "0 is not allowed here", "anything but 0"),
    ([1], "found a list", "none or a whole number -1000–1000"),
    ("nonee", "'nonee' is not allowed here", "none"),
])
def test_a_name_or_a_number_is_described_in_words(tmp_path, value, message, expected):
    """match.target: none, or a whole number other than 0."""
    [problem] = check_file(house_file(tmp_path, "biedan/biedan-guide", "match.target", value))
    assert (problem.rule_path, problem.message, problem.expected) == ("rules.match.target.value", message, expected)
