"""Stories: what a game's rulebook facet tells as data (the deal of a sample hand, its settlement, …), laid out here.

A game knows its own situations and sentences; this module knows only how to lay a story out, so that the rulebook
names no game. A story is a list of blocks, each a mapping:

* ``{"text": T}``: a paragraph; with ``"cards": [card…]`` the cards are pictured below it;
* ``{"heading": T}``: a sub-heading (``<h3>``);
* ``{"rows": [row, …]}``: a two-column table; a row is ``{"label": T, …}`` with its cell: ``"cards": [card…]``
  (pictured, then ``"text"`` if given), ``"text": T``, ``"plays": [play…]``, ``"parts": [part…]`` (texts, and a
  settlement row's conditions ``{"when": {…}}`` and outcome ``{"then": {…}}`` in words), or ``"key"`` and
  ``"value"``: a value of the scenario's data laid out by the caller's ``value(key, value)`` (its label, when
  ``label`` is left out, the rulebook's name of the key);
* ``{"plays": [play…]}``: plays in order, each under its seat: ``{"seat": n, "cards": [card…], "label"?: T,
  "tag"?: T}`` (a label such as the combination's name under the cards, a tag such as "out" after them),
  ``{"seat": n, "pass": T}`` or ``{"seat": n, "text": T}``;
* ``{"trick": {"title": T, "plays": [play…], "note": T}}``: one trick or round pictured;
* ``{"summary": T}``: tricks or rounds told in short;
* ``{"steps": [{"text": T, "cards"?: [card…]}, …]}``: a numbered list; ``{"items": […]}``: the same, bulleted;
* ``{"line": T, "cards"?: [card…]}``: one line of an answer (:func:`answer_html`).

An answer (:func:`answer_html`) is a story of ``text`` blocks (sentences; two in a row are on two lines) and
``line`` blocks.

A text ``T`` is one of:

* a string or a number: the same in both languages;
* a list of texts: sentences, joined without a space in 中文 and with one in English;
* a value of the kinds below (``{"each": [...]}`` …);
* a mapping ``{"zh": template, "en": template, "with"?: {name: value}}``: the template of the page's language,
  ``{name}`` filled with the value (``{Name}`` with its first letter in upper case). A value is
  ``{"seat": n}`` (the seat's name: 甲 / player A), ``{"team": [seat…]}`` (a team: 甲丙队 / team A–C),
  ``{"suit": letter}`` (♥ 红桃 / ♥ hearts), ``{"card": token}`` (红桃10 / 10 of hearts), ``{"each": [T…]}`` (a list: 甲，乙 / A, B; ``"join"`` may say
  ``list``: 1、2 / 1, 2; ``clauses``: a，b / a; b; ``semicolon``: a；b / a; b; ``space``: a b), a text, or a plain
  value.

A sentence that starts with a value writes it ``{Who}`` to have it start with a capital.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from html import escape
from typing import Any

from .card_svg import card_name, cards_html, suit_label
from .labels import KEY_LABELS, SEAT_NAMES, label, seat_name
from .rules_html import condition_html, outcome_html

TEAM = {"zh": "{names}队", "en": "team {names}"}
"""A team named by its seats' letters: 甲丙队, team A–C."""

_JOIN = {"sentences": {"zh": "", "en": " "}, "each": {"zh": "，", "en": ", "}, "list": {"zh": "、", "en": ", "},
         "clauses": {"zh": "，", "en": "; "}, "semicolon": {"zh": "；", "en": "; "}, "space": {"zh": " ", "en": " "},
         "team": {"zh": "", "en": "–"}}

Value = Callable[[str, Any], str]
"""``value(key, value) -> HTML``: how the caller lays out a value of its data (a row ``{"key", "value"}``)."""


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
    if isinstance(value, Mapping) and "suit" in value:
        return suit_label(value["suit"], lang)
    if isinstance(value, Mapping) and "card" in value:
        return card_name(value["card"], lang)
    if isinstance(value, Mapping) and "each" in value:
        return _JOIN[value.get("join", "each")][lang].join(_text(v, lang) for v in value["each"])
    if isinstance(value, Mapping | list):
        return _text(value, lang)
    return str(value)


def _text(t: Any, lang: str, extra: Mapping[str, Any] | None = None) -> str:
    if isinstance(t, Mapping) and not {"seat", "team", "suit", "card", "each"}.isdisjoint(t):
        return _value(t, lang)
    if isinstance(t, list):
        return _JOIN["sentences"][lang].join(_text(x, lang, extra) for x in t)
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
    return _text(t, lang, extra)


def _cards(block: Mapping[str, Any], lang: str) -> str:
    """A block's ``cards`` as pictures; its ``wilds`` (tokens) and ``wild_at`` (positions) marked as wild cards."""
    if block.get("cards") is None:
        return ""
    return cards_html(list(block["cards"]), lang, wilds=block.get("wilds", ()), wild_at=block.get("wild_at", ()))


def _play_html(p: Mapping[str, Any], lang: str) -> str:
    if "pass" in p:
        body = f'<span class="pass">{escape(text(p["pass"], lang))}</span>'
    elif "cards" in p:
        body = (_cards(p, lang) + (f'<span class="play-label">{escape(text(p["label"], lang))}</span>' if "label" in p else "")
                + (f' <span class="out-tag">{escape(text(p["tag"], lang))}</span>' if "tag" in p else ""))
    else:
        body = escape(text(p["text"], lang))
    return f'<span class="play"><span class="play-who">{escape(seat_name(p["seat"], lang))}</span>{body}</span>'


def plays_html(plays: Iterable[Mapping[str, Any]], lang: str) -> str:
    """Plays in order, each under its seat's name: ``<div class="plays">…</div>``."""
    return f'<div class="plays">{"".join(_play_html(p, lang) for p in plays)}</div>'


def _part(part: Any, lang: str) -> str:
    if isinstance(part, Mapping) and "when" in part:
        return condition_html(dict(part["when"]), lang)
    if isinstance(part, Mapping) and "then" in part:
        return outcome_html(dict(part["then"]), lang)
    return escape(text(part, lang))


def _cell(row: Mapping[str, Any], lang: str, value: Value | None) -> str:
    if "plays" in row:
        return plays_html(row["plays"], lang)
    if "parts" in row:
        return "".join(_part(part, lang) for part in row["parts"])
    if "value" in row:
        if value is None:
            raise ValueError(f"a row with a value of key {row.get('key')!r} and no way to lay it out")
        return value(str(row["key"]), row["value"])
    html = _cards(row, lang) if "cards" in row else ""
    return html + (escape(text(row["text"], lang)) if "text" in row else "")


def _label(row: Mapping[str, Any], lang: str) -> str:
    return text(row["label"], lang) if "label" in row else label(KEY_LABELS, str(row["key"]), lang)


def block_html(block: Mapping[str, Any], lang: str, table_class: str = "kv", value: Value | None = None) -> str:
    """One block of a story as HTML (see the module for the kinds); ``value`` lays out a row's data value.

    Raises:
        ValueError: the block is of no known kind, or a row holds a data value and ``value`` is not given.
    """
    if "heading" in block:
        return f"<h3>{escape(text(block['heading'], lang))}</h3>"
    if "rows" in block:
        rows = "".join(f"<tr><th>{escape(_label(row, lang))}</th><td>{_cell(row, lang, value)}</td></tr>"
                       for row in block["rows"])
        return f'<table class="{table_class}">{rows}</table>'
    if "plays" in block:
        return plays_html(block["plays"], lang)
    if "trick" in block:
        trick = block["trick"]
        return (f'<div class="trick"><p class="trick-head">{escape(text(trick["title"], lang))}</p>'
                f'{plays_html(trick["plays"], lang)}<p>{escape(text(trick["note"], lang))}</p></div>')
    if "summary" in block:
        return f'<p class="trick-summary">{escape(text(block["summary"], lang))}</p>'
    if "steps" in block or "items" in block:
        items = "".join(f"<li>{escape(text(step['text'], lang))} {_cards(step, lang)}</li>"
                        for step in block.get("steps", block.get("items")))
        return f'<ol class="flow">{items}</ol>' if "steps" in block else f"<ul>{items}</ul>"
    if "line" in block:
        cards = f" {_cards(block, lang)}" if block.get("cards") is not None else ""
        return f'<span class="answer-line">{escape(text(block["line"], lang))}{cards}</span>'
    if "text" in block:
        para = f"<p>{escape(text(block['text'], lang))}</p>"
        return para + (f"<p>{_cards(block, lang)}</p>" if "cards" in block else "")
    raise ValueError(f"a story block of no known kind: keys {sorted(block)} (expected text, heading, rows, plays, "
                     "trick, summary, steps, items or line)")


def story_html(blocks: Iterable[Mapping[str, Any]], lang: str, table_class: str = "kv",
               value: Value | None = None) -> list[str]:
    """Every block of a story as HTML, in order (:func:`block_html`)."""
    return [block_html(block, lang, table_class, value) for block in blocks]


def answer_html(blocks: Iterable[Mapping[str, Any]], lang: str) -> str:
    """An answer told as a story, inline (it stands in a paragraph): ``text`` blocks as escaped sentences, two in a
    row separated by a line break; ``line`` blocks as lines of their own (:func:`block_html`); other blocks as
    :func:`block_html` lays them out."""
    out: list[str] = []
    after_text = False
    for block in blocks:
        is_text = "text" in block and "cards" not in block and len(block) == 1
        if is_text:
            out.append(("<br>" if after_text else "") + escape(text(block["text"], lang)))
        else:
            out.append(block_html(block, lang))
        after_text = is_text
    return "".join(out)
