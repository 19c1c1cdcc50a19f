"""The record envelope (reference_impl/records.py): the game named in a record chooses its body schema and replay."""

from __future__ import annotations

import pytest

from datong_rules.reference_impl import records


def test_a_record_of_an_unknown_game_is_refused_in_one_line():
    record = {"record": "hand", "kit": "0.1.0", "game": "nogame", "variant": "nogame/x", "seed": None}
    with pytest.raises(records.RecordError, match=r"^not a valid record at game: unknown game 'nogame' \(expected "
                                                  r"one of: biedan, dadun, huolong\)$"):
        records.validate(record)


def test_the_envelope_says_what_is_missing_when_the_game_is_not_named():
    with pytest.raises(records.RecordError, match="missing key.*'game'"):
        records.validate({"record": "hand", "kit": "0.1.0", "variant": "huolong/li-zhijiang"})


def test_a_record_whose_variant_is_of_another_game_is_refused(tmp_path):
    import random

    from datong_rules.reference_impl import games

    huolong = games.get("huolong")
    rules = huolong.rules_for("huolong/li-zhijiang")
    state = huolong.state.new_hand(rules, random.Random(1))
    record = records.hand_record(state)
    assert record["game"] == "huolong" and records.verify(record).accepted is False  # unfinished: missing actions
    record["variant"] = "other/li-zhijiang"
    with pytest.raises(records.RecordError, match="the record is of game 'huolong' but names the variant"):
        records.verify(record)
