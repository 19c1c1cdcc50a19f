"""Schema violations in words, for the scenario files and the operations' answers (:func:`schema_message`: one
line per violation; :func:`schema_errors`: one ``file:line:col: path: message`` line per violation of a loaded file's
part). Unknown keys are named with what the schema allows, a missing key by its name, a ``not`` schema by its
description; any other violation in the spec loader's wording
(:func:`datong_rules.reference_impl.variant.schema_check.describe_error`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from datong_rules.reference_impl.schema_validator import SchemaValidator
from datong_rules.reference_impl.variant.errors import format_path
from datong_rules.reference_impl.variant.schema_check import describe_error, show_value
from datong_rules.reference_impl.variant.yaml_loader import LoadedYaml

if TYPE_CHECKING:
    import jsonschema


def schema_errors(validator: SchemaValidator, instance: Any, base: tuple,
                   loaded: LoadedYaml) -> list[str]:
    """One ``file:line:col: path: message`` line per schema violation of ``instance`` (found at
    path ``base`` of the loaded file), in document order."""
    if validator.quickly_valid(instance):
        return []
    import jsonschema  # only for data that may not fit: a valid suite never imports it

    lines = []
    for error in validator.iter_errors(instance):
        error = jsonschema.exceptions.best_match([error])  # into oneOf/anyOf: the branch that nearly fits
        path = base + tuple(error.absolute_path)
        message = schema_message(error)
        extra = _unknown_keys(error)
        if extra:
            path = path + (extra[0],)
        line, col = loaded.position(path)
        lines.append((line, col, f"{loaded.file}:{line}:{col}: {format_path(path) or '(file)'}: {message}"))
    return [text for _, _, text in sorted(lines, key=lambda t: (t[0], t[1]))]


def _unknown_keys(error: jsonschema.ValidationError) -> list[Any]:
    """The keys of ``error.instance`` its schema does not allow (for an ``additionalProperties`` error), sorted
    by their text: an in-process answer may have keys of any type (``{1: 2, (1, 2): 3}``), which do not compare."""
    if error.validator != "additionalProperties" or not isinstance(error.instance, dict):
        return []
    known = error.schema.get("properties", {})
    return sorted((k for k in error.instance if k not in known), key=lambda k: (not isinstance(k, str), str(k)))


def _not_message(error: jsonschema.ValidationError) -> str | None:
    """A ``not`` schema in words: ``not allowed here (WHY)`` for ``{"not": {}}``; for a forbidden combination of
    values (``passed: true`` with ``table: null``) the schema's description, which says why; None without one."""
    why = error.schema.get("description") if isinstance(error.schema, dict) else None
    if error.validator_value in ({}, True):
        return "not allowed here" + (f" ({why})" if why else "")
    return why


def _missing_key(error: jsonschema.ValidationError) -> str:
    """``missing required key 'k'``: jsonschema gives one error per missing key, each naming its own key."""
    named = re.fullmatch(r"'(.+)' is a required property", error.message)
    missing = [named[1]] if named else [k for k in error.validator_value if k not in error.instance]
    return f"missing required key '{missing[0]}'" if missing else error.message


def schema_message(error: jsonschema.ValidationError) -> str:
    """A schema violation in words, one line of at most 200 characters (``unknown key 'x' (allowed:
    …)``, ``missing required key 'y'``, ``not allowed here (…)`` for a ``{"not": {}}`` schema, or the spec
    loader's wording, :func:`datong_rules.reference_impl.variant.schema_check.describe_error`: ``found null (expected a
    mapping)``)."""
    extra = _unknown_keys(error)
    if extra:
        allowed = ", ".join(error.schema.get("properties", {}))
        key = f"'{extra[0]}'" if isinstance(extra[0], str) else f"{extra[0]!r} (not a string)"
        return f"unknown key {key}" + (f" (allowed: {allowed})" if allowed else "")
    if error.validator == "not" and (said := _not_message(error)):
        return said
    if error.validator == "required":
        return _missing_key(error)
    if error.validator == "anyOf" and all(set(s) == {"required"} for s in error.validator_value):
        options = " or ".join(f"'{s['required'][0]}'" for s in error.validator_value)
        return f"needs {options}"
    if error.validator == "anyOf" and error.context and all(e.validator == "enum" for e in error.context):
        allowed = dict.fromkeys(v for e in error.context for v in e.validator_value)  # the enums together
        text = f"{show_value(error.instance)} is not an allowed value (expected one of: {', '.join(map(str, allowed))})"
    else:  # the spec loader's wording: "found null (expected a mapping)", "… is out of range (expected …)"
        _, _, text, expected = describe_error(error, path=())[0]
        expected = "at least one key" if expected.endswith(": ") else expected  # minProperties, no properties
        text += f" (expected {expected})" if expected else ""
    text = " ".join(text.split())
    return text if len(text) <= 200 else text[:197] + "..."
