"""Every Dadun operation is documented and has a schema; givens and answers of examples match
spec/schema/games/dadun/operations.schema.json."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest

from datong_rules.reference_impl import records
from datong_rules.reference_impl.bots import play_hand
from datong_rules.reference_impl.dadun import bots
from datong_rules.reference_impl.dadun.ops import OPS
from datong_rules.reference_impl.dadun.state import new_hand

ROOT = Path(__file__).parents[3]
SCHEMA = json.loads((ROOT / "spec/schema/games/dadun/operations.schema.json").read_text(encoding="utf-8"))
DOCS = {page: (ROOT / "docs/implementers" / page).read_text(encoding="utf-8")
        for page in ("dadun-operations.md", "dadun-operations.en.md")}
"""The operations guide: its 中文 page and its English twin."""
V = "dadun/dadun-guide"


def _record() -> dict:
    rng = random.Random(5)
    return records.hand_record(play_hand(new_hand(V, rng), [bots.RandomBot(rng)] * 4), seed=5)


EXAMPLES = {
    "facts": {"level": "8"},
    "card_order": {"level": "8", "combination": "pair", "context": "lead"},
    "classify": {"cards": ["S10", "SJ", "SK", "SA", "H8"], "level": "8"},
    "beats": {"level": "8", "table": {"cards": ["S8"]}, "play": {"cards": ["D8"]}, "table_was": "round_opening"},
    "legal_play": {"level": "8", "hand": ["S9", "S9", "H8"], "table": None,
                   "action": {"type": "play", "cards": ["S9", "S9", "H8"],
                              "reading": {"combination": "dun", "cards": ["S9", "S9", "S9"]}}},
    "legal_play_count": {"level": "2", "hand": ["S6", "S6", "S6", "H2"], "table": {"cards": ["D5"]}},
    "round": {"hand_sizes": [1, 5, 5, 5], "leader": 0, "actions": [{"type": "play", "seat": 0, "cards": ["SK"]}]},
    "round_points": {"cards": ["S5", "HK", "D10", "S4"]},
    "deal_order": {"cutter": 2, "marked_card": "LJ", "previous": None},
    "marked_card": {"marked_card": "S9", "holder": 2, "copies": [2, 0, 1, 0]},
    "settle": {"levels": ["5", "3"], "level": "5", "finish": [1, 0, 3], "captured": [80, 120, 40, 60],
               "first_partner_before": 0, "bonus": [0, 1]},
    "replay": None,
}


def test_every_operation_is_documented_in_both_languages_and_has_a_schema():
    for op in OPS:
        assert all(f"## `{op}`" in doc for doc in DOCS.values()), op
        assert f"{op}.given" in SCHEMA["$defs"] and f"{op}.answer" in SCHEMA["$defs"]
    assert set(EXAMPLES) == set(OPS)


@pytest.mark.parametrize("op", sorted(EXAMPLES))
def test_givens_and_answers_match_the_schema(op):
    given = EXAMPLES[op] if op != "replay" else {"record": _record()}
    resolver_schema = {**SCHEMA, "$ref": f"#/$defs/{op}.given"}
    jsonschema.validate(given, resolver_schema)
    answer = OPS[op](V, given)
    jsonschema.validate(answer, {**SCHEMA, "$ref": f"#/$defs/{op}.answer"})
