"""Record files and the commands around them, as a newcomer broke them: reading a record (size, nesting, numbers,
duplicate keys, byte order mark, not a regular file), schema errors that name the real field, one line per bad file
in ``verify`` with the other files still checked, and ``play`` with a house variant file, an unwritable record path
and a closed standard output."""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.reference_impl import records
from datong_rules.reference_impl.huolong.bots import make_bots
from datong_rules.reference_impl.huolong.match import Match

from lifecycle_helpers import LI

HOUSE = Path(__file__).resolve().parents[1] / "variant" / "fixtures" / "house-club.yaml"  # id huolong/example-club


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.fixture(scope="module")
def match_record() -> dict:
    match = Match(LI, 5)
    match.play(make_bots("random", random.Random(5)), hands=2)
    return records.match_record(match)


def write(tmp_path: Path, name: str, data) -> Path:
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def refusal(record) -> str:
    with pytest.raises(records.RecordError) as err:
        records.validate(record)
    return str(err.value)


# ------------------------------------------------------------------ schema errors name the real field
def test_a_match_record_with_a_bad_variant_names_the_variant(match_record):
    bad = {**match_record, "variant": "../../etc/passwd"}
    assert refusal(bad).startswith("not a valid record at variant: '../../etc/passwd' does not have the required form "
                                   "(expected a variant id <game>/<name>")


def test_a_bad_seed_is_named_with_the_type_wanted(match_record):
    assert refusal({**match_record, "seed": "abc"}) == (
        "not a valid record at seed: found the text 'abc' (expected a whole number or null)")


def test_an_extra_top_level_key_is_an_unknown_key(match_record):
    message = refusal({**match_record, "extra_top": 1})
    assert message.startswith("not a valid record at extra_top: unknown key 'extra_top' (expected one of: record, kit,")


def test_an_unknown_record_kind_lists_the_kinds(match_record):
    assert refusal({**match_record, "record": "game"}) == (
        "not a valid record at record: 'game' is not an allowed value (expected one of: hand, match)")


def test_a_seat_or_null_field_reports_the_seat_branch(match_record):
    bad = copy.deepcopy(match_record)
    bad["hands"][1]["banker"] = 7
    assert refusal(bad) == "not a valid record at hands[1].banker: 7 is out of range (expected a whole number ≤ 3)"


def test_an_error_deep_in_a_large_record_is_found_quickly_and_placed_exactly(match_record):
    """jsonschema alone took about 0.05 s per hand to find an error; the cut-down copy must keep the place."""
    big = copy.deepcopy(match_record)
    big["hands"] = [copy.deepcopy(big["hands"][i % 2]) for i in range(300)]
    big["hands"][297]["actions"][40]["cards"] = ["H10", "XX"]
    big["hands"][298]["pack"][3] = "ZZ"
    started = time.perf_counter()
    message = refusal(big)
    assert time.perf_counter() - started < 5  # was over 15 s
    assert message.startswith("not a valid record at hands[297].actions[40].cards[1]: 'XX' does not have") or \
        message.startswith("not a valid record at hands[298].pack[3]: 'ZZ' does not have")


def test_narrowing_keeps_the_element_on_the_error_path():
    record = {"a": list(range(20)), "b": [{"c": list(range(30))} for _ in range(12)]}
    kept: dict = {}
    narrowed = records._narrow(record, ("b", 10, "c", 25), (), kept)
    assert narrowed == {"a": [0], "b": [{"c": [25]}]}
    assert records._original_path(("b", 0, "c", 0), kept) == ("b", 10, "c", 25)
    assert records._original_path(("a", 0), kept) == ("a", 0)


# ------------------------------------------------------------------ reading a record file
def test_a_byte_order_mark_is_accepted(tmp_path, match_record):
    path = write(tmp_path, "bom.json", b"\xef\xbb\xbf" + json.dumps(match_record).encode())
    assert records.load(path) == match_record


@pytest.mark.parametrize(("text", "message"), [
    ('{"record": "hand", "record": "match"}', "bad JSON: duplicate key 'record' in an object (expected each key once)"),
    ('{"seed": NaN}', "bad JSON: NaN is not a JSON number (expected a whole number)"),
    ('{"seed": ' + "9" * 5000 + "}", "bad JSON: a number of 5000 digits (expected at most 1000 digits)"),
    ("[" * 100000 + "]" * 100000, "nesting deeper than 64 levels (expected at most 64 levels of arrays and objects)"),
    ("[" * 70 + "]" * 70, "nesting deeper than 64 levels (expected at most 64 levels of arrays and objects)"),
])
def test_json_that_python_would_accept_or_crash_on_is_one_clear_error(tmp_path, text, message):
    with pytest.raises(records.RecordError) as err:
        records.load(write(tmp_path, "r.json", text))
    assert str(err.value) == message


def test_a_record_over_the_size_limit_is_refused_before_reading(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(records.MAX_RECORD_BYTES + 1)  # sparse: nothing is written, nothing should be read
    with pytest.raises(records.RecordError) as err:
        records.load(path)
    assert str(err.value) == f"the file is too large ({records.MAX_RECORD_BYTES + 1:,} bytes) (expected at most 8 MiB)"


def test_the_size_limit_leaves_room_for_the_longest_match_play_allows(match_record):
    """About 15 KB per hand (a measured 2-hand match here); play's default cap is 500 hands."""
    per_hand = len(records.dumps(match_record)) / len(match_record["hands"])
    assert 500 * per_hand < records.MAX_RECORD_BYTES


def test_a_missing_file_is_named_once(tmp_path):
    path = tmp_path / "gone.json"
    out = run("verify", str(path))
    assert out.exit_code == 2
    assert out.stderr == f"error: {path}: cannot read the file: No such file or directory\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_or_a_folder_is_refused_at_once(tmp_path):
    os.mkfifo(tmp_path / "fifo.json")
    out = run("verify", str(tmp_path / "fifo.json"), str(tmp_path))
    assert out.exit_code == 2
    assert out.stderr.splitlines() == [
        f"error: {tmp_path / 'fifo.json'}: it is not a regular file (a FIFO, a device or a socket)",
        f"error: {tmp_path}: it is a folder, not a file"]


# ------------------------------------------------------------------ verify: one line per bad file, then the others
def test_verify_reports_each_bad_file_and_checks_the_rest(tmp_path, match_record):
    hands = [{**hand, "variant": "huolong/nope"} for hand in match_record["hands"]]
    unknown = write(tmp_path, "variant.json", {**match_record, "variant": "huolong/nope", "hands": hands})
    deep = write(tmp_path, "deep.json", "[" * 200000 + "]" * 200000)
    bigint = write(tmp_path, "bigint.json", json.dumps(match_record).replace('"seed": 5', '"seed": ' + "9" * 5000))
    good = write(tmp_path, "good.json", match_record)
    out = run("verify", str(unknown), str(deep), str(bigint), str(good))
    assert out.exit_code == 2
    errors = out.stderr.splitlines()
    assert len(errors) == 3
    assert errors[0] == (f"error: {unknown}: unknown variant 'huolong/nope' (known: biedan/biedan-guide, "
                         "dadun/dadun-guide, huolong/datong-guide, huolong/li-zhijiang, huolong/online-platform; for a house variant, give its file with "
                         "--variant)")
    assert errors[1].startswith(f"error: {deep}: nesting deeper than 64 levels")
    assert errors[2].startswith(f"error: {bigint}: bad JSON: a number of 5000 digits")
    assert out.stdout == f"{good}: OK (match, 2 deals)\n"


# ------------------------------------------------------------------ play
def test_play_takes_a_house_variant_file_and_verify_takes_it_back(tmp_path):
    path = tmp_path / "club.json"
    out = run("play", str(HOUSE), "--seed", "3", "--hands", "1", "--record", str(path))
    assert out.exit_code == 0, out.output
    assert "(huolong/example-club) · seed 3" in out.stdout.splitlines()[0]
    assert json.loads(path.read_text(encoding="utf-8"))["variant"] == "huolong/example-club"
    alone = run("verify", str(path))
    assert alone.exit_code == 2 and "unknown variant 'huolong/example-club'" in alone.stderr
    told = run("verify", "--variant", str(HOUSE), str(path))
    assert told.exit_code == 0 and told.stdout == f"{path}: OK (match, 1 deal)\n"


def test_verify_refuses_a_record_of_another_variant_than_the_one_given(tmp_path):
    """`verify --variant` used to verify a record of another variant, or game, by the record's own variant: "OK"."""
    biedan = tmp_path / "biedan.json"
    assert run("play", "biedan/biedan-guide", "--hands", "1", "--record", str(biedan)).exit_code == 0
    for given, games in (("dadun/dadun-guide", " (a biedan record, a dadun variant)"),
                         ("huolong/li-zhijiang", " (a biedan record, a huolong variant)")):
        out = run("verify", "--variant", given, str(biedan))
        assert (out.exit_code, out.stdout) == (2, ""), out.output
        assert out.stderr == (f"error: {biedan}: the record was played with variant 'biedan/biedan-guide', not with "
                              f"the variant given, '{given}'{games}; give the variant it was played with, or none "
                              "for a bundled one\n")
    li = Path(__file__).resolve().parents[2] / "fixtures" / "records" / "huolong-li-zhijiang-seed1.json"
    out = run("verify", "--variant", str(HOUSE), str(li))  # same game, another variant (a house file's)
    assert out.exit_code == 2 and "not with the variant given, 'huolong/example-club';" in out.stderr
    assert run("verify", "--variant", "biedan/biedan-guide", str(biedan)).exit_code == 0


def test_play_quotes_a_bad_file_as_typed(tmp_path):
    out = run("play", str(tmp_path / "ok.yaml"))
    assert out.exit_code == 2 and out.stderr == f"error: no such file: '{tmp_path / 'ok.yaml'}'\n"


def test_play_checks_the_record_path_before_playing(tmp_path):
    target = tmp_path / "no" / "such" / "dir" / "x.json"
    out = run("play", "li-zhijiang", "--record", str(target))
    assert out.exit_code == 2
    assert out.stdout == ""  # not a single hand played
    assert out.stderr == (f"error: cannot write the record to {target}: the folder {target.parent} does not exist "
                          f"(create it first)\n")


def test_a_record_path_is_left_as_it_was_when_the_match_stops_early(tmp_path, monkeypatch):
    import datong_rules.cli.play_cmds as play_cmds

    def boom(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(play_cmds, "_play", boom)
    out = run("play", "li-zhijiang", "--record", str(tmp_path / "new.json"))
    assert out.exit_code != 0 and not (tmp_path / "new.json").exists()


def test_one_hand_is_singular():
    out = run("play", "li-zhijiang", "--max-hands", "1")
    assert out.exit_code == 1
    assert out.stderr == "error: no winner after 1 hand (raise the cap with --max-hands)\n"
    assert "No winner yet after 1 hand ·" in out.stdout  # the transcript's summary, as getting-started.md quotes it


def test_a_closed_stdout_does_not_lose_the_record(tmp_path):
    """`play … --record g.json | head -1`: the transcript stops, the match and the record do not; the status is 1,
    quietly, as `show` and `simulate` end into a closed pipe (tests/cli/test_closed_pipe_status.py)."""
    path = tmp_path / "g.json"
    proc = subprocess.Popen([sys.executable, "-m", "datong_rules.cli.main", "play", "li-zhijiang", "--seed", "7",
                             "--record", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # closed before the first line: every write fails
    stderr = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait(timeout=120) == 1
    assert stderr == b""
    assert records.verify(records.load(path)).accepted
