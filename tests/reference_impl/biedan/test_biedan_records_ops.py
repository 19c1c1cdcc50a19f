"""Records replay (seeds 1-5, both bots), refusals with their codes, operation bad input, and the CLI."""

from __future__ import annotations

import io
import json
import random

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.reference_impl import records as envelope
from datong_rules.reference_impl.biedan import records
from datong_rules.reference_impl.biedan.bots import make_bots
from datong_rules.reference_impl.biedan.ops import OPS
from datong_rules.reference_impl.biedan.state import Match

GUIDE = "biedan/biedan-guide"


def session(seed: int, kind: str = "random") -> Match:
    match = Match(GUIDE, seed)
    match.play(make_bots(kind, random.Random(seed)))
    return match


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_sessions_replay(seed, kind):
    record = json.loads(envelope.dumps(envelope.match_record(session(seed, kind))))
    envelope.validate(record)
    assert records.replay(record).answer() == {"accepted": True}
    assert envelope.verify(record).accepted
    assert OPS["replay"](GUIDE, {"record": record}) == {"accepted": True}


def _dealt(hand: dict, seat: int) -> list[str]:
    """The cards ``seat`` was dealt in a hand record (biedan-guide: 3 seats, the first drawer seat 0 or the banker)."""
    first = 0 if hand["banker"] is None else hand["banker"]
    return [c for i, c in enumerate(hand["pack"]) if (first + i) % 3 == seat]


def test_replay_refusals():
    record = json.loads(envelope.dumps(envelope.match_record(session(1))))
    hand = record["hands"][0]
    plays = [i for i, a in enumerate(hand["actions"]) if a["type"] == "play"]
    bad = json.loads(json.dumps(record))
    bad["hands"][0]["actions"][plays[0]]["cards"] = ["XX"]
    assert records.replay(bad).reason == "bad_action"  # not a card token
    bad = json.loads(json.dumps(record))
    first = bad["hands"][0]["actions"][plays[0]]
    held_by_other = next(c for c in bad["hands"][0]["pack"] if c not in first["cards"]
                         and c not in _dealt(bad["hands"][0], first["seat"]))
    first["cards"] = [held_by_other]
    assert records.replay(bad).reason == "not_in_hand"
    bad = json.loads(json.dumps(record))
    bad["hands"][0]["actions"][0]["seat"] = (hand["actions"][0]["seat"] + 1) % 3
    seat = bad["hands"][0]["actions"][0]["seat"]
    assert records.replay(bad).answer() == {"accepted": False, "index": 0, "seat": seat, "reason": "out_of_turn",
                                            "hand": 0}
    bad = json.loads(json.dumps(record))
    bad["hands"][0]["pack"][0] = bad["hands"][0]["pack"][1]
    assert records.replay(bad).reason == "bad_pack"
    bad = json.loads(json.dumps(record))
    bad["hands"][1]["banker"] = (bad["hands"][1]["banker"] + 1) % 3
    assert records.replay(bad).answer() == {"accepted": False, "index": None, "seat": None, "reason": "wrong_banker",
                                   "hand": 1}
    bad = json.loads(json.dumps(record))
    del bad["hands"][0]["actions"][-1]
    assert records.replay(bad).reason in ("incomplete", "result_mismatch")
    bad = json.loads(json.dumps(record))
    bad["hands"][0]["result"]["next_banker"] = (bad["hands"][0]["result"]["next_banker"] + 1) % 3
    assert records.replay(bad).reason == "result_mismatch"


@pytest.mark.parametrize("op, given, words", [
    ("classify", {"cards": ["S3", "S3"]}, "given twice"),
    ("classify", {"cards": ["Z9"]}, r"given\.cards\[0\]: bad card"),
    ("classify", {}, "given.cards: missing"),
    ("beats", {"table": ["S3", "S5"], "play": ["S6"]}, "not a combination"),
    ("legal_play", {"hand": ["S3"], "table": None, "play": ["S3"], "passed": "yes"}, "true or false"),
    ("first_banker", {"hands": [["S3"], ["S4"], ["S5"]]}, "nobody holds H3"),
    ("settle", {"banker": 3, "out": [0, 1]}, "seat 0-2"),
    ("exchange", {"places": {"first": 0, "second": 0, "third": 2}, "banker": 0, "hands": [[], [], []], "egg": []},
     "three different seats"),
])
def test_bad_input_is_one_line(op, given, words):
    with pytest.raises(ValueError, match=words) as info:
        OPS[op](GUIDE, given)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("hand, table, play, reason", [
    (["S3"], None, "pass", "must_lead"),
    (["S3"], ["S4"], "pass", None),
    (["S3"], None, [], "empty_play"),
    (["S3"], None, ["S4"], "not_in_hand"),
    (["S3", "S4"], None, ["S3", "S4"], "not_a_combination"),
    (["S5", "H5"], ["S4"], ["S5", "H5"], "wrong_type"),
    (["S5", "H6", "D7", "C8"], ["S3", "H4", "D5"], ["S5", "H6", "D7", "C8"], "wrong_count"),
    (["S4"], ["H4"], ["S4"], "not_higher"),
])
def test_legal_play_codes(hand, table, play, reason):
    answer = OPS["legal_play"](GUIDE, {"hand": hand, "table": table, "play": play})
    assert answer == ({"legal": True} if reason is None else {"legal": False, "reason": reason})


def test_legal_play_count():
    """Hand S3 H3 S4 H4 S5 leading: singles 5; pairs S3H3, S4H4; straights 3-4-5: 2×2×1 = 4; pair run 3344: 1."""
    answer = OPS["legal_play_count"](GUIDE, {"hand": ["S3", "H3", "S4", "H4", "S5"], "table": None})
    assert answer == {"count": 12, "plays": 12, "pass": False}
    answer = OPS["legal_play_count"](GUIDE, {"hand": ["S3", "H3", "S4", "H4", "S5"], "table": ["D3"]})
    assert answer == {"count": 4, "plays": 3, "pass": True}


def test_cli_play_and_verify(tmp_path):
    runner = CliRunner()
    for seed in range(1, 6):
        path = tmp_path / f"s{seed}.json"
        result = runner.invoke(cli, ["play", GUIDE, "--seed", str(seed), "--record", str(path)])
        assert result.exit_code == 0, result.output
        assert "── hand 1 · banker seat" in result.output and "Bank: seat" in result.output
        verified = runner.invoke(cli, ["verify", str(path)])
        assert verified.exit_code == 0 and "OK (match, 6 deals)" in verified.output
    record = json.loads((tmp_path / "s1.json").read_text())
    record["hands"][0]["actions"][0]["seat"] = (record["hands"][0]["actions"][0]["seat"] + 1) % 3
    (tmp_path / "bad.json").write_text(json.dumps(record))
    refused = runner.invoke(cli, ["verify", str(tmp_path / "bad.json")])
    assert refused.exit_code == 1 and "hands[0] action 0" in refused.output and "out_of_turn" in refused.output


def _schema():
    from datong_rules.reference_impl.paths import schema_path

    return json.loads(schema_path("games/biedan/operations.schema.json").read_text(encoding="utf-8"))


def test_every_operation_is_documented_in_both_languages_and_has_both_schemas():
    import re
    from pathlib import Path

    folder = Path(__file__).resolve().parents[3] / "docs" / "implementers"
    for page in ("biedan-operations.md", "biedan-operations.en.md"):  # the 中文 page and its English twin
        documented = re.findall(r"^## `(\w+)`$", (folder / page).read_text(encoding="utf-8"), flags=re.M)
        assert sorted(documented) == sorted(OPS), page
    defs = _schema()["$defs"]
    assert all(f"{op}.given" in defs and f"{op}.answer" in defs for op in OPS)


@pytest.mark.parametrize("op, given", [
    ("facts", {}),
    ("card_order", {"cards": ["D3", "BJ", "S2", "H3", "CA"]}),
    ("classify", {"cards": ["S5", "S6", "S7"]}),
    ("classify", {"cards": ["SK", "HA", "D2"]}),
    ("beats", {"table": ["S5", "H6", "D7"], "play": ["C5", "C6", "C7"]}),
    ("beats", {"table": ["S5"], "play": ["S6", "H6"]}),
    ("legal_play", {"hand": ["S3"], "table": None, "play": "pass"}),
    ("legal_play_count", {"hand": ["S3", "H3", "S4"], "table": None}),
    ("round", {"hand_sizes": [1, 5, 5], "leader": 0, "actions": [{"type": "play", "seat": 0, "cards": ["S3"]}]}),
    ("egg", {"hand": ["S3", "S4", "S5", "S6"], "egg": ["S3", "S4", "S5"]}),
    ("first_banker", {"hands": [["H3"], ["S3"], ["D3"]]}),
    ("first_leader", {"hands": [["H3"], ["S3"], ["D3"]]}),
    ("exchange", {"places": {"first": 0, "second": 1, "third": 2}, "banker": 0,
                  "hands": [[], [], ["SA", "HA", "D5", "C9"]], "egg": ["S3", "H4", "D6"]}),
    ("settle", {"banker": 0, "out": [1, 2]}),
])
def test_given_and_answer_match_the_schemas(op, given):
    from datong_rules.reference_impl.schema_validator import SchemaValidator

    schema = _schema()

    def check(part, value):
        validator = SchemaValidator({"$schema": schema["$schema"], "$defs": schema["$defs"],
                                     "$ref": f"#/$defs/{op}.{part}"})
        assert list(validator.iter_errors(value)) == [], (op, part, value)

    check("given", given)
    check("answer", OPS[op](GUIDE, given))


def test_replay_answer_matches_the_schema():
    from datong_rules.reference_impl.schema_validator import SchemaValidator

    schema = _schema()
    record = json.loads(envelope.dumps(envelope.match_record(session(2))))
    record["hands"][0]["actions"][0]["seat"] = (record["hands"][0]["actions"][0]["seat"] + 1) % 3
    answer = OPS["replay"](GUIDE, {"record": record})
    validator = SchemaValidator({"$schema": schema["$schema"], "$defs": schema["$defs"],
                                 "$ref": "#/$defs/replay.answer"})
    assert answer["accepted"] is False and list(validator.iter_errors(answer)) == []


def test_settle_given_out_naming_one_seat_twice_breaks_the_schema_and_is_refused_as_bad_input():
    # A seat that has gone out plays no more, so the first and second out are two seats: the schema says so
    # (uniqueItems, as 打墩's finish), and the reference still refuses it as bad input, in process and served.
    from datong_rules.conformance.adapters.base import BadInput
    from datong_rules.conformance.adapters.reference import ReferenceImplementation
    from datong_rules.conformance.serve import Server, serve_lines
    from datong_rules.reference_impl.schema_validator import SchemaValidator

    schema = _schema()
    validator = SchemaValidator({"$schema": schema["$schema"], "$defs": schema["$defs"],
                                 "$ref": "#/$defs/settle.given"})
    assert [e.validator for e in validator.iter_errors({"banker": 0, "out": [1, 1]})] == ["uniqueItems"]
    assert list(validator.iter_errors({"banker": 0, "out": [1, 2]})) == []
    with pytest.raises(ValueError, match="the same seat twice"):  # the code's own check stays
        OPS["settle"](GUIDE, {"banker": 0, "out": [1, 1]})
    engine = ReferenceImplementation()
    engine.start()
    with pytest.raises(BadInput):
        engine.answer("biedan/biedan-guide", "settle", {"banker": 0, "out": [1, 1]})
    query = {"type": "query", "id": "q", "variant": "biedan/biedan-guide", "op": "settle",
             "given": {"banker": 0, "out": [1, 1]}}
    lines = [{"type": "start", "protocol": 3}, query, {"type": "stop"}]
    out = io.BytesIO()
    serve_lines(Server(ReferenceImplementation()), io.BytesIO("".join(json.dumps(m) + "\n" for m in lines).encode()),
                out, io.StringIO())
    reply = [json.loads(line) for line in out.getvalue().decode().splitlines()][1]
    assert (reply["type"], reply.get("bad_input")) == ("errored", True), reply
