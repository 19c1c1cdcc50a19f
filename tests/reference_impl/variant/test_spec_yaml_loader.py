"""Strict YAML loading (datong_rules.reference_impl.variant.yaml_loader): positions, accepted inputs, refusals.

Every test runs with each parser (libyaml's and the pure-Python one, fixture ``yaml_parser``).
"""

from __future__ import annotations

import codecs

import pytest

from datong_rules.reference_impl.variant import SpecError
from datong_rules.reference_impl.variant.yaml_loader import MAX_DEPTH, load_yaml_bytes, load_yaml_text, read_yaml_file

pytestmark = pytest.mark.usefixtures("yaml_parser")


def load(text: str):
    return load_yaml_text(text, "t.yaml")


def refused(text: str | bytes) -> SpecError:
    with pytest.raises(SpecError) as info:
        if isinstance(text, bytes):
            load_yaml_bytes(text, "t.yaml")
        else:
            load(text)
    return info.value


def test_positions_of_keys_and_list_items_are_one_based():
    loaded = load("# comment\nid: x\nrules:\n  levels:\n    order: [a,\n      b]\n")
    assert loaded.positions[("id",)] == (2, 1)
    assert loaded.positions[("rules", "levels")] == (4, 3)
    assert loaded.positions[("rules", "levels", "order")] == (5, 5)
    assert loaded.positions[("rules", "levels", "order", 0)] == (5, 13)
    assert loaded.positions[("rules", "levels", "order", 1)] == (6, 7)


def test_columns_count_characters_not_bytes():
    loaded = load("name: {zh: 攉龙攉龙, en: Huolong}\n")
    assert loaded.positions[("name", "en")] == (1, 18)  # 26 if bytes were counted


def test_position_falls_back_to_the_nearest_ancestor():
    loaded = load("a:\n  b: 1\n")
    assert loaded.position(("a", "b", "c", 3)) == (2, 3)
    assert loaded.position(("zzz",)) == loaded.positions[()]


def test_crlf_line_endings_keep_line_numbers():
    loaded = load("a: 1\r\nb:\r\n  c: 2\r\n")
    assert loaded.data == {"a": 1, "b": {"c": 2}}
    assert loaded.positions[("b", "c")] == (3, 3)


def test_utf8_bom_is_accepted_and_positions_do_not_move():
    loaded = load_yaml_bytes(codecs.BOM_UTF8 + "a: 1\nb: 大王\n".encode(), "t.yaml")
    assert loaded.data == {"a": 1, "b": "大王"}
    assert loaded.positions[("a",)] == (1, 1)


def test_timestamps_stay_text_and_data_is_json_compatible():
    assert load("a: 2024-01-01\nb: 1.5\nc: null\nd: true\n").data == {"a": "2024-01-01", "b": 1.5, "c": None,
                                                                       "d": True}


def test_explicit_plain_tags_are_allowed():
    assert load("a: !!str 10\nb: !!int '3'\n").data == {"a": "10", "b": 3}


def test_duplicate_key_names_the_first_line():
    error = refused("a: 1\nb:\n  x: 1\n  z: 2\n  x: 3\n")
    assert (error.kind, error.line, error.column, error.rule_path) == ("duplicate_key", 5, 3, "b.x")
    assert "first at line 3" in error.message


def test_duplicate_key_inside_a_list_item():
    error = refused("rows:\n  - {name: a, name: b}\n")
    assert (error.kind, error.line, error.rule_path) == ("duplicate_key", 2, "rows[0].name")


@pytest.mark.parametrize("text, line", [
    ("a: &x 1\n", 1),
    ("a: 1\nb: *x\n", 2),  # an alias without its anchor is refused as an alias, not as a syntax error
    ("a:\n  - &x [1]\n", 2),
    ("a: !!set {x}\n", None),
])
def test_anchors_aliases_and_unusual_tags_are_refused(text, line):
    error = refused(text)
    assert error.kind in ("anchor_alias", "tag")
    if line is not None:
        assert error.line == line


def test_merge_key_without_anchor_is_refused():
    error = refused("a:\n  <<: {b: 1}\n")
    assert (error.kind, error.line) == ("anchor_alias", 2)


@pytest.mark.parametrize("key", ["5", "1.5", "yes", "no", "on", "null", "~", "true"])
def test_keys_that_are_not_text_are_refused(key):
    error = refused(f"a:\n  {key}: 1\n")
    assert (error.kind, error.line) == ("key_type", 2)
    assert f"'{key}'" in error.expected


def test_quoted_number_keys_are_fine():
    assert load("points: {'5': 5, \"10\": 10}\n").data == {"points": {"5": 5, "10": 10}}


def test_nesting_limit():
    ok = "a: " + "[" * (MAX_DEPTH - 2) + "]" * (MAX_DEPTH - 2) + "\n"  # the mapping and 'a' count as levels
    load(ok)
    error = refused("a: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n")
    assert (error.kind, error.line) == ("too_deep", 1)


def test_very_deep_nesting_is_refused_not_a_recursion_error():
    error = refused("a: " + "[" * 5000 + "]" * 5000 + "\n")
    assert error.kind == "too_deep"


def test_undecodable_byte_is_located_by_line_and_column():
    error = refused("a: 1\nname: 攉龙 caf".encode() + b"\xe9\n")
    assert (error.kind, error.line, error.column) == ("encoding", 2, 13)
    assert "0xE9" in error.message


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32"])
def test_utf16_and_utf32_are_named(encoding):
    error = refused("a: 1\n".encode(encoding))
    assert error.kind == "encoding" and encoding.upper() in error.message


def test_control_character_is_located():
    error = refused("a: 1\nb: 2\nc: x\x00y\n")
    assert (error.kind, error.line, error.column) == ("yaml_syntax", 3, 5)


def test_tab_indentation_gets_a_plain_message():
    error = refused("a:\n\tb: 1\n")
    assert error.kind == "yaml_syntax" and "tab" in error.message and error.line == 2


@pytest.mark.parametrize("text", ["", "\n\n", "# only\n# comments\n", "---\n", "--- # nothing\n"])
def test_no_document_is_empty(text):
    assert refused(text).kind == "empty"


@pytest.mark.parametrize("text", ["- a\n", "just text\n", "42\n"])
def test_top_must_be_a_mapping(text):
    error = refused(text)
    assert (error.kind, error.line) == ("not_mapping", 1)


def test_top_may_be_anything_when_not_required():
    assert load_yaml_text("- a\n", "t.yaml", require_mapping=False).data == ["a"]


def test_unreadable_path(tmp_path):
    with pytest.raises(SpecError) as info:
        read_yaml_file(tmp_path)
    assert info.value.kind == "unreadable"


def test_read_yaml_file_uses_the_display_name(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("a: [1\n", encoding="utf-8")
    with pytest.raises(SpecError) as info:
        read_yaml_file(path, display="shown.yaml")
    assert info.value.file == "shown.yaml"
    assert str(info.value).startswith("shown.yaml:2:1: ")


@pytest.mark.parametrize("text", ["a: !!int abc\n", "a: !!float x\n", "a: !!bool maybe\n"])
def test_tagged_text_that_is_no_such_value_is_refused_not_a_traceback(text):
    error = refused(text)
    assert (error.kind, error.line, error.column) == ("tag", 1, 4)
    assert "is not a valid !!" in error.message
