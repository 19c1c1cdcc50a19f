"""A strict, safe YAML loader for scenario files, yielding JSON-compatible data.

Compared with ``yaml.safe_load`` it refuses what makes a data file ambiguous or dangerous:

* duplicate keys in a mapping (PyYAML silently keeps the last one);
* anchors, aliases and merge keys (``&a``, ``*a``, ``<<``): no alias expansion at all, so no
  "billion laughs";
* keys that are not strings (``on:`` and ``yes:`` are booleans in YAML 1.1, ``1:`` is an int):
  scenario data must be representable in JSON;
* more than one document in a file.

Timestamps are not converted (``2024-01-01`` stays a string), again to keep the data JSON-compatible.

Every problem is a :class:`YamlError` whose message is one line ``file:line:col: what``
(line and column 1-based).
"""

from __future__ import annotations

from typing import Any

import yaml

Path_ = tuple[str | int, ...]
"""A path into the loaded data: mapping keys and sequence indexes, outermost first."""


class YamlError(ValueError):
    """A YAML text that cannot be loaded; ``str()`` is one line ``file:line:col: message``.

    Attributes:
        filename, line, column: where (1-based line and column; 0 when unknown).
        reason: the message without the location.
    """

    def __init__(self, filename: str, line: int, column: int, reason: str) -> None:
        self.filename, self.line, self.column, self.reason = filename, line, column, reason
        super().__init__(f"{filename}:{line}:{column}: {reason}")


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader without timestamps, anchors or aliases."""

    def compose_node(self, parent, index):  # noqa: D102 - PyYAML hook
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise _at(self.name, event.start_mark, f"aliases are not allowed (*{event.anchor})")
        if getattr(event, "anchor", None) is not None:
            raise _at(self.name, event.start_mark, f"anchors are not allowed (&{event.anchor})")
        return super().compose_node(parent, index)


_StrictLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _at(filename: str, mark: Any, reason: str) -> YamlError:
    return YamlError(filename, mark.line + 1, mark.column + 1, reason)


def load_yaml_located(text: str, filename: str) -> tuple[Any, dict[Path_, tuple[int, int]]]:
    """Load one YAML document and say where each value is.

    Args:
        text: the YAML text.
        filename: the name used in error messages.

    Returns:
        ``(data, positions)``: ``data`` is JSON-compatible (dict with str keys, list, str, int,
        float, bool, None; ``None`` for an empty text); ``positions`` maps the path of every value
        (``()`` for the root, ``("scenarios", 0, "id")`` …) to its ``(line, column)``, 1-based;
        for a mapping entry the position is that of its key.

    Raises:
        YamlError: syntax error, duplicate key, non-string key, anchor, alias, merge key, several
            documents.
    """
    loader = _StrictLoader(text)
    loader.name = filename
    try:
        node = loader.get_single_node()
        positions: dict[Path_, tuple[int, int]] = {}
        if node is None:
            return None, positions
        _check(node, (), loader, positions)
        return loader.construct_document(node), positions
    except YamlError:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        reason = " ".join(str(part) for part in (exc.context, exc.problem) if part) or "invalid YAML"
        if mark is None:
            raise YamlError(filename, 0, 0, reason) from None
        raise _at(filename, mark, reason.replace("\n", " ")) from None
    except yaml.YAMLError as exc:
        raise YamlError(filename, 0, 0, " ".join(str(exc).split())) from None
    finally:
        loader.dispose()


def load_yaml(text: str, filename: str) -> Any:
    """Load one YAML document strictly (see the module docstring).

    Returns:
        JSON-compatible data, ``None`` for an empty text.

    Raises:
        YamlError: one-line ``file:line:col: message``.
    """
    return load_yaml_located(text, filename)[0]


def _check(node: yaml.Node, path: Path_, loader: _StrictLoader, positions: dict) -> None:
    """Walk the composed node tree: record positions, refuse duplicate and non-string keys."""
    positions.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
    if isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _check(item, path + (index,), loader, positions)
    elif isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise _at(loader.name, key_node.start_mark, "merge keys (<<) are not allowed")
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, str):
                raise _at(loader.name, key_node.start_mark,
                          f"key {key!r} is not a string (quote it: '{key_node.value}')")
            if key in seen:
                raise _at(loader.name, key_node.start_mark,
                          f"duplicate key '{key}' (first at line {seen[key]})")
            seen[key] = key_node.start_mark.line + 1
            positions[path + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            _check(value_node, path + (key,), loader, positions)
