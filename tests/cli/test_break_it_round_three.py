"""A newcomer's break-it round on a fresh clone: each hostile input is one located line with the usual status,
never an internal error (exit 70) or a traceback."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.mark.parametrize("number", ["0x" + "f" * 5000, "!!int 0x" + "f" * 5000, "-0x" + "F" * 4000])
def test_a_hexadecimal_number_too_long_to_show_is_a_located_problem(tmp_path, number):
    # Python reads a hexadecimal number of any length, but cannot print one of more than 4,300 decimal digits:
    # the schema check's message then failed with exit 70.
    house = tmp_path / "hex.yaml"
    house.write_text("id: huolong/hex\nextends: huolong/li-zhijiang\nrules:\n  deck:\n    decks:\n"
                     f"      value: {number}\n", encoding="utf-8")
    result = invoke("validate", str(house))
    assert result.exit_code == 1, result.output
    assert result.stdout == (f"{house}:6:14: a number of {len(number.split()[-1]):,} characters, too long to read "
                             "(expected a number of at most 4,300 digits)\n")
    for command in (["show", str(house)], ["play", str(house), "--hands", "1"],
                    ["conform", "--variant", str(house), "-q"]):
        result = invoke(*command)
        assert result.exit_code == 2, (command, result.output)
        assert "too long to read" in result.stderr and "internal error" not in result.stderr


def test_a_long_hexadecimal_number_that_can_be_shown_is_judged_by_the_schema(tmp_path):
    house = tmp_path / "hex.yaml"
    house.write_text("id: huolong/hex\nextends: huolong/li-zhijiang\nrules:\n  deck:\n    decks:\n"
                     f"      value: 0x{'f' * 1000}\n", encoding="utf-8")
    result = invoke("validate", str(house))
    assert result.exit_code == 1 and "out of range" in result.stdout and "too long" not in result.stdout
