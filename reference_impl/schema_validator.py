"""JSON Schema (draft 2020-12) validators that are fast on valid data: jsonschema's errors, jsonschema-rs's speed.

jsonschema (pure Python) is the reference here: every error, its message and its path come from it. But asking it
whether data is valid is slow (a 162-card game record took about 20 ms; checking the conformance suite's scenarios,
records and answers took over a second). When jsonschema-rs (a compiled implementation of the same draft) is
installed, it answers first, and only data it refuses is looked at again by jsonschema, for the errors.

The quick answer is trusted only for plain JSON data (dict with str keys, list, str, int, float, bool, None):
jsonschema-rs takes a tuple for an array where jsonschema does not, and refuses other Python types, so for anything
else jsonschema alone decides. The result is therefore jsonschema's on every input; the tests compare the two on
the bundled data and on many edits of it.

jsonschema itself is imported only when it is needed (data that jsonschema-rs refuses, or no quick check): a command
whose data is valid never pays for importing it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

try:
    import jsonschema_rs
except ImportError:  # pragma: no cover - the package depends on it; kept working without it
    jsonschema_rs = None

if TYPE_CHECKING:
    import jsonschema

_JSON_SCALARS = (str, int, float, bool, type(None))


class SchemaValidator:
    """A compiled draft 2020-12 validator of one schema.

    Args:
        schema: the schema document (JSON data; its ``$ref``s must resolve inside it or in ``resources``).
        resources: other schema documents its ``$ref``s may name, as ``(the document's $id, the document)`` pairs
            (the files of one ``schema/`` folder), so that references resolve without the network.

    Attributes:
        schema: the schema given.
        full: the :class:`jsonschema.Draft202012Validator` that reports errors (made at first use).
    """

    def __init__(self, schema: dict[str, Any], resources: Iterable[tuple[str, dict[str, Any]]] = ()) -> None:
        self.schema = schema
        self.resources = tuple(resources)
        self._full: jsonschema.Draft202012Validator | None = None
        self._quick = None
        if jsonschema_rs is not None:
            try:
                registry = jsonschema_rs.Registry(list(self.resources)) if self.resources else None
                self._quick = jsonschema_rs.Draft202012Validator(schema, registry=registry)
            except Exception:  # noqa: BLE001 - a schema it cannot compile: jsonschema alone checks
                self._quick = None

    @property
    def full(self) -> jsonschema.Draft202012Validator:
        """jsonschema's validator of :attr:`schema` (imports jsonschema at first use)."""
        if self._full is None:
            import jsonschema

            if self.resources:
                from referencing import Registry, Resource
                from referencing.jsonschema import DRAFT202012

                registry = Registry().with_resources(
                    (uri, Resource.from_contents(document, default_specification=DRAFT202012))
                    for uri, document in self.resources)
                self._full = jsonschema.Draft202012Validator(self.schema, registry=registry)
            else:
                self._full = jsonschema.Draft202012Validator(self.schema)
        return self._full

    def iter_errors(self, instance: Any) -> Iterator[jsonschema.ValidationError]:
        """jsonschema's errors of ``instance`` (none, at once, when the quick check finds it valid)."""
        if self._quickly_valid(instance):
            return iter(())
        return self.full.iter_errors(instance)

    def is_valid(self, instance: Any) -> bool:
        """Whether ``instance`` matches the schema."""
        return self._quickly_valid(instance) or self.full.is_valid(instance)

    def quickly_valid(self, instance: Any) -> bool:
        """Whether jsonschema-rs finds ``instance`` valid (``False`` when it is not installed or the data is not plain
        JSON: then only jsonschema can tell). Never more than the one compiled check."""
        return self._quickly_valid(instance)

    def quick_error_path(self, instance: Any) -> tuple[str | int, ...] | None:
        """Where jsonschema-rs finds its first error in ``instance``: a path of keys and indexes (``()`` is the top).

        Only a hint for finding jsonschema's errors quickly in large data (see :func:`datong_rules.reference_impl.records.validate`):
        ``None`` when jsonschema-rs is not installed, finds no error, or ``instance`` is not plain JSON data.
        """
        if self._quick is None or not is_plain_json(instance):
            return None
        try:
            for error in self._quick.iter_errors(instance):
                return tuple(error.instance_path)
        except Exception:  # noqa: BLE001 - no hint
            return None
        return None

    def _quickly_valid(self, instance: Any) -> bool:
        if self._quick is None or not is_plain_json(instance):
            return False
        try:
            return self._quick.is_valid(instance)
        except Exception:  # noqa: BLE001 - whatever it is, jsonschema decides
            return False


def is_plain_json(value: Any) -> bool:
    """Whether ``value`` is made only of dict (str keys), list, str, int, float, bool and None, exactly those types.

    Walks with an explicit stack, so any depth is fine.
    """
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
        elif kind not in _JSON_SCALARS:
            return False
    return True
