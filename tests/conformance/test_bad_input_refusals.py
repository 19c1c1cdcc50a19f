"""Scenarios that expect a refusal of bad input (``expect_bad_input``): how the runner judges an engine that answers,
refuses as bad input, refuses otherwise or crashes, in-process and over JSON lines; the loader's checks; serve's
refusals; the bundled refusal scenarios against the reference engine."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from datong_rules.conformance.adapters.base import BadInput, Implementation
from datong_rules.conformance.adapters.jsonlines import JsonLinesImplementation
from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.conformance.reports.common import mismatch_lines, said_message
from datong_rules.conformance.runner import ERRORED, FAILED, PASSED, SKIPPED, run, run_one
from datong_rules.conformance.scenarios_io import Scenario, ScenarioError, load_scenario_file
from datong_rules.conformance.serve import Server

from conformance_support import fake_argv

FAST = {"timeout": 2.0, "startup_timeout": 5.0}
OWNER = "dadun.dadun-guide.settle.bad-input-owner-not-at-level-001"
"""A bundled refusal: a 打墩 settle whose level_owner (team 0, at 5) is not at the level played (7)."""
BAD = Scenario(id="demo.add.bad-input-001", variant="demo/plain", rules=("demo.add",), op="add", given={"a": 1},
               expect={}, bad_input=True)
"""A refusal of the demo game (add without ``b``), for the fake JSON-lines engine."""
GOOD = Scenario(id="demo.add.good-001", variant="demo/plain", rules=("demo.add",), op="add", given={"a": 1, "b": 2},
                expect={"sum": 3})


@pytest.fixture(scope="module")
def refusals(bundled_suite):
    return {s.id: s for s in bundled_suite if s.bad_input}


class LaxOwner(ReferenceImplementation):
    """The reference engine, but it drops a ``level_owner`` it does not like instead of refusing: the slip an engine
    written from the docs made (it answered instead of refusing)."""

    def answer(self, variant, op, given):
        return super().answer(variant, op, {k: v for k, v in given.items() if k != "level_owner"})


class Crashing(Implementation):
    """Raises a bug's exception on every question."""

    name = "crashing"

    def answer(self, variant, op, given):
        raise KeyError("captured")


class StrictCrashing(Crashing):
    """The same, saying it refuses bad input with :class:`BadInput` (so any other exception is a failure)."""

    refuses_bad_input = True


class RefusingAll(Implementation):
    """Refuses every question as bad input."""

    name = "refusing"
    refuses_bad_input = True

    def answer(self, variant, op, given):
        raise BadInput("I refuse")


def test_every_bundled_refusal_passes_the_reference_engine(refusals):
    assert len(refusals) >= 15 and {s.game for s in refusals.values()} == {"huolong", "biedan", "dadun"}
    outcome = run(ReferenceImplementation(), list(refusals.values()))
    assert outcome.counts() == {"passed": len(refusals), "failed": 0, "skipped": 0, "errored": 0}
    assert all(r.message.startswith("refused as bad input: ") and r.actual is None for r in outcome.results)
    assert outcome.results[0].expected == {"bad_input": True}


def test_an_engine_answering_bad_input_fails(refusals):
    result = run_one(LaxOwner(), refusals[OWNER])
    assert result.status == FAILED
    assert result.message.startswith("answered a question that is bad input (expected a refusal): ")
    assert result.actual["winner"] == 1 and result.mismatched == []
    assert result.blamed == ("levels.played",)
    assert mismatch_lines(result) == [result.message]  # what the console, JUnit and pytest show of it
    assert '"scores": null' in result.message and "None" not in result.message  # the answer as JSON, not Python
    [said] = mismatch_lines(result, lang="zh")  # the console under --lang zh
    assert said.startswith("回答了一个输入有误的问题（应当拒绝）：{") and '"scores": null' in said


def test_a_crash_on_bad_input_is_errored_when_the_engine_refuses_by_badinput_else_skipped(refusals):
    strict = run_one(StrictCrashing(), refusals[OWNER])
    assert (strict.status, strict.message) == (ERRORED, "KeyError: 'captured'")
    lax = run_one(Crashing(), refusals[OWNER])
    assert lax.status == SKIPPED
    assert lax.message.startswith("refused, but not as bad input (KeyError: 'captured'); crashing does not say "
                                  "refuses_bad_input")


def test_a_good_question_refused_as_bad_input_fails(bundled_suite):
    good = next(s for s in bundled_suite if s.id == "dadun.dadun-guide.settle.partners-1-2-team1-001")
    result = run_one(RefusingAll(), good)
    assert result.status == FAILED
    assert result.message == "refused as bad input a question the scenario expects answered: I refuse"
    assert "winner" in result.mismatched
    lines = mismatch_lines(result)
    assert lines[0] == result.message and "winner: actual   (missing)" in lines
    said = mismatch_lines(result, lang="zh")
    assert said[0] == "把场景期望回答的问题当作输入有误拒绝了：I refuse" and "winner：实际 （没有）" in said


def run_fake(scenarios, *flags):
    with JsonLinesImplementation(fake_argv(*flags), **FAST) as impl:
        outcome = run(impl, scenarios)
        said = impl.refuses_bad_input
    return said, {r.scenario.id: r for r in outcome.results}


def reply(scenario, **message):
    return f"{scenario.id}=" + json.dumps({"id": "{id}", **message})


def test_over_json_lines_a_refusal_passes_an_answer_fails_a_crash_is_errored():
    crash = dataclasses.replace(BAD, id="demo.add.bad-input-002")
    plain = dataclasses.replace(BAD, id="demo.add.bad-input-003")
    said, got = run_fake([BAD, crash, plain, GOOD], "--protocol", "3",
                         "--raw-on", reply(BAD, type="errored", message="b is missing", bad_input=True),
                         "--crash-on", crash.id, "--error-on", plain.id)
    assert said is False
    assert (got[BAD.id].status, got[BAD.id].message) == (PASSED, "refused as bad input: b is missing")
    assert got[crash.id].status == ERRORED and got[crash.id].message.startswith("implementation exited with code 3")
    assert got[plain.id].status == SKIPPED and "not as bad input" in got[plain.id].message
    assert got[GOOD.id].status == PASSED
    # the fake answers add without b by crashing (KeyError): an engine that answers instead fails
    said, got = run_fake([BAD], "--protocol", "3", "--raw-on", reply(BAD, type="result", answer={"sum": 1}))
    assert got[BAD.id].status == FAILED and got[BAD.id].actual == {"sum": 1}


def test_over_json_lines_refuses_bad_input_makes_a_plain_errored_an_error():
    said, got = run_fake([BAD, GOOD], "--protocol", "3", "--ready-extra", '{"refuses_bad_input": true}',
                         "--error-on", BAD.id, "--raw-on", reply(GOOD, type="errored", message="no", bad_input=True))
    assert said is True
    assert (got[BAD.id].status, got[BAD.id].message) == (ERRORED, "implementation reported an error: internal error")
    assert said_message(got[BAD.id].message, "zh") == "实现报告了错误：internal error"  # the console under --lang zh
    assert got[GOOD.id].status == FAILED and got[GOOD.id].message.endswith("expects answered: no")


def test_a_frozen_protocol_is_not_asked_and_cannot_say_bad_input():  # protocol 1: test_protocol1_engine.py
    protocol = 2
    said, got = run_fake([BAD, GOOD], "--protocol", str(protocol), "--ready-extra", '{"refuses_bad_input": true}',
                         "--raw-on", reply(GOOD, type="errored", message="no", bad_input=True))
    assert said is False
    assert got[BAD.id].status == SKIPPED and not got[BAD.id].asked
    assert got[BAD.id].message.startswith(f"not asked by protocol {protocol}: it expects the question refused")
    assert got[GOOD.id].status == ERRORED  # bad_input means nothing before protocol 3: a plain errored


@pytest.mark.parametrize(("protocol", "flagged"), [(3, True), (2, False)])
def test_serve_refuses_bad_input_with_the_flag_under_protocol_3(refusals, protocol, flagged):
    server = Server(ReferenceImplementation())
    ready = server.start({"type": "start", "protocol": 1, "protocols": [protocol]})
    assert ready.get("refuses_bad_input", False) is flagged
    owner = refusals[OWNER]
    query = {"type": "query", "id": "q", "variant": owner.variant, "op": owner.full_op, "given": owner.given}
    refused = server.query(query)
    assert refused["type"] == "errored" and "level_owner" in refused["message"]
    assert refused.get("bad_input", False) is flagged
    schema = server.query({**query, "given": {**owner.given, "captured": [-1, 0, 0, 0]}})  # the schema refuses it
    assert schema["type"] == "errored" and schema.get("bad_input", False) is flagged


def _load(tmp_path, entry: str):
    path = tmp_path / "settle.yaml"
    path.write_text('defaults: {variant: "dadun/dadun-guide", op: settle}\nscenarios:\n'
                    '  - id: dadun.dadun-guide.settle.x-001\n    rules: ["levels.played"]\n'
                    '    reasoning: "r"\n    description: {zh: 中, en: e}\n' + entry, encoding="utf-8")
    return load_scenario_file(path)


def test_a_refusal_scenario_loads_with_a_bad_given(tmp_path):
    [scenario] = _load(tmp_path, '    given: {"finish": [0, 2], "captured": [-5, 0, 0, 0]}\n'
                                 '    expect_bad_input: true\n')
    assert scenario.bad_input and scenario.expect == {}


@pytest.mark.parametrize(("entry", "words"), [
    ('    given: {"finish": [0, 2], "captured": [-5, 0, 0, 0]}\n    expect: {"winner": 0}\n',
     "given.captured[0]"),  # an answer is expected: the whole given is checked
    ('    given: {"finsh": [0, 2]}\n    expect_bad_input: true\n', "given.finsh: unknown key 'finsh'"),
    ('    given: {"finish": [0, 2]}\n    expect_bad_input: true\n    expect: {"winner": 0}\n',
     "expect: not allowed here (expect_bad_input takes the place of expect"),
    ('    given: {"finish": [0, 2]}\n    expect_bad_input: true\n    key_rules: {winner: [levels.played]}\n',
     "key_rules: not allowed here"),
    ('    given: {"finish": [0, 2]}\n    expect_bad_input: false\n', "expect_bad_input: false is not allowed"),
    ('    given: {"finish": [0, 2]}\n    expect_bad_input: "yes"\n',
     "expect_bad_input: 'yes' is not allowed here (expected true)"),  # the YAML word, not Python's True
    ('    given: {"finish": [0, 2]}\n', "needs 'expect' or 'expect_bad_input'"),
])
def test_the_loader_refuses_a_malformed_refusal_scenario(tmp_path, entry, words):
    with pytest.raises(ScenarioError) as caught:
        _load(tmp_path, entry)
    assert len(caught.value.errors) == 1 and words in caught.value.errors[0] and "settle.yaml:" in str(caught.value)


def test_a_house_inherits_the_refusals_it_still_refuses_and_leaves_out_one_it_answers(bundled_suite):
    from datong_rules.conformance.house import DIFFERS, inherit
    from datong_rules.reference_impl.variant import open_variant

    house = open_variant(str(Path(__file__).resolve().parents[2] / "docs" / "examples" / "dadun-house.yaml"))
    suite = inherit(house, [s for s in bundled_suite if s.game == "dadun"])
    kept = {s.id: s for s in suite.scenarios if s.bad_input}
    assert OWNER in kept and kept[OWNER].variant == house.id  # still bad input under the house: asked about it
    outcome = run(ReferenceImplementation(), list(kept.values()))
    assert outcome.counts()["passed"] == len(kept)
    # both teams at A without level_owner is bad input only where A is passed at a team's own A (a-own-level)
    [own_a] = [e for e in suite.left_out if e.scenario.id == "dadun.a-own-level.settle.bad-input-owner-needed-at-a-001"]
    assert own_a.why == DIFFERS and "match.end" in own_a.rules
    assert own_a.text.startswith("the reference engine playing the house answers the question, bad input in its variant")


@pytest.mark.parametrize("flag", ["yes", 1, None])
def test_over_json_lines_a_bad_input_that_is_not_a_boolean_is_a_protocol_error(flag):
    """``"bad_input": "yes"`` is neither a refusal nor a plain error: the scenario is errored with a message naming
    the key and what it must be (it was taken as a plain errored, so a refusal scenario was skipped as unclear)."""
    said, got = run_fake([BAD, GOOD], "--protocol", "3",
                         "--raw-on", reply(BAD, type="errored", message="no b", bad_input=flag),
                         "--raw-on", reply(GOOD, type="errored", message="no", bad_input=flag))
    for result in got.values():
        assert result.status == ERRORED
        assert result.message.startswith(f"protocol error: 'bad_input' must be true or false, got {json.dumps(flag)}")


def test_a_ready_whose_refuses_bad_input_is_not_a_boolean_is_refused():
    with pytest.raises(Exception) as caught:
        with JsonLinesImplementation(fake_argv("--protocol", "3", "--ready-extra", '{"refuses_bad_input": "yes"}'),
                                     **FAST):
            pass
    assert "'refuses_bad_input' must be true or false" in str(caught.value)
