"""The fast path of the strict YAML loader: libyaml's C parser for the plain files that make up nearly all input.

:func:`fast_load` reads a document with libyaml (``yaml.CSafeLoader``'s parser, about twenty times faster than
PyYAML's pure-Python one) and builds the data and the positions straight from the parser's events. It never
uses libyaml's composer (which is recursive in C and turns aliases into shared nodes): the events are walked
with an explicit stack, so no input can exhaust any recursion limit.

It accepts only what needs no judgement and gives up (returns ``None``) at the first sign of anything
else, without saying why: a syntax error, a plain value YAML 1.1 and 1.2 read differently, an anchor or alias, any explicit tag, nesting deeper than
:data:`~datong_rules.reference_impl.variant.yaml_loader.MAX_DEPTH`, a key that is not plain text, a key used twice, a top
that is not a mapping, an empty stream, a second document. The caller then loads the text with the
pure-Python strict loader, which refuses it with its usual message and position; so every error is
reported exactly as without libyaml, and this module only has to agree with that loader on the
documents it accepts (same data, same positions; tests compare the two).
"""

from __future__ import annotations

import re
from typing import Any

import yaml
from yaml.events import (
    DocumentEndEvent, DocumentStartEvent, MappingEndEvent, MappingStartEvent, ScalarEvent, SequenceEndEvent,
    SequenceStartEvent, StreamEndEvent,
)

from .yaml_versions import conflict

AVAILABLE = bool(getattr(yaml, "__with_libyaml__", False)) and hasattr(yaml, "CSafeLoader")
"""True when PyYAML was built with libyaml (``yaml.__with_libyaml__``)."""

_STR = "tag:yaml.org,2002:str"

LOOKALIKE = re.compile("[\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000\ufeff\uff1a]")
"""Characters that look like a space or a colon but that YAML does not read as one: the no-break, full-width
(ideographic) and other Unicode spaces, the zero-width space and no-break, the full-width colon ``：``. A Chinese
input method in full-width mode types them; in a key they are always a mistake (kind ``lookalike``)."""


class _GiveUp(Exception):
    """The document needs the strict pure-Python loader's judgement."""


if AVAILABLE:
    class _EventLoader(yaml.CSafeLoader):
        """libyaml's parser with the safe resolver and constructor (its composer is never called)."""
else:  # pragma: no cover - exercised only where PyYAML lacks libyaml
    _EventLoader = None  # type: ignore[assignment,misc]


def use_resolvers(resolvers: dict) -> None:
    """Resolve plain scalars with ``resolvers`` (the strict loader's table: no timestamps)."""
    if _EventLoader is not None:
        _EventLoader.yaml_implicit_resolvers = resolvers


def fast_load(text: str, max_depth: int) -> tuple[Any, dict[tuple, tuple[int, int]]] | None:
    """Load ``text`` (one YAML document whose top is a mapping) with libyaml, or give up.

    Args:
        text: the YAML text, already decoded, without a byte order mark.
        max_depth: the deepest nesting accepted (the top mapping is level 1; keys and values count).

    Returns:
        ``(data, positions)`` as the strict loader builds them (``positions``: path → 1-based
        ``(line, column)``; for a mapping entry, where its key is), or ``None`` when libyaml is missing
        or the document is anything but plain (see the module docstring).
    """
    if _EventLoader is None:
        return None
    loader = _EventLoader(text)
    try:
        return _compose(loader, max_depth)
    except (_GiveUp, yaml.YAMLError):
        return None
    finally:
        loader.dispose()


def _compose(loader: Any, max_depth: int) -> tuple[Any, dict[tuple, tuple[int, int]]]:
    """The document's data and positions, event by event (raises :class:`_GiveUp` for anything but plain YAML)."""
    get_event = loader.get_event
    get_event()  # stream start
    if type(get_event()) is not DocumentStartEvent:
        raise _GiveUp  # an empty stream
    scalars: dict[str, Any] = {}  # plain scalar text → its value, for this document
    positions: dict[tuple, tuple[int, int]] = {}
    # One frame per open collection: [container, its path, the key whose value comes next (or _KEY), in flow style].
    stack: list[list] = []
    root = _open_root(get_event(), max_depth, positions, stack)
    while stack:
        event = get_event()
        kind = type(event)
        if kind is MappingEndEvent or kind is SequenceEndEvent:
            stack.pop()
            continue
        _check_event(event, kind, len(stack), max_depth)
        frame = stack[-1]
        if frame[3] and kind is ScalarEvent and event.implicit[0] and "?" in event.value:
            raise _GiveUp  # PyYAML ends a plain scalar at '?' inside [ ] and { }, libyaml does not
        if frame[2] is _KEY and type(frame[0]) is dict:
            _take_key(loader, frame, event, kind, positions)
        else:
            _take_value(loader, frame, event, kind, positions, scalars, stack)
    if type(get_event()) is not DocumentEndEvent or type(get_event()) is not StreamEndEvent:
        raise _GiveUp  # a second document
    return root, positions


def _check_event(event: Any, kind: type, depth: int, max_depth: int) -> None:
    """Give up on an alias, an anchor, a tag, or nesting ``max_depth`` deep."""
    if (kind is not ScalarEvent and kind is not MappingStartEvent and kind is not SequenceStartEvent) \
            or event.anchor is not None or event.tag is not None or depth >= max_depth:
        raise _GiveUp


def _where(event: Any) -> tuple[int, int]:
    """The 1-based ``(line, column)`` where ``event`` starts."""
    mark = event.start_mark
    return mark.line + 1, mark.column + 1


def _open_root(event: Any, max_depth: int, positions: dict, stack: list[list]) -> dict:
    """The top mapping, opened on ``stack`` (give up when the top is not a mapping)."""
    kind = type(event)
    _check_event(event, kind, 0, max_depth)
    if kind is not MappingStartEvent:
        raise _GiveUp  # the top is not a mapping
    root: dict = {}
    positions[()] = _where(event)
    stack.append([root, (), _KEY, event.flow_style])
    return root


def _take_key(loader: Any, frame: list, event: Any, kind: type, positions: dict) -> None:
    """A mapping's next key (a plain string, new in the mapping) into ``frame``; its position into ``positions``."""
    if kind is not ScalarEvent:
        raise _GiveUp  # a list or mapping as a key
    key = event.value
    if (event.implicit[0] and (_resolve(loader, key) != _STR or conflict(key))) or key in frame[0] \
            or LOOKALIKE.search(key):
        raise _GiveUp  # a key read as a number, true/false, null or <<, or read two ways; a duplicate; a look-alike
    frame[2] = key
    positions[frame[1] + (key,)] = _where(event)


def _take_value(loader: Any, frame: list, event: Any, kind: type, positions: dict, scalars: dict[str, Any],
                stack: list[list]) -> None:
    """A value of the open collection ``frame`` (a mapping's value after its key, a list's next item); a new
    collection is opened on ``stack``."""
    container, path, key, _ = frame
    if type(container) is dict:
        frame[2] = _KEY
    else:
        key = len(container)
        positions[path + (key,)] = _where(event)
        container.append(None)
    if kind is ScalarEvent:
        value = event.value
        if event.implicit[0]:
            value = scalars[value] if value in scalars else scalars.setdefault(value, _plain(loader, value))
        container[key] = value
    elif kind is MappingStartEvent:
        container[key] = value = {}
        stack.append([value, path + (key,), _KEY, event.flow_style])
    else:
        container[key] = value = []
        stack.append([value, path + (key,), None, event.flow_style])


_KEY = object()
"""Marks a mapping frame whose next event is a key."""


def _resolve(loader: Any, value: str) -> str:
    return loader.resolve(yaml.ScalarNode, value, (True, False))


def _plain(loader: Any, value: str) -> Any:
    """The value of a plain (unquoted, untagged) scalar, as PyYAML's safe constructor gives it."""
    if conflict(value) is not None:
        raise _GiveUp  # YAML 1.1 and 1.2 read it differently
    tag = _resolve(loader, value)
    if tag == _STR:
        return value
    try:
        result = loader.yaml_constructors[tag](loader, yaml.ScalarNode(tag, value))
    except Exception:  # noqa: BLE001 - whatever it is, the strict loader will say it
        raise _GiveUp from None
    if isinstance(result, int) and result.bit_length() >= 4000:
        raise _GiveUp  # maybe too long to show (0xfff…): the strict loader judges
    return result
