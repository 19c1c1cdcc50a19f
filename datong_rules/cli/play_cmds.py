"""``datong-rules play`` (bots play a Huolong match, with a readable transcript) and ``datong-rules verify``
(check a game record).

Both take a variant as :mod:`.variant_arg` reads it: a bundled id, full or short, or a variant file's path.

Exit status of ``play``: 0 when the match (or the hands asked for) was played; 1 when a safety cap
stopped it or standard output could not be written (full disk); 2 for bad input (unknown or unplayable
variant, record file not writable or not a regular file). A closed or full standard output (``play … | head``,
``> /dev/full``) stops the transcript, not the match: the record is still written.
Exit status of ``verify``: 0 when every record is accepted; 1 when one is refused (the first refused
action is named: ``FILE: action N (seat S): reason``); 2 when a file is not a readable record
(bad JSON, schema violation, unknown variant, too large, not a regular file); every file is checked.
Errors of ours are one ``error: ...`` line on stderr (click's own usage errors keep click's form).
"""

from __future__ import annotations

import contextlib
import os
import random
import stat
import sys
from pathlib import Path

import click

from datong_rules.reference_impl import records
from datong_rules.reference_impl.bots import BOTS, make_bots
from datong_rules.reference_impl.cards import SUIT_SYMBOLS, format_cards
from datong_rules.reference_impl.huolong.hand import HandState
from datong_rules.reference_impl.huolong.match import Match, MatchError, plural
from datong_rules.reference_impl.huolong.rules import RulesError, rules_from_variant

from .path_args import refuse_empty
from .variant_arg import fail, open_variant_arg


def _cards(cards) -> str:
    return format_cards(cards, symbols=True)


def _suit(suit: str | None) -> str:
    return SUIT_SYMBOLS.get(suit, "none") if suit else "none"


def _team_name(team: int) -> str:
    return f"seats {team}/{team + 2}"


def _levels(levels: tuple[str, str]) -> str:
    return f"{_team_name(0)} at {levels[0]}, {_team_name(1)} at {levels[1]}"


def _declaration_lines(state: HandState) -> list[str]:
    lines = []
    for show in state.decl.shows:
        chain = "".join(f", then {_cards(c)} after {a}" for c, a in show.chain)
        if show.status == "resolved":
            fate = f"suit {_suit(show.suit)}"
        else:
            fate = "lapsed"
        lines.append(f"  seat {show.seat} shows {_cards(show.cards)} after {show.after} cards{chain} "
                     f"({show.kind.name}): {fate}")
    result = state.declaration
    how = {"declared": "declared", "bottom": "nobody declared: the bottom's first suited card",
           "kept": "kept from the first hand", "redeal": "nobody declared"}[result.outcome]
    if result.outcome == "redeal":
        lines.append(f"  {how}: the cards are dealt again")
    else:
        lines.append(f"  trump suit {_suit(result.trump_suit)} ({how}), banker seat {result.banker}, "
                     f"level {state.level}")
    return lines


def transcript(state: HandState, deal_number: int) -> list[str]:
    """The readable lines of one finished hand."""
    out = [f"── hand {state.hand_number}" + (f" (deal {deal_number})" if deal_number > 1 else "")
           + f" · {_levels(state.team_levels)} · first drawer seat {state.first_drawer}"]
    out.append("Declaration:")
    out += _declaration_lines(state)
    if state.phase == "redeal":
        return out
    out.append(f"Bury (seat {state.banker}): {_cards(state.buried)}")
    if state.star is not None:
        for seat, count, taken, forced in state.star.loads:
            what = "must load" if forced else "loads"
            out.append(f"Star burial: seat {seat} {what} {count} big joker(s), takes back {_cards(taken)}")
        if not state.star.loads:
            out.append("Star burial: none")
    for n, (leader, plays, winner, points) in enumerate(state.tricks, 1):
        shown = " | ".join(f"{(leader + i) % 4}: {_cards(p)}" for i, p in enumerate(plays))
        out.append(f"Trick {n:2}: {shown} → seat {winner}" + (f" ({points} points)" if points else ""))
    claim = state.settle_claim()
    held = "dug by the attackers" if state.bottom_dug else "held by the banker team"
    out.append(f"Bottom: {_cards(claim['bottom'])} ({claim['bottom_points']} points), {held}")
    out.append(f"Attackers' points: {claim['attacker_points']} "
               f"(tricks {claim['captured_points']}, bottom {claim['attacker_points'] - claim['captured_points']})")
    stars = claim["stars"]
    star_text = f", stars banker team {stars['banker_team']} / attackers {stars['attackers']}" if any(stars.values()) else ""
    out.append(f"Settlement: row {claim['row']}{star_text}; next banker "
               + ("none" if claim["next_banker"] is None else f"seat {claim['next_banker']}")
               + (f"; stakes banker team {claim['stakes']['banker_team']:+}, attackers {claim['stakes']['attackers']:+}"
                  if any(claim["stakes"].values()) else ""))
    out.append(f"Levels: {_levels(state.team_levels_after())}")
    return out


class _Stdout:
    """The transcript's output: once standard output fails (closed: ``play … | head -1``; full: ``> /dev/full``),
    printing stops and the match goes on, so that the record is still written. A closed pipe is quiet; any other
    failure is kept in ``failure`` (its ``strerror``) for one ``error:`` line at the end."""

    def __init__(self) -> None:
        self.closed = False
        self.failure: str | None = None

    def __call__(self, line: str = "") -> None:
        if self.closed:
            return
        try:
            click.echo(line)
        except OSError as err:
            self.closed = True
            if not isinstance(err, BrokenPipeError):
                self.failure = err.strerror or str(err)
            try:  # later writes and the flush at exit go nowhere, instead of raising again
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
            except (OSError, ValueError, AttributeError):  # not a real file (tests): nothing more is printed anyway
                pass


class _RecordFile:
    """The ``--record`` file, opened before the match so that a path that cannot be written fails at once.

    The file is created if missing but not emptied until :meth:`write`; if the record is never written, a file
    created here is removed again.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        existed = os.path.lexists(path)
        try:
            self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK, 0o666)
        except OSError as err:
            fail(f"cannot write the record to {path}: {err.strerror or err}")
        self.created = not existed
        if not stat.S_ISREG(os.fstat(self.fd).st_mode):
            os.close(self.fd)
            self.fd = -1
            fail(f"cannot write the record to {path}: it is not a regular file (a device, a FIFO or a socket)")

    def write(self, text: str) -> None:
        """Replace the file's content with ``text`` (UTF-8) and close it.

        Raises:
            OSError: the write failed (disk full …).
        """
        with os.fdopen(self.fd, "w", encoding="utf-8") as handle:
            self.fd = -1
            handle.truncate(0)
            handle.write(text)

    def discard(self) -> None:
        """Close without writing; remove the file if it was created here."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
            if self.created:
                with contextlib.suppress(OSError):
                    os.unlink(self.path)


@click.command()
@click.argument("variant")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the shuffles and of the bots.")
@click.option("--hands", type=click.IntRange(min=1), default=None,
              help="Play this many hands (default: the whole match, until a team wins).")
@click.option("--record", "record_path", type=click.Path(dir_okay=False), default=None,
              callback=refuse_empty("a file to write the match record to"),
              help="Write the match record (JSON) to this file; checked before the match starts.")
@click.option("--bots", "bot_kind", type=click.Choice(sorted(BOTS)), default="random", show_default=True,
              help="Which bots play the four seats.")
@click.option("--max-hands", type=click.IntRange(min=1), default=500, show_default=True,
              help="Safety cap on the number of hands of a match.")
def play(variant: str, seed: int, hands: int | None, record_path: str | None, bot_kind: str, max_hands: int) -> None:
    """Bots play a Huolong match and print a transcript.

    VARIANT is a variant id (huolong/li-zhijiang, or just li-zhijiang) or the path of a variant file (a house
    variant). The record of a house variant's match is checked with `datong-rules verify --variant FILE`.
    Exit status: 0 when the match (or the hands asked for) was played; 1 when a safety cap stopped it or standard
    output could not be written (the record is still written); 2 for a VARIANT that names no playable variant or a
    record file that cannot be written.
    """
    resolved = open_variant_arg(variant)
    try:
        rules = rules_from_variant(resolved)
    except RulesError as err:
        fail(str(err))
    record_file = _RecordFile(Path(record_path)) if record_path is not None else None
    try:
        code = _play(resolved.data.get("name", {}).get("en", resolved.id), rules, seed, hands, bot_kind, max_hands,
                     record_file)
    finally:
        if record_file is not None:
            record_file.discard()
    raise SystemExit(code)


def _play(name: str, rules, seed: int, hands: int | None, bot_kind: str, max_hands: int,
          record_file: _RecordFile | None) -> int:
    """Play, print, write the record; returns the exit status."""
    say = _Stdout()
    match = Match(rules, seed, max_hands=max_hands)
    say(f"{name} ({rules.variant_id}) · seed {seed} · bots: {bot_kind}")

    def show(state: HandState) -> None:
        say("")
        for line in transcript(state, _deal_number(match, state)):
            say(line)

    capped = None
    try:
        match.play(make_bots(bot_kind, random.Random(seed)), hands=hands, on_hand=show)
    except MatchError as err:
        capped = str(err)
    say("")
    settled = sum(1 for h in match.hands if h.phase == "settled")
    if match.winner is not None:
        say(f"Match won by {_team_name(match.winner)} after {plural(settled, 'hand')} · {_levels(match.team_levels)}")
    else:
        say(f"No winner yet after {plural(settled, 'hand')} · {_levels(match.team_levels)}")
    if record_file is not None:
        try:
            record_file.write(records.dumps(records.match_record(match)))
        except OSError as err:
            click.echo(f"error: cannot write the record to {record_file.path}: {err.strerror or err}", err=True)
            return 2
        say(f"Record written to {record_file.path}")
    if say.failure is not None:
        click.echo(f"error: cannot write to standard output: {say.failure}"
                   + (" (the record was written)" if record_file is not None else ""), err=True)
    if capped:
        click.echo(f"error: {capped}", err=True)
        return 1
    return 1 if say.failure is not None else 0


def _deal_number(match: Match, state: HandState) -> int:
    """The deal number of ``state`` (the last hand taken into ``match``)."""
    n = 1
    for earlier in reversed(match.hands[:-1]):
        if earlier.phase != "redeal" or earlier.hand_number != state.hand_number:
            break
        n += 1
    return n


# readable=False: an unreadable record is an "error: FILE: …" line of its own, not a usage error
@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(readable=False),
                callback=refuse_empty("a game record file"))
@click.option("--variant", "variant_ref", default=None, metavar="VARIANT",
              help="The house variant the records were played with: its file (or id). Records of a bundled "
                   "variant need nothing.")
def verify(files: tuple[str, ...], variant_ref: str | None) -> None:
    """Check game records: every action, declaration and settlement.

    A record is a hand or a whole match, as `datong-rules play --record` writes it. Each file gets one line:
    `FILE: OK`, `FILE: action N (seat S): reason` for the first action the rules refuse, or `error: FILE: …` when
    the file is not a readable record; every file is checked. Exit status: 0 when every record is accepted, 1 when
    one is refused, 2 when a file is not a readable record (or --variant names no playable variant).
    """
    house = None
    if variant_ref is not None:
        try:
            house = rules_from_variant(open_variant_arg(variant_ref))
        except RulesError as err:
            fail(str(err))
    worst = 0
    for path in files:
        worst = max(worst, _verify_one(Path(path), house))
    raise SystemExit(worst)


def _verify_one(path: Path, house) -> int:
    """Check one record file and print its line; returns its exit status (0, 1, 2, or 70 for a bug of the kit)."""
    try:
        record = records.load(path)
        rules = house if house is not None and house.variant_id == record["variant"] else None
        result = records.replay(record, rules)
    except records.RecordError as err:
        click.echo(f"error: {path}: {err}", err=True)
        return 2
    except Exception as err:  # noqa: BLE001 - a bug of the kit: say so for this file and check the others
        click.echo(f"error: {path}: internal error: {type(err).__name__}: {err}", err=True)
        return 70
    if result.accepted:
        what = f"match, {plural(len(record['hands']), 'deal')}" if record["record"] == "match" else "hand"
        click.echo(f"{path}: OK ({what})")
        return 0
    where = f"hands[{result.hand}] " if result.hand is not None else ""
    detail = f" ({result.detail})" if result.detail else ""
    if result.index is None:
        click.echo(f"{path}: {where.strip() or 'record'}: {result.reason}{detail}")
    else:
        seat = "-" if result.seat is None else result.seat
        click.echo(f"{path}: {where}action {result.index} (seat {seat}): {result.reason}{detail}")
    return 1
