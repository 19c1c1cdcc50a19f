"""``play`` and ``verify`` for the games other than Huolong, through the game's modules found by dotted name
(``datong_rules.reference_impl.<game>.{rules,state,bots,records,transcript}``, PLAN.md §3) — a stand-in for the
game registry (``reference_impl.games``), which will take this lookup over."""

from __future__ import annotations

import importlib
import json
import random
from pathlib import Path
from typing import Any

import click

from datong_rules.reference_impl.user_files import UserFileError, decode_utf8, read_user_file

MAX_RECORD_BYTES = 8 * 1024 * 1024


def facet(game: str, name: str) -> Any:
    """The module ``name`` of ``game``'s package."""
    return importlib.import_module(f"datong_rules.reference_impl.{game}.{name}")


def play_game(game: str, resolved: Any, seed: int, hands: int | None, bot_kind: str, record_file: Any,
              say: Any) -> int:
    """Play a session of ``game`` with bots, print the transcript through ``say``, write the record.

    Returns the exit status (0, or 2 when the record cannot be written)."""
    rules_mod = facet(game, "rules")
    try:
        rules = rules_mod.rules_for(resolved)
    except rules_mod.RulesError as err:
        click.echo(f"error: {err}", err=True)
        return 2
    bots_mod = facet(game, "bots")
    if bot_kind not in bots_mod.BOTS:
        click.echo(f"error: no bot '{bot_kind}' for {game} (known: {', '.join(sorted(bots_mod.BOTS))})", err=True)
        return 2
    state_mod, transcript, records = facet(game, "state"), facet(game, "transcript"), facet(game, "records")
    match = state_mod.Match(rules, seed)
    rng = random.Random(seed)
    bots = [bots_mod.BOTS[bot_kind](random.Random(rng.getrandbits(64))) for _ in range(rules.players)]
    name = resolved.data.get("name", {}).get("en", resolved.id)
    say(f"{name} ({resolved.id}) · seed {seed} · bots: {bot_kind}")

    def show(state: Any, result: dict) -> None:
        say("")
        for line in transcript.lines(state, len(match.results)):
            say(line)

    match.play(bots, hands=hands, on_hand=show)
    n = len(match.results)
    say("")
    say(f"Session over after {n} hand{'s' if n != 1 else ''}")
    if record_file is not None:
        try:
            record_file.write(json.dumps(records.match_body(match), ensure_ascii=False) + "\n")
        except OSError as err:
            click.echo(f"error: cannot write the record to {record_file.path}: {err.strerror or err}", err=True)
            return 2
        say(f"Record written to {record_file.path}")
    return 0


def record_game(path: Path) -> tuple[str | None, Any]:
    """``(game, record)`` when ``path`` holds a JSON record of a game other than Huolong, else ``(None, None)``
    (the Huolong reader then reads the file and reports its problems)."""
    try:
        record = json.loads(decode_utf8(read_user_file(path, MAX_RECORD_BYTES)))
    except (UserFileError, ValueError, OSError):
        return None, None
    game = record.get("game") if isinstance(record, dict) else None
    if isinstance(game, str) and game != "huolong" and game.isidentifier():
        return game, record
    return None, None


def verify_game(path: Path, game: str, record: dict, house: Any) -> int:
    """Replay one record of ``game`` and print its line; returns the exit status (0, 1 or 2)."""
    try:
        records = facet(game, "records")
    except ModuleNotFoundError:
        click.echo(f"error: {path}: unknown game '{game}'", err=True)
        return 2
    try:
        answer = records.replay(record, house.id if house is not None else None)
    except Exception as err:  # noqa: BLE001 - bad record or unknown variant: one line
        click.echo(f"error: {path}: {err}", err=True)
        return 2
    if answer["accepted"]:
        what = f"match, {len(record['hands'])} hands" if record.get("record") == "match" else "hand"
        click.echo(f"{path}: OK ({what})")
        return 0
    where = f"hands[{answer['hand']}] " if answer.get("hand") is not None else ""
    if answer.get("index") is None:
        click.echo(f"{path}: {where.strip() or 'record'}: {answer['reason']}")
    else:
        seat = "-" if answer.get("seat") is None else answer["seat"]
        click.echo(f"{path}: {where}action {answer['index']} (seat {seat}): {answer['reason']}")
    return 1
