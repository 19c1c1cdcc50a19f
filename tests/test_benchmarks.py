"""The benchmarks fail when they measured nothing (one ``error: measured nothing: …`` line, exit 1) instead of
printing a rate of nothing; ``bench_protocol.py`` measures protocol 2 by default. The rates themselves are not
checked here (speed is measured by the scripts, never by timed tests): only small runs, for their verdicts."""

from __future__ import annotations

import gc
import importlib.util
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BENCH = REPO / "benchmarks"

PROTOCOL_1_ECHO = r"""
import json, sys
sys.stdin.readline()
print(json.dumps({"type": "ready", "name": "echo1", "version": "0", "variants": ["*"], "operations": ["*"]}), flush=True)
for line in sys.stdin:
    q = json.loads(line)
    if q["type"] == "stop":
        break
    print(json.dumps({"type": "result", "id": q["id"], "answer": q["given"]}), flush=True)
"""


def bench(script: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(BENCH / script), *args], capture_output=True, text=True, timeout=120,
                          cwd=REPO)


def test_bench_protocol_measures_protocol_2_by_default():
    done = bench("bench_protocol.py", "-n", "200")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("echo 0, protocol 2: 200 queries answered in ") and "(200 passed)" in done.stdout


def test_bench_protocol_fails_when_every_query_was_skipped():
    """The old echo engine spoke protocol 1: all its queries were skipped, and a rate was printed all the same."""
    engine = shlex.join([sys.executable, "-c", PROTOCOL_1_ECHO])
    done = bench("bench_protocol.py", "-n", "50", "--impl-cmd", engine)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip() == ("error: measured nothing: no query answered (all 50 skipped: echo1 speaks "
                                   "protocol 1 (its 'ready' has no \"protocol\": 2), which covers Huolong only; an "
                                   "engine declares other games with protocol 2); a benchmark that measured nothing "
                                   "fails")


def test_bench_protocol_fails_when_queries_error():
    engine = shlex.join([sys.executable, "-c", "import sys; sys.stdin.readline(); print('hello')"])
    done = bench("bench_protocol.py", "-n", "5", "--impl-cmd", engine, "--timeout", "2")
    assert done.returncode == 1 and done.stderr.startswith("error: cannot start the implementation: handshake failed")


@pytest.mark.parametrize(("script", "args", "message"), [
    ("bench_fuzz.py", ["--variant", "huolong/li-zhijiang", "--op", "no_such_op", "-n", "5"],
     "error: measured nothing: no question compared (no operation of the variants and --op given has a generator)"),
    ("bench_hands.py", ["--hands", "0", "--repeat", "1"],
     "error: measured nothing: no settled hand of huolong/li-zhijiang (--hands 0)"),
    ("bench_biedan.py", ["-n", "0"], "error: measured nothing: no hand played (-n 0)"),
    ("bench_dadun.py", ["-n", "0"], "error: measured nothing: no hand played (-n 0)"),
    ("bench_fuzz_house.py", ["-n", "0", "--game", "biedan"],
     "error: measured nothing: no question compared (-n 0)"),
    ("bench_simulate.py", ["--games", "biedan", "--scale", "0"],
     "error: measured nothing: no hand of biedan to play (--scale 0.0)"),
    ("bench_bots.py", ["--games", "biedan", "--hands", "0"], "error: measured nothing: no hand to play (--hands 0)"),
    ("bench_mypyc.py", ["--decisions", "0"], "error: measured nothing: no decision timed (--decisions 0)"),
    ("bench_mypyc.py", ["--games", "dadun", "--hands", "0"], "error: measured nothing: no hand timed (--hands 0)"),
    ("bench_search_bot.py", ["--games", "biedan", "--hands", "0"],
     "error: measured nothing: no hand to play (--hands 0)"),
])
def test_a_benchmark_that_measured_nothing_fails(script, args, message):
    done = bench(script, *args)
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert done.stderr.strip().splitlines()[-1] == message + "; a benchmark that measured nothing fails"
    assert "Traceback" not in done.stderr


def test_bench_mypyc_names_the_games_it_can_time():
    done = bench("bench_mypyc.py", "--games", "huolong,hearts")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1] == ("bench_mypyc.py: error: --games: expected some of biedan, "
                                                    "huolong, dadun, got 'huolong,hearts'")


def test_bench_mypyc_without_a_build_says_so_in_one_line(tmp_path):
    done = bench("bench_mypyc.py", "--build", str(tmp_path), "--no-compile")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip() == f"error: no copy of the package in {tmp_path / 'compiled'} (build it: leave out " \
                                  "--no-compile)"


def test_bench_simulate_prints_a_line_per_game():
    done = bench("bench_simulate.py", "--games", "biedan", "--scale", "0.02", "--repeat", "1")
    assert done.returncode == 0, done.stderr
    header, line = done.stdout.splitlines()[1:3]
    assert header.split()[:4] == ["variant", "hands", "bare/s", "harness"]
    assert line.split()[:2] == ["biedan/biedan-guide", "42"]  # 40 hands asked: whole sessions of 6 hands


def test_bench_bots_prints_the_cost_of_the_default_bots_against_random():
    done = bench("bench_bots.py", "--games", "biedan", "--hands", "12", "--repeat", "1")
    assert done.returncode == 0, done.stderr
    header, line = done.stdout.splitlines()
    assert header.split()[:4] == ["game", "random/s", "greedy/s", "cost"]
    assert line.split()[0] == "biedan" and float(line.split()[3].rstrip("!")) > 0 and line.endswith(" min")


def test_bench_table_measures_each_game():
    pytest.importorskip("uvicorn")
    done = bench("bench_table.py", "--repeat", "1")
    assert done.returncode in (0, 1), done.stderr  # 1: a target missed on a busy machine; the rates are not checked
    rows = done.stdout.splitlines()[1:]
    assert [row.split()[0] for row in rows] == ["huolong/li-zhijiang", "biedan/biedan-guide", "dadun/dadun-guide"]


def test_bench_fuzz_house_prints_the_bundled_anchor_and_the_house_ratio():
    done = bench("bench_fuzz_house.py", "-n", "5", "--repeat", "1", "--game", "biedan")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].startswith("biedan/biedan-guide ") and lines[1].endswith(" 1.00")
    assert lines[2].startswith("docs/examples/biedan-house.yaml ") and float(lines[2].split()[-1]) > 0


def _bench_climbing():
    spec = importlib.util.spec_from_file_location("bench_climbing", BENCH / "bench_climbing.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Install:
    """A stand-in install for bench_climbing.interleaved: records the loops it was asked to time, in order."""

    def __init__(self, label, names, calls):
        self.label, self._names, self.calls = label, names, calls

    def names(self):
        return self._names

    def time(self, name, wanted, seed):
        self.calls.append((self.label, name, wanted, seed))
        return 10, 1e-5  # 1 µs per decision


def test_bench_climbing_interleaves_the_installs_loop_by_loop_and_alternates_who_goes_first():
    """--before used to time the other install's whole run first: drift between the columns was not evened out."""
    calls = []
    installs = {"before": _Install("before", ["anchor:hearts", "huolong:sampled"], calls),
                "after": _Install("after", ["anchor:hearts", "huolong:sampled", "huolong:validated"], calls)}
    out = _bench_climbing().interleaved(installs, 1000, 2, 7)
    timed = [(label, name, seed) for label, name, _, seed in calls[5:]]  # after the warm-up: 2 + 2 + 1 calls
    assert timed == [("before", "anchor:hearts", 7), ("after", "anchor:hearts", 7),
                     ("before", "huolong:sampled", 7), ("after", "huolong:sampled", 7),
                     ("after", "huolong:validated", 7),
                     ("after", "anchor:hearts", 8), ("before", "anchor:hearts", 8),
                     ("after", "huolong:sampled", 8), ("before", "huolong:sampled", 8),
                     ("after", "huolong:validated", 8)]
    assert {wanted for _, _, wanted, _ in calls[:5]} == {100} and {wanted for _, _, wanted, _ in calls[5:]} == {1000}
    assert out == {"before": {"anchor:hearts": [1.0, 1.0], "huolong:sampled": [1.0, 1.0]},
                   "after": {"anchor:hearts": [1.0, 1.0], "huolong:sampled": [1.0, 1.0],
                             "huolong:validated": [1.0, 1.0]}}


def test_bench_climbing_before_prints_both_installs_from_their_workers():
    pytest.importorskip("pyspiel")
    done = bench("bench_climbing.py", "--before", sys.executable, "--games", "huolong", "--decisions", "100",
                 "--rounds", "1", "--greedy-hands", "1", "--counts", "1")
    assert done.returncode in (0, 1), done.stderr  # 1: a goal missed on a busy machine; the rates are not checked
    lines = done.stdout.splitlines()
    assert lines[0].split()[-2:] == ["before", "after"]
    assert [line.split()[0] for line in lines[1:5]] == ["anchor:hearts", "huolong:sampled", "huolong:validated",
                                                        "huolong:listing"]
    assert not any(line.startswith(("biedan:", "dadun:")) for line in lines)


@pytest.mark.parametrize("collect", [True, False])
def test_bench_climbing_no_gc_times_a_loop_with_the_collector_off_and_turns_it_back_on(collect):
    module = _bench_climbing()
    seen = []
    local = module.Local.__new__(module.Local)  # its loops stand-ins: no engine loaded
    local.timed, local.collect = {"x:y": lambda wanted, seed: seen.append(gc.isenabled()) or (wanted, 1.0)}, collect
    assert gc.isenabled()
    assert local.time("x:y", 5, 1) == (5, 1.0)
    assert seen == [collect] and gc.isenabled()


def test_bench_climbing_before_an_interpreter_that_cannot_run_is_one_line(tmp_path):
    missing = tmp_path / "no-python"
    done = bench("bench_climbing.py", "--before", str(missing), "--games", "biedan", "--decisions", "50")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip() == f"error: cannot run {missing}: No such file or directory"
