"""Protocol 1 kept for good: a frozen engine written to release 0.1.0 (tests/fixtures/protocol1_engine/engine.py)
passes the suite unchanged; an engine speaking protocol 1 is judged by the frozen contract of
spec/schema/protocol-1/, never required to give an answer key added since; a protocol-2 engine still is."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from datong_rules.conformance import protocol1
from datong_rules.conformance.adapters.base import Implementation
from datong_rules.conformance.adapters.jsonlines import JsonLinesImplementation
from datong_rules.conformance.runner import FAILED, PASSED, SKIPPED, run, run_one
from datong_rules.conformance.scenarios_io import load_scenarios

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "tests" / "fixtures" / "protocol1_engine" / "engine.py"
FROZEN = ROOT / "spec" / "schema" / "protocol-1"
# sha256 of release 0.1.0's spec/schema/{operations,record}.schema.json (git show f28b13e^:…), parsed and dumped
# with sorted keys, without $id and title (the frozen copies carry their own address, title and $comment).
RELEASE_0_1 = {"operations": "4c2fb7a224a6b93aaeb878e2261244f2ecd0ce70670e4f708a28db8b7ab25e74",
               "record": "a550254d3dca198150b972c03f3f19bb27a06cee020f450655f174af25dbba38"}


def huolong_scenarios():
    return [s for s in load_scenarios() if s.game == "huolong"]


def test_the_frozen_contract_is_release_0_1_unchanged():
    for name, digest in RELEASE_0_1.items():
        doc = json.loads((FROZEN / f"{name}.schema.json").read_text(encoding="utf-8"))
        for key in ("$id", "title", "$comment"):
            doc.pop(key)
        text = json.dumps(doc, sort_keys=True, ensure_ascii=False)
        assert hashlib.sha256(text.encode("utf-8")).hexdigest() == digest, f"protocol-1/{name}.schema.json edited"


def test_the_frozen_0_1_engine_passes_the_suite():
    scenarios = huolong_scenarios()
    with JsonLinesImplementation([sys.executable, str(ENGINE)]) as impl:
        outcome = run(impl, scenarios)
    assert impl.protocol == 1
    counts = outcome.counts()
    assert counts[FAILED] == 0 and counts["errored"] == 0, [r.message for r in outcome.results
                                                             if r.status in (FAILED, "errored")][:5]
    facts = [r for r in outcome.results if r.scenario.variant == "huolong/li-zhijiang" and r.scenario.op == "facts"]
    # All 8 facts scenarios of li-zhijiang are asked and pass, the first drawer's too (on its 0.1 key alone).
    assert len(facts) == 8 and {r.status for r in facts} == {PASSED}
    drawer = next(r for r in facts if "first-drawer" in r.scenario.id)
    assert "first_drawer_later_hands" not in drawer.actual
    assert counts[PASSED] >= 60


class _Facts(Implementation):
    """An in-process engine answering li-zhijiang's facts the 0.1 way (no first_drawer_later_hands)."""

    name, version = "facts-0.1", "0"

    def __init__(self, protocol):
        self.protocol = protocol

    def supported_variants(self):
        return ["huolong/*"]

    def supported_operations(self):
        return ["facts", "bottom_points"]

    def answer(self, variant, op, given):
        return {"players": 4, "decks": 3, "cards": 162, "hand_size": 39, "bottom_size": 6,
                "levels": ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"], "start_level": "3",
                "point_total": 300, "threshold": 120, "partners": [[0, 2], [1, 3]], "first_drawer_first_hand": 0}

    def query(self, scenario_id, variant, op, given):
        return self.answer(variant, op, given)


def test_a_later_key_is_required_by_protocol_3_only():
    """first_drawer_later_hands came after protocols 1 and 2 were published: an engine of either is not asked for it
    (a scenario that asks for nothing else is skipped under protocol 2), one of protocol 3 must send it."""
    drawer = next(s for s in huolong_scenarios() if s.id == "huolong.li-zhijiang.facts.first-drawer-later-hands-001")
    assert run_one(_Facts(1), drawer).status == PASSED
    assert run_one(_Facts(2), drawer).status in (PASSED, SKIPPED)
    later = run_one(_Facts(3), drawer)
    assert later.status == FAILED and "first_drawer_later_hands" in later.message


def test_questions_outside_protocol_1_are_skipped_with_the_reason():
    by_id = {s.id: s for s in huolong_scenarios()}
    # A given key added after 0.1 (bottom_points' last_trick_size).
    given = protocol1.question(by_id["huolong.datong-guide.bottom.last-trick-size-ignored-001"])
    assert given.skip is not None and "last_trick_size" in given.skip
    # A later answer key is not compared; the keys of 0.1 are.
    drawer = protocol1.question(by_id["huolong.li-zhijiang.facts.first-drawer-later-hands-001"])
    assert drawer.skip is None and set(drawer.expect) == {"first_drawer_first_hand"}
    result = run_one(_Facts(1), by_id["huolong.datong-guide.bottom.last-trick-size-ignored-001"])
    assert result.status == SKIPPED and not result.asked and "protocol 1" in result.message


def test_fuzz_judges_a_protocol_1_engine_by_protocol_1():
    from datong_rules.conformance.fuzz import session

    chosen = session.targets([("huolong/li-zhijiang", "huolong/li-zhijiang")], ["facts", "bottom_points"])
    with JsonLinesImplementation([sys.executable, str(ENGINE)]) as impl:
        results = session.run(impl, chosen, seed=1, seconds=30, max_examples=40)
    assert [r.outcome.disagreements for r in results] == [[], []]
    assert all(r.outcome.examples >= 1 for r in results)  # facts: first_drawer_later_hands is not required
