"""The typed public API is mypy-clean: the modules pyproject's ``[tool.mypy] packages`` lists (the card notation and
the spec loader at least) pass mypy with the project's settings (no untyped or half-typed definitions).

mypy cannot follow the editable install's folder mapping (``reference_impl/`` imported as
``datong_rules.reference_impl``), so the test lays the package out as the wheel does, with symbolic links, and runs
mypy there. The wheel's ``py.typed`` is checked in tests/test_build.py. The modules of :data:`STRICT` (the typed state API every
game implements and the engine services built on it) pass ``mypy --strict``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TYPED_AT_LEAST = {"datong_rules.reference_impl.cards", "datong_rules.reference_impl.variant"}
STRICT = ("datong_rules.reference_impl.state_api", "datong_rules.reference_impl.replay",
          "datong_rules.reference_impl.bots", "datong_rules.reference_impl.search_bot",
          "datong_rules.reference_impl.records",
          "datong_rules.reference_impl.cards", "datong_rules.reference_impl.actions",
          "datong_rules.reference_impl.recent_memo",
          "datong_rules.reference_impl.climbing.reading", "datong_rules.reference_impl.climbing.round_state",
          "datong_rules.reference_impl.climbing.seats", "datong_rules.reference_impl.climbing.beating",
          "datong_rules.reference_impl.huolong.trick", "datong_rules.reference_impl.huolong.ranking",
          "datong_rules.reference_impl.huolong.combinations", "datong_rules.reference_impl.huolong.scoring",
          "datong_rules.reference_impl.dadun.play_reading", "datong_rules.reference_impl.biedan.count",
          "datong_rules.reference_impl.biedan.state", "datong_rules.reference_impl.biedan.combinations",
          "datong_rules.reference_impl.biedan.hand_shapes", "datong_rules.reference_impl.biedan.draw",
          "datong_rules.reference_impl.biedan.attached", "datong_rules.reference_impl.biedan.exchange",
          "datong_rules.reference_impl.biedan.rules", "datong_rules.reference_impl.climbing.catalogue",
          "datong_rules.reference_impl.climbing.variant_rules")
"""The state API, the replay driver, the match loop, the search bot, the records, and the leaves of the engines'
draw/apply path (the actions and cards, the engines' memo of two generations, the climbing games' readings, rounds,
seats and catalogue, 攉龙's tricks and ranking, 打墩's reading of a declared play, 憋蛋's whole draw/apply path: its hand
state, combinations, shapes, draw, counter, attachments, exchange and rules): clean under ``mypy --strict`` too."""
HOT_PATH = {"datong_rules.reference_impl.actions", "datong_rules.reference_impl.climbing.round_state",
            "datong_rules.reference_impl.huolong.follow", "datong_rules.reference_impl.dadun.plays",
            "datong_rules.reference_impl.dadun.count", "datong_rules.reference_impl.dadun.lead_classes",
            "datong_rules.reference_impl.biedan.count",
            "datong_rules.reference_impl.biedan.state", "datong_rules.reference_impl.biedan.combinations",
            "datong_rules.reference_impl.biedan.hand_shapes", "datong_rules.reference_impl.biedan.attached",
            "datong_rules.reference_impl.biedan.draw", "datong_rules.reference_impl.recent_memo"} | {
    f"datong_rules.reference_impl.{name}" for name in (
        "dadun.state", "dadun.combinations", "dadun.same_rank_plays", "dadun.rules", "dadun.scoring",
        "dadun.tribute", "dadun.play_reading", "climbing.cardset", "climbing.catalogue",
        "climbing.variant_rules")}
HOT_PATH |= {f"datong_rules.reference_impl.huolong.{name}" for name in (
    "hand", "declaration", "dealing", "sampling", "burying", "trick", "ranking", "combinations", "scoring",
    "settlement", "levels", "rules", "bots", "greedy", "match", "state", "records")}  # 攉龙's draw/apply path
"""Modules of the engines' draw/apply path that pyproject's mypy packages must list (kept mypy-clean): each game's
hand state and every module of its game and of the climbing layer it imports among them."""

pytest.importorskip("mypy", reason="mypy is in the test extra: pip install -e '.[test]'")


def _wheel_layout(root: Path) -> Path:
    """``root/datong_rules`` as the wheel lays it out, made of links into the checkout."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    package = root / "datong_rules"
    package.mkdir(parents=True)
    for item in (REPO / "datong_rules").iterdir():
        if item.name != "__pycache__":
            (package / item.name).symlink_to(item)
    for name, folder in config["package-dir"].items():
        if name.startswith("datong_rules."):
            (package / name.split(".", 1)[1]).symlink_to(REPO / folder)
    return root


def test_the_typed_modules_are_declared():
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert TYPED_AT_LEAST | HOT_PATH <= set(config["packages"])
    assert config["disallow_untyped_defs"] and config["disallow_incomplete_defs"]


@pytest.mark.skipif(os.name == "nt", reason="symbolic links")
def test_mypy_is_clean_on_the_typed_modules(tmp_path):
    root = _wheel_layout(tmp_path / "src")
    proc = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(REPO / "pyproject.toml"),
                           "--cache-dir", str(tmp_path / "cache")], cwd=root, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert proc.stdout.startswith("Success: no issues found")


@pytest.mark.skipif(os.name == "nt", reason="symbolic links")
def test_mypy_strict_is_clean_on_the_state_api(tmp_path):
    root = _wheel_layout(tmp_path / "src")
    packages = [arg for name in STRICT for arg in ("-p", name)]
    proc = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(REPO / "pyproject.toml"), "--strict",
                           "--cache-dir", str(tmp_path / "cache"), *packages], cwd=root, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert proc.stdout.startswith(f"Success: no issues found in {len(STRICT)} source files")


GAMES_CHECKED = {"biedan": ("biedan.state", "HandState", "biedan.state", "Match"),
                 "dadun": ("dadun.state", "HandState", "dadun.state", "Match"),
                 "huolong": ("huolong.hand", "HandState", "huolong.match", "Match")}
"""Game → where its hand state and match classes are (modules under ``datong_rules.reference_impl``)."""


def _protocol_check() -> str:
    """A module that mypy accepts only when every game's hand state and match satisfy the state API's Protocols
    (each returned where the Protocol is expected)."""
    lines = ["from datong_rules.reference_impl import state_api"]
    for game, (hand_module, hand, match_module, match) in GAMES_CHECKED.items():
        lines += [f"from datong_rules.reference_impl.{hand_module} import {hand} as {game}_hand",
                  f"from datong_rules.reference_impl.{match_module} import {match} as {game}_match"]
    for game in GAMES_CHECKED:
        lines += ["", "", f"def {game}_hand_state(x: {game}_hand) -> state_api.HandState:", "    return x",
                  "", "", f"def {game}_match_state(x: {game}_match) -> state_api.Match:", "    return x"]
    return "\n".join(lines) + "\n"


@pytest.mark.skipif(os.name == "nt", reason="symbolic links")
def test_every_game_satisfies_the_state_api_protocols_under_mypy(tmp_path):
    # isinstance on a runtime_checkable Protocol looks at names only; mypy checks the signatures: a Match.play that
    # takes a list where the Protocol gives any sequence of bots is refused
    root = _wheel_layout(tmp_path / "src")
    (root / "protocols_check.py").write_text(_protocol_check(), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(REPO / "pyproject.toml"),
                           "--cache-dir", str(tmp_path / "cache"), "protocols_check.py"], cwd=root,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert proc.stdout.startswith("Success: no issues found in 1 source file")
