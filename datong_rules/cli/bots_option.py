"""The ``--bots`` option of ``play``, ``simulate`` and ``table``: one definition of its help and of the values it
takes, so that the three commands say and accept the same (a bot kind of the variant's game for every seat, or one
per seat separated by commas; ``search:N`` for the search bot with its budget). The kinds are checked against the
game once the variant is known (:func:`checked_kinds`; :func:`datong_rules.reference_impl.bots.kinds_problem`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from datong_rules.reference_impl.bots import kinds_problem, split_kinds
from datong_rules.reference_impl.games import Game
from datong_rules.reference_impl.search_bot import DEFAULT_BUDGET, MAX_BUDGET

from .problem_words import say
from .variant_arg import fail

BOTS_HELP = (
    "a bot kind of the variant's game for every seat, or one per seat separated by commas "
    "(greedy,random,greedy,random). greedy plays like a beginner who knows the rules (wild cards, bombs, shows, "
    "tribute and the exchange when they help); random picks any legal action; search weighs its plays by playing "
    f"sampled deals to the end (search:N: N rollouts per decision, 1 to {MAX_BUDGET:,}, default {DEFAULT_BUDGET}; "
    "far slower)."
)
"""What ``--bots`` takes, as every command's help says it."""


def bots_option(default: str, who: str, more: str = "") -> Callable[[Any], Any]:
    """The ``--bots`` option (parameter ``bots``) with its default, the help ``{who}: {BOTS_HELP}`` (``who``: which
    seats the bots play, as the command has them) and ``more`` after it."""
    return click.option("--bots", "bots", default=default, show_default=True, metavar="KIND[,KIND…]",
                        help=f"{who}: {BOTS_HELP}" + (f" {more}" if more else ""))


def checked_kinds(game: Game, players: int, value: str) -> tuple[str, ...]:
    """The bot kinds ``value`` names (one for every seat, or one per seat), checked against ``game``'s ``BOTS`` and
    its ``players`` seats; exit 2 with one line, in the command's language, when one is wrong."""
    problem = kinds_problem(game.facet("bots").BOTS, value, players)
    if problem is not None:
        fail(say(f"--bots ({game.id}): {problem}"))
    return split_kinds(value)
