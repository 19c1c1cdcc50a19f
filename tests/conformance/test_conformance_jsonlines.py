"""The JSON-lines adapter against a fake subprocess that misbehaves on demand."""

from __future__ import annotations

import dataclasses
import re
import sys
import time

import pytest

from datong_rules.conformance.adapters.base import ImplementationStartError
from datong_rules.conformance.adapters.jsonlines import JsonLinesImplementation
from datong_rules.conformance.runner import run

from conformance_support import fake_argv, fake_cmd, gone, pids_in

FAST = {"timeout": 0.5, "startup_timeout": 1.0}


def run_fake(scenarios, *flags, **options):
    with JsonLinesImplementation(fake_argv(*flags), **{**FAST, **options}) as impl:
        outcome = run(impl, scenarios)
    return outcome, {r.scenario.id: r for r in outcome.results}


def test_correct_implementation_passes_and_handshake_is_read(demo_scenarios):
    with JsonLinesImplementation(fake_cmd(), **FAST) as impl:
        assert (impl.name, impl.version) == ("fake-jsonl", "0.0.1")
        assert impl.supported_operations() == ["demo/echo", "demo/add"] and impl.supported_variants() == ["*"]
        outcome = run(impl, demo_scenarios)
    assert outcome.counts()["passed"] == 6
    assert outcome.implementation == {"name": "fake-jsonl", "version": "0.0.1"}


def test_wrong_answer_fails(demo_scenarios):
    _, by_id = run_fake(demo_scenarios, "--wrong-on", "demo.echo.word-001")
    result = by_id["demo.echo.word-001"]
    assert result.status == "failed" and result.actual == {"value": "WRONG"}


def test_crash_is_errored_with_exit_code_and_stderr_then_restarted(demo_scenarios):
    outcome, by_id = run_fake(demo_scenarios, "--crash-on", "demo.add.small-001")
    crashed = by_id["demo.add.small-001"]
    assert crashed.status == "errored"
    assert crashed.message == "implementation exited with code 3 before replying"
    assert crashed.stderr[-1] == "panic: crashed on demo.add.small-001"
    assert outcome.counts() == {"passed": 5, "failed": 0, "skipped": 0, "errored": 1}


def test_hang_is_a_timeout_then_restarted(demo_scenarios):
    start = time.monotonic()
    outcome, by_id = run_fake(demo_scenarios, "--hang-on", "demo.echo.list-002")
    assert by_id["demo.echo.list-002"].status == "errored"
    assert by_id["demo.echo.list-002"].message == "timeout after 0.5s"
    assert outcome.counts()["passed"] == 5
    assert time.monotonic() - start < 5


def test_garbage_not_object_and_mismatched_id_are_errored_with_what_was_received(demo_scenarios):
    outcome, by_id = run_fake(demo_scenarios, "--garbage-on", "demo.add.small-001",
                              "--bad-id-on", "demo.echo.word-001", "--not-object-on", "demo.echo.list-002")
    garbage = by_id["demo.add.small-001"]
    assert garbage.status == "errored" and garbage.message.startswith("not a JSON line: Traceback")
    assert "\x1b" not in garbage.message and "\\x1b" in garbage.message
    bad_id = by_id["demo.echo.word-001"]
    assert bad_id.status == "errored" and '"some.other-id"' in bad_id.message
    assert by_id["demo.echo.list-002"].message == "not a JSON object: [1, 2, 3]"
    assert outcome.counts()["passed"] == 3


def test_reply_shapes_errored_and_skipped(demo_scenarios):
    outcome, by_id = run_fake(demo_scenarios, "--error-on", "demo.add.small-001", "--skip-on", "demo.echo.word-001")
    assert by_id["demo.add.small-001"].message == "implementation reported an error: internal error"
    assert (by_id["demo.echo.word-001"].status, by_id["demo.echo.word-001"].message) == ("skipped", "not modelled")


def test_declared_operations_and_variants_are_skipped_without_a_query(demo_scenarios):
    outcome, by_id = run_fake(demo_scenarios, "--ops", "echo", "--variants", "demo/plain",
                              "--crash-on", "demo.add.small-001", "--crash-on", "demo.echo.other-variant-004")
    assert by_id["demo.add.small-001"].status == "skipped"  # never sent, so never crashed
    assert by_id["demo.echo.other-variant-004"].message == "variant 'demo/other' not supported by fake-jsonl"
    assert outcome.counts() == {"passed": 3, "failed": 0, "skipped": 3, "errored": 0}


def test_chatty_stderr_does_not_block_and_is_kept_per_scenario(demo_scenarios):
    outcome, by_id = run_fake(demo_scenarios, "--stderr-spam", "2000", "--crash-on", "demo.echo.word-001")
    crashed = by_id["demo.echo.word-001"]
    assert crashed.status == "errored" and len(crashed.stderr) == 50
    assert crashed.stderr[-1] == "panic: crashed on demo.echo.word-001"
    assert all("demo.echo.word-001" in line for line in crashed.stderr)
    assert outcome.counts()["passed"] == 5


def test_keeps_crashing_gives_up_after_the_restart_cap_per_operation(demo_scenarios):
    outcome, _ = run_fake(demo_scenarios, "--crash-always", max_restarts=1)
    by_op = {}
    for r in outcome.results:
        by_op.setdefault(r.scenario.op, []).append(r)
    echo = [r.message for r in by_op["echo"]]
    assert echo[:2] == ["implementation exited with code 3 before replying"] * 2
    assert echo[2:] == ["not queried: operation demo/echo keeps crashing (2 crashes in a row, 1 restart)"] * 2
    assert [r.asked for r in by_op["echo"]] == [True, True, False, False]
    assert outcome.counts()["errored"] == 6


def test_one_operation_crashing_or_hanging_leaves_the_others_alone(demo_scenarios):
    adds = [s.id for s in demo_scenarios if s.op == "add"]
    echoes = [s.id for s in demo_scenarios if s.op == "echo"]
    more = demo_scenarios + [dataclasses.replace(s, id=f"{s.id}-again") for s in demo_scenarios if s.op == "echo"]
    flags = [f for i in echoes for f in ("--hang-on", i)] + [f for i in echoes for f in ("--hang-on", i + "-again")]
    outcome, by_id = run_fake(more, *flags, max_restarts=1, timeout=0.3)
    assert all(by_id[i].status == "passed" for i in adds)
    messages = [r.message for r in outcome.results if r.scenario.op == "echo"]
    assert messages[:2] == ["timeout after 0.3s"] * 2
    assert set(messages[2:]) == {"not queried: operation demo/echo keeps timing out (2 timeouts in a row, 1 restart)"}


def test_a_reply_over_the_line_cap_errors_its_scenario_at_once_and_restarts(demo_scenarios):
    start = time.monotonic()
    outcome, by_id = run_fake(demo_scenarios, "--huge-on", "demo.echo.word-001", timeout=30)
    assert time.monotonic() - start < 5
    huge = by_id["demo.echo.word-001"]
    assert huge.status == "errored" and huge.message.startswith("reply line over the cap of 8388608 bytes")
    assert outcome.counts()["passed"] == 5


def test_a_good_reply_resets_the_restart_count(demo_scenarios):
    crash = [f for s in demo_scenarios[::2] for f in ("--crash-on", s.id)]
    outcome, _ = run_fake(demo_scenarios, *crash, max_restarts=1)
    assert outcome.counts() == {"passed": 3, "failed": 0, "skipped": 0, "errored": 3}


@pytest.mark.parametrize(("flags", "needle"), [
    (["--refuse-handshake"], "expected a 'ready' JSON line, got: hello, I am not a protocol speaker"),
    (["--silent-handshake"], "no 'ready' reply within 1s"),
    (["--die-at-start"], "exited with code 4 before 'ready' (stderr: fatal: cannot load my tables)"),
    (["--ready-extra", '{"protocol": 4}'], "speaks protocol 4"),
    (["--ready-extra", '{"operations": "echo"}'], "'ready' needs 'operations'"),
    (["--ready-extra", '{"name": 3}'], "'ready' needs a string 'name'"),
])
def test_handshake_failures(flags, needle):
    impl = JsonLinesImplementation(fake_argv(*flags), **FAST)
    with pytest.raises(ImplementationStartError) as exc_info:
        impl.start()
    message = str(exc_info.value)
    assert message.startswith("handshake failed: ") and needle in message and "\n" not in message
    assert not exc_info.value.launch_failed
    impl.close()


def test_command_that_cannot_run():
    impl = JsonLinesImplementation("/no/such/engine --flag", **FAST)
    with pytest.raises(ImplementationStartError) as exc_info:
        impl.start()
    assert exc_info.value.launch_failed and "cannot run '/no/such/engine'" in str(exc_info.value)


def test_bad_commands_are_value_errors():
    with pytest.raises(ValueError, match="empty"):
        JsonLinesImplementation("   ")
    with pytest.raises(ValueError, match="cannot parse"):
        JsonLinesImplementation('engine "unclosed')


def test_close_is_idempotent_and_stops_the_process(demo_scenarios):
    impl = JsonLinesImplementation(fake_argv(), **FAST)
    impl.start()
    process = impl._child.proc
    impl.close()
    impl.close()
    assert process.poll() is not None


# -- processes left behind: the whole process group is killed, nothing waits without a bound ------
leftovers = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc to see that processes are gone")


@leftovers
def test_a_worker_left_behind_after_stop_is_killed_and_does_not_hold_the_run(demo_scenarios, tmp_path):
    pidfile = tmp_path / "pids"
    start = time.monotonic()
    outcome, _ = run_fake(demo_scenarios, "--leave-child", str(pidfile))
    assert outcome.counts()["passed"] == 6
    assert time.monotonic() - start < 5
    [worker] = pids_in(pidfile)
    assert gone(worker)


@leftovers
def test_exit_before_ready_leaving_a_child_is_a_timeout_that_says_so(tmp_path):
    pidfile = tmp_path / "pids"
    impl = JsonLinesImplementation(["sh", "-c", f"sleep 30 & echo $! > {pidfile}; exit 0"],
                                   timeout=0.5, startup_timeout=0.5)
    start = time.monotonic()
    with pytest.raises(ImplementationStartError) as exc_info:
        impl.start()
    assert time.monotonic() - start < 4
    assert str(exc_info.value) == ("handshake failed: no 'ready' reply within 0.5s (the implementation exited "
                                   "with code 0, but a process it started keeps its output open)")
    [worker] = pids_in(pidfile)
    assert gone(worker)


@leftovers
def test_exit_in_a_query_leaving_a_child_is_a_timeout_then_restarted(demo_scenarios, tmp_path):
    pidfile = tmp_path / "pids"
    start = time.monotonic()
    outcome, by_id = run_fake(demo_scenarios, "--leave-child", str(pidfile), "--exit-on", "demo.add.small-001")
    assert by_id["demo.add.small-001"].message == ("timeout after 0.5s (the implementation exited with code 0, "
                                                   "but a process it started keeps its output open)")
    assert outcome.counts() == {"passed": 5, "failed": 0, "skipped": 0, "errored": 1}
    assert time.monotonic() - start < 8
    workers = pids_in(pidfile)
    assert len(workers) == 2 and all(gone(pid) for pid in workers)  # the first run's and the restart's


def test_an_implementation_that_reads_no_input_is_a_timeout(demo_scenarios):
    big = [dataclasses.replace(demo_scenarios[0], given={"value": "x" * 300_000})]
    start = time.monotonic()
    outcome, _ = run_fake(big, "--deaf")
    [result] = outcome.results
    assert result.status == "errored"
    assert result.message == "timeout after 0.5s: the implementation did not read its input"
    assert time.monotonic() - start < 5


@pytest.mark.parametrize("value", [float("inf"), float("nan"), 0, -1, 1e308, 3601])
def test_timeouts_must_be_finite_seconds(value):
    with pytest.raises(ValueError, match="the timeout must be a number of seconds more than 0 and at most 3600"):
        JsonLinesImplementation(fake_argv(), timeout=value)
    with pytest.raises(ValueError, match="the startup timeout must be"):
        JsonLinesImplementation(fake_argv(), startup_timeout=value)


def test_binary_garbage_in_the_handshake_is_described_not_echoed():
    command = [sys.executable, "-c", "import os, sys; sys.stdin.readline(); "
               "sys.stdout.buffer.write(bytes(b for b in range(256) if b != 10) + b'\\n'); sys.stdout.flush()"]
    with pytest.raises(ImplementationStartError) as exc_info:
        JsonLinesImplementation(command, **FAST).start()
    assert re.fullmatch(r"handshake failed: expected a 'ready' JSON line, got: binary data \(\d+ characters, "
                        r"not text\)", str(exc_info.value))
