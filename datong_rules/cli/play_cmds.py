"""``datong-rules play`` (bots play a match of the variant's game, with a readable transcript) and ``datong-rules
verify`` (check a game record). The game is found through the game registry; its ``state`` (Match), ``bots``,
``transcript`` and ``records`` modules do the game's part.

Both take a variant as :mod:`.variant_arg` reads it: a bundled id, full or short, or a variant file's path.

Exit status of ``play``: 0 when the match (or the hands asked for) was played; 1 when a safety cap
stopped it or standard output could not be written (full disk, or a closed pipe: quietly, as ``show`` and
``simulate`` end); 2 for bad input (unknown or unplayable variant, record file not writable or not a regular file).
A closed or full standard output (``play … | head``, ``> /dev/full``) stops the transcript, not the match: the
record is still written. Ctrl-C (130) or SIGTERM (143)
stops the match: the record of the hands finished so far is written.
Exit status of ``verify``: 0 when every record is accepted; 1 when one is refused (the first refused
action is named: ``FILE: action N (seat S): reason``); 2 when a file is not a readable record
(bad JSON, schema violation, unknown variant, too large, not a regular file); every file is checked.
Errors of ours are one ``error: ...`` line on stderr (click's own usage errors keep click's form).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import stat
import sys
from pathlib import Path

import click

from datong_rules.conformance.reports.common import STDOUT, is_stdout
from datong_rules.reference_impl import games, records
from datong_rules.reference_impl.bots import make_bots
from datong_rules.reference_impl.reasons import reason_entry
from datong_rules.reference_impl.state_api import MAX_HANDS
from datong_rules.reference_impl.table import Table
from datong_rules.reference_impl.user_files import write_atomically
from datong_rules.reference_impl.variant import Variant

from .bots_option import bots_option, checked_kinds
from .messages import current, error_line, tr
from .output import format_option, github_annotation, use_colour
from .path_args import overwritten_input, refuse_empty, unwritable_reason, variant_inputs
from .problem_words import record_line, said, say
from .variant_arg import fail, open_variant_arg
from .seed_option import SEED


_RED_CARDS = re.compile("[♥♦](?:10|[2-9JQKA])?")
"""Hearts and diamonds in the transcript (``♥10``, ``♦A``, a suit alone): red on a terminal."""


class _Stdout:
    """The transcript's output: once standard output fails (closed: ``play … | head -1``; full: ``> /dev/full``),
    printing stops and the match goes on, so that the record is still written. A closed pipe is quiet; any other
    failure is kept in ``failure`` (its ``strerror``) for one ``error:`` line at the end. On a terminal ♥ and ♦
    cards are red (:func:`.output.use_colour`: not with NO_COLOR, not when piped)."""

    def __init__(self, err: bool = False) -> None:
        self.closed = False
        self.failure: str | None = None
        self.err = err  # the transcript on standard error: the record has standard output (--record -)
        self.colour = use_colour(sys.stderr if err else sys.stdout)

    def __call__(self, line: str = "") -> None:
        if self.closed:
            return
        if self.colour:
            line = _RED_CARDS.sub(lambda found: click.style(found.group(), fg="red"), line)
        try:
            click.echo(line, color=self.colour, err=self.err)
        except OSError as err:
            self.closed = True
            if not isinstance(err, BrokenPipeError):
                self.failure = err.strerror or str(err)
            try:  # later writes and the flush at exit go nowhere, instead of raising again
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, (sys.stderr if self.err else sys.stdout).fileno())
            except (OSError, ValueError, AttributeError):  # not a real file (tests): nothing more is printed anyway
                pass


class _RecordFile:
    """The ``--record`` file, opened before the match so that a path that cannot be written fails at once.

    The file is created if missing but not emptied until :meth:`write`; if the record is never written, a file
    created here is removed again.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.where = str(path)
        reason = unwritable_reason(path)
        if reason is not None:
            fail(tr("cannot write the record to {path}: {reason}", path=path, reason=reason))
        existed = os.path.lexists(path)
        try:
            self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK, 0o666)
        except OSError as err:
            fail(tr("cannot write the record to {path}: {reason}", path=path, reason=err.strerror or err))
        self.created = not existed
        if not stat.S_ISREG(os.fstat(self.fd).st_mode):
            os.close(self.fd)
            self.fd = -1
            fail(tr("cannot write the record to {path}: {reason}", path=path,
                    reason=tr("it is not a regular file (a device, a FIFO or a socket)")))

    def write(self, text: str) -> None:
        """Replace the file with ``text`` (UTF-8), whole or not at all (a temporary file renamed over it:
        :func:`~datong_rules.reference_impl.user_files.write_atomically`), and close it.

        Raises:
            OSError: the write failed (disk full …).
        """
        os.close(self.fd)
        self.fd = -1
        try:
            write_atomically(self.path, text)
        except BaseException:
            if self.created:  # nothing of the record is kept: not even the empty file made to check the path
                with contextlib.suppress(OSError):
                    os.unlink(self.path)
            raise

    def discard(self) -> None:
        """Close without writing; remove the file if it was created here."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
            if self.created:
                with contextlib.suppress(OSError):
                    os.unlink(self.path)


class _RecordStdout:
    """``--record -``: the record written to standard output (the transcript then goes to standard error), with the
    interface of :class:`_RecordFile`."""

    path = STDOUT

    def __init__(self) -> None:
        self.where = tr("standard output")

    def write(self, text: str) -> None:
        """Write ``text`` to standard output and flush it.

        Raises:
            OSError: standard output cannot be written (closed, full).
        """
        sys.stdout.write(text)
        sys.stdout.flush()

    def discard(self) -> None:
        """Nothing to close or remove."""


@click.command()
@click.argument("variant")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Seed of the shuffles and of the bots (a whole number ≥ 0, as fuzz takes).")
@click.option("--hands", type=click.IntRange(min=1), default=None,
              help="Play this many hands (default: the whole match, until a team wins).")
@click.option("--record", "record_path", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              callback=refuse_empty("a file to write the match record to"),
              help="Write the match record (JSON) to this file; checked before the match starts. '-': to standard "
                   "output (the transcript then goes to standard error; write ./- for a file of that name).")
@bots_option("random", "Which bots play the seats")
@click.option("--max-hands", type=click.IntRange(min=1), default=MAX_HANDS, show_default=True,
              help="Safety cap on the number of hands of a match.")
def play(variant: str, seed: int, hands: int | None, record_path: str | None, bots: str, max_hands: int) -> None:
    """Bots play a match and print a transcript.

    VARIANT is a variant id (huolong/li-zhijiang, or just li-zhijiang) or the path of a variant file (a house
    variant; a bundled id is read before a file of the same name: write ./NAME for the file). The record of a house variant's match is checked with `datong-rules verify --variant FILE`.
    Exit status: 0 when the match (or the hands asked for) was played; 1 when a safety cap stopped it or standard
    output could not be written (the record is still written); 2 for a VARIANT that names no playable variant, an
    unknown bot kind or a record file that cannot be written; 130 (Ctrl-C) or 143 (SIGTERM) when interrupted (the
    record of the hands finished so far is still written).
    """
    resolved = open_variant_arg(variant)
    if record_path is not None and not is_stdout(record_path):
        _refuse_record_over_variant(Path(record_path), resolved)
    game, rules = _game_and_rules(resolved)
    checked_kinds(game, rules.players, bots)
    record_file: _RecordFile | _RecordStdout | None = None
    if record_path is not None:
        record_file = _RecordStdout() if is_stdout(record_path) else _RecordFile(Path(record_path))
    try:
        names = resolved.data.get("name") or {}
        code = _play(game, names.get(current()) or names.get("en") or resolved.id, rules, seed, hands, bots,
                     max_hands, record_file, _table_line(resolved))
    finally:
        if record_file is not None:
            record_file.discard()
    raise SystemExit(code)


def _refuse_record_over_variant(record_path: Path, variant: Variant) -> None:
    """Exit 2 when ``--record`` names the variant file being played or a file it extends (the same file after
    resolving links and relative parts): the record would overwrite the house rules."""
    problem = overwritten_input({"--record": str(record_path)}, variant_inputs(variant))
    if problem is not None:
        fail(problem)


def _game_and_rules(variant: Variant) -> tuple[games.Game, object]:
    """The registered game of a resolved variant and the game's rules for it; exit 2 when there is none."""
    game = games.find(variant.data.get("game"))
    if game is None:
        fail(tr("variant '{variant}' is of game '{game}', which the kit does not play (games: {games})",
                variant=variant.id, game=variant.data.get("game"), games=", ".join(games.ids())))
    try:
        return game, game.rules_for(variant)
    except ValueError as err:  # the game's RulesError: a rule value its engine cannot play
        fail(said(err))


def _table_line(variant: Variant) -> str | None:
    """Where the seats sit: ``Seats: 0 south, 1 east, 2 north, 3 west (play goes counter-clockwise)`` (in the
    language of the messages: ``座位：0 南，1 东，2 北，3 西（逆时针出牌）``), from the variant's table (seats are
    numbered in play order; the direction places them); None without one."""
    try:
        table = Table.from_rules(variant.data.get("rules", {}))
    except ValueError:
        return None
    places = tr(", ").join(f"{seat} {tr(table.position(seat))}" for seat in table.seats)
    return tr("Seats: {places} (play goes {direction})", places=places,
              direction=tr(table.play_direction.replace("_", "-")))


def _play(game: games.Game, name: str, rules, seed: int, hands: int | None, bot_kind: str, max_hands: int,
          record_file: _RecordFile | _RecordStdout | None, table_line: str | None = None) -> int:
    """Play, print, write the record; returns the exit status."""
    say = _Stdout(err=isinstance(record_file, _RecordStdout))
    lang = current()
    state_api = game.facet("state")
    transcript = game.facet("transcript")
    match = state_api.Match(rules, seed, max_hands=max_hands)
    say(tr("{name} ({variant}) · seed {seed} · bots: {bots}", name=name, variant=rules.variant_id, seed=seed,
           bots=bot_kind))
    if table_line:
        say(table_line)

    played = []

    def show(state) -> None:
        played.append(1)
        say("")
        for line in transcript.match_hand_lines(match, state, lang=lang):
            say(line)

    capped = None
    try:
        match.play(make_bots(game, bot_kind, random.Random(seed), rules.players), hands=hands, on_hand=show)
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: the hands finished so far are kept, then the command stops
        _keep_finished_hands(match, records, record_file, len(played))
        raise
    except state_api.MatchError as err:
        capped = tr("{error} (raise the cap with --max-hands)", error=said(err))
        if not played:  # refused before a hand was dealt: nothing to record
            click.echo(error_line(capped), err=True)
            return 1
    say("")
    for line in transcript.match_end_lines(match, lang=lang):
        say(line)
    if record_file is not None:
        try:
            record_file.write(records.dumps(records.match_record(match)))
        except OSError as err:
            click.echo(error_line(tr("cannot write the record to {path}: {reason}", path=record_file.where,
                                     reason=err.strerror or err)), err=True)
            return 2
        if isinstance(record_file, _RecordFile):
            say(tr("Record written to {path}", path=record_file.path))
    if say.failure is not None:
        click.echo(error_line(tr("cannot write to standard output: {reason}", reason=say.failure)
                              + (tr(" (the record was written)") if record_file is not None else "")), err=True)
    if capped:
        click.echo(error_line(capped), err=True)
        return 1
    return 1 if say.closed else 0  # a closed pipe too, quietly: as show and simulate end (click's handling)


def _keep_finished_hands(match, records_module, record_file: _RecordFile | _RecordStdout | None,
                         finished: int) -> None:
    """On an interrupt, write the record of the ``finished`` hands (a match cut short, as ``--hands N`` writes it;
    ``verify`` accepts it) and say so on stderr; nothing when no hand was finished or no record was asked for."""
    if record_file is None or not finished:
        return
    try:
        record = records_module.match_record(match)
        record["hands"] = record["hands"][:finished]  # not the hand the interrupt stopped
        record_file.write(records_module.dumps(record))
    except (OSError, ValueError, KeyError, TypeError) as err:
        click.echo(error_line(tr("cannot write the record to {path}: {reason}", path=record_file.where,
                                 reason=getattr(err, "strerror", None) or err)), err=True)
        return
    said = ("Record of the 1 finished hand written to {path}" if finished == 1
            else "Record of the {count} finished hands written to {path}")
    click.echo(tr(said, count=finished, path=record_file.where), err=True)


# readable=False: an unreadable record is an "error: FILE: …" line of its own, not a usage error
@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(readable=False),
                callback=refuse_empty("a game record file"))
@click.option("--variant", "variant_ref", default=None, metavar="VARIANT",
              help="The house variant the records were played with: its file (or id); a record of another "
                   "variant is an error. Records of a bundled variant need nothing.")
@format_option("text", "json", "github",
               detail="json: a list with one object per file (file, status accepted|refused|error, and the "
                      "record kind, or where and why it was refused (reason, words, rules), or the error); "
                      "github: an ::error annotation per refused or unreadable file.")
def verify(files: tuple[str, ...], variant_ref: str | None, fmt: str) -> None:
    """Check game records: every action, declaration and settlement.

    A record is a hand or a whole match, as `datong-rules play --record` writes it. Each file gets one line:
    `FILE: OK`, `FILE: action N (seat S): reason` for the first action the rules refuse (followed by the reason in
    words and the rules that refuse it), or `error: FILE: …` when the file is not a readable record; every file is
    checked. Exit status: 0 when every record is accepted, 1 when
    one is refused, 2 when a file is not a readable record, or a record of another variant than the one --variant
    gives (or --variant names no playable variant). The `error: …` lines go to standard error whatever the --format.
    """
    house = None
    if variant_ref is not None:
        house = _game_and_rules(open_variant_arg(variant_ref))[1]
    worst = 0
    entries = []
    for path in files:
        code, entry, said = _verify_one(Path(path), house)
        worst = max(worst, code)
        entries.append(entry)
        if fmt == "github" and entry["status"] != "accepted":
            click.echo(github_annotation(entry.get("error") or entry["summary"], file=str(path), title=entry["status"]))
        elif fmt == "text" and entry["status"] != "error":
            click.echo(tr("{path}: {summary}", path=path, summary=said))
    if fmt == "json":
        click.echo(json.dumps(entries, ensure_ascii=False, indent=2))
    raise SystemExit(worst)


def _verify_one(path: Path, house) -> tuple[int, dict, str]:
    """Check one record file; returns its exit status (0, 1, 2, or 70 for a bug of the kit), its entry: ``file``,
    ``status`` (accepted, refused, error) and ``summary`` (the text line's tail, in the command's language), with
    ``record`` and ``deals`` when accepted, ``hand``/``index``/``seat``/``reason``/``detail`` when refused, ``error``
    (printed here) for an error; and the text line's tail (the summary)."""
    entry: dict = {"file": str(path)}
    try:
        record = records.load(path)
        result = records.replay(record, house)  # a record of another variant than --variant's is an error
    except records.RecordError as err:
        entry.update(status="error", error=str(err))  # the JSON report's words: English
        click.echo(error_line(tr("{path}: {summary}", path=path, summary=record_line(err))), err=True)
        return 2, entry, ""
    except Exception as err:  # noqa: BLE001 - a bug of the kit: say so for this file and check the others
        entry.update(status="error", error=f"internal error: {type(err).__name__}: {err}")
        click.echo(error_line(f"{path}: " + tr("internal error: {kind}: {text}", kind=type(err).__name__,
                                                text=err)), err=True)
        return 70, entry, ""
    if result.accepted:
        deals = len(record.get("hands", [])) if record["record"] == "match" else 1
        accepted = ("OK (hand)" if record["record"] != "match" else
                    "OK (match, 1 deal)" if deals == 1 else "OK (match, {deals} deals)")
        entry.update(status="accepted", record=record["record"], deals=deals, summary=tr(accepted, deals=deals))
        return 0, entry, entry["summary"]
    short, rules = _refusal_words(record, result)
    entry.update(status="refused", hand=result.hand, index=result.index, seat=result.seat, reason=result.reason,
                 detail=result.detail or None, words=short[current()] if short else None, rules=list(rules))
    entry["summary"] = _refusal_line(result, short[current()] if short else None, rules)  # as the text line says it
    return 1, entry, entry["summary"]


def _refusal_line(result, words: str | None, rules: tuple[str, ...]) -> str:
    """Where and why a record is refused, in the command's language (:func:`.messages.tr`): ``hands[2] action 6
    (seat 1): out_of_turn (seat 0 is to play)``, the reason code followed by the engine's own detail (said again in
    中文 by :func:`.problem_words.say` where it has the words), or else by ``words`` (the reason in words) and
    ``rules``."""
    where = f"hands[{result.hand}] " if result.hand is not None else ""
    why = result.reason + (tr(" ({detail})", detail=say(result.detail)) if result.detail else "")
    if words and not result.detail:  # a detail already says it in words, more precisely
        why += tr(": {words} (rules: {rules})" if rules else ": {words}", words=words, rules=", ".join(rules))
    if result.index is None:
        return tr("{where}: {why}", where=where.strip() or tr("record"), why=why)
    seat = "-" if result.seat is None else result.seat
    return tr("{where}action {index} (seat {seat}): {why}", where=where, index=result.index, seat=seat, why=why)


def _refusal_words(record: dict, result) -> tuple[dict[str, str] | None, tuple[str, ...]]:
    """The words of a refusal's reason code in each language (``{"zh": …, "en": …}``), and the rule ids that refuse
    it, as ``spec/reasons.yaml`` gives them for the refused action's type (the table explains a refusal with the same
    entry); ``(None, ())`` for a code the file does not list (a record's setup: ``bad_pack``, ``out_of_turn`` …)."""
    hand = record
    if result.hand is not None and isinstance(record.get("hands"), list) and result.hand < len(record["hands"]):
        hand = record["hands"][result.hand]
    actions = hand.get("actions") if isinstance(hand, dict) else None
    action = actions[result.index] if isinstance(actions, list) and result.index is not None \
        and 0 <= result.index < len(actions) else None
    kind = action.get("type") if isinstance(action, dict) and isinstance(action.get("type"), str) else None
    found = reason_entry(str(record.get("game")), str(result.reason), kind)
    if found is None:
        return None, ()
    return found.short, found.rules
