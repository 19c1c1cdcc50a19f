"""What mypyc buys the compiled games' draw/apply paths (憋蛋 Biedan, 攉龙 Huolong; 打墩 Dadun's play classes,
readings and plays): the same loops of ``bench_climbing.py`` timed pure and compiled, beside OpenSpiel's
``dou_dizhu`` and ``hearts``, in one run; for 打墩 also the greedy bots' hands per CPU second of ``bench_bots.py``.

The script copies the package twice as the wheel lays it out into a scratch folder (``pure/`` and ``compiled/``,
real files: the checkout is never touched), compiles the modules of :data:`MODULES` in ``compiled/`` with mypyc
(the list of the compiled build, ``DATONG_RULES_COMPILE=1 pip install --no-build-isolation .``: pyproject.toml's
``[tool.datong_rules] compiled``, every module the hand states' draw and apply run through), and
times each game's ``sampled``, ``validated`` and ``listing`` loops (see ``bench_climbing.py``; ``--games``) in fresh
processes, pure, compiled and the game's anchor in turn, round after round. Each process runs ``python -S`` with one copy
and the interpreter's site-packages on ``PYTHONPATH``, so that the editable install shadows neither; the script
checks that the compiled copy's state modules are the compiled ones. Printed: µs per decision (median of rounds),
× the game's anchor, and the speed-up (pure ÷ compiled) per loop.

    python benchmarks/bench_mypyc.py                         # build in a temporary folder, 3 rounds
    python benchmarks/bench_mypyc.py --build /tmp/datong-mypyc --rounds 5 --decisions 20000
    python benchmarks/bench_mypyc.py --build /tmp/datong-mypyc --no-compile   # time an earlier build again
    python benchmarks/bench_mypyc.py --games huolong   # 攉龙 only, beside hearts
    python benchmarks/bench_mypyc.py --games dadun --rounds 3 --decisions 2000 --hands 200
    python benchmarks/bench_mypyc.py --test       # and run the games' tests on the compiled copy before timing

Needs mypy (the test extra: mypyc comes with it), a C compiler and the Python headers, and OpenSpiel for the anchor.
Exit status 0 when every loop was timed both ways (and, with ``--test``, the tests passed on the compiled copy); 1
otherwise (a failed build or test, a loop that measured nothing).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from measured import require

REPO = Path(__file__).resolve().parents[1]
_SPEC = importlib.util.spec_from_file_location("datong_setup", REPO / "setup.py")
setup_py = importlib.util.module_from_spec(_SPEC)  # the compiled build's list and layout (setup.py, not run as setup)
_SPEC.loader.exec_module(setup_py)  # type: ignore[union-attr]
MODULES = tuple(setup_py.compiled_modules(REPO))
"""The modules compiled: ``[tool.datong_rules] compiled`` of pyproject.toml, as the compiled build compiles them."""
GAMES = {"biedan": ("anchor:dou_dizhu", "datong_rules.reference_impl.biedan.state"),
         "huolong": ("anchor:hearts", "datong_rules.reference_impl.huolong.hand"),
         "dadun": ("anchor:dou_dizhu", "datong_rules.reference_impl.dadun.count")}
"""Compiled game → (the anchor loop it is compared with, a module of it the compiled copy must load compiled)."""
LOOPS = ("sampled", "validated", "listing")


def lay_out(root: Path) -> Path:
    """Copy the package into ``root`` as the wheel lays it out (setup.py's ``lay_out``); returns ``root``."""
    return setup_py.lay_out(root, REPO)


def compile_path(root: Path) -> None:
    """Compile :data:`MODULES` in place under ``root`` with mypyc (the project's mypy settings).

    Raises:
        SystemExit: mypyc failed (its last lines are printed).
    """
    files = [str(Path(f).relative_to(root)) for f in setup_py.module_files(root, REPO)]
    done = subprocess.run([sys.executable, "-m", "mypyc", "--config-file", str(REPO / "pyproject.toml"), *files],
                          cwd=root, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit("error: mypyc failed:\n" + "\n".join((done.stdout + done.stderr).splitlines()[-15:]))


def _env(root: Path) -> dict[str, str]:
    """The environment of a timed process: the laid-out copy ``root``, then site-packages (no editable install)."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), sysconfig.get_paths()["purelib"]])}


def loaded_state(root: Path, module: str) -> str:
    """The file of the hand state's module ``module`` that a timed process loads from the copy ``root``.

    Raises:
        SystemExit: the copy is missing or does not import (one line).
    """
    code = f"import {module} as s; print(s.__file__)"
    if not (root / "datong_rules").is_dir():
        raise SystemExit(f"error: no copy of the package in {root} (build it: leave out --no-compile)")
    done = subprocess.run([sys.executable, "-S", "-c", code], env=_env(root), cwd=root, capture_output=True,
                          text=True, check=False)
    if done.returncode:
        raise SystemExit(f"error: the copy in {root} does not import: {done.stderr.strip().splitlines()[-1:]}")
    return done.stdout.strip()


def timed(name: str, decisions: int, seed: int, root: Path) -> float:
    """µs per decision of the loop ``name`` of ``bench_climbing.py --only`` in a fresh ``python -S`` process."""
    done = subprocess.run([sys.executable, "-S", str(REPO / "benchmarks" / "bench_climbing.py"), "--only", name,
                           "--decisions", str(decisions), "--seed", str(seed)], env=_env(root), cwd=root,
                          capture_output=True, text=True, check=False)
    found = re.search(r"([\d.]+) µs per decision", done.stdout)
    if done.returncode or not found:
        last = ((done.stderr or done.stdout).strip().splitlines() or ["no output"])[-1]
        raise SystemExit(f"error: {name} measured nothing: {last}")
    return float(found.group(1))


def greedy_us(hands: int, seed: int, root: Path) -> float:
    """µs of CPU per hand of 打墩 with the greedy bots (``bench_bots.py --games dadun``) in a fresh ``python -S``
    process on the copy ``root``."""
    done = subprocess.run([sys.executable, "-S", str(REPO / "benchmarks" / "bench_bots.py"), "--games", "dadun",
                           "--hands", str(hands), "--repeat", "1", "--seed", str(seed)], env=_env(root), cwd=root,
                          capture_output=True, text=True, check=False)
    found = re.search(r"^dadun\s+\S+\s+(\S+)", done.stdout, re.MULTILINE)
    if done.returncode or not found or not float(found.group(1)):
        last = ((done.stderr or done.stdout).strip().splitlines() or ["no output"])[-1]
        raise SystemExit(f"error: the greedy hands measured nothing: {last}")
    return 1e6 / float(found.group(1))


def tests_pass(root: Path, games: list[str]) -> bool:
    """Run the ``games``' engine tests (``tests/reference_impl/<game>``) on the laid-out copy ``root`` (one process);
    print pytest's last line."""
    folders = [str(REPO / "tests" / "reference_impl" / game) for game in games]
    done = subprocess.run([sys.executable, "-S", "-m", "pytest", *folders, "-n", "0", "-p", "no:cacheprovider", "-q", "--rootdir", str(REPO), "-c",
                           str(REPO / "pyproject.toml")], env=_env(root), cwd=root, capture_output=True, text=True,
                          check=False)
    print("tests on the compiled copy: " + (done.stdout.strip().splitlines() or ["no output"])[-1])
    return done.returncode == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=Path, help="the scratch folder (default: a temporary one)")
    parser.add_argument("--no-compile", action="store_true", help="reuse the build in --build as it is")
    parser.add_argument("--decisions", type=int, default=10000, help="decisions per timed process (default 10000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every loop in turn (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(GAMES),
                        help=f"the games timed, comma-separated (default {','.join(GAMES)})")
    parser.add_argument("--test", action="store_true",
                        help="also run the games' tests (tests/reference_impl/<game>) on the compiled copy first")
    parser.add_argument("--hands", type=int, default=200,
                        help="打墩: hands of greedy play per timed process (default 200)")
    args = parser.parse_args()
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    if not games or any(g not in GAMES for g in games):
        parser.error(f"--games: expected some of {', '.join(GAMES)}, got {args.games!r}")
    require(args.decisions, "decision timed", f"--decisions {args.decisions}")
    require(args.rounds, "round timed", f"--rounds {args.rounds}")
    require(args.hands, "hand timed", f"--hands {args.hands}")
    root = args.build or Path(tempfile.mkdtemp(prefix="datong-mypyc-"))
    pure, compiled = root / "pure", root / "compiled"
    if not args.no_compile:
        for folder in (pure, compiled):
            shutil.rmtree(folder, ignore_errors=True)
            lay_out(folder)
        compile_path(compiled)
    for game in games:
        where = loaded_state(compiled, GAMES[game][1])
        if not where.endswith(".so") or loaded_state(pure, GAMES[game][1]).endswith(".so"):
            raise SystemExit(f"error: the compiled run loads {where}: not the compiled copy, or the pure one is "
                             "compiled")
        print(f"compiled {len(MODULES)} modules in {compiled} ({game}'s state: {Path(where).name})")
    if args.test and not tests_pass(compiled, games):
        return 1
    us: dict[str, list[float]] = {}
    greedy: dict[str, list[float]] = {"pure": [], "compiled": []}  # 打墩: µs per hand of greedy play
    for r in range(args.rounds):
        for anchor in dict.fromkeys(GAMES[game][0] for game in games):  # each anchor once a round
            us.setdefault(anchor, []).append(timed(anchor, args.decisions, args.seed + r, pure))
        for game in games:
            for loop in LOOPS:
                for kind, where_from in (("pure", pure), ("compiled", compiled)):
                    us.setdefault(f"{game}:{loop} {kind}", []).append(
                        timed(f"{game}:{loop}", args.decisions, args.seed + r, where_from))
            if game == "dadun":
                for kind, where_from in (("pure", pure), ("compiled", compiled)):
                    greedy[kind].append(greedy_us(args.hands, args.seed + r, where_from))
    print(f"{'loop':<30}{'µs/decision':>12}{'× anchor':>10}")
    for game in games:
        anchor = us[GAMES[game][0]]
        for name in [GAMES[game][0]] + [n for n in us if n.startswith(f"{game}:")]:
            ratio = statistics.median(v / a for v, a in zip(us[name], anchor))
            print(f"{name:<30}{statistics.median(us[name]):>12.2f}{ratio:>9.2f}×")
    for game in games:
        for loop in LOOPS:
            gain = [p / c for p, c in zip(us[f"{game}:{loop} pure"], us[f"{game}:{loop} compiled"])]
            print(f"{game}:{loop}: compiled {statistics.median(gain):.2f}× faster "
                  f"(rounds {min(gain):.2f}-{max(gain):.2f})")
    if greedy["pure"]:
        gain = [p / c for p, c in zip(greedy["pure"], greedy["compiled"])]
        print(f"dadun greedy hands: {1e6 / statistics.median(greedy['pure']):.0f}/s pure, "
              f"{1e6 / statistics.median(greedy['compiled']):.0f}/s compiled: compiled {statistics.median(gain):.2f}× "
              f"faster (rounds {min(gain):.2f}-{max(gain):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
