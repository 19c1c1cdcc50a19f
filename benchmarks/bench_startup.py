"""CPU time of the tools' start: ``datong-rules --version``, ``datong-rules variants`` and loading the whole
conformance suite, each against an anchor measured in the same run (a bare ``python -c pass``).

Each command runs as a fresh process ``--repeat`` times (default 5); the figure is the smallest CPU time (user +
system of the process, from ``os.wait4``, interpreter start and imports included) of those runs, so that another program busy on the
machine inflates it as little as possible. The anchor shows what the interpreter alone costs on this machine; the
ratio to it is the figure to compare between machines.

Targets (CPU seconds): ``--version`` < 0.1, ``variants`` < 0.2, loading the whole suite (the bundled scenario
files and fixture variants, checked against the bundled spec, as ``conform`` does) < 1.0. The script exits with
status 1 when a target is missed, and with status 2 when a measurement is empty (a command that failed, or a suite
of no scenario: then nothing was measured).

    python benchmarks/bench_startup.py                # the table, every target checked
    python benchmarks/bench_startup.py --repeat 9     # more runs per command
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CLI = "import sys; sys.argv[0] = 'datong-rules'; from datong_rules.cli.main import main; main()"
_LOAD_SUITE = ("from datong_rules.conformance.scenarios_io import load_scenarios; "
               "import sys; n = len(load_scenarios()); print(n); sys.exit(0 if n else 3)")

CASES: list[tuple[str, list[str], float | None]] = [
    ("python -c pass (anchor)", ["-c", "pass"], None),
    ("datong-rules --version", ["-c", _CLI, "--version"], 0.1),
    ("datong-rules variants", ["-c", _CLI, "variants"], 0.2),
    ("load the whole suite", ["-c", _LOAD_SUITE], 1.0),
]
"""(label, interpreter arguments, target in CPU seconds or None for the anchor)."""


def measure(args: list[str], repeat: int) -> float:
    """The smallest CPU seconds of ``repeat`` runs of ``python ARGS``."""
    return min(_run_once(args) for _ in range(repeat))


def _run_once(args: list[str]) -> float:
    """CPU seconds of one run of ``python ARGS`` from the repository root (this checkout first on the path); exits
    with status 2 when the command fails, since the time of a failed command measures nothing."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
    with subprocess.Popen([sys.executable, *args], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE) as proc:
        assert proc.stderr is not None
        err = proc.stderr.read()
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        print(f"error: `python {' '.join(args)}` exited with {proc.returncode}, so its time measures nothing: "
              f"{err.decode(errors='replace').strip()[-300:]}", file=sys.stderr)
        sys.exit(2)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    """Print one line per case (CPU seconds, ratio to the anchor, target); 0 when every target is met, 1 when one
    is missed, 2 when a command failed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per command; the smallest time counts")
    options = parser.parse_args(argv)
    if options.repeat < 1:
        parser.error("--repeat must be at least 1")
    anchor = 0.0
    missed = []
    print(f"{'command':<28} {'CPU s':>7} {'× anchor':>9}  target")
    for label, args, target in CASES:
        seconds = measure(args, options.repeat)
        if target is None:
            anchor = seconds
        ratio = f"{seconds / anchor:8.1f}×" if anchor > 0 else "        -"
        verdict = "" if target is None else f"< {target:.1f} s  " + ("ok" if seconds < target else "MISSED")
        print(f"{label:<28} {seconds:7.3f} {ratio}  {verdict}")
        if target is not None and seconds >= target:
            missed.append(label)
    if missed:
        print(f"missed: {', '.join(missed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
