"""The reference engine behind the JSON-lines protocol: ``datong_rules.conformance.serve`` and ``datong-rules serve``."""

from __future__ import annotations

import contextlib
import io
import json
import shlex
import subprocess
import sys

import pytest
from click.testing import CliRunner

from datong_rules.conformance.adapters.base import Implementation, Unsupported
from datong_rules.conformance.adapters.jsonlines import JsonLinesImplementation
from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.cli.main import cli
from datong_rules.conformance.runner import run
from datong_rules.conformance.scenarios_io import load_scenarios
from datong_rules.conformance.serve import Server, serve, serve_lines

from child_signals import ctrl_c_as_in_a_terminal

SERVE_ARGV = [sys.executable, "-m", "datong_rules.cli.main", "serve"]
LI = "huolong/li-zhijiang"


START = '{"type":"start","protocol":1}'


def exchange(lines: list[bytes | str], impl: Implementation | None = None,
             start: bool = True) -> tuple[list[dict], list[str], int]:
    """Feed raw lines to a server, after a ``start`` line unless ``start`` is False; (replies decoded
    without the ``ready``, stderr lines, exit status). With a start, the given lines are numbered from 2."""
    lines = [START, *lines] if start else lines
    raw = b"".join((line.encode() if isinstance(line, str) else line) + b"\n" for line in lines)
    out, err = io.BytesIO(), io.StringIO()
    status = serve_lines(Server(impl or ReferenceImplementation()), io.BytesIO(raw), out, err)
    replies = [json.loads(line) for line in out.getvalue().decode().splitlines()]
    if start:
        assert replies[0]["type"] == "ready"
        replies = replies[1:]
    return replies, err.getvalue().splitlines(), status


def query(qid: str, op: str, given: dict, variant: str = LI) -> str:
    return json.dumps({"type": "query", "id": qid, "variant": variant, "op": op, "given": given})


@pytest.fixture(scope="module")
def bundled():
    return load_scenarios(None)


# -- the messages ----------------------------------------------------------------------------------
def test_start_gets_ready_with_the_variants_and_operations():
    replies, errors, status = exchange(['{"type":"start","protocol":1,"suite":"datong-rules"}', '{"type":"stop"}'],
                                       start=False)
    assert status == 0 and errors == []
    (ready,) = replies
    assert ready["type"] == "ready" and ready["protocol"] == 1 and ready["name"] and ready["version"]
    assert {"huolong/li-zhijiang", "huolong/datong-guide", "huolong/online-platform"} <= set(ready["variants"])
    assert {"card_order", "trick_winner", "settle", "declare", "replay"} <= set(ready["operations"])


def test_a_query_gets_its_result():
    # li-zhijiang 一.一 and 一.六.3: four players, 120 points make the attackers' score.
    replies, _, _ = exchange([query("q-1", "facts", {})])
    assert replies[0]["type"] == "result" and replies[0]["id"] == "q-1"
    assert replies[0]["answer"]["players"] == 4 and replies[0]["answer"]["threshold"] == 120


def test_bottom_points_over_the_protocol():
    # Two 5s, a 10 and a K: 5 + 5 + 10 + 10 = 30 points; li-zhijiang adds a dug bottom once (bottom.multiplier 1).
    given = {"bottom": ["S5", "H5", "D10", "CK", "S3", "H4"], "dug": True}
    replies, _, _ = exchange([query("b", "bottom_points", given)])
    assert replies == [{"type": "result", "id": "b", "answer": {"points": 30, "awarded": 30}}]


def test_bad_given_is_errored_with_a_one_line_message():
    replies, errors, _ = exchange([query("bad", "card_order", {"level": "3", "trump_suit": "S", "cards": ["ZZ"]})])
    (reply,) = replies
    assert reply["type"] == "errored" and reply["id"] == "bad"
    assert "ZZ" in reply["message"] and "\n" not in reply["message"] and "Traceback" not in reply["message"]
    assert errors == []


def test_unknown_variant_and_operation_are_skipped():
    replies, _, _ = exchange([query("v", "facts", {}, variant="dadun/none"), query("o", "no_such_op", {})])
    assert [(r["type"], r["id"]) for r in replies] == [("skipped", "v"), ("skipped", "o")]
    assert "dadun/none" in replies[0]["reason"] and "no_such_op" in replies[1]["reason"]


# -- garbage in -----------------------------------------------------------------------------------
@pytest.mark.parametrize("line, expect", [
    ("this is not json", "not a JSON line"),
    ("[1, 2]", "not a JSON object"),
    ('"a string"', "not a JSON object"),
    ('{"type": "hello"}', "unknown message type \"hello\""),
    ('{"no_type": 1}', "no 'type'"),
    (b'{"type": "query", "id": "\xff"}', "not UTF-8"),
    ('{"type": "query", "id": "x", "variant": ', "not a JSON line"),
])
def test_garbage_without_an_id_gets_an_errored_reply_with_a_null_id_and_a_notice(line, expect):
    """A line the server cannot read (or an object it cannot take, without an id) is answered as the protocol says
    (errored, id null: a line it could not read), in one line; the same words go to stderr; the server goes on."""
    replies, errors, status = exchange([line, query("after", "facts", {})])
    assert [(r["type"], r["id"]) for r in replies] == [("errored", None), ("result", "after")]  # the server goes on
    assert set(replies[0]) == {"type", "id", "message"}
    assert replies[0]["message"].startswith("line 2: ") and expect in replies[0]["message"]
    assert "\n" not in replies[0]["message"]
    assert errors == [f"serve: {replies[0]['message']}"]
    assert status == 0


@pytest.mark.parametrize("line, expect", [
    (query("n", "facts", {}).replace("{}", '{"x": NaN}'), "not strict JSON (NaN is not a JSON number)"),
    (query("i", "facts", {}).replace("{}", '{"x": -Infinity}'), "not strict JSON (-Infinity is not a JSON number)"),
    (query("o", "facts", {}).replace("{}", '{"x": 1e999}'), "not strict JSON (the number 1e999 is too large)"),
    ('{"type": "query", "id": "c", "id": "d", "variant": "huolong/li-zhijiang", "op": "facts", "given": {}}',
     'not strict JSON (the key "id" appears twice in one object)'),
], ids=["NaN", "-Infinity", "1e999", "id twice"])
def test_a_query_that_is_not_strict_json_is_refused_like_conform_refuses_a_reply(line, expect):
    """The same decoder as conform's: errored with id null (which id would it carry?), and one notice, each quoting
    the line."""
    replies, errors, status = exchange([line, query("after", "facts", {})])
    assert [r["id"] for r in replies] == [None, "after"] and status == 0
    assert replies[0] == {"type": "errored", "id": None, "message": f"line 2: {expect}: {line}"}
    assert errors == [f"serve: line 2: {expect}: {line}"]  # the line quoted after the reason


def test_a_whole_number_too_large_for_a_double_in_a_query_is_refused_as_1e999_is():
    line = query("w", "facts", {}).replace("{}", '{"x": 1' + "0" * 400 + "}")
    replies, errors, status = exchange([line, query("after", "facts", {})])
    expect = "line 2: not strict JSON (the number 1" + "0" * 39 + " is too large): "
    assert [r["id"] for r in replies] == [None, "after"] and status == 0
    assert replies[0]["type"] == "errored" and replies[0]["message"].startswith(expect)
    assert errors[0].startswith(f"serve: {expect}")


def test_bytes_that_are_not_utf8_are_shown_escaped_on_one_line():
    """Never the raw bytes on stderr (a terminal could take them as commands): ``\\xNN`` escapes, one line."""
    replies, errors, _ = exchange([b'{"type": "query", "id": "\xff\xfe\x1b[2J\x85"}', query("after", "facts", {})])
    assert [r["id"] for r in replies] == [None, "after"]
    said = r'line 2: not UTF-8 (byte 26): {"type": "query", "id": "\xff\xfe\x1b[2J\x85"}'
    assert errors == [f"serve: {said}"] and replies[0]["message"] == said  # valid UTF-8 JSON, the bytes escaped


@pytest.mark.parametrize("message, expect", [
    ({"type": "hello", "id": "h"}, "unknown message type"),
    ({"type": "query", "id": "m"}, "needs 'variant'"),
    ({"type": "query", "id": "g", "variant": LI, "op": "facts", "given": [1]}, "needs 'variant'"),
])
def test_garbage_with_an_id_gets_an_errored_reply(message, expect):
    replies, errors, _ = exchange([json.dumps(message)])
    (reply,) = replies
    assert reply["type"] == "errored" and reply["id"] == message["id"] and expect in reply["message"]
    assert errors == []


def test_a_query_without_an_id_is_errored_with_a_null_id():
    replies, _, _ = exchange(['{"type": "query", "variant": "huolong/li-zhijiang", "op": "facts", "given": {}}'])
    assert replies[0]["type"] == "errored" and replies[0]["id"] is None


def test_blank_lines_are_ignored_and_eof_ends_cleanly():
    replies, errors, status = exchange(["", "   ", query("a", "facts", {})])
    assert [r["id"] for r in replies] == ["a"] and errors == [] and status == 0


def test_stop_ends_the_server_and_later_lines_are_not_read():
    replies, _, status = exchange(['{"type":"stop"}', query("late", "facts", {})])
    assert replies == [] and status == 0


class _Misbehaving(Implementation):
    """Prints on stdout, raises a non-ValueError, answers a non-mapping, or a non-JSON mapping."""

    name = "misbehaving"

    def answer(self, variant, op, given):
        print("debug noise")  # must not reach the protocol stream
        if op == "boom":
            raise KeyError("missing table")
        if op == "skip":
            raise Unsupported("not modelled")
        if op == "list":
            return [1, 2]
        return {"value": {1, 2}}  # a set: not JSON


def test_implementation_faults_become_errored_or_skipped_replies():
    lines = [query(op, op, {}) for op in ("boom", "skip", "list", "set")]
    with contextlib.redirect_stdout(io.StringIO()):
        answers, errors, status = exchange(lines, _Misbehaving())
    replies = {r["id"]: r for r in answers}
    assert status == 0
    assert replies["boom"]["type"] == "errored" and replies["boom"]["message"].startswith("KeyError:")
    assert replies["skip"] == {"type": "skipped", "id": "skip", "reason": "not modelled"}
    assert replies["list"]["type"] == "errored" and "not an object" in replies["list"]["message"]
    assert replies["set"]["type"] == "errored" and "not JSON" in replies["set"]["message"]


def test_serve_keeps_stray_prints_off_the_protocol_stream(monkeypatch):
    monkeypatch.setattr(ReferenceImplementation, "answer",
                        lambda self, variant, op, given: print("stray") or {"ok": True})
    out, err = io.BytesIO(), io.StringIO()
    status = serve(None, stdin=io.BytesIO((START + "\n" + query("p", "facts", {}) + "\n").encode()),
                   stdout=out, stderr=err)
    assert status == 0
    assert json.loads(out.getvalue().splitlines()[1]) == {"type": "result", "id": "p", "answer": {"ok": True}}
    assert "stray" in err.getvalue()


def test_serve_of_a_bad_factory_is_one_error_line():
    out, err = io.BytesIO(), io.StringIO()
    status = serve("no_such_module_xyz:make", stdin=io.BytesIO(b""), stdout=out, stderr=err)
    assert status == 1 and out.getvalue() == b""
    assert err.getvalue().count("\n") == 1 and err.getvalue().startswith("error: cannot start the implementation")


# -- the real process -------------------------------------------------------------------------------
def test_the_serve_command_survives_garbage_and_ends_at_eof():
    lines = [b'{"type":"start","protocol":1}', b"garbage", b"\xff\xfe", b"[]",
             query("q", "facts", {}).encode(), b'{"type":"query","id":"e","variant":"huolong/li-zhijiang"}']
    done = subprocess.run(SERVE_ARGV, input=b"\n".join(lines) + b"\n", capture_output=True, timeout=60)
    assert done.returncode == 0
    replies = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [(r["type"], r.get("id")) for r in replies] == [("ready", None), ("errored", None), ("errored", None),
                                                           ("errored", None), ("result", "q"), ("errored", "e")]
    assert [r["message"].split(":")[0] for r in replies[1:4]] == ["line 2", "line 3", "line 4"]
    errors = done.stderr.decode().splitlines()
    assert len(errors) == 3 and all(e.startswith("serve: line ") for e in errors)
    assert "Traceback" not in done.stderr.decode()


def test_the_serve_command_with_a_bad_impl_exits_1_without_traceback():
    done = subprocess.run([*SERVE_ARGV, "--impl", "nope_module:make"], input=b"", capture_output=True, timeout=60)
    assert done.returncode == 1 and b"Traceback" not in done.stderr and done.stderr.startswith(b"error: ")


def test_over_json_lines_the_suite_gives_the_same_results_as_in_process(bundled):
    in_process = run(ReferenceImplementation(), bundled)
    with JsonLinesImplementation(SERVE_ARGV) as impl:
        over_pipe = run(impl, bundled)
    assert over_pipe.ok and in_process.ok
    assert [(r.scenario.id, r.status, r.actual) for r in over_pipe.results] == \
           [(r.scenario.id, r.status, r.actual) for r in in_process.results]


def test_conform_impl_cmd_serve_passes(tmp_path):
    # a slice of the suite through the CLI, to check the command line wiring (the whole suite is above)
    result = CliRunner().invoke(cli, ["conform", "--impl-cmd", shlex.join(SERVE_ARGV), "--op", "settle", "-q",
                                      "--json", str(tmp_path / "r.json")])
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["implementation"]["name"] == ReferenceImplementation.name
    assert report["counts"]["passed"] == report["selected"] > 0


# -- the handshake, and what the server refuses ------------------------------------------------------
@pytest.mark.parametrize(("start", "message"), [
    ('{"type":"start","protocol":99}', 'protocol 99 is not supported (this server speaks protocols 1, 2 and 3: '
                                       'send {"type":"start","protocol":1})'),
    ('{"type":"start"}', "start needs 'protocol' (this server speaks protocols 1, 2 and 3"),
    ('{"type":"start","protocol":true}', "protocol true is not supported"),
])
def test_a_start_for_another_protocol_is_refused_until_a_good_one(start, message):
    replies, errors, _ = exchange([start, query("early", "facts", {}), START, query("late", "facts", {})],
                                  start=False)
    assert replies[0]["type"] == "errored" and replies[0]["id"] is None and replies[0]["message"].startswith(message)
    assert replies[1] == {"type": "errored", "id": "early", "message": 'send {"type":"start","protocol":1} first'}
    assert [r["type"] for r in replies[2:]] == ["ready", "result"]
    assert errors == []


def test_a_query_before_start_is_errored():
    replies, _, _ = exchange([query("q", "facts", {})], start=False)
    assert replies == [{"type": "errored", "id": "q", "message": 'send {"type":"start","protocol":1} first'}]


def test_a_deeply_nested_line_is_a_notice_and_the_server_goes_on():
    replies, errors, status = exchange(["[" * 100_000 + "]" * 100_000, query("after", "facts", {})])
    assert [r["id"] for r in replies] == [None, "after"] and status == 0
    assert replies[0]["message"].startswith("line 2: not a JSON line (nested too deeply to read)")
    assert len(errors) == 1 and errors[0].startswith("serve: line 2: not a JSON line (nested too deeply to read)")


class _Exiting(Implementation):
    def answer(self, variant, op, given):
        raise SystemExit(3)


def test_sys_exit_in_the_implementation_is_an_errored_reply():
    replies, _, status = exchange([query("x", "facts", {}), query("y", "facts", {})], _Exiting())
    assert [r["message"] for r in replies] == ["the implementation called sys.exit(3)"] * 2 and status == 0


def test_a_hand_larger_than_the_pack_is_errored_in_one_line():
    # li-zhijiang: 3 decks of 54 cards, 162 in all (deck.decks, deck.jokers_per_deck)
    given = {"level": "3", "trump_suit": "S", "hand": ["H5"] * 108_000, "trick": []}
    (reply,) = exchange([query("big", "legal_play_count", given)])[0]
    assert reply == {"type": "errored", "id": "big", "message": "given.hand: 108000 cards, more than the whole pack "
                                                                "of huolong/li-zhijiang (162 cards)"}


def test_an_empty_impl_option_is_a_usage_error():
    err = io.StringIO()
    assert serve("  ", stdin=io.BytesIO(b""), stdout=io.BytesIO(), stderr=err) == 2
    assert err.getvalue().startswith("error: --impl is empty")


def test_a_bad_variant_file_leaves_out_only_its_variants(broken_spec, monkeypatch):
    monkeypatch.chdir(broken_spec.parent)  # the file is named spec/huolong/…: a long temporary folder (one per xdist
    # worker) would push the quoted problem past the end of the one-line message
    lines = [START, query("good", "facts", {}), query("bad", "facts", {}, variant="huolong/my-club-kids"), ""]
    out, err = io.BytesIO(), io.StringIO()
    status = serve(None, stdin=io.BytesIO("\n".join(lines).encode()), stdout=out, stderr=err)
    ready, good, bad = [json.loads(line) for line in out.getvalue().splitlines()]
    assert status == 0
    assert {"huolong/li-zhijiang", "huolong/datong-guide", "huolong/online-platform"} <= set(ready["variants"])
    assert not any("my-club" in v for v in ready["variants"])
    assert good["type"] == "result"
    assert bad["type"] == "errored" and bad["message"].startswith("variant 'huolong/my-club-kids' cannot be loaded: ")
    assert "my-club.yaml:7:5: rules.bottom.multiplyer: unknown key 'multiplyer'" in bad["message"]
    [warning] = err.getvalue().splitlines()
    assert warning.startswith("serve: warning: ") and "my-club.yaml:7:5: " in warning
    assert warning.endswith("(variants huolong/my-club, huolong/my-club-kids cannot be loaded and are left out)")


FLOAT_HOUSE = """id: huolong/float-house
extends: huolong/li-zhijiang
name: {zh: 家规, en: float house}
summary: {zh: 家规, en: float house}
rules:
  deck:
    decks:
      value: 3.0
      text: {zh: 家规, en: A house rule}
      inferred: {reason: A whole number written with a decimal point.}
"""


@pytest.mark.parametrize("name, content, expect", [
    ("float.yaml", FLOAT_HOUSE, "error: --variant-file float.yaml: float.yaml:8:7: rules.deck.decks.value: found 3.0, "
                                "a number with a decimal point (expected a whole number without one: 3)"),
    ("missing.yaml", None, "error: --variant-file missing.yaml: missing.yaml:1:1: cannot read the file: "),
], ids=["3.0", "missing"])
def test_a_bad_variant_file_is_a_usage_error_located_like_validate(tmp_path, monkeypatch, name, content, expect):
    """Exit 2 (a bad input file, as for conform --variant), before the implementation is built."""
    monkeypatch.chdir(tmp_path)
    if content is not None:
        (tmp_path / name).write_text(content, encoding="utf-8")
    done = CliRunner().invoke(cli, ["serve", "--variant-file", name], input="")
    assert done.exit_code == 2, done.output
    [error] = done.stderr.splitlines()
    assert error.startswith(expect)
    assert done.stdout == ""


def test_a_query_about_an_unknown_variant_says_so_before_checking_given():
    replies, _, _ = exchange([query("y", "classify", {}, variant="huolong/nope"), '{"type":"stop"}'])
    (reply,) = replies
    assert reply["type"] == "skipped" and "huolong/nope" in reply["reason"]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM")
@pytest.mark.parametrize(("signal_name", "status"), [("SIGINT", 130), ("SIGTERM", 143)])
def test_serve_stops_quietly_on_ctrl_c_and_sigterm(signal_name, status):
    import signal

    proc = subprocess.Popen([sys.executable, "-m", "datong_rules.cli.main", "serve"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=ctrl_c_as_in_a_terminal)
    try:
        proc.stdin.write('{"type": "start", "protocol": 1, "protocols": [1, 2]}\n')
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["type"] == "ready"  # serving, waiting for a query
        proc.send_signal(getattr(signal, signal_name))
        out, err = proc.communicate(timeout=20)
    finally:
        proc.kill()
    assert proc.returncode == status and "Traceback" not in err and "error" not in out
