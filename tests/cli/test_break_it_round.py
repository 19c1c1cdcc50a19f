"""What a break-it round found, trying the commands as an outsider would: each input is one located line and the
usual status for bad input, never an internal error (exit 70)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli

LONG = "x" * 300  # longer than a file name may be (255 bytes on Linux and macOS)


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.mark.parametrize("args, status, words", [
    (["validate", f"{LONG}.yaml"], 1, "cannot read the file: File name too long"),
    (["validate", f"{LONG}/a.yaml"], 1, "cannot read the file: File name too long"),
    (["play", f"{LONG}.yaml"], 2, "no such file"),
    (["diff", f"{LONG}.yaml", "li-zhijiang"], 2, "no such file"),
    (["play", "li-zhijiang", "--hands", "1", "--record", f"{LONG}.json"], 2, "File name too long"),
    (["play", "li-zhijiang", "--hands", "1", "--record", f"{LONG}/a.json"], 2, "does not exist (create it first)"),
    (["conform", "--json", f"{LONG}.json"], 2, "File name too long"),
    (["conform", "--scenarios", LONG], 2, "no such scenario file or folder"),
    (["simulate", "li-zhijiang", "--hands", "1", "--json", LONG], 2, "File name too long"),
])
def test_a_name_too_long_for_the_system_is_one_line(tmp_path, monkeypatch, args, status, words):
    monkeypatch.chdir(tmp_path)
    result = invoke(*args)
    assert result.exit_code == status, result.output
    assert words in result.output and "internal error" not in result.output


@pytest.mark.parametrize("digits", [4301, 5000, 100_000])
def test_a_number_too_long_for_python_is_a_located_problem(tmp_path, digits):
    house = tmp_path / "big.yaml"
    house.write_text("id: huolong/big\nextends: huolong/li-zhijiang\nrules:\n  deck:\n    decks:\n"
                     f"      value: {'9' * digits}\n", encoding="utf-8")
    result = invoke("validate", str(house))
    assert result.exit_code == 1
    assert result.stdout == (f"{house}:6:14: a number of {digits:,} digits, too long to read (expected a number of "
                             "at most 4,300 digits)\n")
    result = invoke("show", str(house))
    assert result.exit_code == 2 and "too long to read" in result.stderr
