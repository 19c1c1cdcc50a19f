"""``simulate --ray`` refuses what is no Ray cluster's address in one line, before Ray is imported or asked (Ray
would otherwise fail inside with an internal error, or retry for minutes)."""

from __future__ import annotations

import sys

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli


@pytest.mark.parametrize("address", ["nonsense::", "a b", "ray://", "host:port", "::", "[zz]:1", "h:0", "h:65536",
                                     "x" * 3000])
def test_no_address_is_one_line_and_status_2(address, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # the address is refused before Ray is needed
    result = CliRunner().invoke(cli, ["simulate", "biedan-guide", "--hands", "1", "--ray", address])
    assert result.exit_code == 2, result.output
    (line,) = result.output.splitlines()
    assert line.startswith("error: --ray ") and "expected the address of a running Ray cluster" in line
    assert len(line) < 300
