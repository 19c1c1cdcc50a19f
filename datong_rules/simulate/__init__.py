"""``datong-rules simulate``: what the rules of a variant do to the game, measured over many hands or matches played
by the kit's bots, with 95 % confidence intervals, and variants compared with the first.

:func:`simulate` is the whole run; its parts are the shards (:mod:`.shards`: seeded, fixed-size pieces of work that
merge by addition), where they run (:mod:`.runner`: this process, local processes, or Ray), the statistics
(:mod:`.stats`) and the ``results`` object (:mod:`.results`). Games are reached only through the game registry
(:mod:`datong_rules.reference_impl.games`): their ``state``, ``bots`` and ``measures`` modules.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from datong_rules import __version__
from datong_rules.reference_impl import games
from datong_rules.reference_impl.measures import Measure

from .results import build_results, default_primary, merged
from .runner import Progress, default_workers, run_shards
from .shards import Entrant, plan

SCHEMA_ID = "https://datong-rules.github.io/datong-rules/schema/simulate.schema.json"
"""The ``$id`` of the simulate document's schema (spec/schema/simulate.schema.json)."""

__all__ = ["SCHEMA_ID", "Entrant", "default_workers", "game_measures", "simulate"]


def game_measures(entrant: Entrant) -> tuple[Measure, ...]:
    """The measures of ``entrant``'s game (its ``measures`` module's ``MEASURES``).

    Raises:
        LookupError: the game has no measures module.
    """
    return tuple(games.measures(entrant.game).MEASURES)


def bots_described(entrant: Entrant, bots: Sequence[str]) -> dict[str, str] | None:
    """What each bot kind of ``bots`` does and which rules it never chooses, by language (``en``, ``zh``), from the
    game's bots module's ``NOTES`` (kind → language → text; a kind's parameter, ``search:64``, left out); None when
    it describes none of them."""
    notes = getattr(entrant.game.facet("bots"), "NOTES", {})
    described = [kind for kind in dict.fromkeys(kind.partition(":")[0] for kind in bots) if kind in notes]
    if not described:
        return None
    return {lang: " ".join(notes[kind][lang] for kind in described) for lang in ("en", "zh")}


def simulate(entrants: Sequence[Entrant], *, unit: str, count: int, seed: int = 0, bots: Sequence[str] = ("greedy",),
             workers: int = 1, ray: str | None = None, progress: Progress | None = None,
             primary: str | None = None) -> dict[str, Any]:
    """Simulate each variant of ``entrants`` (one game) for ``count`` hands or matches (``unit``).

    Args:
        entrants: the variants, the first being the one the others are compared with.
        unit: ``"hands"`` or ``"matches"``.
        count: hands or matches per variant.
        seed: the run's seed; with the same entrants, bots, seed and count the ``results`` are the same whatever
            ``workers`` or ``ray``.
        bots: one bot kind of the game for every seat, or one per seat.
        workers: local processes (1: this process), or the CPUs of a local Ray cluster.
        ray: None, ``"local"`` or a Ray cluster's address (:func:`.runner.run_shards`).
        progress: ``progress(done, total)`` after each shard.
        primary: the measure id each comparison is judged by (default: :func:`.results.default_primary`, who
            wins); every other measure and rule fired is a secondary test, Holm-adjusted.

    Returns:
        The simulate document: ``schema``, ``kit`` (the kit's version), ``run`` (``workers``, ``ray``, ``seconds``,
        ``interrupted``, ``shards_done``, ``shards_total``: how it ran) and ``results`` (:func:`.results.build_results`;
        an interrupted run's results hold its finished shards only).

    Raises:
        ValueError: no entrant, entrants of several games, a bad unit or count, a ``primary`` that is not a measure
            of the game.
        LookupError: the game has no measures module.
        ImportError: Ray asked for and not installed.
    """
    if not entrants:
        raise ValueError("no variant to simulate")
    game_ids = sorted({e.game.id for e in entrants})
    if len(game_ids) > 1:
        raise ValueError(f"variants of several games ({', '.join(game_ids)}): expected variants of one game")
    measures = game_measures(entrants[0])
    if primary is None:
        primary = default_primary(games.measures(entrants[0].game), unit)
    elif primary not in {m.id for m in measures}:
        raise ValueError(f"primary measure {primary!r} is not a measure of {game_ids[0]} (expected one of: "
                         f"{', '.join(m.id for m in measures)})")
    shards = plan(entrants, unit, count, seed, tuple(bots))
    started = time.monotonic()
    played = run_shards(shards, workers=workers, ray_address=ray, progress=progress)
    tallies = merged(played.tallies, len(entrants))
    return {"schema": SCHEMA_ID, "kit": __version__,
            "run": {"workers": workers, "ray": ray, "seconds": round(time.monotonic() - started, 3),
                    "interrupted": played.interrupted, "shards_done": len(played.tallies),
                    "shards_total": len(shards)},
            "results": build_results(entrants, measures, tallies, seed=seed, unit=unit, count=count, bots=bots,
                                     primary=primary, bots_note=bots_described(entrants[0], bots))}
