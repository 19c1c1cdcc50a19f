"""JSON Schema (draft 2020-12) validators that are fast on valid data: jsonschema's errors, jsonschema-rs's speed.

jsonschema (pure Python) is the reference here: every error, its message and its path come from it. But asking it
whether data is valid is slow (a 162-card game record took about 20 ms; checking the conformance suite's scenarios,
records and answers took over a second). When jsonschema-rs (a compiled implementation of the same draft) is
installed, it answers first, and only data it refuses is looked at again by jsonschema, for the errors.

The quick answer is trusted only for plain JSON data (dict with str keys, list, str, int, float, bool, None):
jsonschema-rs takes a tuple for an array where jsonschema does not, and refuses other Python types, so for anything
else jsonschema alone decides. The result is therefore jsonschema's on every input; the tests compare the two on
the bundled data and on many edits of it.

Whole numbers are strict (:func:`strict_validator_class`): JSON Schema calls ``3.0`` an integer (a number whose
fractional part is zero; jsonschema and jsonschema-rs both follow that), and YAML reads ``3.0`` as a float, so a
variant's ``deck.decks: 3.0`` would pass the schema and then fail in the engine (``range(3.0)``). Here
``"type": "integer"`` accepts only a JSON number written without a fraction or exponent (a Python ``int``, never
``bool``), and ``"enum": [3]`` or ``"const": 3`` refuse ``3.0`` too; data holding any whole-valued float is always
checked by jsonschema, never passed by jsonschema-rs alone.

jsonschema itself is imported only when it is needed (data that jsonschema-rs refuses, or no quick check): a command
whose data is valid never pays for importing it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any

try:
    import jsonschema_rs
except ImportError:  # pragma: no cover - the package depends on it; kept working without it
    jsonschema_rs = None

if TYPE_CHECKING:
    import jsonschema

_JSON_SCALARS = (str, int, float, bool, type(None))


def _is_whole_number(checker: Any, instance: Any) -> bool:
    """The ``integer`` type of the kit: a Python ``int`` that is not a ``bool`` (``3``, never ``3.0`` or ``true``)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


def same_json(a: Any, b: Any) -> bool:
    """Whether two JSON values are the same, numbers included by kind: ``3`` is not ``3.0``, ``1`` is not ``true``
    (jsonschema's own equality takes ``3.0`` for ``3``)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(same_json(a[key], b[key]) for key in a)
    if type(a) is list:
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _strict_enum(validator: Any, enums: Any, instance: Any, schema: Any) -> Iterator[jsonschema.ValidationError]:
    import jsonschema

    if all(not same_json(each, instance) for each in enums):
        yield jsonschema.ValidationError(f"{instance!r} is not one of {enums!r}")


def _strict_const(validator: Any, const: Any, instance: Any, schema: Any) -> Iterator[jsonschema.ValidationError]:
    import jsonschema

    if not same_json(instance, const):
        yield jsonschema.ValidationError(f"{const!r} was expected")


@lru_cache(maxsize=1)
def strict_validator_class() -> Any:
    """A :class:`jsonschema.Draft202012Validator` class whose whole numbers are strict: ``"type": "integer"``,
    ``enum`` and ``const`` (:func:`same_json`) refuse ``3.0`` where ``3`` belongs. Same constructor (``schema,
    registry=…``). Made (and jsonschema imported) at first use."""
    import jsonschema
    import jsonschema.validators

    types = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_whole_number)
    return jsonschema.validators.extend(jsonschema.Draft202012Validator, type_checker=types,
                                        validators={"enum": _strict_enum, "const": _strict_const})


class SchemaValidator:
    """A compiled draft 2020-12 validator of one schema.

    Args:
        schema: the schema document (JSON data; its ``$ref``s must resolve inside it or in ``resources``).
        resources: other schema documents its ``$ref``s may name, as ``(the document's $id, the document)`` pairs
            (the files of one ``schema/`` folder), so that references resolve without the network.
        strict_integers: ``"type": "integer"``, ``enum`` and ``const`` refuse ``3.0`` where ``3`` belongs
            (:func:`strict_validator_class`; the default, for data the kit reads and plays); ``False`` keeps JSON
            Schema's own reading, where ``3.0`` is the integer 3 (for an engine's answers, compared by JSON value).

    Attributes:
        schema: the schema given.
        full: the jsonschema validator that reports errors (made at first use; strict or draft 2020-12's own).
    """

    def __init__(self, schema: dict[str, Any], resources: Iterable[tuple[str, dict[str, Any]]] = (), *,
                 strict_integers: bool = True) -> None:
        self.schema = schema
        self.resources = tuple(resources)
        self.strict_integers = strict_integers
        self._full: Any = None
        self._quick = None
        if jsonschema_rs is not None:
            try:
                registry = jsonschema_rs.Registry(list(self.resources)) if self.resources else None
                self._quick = jsonschema_rs.Draft202012Validator(schema, registry=registry)
            except Exception:  # noqa: BLE001 - a schema it cannot compile: jsonschema alone checks
                self._quick = None

    @property
    def full(self) -> Any:
        """jsonschema's validator of :attr:`schema` (imports jsonschema at first use)."""
        if self._full is None:
            import jsonschema

            cls = strict_validator_class() if self.strict_integers else jsonschema.Draft202012Validator
            if self.resources:
                from referencing import Registry, Resource
                from referencing.jsonschema import DRAFT202012

                # each document without its "$schema": jsonschema would check a whole file reached by $ref with the
                # plain draft 2020-12 class (validator_for), losing the strict whole numbers
                registry = Registry().with_resources(
                    (uri, Resource.from_contents({k: v for k, v in document.items() if k != "$schema"},
                                                 default_specification=DRAFT202012))
                    for uri, document in self.resources)
                self._full = cls(self.schema, registry=registry)
            else:
                self._full = cls(self.schema)
        return self._full

    def iter_errors(self, instance: Any) -> Iterator[jsonschema.ValidationError]:
        """jsonschema's errors of ``instance`` (none, at once, when the quick check finds it valid)."""
        if self._quickly_valid(instance):
            return iter(())
        return self.full.iter_errors(instance)  # type: ignore[no-any-return]

    def problems(self, instance: Any, file: str) -> list[str]:
        """The schema errors of ``instance`` read from ``file``, one line each: ``FILE: a/path: message``
        (``(top)`` for the document itself); empty when it matches."""
        return [f"{file}: {'/'.join(map(str, err.absolute_path)) or '(top)'}: {err.message}"
                for err in self.iter_errors(instance)]

    def is_valid(self, instance: Any) -> bool:
        """Whether ``instance`` matches the schema."""
        return self._quickly_valid(instance) or bool(self.full.is_valid(instance))

    def quickly_valid(self, instance: Any) -> bool:
        """Whether jsonschema-rs finds ``instance`` valid (``False`` when it is not installed or the data is not plain
        JSON: then only jsonschema can tell). Never more than the one compiled check."""
        return self._quickly_valid(instance)

    def quick_error_path(self, instance: Any) -> tuple[str | int, ...] | None:
        """Where jsonschema-rs finds its first error in ``instance``: a path of keys and indexes (``()`` is the top).

        Only a hint for finding jsonschema's errors quickly in large data (see :func:`datong_rules.reference_impl.records.validate`):
        ``None`` when jsonschema-rs is not installed, finds no error, or ``instance`` is not plain JSON data.
        """
        if self._quick is None or not self._quick_can_judge(instance):
            return None
        try:
            for error in self._quick.iter_errors(instance):
                return tuple(error.instance_path)
        except Exception:  # noqa: BLE001 - no hint
            return None
        return None

    def _quickly_valid(self, instance: Any) -> bool:
        if self._quick is None or not self._quick_can_judge(instance):
            return False
        try:
            return bool(self._quick.is_valid(instance))
        except Exception:  # noqa: BLE001 - whatever it is, jsonschema decides
            return False

    def _quick_can_judge(self, instance: Any) -> bool:
        """Whether jsonschema-rs answers as :attr:`full` would: plain JSON data, and (strict whole numbers) no
        whole-valued float (``3.0``, which jsonschema-rs takes for an integer)."""
        return _walk(instance, whole_floats=not self.strict_integers)


def is_plain_json(value: Any) -> bool:
    """Whether ``value`` is made only of dict (str keys), list, str, int, float, bool and None, exactly those types.

    Walks with an explicit stack, so any depth is fine.
    """
    return _walk(value, whole_floats=True)


def _walk(value: Any, *, whole_floats: bool) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            for key in item:
                if type(key) is not str:
                    return False
            stack.extend(item.values())
        elif kind is list:
            stack.extend(item)
        elif kind is float:
            if not whole_floats and item.is_integer():
                return False
        elif kind not in _JSON_SCALARS:
            return False
    return True
