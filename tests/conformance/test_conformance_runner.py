"""The runner with in-process fake implementations: statuses, comparison, filters, interruption."""

from __future__ import annotations

import pytest

from datong_rules.conformance import runner
from datong_rules.conformance.adapters.base import ImplementationStartError, load_python_impl, start_checked
from datong_rules.conformance.runner import compare, json_equal, run, select

import fake_inprocess as fakes


def statuses(outcome):
    return {r.scenario.id: r.status for r in outcome.results}


def test_correct_implementation_passes_everything(demo_scenarios):
    outcome = run(fakes.EchoImpl(), demo_scenarios)
    assert outcome.counts() == {"passed": 6, "failed": 0, "skipped": 0, "errored": 0}
    assert outcome.ok and not outcome.interrupted and outcome.selected == 6
    assert outcome.implementation == {"name": "fake-inprocess", "version": "1.0"}
    assert all(r.duration >= 0 for r in outcome.results)


def test_wrong_answers_fail_with_expected_and_actual(demo_scenarios):
    outcome = run(fakes.WrongAddImpl(), demo_scenarios)
    failed = [r for r in outcome.results if r.status == "failed"]
    assert [r.scenario.id for r in failed] == ["demo.add.small-001", "demo.add.negative-002"]
    assert failed[0].expected == {"sum": 3} and failed[0].actual == {"sum": 4}
    assert failed[0].mismatched == ["sum"] and "sum" in failed[0].message
    assert not outcome.ok


def test_exceptions_are_errored_in_one_line_and_unsupported_is_skipped(demo_scenarios):
    outcome = run(fakes.RaisingImpl(), demo_scenarios)
    got = statuses(outcome)
    assert got["demo.add.small-001"] == "errored"
    assert got["demo.echo.other-variant-004"] == "skipped"
    assert got["demo.echo.word-001"] == "passed"
    errored = next(r for r in outcome.results if r.status == "errored")
    assert errored.message == "RuntimeError: add is broken second line of the message"


def test_declared_support_skips_without_asking(demo_scenarios):
    outcome = run(fakes.EchoOnlyImpl(), demo_scenarios)
    got = {r.scenario.id: (r.status, r.message) for r in outcome.results}
    assert got["demo.add.small-001"] == ("skipped", "operation 'demo/add' not supported by fake-inprocess")
    assert got["demo.echo.other-variant-004"] == ("skipped", "variant 'demo/other' not supported by fake-inprocess")
    assert outcome.ok


def test_duck_typed_implementation_via_factory(demo_scenarios):
    impl = load_python_impl("fake_inprocess:DuckImpl")
    assert impl.name == "duck"
    assert run(impl, demo_scenarios).counts()["passed"] == 6


@pytest.mark.parametrize(("spec", "needle"), [
    ("no_colon", "MODULE:FACTORY"),
    ("no_such_module_xyz:F", "cannot import 'no_such_module_xyz'"),
    ("fake_inprocess:Nope", "has no attribute 'Nope'"),
    ("fake_inprocess:make_broken", "OSError: tables missing"),
    ("fake_inprocess:__doc__", "is not callable"),
    ("fake_inprocess:make_exiting", "'fake_inprocess:make_exiting()' failed: the implementation called sys.exit(0)"),
    ("builtins:exit", "failed: the implementation called sys.exit(None)"),
    ("../etc:x", "--impl: '../etc' is not a module name (expected dotted names such as mypkg.engine"),
    ("fake_inprocess:a/b", "--impl: 'a/b' is not a name in the module"),
])
def test_load_python_impl_errors_are_one_line(spec, needle):
    with pytest.raises(ValueError) as exc_info:
        load_python_impl(spec)
    assert needle in str(exc_info.value) and "\n" not in str(exc_info.value)


def test_sys_exit_in_answer_is_errored_and_the_run_goes_on(demo_scenarios):
    outcome = run(fakes.ExitingImpl(), demo_scenarios)
    errored = [r for r in outcome.results if r.status == "errored"]
    assert [r.message for r in errored] == ["the implementation called sys.exit(5)"] * 2
    assert outcome.counts()["passed"] == 4


def test_a_duck_typed_implementation_is_started():
    impl = load_python_impl("fake_inprocess:DuckWithStart")
    start_checked(impl)
    assert impl._inner.starts == 1


@pytest.mark.parametrize(("factory", "message"), [
    ("fake_inprocess:DuckStartFails", "OSError: no database"),
    ("fake_inprocess:DuckDeclaresNone", 'supported_variants() must return a list of strings (or ["*"] for all), got None'),
])
def test_start_checked_fails_once_with_one_line(factory, message):
    with pytest.raises(ImplementationStartError) as exc_info:
        start_checked(load_python_impl(factory))
    assert str(exc_info.value) == message


def test_keyboard_interrupt_gives_a_partial_run(demo_scenarios):
    outcome = run(fakes.InterruptingImpl(), demo_scenarios)
    assert outcome.interrupted and len(outcome.results) == 2 and outcome.selected == 6
    assert not outcome.ok


def test_implementation_cannot_alter_the_scenario(demo_scenarios):
    class Mutating(fakes.EchoImpl):
        def answer(self, variant, op, given):
            out = super().answer(variant, op, given)
            given.clear()
            return out

    run(Mutating(), demo_scenarios)
    assert all(s.given for s in demo_scenarios)


def test_non_mapping_answer_is_errored(demo_scenarios):
    class Listy(fakes.EchoImpl):
        def answer(self, variant, op, given):
            return [1, 2]

    outcome = run(Listy(), demo_scenarios[:1])
    assert outcome.results[0].status == "errored"
    assert "not a mapping" in outcome.results[0].message


def test_comparison_rule(monkeypatch):
    assert compare("op", {"a": 1}, {"a": 1, "extra": 2}) == []
    assert compare("op", {"a": 1, "b": 2}, {"a": 1}) == ["b"]
    assert compare("op", {"a": [1, 2]}, {"a": [2, 1]}) == ["a"]
    assert compare("op", {"a": True}, {"a": 1}) == ["a"]
    assert compare("op", {"a": 1}, {"a": 1.0}) == []
    assert compare("op", {"a": {"x": [1]}}, {"a": {"x": [1], "y": 0}}) == ["a"]


def test_json_equal_is_strict_about_types():
    assert json_equal(None, None) and not json_equal(None, 0)
    assert not json_equal("1", 1) and not json_equal(False, 0)
    assert json_equal({"a": [1, "x"]}, {"a": [1, "x"]})


@pytest.mark.parametrize(("filters", "expected"), [
    ({}, 6),
    ({"variants": ["demo/other"]}, 1),
    ({"ops": ["add"]}, 2),
    ({"ops": ["add", "echo"]}, 6),
    ({"rules": ["echo.lists"]}, 1),
    ({"rules": ["echo"]}, 4),
    ({"rules": ["ech"]}, 0),
    ({"keyword": "NEGATIVE"}, 1),
    ({"keyword": "回声"}, 3),
    ({"keyword": "number-003"}, 1),
    ({"ops": ["echo"], "variants": ["demo/plain"], "keyword": "list"}, 1),
])
def test_filters(demo_scenarios, filters, expected):
    assert len(select(demo_scenarios, **filters)) == expected
