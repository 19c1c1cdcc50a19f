"""``--bots`` of ``play``, ``simulate`` and ``table`` is one definition (datong_rules/cli/bots_option.py): the three
helps say the same values (``search:N`` included), and the three commands take and refuse the same values."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from datong_rules.cli.bots_option import BOTS_HELP
from datong_rules.cli.main import cli
from datong_rules.reference_impl.variant import open_variant

COMMANDS = ("play", "simulate", "table")


def run(*args: str):
    return CliRunner().invoke(cli, ["--lang", "en", *args])


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_says_the_same_values(command):
    said = _flat(run(command, "--help").stdout)
    assert _flat(BOTS_HELP) in said and "search:N" in said and "--bots KIND[,KIND…]" in said


@pytest.mark.parametrize("kinds", ["greedy,random", "bogus", "search:0", "random:2"])
def test_every_command_refuses_the_same_values_with_the_same_line(kinds):
    lines = set()
    for command in COMMANDS:
        args = [command, "biedan-guide", "--bots", kinds] + (["--no-browser", "--port", "0"] if command == "table"
                                                             else ["--hands", "1"])
        result = run(*args)
        assert result.exit_code == 2, (command, result.output)
        lines.add(result.stderr)
    assert len(lines) == 1 and lines.pop().startswith("error: --bots (biedan): ")


@pytest.mark.parametrize("kinds", ["greedy,random,greedy", "search:1,random,random"])
def test_play_and_the_table_take_one_kind_per_seat_as_simulate_does(kinds):
    assert run("play", "biedan-guide", "--hands", "1", "--bots", kinds).exit_code == 0
    assert run("simulate", "biedan-guide", "--hands", "1", "--workers", "1", "--bots", kinds).exit_code == 0
    from datong_rules.table_app.session import Table

    from datong_rules.reference_impl import games

    table = Table(open_variant("biedan-guide"), seat=0, bot_kind=kinds, seed=0)
    bots = games.find("biedan").facet("bots").BOTS
    assert [type(bot) for bot in table.bots] == [bots[kind.split(":")[0]] for kind in kinds.split(",")]
