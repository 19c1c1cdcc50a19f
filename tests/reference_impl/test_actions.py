"""The shared action notation (reference_impl/actions.py) and its schema (common.schema.json#/$defs/action) agree."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from datong_rules.reference_impl.actions import ActionError, read_action, stands_for
from datong_rules.reference_impl.paths import schema_path

COMMON = json.loads(schema_path("common.schema.json").read_text(encoding="utf-8"))
SCHEMA = Draft202012Validator({"$defs": COMMON["$defs"], "$ref": "#/$defs/action"})

GOOD = [
    {"type": "pass", "seat": 2},
    {"type": "play", "seat": 0, "cards": ["S7", "BJ"]},
    {"type": "play", "seat": 0, "cards": ["S7", "BJ"], "reading": {"combination": "pair", "cards": ["S7", "H7"]}},
    {"type": "bury", "seat": 1, "cards": ["H3", "H4", "H5"]},
    {"type": "give", "seat": 2, "to": 0, "cards": ["SA"]},
]
BAD = [
    ({"type": "jump", "seat": 0}, "type: expected one of"),
    ({"type": "pass", "seat": 9}, "seat: expected a seat 0–3"),
    ({"type": "pass", "seat": 0, "cards": []}, "unknown key 'cards' in a pass"),
    ({"type": "play", "seat": 0, "cards": []}, "cards: expected a non-empty list"),
    ({"type": "play", "seat": 0, "cards": ["S1"]}, "cards: "),
    ({"type": "play", "seat": 0, "cards": ["S7", "BJ"], "reading": {"combination": "pair", "cards": ["S7"]}},
     "reading.cards: 1 cards for a play of 2"),
    ({"type": "give", "seat": 0, "to": 0, "cards": ["SA"]}, "to: a seat gives to another seat"),
]


@pytest.mark.parametrize("action", GOOD)
def test_shared_actions_read_and_match_the_schema(action):
    assert read_action(action, 4) == action
    assert not list(SCHEMA.iter_errors(action))


@pytest.mark.parametrize("action, message", BAD)
def test_bad_actions_are_one_line_errors(action, message):
    with pytest.raises(ActionError, match="^" + message.replace("(", r"\(")):
        read_action(action, 4)


def test_cards_are_read_in_the_notation_and_a_reading_pairs_with_them():
    action = read_action({"type": "play", "seat": 1, "cards": ["♠7", "大王"],
                          "reading": {"combination": "pair", "cards": ["s7", "♥7"]}}, 3)
    assert action["cards"] == ["S7", "BJ"] and stands_for(action) == [("S7", "S7"), ("BJ", "H7")]


@pytest.mark.parametrize("action, message", [
    ({"type": "play", "seat": 0, "cards": ["S7"], "to": 1}, "unknown key 'to' in a play"),
    ({"type": "pass", "seat": 0, "to": 1}, "unknown key 'to' in a pass"),
    ({"type": "play", "seat": True, "cards": ["S7"]}, "seat: expected a seat 0–3, got True"),
    ({"type": "pass", "seat": -1}, "seat: expected a seat 0–3, got -1"),
    ({"type": "play", "seat": 0, "cards": [["S7"]]}, "cards: "),
    ({"type": "play", "seat": 0, "cards": ("S7",)}, "cards: expected a non-empty list of cards, got ('S7',)"),
    ({"type": "play", "seat": 0}, "cards: expected a non-empty list of cards, got None"),
])
def test_a_play_or_pass_close_to_the_common_shape_is_refused_as_before(action, message):
    """A pass and a play in canonical tokens are read at once (the common case); one that is not quite that shape is
    refused with the same message as any other."""
    with pytest.raises(ActionError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        read_action(action, 4)


def test_the_common_shape_is_read_to_a_copy_and_other_spellings_to_canonical_tokens():
    cards = ["S7", "BJ"]
    action = {"type": "play", "seat": 3, "cards": cards}
    read = read_action(action, 4)
    assert read == action and read["cards"] is not cards
    assert read_action({"type": "play", "seat": 3, "cards": ["♠7"]}, 4)["cards"] == ["S7"]

    class Action(dict):
        pass
    assert read_action(Action(type="pass", seat=1), 4) == {"type": "pass", "seat": 1}
