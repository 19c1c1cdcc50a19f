"""A record whose ``record`` is neither ``hand`` nor ``match`` is not a readable record, in every game.

spec/schema/record.schema.json's envelope allows ``record: hand | match`` only; the 憋蛋 and 打墩 record schemas
(which check a record of their game on their own) left ``record`` open: ``verify`` took a 打墩 hand with
``record: "x"`` as a hand and accepted it, and died on a 憋蛋 one (exit 70, internal error).
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli

VARIANTS = ["huolong/li-zhijiang", "biedan/biedan-guide", "dadun/dadun-guide"]


@pytest.mark.parametrize("kind", ["x", "Hand", None, 1])
@pytest.mark.parametrize("variant", VARIANTS)
def test_verify_refuses_a_record_of_no_kind_as_unreadable(variant, kind, tmp_path):
    game = variant.split("/")[0]
    record = tmp_path / "record.json"
    record.write_text(json.dumps({"record": kind, "kit": "0.1.0", "game": game, "variant": variant, "seed": 1,
                                  "format": 1, "actions": []}), encoding="utf-8")
    result = CliRunner().invoke(cli, ["verify", str(record)])
    assert result.exit_code == 2, result.output
    assert "not a valid record at record: " in result.output, result.output
