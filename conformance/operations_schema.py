"""The JSON schemas of the operations as ready validators.

Each game's operations are described in ``spec/schema/games/<game>/operations.schema.json``: for an operation ``OP``
the file holds ``#/$defs/OP.given`` (what a scenario sends) and ``#/$defs/OP.answer`` (a complete answer); the
types every game shares (cards, ranks, suits …) are in ``spec/schema/operations.schema.json``. See
``docs/implementers/operations.md``. A reference to another file (the shared types, ``record.schema.json`` for the
replay operation, the envelope that refers to each game's body ``games/<game>/record.schema.json``) is resolved
from the schema folder by its ``$id``. Validators are compiled once per process and
operation, from a copy of the schema
with every ``$ref`` replaced by its target (jsonschema would otherwise look each reference up again
for every card of every answer, which made checking an answer cost more than computing it), as
:class:`~datong_rules.reference_impl.schema_validator.SchemaValidator` objects (jsonschema's errors; valid data is
recognised by the compiled jsonschema-rs when it is installed).

Used by the scenario loader (every ``given`` and ``expect`` is checked when a file is read; an
``expect`` against :data:`EXPECT`, the answer schema without its ``required`` keys and conditions),
by the runner (every answer is checked unless told not to), by ``serve`` (every ``given``) and by the tests.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urldefrag, urljoin

from datong_rules.conformance.names import LEGACY_GAME
from datong_rules.reference_impl.schema_validator import SchemaValidator

SCHEMA_FILE = "operations.schema.json"
"""The shared types; a game's operations are in ``games/<game>/`` + this name."""
RECORD_SCHEMA_FILE = "record.schema.json"
PROTOCOL_1_FOLDER = "protocol-1"
"""Where the contract of protocol 1 lies, frozen as release 0.1.0 published it (Huolong's operations and records): an
engine that speaks protocol 1 is asked and judged by it alone, so that no later answer key is ever required of it."""
PROTOCOL_2_FOLDER = "protocol-2"
"""Where the contract of protocol 2 lies, frozen as each part of it was first published (laid out as today's
``spec/schema/``): the shared types, 攉龙 Huolong's and 憋蛋 Biedan's operations and records as commit a724054
published protocol 2; 打墩 Dadun's operations and records, and the record envelope with Dadun's branch, as commit
f28d853 published them (Dadun joined protocol 2 then). Answer keys added since belong to protocol 3 (攉龙 ``facts``'
``first_drawer_later_hands`` among them)."""
FROZEN_FOLDERS = {1: PROTOCOL_1_FOLDER, 2: PROTOCOL_2_FOLDER}
"""Published protocol → the folder of its frozen contract. A protocol not listed (3, or none for an in-process
engine) is judged by today's schemas."""
GIVEN, ANSWER, EXPECT = "given", "answer", "expect"
"""The parts :func:`validator` knows: the given, the complete answer, and an ``expect`` (answer
keys only, each optional)."""

_CHECKOUT_SCHEMAS = Path(__file__).resolve().parent.parent / "spec" / "schema"
_ANNOTATIONS = frozenset({"title", "description", "default", "examples", "$comment"})


def _read(name: str) -> dict[str, Any]:
    # Imported here: datong_rules.reference_impl.paths knows where spec/ lives in a checkout and in a wheel.
    from datong_rules.reference_impl.paths import schema_path

    try:
        path = schema_path(name)
    except FileNotFoundError:  # spec/ not complete yet in a checkout: use the folder beside us
        path = _CHECKOUT_SCHEMAS / name
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def common_schema() -> dict[str, Any]:
    """The shared types' document (parsed once; do not modify it)."""
    return _read(SCHEMA_FILE)


@cache
def games() -> tuple[str, ...]:
    """The games whose operations have a schema (``spec/schema/games/<game>/operations.schema.json``), sorted."""
    from datong_rules.reference_impl.paths import schema_path

    try:
        root = schema_path("games")
    except FileNotFoundError:
        root = _CHECKOUT_SCHEMAS / "games"
    if not root.is_dir():
        root = _CHECKOUT_SCHEMAS / "games"
    return tuple(sorted(p.parent.name for p in root.glob(f"*/{SCHEMA_FILE}")))


@cache
def schema(game: str = LEGACY_GAME) -> dict[str, Any] | None:
    """The operations schema document of ``game`` (parsed once; do not modify it), or ``None`` when the game has
    none."""
    if game not in games():
        return None
    return _read(f"games/{game}/{SCHEMA_FILE}")


def _base() -> str:
    """The URI of the schema folder: the shared types' ``$id`` without its file name."""
    return common_schema()["$id"].rsplit("/", 1)[0] + "/"


@cache
def _document(doc_id: str) -> dict[str, Any] | None:
    """The schema document whose ``$id`` is ``doc_id`` (a file of the schema folder), or ``None``."""
    base = _base()
    if not doc_id.startswith(base):
        return None
    try:
        doc = _read(doc_id[len(base):])
    except (OSError, ValueError):
        return None
    return doc if doc.get("$id") == doc_id else None


def _inline(node: Any, base: str, active: tuple[str, ...] = ()) -> Any:
    """``node`` (part of the document ``base``) with every ``$ref`` replaced by a copy of its
    target: ``{"$ref": R}`` becomes the target itself, ``{"$ref": R, ...other keywords}`` becomes
    ``{"allOf": [target], ...other keywords}``. ``active`` holds the references being expanded.

    Raises:
        ValueError: a reference that leads nowhere or back to itself (the schemas have no cycles).
    """
    if isinstance(node, list):
        return [_inline(item, base, active) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _inline(value, base, active) for key, value in node.items() if key != "$ref"}
    if "$ref" not in node:
        return out
    uri = urljoin(base, node["$ref"])
    if uri in active:
        raise ValueError(f"{SCHEMA_FILE}: the reference {uri} leads back to itself")
    doc_id, fragment = urldefrag(uri)
    target: Any = _document(doc_id)
    for part in unquote(fragment).split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(target, dict) or part not in target:
            target = None
            break
        target = target[part]
    if target is None:
        raise ValueError(f"{SCHEMA_FILE}: the reference {uri} leads nowhere")
    resolved = _inline(target, doc_id, active + (uri,))
    return {"allOf": [resolved], **out} if set(out) - _ANNOTATIONS else resolved


def operations(game: str | None = None) -> list[str]:
    """The operations the schemas describe (those with both a ``given`` and an ``answer`` schema), sorted: the bare
    names of ``game``'s, or with ``game=None`` the full names (``huolong/classify``) of every game's."""
    if game is None:
        return [f"{g}/{op}" for g in games() for op in operations(g)]
    doc = schema(game)
    if doc is None:
        return []
    defs = doc["$defs"]
    return sorted(name[: -len(".given")] for name in defs
                  if name.endswith(".given") and name[: -len(".given")] + ".answer" in defs)


def validator(op: str, part: str, game: str | None = None, protocol: int | None = None) -> SchemaValidator | None:
    """The compiled validator of one operation's ``given``, ``answer`` or ``expect``.

    Args:
        op: an operation name, full (``"huolong/legal_play"``) or bare (``"legal_play"``: of ``game``, or of
            Huolong when ``game`` is not given, as protocol 1 names them).
        part: :data:`GIVEN`, :data:`ANSWER` or :data:`EXPECT`. An ``expect`` is checked against
            the answer schema's ``properties`` and ``additionalProperties`` only: every key it has
            must be an answer key with a value of the right shape, but any key may be left out.
        game: the game of a bare ``op``.
        protocol: ``1`` for the frozen contract of protocol 1 (:data:`PROTOCOL_1_FOLDER`; Huolong only: ``None``
            for another game), ``2`` for that of protocol 2 (:data:`PROTOCOL_2_FOLDER`; today's schema for a game
            or an operation added since, which the frozen contract has nothing of); anything else for today's
            schemas.

    Returns:
        The validator, or ``None`` when no schema describes ``op`` (a game without an operations schema, or a
        test's made-up operation: nothing to check).

    Raises:
        ValueError: an unknown ``part``.
    """
    if part not in (GIVEN, ANSWER, EXPECT):
        raise ValueError(f"part must be {GIVEN!r}, {ANSWER!r} or {EXPECT!r}, not {part!r}")
    if "/" in op:
        game, op = op.split("/", 1)
    game = game or LEGACY_GAME
    if protocol == 1:  # 0.1's contract: Huolong's operations of then, and nothing else
        return _validator(game, op, part, frozen=1) if game == LEGACY_GAME else None
    if protocol in FROZEN_FOLDERS:  # a game or operation the contract did not have: nothing of it to keep
        return _validator(game, op, part, frozen=protocol) or _validator(game, op, part)
    return _validator(game, op, part)


def answer_validator(op: str, game: str | None = None, protocol: int | None = None) -> SchemaValidator | None:
    """The validator an engine's answer is checked with: :func:`validator`'s ``ANSWER`` one, except that under a
    frozen protocol (:data:`FROZEN_FOLDERS`) an answer key the frozen schema lacks but today's defines (a key a
    later protocol added, such as 打墩 ``settle``'s ``places``) is accepted, and checked by today's definition:
    an engine of an earlier protocol is never required to send it, nor refused for sending it.

    Args: as :func:`validator`. Returns: the validator, or ``None`` when no schema describes ``op``.
    """
    if "/" in op:
        game, op = op.split("/", 1)
    game = game or LEGACY_GAME
    if protocol not in FROZEN_FOLDERS:
        return validator(op, ANSWER, game)
    return _tolerant(game, op, protocol)


@cache
def _tolerant(game: str, op: str, protocol: int) -> SchemaValidator | None:
    frozen = validator(op, ANSWER, game, protocol)
    today = validator(op, ANSWER, game)
    if frozen is None or today is None or "properties" not in frozen.schema:
        return frozen
    later = {k: v for k, v in today.schema.get("properties", {}).items() if k not in frozen.schema["properties"]}
    if not later:
        return frozen
    target = {**frozen.schema, "properties": {**frozen.schema["properties"], **later}}
    return SchemaValidator(target, strict_integers=False)


def frozen_answer_keys(op: str, protocol: int) -> frozenset[str] | None:
    """The answer keys the frozen contract of ``protocol`` defines for ``op`` (full name, or bare for Huolong), or
    ``None`` when ``protocol`` is not frozen (:data:`FROZEN_FOLDERS`) or its contract lacks the operation."""
    if protocol not in FROZEN_FOLDERS:
        return None
    check = validator(op, ANSWER, protocol=protocol)
    return None if check is None else frozenset(check.schema.get("properties", {}))


@cache
def protocol_1_schema() -> dict[str, Any]:
    """The operations schema of protocol 1, frozen at release 0.1.0 (parsed once; do not modify it)."""
    return _read(f"{PROTOCOL_1_FOLDER}/{SCHEMA_FILE}")


@cache
def frozen_schema(protocol: int, game: str) -> dict[str, Any] | None:
    """The operations schema of ``game`` in the frozen contract of ``protocol`` (parsed once; do not modify it), or
    ``None`` when that contract has no such game (protocol 1: Huolong only) or ``protocol`` is not frozen."""
    if protocol == 1:
        return protocol_1_schema() if game == LEGACY_GAME else None
    folder = FROZEN_FOLDERS.get(protocol)
    if folder is None:
        return None
    try:
        return _read(f"{folder}/games/{game}/{SCHEMA_FILE}")
    except (OSError, ValueError):
        return None


@cache
def _validator(game: str, op: str, part: str, frozen: int | None = None) -> SchemaValidator | None:
    doc = frozen_schema(frozen, game) if frozen is not None else schema(game)
    name = f"{op}.{GIVEN if part == GIVEN else ANSWER}"
    if doc is None or name not in doc["$defs"]:
        return None
    target = _inline(doc["$defs"][name], doc["$id"])
    if part == EXPECT:
        target = {"type": "object", "properties": target.get("properties", {}),
                  "additionalProperties": target.get("additionalProperties", True)}
    # an engine's answer is compared by JSON value (3.0 is the number 3); what the kit sends and expects is strict
    return SchemaValidator(target, strict_integers=part != ANSWER)
