"""Safe, strict YAML loading for spec files, with the line and column of every node.

What it refuses, each as a :class:`~datong_rules.reference_impl.variant.errors.SpecError` with a line number and a ``kind``:

* a path that is not a regular file, a folder, a FIFO or a device (``unreadable``), refused without blocking;
* a file larger than :data:`MAX_BYTES` (``too_large``), checked before anything is parsed;
* bytes that are not UTF-8 (``encoding``): the first bad byte is turned into a line and column. A UTF-8 byte
  order mark is accepted and ignored (Windows editors write one); UTF-16 and UTF-32 are refused by name;
* an empty file or one holding only comments (``empty``); a top that is not a mapping (``not_mapping``);
* invalid YAML, tab indentation, several documents, control characters (``yaml_syntax``);
* duplicate keys, nested ones too (``duplicate_key``): PyYAML keeps the last one silently, we do not;
* anchors, aliases and merge keys ``&a *a <<`` (``anchor_alias``): refused outright, before anything is
  expanded, so no alias bomb ("billion laughs") can grow; variant files are short enough to write out in full;
* keys that are not strings (``key_type``): ``5: 5`` or ``yes: 1`` would not be JSON data; quote them;
* plain (unquoted) keys and values that YAML 1.1 and YAML 1.2 read differently (``yaml_version``): ``010`` (8 or
  10), ``yes``/``no``/``on``/``off``/``y``/``n`` in any case (true/false or text), ``1:30``, ``0o10``, ``0b1``,
  ``1_000``, ``1e3``, ``=`` …; and ``.inf``/``.nan``, which JSON cannot hold (``not_json``). See
  :mod:`.yaml_versions`: PyYAML reads YAML 1.1, editors and most other parsers YAML 1.2, and a house file must mean
  the same to both;
* explicit tags other than the plain JSON ones (``tag``): ``!!python/…``, ``!!binary``, ``!custom``;
* nesting deeper than :data:`MAX_DEPTH` (``too_deep``), so that no input can exhaust the recursion limit;
* a key or string value holding a character that cannot be shown or written safely (``bad_text``), even when
  written as an escape in a double-quoted string (``"\\ud800"``, ``"\\e"``): a lone UTF-16 surrogate
  (U+D800–U+DFFF; it cannot be written as UTF-8), a control character other than tab and newline (C0, DEL,
  C1), or a bidirectional override or isolate control (U+202A–U+202E, U+2066–U+2069), which would let a
  variant's name rewrite the terminal or reorder the text around it.

Timestamps are not converted (``2024-01-01`` stays a string): the loaded data is JSON-compatible
(dict with str keys, list, str, int, float, bool, None).

Speed: when PyYAML has libyaml (``yaml.__with_libyaml__``), a plain document (no tab, tag, anchor, alias,
duplicate or non-text key, not too deep, valid YAML) is read by libyaml's C parser (:mod:`.yaml_fast`); any
other text, and any text libyaml is unsure of, is read by the pure-Python strict loader below, which gives
every error above. The result, errors included, is the same either way; :data:`PARSER` chooses.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.events import AliasEvent, CollectionStartEvent, ScalarEvent

from . import yaml_fast
from .yaml_fast import LOOKALIKE
from .yaml_versions import conflict, too_long_to_show
from ..user_files import UserFileError, decode_utf8, read_user_file, size_text
from .errors import Path_, SpecError, format_path

MAX_BYTES = 1024 * 1024
"""Largest spec file accepted, in bytes (1 MiB; the biggest bundled variant is about 20 KiB)."""

MAX_DEPTH = 64
"""Deepest nesting of lists and mappings accepted (the variant schema needs fewer than 10 levels)."""

PARSERS: tuple[str, ...] = ("libyaml", "python") if yaml_fast.AVAILABLE else ("python",)
"""The parsers this PyYAML offers: ``"libyaml"`` (its C parser, for plain documents) and ``"python"``."""

PARSER: str = PARSERS[0]
"""The parser :func:`load_yaml_text` tries first (``"python"``: the pure-Python strict loader only)."""

_LIMIT = size_text(MAX_BYTES)

_ALLOWED_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "seq", "map")
) | {"!"}


@dataclass(frozen=True)
class LoadedYaml:
    """One loaded YAML file.

    Attributes:
        file: the file name used in error messages.
        data: the JSON-compatible document (a mapping when loaded with ``require_mapping``).
        positions: path → ``(line, column)``, 1-based, for every node; for a mapping entry, where its key is.
    """

    file: str
    data: Any
    positions: dict[Path_, tuple[int, int]] = field(repr=False)

    def position(self, path: Path_) -> tuple[int, int]:
        """Where ``path`` is, or where its nearest existing ancestor is (``(1, 1)`` if nothing is known)."""
        path = tuple(path)
        while path:
            if path in self.positions:
                return self.positions[path]
            path = path[:-1]
        return self.positions.get((), (1, 1))

    def error(self, path: Path_, message: str, expected: str = "", kind: str = "bad_value") -> SpecError:
        """A :class:`SpecError` located at ``path`` of this file."""
        line, column = self.position(path)
        return SpecError(self.file, line, column, format_path(path), message, expected, kind)


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader that refuses anchors, aliases and non-JSON tags and bounds the nesting depth."""

    def __init__(self, stream: str, file: str) -> None:
        super().__init__(stream)
        self.file = file
        self.depth = 0
        self.plain: set[int] = set()  # id() of every plain (unquoted, untagged) scalar node

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:  # PyYAML hook, called once per node before it is built
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            raise _error(self.file, event.start_mark, f"alias *{event.anchor} is not allowed", "anchor_alias",
                         "the value written out in full (anchors and aliases are refused)")
        if isinstance(event, ScalarEvent | CollectionStartEvent):
            if event.anchor is not None:
                raise _error(self.file, event.start_mark, f"anchor &{event.anchor} is not allowed", "anchor_alias",
                             "the value written out in full (anchors and aliases are refused)")
            if event.tag is not None and event.tag not in _ALLOWED_TAGS:
                shown = event.tag.replace("tag:yaml.org,2002:", "!!")
                raise _error(self.file, event.start_mark, f"YAML tag {shown} is not allowed", "tag",
                             "plain YAML data without tags")
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _error(self.file, event.start_mark, f"nesting deeper than {MAX_DEPTH} levels", "too_deep",
                             f"at most {MAX_DEPTH} levels of lists and mappings")
            node = super().compose_node(parent, index)
            if isinstance(event, ScalarEvent) and event.tag is None and event.style is None:
                self.plain.add(id(node))
            return node
        finally:
            self.depth -= 1


_StrictLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
yaml_fast.use_resolvers(_StrictLoader.yaml_implicit_resolvers)


def _checked(construct: Any, shown: str) -> Any:
    """``construct`` (a scalar constructor) raising a located ConstructorError instead of ValueError or KeyError,
    for explicitly tagged text that is no such value (``!!int x``, ``!!bool maybe``)."""
    def checked(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
        try:
            return construct(loader, node)
        except (ValueError, KeyError):
            raise yaml.constructor.ConstructorError(None, None, f"'{node.value}' is not a valid {shown}",
                                                    node.start_mark) from None
    return checked


for _name in ("int", "float", "bool"):
    _tag = f"tag:yaml.org,2002:{_name}"
    _StrictLoader.add_constructor(_tag, _checked(yaml.SafeLoader.yaml_constructors[_tag], f"!!{_name}"))


def _bounded_int(construct: Any) -> Any:
    """``construct`` (the int constructor) refusing, at the value's line and column, a number too long to show."""
    def bounded(loader: _StrictLoader, node: yaml.Node) -> Any:
        value = construct(loader, node)
        if too_long_to_show(value):
            raise _error(loader.file, node.start_mark, f"a number of {len(node.value):,} characters, too long to read",
                         "yaml_syntax", f"a number of at most {sys.get_int_max_str_digits() or 4300:,} digits")
        return value
    return bounded


_StrictLoader.add_constructor("tag:yaml.org,2002:int",
                              _bounded_int(_StrictLoader.yaml_constructors["tag:yaml.org,2002:int"]))


def read_yaml_file(path: str | Path, *, display: str | None = None, require_mapping: bool = True) -> LoadedYaml:
    """Read and load one YAML file strictly (see the module docstring).

    Args:
        path: the file to read: a regular file (a folder, a FIFO or a device is refused without blocking).
        display: the name to print in errors (default: ``path`` as given).
        require_mapping: the top must be a mapping (true for every spec file).

    Returns:
        A :class:`LoadedYaml`.

    Raises:
        SpecError: kind ``unreadable``, ``too_large``, ``encoding``, ``empty``, ``not_mapping`` or a YAML kind.
    """
    name = display if display is not None else str(path)
    try:
        raw = read_user_file(path, MAX_BYTES)
    except UserFileError as exc:
        raise SpecError(name, 1, 1, "", exc.message, exc.expected, exc.kind) from None
    return load_yaml_bytes(raw, name, require_mapping=require_mapping)


def load_yaml_bytes(raw: bytes, file: str, *, require_mapping: bool = True) -> LoadedYaml:
    """Load YAML from bytes: size limit, UTF-8 decoding, then :func:`load_yaml_text`.

    Raises:
        SpecError: as :func:`read_yaml_file`.
    """
    if len(raw) > MAX_BYTES:
        raise SpecError(file, 1, 1, "", f"the file is larger than {_LIMIT} ({len(raw):,} bytes or more)",
                        f"a file under {_LIMIT}", "too_large")
    try:
        text = decode_utf8(raw)
    except UserFileError as exc:
        raise SpecError(file, exc.line, exc.column, "", exc.message, exc.expected, exc.kind) from None
    return load_yaml_text(text, file, require_mapping=require_mapping)


_NON_PRINTABLE = yaml.reader.Reader.NON_PRINTABLE


def _error(file: str, mark: Any, message: str, kind: str, expected: str = "") -> SpecError:
    return SpecError(file, mark.line + 1, mark.column + 1, "", message, expected, kind)


def load_yaml_text(text: str, file: str, *, require_mapping: bool = True) -> LoadedYaml:
    """Load one YAML document from text strictly (see the module docstring).

    Args:
        text: the YAML text (already decoded).
        file: the name used in errors.
        require_mapping: the top must be a mapping.

    Returns:
        A :class:`LoadedYaml`.

    Raises:
        SpecError: any YAML-level problem, located.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return _load_text(text, file, require_mapping)
    except ValueError as exc:  # int() of a number of thousands of digits (Python's limit), whichever parser met it
        if isinstance(exc, SpecError):
            raise
        run = _LONG_NUMBER.search(text)
        where = run.start() if run else 0
        line, column = text.count("\n", 0, where) + 1, where - (text.rfind("\n", 0, where) + 1) + 1
        digits = f"{len(run[0]):,} digits" if run else "too many digits"
        raise SpecError(file, line, column, "", f"a number of {digits}, too long to read",
                        f"a number of at most {sys.get_int_max_str_digits() or 4300:,} digits", "yaml_syntax") from None


_LONG_NUMBER = re.compile(r"\d{640,}")
"""A run of digits long enough to be refused by ``int()`` (Python's limit is 4,300 digits; 640 covers a number
written with separators or in another base)."""


def _load_text(text: str, file: str, require_mapping: bool) -> LoadedYaml:
    """:func:`load_yaml_text` without its guard against numbers too long for ``int()``."""
    if PARSER == "libyaml" and "\t" not in text and not _NON_PRINTABLE.search(text):
        # libyaml allows tabs as separators where PyYAML does not: texts with a tab take the strict path.
        fast = yaml_fast.fast_load(text, MAX_DEPTH)
        if fast is not None:
            return _text_checked(LoadedYaml(file, fast[0], fast[1]), text)
    loader = None
    try:
        loader = _StrictLoader(text, file)
        node = loader.get_single_node()
        if node is None or (isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null"
                            and node.value == ""):
            raise SpecError(file, 1, 1, "", "the file holds no YAML document (it is empty or only comments)",
                            "a mapping with id, name, summary …", "empty")
        if require_mapping and not isinstance(node, yaml.MappingNode):
            what = "a list" if isinstance(node, yaml.SequenceNode) else "a single value"
            raise _error(file, node.start_mark, f"the top of the file is {what}", "not_mapping",
                         "a mapping (key: value lines)")
        positions: dict[Path_, tuple[int, int]] = {(): (node.start_mark.line + 1, node.start_mark.column + 1)}
        _walk(node, (), loader, positions)
        loaded = LoadedYaml(file, loader.construct_document(node), positions)
    except SpecError:
        raise
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise SpecError(file, line, column, "", f"character #x{exc.character:04X} is not allowed in YAML",
                        "printable text", "yaml_syntax") from None
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(file, exc, text) from None
    except yaml.YAMLError as exc:
        raise SpecError(file, 1, 1, "", f"invalid YAML: {exc}", "", "yaml_syntax") from None
    finally:
        if loader is not None:
            loader.dispose()
    return _text_checked(loaded, text)


BAD_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""The characters refused in any key or string of a YAML file (kind ``bad_text``): C0 controls but tab and
newline, DEL, C1 controls, the bidi overrides and isolates, and the UTF-16 surrogates."""


def _text_checked(loaded: LoadedYaml, text: str) -> LoadedYaml:
    """``loaded`` as it is, or a :class:`SpecError` (kind ``bad_text``) at the first key or string holding a
    :data:`BAD_TEXT` character. Only a text with an escape (``\\``) or such a character is walked."""
    if "\\" not in text and not BAD_TEXT.search(text):
        return loaded
    stack: list[tuple[Path_, Any]] = [((), loaded.data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                _check_string(loaded, path + (key,), key, "key")
                stack.append((path + (key,), item))
        elif isinstance(value, list):
            stack.extend((path + (index,), item) for index, item in enumerate(value))
        elif isinstance(value, str):
            _check_string(loaded, path, value, "text")
    return loaded


def _check_string(loaded: LoadedYaml, path: Path_, value: str, what: str) -> None:
    found = BAD_TEXT.search(value)
    if found is None:
        return
    char = ord(found.group())
    if 0xD800 <= char <= 0xDFFF:
        name = "a lone UTF-16 surrogate, which cannot be written as UTF-8"
        expected = "the character itself, or \\U0001F600-style escapes for characters beyond U+FFFF"
    elif 0x202A <= char <= 0x2069:
        name = "a bidirectional override or isolate control, which reorders the text around it"
        expected = "text without bidi controls"
    else:
        name = "a control character"
        expected = "printable text (tab and newline are allowed)"
    raise loaded.error(path, f"the {what} holds U+{char:04X} at character {found.start() + 1}, {name}",
                       expected, "bad_text")


def _syntax_error(file: str, exc: yaml.MarkedYAMLError, text: str) -> SpecError:
    mark = exc.problem_mark or exc.context_mark
    parts = [str(part) for part in (exc.context, exc.problem) if part]
    message = "invalid YAML: " + ("; ".join(parts) or "syntax error")
    expected = ""
    lines = text.split("\n")
    near = dict.fromkeys(number for seen in (exc.problem_mark, exc.context_mark) if seen is not None
                         for number in (seen.line, seen.line - 1) if 0 <= number < len(lines))
    for number in near:  # a full-width space or colon on the line of the error or the line before: say so
        if (found := _MISTYPED.search(lines[number])) is not None:
            char = next(c for c in found.group() if LOOKALIKE.match(c))
            column = found.start() + found.group().index(char) + 1
            message += f" (line {number + 1} holds {_lookalike(char)} at column {column})"
            expected = LOOKALIKE_EXPECTED
            break
    if "'\\t'" in message or "\t" in message:
        message = "invalid YAML: a tab character where YAML needs spaces"
        expected = "spaces for indentation (YAML forbids tabs)"
    elif "expected a single document" in message:
        message = "the file holds more than one YAML document (a second '---')"
        expected = "one document per file"
    kind = "tag" if isinstance(exc, yaml.constructor.ConstructorError) else "yaml_syntax"
    if mark is None:
        return SpecError(file, 1, 1, "", message, expected, kind)
    return SpecError(file, mark.line + 1, mark.column + 1, "", message, expected, kind)


def _walk(node: yaml.Node, path: Path_, loader: _StrictLoader, positions: dict[Path_, tuple[int, int]]) -> None:
    """Record the position of every node; refuse duplicate, non-string and merge keys."""
    if isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            positions[path + (index,)] = (item.start_mark.line + 1, item.start_mark.column + 1)
            _walk(item, path + (index,), loader, positions)
    elif isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            mark = key_node.start_mark
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise _located(loader.file, mark, path, "merge key << is not allowed", "anchor_alias",
                               "the keys written out in full")
            if key_node.tag in (_STR, _VALUE):  # other keys PyYAML does not read as text are refused as key_type
                _check_plain(key_node, path, loader)
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, str):
                shown = key_node.value if isinstance(key_node, yaml.ScalarNode) else type(key).__name__
                raise _located(loader.file, mark, path, f"key {shown} is read as {_yaml_type(key)}, not as text",
                               "key_type", f"a quoted key: '{shown}'")
            if (found := LOOKALIKE.search(key)) is not None:
                raise _located(loader.file, mark, path, f"the key {key!r} holds {_lookalike(found.group())} at "
                               f"character {found.start() + 1}", "lookalike", LOOKALIKE_EXPECTED)
            if key in seen:
                raise _located(loader.file, mark, path + (key,), f"duplicate key '{key}' (first at line {seen[key]})",
                               "duplicate_key", "each key once per mapping")
            seen[key] = mark.line + 1
            positions[path + (key,)] = (mark.line + 1, mark.column + 1)
            _walk(value_node, path + (key,), loader, positions)
    else:
        _check_plain(node, path, loader)


_STR = "tag:yaml.org,2002:str"
_VALUE = "tag:yaml.org,2002:value"


def _check_plain(node: yaml.Node, path: Path_, loader: _StrictLoader) -> None:
    """Refuse a plain scalar that YAML 1.1 and 1.2 read differently (:func:`.yaml_versions.conflict`)."""
    if id(node) in loader.plain:
        found = conflict(node.value)
        if found is not None:
            raise _located(loader.file, node.start_mark, path, found.message, found.kind, found.advice)


_SPACES = LOOKALIKE.pattern.replace("\\uff1a", "")
_MISTYPED = re.compile(f"^ *{_SPACES}|:{_SPACES}|^ *[A-Za-z_][\\w.-]* *\uff1a")
"""Where a :data:`LOOKALIKE` character is a mistyped space or colon, not text: in the indentation, right after a
colon, or as the colon after a key (a Chinese text value may hold a full-width colon or space of its own)."""

LOOKALIKE_EXPECTED = ("plain spaces for indentation and a plain ':' after a key (type them in half-width mode), "
                      "which YAML reads as such")


def _lookalike(char: str) -> str:
    """``U+3000 (IDEOGRAPHIC SPACE, which YAML does not read as a space)``: a :data:`LOOKALIKE` character named."""
    looks = "a colon" if char == "\uff1a" else "a space"
    return f"U+{ord(char):04X} ({unicodedata.name(char, 'a format character')}, which YAML does not read as {looks})"


def _located(file: str, mark: Any, path: Path_, message: str, kind: str, expected: str) -> SpecError:
    return SpecError(file, mark.line + 1, mark.column + 1, format_path(path), message, expected, kind)


def _yaml_type(value: Any) -> str:
    if isinstance(value, bool):
        return "a true/false value"
    if isinstance(value, int | float):
        return "a number"
    if value is None:
        return "null"
    return "a " + type(value).__name__
