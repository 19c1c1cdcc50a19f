"""Paths and helpers shared by the conformance runner's tests: the demo scenario suite and the fake implementations.

A module of its own (not ``conftest``) so that tests import it by a unique name.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FAKES = HERE / "fake_impls"
SCENARIOS = HERE / "fixtures" / "scenarios"
JSONL_FAKE = FAKES / "jsonl_impl.py"

if str(FAKES) not in sys.path:  # makes `fake_inprocess:EchoImpl` importable for --impl
    sys.path.insert(0, str(FAKES))


def fake_argv(*flags: str) -> list[str]:
    """argv of the JSON-lines fake implementation with the given flags."""
    return [sys.executable, str(JSONL_FAKE), *flags]


def fake_cmd(*flags: str) -> str:
    """The same as one command string (for --impl-cmd)."""
    return shlex.join(fake_argv(*flags))


def pids_in(path: Path) -> list[int]:
    """The pids written one per line in ``path`` (by the fake's ``--leave-child``); [] if none."""
    return [int(line) for line in path.read_text().split()] if path.exists() else []


def gone(pid: int, wait: float = 3.0) -> bool:
    """Whether process ``pid`` has ended (no longer exists, or is a zombie nobody reaped yet),
    waiting up to ``wait`` s for a kill to take effect."""
    import time

    deadline = time.monotonic() + wait
    while True:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return True
        if state == "Z":
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)


def import_engines() -> None:
    """Import every game's engine (its ``ops`` and ``rules`` modules) at collection time: a pytester test drops the
    modules first imported while it ran, and a later test would then mix two copies of a game's rules class."""
    from datong_rules.conformance.adapters.reference import game_ops
    from datong_rules.reference_impl import games

    for game_id in games.ids():
        game_ops(games.get(game_id))
        games.get(game_id).facet("rules")


LOCKING_CLUB = """\
id: biedan/locking-club
extends: biedan/biedan-guide
name: {zh: 俱乐部, en: A club}
summary: {zh: 过牌就锁住, en: A pass locks out}
rules:
  play:
    pass_locks_out:
      value: true
      text: {zh: 过牌后这一轮不能再出, en: A player who passes may not play again in the round}
      inferred: {reason: House rule}
"""
"""A 憋蛋 club's house file that changes one rule: a player who passes is locked out of the round."""
