"""A toy climbing game, defined in the tests only: two or three players, singles and pairs, passing, one wild card
whose reading a play declares, and one card passed from the last player to the first out at the end.

It is not a game of Datong. It exists to prove that the kit's generic parts (game registry, state API, records and
``verify``, the conformance runner with a fixture variant, the random simulation) carry what the climbing games need
before 憋蛋 and 打墩 arrive. :data:`GAME` is its registry entry; :func:`registered` adds it for a test.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from datong_rules.reference_impl import games

HERE = Path(__file__).resolve().parent
SPEC = HERE / "spec"
"""The toy's spec folder (variant files ``toy/*.yaml``; the kit's schemas)."""
SCENARIOS = HERE / "scenarios"
"""The toy's scenarios (``toy/<variant>/<op>.yaml``) and fixture variants (``toy/variants/*.yaml``)."""

GAME = games.Game("toy", {"zh": "玩具爬牌游戏", "en": "Toy climbing game"}, "climbing", "toy_game")
"""The toy's entry in the game registry (package ``toy_game``: this folder, on the tests' import path)."""


@contextlib.contextmanager
def registered() -> Iterator[games.Game]:
    """The toy game registered for the duration of the ``with`` block (then removed again)."""
    games.register(GAME, replace=True)
    try:
        yield GAME
    finally:
        games.unregister(GAME.id)
