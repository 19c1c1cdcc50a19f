"""A record whose claimed result differs from the rules' says where and how, in words, in every climbing game
(打墩 printed the rules' whole result as a Python dict; 憋蛋 said nothing but ``result_mismatch``)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.reference_impl import records


def _record(tmp_path, variant: str) -> dict:
    path = tmp_path / "match.json"
    played = CliRunner().invoke(cli, ["play", variant, "--hands", "1", "--seed", "4", "--record", str(path)])
    assert played.exit_code == 0, played.output
    return json.loads(path.read_text(encoding="utf-8"))


def _verify(tmp_path, record: dict) -> str:
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    out = CliRunner().invoke(cli, ["verify", str(path)])
    assert out.exit_code == 1, out.output
    return out.stdout.strip().removeprefix(f"{path}: ")


def test_dadun_names_each_wrong_key_of_the_result(tmp_path):
    record = _record(tmp_path, "dadun/dadun-guide")
    result = record["hands"][0]["result"]
    gain, first_level = result["gain"], result["levels"][0]
    result["gain"] = gain + 1
    result["levels"][0] = "K" if first_level != "K" else "Q"
    line = _verify(tmp_path, record)
    assert line == (f"hands[0]: result_mismatch (result.gain: the record says {gain + 1}, the rules give {gain}; "
                    f"result.levels[0]: the record says \"{result['levels'][0]}\", the rules give \"{first_level}\")")
    assert "{'" not in line


def test_biedan_names_the_wrong_key_and_shows_a_card_set_whole(tmp_path):
    record = _record(tmp_path, "biedan/biedan-guide")
    result = record["hands"][0]["result"]
    next_banker = result["next_banker"]
    result["next_banker"] = (next_banker + 1) % 3
    egg = sorted(result["egg"])
    result["egg"] = [*egg[:-1], "BJ" if egg[-1] != "BJ" else "LJ"]
    line = _verify(tmp_path, record)
    assert line.startswith(f"hands[0]: result_mismatch (result.next_banker: the record says {(next_banker + 1) % 3}, "
                           f"the rules give {next_banker}; result.egg: the record says [")
    assert line.endswith(f"the rules give {json.dumps(egg, separators=(', ', ': '))})")


def test_the_differences_are_listed_in_order_and_cut_after_three():
    claimed = {"a": 1, "b": [1, 2, 3], "c": {"d": "x"}, "e": 5, "f": 6}
    actual = {"a": 2, "b": [1, 9, 3], "c": {"d": "y"}, "e": 0, "g": 7}
    assert records.result_differences(claimed, actual) == (
        'result.a: the record says 1, the rules give 2; result.b[1]: the record says 2, the rules give 9; '
        'result.c.d: the record says "x", the rules give "y"; and 3 more')
    assert records.result_differences({"a": [1]}, {"a": [1, 2]}, limit=5) == (
        "result.a: the record says [1], the rules give [1, 2]")
    assert records.result_differences({"a": 1}, {"a": 1.0}) == "result.a: the record says 1, the rules give 1.0"
    assert records.result_differences({"a": 1}, {"a": 1}) == ""
