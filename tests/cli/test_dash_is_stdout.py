"""``-`` as a file to write means standard output, as ``conform --json -`` has it: ``play --record -`` and
``simulate --json -`` / ``--html -`` write their document there (and nothing else: the transcript or the table goes
to standard error), never a file named ``-``; ``./-`` still names that file."""

from __future__ import annotations

import json

from click.testing import CliRunner

from datong_rules.cli.main import cli


def run(*args: str):
    return CliRunner().invoke(cli, ["--lang", "en", *args])


def test_play_record_dash_writes_the_record_to_standard_output(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("play", "li-zhijiang", "--hands", "1", "--record", "-")
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)  # the record alone: no transcript line on standard output
    assert record["record"] == "match" and len(record["hands"]) == 1
    assert "Huolong" in result.stderr and "seed 0" in result.stderr  # the transcript, on standard error
    assert "Record written" not in result.stderr
    assert not (tmp_path / "-").exists()
    (tmp_path / "kept.json").write_text(result.stdout, encoding="utf-8")
    checked = run("verify", str(tmp_path / "kept.json"))
    assert checked.exit_code == 0, checked.output


def test_play_record_dot_slash_dash_is_a_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("play", "li-zhijiang", "--hands", "1", "--record", "./-")
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "-").read_text(encoding="utf-8"))["record"] == "match"
    assert "Record written to -" in result.stdout


def test_simulate_json_dash_writes_the_document_to_standard_output(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("simulate", "biedan-guide", "--hands", "3", "--workers", "1", "--json", "-")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["run"]["interrupted"] is False
    assert result.stderr.strip()  # the table, on standard error
    assert not (tmp_path / "-").exists()


def test_simulate_cannot_send_two_documents_to_standard_output():
    result = run("simulate", "biedan-guide", "--hands", "3", "--json", "-", "--html", "-")
    assert result.exit_code == 2
    assert "error: --json and --html both go to standard output" in result.stderr


def test_a_record_that_cannot_be_written_is_said_in_the_messages_language(tmp_path):
    result = CliRunner().invoke(cli, ["--lang", "zh", "play", "li-zhijiang", "--hands", "1", "--record",
                                      str(tmp_path / "missing" / "r.json")])
    assert result.exit_code == 2
    assert result.stderr == (f"错误：无法把记录写到 {tmp_path}/missing/r.json：文件夹 {tmp_path}/missing 不存在"
                             f"（请先创建）\n")
