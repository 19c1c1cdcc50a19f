"""The options reference page for rule keepers, one per game and language (``rulebooks/<game>/options.md``, English ``options.en.md``).

Each rule of the schema is a block anchored at ``#opt-<rule_id>``: the rule id, what it decides, what the kit
accepts, and a row per value (every named option, used or not) with the variants that use it and their text.
The options where the sources differ come first, marked ``class="option differs"``. What it decides is the
schema's description; on the 中文 page it is the rule's 中文 text from the variants when they agree (the schema
description follows in small print). Labels only come from :mod:`.labels`; all other text is data, escaped.
"""

from __future__ import annotations

import json

from collections.abc import Sequence
from html import escape
from typing import Any

import yaml

from .game_data import facet_data, section_title
from .labels import DEF_LABELS, LANGS, UI, VALUE_KINDS, in_brackets, label
from .options import RuleOption, Use, rule_options
from .pages import VariantDoc, game_name, options_path, options_title, page_path, rel, url
from .player_page import lang_switch
from .paths import rules_path
from .rules_html import compact
from .value_words import value_example

IDENTIFIER = "^[a-z][a-z0-9_]*$"
"""The pattern of a snake_case name (the schemas' ``identifier``)."""
SHORT_VALUE = 24
"""Values longer than this many characters may wrap in the value column."""
MAX_CHIPS = 8
"""A referenced enum with more values than this is shown as its first two values, "…" and its last."""


def options_page(game: str, docs: Sequence[VariantDoc], schema: dict[str, Any], lang: str,
                 house: Sequence[VariantDoc] = (), examples: dict[tuple[str, str], tuple[Any, dict[str, Any]]] | None = None,
                 ) -> str:
    """The options reference of one game in one language, as Markdown.

    Args:
        game: ``"huolong"``; its required list is ``$defs/complete`` of ``schema``.
        docs: the game's bundled variants, in page order.
        schema: the game's rule schema (``spec/schema/games/<game>/rules.schema.json`` as a mapping).
        lang: ``"zh"`` or ``"en"``.
        house: the game's example house variants (docs/examples): they word the house options they set.
        examples: a worked example of each named value, ``{(rule id, value key): (scenario, rules)}``
            (:func:`.options.value_examples`), shown folded under the value's words.

    Raises:
        ValueError: a ``rule.*`` entry of the schema without ``properties.value``.
    """
    here = options_path(game, lang)
    other = LANGS[1 - LANGS.index(lang)]
    options = rule_options(schema, game, docs, house)
    names = {d.id: short_name(d, lang) for d in docs}
    differ = [o for o in options if o.conflict]
    agreed = [o for o in options if not o.conflict]
    links = "\n".join(f"- [{d.name.get(lang, d.id)}]({rel(page_path(d.id, lang), here)})" for d in docs)
    stats = UI["options_stats"][lang].format(n=len(options), k=len(differ), r=sum(o.required for o in options),
                                             game=escape(game))
    out = [f"# {options_title(game, lang)}\n\n",
           lang_switch(options_path(game, other), here, lang),
           f"<p>{UI['options_intro'][lang]}</p>\n\n<p>{stats}</p>\n\n{links}\n\n",
           UI["options_how"][lang].format(href=rel("rule-keepers.md", here)) + "\n\n"]
    if differ:
        glance = " ".join(f'<a href="#opt-{escape(o.rule_id)}"><code>{escape(o.rule_id)}</code></a>' for o in differ)
        out.append(f"## {UI['options_differ'][lang]} {{#differ}}\n\n"
                   f'<p>{UI["options_differ_intro"][lang]}</p>\n\n<p class="glance">{glance}</p>\n\n')
        out.extend(option_html(o, names, here, schema, lang, game, examples) + "\n\n" for o in differ)
    if agreed:
        out.append(f"## {UI['options_agreed'][lang]} {{#agreed}}\n\n<p>{UI['options_agreed_intro'][lang]}</p>\n\n")
        section = None
        for option in agreed:
            if option.section != section:
                section = option.section
                out.append(f"### {escape(section_title(game, section, lang), quote=False)} {{#agreed-{section}}}\n\n")
            out.append(option_html(option, names, here, schema, lang, game, examples) + "\n\n")
    return "".join(out)


def short_name(doc: VariantDoc, lang: str) -> str:
    """The variant's name without the game's name in front: ``攉龙 · 李志江本`` → ``李志江本``."""
    name = doc.name.get(lang, doc.id)
    return name.removeprefix(f"{game_name(doc.game, lang)} · ")


def option_html(option: RuleOption, names: dict[str, str], here: str, schema: dict[str, Any], lang: str,
                game: str | None = None, examples: dict[tuple[str, str], tuple[Any, dict[str, Any]]] | None = None,
                ) -> str:
    """One rule's block, on one line: head, what it decides, schema note, accepts, the values (each named value
    with its worked example from ``examples`` folded under its words).

    Args:
        names: variant id → the name shown (:func:`short_name`).
        here: docs path of the page (for relative links to the rulebooks).
        game: the game, whose rulebook facet may title its own sections.
        examples: see :func:`options_page`.
    """
    rid = escape(option.rule_id)
    tag = (f'<span class="diff-tag">≠ {UI["differs"][lang]}</span>' if option.conflict
           else f'<span class="same-tag">= {UI["same_in_all"][lang]}</span>' if option.uses else "")
    req = "" if option.required else f'<span class="req-tag">{UI["optional"][lang]}</span>'
    section = (f'<span class="option-section">{escape(section_title(game, option.section, lang))}</span> '
               if option.conflict else "")  # the others stand under their section's heading
    head = (f'<p class="option-head"><a class="rule-id" href="#opt-{rid}"><code>{rid}</code></a> {tag} '
            f"{section}{req}</p>")
    decides = decides_text(option, lang)
    # The schema's descriptions are English: the English page shows them; the 中文 page, where every sentence is
    # Chinese, shows the variants' own 中文 texts instead (and links the English page).
    schema_note = str(option.value_schema.get("description", "")) if lang == "en" else ""
    note = (f'<p class="option-schema" lang="en"><span class="prov-label">{UI["schema_text"][lang]}</span> '
            f"{escape(schema_note)}</p>" if schema_note else "")
    accepts = (f'<p class="option-accepts"><span class="prov-label">{UI["accepts"][lang]}</span> '
               f"{accepts_html(option.value_schema, schema, lang)}</p>")
    rows = value_rows(option, names, here, decides, lang)
    folded = ""
    if examples is not None and game:  # below the values, at the page's width (a phone lays them out)
        folded = "".join(value_example_html(choice, examples.get((option.rule_id, compact(choice)))
                                            or value_example(game, option.rule_id, flow(choice)) or None, lang)
                         for choice in option.choices or ())
    if len(rows) == 1:
        value, users, text, _ = rows[0]
        values = (f'<p class="option-value"><span class="prov-label">{UI["value"][lang]}</span> {value} · '
                  f"{users}{f'<br>{text}' if text else ''}</p>")
    else:
        body = "".join(f'<tr class="{css}"><td>{v}</td><td>{u}</td><td>{t}</td></tr>' for v, u, t, css in rows)
        values = (f'<table class="options"><thead><tr><th>{UI["value"][lang]}</th><th>{UI["used_by"][lang]}</th>'
                  f'<th>{UI["meaning"][lang]}</th></tr></thead><tbody>{body}</tbody></table>')
    css = "option differs" if option.conflict else "option"
    return (f'<div class="{css}" id="opt-{rid}">{head}<p class="option-decides">{escape(decides)}</p>'
            f"{note}{accepts}{values}{field_values_html(game, option.rule_id, lang)}{folded}</div>")


def field_values_html(game: str | None, rule_id: str, lang: str) -> str:
    """The named values of the fields inside a rule's value (a catalogue entry's ``pair``, ``match.end``'s ``at``),
    as the game's rulebook facet words them (``FIELD_VALUES``): a table of field, value and meaning; empty when the
    facet names none for the rule."""
    fields = facet_data(game, "FIELD_VALUES", {}).get(rule_id, {}) if game else {}
    rows = "".join(f'<tr><td><code>{escape(field)}</code></td><td><code>{escape(value)}</code></td>'
                   f"<td>{escape(words[lang])}</td></tr>"
                   for field, values in fields.items() for value, words in values.items())
    if not rows:
        return ""
    return (f'<table class="options field-values"><caption>{UI["field_values"][lang]}</caption><thead><tr>'
            f'<th>{UI["field"][lang]}</th><th>{UI["value"][lang]}</th><th>{UI["field_meaning"][lang]}</th></tr>'
            f"</thead><tbody>{rows}</tbody></table>")


def value_example_html(value: Any, example: tuple[Any, dict[str, Any]] | dict[str, str] | None, lang: str) -> str:
    """The worked example of one named ``value``, folded under a summary naming the value (``<details
    class="value-example" data-value="…">``): a scenario with its variant's rules laid out as a teaching example, or
    an example in words (``{zh, en}``, spec/value-words.yaml); empty without one."""
    if not example:
        return ""
    from .answers import example_block

    if isinstance(example, dict):
        body = f"<p>{escape(example[lang])}</p>"
    else:
        scenario, rules = example
        body = example_block(scenario, 1, lang, rules)
    return (f'<details class="value-example" data-value="{escape(compact(value))}"><summary>'
            f'{escape(UI["value_example"][lang])} {value_html(value)}</summary>{body}</details>')


def decides_text(option: RuleOption, lang: str) -> str:
    """What the rule decides: the schema description in English; in 中文 the variants' text when they agree,
    a label when they differ, the schema description when no variant has the rule."""
    if lang == "en" or not option.uses:
        return option.description
    if option.conflict:
        return UI["decides_differ"][lang]
    return option.uses[0].texts[lang][0][1]


def value_rows(option: RuleOption, names: dict[str, str], here: str, decides: str,
               lang: str) -> list[tuple[str, str, str, str]]:
    """The value rows as ``(value, used by, text, css class)`` HTML cells: every named option in schema order
    (a value no variant uses is a house option), else every value used; then the variants without the rule."""
    by_key = {use.key: use for use in option.uses}
    rows = []
    house = dict(option.house)
    for choice in option.choices or ():
        use = by_key.pop(compact(choice), None)
        if use is None:
            text = house.pop(compact(choice), {}).get(lang, "")
            rows.append((value_html(choice), "—", _house_cell(text, lang), "house"))
        else:
            rows.append(_used_row(option, use, names, here, decides, lang))
    rows.extend(_used_row(option, use, names, here, decides, lang) for use in by_key.values())
    rows.extend((value_html(json.loads(key)), "—", _house_cell(texts.get(lang, ""), lang), "house")
                for key, texts in house.items())  # values outside the named choices (compact JSON keys)
    if option.missing:
        rows.append((f'<span class="absent">{UI["absent"][lang]}</span>',
                     _links(option.rule_id, option.missing, names, here, lang), "", "missing"))
    if not rows:
        rows.append(("—", f'<em class="absent">{UI["unset"][lang]}</em>', "", "unset"))
    return rows


def _house_cell(text: str, lang: str) -> str:
    """The meaning cell of a value no bundled variant uses: the house-option label, then the wording of the example
    house file that sets it (docs/examples), if one does."""
    label_html = f'<em class="house">{UI["house_option"][lang]}</em>'
    return f"{label_html}<br>{escape(text)}" if text else label_html


def _used_row(option: RuleOption, use: Use, names: dict[str, str], here: str, decides: str,
              lang: str) -> tuple[str, str, str, str]:
    texts = use.texts[lang] if option.conflict else use.texts[lang][:1]
    texts = [(ids, text) for ids, text in texts if text and text != decides]
    sep = "：" if lang == "zh" else ": "
    if len(texts) > 1:
        shown = "<br>".join(f'<span class="who">{escape(UI["list_sep"][lang].join(names[i] for i in ids))}'
                            f"{sep}</span>{escape(text)}" for ids, text in texts)
    else:
        shown = "".join(escape(text) for _, text in texts)
    return value_html(use.value), _links(option.rule_id, use.variants, names, here, lang), shown, "used"


def _links(rule_id: str, variant_ids: Sequence[str], names: dict[str, str], here: str, lang: str) -> str:
    return UI["list_sep"][lang].join(
        f'<a href="{escape(url(rules_path(v, lang), here))}#r-{escape(rule_id)}">{escape(names.get(v, v))}</a>'
        for v in variant_ids)


def value_html(value: Any) -> str:
    """A value as inline code, as written in YAML (:func:`flow`). A list of named entries (shows,
    combinations, settlement rows) is shown by its names, ``[shutout, banker_wins]``, the whole value in
    the ``title``; a value longer than :data:`SHORT_VALUE` characters may wrap (``class="long-value"``)."""
    if isinstance(value, list) and value and all(isinstance(v, dict) and "name" in v for v in value):
        names = ", ".join(str(v["name"]) for v in value)
        return f'<code class="long-value" title="{escape(compact(value))}">[{escape(names)}]</code>'
    text = flow(value)
    css = ' class="long-value"' if len(text) > SHORT_VALUE else ""
    return f"<code{css}>{escape(text)}</code>"


def flow(value: Any) -> str:
    """A value in YAML flow style, as a rule keeper writes it: ``hand``, ``2``, ``null``, ``[3, 3, 3]``,
    ``{ranks: [A], jumps_stop: true}``."""
    if isinstance(value, (list, dict)):
        return yaml.safe_dump(value, default_flow_style=True, width=10**6, sort_keys=False, allow_unicode=True).strip()
    return value if isinstance(value, str) else compact(value)


def accepts_html(node: dict[str, Any], schema: dict[str, Any], lang: str) -> str:
    """What a value schema accepts, in words (HTML): ``a whole number ≥ 1``, ``a list, each item a rank (…)``.

    Handles local ``$ref`` (a definition named in :data:`~.labels.DEF_LABELS` is called by that name, followed
    by its values, its keys or its range), ``enum``, ``const``, ``anyOf`` / ``oneOf`` of such shapes (one or the
    other), ``type`` integer / boolean / null (alone, or beside another type), a string (with a ``pattern``: a
    snake_case name, or text matching it), arrays and objects; anything else is shown as its compact JSON (a test
    keeps the bundled schemas from reaching that case).
    """
    if "$ref" in node:
        return _ref_html(str(node["$ref"]), schema, lang)
    if "enum" in node:
        return VALUE_KINDS["one_of"][lang].format(values=_chips(node["enum"]))
    if "const" in node:
        return VALUE_KINDS["only"][lang].format(value=_chips([node["const"]]))
    choices = node.get("anyOf") or node.get("oneOf")
    if isinstance(choices, list) and len(choices) >= 2 and "type" not in node:  # one shape or another
        return _either_html(choices, schema, lang)
    types = node.get("type")
    types = [types] if isinstance(types, str) else list(types or [])
    null = VALUE_KINDS["or_null"][lang] if "null" in types else ""
    if "integer" in types and "object" in types:  # a number, or a mapping (bottom.multiplier by last-trick size)
        number = accepts_html({**node, "type": "integer"}, schema, lang)
        mapping = accepts_html({**node, "type": "object"}, schema, lang)
        return VALUE_KINDS["either"][lang].format(first=number, second=mapping) + null
    if "integer" in types:
        return VALUE_KINDS["integer"][lang] + _range(node.get("minimum"), node.get("maximum")) + null
    if types == ["string"] and "pattern" in node:  # a name, or a token such as a card
        return _string_html(str(node["pattern"]), lang)
    if types == ["string"]:
        return VALUE_KINDS["any_text"][lang]
    if types == ["null"]:
        return VALUE_KINDS["null"][lang]
    if "boolean" in types:
        return VALUE_KINDS["boolean"][lang] + null
    if "array" in types:
        least = VALUE_KINDS["at_least"][lang].format(n=node["minItems"]) if node.get("minItems") else ""
        return VALUE_KINDS["list_of"][lang].format(item=accepts_html(node.get("items") or {}, schema, lang)) + least
    if "object" in types:
        return _mapping_html(node, schema, lang) + ("" if node.get("patternProperties") and not node.get("properties")
                                                    else null)
    return f"<code>{escape(compact(node))}</code>"


def _either_html(choices: list[Any], schema: dict[str, Any], lang: str) -> str:
    """Shapes of which a value takes one: ``A; or B; or C``."""
    worded = [accepts_html(choice, schema, lang) for choice in choices]
    out = worded[-1]
    for first in reversed(worded[:-1]):
        out = VALUE_KINDS["either"][lang].format(first=first, second=out)
    return out


def _string_html(pattern: str, lang: str) -> str:
    """A string of ``pattern``: a snake_case name by its label, any other as text matching the pattern."""
    if pattern == IDENTIFIER:
        return escape(label(DEF_LABELS, "identifier", lang))
    return VALUE_KINDS["text"][lang].format(pattern=escape(pattern))


def _ref_html(ref: str, schema: dict[str, Any], lang: str) -> str:
    """A ``$ref`` to a definition: by its name in :data:`~.labels.DEF_LABELS` with its values, keys or range; an
    unnamed one as what it accepts."""
    name = ref.rsplit("/", 1)[-1]
    target = (schema.get("$defs") or {}).get(name, {})
    if name not in DEF_LABELS:
        return accepts_html(target, schema, lang)
    if "enum" in target:
        detail = _chips(target["enum"], MAX_CHIPS)
    elif target.get("properties"):
        detail = "{" + _chips(list(target["properties"])) + "}"
    else:
        detail = accepts_html({k: v for k, v in target.items() if k != "description"}, schema, lang)
    return f"{escape(label(DEF_LABELS, name, lang))}{in_brackets(detail, lang)}"


def _mapping_html(node: dict[str, Any], schema: dict[str, Any], lang: str) -> str:
    """A mapping: keys matching a pattern, each the same; or its keys, each with what it accepts."""
    if not node.get("properties") and node.get("patternProperties"):
        (pattern, sub), = list(node["patternProperties"].items())[:1]
        return VALUE_KINDS["map_pattern"][lang].format(pattern=escape(pattern), each=accepts_html(sub, schema, lang))
    props = node.get("properties") or {}
    described = {key: accepts_html(sub, schema, lang) for key, sub in props.items()}
    if len(props) > 2 and len(set(described.values())) == 1:
        return VALUE_KINDS["map_each"][lang].format(keys=_chips(list(props), MAX_CHIPS),
                                                    each=next(iter(described.values())))
    sep = "；" if lang == "zh" else "; "
    return VALUE_KINDS["map"][lang].format(fields=sep.join(f"<code>{escape(k)}</code> {v}"
                                                           for k, v in described.items()))


def _chips(values: Sequence[Any], limit: int | None = None) -> str:
    shown = [f"<code>{escape(v if isinstance(v, str) else compact(v))}</code>" for v in values]
    if limit is not None and len(shown) > limit:
        shown = [shown[0], shown[1], "…", shown[-1]]
    return ", ".join(shown)


def _range(low: Any, high: Any) -> str:
    if low is not None and high is not None:
        return f" {low}–{high}"
    if low is not None:
        return f" ≥ {low}"
    return f" ≤ {high}" if high is not None else ""

