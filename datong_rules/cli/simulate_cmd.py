"""``datong-rules simulate``: what the rules of variants do to the game, measured over many hands or matches played
by the kit's bots (:mod:`datong_rules.simulate`), with a progress bar, a console table, and optionally the JSON
document (``--json``, spec/schema/simulate.schema.json) and the HTML report (``--html``).

Exit status: 0 when every shard was played; 2 for bad input (a VARIANT that names no playable variant, variants of
several games, a game without measures, an unknown bot kind, neither or both of --hands and --matches, a file that
cannot be written, --ray or --html without its extra); 130 (Ctrl-C) or 143 (SIGTERM) when interrupted: the shards
that finished are still reported and written, marked ``interrupted``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import click

from datong_rules.conformance.reports.common import is_stdout
from datong_rules.reference_impl import games
from datong_rules.reference_impl.user_files import clipped, write_atomically
from datong_rules.reference_impl.variant.resolve import is_variant_path

from .bots_option import bots_option, checked_kinds
from .messages import current, error_line, tr
from .output import interrupted_status
from .problem_words import say
from .path_args import overwritten_input, refuse_empty, shared_output, unwritable_reason, variant_inputs
from .variant_arg import VARIANT_HELP, fail, open_variant_arg
from .seed_option import SEED


def _entrants(refs: tuple[str, ...]) -> list[Any]:
    """The entrant of each VARIANT argument, in order; exit 2 for one that names no playable variant, or for
    variants of several games."""
    from datong_rules.simulate.shards import entrant_of

    entrants = []
    for ref in refs:
        variant = open_variant_arg(ref)
        try:
            entrants.append(entrant_of(variant, ref if is_variant_path(ref) else None))
        except games.UnknownGame:
            fail(f"{ref}: " + tr("variant '{variant}' is of game '{game}', which the kit does not play (games: "
                                 "{games})", variant=variant.id, game=variant.data.get("game"),
                                 games=", ".join(games.ids())))
        except ValueError as err:  # the game's RulesError: a value its engine cannot play
            fail(say(str(err) if str(err).startswith(ref) else f"{ref}: {err}"))
    found = sorted({e.game.id for e in entrants})
    if len(found) > 1:
        fail(tr("the variants are of several games ({games}); expected variants of one game", games=", ".join(found)))
    return entrants


def _check_primary(game: games.Game, primary: str | None) -> None:
    """``--primary``: a measure id of the game; exit 2 otherwise."""
    if primary is not None:
        known = [m.id for m in games.measures(game).MEASURES]
        if primary not in known:
            fail(tr("--primary: unknown measure '{primary}' for {game} (expected one of: {known})", primary=primary,
                    game=game.id, known=", ".join(known)))


def _check_output(option: str, path: str | None) -> None:
    """Exit 2 when the file ``path`` cannot be written (``-``, standard output, can)."""
    if path is not None and not is_stdout(path):
        reason = unwritable_reason(Path(path))
        if reason is not None:
            fail(tr("{option} {path}: cannot write it: {reason}", option=option, path=path, reason=reason))


def _check_extras(ray: str | None, html_path: str | None) -> None:
    """Exit 2 at once, before any hand is played, when --ray or --html lacks its extra, or --ray is no address."""
    if ray is not None:
        if not ray.strip():
            fail(tr("--ray is empty (expected a Ray cluster's address, or local)"))
        from datong_rules.simulate.ray_address import address_problem

        problem = address_problem(ray.strip())  # before Ray is imported: Ray retries a wrong address for minutes
        if problem is not None:
            fail(tr("--ray {address}: {problem}", address=clipped(ray), problem=say(problem)))
        try:
            import ray as _ray  # noqa: F401
        except ImportError:
            fail(tr("--ray needs Ray: pip install 'datong-rules[scale]'"))
    if html_path is not None:
        from datong_rules.simulate.report_html import ReportUnavailable
        from datong_rules.simulate.report_charts import check_available

        try:
            check_available()
        except ReportUnavailable as err:
            fail(tr("--html: {problem}", problem=say(str(err))))


def _write(option: str, path: str, text: str) -> None:
    """Write ``text`` to the file ``path`` whole or not at all, or to standard output (``-``); exit 2 when it
    cannot be written."""
    try:
        if is_stdout(path):
            sys.stdout.write(text)
            sys.stdout.flush()
            return
        write_atomically(Path(path), text)
    except OSError as err:
        where = tr("standard output") if is_stdout(path) else path
        fail(tr("{option} {path}: cannot write it: {reason}", option=option, path=where,
                reason=err.strerror or err))
    click.echo(tr("{what} written to {path}", what=option.removeprefix("--").upper(), path=path), err=True)


MAX_HANDS = 100_000_000
"""The most ``--hands`` a run takes (200,000 shards of 500 hands): a larger count would be planned in memory before
any hand is played (``--hands 99999999999999999999`` filled the memory and could not be stopped)."""

MAX_MATCHES = 10_000_000
"""The most ``--matches`` a run takes (200,000 shards of 50 matches)."""


@click.command()
@click.argument("variants", nargs=-1, required=True, metavar="VARIANT...",
                callback=refuse_empty(VARIANT_HELP))
@click.option("--hands", type=click.IntRange(1, MAX_HANDS), default=None, metavar="N",
              help=f"Hands to play per variant (at most {MAX_HANDS:,}).")
@click.option("--matches", type=click.IntRange(1, MAX_MATCHES), default=None, metavar="N",
              help=f"Whole matches to play per variant (at most {MAX_MATCHES:,}).")
@bots_option("greedy", "Which bots play", "The report says what each does and which rules it never chooses.")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Seed of the run, from which every shard's deals and bots are seeded (a whole number ≥ 0).")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Local processes to play on (default: every core); with --ray local, the local cluster's CPUs; "
                   "not used with --ray ADDRESS (the cluster's own CPUs play).")
@click.option("--ray", "ray", default=None, metavar="ADDRESS|local",
              help="Play on a Ray cluster (the extra [scale]): its address, or local to start one on this machine.")
@click.option("--primary", default=None, metavar="MEASURE",
              help="The measure each comparison is judged by (default: who wins, such as banker_side_won); every "
                   "other measure and rule fired is secondary, its p-value Holm-adjusted.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              callback=refuse_empty("a file to write the JSON results to"),
              help="Write the simulate document (JSON, schema: datong-rules schema simulate) to this file ('-': "
                   "to standard output, the table then going to standard error).")
@click.option("--html", "html_path", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              callback=refuse_empty("a file to write the HTML report to"),
              help="Write the HTML report with one chart per measure (the extra [report]) to this file ('-': to "
                   "standard output, the table then going to standard error).")
def simulate(variants: tuple[str, ...], hands: int | None, matches: int | None, bots: str, seed: int,
             workers: int | None, ray: str | None, primary: str | None, json_path: str | None,
             html_path: str | None) -> None:
    """Measure what the rules of variants do to the game, over many hands or matches played by bots.

    Each VARIANT is a variant id (huolong/li-zhijiang, or just li-zhijiang) or the path of a variant file (a house
    variant); all of one game. For each: the game's measures (the banker side's win rate, win rate by seat, hand
    length, points, per match: hands and winner) with 95 % intervals, and how often each rule decided something;
    each variant after the first is compared with the first (difference, interval, p-value) beside the rules that
    differ: one primary measure (--primary; default who wins), the other measures and the rules fired secondary,
    Holm-adjusted; intervals count each match as a cluster (whole matches are played). The figures describe the bots' play, not expert play. The results are the same for the same seed
    whatever --workers or --ray. Exit status: 0; 2 for bad input; 130 or 143 when interrupted (the finished part is
    still reported, marked interrupted).
    """
    from datong_rules.simulate import default_workers
    from datong_rules.simulate import simulate as run

    if (hands is None) == (matches is None):
        fail(tr("give --hands N or --matches M (one of them)"))
    entrants = _entrants(variants)
    game = entrants[0].game
    try:
        games.measures(game)
    except LookupError as err:
        fail(str(err))
    kinds = checked_kinds(game, entrants[0].rules.players, bots)
    _check_primary(game, primary)
    _check_output("--json", json_path)
    _check_output("--html", html_path)
    outputs = {"--json": json_path, "--html": html_path}
    shared = shared_output(outputs)
    if shared is not None:  # the HTML report written over the JSON one
        fail(shared)
    read = {name: what for ref in variants if is_variant_path(ref)
            for name, what in variant_inputs(open_variant_arg(ref)).items()}
    overwritten = overwritten_input(outputs, read)
    if overwritten is not None:  # a report over the house rules simulated
        fail(overwritten)
    _check_extras(ray, html_path)
    workers = workers or default_workers()
    unit = "hands" if hands is not None else "matches"
    count = hands or matches or 0  # exactly one is given, at least 1 (checked above and by click)
    from datong_rules.simulate.ray_runner import RayUnavailable

    try:
        with _ProgressBar() as progress:
            doc = run(entrants, unit=unit, count=count, seed=seed, bots=kinds, workers=workers,
                      ray=None if ray is None else ray.strip(), progress=progress, primary=primary)
    except RayUnavailable as err:
        fail(str(err))
    _report(doc, json_path, html_path)


class _ProgressBar:
    """The shards done, as click's progress bar on standard error when it is a terminal (nothing otherwise);
    called as ``progress(done, total)``."""

    def __init__(self) -> None:
        self.bar: Any = None

    def __enter__(self) -> _ProgressBar:
        return self

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            if not sys.stderr.isatty():
                return
            self.bar = click.progressbar(length=total, label="shards", file=sys.stderr, show_pos=True,
                                         show_eta=True)
            self.bar.__enter__()
        self.bar.update(done - self.bar.pos)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


def _report(doc: dict, json_path: str | None, html_path: str | None) -> None:
    """Print the table, write the files asked for, and end (status 130 or 143 when the run was interrupted)."""
    from datong_rules.simulate.console import table_lines

    to_stderr = is_stdout(json_path) or is_stdout(html_path)  # standard output is the document's alone
    for line in table_lines(doc, current()):
        click.echo(line, err=to_stderr)
    if json_path is not None:
        _write("--json", json_path, json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    if html_path is not None:
        from datong_rules.simulate.report_html import render

        _write("--html", html_path, render(doc, current()))
    if doc["run"]["interrupted"]:
        click.echo(error_line(tr("interrupted")), err=True)
        raise SystemExit(interrupted_status())
