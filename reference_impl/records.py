"""Game records (JSON): the envelope every game shares, reading, writing, and replay through the game registry.

A record is ``{record: hand | match, kit, game, variant, seed, …}``: the envelope (``spec/schema/record.schema.json``)
is the same for every game; ``game`` names the game whose body follows, checked by the game's record schema
``spec/schema/games/<game>/record.schema.json`` and replayed by the game's ``records`` module (``hand_body``,
``match_body``, ``replay``), found through :mod:`datong_rules.reference_impl.games`. Every game's ``replay`` is the
one driver of :mod:`datong_rules.reference_impl.replay` with the game's hooks (:class:`ReplayResult` is there).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import __version__, games
from .paths import schema_path
from .replay import ReplayResult
from .user_files import UserFileError, decode_utf8, read_user_file, write_atomically
from .variant import SpecError

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

    from .schema_validator import SchemaValidator

_Path = tuple[Any, ...]
"""A place in a record: keys and list indexes from the top."""

ENVELOPE_SCHEMA = "record.schema.json"
"""The envelope schema (``spec/schema/``); a game's body schema is ``games/<game>/record.schema.json``."""


class RecordError(ValueError):
    """A file that is not a readable record (bad JSON, schema violation, unknown variant): one line."""


# -- writing ---------------------------------------------------------------------------------------
def _game_of(rules: Any) -> games.Game:
    return games.game_of_variant(rules.variant_id)


def _records_of(game: games.Game) -> Any:
    """The game's ``records`` module (a required facet: never None)."""
    return game.facet("records")


def hand_record(state: Any, *, seed: int | None = None, deal_number: int = 1) -> dict[str, Any]:
    """The record of a hand (finished or not) as a JSON-ready dict: the envelope, then the game's body
    (``hand_body(state, deal_number=…)`` of the game's ``records`` module)."""
    game = _game_of(state.rules)
    return {"record": "hand", "kit": __version__, "game": game.id, "variant": state.rules.variant_id, "seed": seed,
            **_records_of(game).hand_body(state, deal_number=deal_number)}


def match_record(match: Any) -> dict[str, Any]:
    """The record of a match: the envelope, then the game's body (``match_body(match)``: every hand played so far)."""
    game = _game_of(match.rules)
    return {"record": "match", "kit": __version__, "game": game.id, "variant": match.rules.variant_id,
            "seed": match.seed, **_records_of(game).match_body(match)}


# -- reading ---------------------------------------------------------------------------------------
MAX_RECORD_BYTES = 8 * 2**20
"""Largest record file :func:`load` reads, in bytes (8 MiB). Measured: a whole bot-played match is 30–490 KB (360
matches of the three bundled variants, random and greedy bots: at most 31 hands, about 15 KB per hand); a match
stopped by ``play``'s default cap of 500 hands would be about 7.5 MB."""

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted in a record (a record needs 6 levels), as for spec files."""

MAX_DIGITS = 1000
"""Longest whole number accepted in a record, in digits (seeds are the only large numbers)."""

_PRUNE_ABOVE = 8
"""Lists longer than this are cut to one element when looking for jsonschema's error (see :func:`validate`); no list
of the record schema has a ``minItems`` or ``maxItems`` above 2, so the cut list is valid wherever the whole was."""


class _BadJson(ValueError):
    """Raised from the JSON reader's hooks."""


@lru_cache(maxsize=None)
def _validator(name: str) -> SchemaValidator:
    """The validator of a record schema, compiled once: ``name`` is a path under ``spec/schema/``
    (``games/huolong/record.schema.json``) or an absolute path (a game registered from outside the kit)."""
    from .schema_validator import SchemaValidator

    path = Path(name) if Path(name).is_absolute() else schema_path(name)
    schema = json.loads(path.read_text(encoding="utf-8"))
    if name == ENVELOPE_SCHEMA:  # the envelope alone (its game branches refer to other files)
        schema = {"$schema": schema["$schema"], **schema["$defs"]["envelope"]}
    return SchemaValidator(schema)


def _schema_for(record: Any) -> str:
    """The schema a record is checked with: its game's record schema (the ``SCHEMA`` path of the game's ``records``
    module, else ``games/<game>/record.schema.json`` of the kit) when ``game`` names a registered game that has one,
    else the envelope alone."""
    game = games.find(record.get("game")) if isinstance(record, dict) else None
    if game is not None:
        own = getattr(game.facet("records"), "SCHEMA", None)
        if own is not None:
            return str(own)
        name = f"games/{game.id}/{ENVELOPE_SCHEMA}"
        if schema_path(name).is_file():
            return name
    return ENVELOPE_SCHEMA


def _too_deep(value: Any) -> bool:
    """Whether ``value`` nests arrays and objects deeper than :data:`MAX_DEPTH` (walked without recursion)."""
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict | list):
            if depth > MAX_DEPTH:
                return True
            stack.extend((child, depth + 1) for child in (node.values() if isinstance(node, dict) else node))
    return False


def _narrow(node: Any, rest: _Path | None, here: _Path, kept: dict[_Path, int]) -> Any:
    """A copy of ``node`` in which every list longer than :data:`_PRUNE_ABOVE` keeps one element: the one the
    remaining error path ``rest`` goes through (``None`` off that path), else the first. ``kept`` receives, for
    each cut list (by its path ``here`` in the copy), the index in the original of the element kept."""
    def follow(key: Any) -> _Path | None:
        return rest[1:] if rest and type(rest[0]) is type(key) and rest[0] == key else None

    if isinstance(node, dict):
        return {key: _narrow(child, follow(key), here + (key,), kept) for key, child in node.items()}
    if not isinstance(node, list):
        return node
    if len(node) <= _PRUNE_ABOVE:
        return [_narrow(child, follow(index), here + (index,), kept) for index, child in enumerate(node)]
    wanted = rest[0] if rest and type(rest[0]) is int else 0
    chosen = wanted if 0 <= wanted < len(node) else 0
    kept[here] = chosen
    return [_narrow(node[chosen], follow(chosen), here + (0,), kept)]


def _original_path(path: _Path, kept: dict[_Path, int]) -> _Path:
    """A path in the copy made by :func:`_narrow` → the same place in the original."""
    out = list(path)
    for depth in range(len(path)):
        if tuple(path[:depth]) in kept and isinstance(path[depth], int):
            out[depth] = kept[tuple(path[:depth])]
    return tuple(out)


def _schema_error(record: Any, name: str) -> tuple[ValidationError, _Path] | None:
    """jsonschema's most relevant error of ``record`` with its path in ``record``, or ``None`` when it is valid.

    Fast on large records: jsonschema-rs tells whether the record is valid and where its first error is; jsonschema
    (whose messages the kit uses everywhere) then looks only at a copy cut down around that place (:func:`_narrow`).
    """
    import jsonschema

    check = _validator(name)
    if check.quickly_valid(record):
        return None
    hint = check.quick_error_path(record)
    kept: dict[_Path, int] = {}
    errors = []
    if hint is not None:
        errors = list(check.full.iter_errors(_narrow(record, hint, (), kept)))
    if not errors:  # no jsonschema-rs, or its hint led nowhere: jsonschema on the whole record
        kept = {}
        errors = list(check.full.iter_errors(record))
    if not errors:
        return None
    best = jsonschema.exceptions.best_match(errors)
    while best.context:  # into a oneOf (a seat or null): the branch that nearly fits
        best = jsonschema.exceptions.best_match(best.context)
    return best, _original_path(tuple(best.absolute_path), kept)


def validate(record: Any) -> None:
    """Check a record against its game's record schema (``games/<game>/record.schema.json``; ``record: hand`` or
    ``match`` decides which part applies), or against the envelope when ``game`` names no game the kit knows.

    Raises:
        RecordError: one line naming the place (``hands[2].seed``) and what is wrong there, e.g.
            ``not a valid record at hands[2].seed: found the text 'abc' (expected a whole number or null)``; or
            data nested deeper than :data:`MAX_DEPTH`.
    """
    from .variant.errors import format_path
    from .variant.schema_check import describe_error

    if _too_deep(record):
        raise RecordError(f"nesting deeper than {MAX_DEPTH} levels (expected at most {MAX_DEPTH} levels of arrays "
                          "and objects)")
    name = _schema_for(record)
    found = _schema_error(record, name)
    if found is None:
        if games.find(record.get("game")) is None:
            raise RecordError(f"not a valid record at game: unknown game {record['game']!r} "
                              f"(expected one of: {', '.join(games.ids())})")
        return
    error, path = found
    described = describe_error(error, path)
    if len(described) == 1:
        where, _, message, expected = described[0]
    elif all(kind == "missing_key" for _, kind, _, _ in described):
        where, message, expected = path, "missing keys " + ", ".join(d[3] for d in described), ""
    else:  # several unknown keys of one object
        where, message, expected = path, "; ".join(d[2] for d in described), described[0][3]
    if len(expected) > 200:
        expected = expected[:197] + "..."
    raise RecordError(f"not a valid record at {format_path(where) or 'the top'}: {message}"
                      + (f" (expected {expected})" if expected else ""))


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        keys = [key for key, _ in pairs]
        duplicate = next(key for i, key in enumerate(keys) if key in keys[:i])
        raise _BadJson(f"duplicate key '{duplicate}' in an object (expected each key once)")
    return obj


def _constant(name: str) -> Any:
    raise _BadJson(f"{name} is not a JSON number (expected a whole number)")


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _BadJson(f"a number of {digits} digits (expected at most {MAX_DIGITS} digits)")
    return int(text)


def parse(text: str) -> dict[str, Any]:
    """A record from JSON text, validated (strict JSON: no duplicate keys, no NaN or Infinity).

    Raises:
        RecordError: bad JSON (with line and column), too deep, a duplicate key, a huge number, or a schema violation.
    """
    if not text.strip():
        raise RecordError("the file is empty (expected a game record: JSON, as `datong-rules play --record` writes "
                          "it)")
    try:
        record: dict[str, Any] = json.loads(text, object_pairs_hook=_object, parse_constant=_constant,
                                            parse_int=_integer)
    except json.JSONDecodeError as err:
        raise RecordError(f"bad JSON at line {err.lineno} column {err.colno}: {err.msg}") from None
    except _BadJson as err:
        raise RecordError(f"bad JSON: {err}") from None
    except RecursionError:
        raise RecordError(f"nesting deeper than {MAX_DEPTH} levels (expected at most {MAX_DEPTH} levels of arrays "
                          "and objects)") from None
    _check_game_and_variant(record)
    validate(record)
    return record


def winner_words(team: Any) -> str:
    """A match record's ``match_winner`` in words for a message: ``team 0``, ``team 1``, ``no winner`` (None), or
    the value as JSON when it is not a team."""
    if team is None:
        return "no winner"
    return f"team {team}" if type(team) is int else json.dumps(team)


def _check_game_and_variant(record: Any) -> None:
    """Before the schema (which checks the body of the record's ``game``, so would blame a key of the other
    game's body): a ``game`` that is not the game of the ``variant`` id (``huolong/…``) is refused as such.

    Raises:
        RecordError: ``the record is of game 'G' but names the variant 'V' (a game of H)``.
    """
    if not isinstance(record, dict):
        return
    game, variant = record.get("game"), record.get("variant")
    if not isinstance(game, str) or not isinstance(variant, str) or "/" not in variant:
        return
    variant_game = variant.split("/", 1)[0]
    if variant_game != game and variant_game in games.ids():
        raise RecordError(f"the record's game and variant disagree: game '{game}', variant '{variant}' (a "
                          f"{variant_game} variant; expected game '{variant_game}')")


def load(path: str | Path) -> dict[str, Any]:
    """Read and validate a record file (UTF-8 JSON, a byte order mark allowed, at most :data:`MAX_RECORD_BYTES`).

    Raises:
        RecordError: not a regular file (a folder, a FIFO …), unreadable, too large, not UTF-8, or as :func:`parse`.
            The message does not repeat the file name.
    """
    try:
        text = decode_utf8(read_user_file(path, MAX_RECORD_BYTES))
    except UserFileError as err:
        where = f" at line {err.line} column {err.column}" if err.kind == "encoding" else ""
        raise RecordError(f"{err.message}{where}" + (f" (expected {err.expected})" if err.expected else "")) from None
    return parse(text)


def known_variants() -> list[str]:
    """The playable bundled variant ids (those a record may name without a variant file)."""
    from .variant import default_registry

    registry = default_registry()
    out = []
    for variant_id in registry.variant_ids():
        try:
            if not registry.load_variant(variant_id).abstract:
                out.append(variant_id)
        except SpecError:
            continue
    return out


def game_rules(record: dict[str, Any], rules: Any = None) -> Any:
    """The rules a record is replayed with: ``rules`` when given (a house variant; its id must be the record's),
    else the bundled variant the record names.

    Raises:
        RecordError: an unknown, broken or unplayable variant, or ``rules`` of another variant.
    """
    variant_id = record["variant"]
    if rules is not None:
        if rules.variant_id != variant_id:
            given_game = rules.variant_id.split("/", 1)[0]
            games_differ = f" (a {record['game']} record, a {given_game} variant)" if given_game != record["game"] else ""
            raise RecordError(f"the record was played with variant '{variant_id}', not with the variant given, "
                              f"'{rules.variant_id}'{games_differ}; give the variant it was played with, or none "
                              "for a bundled one")
        return rules
    game = games.get(record["game"])
    if not variant_id.startswith(game.id + "/"):
        raise RecordError(f"the record is of game '{game.id}' but names the variant '{variant_id}'")
    rules_error = getattr(game.facet("rules"), "RulesError", ValueError)
    try:
        return game.rules_for(variant_id)
    except SpecError as err:
        if err.kind in ("unknown_variant", "bad_id", "outside_spec"):
            raise RecordError(f"unknown variant {variant_id!r} (known: {', '.join(known_variants())}; for a house "
                              "variant, give its file with --variant)") from None
        raise RecordError(f"variant '{variant_id}' cannot be loaded: {err}") from None
    except rules_error as err:
        raise RecordError(str(err)) from None


def result_differences(claimed: Any, actual: Any, limit: int = 3, wholes: tuple[str, ...] = ()) -> str:
    """Where a record's claimed ``result`` differs from the one the rules give, in words: ``result.levels[1]: the
    record says "5", the rules give "4"``, the first ``limit`` differences (``; and 2 more``). Values are compact
    JSON (cut at 60 characters); mappings are compared key by key, lists of one length item by item, except the
    values of the keys in ``wholes`` (card multisets such as ``egg``: shown whole). "" when they are the same.
    Used by the games' replays for the ``result_mismatch`` refusal."""
    found: list[str] = []
    _differences(claimed, actual, "result", found, wholes)
    if not found:
        return ""
    more = len(found) - limit
    return "; ".join(found[:limit]) + (f"; and {more} more" if more > 0 else "")


def _differences(claimed: Any, actual: Any, path: str, found: list[str], wholes: tuple[str, ...] = ()) -> None:
    if path.rpartition(".")[2] in wholes:
        if claimed != actual:
            found.append(f"{path}: the record says {_shown(claimed)}, the rules give {_shown(actual)}")
    elif isinstance(claimed, dict) and isinstance(actual, dict):
        for key in [*claimed, *(k for k in actual if k not in claimed)]:
            where = f"{path}.{key}"
            if key not in actual:
                found.append(f"{where}: the record says {_shown(claimed[key])}, the rules have no such key")
            elif key not in claimed:
                found.append(f"{where}: the record leaves it out, the rules give {_shown(actual[key])}")
            else:
                _differences(claimed[key], actual[key], where, found, wholes)
    elif isinstance(claimed, list) and isinstance(actual, list) and len(claimed) == len(actual):
        for index, (mine, theirs) in enumerate(zip(claimed, actual, strict=True)):
            _differences(mine, theirs, f"{path}[{index}]", found, wholes)
    elif type(claimed) is not type(actual) or claimed != actual:
        found.append(f"{path}: the record says {_shown(claimed)}, the rules give {_shown(actual)}")


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def dumps(record: dict[str, Any]) -> str:
    """A record as JSON text (one action per line, so that diffs stay readable), ending in a newline."""
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


def dump(record: dict[str, Any], path: str | Path) -> None:
    """Write a record to ``path`` as :func:`dumps` gives it (UTF-8), whole or not at all
    (:func:`~datong_rules.reference_impl.user_files.write_atomically`).

    Raises:
        OSError: the file cannot be written.
    """
    write_atomically(path, dumps(record))


# -- replay ----------------------------------------------------------------------------------------
def verify(record: Any, rules: Any = None) -> ReplayResult:
    """Validate and replay a hand or match record.

    Args:
        record: the record (parsed JSON).
        rules: the rules of a house variant the record was played with (its id must be the record's); by default
            the bundled variant the record names.

    Raises:
        RecordError: not a valid record, an unknown or unplayable variant, or ``rules`` of another variant.
    """
    validate(record)
    return replay(record, rules)


def replay(record: dict[str, Any], rules: Any = None) -> ReplayResult:
    """Replay a record already validated (by :func:`load`, :func:`parse` or :func:`validate`): a hand or a match,
    by the ``replay(record, rules)`` of the record's game.

    Raises:
        RecordError: as :func:`verify`, schema violations aside.
    """
    rules = game_rules(record, rules)
    result: ReplayResult = _records_of(games.get(record["game"])).replay(record, rules)
    return result
