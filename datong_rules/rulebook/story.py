"""Stories: what a game's rulebook facet tells as data (the deal of a sample hand, its settlement, …), laid out here.

A game knows its own situations and sentences; this module knows only how to lay a story out, so that the rulebook
names no game. A story is a list of blocks, each a mapping:

* ``{"text": T}``: a paragraph; with ``"cards": [card…]`` the cards are pictured below it;
* ``{"heading": T}``: a sub-heading (``<h3>``);
* ``{"rows": [{"label": T, "text": T} | {"label": T, "cards": [card…]}, …]}``: a two-column table;
* ``{"steps": [{"text": T, "cards"?: [card…]}, …]}``: a numbered list.

A text ``T`` is one of:

* a string or a number: the same in both languages;
* a list of texts: sentences, joined without a space in 中文 and with one in English;
* a value of the kinds below (``{"each": [...]}`` …);
* a mapping ``{"zh": template, "en": template, "with"?: {name: value}}``: the template of the page's language,
  ``{name}`` filled with the value (``{Name}`` with its first letter in upper case). A value is
  ``{"seat": n}`` (the seat's name: 甲 / player A), ``{"team": [seat…]}`` (a team: 甲丙队 / team A–C),
  ``{"each": [T…]}`` (a list: 甲、乙 / A, B), a text, or a plain value.

The whole text starts with a capital in English.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

from .card_svg import cards_html
from .labels import SEAT_NAMES, seat_name

TEAM = {"zh": "{names}队", "en": "team {names}"}
"""A team named by its seats' letters: 甲丙队, team A–C."""

_JOIN = {"sentences": {"zh": "", "en": " "}, "each": {"zh": "，", "en": ", "}, "team": {"zh": "", "en": "–"}}


def cap(text: str) -> str:
    """``text`` with its first letter in upper case (Chinese is unchanged)."""
    return text[:1].upper() + text[1:]


def team_name(seats: Iterable[int], lang: str) -> str:
    """``甲丙队`` / ``team A–C`` for seats 0 and 2."""
    names = SEAT_NAMES[lang]
    return TEAM[lang].format(names=_JOIN["team"][lang].join(names[s] for s in seats))


def _value(value: Any, lang: str) -> str:
    if isinstance(value, Mapping) and "seat" in value:
        return seat_name(value["seat"], lang)
    if isinstance(value, Mapping) and "team" in value:
        return team_name(value["team"], lang)
    if isinstance(value, Mapping) and "each" in value:
        return _JOIN["each"][lang].join(_text(v, lang) for v in value["each"])
    if isinstance(value, Mapping | list):
        return _text(value, lang)
    return str(value)


def _text(t: Any, lang: str, extra: Mapping[str, Any] | None = None) -> str:
    if isinstance(t, Mapping) and not {"seat", "team", "each"}.isdisjoint(t):
        return _value(t, lang)
    if isinstance(t, list):
        return _JOIN["sentences"][lang].join(cap(_text(x, lang, extra)) if lang == "en" else _text(x, lang, extra)
                                             for x in t)
    if not isinstance(t, Mapping):
        return str(t)
    values: dict[str, str] = {}
    for key, value in {**(t.get("with") or {}), **(extra or {})}.items():
        values[key] = _value(value, lang)
        values[cap(key)] = cap(values[key])
    return str(t[lang]).format(**values)


def text(t: Any, lang: str, **extra: Any) -> str:
    """The text ``t`` (see the module) in ``lang``, plain (not escaped); ``extra`` fills templates as ``with`` does.

    Raises:
        KeyError: a template names a value that is not given.
    """
    out = _text(t, lang, extra)
    return cap(out) if lang == "en" else out


def _cards(block: Mapping[str, Any], lang: str) -> str:
    return cards_html(list(block["cards"]), lang) if block.get("cards") is not None else ""


def block_html(block: Mapping[str, Any], lang: str, table_class: str = "kv") -> str:
    """One block of a story as HTML (see the module for the kinds).

    Raises:
        ValueError: the block is of no known kind.
    """
    if "heading" in block:
        return f"<h3>{escape(text(block['heading'], lang))}</h3>"
    if "rows" in block:
        rows = "".join(f"<tr><th>{escape(text(row['label'], lang))}</th><td>"
                       + (_cards(row, lang) if "cards" in row else escape(text(row['text'], lang))) + "</td></tr>"
                       for row in block["rows"])
        return f'<table class="{table_class}">{rows}</table>'
    if "steps" in block:
        items = "".join(f"<li>{escape(text(step['text'], lang))} {_cards(step, lang)}</li>" for step in block["steps"])
        return f'<ol class="flow">{items}</ol>'
    if "text" in block:
        para = f"<p>{escape(text(block['text'], lang))}</p>"
        return para + (f"<p>{_cards(block, lang)}</p>" if "cards" in block else "")
    raise ValueError(f"a story block of no known kind: keys {sorted(block)} (expected text, heading, rows or steps)")


def story_html(blocks: Iterable[Mapping[str, Any]], lang: str, table_class: str = "kv") -> list[str]:
    """Every block of a story as HTML, in order (:func:`block_html`)."""
    return [block_html(block, lang, table_class) for block in blocks]
