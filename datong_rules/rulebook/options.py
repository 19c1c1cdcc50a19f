"""The data of the options reference for rule keepers: every rule id of the variant schema, what it decides,
the values the kit accepts and which bundled variant uses which value (the page itself is
:mod:`.options_page`).

Everything comes from data: the rule's ``description`` and value schema from the game's rule schema
``spec/schema/games/<game>/rules.schema.json`` (``$defs`` ``rule.*``, required list ``$defs/complete``), the values and their wordings from the
variants' own ``value`` and ``text``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .labels import LANGS
from .pages import VariantDoc
from .rules_html import compact, outline, rule_items
from .value_words import value_words

RULE_PREFIX = "rule."


@dataclass(frozen=True)
class Use:
    """One value of a rule as the bundled variants set it.

    Attributes:
        value: the rule's ``value`` (any JSON value); ``key``: its compact JSON text.
        variants: ids of the variants that set it, in page order.
        texts: ``{lang: [(variant ids, text), …]}``: the distinct wordings, each with the variants using it.
    """

    value: Any
    key: str
    variants: tuple[str, ...]
    texts: dict[str, list[tuple[tuple[str, ...], str]]]


@dataclass(frozen=True)
class RuleOption:
    """One rule id of the schema with what the bundled variants make of it.

    Attributes:
        rule_id: ``"bottom.multiplier"``; ``section``: ``"bottom"``.
        description: the schema's description without its ``"Rule <id>: "`` prefix.
        value_schema: the schema of ``value`` (``$ref`` not resolved).
        required: whether ``$defs/complete.<game>`` requires it of a playable variant.
        choices: the named options (:func:`named_values`), ``None`` for free-form values.
        uses: the values set by the variants, most used first (ties: page order of the first user).
        missing: ids of the variants without the rule.
        house: values no bundled variant uses, each with its words: ``{value key: {lang: text}}``; a named
            option's words come from :mod:`.value_words`, else from the first example house file (docs/examples)
            that sets it, which also words the values it sets outside the named options.
    """

    rule_id: str
    section: str
    description: str
    value_schema: dict[str, Any]
    required: bool
    choices: tuple[Any, ...] | None
    uses: tuple[Use, ...]
    missing: tuple[str, ...]
    house: dict[str, dict[str, str]] = field(default_factory=dict)

    @property
    def conflict(self) -> bool:
        """True when the variants' values differ, or some variants have the rule and others lack it."""
        return len(self.uses) > 1 or (bool(self.uses) and bool(self.missing))


def schema_rules(schema: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """The ``$defs`` ``rule.*`` entries as ``(rule_id, description, value schema)``, in schema order.

    Raises:
        ValueError: an entry without ``properties.value`` (not a rule item schema).
    """
    out = []
    for name, entry in (schema.get("$defs") or {}).items():
        if not name.startswith(RULE_PREFIX):
            continue
        rule_id = name[len(RULE_PREFIX):]
        value = (entry.get("properties") or {}).get("value")
        if not isinstance(value, dict):
            raise ValueError(f"schema $defs/{name} has no properties.value")
        description = str(entry.get("description", "")).removeprefix(f"Rule {rule_id}:").strip()
        out.append((rule_id, description, value))
    return out


def required_rules(schema: dict[str, Any], game: str) -> set[str]:
    """Rule ids required by the game's rule schema's ``$defs/complete`` (or ``$defs/complete.<game>``; empty when the
    schema has neither)."""
    defs = schema.get("$defs") or {}
    complete = defs.get("complete") or defs.get(f"complete.{game}") or {}
    sections = (((complete.get("properties") or {}).get("rules") or {}).get("properties")) or {}
    return {f"{sec}.{rule}" for sec, node in sections.items() for rule in (node or {}).get("required", [])}


def rule_options(schema: dict[str, Any], game: str, docs: Sequence[VariantDoc],
                 house: Sequence[VariantDoc] = ()) -> list[RuleOption]:
    """Every rule of the schema with its uses: conflicting rules first, each group in playing order
    (the game's :func:`~.rules_html.outline`, then schema order; unknown sections last).

    Args:
        schema: the game's rule schema (``games/<game>/rules.schema.json`` as a mapping).
        game: the game whose required list is read (``"huolong"``).
        docs: the bundled variants of that game, in page order.
        house: example house variants of that game (docs/examples): the wording of a value no bundled variant
            uses is taken from the first of them that sets it.
    """
    required = required_rules(schema, game)
    items = [(doc.id, dict(rule_items(doc.rules))) for doc in docs]
    house_items = [dict(rule_items(doc.rules)) for doc in house]
    options = []
    for rule_id, description, value_schema in schema_rules(schema):
        choices = named_values(value_schema)
        uses, missing = _uses(rule_id, items)
        used = {use.key for use in uses}
        house_texts: dict[str, dict[str, str]] = {}
        for choice in choices or ():
            words = value_words(game, rule_id, choice if isinstance(choice, str) else compact(choice))
            if compact(choice) not in used and words:
                house_texts[compact(choice)] = words
        for found in house_items:
            item = found.get(rule_id)
            key = compact(item.get("value")) if item else None
            if item and key not in used and key not in house_texts:
                house_texts[key] = {lang: str((item.get("text") or {}).get(lang, "")) for lang in LANGS}
        options.append(RuleOption(rule_id, rule_id.split(".")[0], description, value_schema, rule_id in required,
                                  choices, uses, missing, house_texts))

    sections = outline(game)

    def order(option: RuleOption) -> tuple[int, int]:
        sec = option.section
        return (0 if option.conflict else 1, sections.index(sec) if sec in sections else len(sections))

    return sorted(options, key=order)


def named_values(value_schema: dict[str, Any]) -> tuple[Any, ...] | None:
    """The named options of a rule's value schema, in schema order: its ``enum``, its single ``const``, ``true`` and
    ``false`` for a boolean, or the ``enum``/``const`` values among the alternatives of an ``anyOf``/``oneOf``
    (``none`` beside a list or a number); ``None`` for a free-form value."""
    if "enum" in value_schema:
        return tuple(value_schema["enum"])
    if "const" in value_schema:
        return (value_schema["const"],)
    if value_schema.get("type") == "boolean":
        return (True, False)
    named = [value for alternative in value_schema.get("anyOf") or value_schema.get("oneOf") or ()
             if isinstance(alternative, dict)
             for value in (alternative.get("enum") or ([alternative["const"]] if "const" in alternative else []))]
    return tuple(named) or None


def _uses(rule_id: str, items: list[tuple[str, dict[str, Any]]]) -> tuple[tuple[Use, ...], tuple[str, ...]]:
    """The values of ``rule_id`` in ``items`` (``(variant id, {rule id: item})``) and the variants without it."""
    values: dict[str, Any] = {}
    users: dict[str, list[str]] = {}
    texts: dict[str, dict[str, dict[str, list[str]]]] = {}
    missing = []
    for variant_id, found in items:
        item = found.get(rule_id)
        if item is None:
            missing.append(variant_id)
            continue
        key = compact(item.get("value"))
        values.setdefault(key, item.get("value"))
        users.setdefault(key, []).append(variant_id)
        for lang in LANGS:
            text = str((item.get("text") or {}).get(lang, ""))
            texts.setdefault(key, {}).setdefault(lang, {}).setdefault(text, []).append(variant_id)
    keys = sorted(users, key=lambda k: -len(users[k]))  # stable: ties keep the order of the first user
    uses = tuple(Use(values[k], k, tuple(users[k]),
                     {lang: [(tuple(ids), text) for text, ids in texts[k][lang].items()] for lang in LANGS})
                 for k in keys)
    return uses, tuple(missing)


def plays_value(played: Any, value: Any) -> bool:
    """Whether a rule value ``played`` (as a variant sets it) plays the named value ``value`` of the rule: equal, or
    ``value`` is one entry of a mapping (``{must_play: A, win: partner_not_last}`` plays ``partner_not_last``)."""
    if played == value:
        return True
    return isinstance(played, dict) and any(v == value for v in played.values() if not isinstance(v, (dict, list)))


def value_examples(options: Sequence[RuleOption], scenarios: Sequence[Any], rules_of: Any,
                   ) -> dict[tuple[str, str], tuple[Any, dict[str, Any]]]:
    """A worked example of each named value of ``options``: ``{(rule id, value key): (scenario, rules)}``.

    The example is a scenario of the suite (a bundled or a fixture variant's; not a ``replay`` or ``facts`` one)
    that cites the rule and whose variant plays the value (:func:`plays_value`); among them, the first in id order that names the rule first in its
    ``rules``, else the first that names it anywhere. ``rules_of(variant id)`` gives the resolved rules of a
    scenario's variant (``None`` for a variant it does not know). A value no scenario plays has no entry.
    """
    from datong_rules.reference_impl.variant.variant import MISSING, rule_value

    from .examples import SKIP_OPS

    wanted = {(o.rule_id, compact(v)): v for o in options for v in (o.choices or ())}
    found: dict[tuple[str, str], tuple[int, Any, dict[str, Any]]] = {}
    for sc in sorted(scenarios, key=lambda s: s.id):
        rules = rules_of(sc.variant)
        if not rules or sc.op in SKIP_OPS:  # a whole game record, or the summary facts: no worked example
            continue
        for rank, rule_id in enumerate(sc.rules or ()):
            played = rule_value(rules, rule_id, MISSING)
            if played is MISSING:
                continue
            for (rid, key), value in wanted.items():
                if rid != rule_id or not plays_value(played, value):
                    continue
                score = 0 if rank == 0 else 1
                if (rid, key) not in found or score < found[(rid, key)][0]:
                    found[(rid, key)] = (score, sc, rules)
    return {key: (sc, rules) for key, (_, sc, rules) in found.items()}
