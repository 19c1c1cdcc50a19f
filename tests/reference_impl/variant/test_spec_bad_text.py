"""The strict YAML loader refuses text that cannot be shown or written safely (kind ``bad_text``), with each parser:
lone surrogates, control characters and bidi controls, raw or as double-quoted escapes, in keys and values."""

from __future__ import annotations

import pytest

from datong_rules.reference_impl.variant import SpecError
from datong_rules.reference_impl.variant.yaml_loader import load_yaml_text

pytestmark = pytest.mark.usefixtures("yaml_parser")


def refused(text: str) -> SpecError:
    with pytest.raises(SpecError) as info:
        load_yaml_text(text, "t.yaml")
    return info.value


@pytest.mark.parametrize("escape, code", [
    ("\\ud800", "U+D800"),          # a lone high surrogate
    ("\\udcff", "U+DCFF"),          # a lone low surrogate (what undecodable bytes become)
    ("\\ud83d\\ude00", "U+D83D"),   # a pair written as two \u escapes is still two surrogates in YAML
    ("\\e[2J", "U+001B"),            # ESC: a terminal escape sequence
    ("\\a", "U+0007"),               # BEL
    ("\\0", "U+0000"),               # NUL
    ("\\r", "U+000D"),
    ("\\x7f", "U+007F"),             # DEL
    ("\\x9b", "U+009B"),             # C1 CSI
    ("\\u202e", "U+202E"),           # right-to-left override
    ("\\u2066", "U+2066"),           # left-to-right isolate
])
def test_escaped_bad_characters_in_a_value_are_refused_where_they_are(escape, code):
    error = refused(f'id: x\nname:\n  en: "ab{escape}c"\n')
    assert error.kind == "bad_text"
    assert (error.line, error.column) == (3, 3) and error.rule_path == "name.en"
    assert code in error.message and "character 3" in error.message


def test_a_raw_bidi_override_in_a_plain_value_and_a_bad_key_are_refused():
    raw = refused("id: x\nnote: evil\u202eclub\n")
    assert (raw.kind, raw.line, raw.rule_path) == ("bad_text", 2, "note")
    key = refused('id: x\n"k\\u2069": 1\n')
    assert key.kind == "bad_text" and "key holds U+2069" in key.message


def test_a_bad_string_deep_in_a_list_is_found():
    error = refused('id: x\nrules:\n  a:\n    value: [ok, "x\\x1b"]\n')
    assert error.kind == "bad_text" and error.rule_path == "rules.a.value[1]" and error.line == 4


@pytest.mark.parametrize("text", [
    'id: x\nname: "tab\\there, line\\nthere, é \\u00e9 \\U0001F600 ☺ 攉龙"\n',
    "id: x\nnote: |\n  two\n  lines\n",
    "id: x\nnote: 'a \\ backslash in single quotes'\n",
])
def test_tab_newline_and_ordinary_unicode_are_accepted(text):
    assert load_yaml_text(text, "t.yaml").data["id"] == "x"
