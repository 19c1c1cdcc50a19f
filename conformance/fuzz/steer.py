"""Questions steered to the rules' decision points: the suite's own questions mixed into the generated ones.

A game's generators draw questions at random from the variant's rules, and random questions seldom reach the rare
points where a rule decides (equal tops of two flushes, the level rank inside a full house, each linked shape). The
suite's scenarios are written for exactly those points, each for one reading of a rule. :func:`steered` makes one
question in :data:`SHARE` a scenario's ``given`` of the same operation of the game, from any of its variants,
bundled or fixture (a ``replay`` record only from the variant itself, since a record names its variant), so that fuzz
asks every decision point the suite knows under the variant's own rules, and shrinks from there.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

from hypothesis import strategies as st

SHARE = 4
"""One question in SHARE is a scenario's given."""


@cache
def _suite() -> tuple[Any, ...]:
    """The bundled suite's scenarios, loaded once per process (every operation of every variant steers from them)."""
    from datong_rules.conformance.scenarios_io import load_scenarios

    try:
        return tuple(load_scenarios())
    except Exception:  # noqa: BLE001 - a broken suite leaves fuzz with its generators only
        return ()


@cache
def _givens(game: str, op: str, variant_id: str) -> tuple[str, ...]:
    """The distinct givens (JSON text) of the bundled suite's scenarios of ``game``'s ``op`` (not those of bad input,
    which every engine refuses)."""
    found = dict.fromkeys(json.dumps(s.given, sort_keys=True) for s in _suite()
                          if s.game == game and s.op == op and not s.bad_input
                          and (op != "replay" or s.variant == variant_id))
    return tuple(found)


def steered(strategy: st.SearchStrategy[dict[str, Any]], variant_id: str,
            op: str) -> st.SearchStrategy[dict[str, Any]]:
    """``strategy`` with one question in :data:`SHARE` taken from the suite's scenarios of ``op`` (see the module's
    docstring); ``strategy`` itself when the suite has none."""
    game = variant_id.split("/", 1)[0]
    givens = _givens(game, op, variant_id)
    if not givens:
        return strategy

    @st.composite
    def mixed(draw: Callable[..., Any]) -> dict[str, Any]:
        if draw(st.integers(0, SHARE - 1)) == SHARE - 1:
            return copy.deepcopy(json.loads(givens[draw(st.integers(0, len(givens) - 1))]))
        return draw(strategy)
    return mixed()


DRAW_BYTES = 8192
"""Random bytes handed to each drawn question (more than the largest question draws)."""


def draw(strategy: st.SearchStrategy[Any], count: int, seed: str | int) -> list[Any]:
    """``count`` values of ``strategy`` (fewer when it keeps rejecting its draws), the same for the same ``seed``:
    each is drawn from seeded random bytes (Hypothesis's ``fuzz_one_input``), as ``fuzz`` draws its questions, but
    without comparing anything (the derived checks of a house variant, :mod:`datong_rules.conformance.derived`)."""
    from hypothesis import HealthCheck, given, settings

    rng = random.Random(f"draw:{seed}")
    found: list[Any] = []

    @settings(database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def keep(value: Any) -> None:
        found.append(copy.deepcopy(value))

    for _ in range(count * 3):
        if len(found) >= count:
            break
        keep.hypothesis.fuzz_one_input(rng.randbytes(DRAW_BYTES))
    return found[:count]
