"""Shared by the tests of the example house files (docs/examples): bots play one, its match record verifies."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from datong_rules.cli.main import cli


def run(*args: str):
    """``datong-rules ARGS`` in-process (click's runner)."""
    return CliRunner().invoke(cli, list(args))


def play_and_verify(variant_file: Path, seed: int, tmp_path: Path, ends: tuple[str, ...] = ("Match won by",)
                    ) -> dict[str, Any]:
    """``play FILE --seed SEED --record …`` then ``verify --variant FILE``; asserts both succeed, that the
    transcript tells the match's result (one of ``ends``) and returns the match record."""
    record = tmp_path / f"match-{seed}.json"
    played = run("play", str(variant_file), "--seed", str(seed), "--record", str(record))
    assert played.exit_code == 0, played.output
    assert any(end in played.stdout for end in ends), played.stdout[-400:]
    checked = run("verify", "--variant", str(variant_file), str(record))
    assert checked.exit_code == 0 and ": OK" in checked.stdout, checked.output
    return json.loads(record.read_text(encoding="utf-8"))
