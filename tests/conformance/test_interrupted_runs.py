"""A run stopped by a signal blames no engine for the query in flight: the reply to the query cut short, read while
the engine is stopped, is not "a second reply" to the query before it. And SIGHUP stops ``conform`` as SIGTERM does:
every report written and marked interrupted, exit status 129."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from datong_rules.conformance.adapters.jsonlines import JsonLinesImplementation
from datong_rules.conformance.runner import PASSED, apply_late_errors, run
from datong_rules.conformance.scenarios_io import load_scenarios

from conformance_support import FAKES, SCENARIOS, fake_argv

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGALRM")

FIRST, SLOW = "demo.add.small-001", "demo.add.negative-002"


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def _interrupted_while_slow_replies(monkeypatch, *flags: str):
    """Run FIRST then SLOW against the fake (SLOW answered after 0.2 s, and ``flags``), interrupted 0.1 s into the
    wait for SLOW's reply, as Ctrl-C or SIGTERM would stop it; close the engine (which reads SLOW's reply) and
    apply what closing found. Returns ``(outcome, the results changed by closing)``."""
    scenarios = [s for s in load_scenarios(SCENARIOS, spec_check=False) if s.id in (FIRST, SLOW)]
    read_reply = JsonLinesImplementation._read_reply

    def armed(self, child, mark, name, scenario_id):
        if scenario_id == SLOW:
            signal.setitimer(signal.ITIMER_REAL, 0.1)  # the query is sent: interrupted while its reply is awaited
        return read_reply(self, child, mark, name, scenario_id)

    monkeypatch.setattr(JsonLinesImplementation, "_read_reply", armed)
    previous = signal.signal(signal.SIGALRM, _interrupt)
    impl = JsonLinesImplementation(fake_argv("--slow-on", SLOW, *flags), timeout=10, startup_timeout=10)
    try:
        impl.start()
        outcome = run(impl, scenarios)
        impl.close()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        impl.close()
    return outcome, apply_late_errors(outcome, impl)


def test_the_reply_to_a_query_cut_short_blames_nobody(monkeypatch):
    outcome, changed = _interrupted_while_slow_replies(monkeypatch)
    assert outcome.interrupted and [r.scenario.id for r in outcome.results] == [FIRST]
    assert changed == [] and outcome.results[0].status == PASSED, outcome.results[0].message


def test_a_second_reply_to_an_answered_query_is_still_its_error_when_interrupted(monkeypatch):
    """What is cut short is only the query in flight: a line naming an answered query is that query's fault."""
    _, (changed,) = _interrupted_while_slow_replies(monkeypatch, "--twice-on", f"{FIRST}:at-stop")
    assert changed.scenario.id == FIRST and "second reply" in changed.message


def test_the_reports_are_written_when_the_summary_cannot_be(tmp_path):
    """A terminal gone (SIGHUP) or a full disk under standard output: the report files are still written."""
    report = tmp_path / "r.json"
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "datong_rules", "conform", "--scenarios", str(SCENARIOS),
                               "--no-spec-check", "--impl", "fake_inprocess:EchoImpl", "--json", str(report)],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120,
                              env={**os.environ, "PYTHONPATH": str(FAKES)})
    assert done.returncode == 1
    assert done.stderr == "error: cannot write to standard output: No space left on device\n"
    assert json.loads(report.read_text())["counts"]["passed"] == 6


@pytest.mark.parametrize("where, message", [("load_scenarios", "error: interrupted while loading scenarios"),
                                             ("make_implementation", "error: interrupted while loading the "
                                                                     "implementation")])
def test_interrupted_before_anything_is_asked_the_reports_say_so(tmp_path, monkeypatch, where, message):
    """A stop while the suite loads (seconds on a busy machine): each report asked for is still written, a run
    that asked nothing, marked interrupted; a CI job finds the files it expects."""
    import xml.etree.ElementTree as ET

    from click.testing import CliRunner

    import datong_rules.cli.conform as conform_module
    from datong_rules.cli.main import cli

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(conform_module, where, interrupted)
    report, junit, markdown = tmp_path / "r.json", tmp_path / "r.xml", tmp_path / "r.md"
    result = CliRunner().invoke(cli, ["conform", "--scenarios", str(SCENARIOS), "--no-spec-check", "--impl",
                                      "fake_inprocess:EchoImpl", "--json", str(report), "--junit", str(junit),
                                      "--markdown", str(markdown)])
    assert result.exit_code == 130
    assert result.output.splitlines() == [message]
    data = json.loads(report.read_text())
    assert data["interrupted"] is True and data["results"] == []
    assert ET.parse(junit).getroot().get("tests") == "0" and "interrupted" in markdown.read_text().lower()
