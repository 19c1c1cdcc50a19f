"""Plain YAML values that YAML 1.1 and YAML 1.2 read differently, refused so that every reader agrees.

PyYAML (this kit's parser) reads plain, unquoted values by the YAML 1.1 type repository
(https://yaml.org/type/: ``bool``, ``int``, ``float``, ``null``, ``merge``, ``value``); editors' YAML servers and
most other languages' parsers read them by the YAML 1.2 core schema (YAML 1.2.2, section 10.3.2). The two differ:

========================  ==================================  ==============================
plain text                YAML 1.1                            YAML 1.2 core schema
========================  ==================================  ==============================
``yes no on off y n``     true / false                        the text
``010`` (leading zero)    octal: 8                            decimal: 10
``09``                    the text (not octal)                the number 9
``0o10``                  the text                            octal: 8
``0b101`` ``-0x1F``       numbers (binary; signed hex)        the text
``1_000`` ``1:30``        numbers (underscores; base 60: 90)  the text
``1e3`` ``-.5``           the text (1.1 floats need a ``.``   numbers
                          before an exponent, a digit before
                          a signed ``.``)
``=`` ``<<``              the value key, the merge key        the text
========================  ==================================  ==============================

:func:`conflict` says, for one plain value, whether the two readings differ and how. Some YAML 1.1 readers (Ruby's
Psych, for one) take ``yes``/``no``/``on``/``off`` in any case, so every case of those words (and of ``y``/``n``,
which the 1.1 type repository lists and PyYAML does not) is refused too. Values both read alike (``10``, ``0x1F``,
``1.5``, ``true``, ``null``, ``~``) are accepted. Timestamps (``2024-01-01``) are not listed: this kit's
loader does not convert them, so it reads them as text, as YAML 1.2 does.

Both versions read ``.inf``, ``-.Inf`` and ``.nan`` (in their three spellings each) as infinity and not-a-number,
which JSON cannot hold and no rule needs: :func:`conflict` refuses them too (``kind`` ``"not_json"``).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

import yaml

_SAFE = yaml.SafeLoader("")  # the YAML 1.1 resolver and constructors of PyYAML, used for single plain values
_INT_11 = "tag:yaml.org,2002:int"
_WORD_BOOLS = {"yes": True, "y": True, "on": True, "no": False, "n": False, "off": False}
_SPEC_BOOLS = {spelling for word in _WORD_BOOLS for spelling in (word, word.capitalize(), word.upper())}
"""The spellings the YAML 1.1 type repository lists (``y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF``)."""

_CORE_12: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"(?:null|Null|NULL|~)?"), lambda text: None),
    (re.compile(r"true|True|TRUE"), lambda text: True),
    (re.compile(r"false|False|FALSE"), lambda text: False),
    (re.compile(r"[-+]?[0-9]+"), lambda text: int(text, 10)),
    (re.compile(r"0o[0-7]+"), lambda text: int(text[2:], 8)),
    (re.compile(r"0x[0-9a-fA-F]+"), lambda text: int(text[2:], 16)),
    (re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"), float),
    (re.compile(r"[-+]?\.(?:inf|Inf|INF)"), lambda text: -math.inf if text.startswith("-") else math.inf),
    (re.compile(r"\.(?:nan|NaN|NAN)"), lambda text: math.nan),
]
"""The YAML 1.2 core schema's tag resolution (YAML 1.2.2, 10.3.2), in its order; any other text is a string."""

_MAYBE = re.compile(r"[-+.0-9=<]|[yYnNoO][a-zA-Z]{0,2}$")
"""A cheap first test: only a value starting like this can be read differently."""


class _Special:
    """A YAML 1.1 reading that is no data value (the merge key ``<<``, the value key ``=``)."""

    def __init__(self, shown: str) -> None:
        self.shown = shown


@dataclass(frozen=True)
class Conflict:
    """How YAML 1.1 and YAML 1.2 read one plain value that is refused.

    Attributes:
        message: one sentence naming both readings ("the plain value 010 is the number 8 in YAML 1.1 but the
            number 10 in YAML 1.2").
        advice: how to write it so every reader agrees ("10, or '010' in quotes for the text").
        kind: ``"yaml_version"`` (the readings differ) or ``"not_json"`` (both read infinity or not-a-number).
    """

    message: str
    advice: str
    kind: str = "yaml_version"


def read_yaml11(text: str) -> Any:
    """The YAML 1.1 reading of the plain value ``text`` (PyYAML's, with ``y``/``n`` and every case of
    ``yes/no/on/off`` as booleans); ``<<`` and ``=`` read as special keys, not data."""
    word = _WORD_BOOLS.get(text.lower())
    if word is not None:
        return word
    tag = _SAFE.resolve(yaml.ScalarNode, text, (True, False))
    if tag == "tag:yaml.org,2002:timestamp":
        return text  # the kit's loader keeps timestamps as text
    if tag.endswith((":merge", ":value")):
        return _Special("the merge key <<" if tag.endswith(":merge") else "the value key =")
    if tag == "tag:yaml.org,2002:str":
        return text
    return _SAFE.yaml_constructors[tag](_SAFE, yaml.ScalarNode(tag, text))


def read_yaml12(text: str) -> Any:
    """The YAML 1.2 core-schema reading of the plain value ``text``."""
    for pattern, build in _CORE_12:
        if pattern.fullmatch(text):
            return build(text)
    return text


def conflict(text: str) -> Conflict | None:
    """``None`` when YAML 1.1 and YAML 1.2 read the plain (unquoted, untagged) value ``text`` alike, else how
    they differ (see the module docstring for the cases)."""
    if not text or not _MAYBE.match(text):
        return None
    old, new = read_yaml11(text), read_yaml12(text)
    if too_long_to_show(old) or too_long_to_show(new):
        return None  # whichever reading: the loader refuses the number as too long to read, at its place
    if _same(old, new):
        if isinstance(new, float) and not math.isfinite(new):
            return Conflict(f"the plain value {text} is {_describe(new)}, which JSON cannot hold",
                            f"a finite number, or '{text}' in quotes for the text", "not_json")
        return None
    if isinstance(old, bool) or isinstance(new, bool):
        advice = f"true or false for a yes/no value, or '{text}' in quotes for the text"
    elif isinstance(old, _Special):
        advice = f"'{text}' in quotes for the text"
    else:
        number = next(value for value in (new, old) if isinstance(value, int | float))
        advice = f"{_decimal(number)} (plain decimal), or '{text}' in quotes for the text"
    odd_case = text.lower() in _WORD_BOOLS and text not in _SPEC_BOOLS
    reader = "YAML 1.1 readers that ignore case" if odd_case else "YAML 1.1"
    return Conflict(f"the plain value {text} is {_describe(old)} in {reader} but {_describe(new)} in YAML 1.2",
                    advice)


def too_long_to_show(value: Any) -> bool:
    """True when ``value`` is a whole number too long for ``str()`` (Python's limit on the digits of an int,
    :func:`sys.get_int_max_str_digits`): a hexadecimal number (``0xfff…``) is read whatever its length, so only its
    value tells. Such a number could not be printed in any message."""
    if not isinstance(value, int) or value.bit_length() < 4000:
        return False
    try:
        str(value)
    except ValueError:
        return True
    return False


def _decimal(number: int | float) -> str:
    return str(number) if isinstance(number, int) or not number.is_integer() else str(int(number))


def _same(old: Any, new: Any) -> bool:
    if type(old) is not type(new):
        return False
    if isinstance(old, float) and math.isnan(old):
        return math.isnan(new)
    return old == new


def _describe(value: Any) -> str:
    if isinstance(value, _Special):
        return value.shown
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, float):
        if math.isnan(value):
            return "not-a-number"
        if math.isinf(value):
            return "minus infinity" if value < 0 else "infinity"
        return f"the number {value!r}"
    if value is None:
        return "null"
    return f"the text '{value}'"
