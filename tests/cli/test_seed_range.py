"""Every command takes the same seeds: whole numbers from 0 to 2^53 − 1, the largest a JSON reader that holds
numbers as doubles reads back exactly (``play --seed 10**35`` wrote a record whose seed JavaScript reads as
another number)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.cli.seed_option import MAX_SEED

TOO_BIG = str(2**53)
COMMANDS = [["play", "biedan/biedan-guide", "--hands", "1"], ["simulate", "biedan/biedan-guide", "--hands", "1"],
            ["table", "biedan/biedan-guide"], ["conform", "-q"]]


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_the_largest_seed_is_the_largest_whole_number_a_double_holds_with_every_smaller_one():
    assert MAX_SEED == 9007199254740991
    assert float(MAX_SEED) == MAX_SEED and float(MAX_SEED + 1) == float(MAX_SEED + 2)  # above it, doubles skip


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_seed_above_the_range_is_refused_in_one_line_naming_the_range(command):
    result = invoke(*command, "--seed", TOO_BIG)
    assert result.exit_code == 2, result.output
    assert f"Invalid value for '--seed': {TOO_BIG} is not in the range 0<=x<=9007199254740991" in result.stderr
    assert "Traceback" not in result.output


def test_fuzz_refuses_a_seed_above_the_range_as_it_refuses_one_below():
    result = invoke("fuzz", "--impl", "datong_rules.conformance.adapters.reference:ReferenceImplementation", "--seed", TOO_BIG)
    assert result.exit_code == 2, result.output
    assert f"error: --seed must be a whole number from 0 to 9007199254740991, got {TOO_BIG}" in result.stderr


def test_the_largest_seed_plays_and_its_record_reads_back_the_same_seed(tmp_path):
    record = tmp_path / "match.json"
    result = invoke("play", "biedan/biedan-guide", "--hands", "1", "--seed", str(MAX_SEED), "--record", str(record))
    assert result.exit_code == 0, result.output
    seeds = [v for k, v in _items(json.loads(record.read_text(encoding="utf-8"))) if k == "seed"]
    assert seeds and all(float(s) == MAX_SEED for s in seeds)  # a double reads it back as the seed played


def _items(data):
    """Every (key, value) of a JSON document, nested ones included."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield key, value
            yield from _items(value)
    elif isinstance(data, list):
        for value in data:
            yield from _items(value)


@pytest.mark.parametrize("game", ["huolong/li-zhijiang", "biedan/biedan-guide", "dadun/dadun-guide"])
@pytest.mark.parametrize("seed", [-1, 2**53])
def test_verify_refuses_a_record_whose_seed_play_would_refuse(tmp_path, game, seed):
    record = tmp_path / "match.json"
    assert invoke("play", game, "--hands", "1", "--seed", "1", "--record", str(record)).exit_code == 0
    data = json.loads(record.read_text(encoding="utf-8"))
    data["seed"] = seed
    record.write_text(json.dumps(data), encoding="utf-8")
    result = invoke("verify", str(record))
    assert result.exit_code != 0 and "not a valid record at seed: " in result.stderr, result.output
    assert ("≥ 0" if seed < 0 else "≤ 9007199254740991") in result.stderr
    zh = invoke("--lang", "zh", "verify", str(record))
    assert "记录无效，在 seed：" in zh.stderr and "out of range" not in zh.stderr
