"""Text UTF-8 cannot carry (lone surrogates) and a standard output that cannot be written: never exit 70.

* the runner escapes lone surrogates where answers and names enter it, so reports and the console never meet one;
* ``serve`` writes a reply holding one as a ``\\uXXXX`` escape and goes on (an encoding problem is not EOF);
* ``> /dev/full``: ``error: cannot write to standard output: …``, status 1; ``play --record`` still writes the
  record; ``--record /dev/full`` is refused before the match; a file name with undecodable bytes is shown escaped.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from datong_rules.conformance.adapters.base import identity, printable, without_surrogates
from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.conformance.runner import run
from datong_rules.conformance.serve import Server, serve_lines

import fake_inprocess as fakes

MAIN = [sys.executable, "-m", "datong_rules.cli.main"]
HOUSE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "house-variant.yaml"
full_device = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")


def test_printable_escapes_surrogates_and_bidi_controls_as_u_escapes():
    assert printable("a\ud800b\u202e\x1b") == "a\\ud800b\\u202e\\x1b"
    assert printable("攉龙 ☺ 😀") == "攉龙 ☺ 😀"


def test_without_surrogates_escapes_strings_and_keys_and_keeps_the_rest():
    data = {"k\udcff": ["\ud800x", 1, None, {"n": 2.5}], "ok": "攉龙"}
    assert without_surrogates(data) == {"k\\udcff": ["\\ud800x", 1, None, {"n": 2.5}], "ok": "攉龙"}
    clean = {"a": ["b"]}
    assert without_surrogates(clean) == clean


def test_an_answer_and_a_name_with_lone_surrogates_reach_the_results_escaped(demo_scenarios):
    class Surrogates(fakes.EchoImpl):
        name, version = "eng\udcff\x1b[2J", "\ud800"

        def answer(self, variant, op, given):
            return {"value": "\ud800", "sum": "\ud800"}

    outcome = run(Surrogates(), demo_scenarios)
    assert outcome.implementation == {"name": "eng\\udcff\\x1b[2J", "version": "\\ud800"}
    assert identity(Surrogates()) == outcome.implementation
    assert {r.status for r in outcome.results} == {"failed"}
    for result in outcome.results:
        json.dumps(result.actual, ensure_ascii=False).encode("utf-8")  # would raise on a lone surrogate
        assert "\\ud800" in json.dumps(result.actual, ensure_ascii=False)


def test_serve_answers_a_query_whose_id_holds_a_lone_surrogate_and_goes_on():
    lines = ['{"type":"start","protocol":1}',
             '{"type":"query","id":"\\ud800","variant":"huolong/li-zhijiang","op":"facts","given":{}}',
             '{"type":"query","id":"after","variant":"huolong/li-zhijiang","op":"facts","given":{}}']
    out, err = io.BytesIO(), io.StringIO()
    status = serve_lines(Server(ReferenceImplementation()), io.BytesIO("\n".join(lines).encode() + b"\n"), out, err)
    replies = [json.loads(line) for line in out.getvalue().decode("utf-8").splitlines()]
    assert status == 0 and err.getvalue() == ""
    assert [r["type"] for r in replies] == ["ready", "result", "result"]
    assert replies[1]["id"] == "\ud800" and replies[2]["id"] == "after"  # the escape reads back as the same id
    assert b'"id":"\\ud800"' in out.getvalue()


def cli(*args: str, stdout=subprocess.PIPE, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([*MAIN, *args], stdout=stdout, stderr=subprocess.PIPE, cwd=cwd, timeout=60)


@full_device
@pytest.mark.parametrize("args", [("variants",), ("show", "li-zhijiang", "--format", "json"),
                                  ("diff", "li-zhijiang", "datong-guide"), ("conform", "-q", "--op", "facts")])
def test_a_full_stdout_is_one_error_line_and_status_1(args):
    with open("/dev/full", "wb") as full:
        done = cli(*args, stdout=full)
    assert done.returncode == 1
    assert done.stderr.decode().splitlines()[-1] == "error: cannot write to standard output: No space left on device"
    assert b"Traceback" not in done.stderr and b"internal error" not in done.stderr


@full_device
def test_play_with_a_full_stdout_still_writes_the_record(tmp_path):
    record = tmp_path / "r.json"
    with open("/dev/full", "wb") as full:
        done = cli("play", "li-zhijiang", "--hands", "1", "--record", str(record), stdout=full)
    assert done.returncode == 1
    assert "error: cannot write to standard output: No space left on device (the record was written)" \
        in done.stderr.decode()
    assert json.loads(record.read_text())["variant"] == "huolong/li-zhijiang"


@full_device
def test_a_record_path_that_is_a_device_is_refused_before_the_match():
    done = cli("play", "li-zhijiang", "--hands", "1", "--record", "/dev/full")
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().strip() == ("error: cannot write the record to /dev/full: it is not a regular file "
                                            "(a device, a FIFO or a socket)")


@pytest.mark.skipif(sys.platform != "linux", reason="needs file names of arbitrary bytes")
def test_a_house_file_whose_name_is_not_utf8_is_shown_escaped(tmp_path):
    name = os.fsdecode(b"club\xff.yaml")
    (tmp_path / name).write_bytes(HOUSE.read_bytes())
    done = subprocess.run([*MAIN, "play", name, "--hands", "1", "--record", os.fsdecode(b"r\xff.json")],
                          capture_output=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().splitlines()[-1] == "Record written to r\\udcff.json"
    assert (tmp_path / os.fsdecode(b"r\xff.json")).exists()
