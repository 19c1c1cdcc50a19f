"""The words of rule values no bundled variant sets, as data (``spec/value-words.yaml``), for the options reference
(:mod:`.options_page`).

A value a bundled variant sets is worded by that variant's own ``text``; a value none sets (a house option, or the
reading a source leaves open) has its words in this file, per game and rule id, in both languages, so that every
named value of every rule of a game's rule schema is worded on the page. Its ``examples`` give a worked example in
words of each named value that no scenario of the suite plays (the page shows a scenario's example otherwise). The file is validated against
``spec/schema/value-words.schema.json``; ``tests/rulebook/test_option_values_worded.py`` walks every named value of
the bundled schemas and fails on one without words, and on an entry that names no value of its rule.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from datong_rules.reference_impl import games
from datong_rules.reference_impl.paths import schema_path, spec_root
from datong_rules.reference_impl.schema_validator import SchemaValidator
from datong_rules.reference_impl.spec_data import load_checked

WORDS_FILE = "value-words.yaml"
SCHEMA_FILE = "value-words.schema.json"
ANY_VALUE = "*"
"""The key that words every value of a rule (``{value}`` in the words stands for the value)."""


class ValueWordsError(ValueError):
    """``spec/value-words.yaml`` does not load or breaks its schema; one line per problem, each naming the file."""


def value_words_path() -> Path:
    """Path of ``spec/value-words.yaml``."""
    return spec_root() / WORDS_FILE


def check_value_words(data: Any, file: str) -> list[str]:
    """Problems of the data ``data`` read from ``file``: a value written unquoted where YAML reads it as a number or
    true/false (``false:`` for ``"false":``), schema errors, a game the registry does not know. One line each; empty
    when the file is sound."""
    values = data.get("values") if isinstance(data, dict) else None
    unquoted = [f"{file}: values/{game}/{rule_id}: the value {key!r} is not quoted (expected \"{json.dumps(key)}\")"
                for game, rules in (values.items() if isinstance(values, dict) else ())
                for rule_id, words in (rules.items() if isinstance(rules, dict) else ())
                for key in (words if isinstance(words, dict) else ()) if not isinstance(key, str)]
    if unquoted:
        return unquoted
    schema = json.loads(schema_path(SCHEMA_FILE).read_text(encoding="utf-8"))
    problems = SchemaValidator(schema).problems(data, file)
    if problems:
        return problems
    known = games.ids()
    return [f"{file}: values/{game}: not a game of the registry (expected one of {', '.join(known)})"
            for game in data["values"] if game not in known]


@lru_cache(maxsize=1)
def _load() -> dict[str, Any]:
    return load_checked(value_words_path(), check_value_words, ValueWordsError)


def load_value_words() -> dict[str, dict[str, dict[str, dict[str, str]]]]:
    """The bundled words: ``{game: {rule id: {value: {"zh": …, "en": …}}}}``.

    Raises:
        ValueWordsError: the file is not YAML or breaks its schema (one line per problem).
    """
    return _load()["values"]


def value_words(game: str, rule_id: str, value: str) -> dict[str, str]:
    """The words of ``value`` (as written in YAML: ``skipped``, ``false``, ``3``) of ``rule_id`` in ``game``:
    ``{"zh": …, "en": …}``, or ``{}`` when the file has none (the ``*`` entry of the rule words any value)."""
    return _lookup(load_value_words(), game, rule_id, value)


def load_value_examples() -> dict[str, dict[str, dict[str, dict[str, str]]]]:
    """The bundled worked examples in words: ``{game: {rule id: {value: {"zh": …, "en": …}}}}`` (the file's
    ``examples``; empty when it has none)."""
    return _load().get("examples") or {}


def value_example(game: str, rule_id: str, value: str) -> dict[str, str]:
    """The worked example in words of ``value`` of ``rule_id`` in ``game`` (the file's ``examples``, for a value no
    scenario of the suite plays): ``{"zh": …, "en": …}``, or ``{}``."""
    return _lookup(load_value_examples(), game, rule_id, value)


def _lookup(table: dict[str, Any], game: str, rule_id: str, value: str) -> dict[str, str]:
    rule = table.get(game, {}).get(rule_id, {})
    if value in rule:
        return dict(rule[value])
    template = rule.get(ANY_VALUE)
    return {lang: text.replace("{value}", value) for lang, text in template.items()} if template else {}
