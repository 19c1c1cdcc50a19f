"""The search bot from the command line: ``--bots search:N,…`` in ``simulate`` (the budget kept in the results, the
report's note saying what it does), and every bad kind or budget one ``error:`` line with exit status 2, in
``simulate`` and ``play``."""

from __future__ import annotations

import json

import jsonschema
import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.reference_impl.schemas import find_schema
from datong_rules.reference_impl.search_bot import MAX_BUDGET
from test_simulate_cli import _one_error_line  # the simulate tests' check of one error line


def test_a_search_seat_in_a_simulate_run(tmp_path):
    out = tmp_path / "sim.json"
    result = CliRunner().invoke(cli, ["simulate", "biedan-guide", "--hands", "3", "--workers", "1", "--seed", "4",
                                      "--bots", "search:2,greedy,greedy", "--json", str(out)])
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(json.loads(find_schema("simulate").read_text(encoding="utf-8"))).validate(doc)
    results = doc["results"]
    assert results["bots"] == ["search:2", "greedy", "greedy"]
    assert "search (search:N: N rollouts per decision" in results["bots_note"]["en"]
    assert "search（search:N：每次决定推演 N 局" in results["bots_note"]["zh"]
    assert "greedy buries its weakest cards" in results["bots_note"]["en"]


@pytest.mark.parametrize(("bots", "fragments"), [
    ("search:0", ["--bots (biedan): bot kind 'search:0': budget 0 is out of range", f"1 to {MAX_BUDGET}"]),
    (f"search:{MAX_BUDGET + 1}", [f"budget {MAX_BUDGET + 1} is out of range"]),
    ("search:many", ["bot kind 'search:many': budget 'many' is not a whole number", "rollouts per decision"]),
    ("search:", ["bot kind 'search:': budget '' is not a whole number"]),
    ("search:-1,greedy,greedy", ["bot kind 'search:-1': budget '-1' is not a whole number"]),
    ("greedy,random:2,greedy", ["bot kind 'random:2': random takes no parameter (write random)"]),
    ("expert", ["unknown bot kind 'expert'", "greedy, random, search"]),
])
def test_simulate_refuses_a_bad_kind_or_budget_in_one_line(bots, fragments):
    _one_error_line(CliRunner().invoke(cli, ["simulate", "biedan-guide", "--hands", "3", "--bots", bots]),
                    *fragments)


@pytest.mark.parametrize(("bots", "fragments"), [
    ("search:0", ["--bots (huolong): bot kind 'search:0': budget 0 is out of range"]),
    ("search:x", ["bot kind 'search:x': budget 'x' is not a whole number"]),
    ("greedy:8", ["greedy takes no parameter"]),
])
def test_play_refuses_a_bad_kind_or_budget_in_one_line(bots, fragments):
    _one_error_line(CliRunner().invoke(cli, ["play", "li-zhijiang", "--seed", "1", "--hands", "1", "--bots", bots]),
                    *fragments)
