"""Plain values YAML 1.1 and YAML 1.2 read differently are refused, located, naming both readings and how to quote.

Expected readings come from the YAML 1.1 type repository (yaml.org/type: bool, int, float, null, merge, value) and
the YAML 1.2.2 core schema (section 10.3.2), worked by hand; the corpus files ``malformed/yaml11-*.yaml`` and
``malformed/not-json-*.yaml`` check the same through ``validate``.
"""

from __future__ import annotations

import pytest

from datong_rules.reference_impl.variant import SpecError
from datong_rules.reference_impl.variant.yaml_loader import load_yaml_text
from datong_rules.reference_impl.variant.yaml_versions import conflict, read_yaml11, read_yaml12

# text, YAML 1.1 reading, YAML 1.2 reading
DIFFERENT = [
    ("010", 8, 10), ("-010", -8, -10), ("0o10", "0o10", 8), ("09", "09", 9),
    ("yes", True, "yes"), ("No", False, "No"), ("ON", True, "ON"), ("off", False, "off"),
    ("y", True, "y"), ("Y", True, "Y"), ("n", False, "n"), ("N", False, "N"),
    ("1:30", 90, "1:30"), ("-1:00:00", -3600, "-1:00:00"), ("1:30.5", 90.5, "1:30.5"),
    ("0b101", 5, "0b101"), ("-0x1F", -31, "-0x1F"), ("0x_1F", 31, "0x_1F"),
    ("1_000", 1000, "1_000"), ("1_0.5", 10.5, "1_0.5"),
    ("1e3", "1e3", 1000.0), ("1.5e3", "1.5e3", 1500.0), ("-.5", "-.5", -0.5), ("+.5", "+.5", 0.5),
]
SAME = ["10", "-3", "+7", "0", "007", "0x1F", "1.5", "1.", ".5", "1.0e+3", "true", "False", "null", "~", "",
        "2024-01-01", "hello", "Norway", "nan", "inf", "J", "10:00 am", "yes please", "on_failure"]


@pytest.mark.parametrize(("text", "old", "new"), DIFFERENT, ids=[row[0] for row in DIFFERENT])
def test_the_two_readings_by_hand(text, old, new):
    assert (read_yaml11(text), read_yaml12(text)) == (old, new)
    assert type(read_yaml11(text)) is type(old) and type(read_yaml12(text)) is type(new)
    found = conflict(text)
    assert found is not None and found.kind == "yaml_version"
    assert "YAML 1.1" in found.message and "YAML 1.2" in found.message
    assert f"'{text}' in quotes" in found.advice


@pytest.mark.parametrize("text", SAME)
def test_values_both_versions_read_alike_are_accepted(text):
    assert conflict(text) is None


@pytest.mark.parametrize("text", ["yEs", "oN", "nO", "OfF"])
def test_yes_no_on_off_in_any_case_are_refused(text):
    found = conflict(text)
    assert found is not None and "ignore case" in found.message


@pytest.mark.parametrize("text", ["=", "<<"])
def test_value_and_merge_keys_as_values_are_refused(text):
    assert conflict(text).kind == "yaml_version"


@pytest.mark.parametrize("text", [".inf", "-.Inf", "+.INF", ".nan", ".NaN", ".NAN"])
def test_infinity_and_not_a_number_are_refused_as_not_json(text):
    assert conflict(text).kind == "not_json"


def refused(text: str) -> SpecError:
    with pytest.raises(SpecError) as info:
        load_yaml_text(text, "house.yaml")
    return info.value


def test_multiplier_010_is_a_located_error_naming_both_readings(yaml_parser):
    error = refused("rules:\n  bottom:\n    multiplier:\n      value: 010\n")
    assert (error.kind, error.line, error.column) == ("yaml_version", 4, 14)
    assert error.rule_path == "rules.bottom.multiplier.value"
    assert "the number 8 in YAML 1.1" in error.message and "the number 10 in YAML 1.2" in error.message
    assert "'010' in quotes" in error.expected and "10 (plain decimal)" in error.expected
    assert error.format().startswith("house.yaml:4:14: rules.bottom.multiplier.value: ")


def test_value_yes_is_a_located_error(yaml_parser):
    error = refused("a: 1\nvalue: yes\n")
    assert (error.kind, error.line, error.column) == ("yaml_version", 2, 8)
    assert "the boolean true in YAML 1.1" in error.message and "the text 'yes' in YAML 1.2" in error.message
    assert "true or false" in error.expected


@pytest.mark.parametrize(("text", "line", "column"), [
    ("a: [J, 1:30]\n", 1, 8), ("a:\n  - x\n  - 0o10\n", 3, 5), ("a: {b: on}\n", 1, 8), ("a:\n  y: 1\n", 2, 3),
    ("0o10: 1\n", 1, 1), ("a: =\n", 1, 4), ("a: [<<]\n", 1, 5),
])
def test_anywhere_in_the_file(text, line, column, yaml_parser):
    error = refused(text)
    assert (error.kind, error.line, error.column) == ("yaml_version", line, column)


def test_quoted_or_explicitly_tagged_text_is_accepted(yaml_parser):
    text = "a: '010'\nb: \"yes\"\nc: !!str on\nd: ! y\n'n': 1\ne: [\"1:30\", '=']\nf: 10\ng: true\n"
    assert load_yaml_text(text, "house.yaml").data == {
        "a": "010", "b": "yes", "c": "on", "d": "y", "n": 1, "e": ["1:30", "="], "f": 10, "g": True}


def test_block_scalars_are_text(yaml_parser):
    assert load_yaml_text("a: |\n  010\nb: >\n  yes\n", "house.yaml").data == {"a": "010\n", "b": "yes\n"}
