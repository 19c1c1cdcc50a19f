"""``datong-rules conform --variant HOUSE.yaml`` against ``conform --variant PARENT`` (the anchor, measured in the same
run), with the reference engine in process.

A house file's run does more than its parent's: the reference engine, playing the house, answers every scenario of
the game to know which are inherited, then makes the derived checks of each changed rule (generated questions,
sweeps); then the checks are run. The figure is CPU seconds (user + system) of the whole command, each run in a
new process (nothing cached from a run before: the reference answers are cached within one run only), ``--repeat``
times, interleaved, its best run counted; and the ratio house / parent, with and without the derived checks. CPU
time, not wall time: the machine may be shared.

    python benchmarks/bench_house_conform.py                          # docs/examples/dadun-guandan.yaml
    python benchmarks/bench_house_conform.py docs/examples/biedan-doudizhu.yaml --repeat 2
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
from pathlib import Path

from datong_rules.reference_impl.variant import open_variant
from measured import require

ROOT = Path(__file__).resolve().parents[1]


def measure(args: list[str]) -> tuple[int, float]:
    """(checks passed, CPU seconds) of one ``datong-rules conform -q ARGS`` run in a new process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "datong_rules", "conform", "-q", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=1800)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    line = done.stdout.splitlines()[0] if done.stdout else ""
    passed = int(line.split(": ", 1)[1].split(" passed")[0]) if " passed" in line else 0
    return require(passed, "checks passed", (done.stdout + done.stderr).strip()[-300:]), seconds


def main() -> None:
    """Print the runs' best CPU times and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("house", nargs="?", default="docs/examples/dadun-guandan.yaml")
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    house = str(ROOT / options.house)
    parent = open_variant(house).parent
    runs = {"parent": ["--variant", parent], "house, no derived": ["--variant", house, "--no-derived"],
            "house": ["--variant", house]}
    best: dict[str, tuple[int, float]] = {}
    for _ in range(options.repeat):
        for name, args in runs.items():
            checks, seconds = measure(args)
            if name not in best or seconds < best[name][1]:
                best[name] = (checks, seconds)
    anchor = best["parent"][1]
    for name, (checks, seconds) in best.items():
        print(f"{name:<20} {checks:>5} checks  {seconds:6.2f} s CPU  ratio {seconds / anchor:5.2f}")


if __name__ == "__main__":
    main()
