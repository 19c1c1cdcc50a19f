"""JSON Schema validation of spec data, with every error turned into a located, readable :class:`SpecError`.

The schemas live in ``spec/schema/`` (JSON Schema 2020-12). jsonschema reports where an error is as a path into
the data (``error.absolute_path``); a ``locate`` function (usually :meth:`LoadedYaml.position`) turns that path into
the file, line and column of the YAML node. Each error gets a message written for a rule keeper (the unknown key
and the nearest known one, the allowed option names, …) and a ``kind`` (see :data:`errors.KINDS`).

All errors of a file are reported, not only the first; where a value has the wrong type, the other complaints about
that same value are dropped (they are consequences).

Valid data is recognised by jsonschema-rs (:class:`~datong_rules.reference_impl.schema_validator.SchemaValidator`):
jsonschema itself is imported and run only on data that has a problem, for its located errors.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..schema_validator import SchemaValidator
from .errors import Path_, SpecError, format_path
from .ids import ID_EXPECTED, id_problem

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

Locate = Callable[[Path_], tuple[str, int, int]]
"""path → (file, line, column) of the node at that path (or of its nearest existing ancestor)."""

_TYPE_NAMES = {"object": "a mapping", "array": "a list", "string": "text", "integer": "a whole number",
               "number": "a number", "boolean": "true or false", "null": "null"}


@lru_cache(maxsize=None)
def load_schema(path: Path) -> dict:
    """The schema in ``path`` (parsed once per path)."""
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def schema_root(path: Path) -> Path:
    """The ``schema/`` folder that holds ``path`` (the folder of ``common.schema.json``, up from ``path``)."""
    for folder in Path(path).parents:
        if (folder / "common.schema.json").is_file():
            return folder
    return Path(path).parent


@lru_cache(maxsize=None)
def schema_resources(root: Path) -> tuple[tuple[str, dict], ...]:
    """Every ``*.schema.json`` under ``root`` as ``($id, schema)`` pairs, so that the schemas' ``$ref``s between files
    (``common.schema.json#/$defs/text``, ``games/huolong/rules.schema.json``) resolve without the network."""
    resources = []
    for file in sorted(Path(root).rglob("*.schema.json")):
        schema = load_schema(file)
        if isinstance(schema, dict) and isinstance(schema.get("$id"), str):
            resources.append((schema["$id"], schema))
    return tuple(resources)


@lru_cache(maxsize=None)
def validator(path: Path, definition: str = "") -> SchemaValidator:
    """A validator for the schema in ``path``, or for its ``$defs[definition]`` when ``definition`` is given;
    references to the other schema files of the same ``schema/`` folder resolve (:func:`schema_resources`). Whole
    numbers are strict: ``"type": "integer"`` refuses ``3.0`` (:class:`~datong_rules.reference_impl.schema_validator.SchemaValidator`).

    Raises:
        KeyError: ``definition`` is not in the schema's ``$defs``.
    """
    schema = load_schema(path)
    if definition:
        if definition not in schema.get("$defs", {}):
            raise KeyError(definition)
        schema = {"$schema": schema["$schema"], "$ref": f"{schema['$id']}#/$defs/{definition}"}
    return SchemaValidator(schema, schema_resources(schema_root(path)))


def schema_problems(data: Any, check: SchemaValidator, locate: Locate, *, missing_kind: str = "missing_key",
                    ) -> list[SpecError]:
    """Validate ``data`` and return every error as a :class:`SpecError` (unsorted).

    Args:
        data: the data to validate.
        check: a validator from :func:`validator`.
        locate: where a path is (file, line, column).
        missing_kind: the kind of a missing required key (``incomplete`` for the completeness check).
    """
    errors = list(check.iter_errors(data))
    typed = {tuple(e.absolute_path) for e in errors if e.validator == "type"}
    out: list[SpecError] = []
    for error in errors:
        path = tuple(error.absolute_path)
        if path in typed and error.validator != "type":
            continue
        for sub_path, kind, message, expected in describe_error(error, path, missing_kind):
            file, line, column = locate(sub_path)
            out.append(SpecError(file, line, column, format_path(sub_path), message, expected, kind))
    return out


def describe_error(error: ValidationError, path: Path_ | None = None, missing_kind: str = "missing_key",
                   ) -> list[tuple[Path_, str, str, str]]:
    """``(path, kind, message, expected)`` for one jsonschema error, in words for a reader of the data (the unknown
    key and the nearest known one, the allowed values, the type found and the type wanted); several tuples for
    several unknown or missing keys.

    Args:
        error: a jsonschema error.
        path: the error's path (default: ``error.absolute_path``).
        missing_kind: the kind given to a missing required key.
    """
    path = tuple(error.absolute_path) if path is None else path
    name: Any = error.validator
    words = _DESCRIBE.get(name)
    found = words(error, path, missing_kind) if words is not None else None
    if found is not None:
        return found
    return [(path, "bad_value", " ".join(error.message.split())[:200], "")]


_Described = list[tuple[Path_, str, str, str]]


def _schema_of(error: ValidationError) -> dict:
    return error.schema if isinstance(error.schema, dict) else {}


def _unknown_keys(error: ValidationError, path: Path_, missing_kind: str) -> _Described:
    """additionalProperties: each unknown key, with the nearest known one."""
    schema = _schema_of(error)
    known = list(schema.get("properties", {}))
    patterns = list(schema.get("patternProperties", {}))
    expected = ("one of: " + ", ".join(known) if known else "") + \
        ("; " if known and patterns else "") + ("a key matching " + " or ".join(patterns) if patterns else "")
    out: _Described = []
    instance: Any = error.instance
    for key in instance:
        if key not in known and not any(re.search(p, str(key)) for p in patterns):
            hint = difflib.get_close_matches(str(key), known, n=1)
            message = f"unknown key '{key}'" + (f" (did you mean '{hint[0]}'?)" if hint else "")
            out.append((path + (key,), "unknown_key", message, expected))
    return out


def _missing_keys(error: ValidationError, path: Path_, missing_kind: str) -> _Described:
    """required: each missing key (jsonschema yields one error per missing key; the caller drops duplicates)."""
    value: Any = error.validator_value
    instance: Any = error.instance
    missing = [key for key in value if key not in instance]
    if missing_kind == "incomplete":
        return [(path + (key,), missing_kind, _missing_message(path, key, missing_kind), "") for key in missing]
    return [(path, missing_kind, _missing_message(path, key, missing_kind), f"'{key}'") for key in missing]


def _decimal_point(path: Path_, instance: float) -> _Described:
    """A whole number written with a decimal point (``3.0``) where a whole number is wanted."""
    whole = int(instance)
    return [(path, "wrong_type", f"found {instance}, a number with a decimal point",
             f"a whole number without one: {whole}" if abs(whole) < 10**15 else "a whole number without one")]


def _wrong_type(error: ValidationError, path: Path_, missing_kind: str) -> _Described:
    """type: the kind of value found and the types wanted (a whole number with a decimal point; a rule item's shape
    for a rule given as a value)."""
    value: Any = error.validator_value
    instance: Any = error.instance
    wanted: list[str] = value if isinstance(value, list) else [value]
    expected = " or ".join(_TYPE_NAMES.get(t, t) for t in wanted)
    message = f"found {_kind_of(instance)}"
    if "integer" in wanted and _whole_float(instance):
        return _decimal_point(path, instance)
    if "object" in wanted and str(_schema_of(error).get("description", "")).startswith("Rule "):
        message += "; a rule item is a mapping of value, text, and source or inferred"
        expected = "a mapping {value, text: {zh, en}, source: {id, section} | inferred: {reason}}"
    return [(path, "wrong_type", message, expected)]


def _not_allowed(error: ValidationError, path: Path_, missing_kind: str) -> _Described:
    """enum: the allowed values, the nearest one, a rank given as a number, a whole number with a decimal point."""
    instance: Any = error.instance
    value: Any = error.validator_value
    if _whole_float(instance) and int(instance) in value:
        return _decimal_point(path, instance)
    allowed = [str(v) for v in value]
    message = f"{show_value(instance)} is not an allowed value"
    if isinstance(instance, int | float) and not isinstance(instance, bool) and str(instance) in allowed:
        message = f"{instance} is a number here; ranks are text"
        return [(path, "bad_value", message, f"'{instance}' in quotes")]
    hint = difflib.get_close_matches(str(instance), allowed, n=1) if isinstance(instance, str) else []
    if hint:
        message += f" (did you mean '{hint[0]}'?)"
    return [(path, "bad_value", message, "one of: " + ", ".join(allowed))]


def _not_the_constant(error: ValidationError, path: Path_, missing_kind: str) -> _Described:
    """const: the value found and the one allowed (a whole number with a decimal point said so)."""
    instance: Any = error.instance
    if _whole_float(instance) and int(instance) == error.validator_value:
        return _decimal_point(path, instance)
    wanted = error.validator_value  # as the file writes it: true, not Python's True
    return [(path, "bad_value", f"{show_value(instance)} is not allowed here",
             wanted if isinstance(wanted, str) else json.dumps(wanted))]


def _no_branch(error: ValidationError, path: Path_, missing_kind: str) -> _Described | None:
    """oneOf/anyOf: when every branch wants another type (a seat or null, given the text 'None'), what was found and
    the types; else the complaints of the branch the value was meant for; a rule item without provenance (anyOf);
    else None (jsonschema's message)."""
    instance: Any = error.instance
    if path == ("extends",) and isinstance(instance, str):
        kind = (id_problem(instance) or ("bad_id", ""))[0]  # outside_spec: it would leave spec/ (or the folder)
        return [(path, kind, f"{instance!r} is neither a variant id nor a house file's relative path",
                 f"{ID_EXPECTED}; or, in a house file, another house file by its path relative to this one "
                 "(league.yaml, ../league/rules.yaml)")]
    if error.context and all((e.validator == "type" or _other_kind_named(e, instance)) and not e.relative_path
                             for e in error.context):  # of no branch's type (a list where none or a number is wanted)
        types = dict.fromkeys(_branch_type(e) if e.validator == "type" else _names(e) for e in error.context)
        found = f"{instance}, a number with a decimal point" if _whole_float(instance) else _kind_of(instance)
        return [(path, "wrong_type", f"found {found}", " or ".join(types))]
    if not _is_provenance(error) and (branch := _closest_branch(error)):
        # the branch the value was meant for (its kind key matches, or it wants the whole number written as 3.0):
        # its own complaints, not "is not valid under any of the given schemas"
        return [described for sub in branch
                for described in describe_error(sub, tuple(sub.absolute_path), missing_kind)]
    if error.validator == "anyOf" and _is_provenance(error):
        return [(path, "provenance", "the rule item says neither where it comes from nor why it was inferred",
                 "source: {id, section} or inferred: {reason}")]
    return None


def _both_provenances(error: ValidationError, path: Path_, missing_kind: str) -> _Described | None:
    """not: a rule item with both provenances; a value the schema names as forbidden (``not: {const: 0}``)."""
    if _is_provenance(error):
        return [(path, "provenance", "the rule item has both 'source' and 'inferred'", "exactly one of them")]
    value: Any = error.validator_value
    if isinstance(value, dict) and set(value) == {"const"}:
        return [(path, "bad_value", f"{show_value(error.instance)} is not allowed here",
                 f"anything but {json.dumps(value['const'])}")]
    return None


def _bad_form(error: ValidationError, path: Path_, missing_kind: str) -> _Described:
    """pattern: a variant id's problem, else the form the schema describes."""
    instance: Any = error.instance
    if len(path) == 1 and path[0] in ("id", "extends"):
        kind, message = id_problem(instance) or ("bad_id", f"{instance!r} is not a variant id")
        return [(path, kind, message, ID_EXPECTED)]
    return [(path, "bad_value", f"{show_value(instance)} does not have the required form",
             _schema_of(error).get("description") or f"text matching {error.validator_value}")]


def _out_of_range(error: ValidationError, path: Path_, missing_kind: str) -> _Described:
    """minimum, maximum: the bound, of a whole number where the schema wants one."""
    sign = "≥" if error.validator == "minimum" else "≤"
    number = "a whole number" if "integer" in _wanted_types(_schema_of(error)) else "a number"
    return [(path, "bad_value", f"{error.instance} is out of range", f"{number} {sign} {error.validator_value}")]


def _too_few(error: ValidationError, path: Path_, missing_kind: str) -> _Described:
    """minLength, minItems, minProperties: what is there, and the least wanted."""
    instance: Any = error.instance
    if error.validator == "minLength":
        return [(path, "bad_value", "the text is empty", "non-empty text")]
    if error.validator == "minItems":
        return [(path, "bad_value", f"the list has {len(instance)} item(s)", f"at least {error.validator_value}")]
    return [(path, "bad_value", "the mapping is empty",
             "at least one of: " + ", ".join(_schema_of(error).get("properties", {})))]


def _repeated(error: ValidationError, path: Path_, missing_kind: str) -> _Described:
    return [(path, "bad_value", "the list repeats an item", "each item once")]


_DESCRIBE: dict[str, Callable[[ValidationError, Path_, str], _Described | None]] = {
    "additionalProperties": _unknown_keys, "required": _missing_keys, "type": _wrong_type, "enum": _not_allowed,
    "const": _not_the_constant, "oneOf": _no_branch, "anyOf": _no_branch, "not": _both_provenances,
    "pattern": _bad_form, "minimum": _out_of_range, "maximum": _out_of_range, "minLength": _too_few,
    "minItems": _too_few, "minProperties": _too_few, "uniqueItems": _repeated,
}
"""jsonschema validator → its words (None: jsonschema's own message, shortened)."""


def _branch_type(error: ValidationError) -> str:
    """The type a branch of a oneOf/anyOf wants, in words (``a whole number 0–3`` for a bounded integer)."""
    value: Any = error.validator_value
    wanted = [str(t) for t in (value if isinstance(value, list) else [value])]
    words = " or ".join(_TYPE_NAMES.get(t, t) for t in wanted)
    schema = error.schema if isinstance(error.schema, dict) else {}
    if "minimum" in schema and "maximum" in schema:
        words += f" {schema['minimum']}–{schema['maximum']}"
    return words


_SHAPE = frozenset({"type", "required", "additionalProperties"})
"""Validators whose failure at a branch's top says the value has another shape than the branch's."""


def _closest_branch(error: ValidationError) -> list[ValidationError] | None:
    """The errors of the one branch of a failed ``oneOf``/``anyOf`` that the value was meant for, or None.

    A branch is ruled out when a key that tells the branches apart has another value (``shape: sequence`` where the
    branch wants ``same_rank``: a ``const`` or ``enum`` error one level down). When one branch remains, it is the
    one; else, for a whole number written with a decimal point, the branch that only wants an integer there; else
    the one branch whose keys the value has (no unknown or missing key, the right type).
    """
    branches: dict[Any, list[ValidationError]] = {}
    for sub in error.context or ():
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    candidates = [errors for errors in branches.values()
                  if not any(e.validator in ("const", "enum") and len(e.relative_path) == 1 for e in errors)
                  and not any(_other_kind_named(e, error.instance) for e in errors)]
    if len(candidates) == 1:
        return candidates[0]
    if _whole_float(error.instance):
        for errors in candidates or branches.values():
            if all(e.validator == "type" and not e.relative_path and "integer" in _wanted(e) for e in errors):
                return errors
    fitting = [errors for errors in candidates or branches.values()  # the keys it has are the branch's keys
               if not any(e.validator in _SHAPE and not e.relative_path for e in errors)]
    return fitting[0] if len(fitting) == 1 else None


def _other_kind_named(error: ValidationError, instance: Any) -> bool:
    """Whether ``error`` is a branch's own ``const``/``enum`` failing on a value of another kind than every name it
    allows (a list where the branch is the named value ``none``): that branch was not what the value meant."""
    if error.validator not in ("const", "enum") or error.relative_path:
        return False
    value: Any = error.validator_value
    allowed = [value] if error.validator == "const" else list(value)
    return _json_type(instance) not in {_json_type(v) for v in allowed}


def _names(error: ValidationError) -> str:
    """The values a ``const``/``enum`` error allows, in words (``none``, ``a or b``)."""
    value: Any = error.validator_value
    return " or ".join(str(v) for v in ([value] if error.validator == "const" else value))


def _json_type(value: Any) -> str:
    """The JSON type of a value: ``boolean``, ``null``, ``number``, ``string``, ``array`` or ``object``."""
    if isinstance(value, bool) or value is None:
        return "boolean" if value is not None else "null"
    if isinstance(value, int | float):
        return "number"
    return "string" if isinstance(value, str) else "array" if isinstance(value, list) else "object"


def _wanted(error: ValidationError) -> list[str]:
    value: Any = error.validator_value
    return [str(t) for t in (value if isinstance(value, list) else [value])]


def _wanted_types(schema: dict) -> list[str]:
    """The ``type`` of a schema as a list (``[]`` when it has none)."""
    kind = schema.get("type", [])
    return [str(t) for t in (kind if isinstance(kind, list) else [kind])]


def _whole_float(value: Any) -> bool:
    """Whether ``value`` is a float with no fractional part (``3.0``: YAML's and JSON's way of writing it)."""
    return isinstance(value, float) and value.is_integer()


def _is_provenance(error: ValidationError) -> bool:
    return isinstance(error.schema, dict) and {"source", "inferred"} <= set(error.schema.get("properties", {}))


def _missing_message(path: Path_, key: str, kind: str) -> str:
    if kind == "incomplete":
        rule = format_path(path[1:] + (key,)) if path[:1] == ("rules",) else format_path(path + (key,))
        what = "rule section" if len(path) == 1 and path[:1] == ("rules",) else "rule"
        if not path:
            what = "key"
        return (f"{what} '{rule}' is missing: a playable variant of this game needs it (add it here, or extend a "
                "variant that has it)")
    if path and path[-1] in ("text", "name", "summary", "about") and key in ("zh", "en"):
        language = "中文 (zh)" if key == "zh" else "English (en)"
        return f"the text has no {language}"
    return f"missing key '{key}'"


def show_value(value: Any) -> str:
    """A value as an error message quotes it: short text in quotes (cut at 40 characters), ``a mapping``, ``a list``,
    or its JSON form (numbers, true/false, null)."""
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:37] + "...")
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return json.dumps(value)


def _kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return f"the true/false value {str(value).lower()}"
    if value is None:
        return "null"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {show_value(value)}"
    if isinstance(value, list):
        return "a list"
    return "a mapping"


