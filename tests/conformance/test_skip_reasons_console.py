"""The console says once, in the command's language, why scenarios were skipped for a reason of the engine's own
making: a question outside the frozen protocol it speaks (not asked), and a refusal of bad input that cannot be told
from a failure; each scenario's reason stays in the JSON report (English, a machine's)."""

from __future__ import annotations

import dataclasses

from datong_rules.conformance.adapters.base import BadInput, Implementation, Unsupported
from datong_rules.conformance.adapters.jsonlines import JsonLinesImplementation
from datong_rules.conformance.reports.console import render_console
from datong_rules.conformance.runner import FAILED, KIND_ANSWERED_BAD, KIND_OUTSIDE_PROTOCOL, KIND_REFUSED_GOOD, \
    KIND_UNCLEAR_REFUSAL, SKIPPED, run
from datong_rules.conformance.scenarios_io import Scenario

from conformance_support import fake_argv

BAD = Scenario(id="demo.add.bad-input-001", variant="demo/plain", rules=("demo.add",), op="add", given={"a": 1},
               expect={}, bad_input=True)
"""A question that is bad input (add without ``b``): a refusal is expected."""
BADS = [BAD, dataclasses.replace(BAD, id="demo.add.bad-input-002"), dataclasses.replace(BAD, id="demo.add.bad-input-003")]
GOOD = Scenario(id="demo.add.good-001", variant="demo/plain", rules=("demo.add",), op="add", given={"a": 1, "b": 2},
                expect={"sum": 3})


class Crashing(Implementation):
    """Crashes on every question and does not say ``refuses_bad_input``: its refusals cannot be told from bugs."""

    name = "crashing"

    def answer(self, variant, op, given):
        raise KeyError("b")


def test_refusals_that_cannot_be_told_from_failures_are_said_once():
    outcome = run(Crashing(), BADS, check_schema=False)
    assert [r.status for r in outcome.results] == [SKIPPED] * 3
    english = render_console(outcome).splitlines()
    assert ("skipped: 3 scenario(s) expecting a refusal of bad input: crashing refused them, but not as bad input, "
            "and its 'ready' does not say refuses_bad_input, so a refusal cannot be told from a failure") in english
    chinese = render_console(outcome, lang="zh").splitlines()
    assert ("跳过：3 个期望拒绝错误输入的场景：crashing 拒绝了，但没有说是输入有误；它的 'ready' 也没有声明 refuses_bad_input，"
            "所以分不清是拒绝还是出了故障") in chinese


def test_questions_outside_a_frozen_protocol_are_said_once():
    # protocol 2 cannot say a refusal of bad input: the three refusals are not asked; the good question is
    with JsonLinesImplementation(fake_argv("--protocol", "2"), timeout=2.0, startup_timeout=5.0) as impl:
        outcome = run(impl, [*BADS, GOOD], check_schema=False)
    assert [r.status for r in outcome.results] == [SKIPPED] * 3 + ["passed"]
    english = render_console(outcome).splitlines()
    assert ("skipped: 3 scenario(s) outside protocol 2, which fake-jsonl speaks: not asked (the JSON report gives "
            "each one's reason)") in english
    assert "跳过：3 个场景超出了 fake-jsonl 说的协议 2，没有问它（JSON 报告里有每一个的原因）" in \
        render_console(outcome, lang="zh").splitlines()


def test_no_such_line_when_nothing_was_skipped_so():
    outcome = run(Crashing(), [GOOD], check_schema=False)  # an errored question, not a skipped one
    assert not any(line.startswith("skipped: ") for line in render_console(outcome).splitlines())


class OwnWords(Implementation):
    """Skips every question with a reason of its own whose first words are the runner's for a question outside a
    frozen protocol, or for a refusal that cannot be told from a failure."""

    name = "own-words"

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason

    def answer(self, variant, op, given):
        raise Unsupported(self.reason)


def test_an_engines_own_reason_is_not_taken_for_the_runners_by_its_first_words():
    # the kind of a skip was read from its message's first words: an engine's reason starting with them was counted
    # as the runner's (and its protocol number read from the engine's words)
    for reason in ("not asked by protocol 7: my own reason", "refused, but not as bad input (my own reason)"):
        outcome = run(OwnWords(reason), [GOOD], check_schema=False)
        [result] = outcome.results
        assert result.status == SKIPPED and result.message == reason and result.kind is None
        for lang in ("en", "zh"):
            lines = render_console(outcome, lang=lang).splitlines()
            assert not any(line.startswith(("skipped: ", "跳过：")) for line in lines), lines


class Refusing(Implementation):
    """Refuses every question as bad input, or answers every one, as told."""

    name = "refusing"

    def __init__(self, refuse: bool) -> None:
        super().__init__()
        self.refuse = refuse

    def answer(self, variant, op, given):
        if self.refuse:
            raise BadInput("no b here")
        return {"sum": 0}


def test_each_result_the_reports_word_themselves_says_its_kind_where_the_runner_decides_it():
    unclear = run(Crashing(), [BAD], check_schema=False).results[0]
    assert (unclear.status, unclear.kind, unclear.protocol) == (SKIPPED, KIND_UNCLEAR_REFUSAL, None)
    with JsonLinesImplementation(fake_argv("--protocol", "2"), timeout=2.0, startup_timeout=5.0) as impl:
        outside = run(impl, [BAD], check_schema=False).results[0]
    assert (outside.status, outside.kind, outside.protocol) == (SKIPPED, KIND_OUTSIDE_PROTOCOL, 2)
    refused = run(Refusing(True), [GOOD], check_schema=False)
    assert (refused.results[0].status, refused.results[0].kind) == (FAILED, KIND_REFUSED_GOOD)
    assert "    把场景期望回答的问题当作输入有误拒绝了：no b here" in render_console(refused, lang="zh").splitlines()
    answered = run(Refusing(False), [BAD], check_schema=False)
    assert (answered.results[0].status, answered.results[0].kind) == (FAILED, KIND_ANSWERED_BAD)
    assert '    回答了一个输入有误的问题（应当拒绝）：{"sum": 0}' in render_console(answered, lang="zh").splitlines()
    passed = run(Refusing(True), [BAD], check_schema=False).results[0]
    assert (passed.status, passed.kind) == ("passed", None)
