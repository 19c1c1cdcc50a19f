"""Published protocols kept: protocol 2 is frozen as it was published (spec/schema/protocol-2/: commit a724054, which
published it; Dadun's part at f28d853, which published Dadun's operations),
the answer keys added since belong to protocol 3, and the handshake settles the version. Engines of each published
version (tests/fixtures/protocol_engines/engine.py) pass the suite: one of protocol 2 that leaves out every later key,
one of protocol 1 that sends a key a later protocol defines; a protocol-3 engine is still required the later keys."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from datong_rules.conformance import protocols
from datong_rules.conformance.adapters.base import Implementation
from datong_rules.conformance.adapters.jsonlines import JsonLinesImplementation
from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.conformance.runner import FAILED, PASSED, SKIPPED, run, run_one
from datong_rules.conformance.scenarios_io import load_scenarios
from datong_rules.conformance.serve import Server

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "tests" / "fixtures" / "protocol_engines" / "engine.py"
FROZEN = ROOT / "spec" / "schema" / "protocol-2"
# Each file of the frozen contract: the commit that first published it under protocol 2 (a724054 published protocol 2
# with Huolong, Biedan and the shared types; f28d853 published Dadun's operations, and the record envelope's Dadun
# branch), and the sha256 of the file as that commit had it under spec/schema/ (git show COMMIT:spec/schema/NAME),
# parsed and dumped with sorted keys, without $id and title (the frozen copies carry their own address, title and
# $comment) and without descriptions (prose, not contract: the frozen copies name no document outside the project).
PUBLISHED_2 = {
    "operations.schema.json": ("a724054", "dbf4053b7ff87abe1ea7533d2455cf9f4655b4046cf55c04db4c1748f20d38ba"),
    "games/huolong/operations.schema.json": ("a724054",
                                             "460cea5942c1031476335d40cff2c96dc73941a2674afa8fdbd7e455e1ead1fe"),
    "games/huolong/record.schema.json": ("a724054", "f6fed02011ca1a1524edd389b76d9f9eec0b458990e9e19b1ca44cd9493213a8"),
    "games/biedan/operations.schema.json": ("a724054",
                                            "8fc47b0d12f9ec4d015b0f30427c25e48a458c6f1dfe83e18a009cbdd7f6f966"),
    "games/biedan/record.schema.json": ("a724054", "7a164ff9f55f272771c69d703ef3e6def7446ad5559a8443326d63d7b1a7808c"),
    "record.schema.json": ("f28d853", "76349737d989bec35a069db92bddb107e773b5e869d0a1085fe565b0ccda06cf"),
    "games/dadun/operations.schema.json": ("f28d853", "42904a09550b1136a06a34da95a2adcae036f879f5060d047c09d7561326f036"),
    "games/dadun/record.schema.json": ("f28d853", "e372fce73d68ecc443bb8273c8ec8de34fb3295708db041760f71dcfc145cc31"),
}


def _without_descriptions(node):
    """``node`` (parsed JSON) with every ``description`` left out."""
    if isinstance(node, dict):
        return {k: _without_descriptions(v) for k, v in node.items() if k != "description"}
    if isinstance(node, list):
        return [_without_descriptions(v) for v in node]
    return node


def _engine(version: int) -> JsonLinesImplementation:
    return JsonLinesImplementation([sys.executable, str(ENGINE), str(version)])


def test_the_frozen_protocol_2_contract_is_as_published():
    assert sorted(p.relative_to(FROZEN).as_posix() for p in FROZEN.rglob("*.json")) == sorted(PUBLISHED_2)
    for name, (commit, digest) in PUBLISHED_2.items():
        doc = json.loads((FROZEN / name).read_text(encoding="utf-8"))
        assert doc["$id"].endswith(f"/schema/protocol-2/{name}"), name  # its references stay in the frozen folder
        assert f"at commit {commit}" in doc["$comment"] and doc["title"].endswith(f"at {commit})"), name
        for key in ("$id", "title", "$comment"):
            doc.pop(key)
        text = json.dumps(_without_descriptions(doc), sort_keys=True, ensure_ascii=False)
        assert hashlib.sha256(text.encode("utf-8")).hexdigest() == digest, f"protocol-2/{name} edited"


def test_protocol_2_as_published_had_no_later_facts_key():
    """攉龙 ``facts``' ``first_drawer_later_hands`` came after protocol 2 was published: protocol 2 neither requires
    nor lists it (a later key, accepted when sent), protocol 3 requires it."""
    from datong_rules.conformance.operations_schema import ANSWER, answer_validator, frozen_answer_keys, validator

    assert "first_drawer_later_hands" not in frozen_answer_keys("huolong/facts", 2)
    assert "first_drawer_later_hands" not in validator("facts", ANSWER, "huolong", 2).schema["required"]
    assert "first_drawer_later_hands" in validator("facts", ANSWER, "huolong").schema["required"]
    scenario = next(s for s in load_scenarios() if s.game == "huolong" and s.op == "facts")
    assert run_one(_Without(2, "first_drawer_later_hands"), scenario).status == PASSED
    assert run_one(_Without(3, "first_drawer_later_hands"), scenario).status == FAILED
    assert answer_validator("facts", "huolong", 2).is_valid(ReferenceImplementation().answer(
        scenario.variant, "huolong/facts", scenario.given))  # sent by a newer engine: accepted


def test_a_protocol_2_engine_as_published_passes_the_suite():
    scenarios = load_scenarios()
    with _engine(2) as impl:
        outcome = run(impl, scenarios)
    assert impl.protocol == 2
    counts = outcome.counts()
    bad = [(r.scenario.id, r.message) for r in outcome.results if r.status in (FAILED, "errored")]
    assert not bad, bad[:5]
    # the settle scenarios that expect a later key are asked, and judged on the keys protocol 2 had
    settled = [r for r in outcome.results if r.scenario.op == "settle" and r.scenario.game in ("biedan", "dadun")
               and {"score", "places"} & set(r.scenario.expect)]
    assert settled and all(r.status == PASSED for r in settled if r.scenario.game == "biedan")
    later = {"biedan": "score", "dadun": "places"}
    assert all(later[r.scenario.game] not in r.actual for r in settled if r.actual)  # it never sent them
    facts = [r for r in outcome.results if r.scenario.full_op == "huolong/facts"]
    assert facts and all(r.status == PASSED and "first_drawer_later_hands" not in r.actual for r in facts)
    skipped = [r for r in outcome.results if r.status == SKIPPED]
    assert all(r.message.startswith("not asked by protocol 2: ") for r in skipped), skipped[:3]
    refusals = [r for r in skipped if r.scenario.bad_input]  # protocol 2 cannot tell a refusal from a crash
    assert refusals and all("refused as bad input" in r.message for r in refusals)
    assert {r.scenario.id for r in refusals} == {s.id for s in scenarios if s.bad_input}
    assert counts[PASSED] >= 1400 and len(skipped) - len(refusals) <= 45  # only what protocol 2 could not say is left
    # out (given keys of protocol 3 such as 攉龙 settle bottom_small_jokers, attackers_last_banker, dug_with_big_joker
    # and bottom_points last_trick_size, 打墩 legal_play_count distinct and settle level_owner; later reason codes)


def test_a_protocol_1_engine_sending_a_later_key_passes():
    with _engine(1) as impl:
        outcome = run(impl, [s for s in load_scenarios() if s.game == "huolong"])
    assert impl.protocol == 1
    bad = [(r.scenario.id, r.message) for r in outcome.results if r.status in (FAILED, "errored")]
    assert not bad, bad[:5]
    facts = [r for r in outcome.results if r.scenario.op == "facts" and r.status == PASSED]
    assert facts and all("first_drawer_later_hands" in r.actual for r in facts)  # defined by protocol 3, accepted


class _Without(Implementation):
    """The reference engine leaving one answer key out, speaking ``protocol``."""

    name, version = "without-a-key", "0"

    def __init__(self, protocol: int, key: str) -> None:
        self.protocol, self.key, self.reference = protocol, key, ReferenceImplementation()

    def answer(self, variant, op, given):
        return {k: v for k, v in self.reference.answer(variant, op, given).items() if k != self.key}


def test_a_later_key_is_required_by_protocol_3_only():
    scenario = next(s for s in load_scenarios() if s.game == "biedan" and s.op == "settle" and "score" in s.expect)
    assert run_one(_Without(2, "score"), scenario).status == PASSED
    for newer in (3, None):  # protocol 3, or an in-process engine (today's contract)
        result = run_one(_Without(newer, "score"), scenario)
        assert result.status == FAILED and "score" in result.message


def test_a_given_key_added_later_is_not_asked_by_protocol_2():
    scenario = next(s for s in load_scenarios() if s.game == "dadun" and s.op == "settle" and "a_failures" in s.given)
    asked = protocols.question(scenario, 2)
    assert asked.skip is not None and "a_failures" in asked.skip and asked.expect == {}
    assert run_one(_Without(2, "places"), scenario).status == SKIPPED


def test_the_handshake_settles_the_highest_version_both_speak():
    assert protocols.PROTOCOLS == (1, 2, 3) and protocols.FROZEN == (1, 2)
    server = Server(ReferenceImplementation())
    assert server.start({"type": "start", "protocol": 1, "protocols": [1, 2, 3]})["protocol"] == 3
    assert server.start({"type": "start", "protocol": 1, "protocols": [1, 2]})["protocol"] == 2  # an older runner
    assert server.start({"type": "start", "protocol": 1})["protocol"] == 1
    with JsonLinesImplementation([sys.executable, "-m", "datong_rules", "serve"]) as impl:
        assert impl.protocol == 3  # the runner offers 1, 2 and 3; the reference engine speaks 3


def test_fuzz_judges_a_protocol_2_engine_by_protocol_2():
    from datong_rules.conformance.fuzz import session

    chosen = session.targets([("dadun/dadun-guide", "dadun/dadun-guide"), ("biedan/biedan-guide",
                                                                          "biedan/biedan-guide")], ["settle"])
    with _engine(2) as impl:
        results = session.run(impl, chosen, seed=1, seconds=30, max_examples=60)
    assert [r.outcome.disagreements for r in results] == [[], []]
    assert all(r.outcome.examples >= 1 for r in results)
