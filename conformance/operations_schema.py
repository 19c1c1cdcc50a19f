"""The JSON schema of the operations (``spec/schema/operations.schema.json``) as ready validators.

For an operation ``OP`` the schema holds ``#/$defs/OP.given`` (what a scenario sends) and
``#/$defs/OP.answer`` (a complete answer); see ``docs/implementers/operations.md``. The replay
operation's ``record`` refers to ``record.schema.json`` by a relative ``$ref`` (the envelope, which refers to each
game's body ``games/<game>/record.schema.json``), resolved here from the same folder. Validators are compiled once per process and operation, from a copy of the schema
with every ``$ref`` replaced by its target (jsonschema would otherwise look each reference up again
for every card of every answer, which made checking an answer cost more than computing it), as
:class:`~datong_rules.reference_impl.schema_validator.SchemaValidator` objects (jsonschema's errors; valid data is
recognised by the compiled jsonschema-rs when it is installed).

Used by the scenario loader (every ``given`` and ``expect`` is checked when a file is read; an
``expect`` against :data:`EXPECT`, the answer schema without its ``required`` keys and conditions),
by the runner (every answer is checked unless told not to) and by the tests.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urldefrag, urljoin

from datong_rules.reference_impl.schema_validator import SchemaValidator

SCHEMA_FILE = "operations.schema.json"
RECORD_SCHEMA_FILE = "record.schema.json"
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
def schema() -> dict[str, Any]:
    """The operations schema document (parsed once; do not modify it)."""
    return _read(SCHEMA_FILE)


@cache
def _documents() -> dict[str, dict[str, Any]]:
    """``$id`` → document, for the schemas a reference may lead to."""
    from datong_rules.reference_impl.paths import schema_path

    bodies = [f"games/{path.parent.name}/{RECORD_SCHEMA_FILE}"
              for path in sorted(schema_path("games").glob(f"*/{RECORD_SCHEMA_FILE}"))]
    return {doc["$id"]: doc for doc in (schema(), _read(RECORD_SCHEMA_FILE), *map(_read, bodies))}


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
    target: Any = _documents().get(doc_id)
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


def operations() -> list[str]:
    """The operations the schema describes (those with both a ``given`` and an ``answer`` schema), sorted."""
    defs = schema()["$defs"]
    return sorted(name[: -len(".given")] for name in defs
                  if name.endswith(".given") and name[: -len(".given")] + ".answer" in defs)


@cache
def validator(op: str, part: str) -> SchemaValidator | None:
    """The compiled validator of one operation's ``given``, ``answer`` or ``expect``.

    Args:
        op: an operation name (``"legal_play"``).
        part: :data:`GIVEN`, :data:`ANSWER` or :data:`EXPECT`. An ``expect`` is checked against
            the answer schema's ``properties`` and ``additionalProperties`` only: every key it has
            must be an answer key with a value of the right shape, but any key may be left out.

    Returns:
        The validator, or ``None`` when the schema does not describe ``op`` (an operation of
        another game or a test's made-up operation: nothing to check).

    Raises:
        ValueError: an unknown ``part``.
    """
    if part not in (GIVEN, ANSWER, EXPECT):
        raise ValueError(f"part must be {GIVEN!r}, {ANSWER!r} or {EXPECT!r}, not {part!r}")
    doc = schema()
    name = f"{op}.{GIVEN if part == GIVEN else ANSWER}"
    if name not in doc["$defs"]:
        return None
    target = _inline(doc["$defs"][name], doc["$id"])
    if part == EXPECT:
        target = {"type": "object", "properties": target.get("properties", {}),
                  "additionalProperties": target.get("additionalProperties", True)}
    return SchemaValidator(target)
