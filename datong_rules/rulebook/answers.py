"""Teaching examples for players: a scenario of the suite shown as a small story with pictured cards and its
answer said in words (never an answer code), in the page's language.

What the situation and the answer mean is the game's to tell: its rulebook facet's ``example_story(scenario,
rules)`` gives them as stories (:mod:`.story`), ``{"given": blocks | None, "answer": blocks | None}``. Where it gives
none (or the game has no such function), every key of the scenario's ``given`` is laid out in a table and the answer
is listed key by key. An example whose cards are fewer than a real hand is labelled as a simplified deal.
"""

from __future__ import annotations

from html import escape
from typing import Any

from datong_rules.reference_impl.table import Table

from .examples import ScenarioLike, value_html
from .game_data import rulebook_facet
from .labels import KEY_LABELS, UI, label
from .story import answer_html, story_html

TOY_KEYS = ("deal", "hand", "bottom")
"""Given keys holding a part of a deal: an example with them is a simplified (toy) deal."""


def example_story(sc: ScenarioLike, rules: dict[str, Any] | None) -> dict[str, Any]:
    """What the game of the scenario's variant tells of it (its facet's ``example_story``), or ``{}``."""
    facet = rulebook_facet(str(sc.variant).split("/")[0])
    tell = getattr(facet, "example_story", None) if facet is not None else None
    return dict(tell(sc, rules) or {}) if tell is not None else {}


def answer_words(sc: ScenarioLike, lang: str, story: dict[str, Any] | None = None) -> str:
    """The scenario's expected answer in sentences (HTML): the game's story of it (``story``, default
    :func:`example_story` without rules), else each key of ``expect`` with its value."""
    told = (story if story is not None else example_story(sc, None)).get("answer")
    if told is not None:
        return answer_html(told, lang)
    return escape(", ".join(f"{label(KEY_LABELS, k, lang)}: {v}" for k, v in sc.expect.items()))


def given_html(sc: ScenarioLike, lang: str, table: Table | None, story: dict[str, Any] | None = None) -> str:
    """The scenario's situation (HTML): the game's story of it, else a table of every key of ``given``."""
    value = (lambda key, v: value_html(key, v, lang, sc.given, table))  # noqa: E731 - one line
    told = (story or {}).get("given")
    if told is not None:
        return "".join(story_html(told, lang, value=value))
    rows = "".join(f"<tr><th>{escape(label(KEY_LABELS, key, lang))}</th><td>{value(key, v)}</td></tr>"
                   for key, v in sc.given.items())
    return f'<table class="kv">{rows}</table>'


def _table(rules: dict[str, Any] | None) -> Table | None:
    try:
        return Table.from_rules(rules or {})
    except ValueError:
        return None


def example_block(sc: ScenarioLike, number: int, lang: str, rules: dict[str, Any] | None = None) -> str:
    """One teaching example: title (the scenario's description), the simplified-deal label where it applies,
    the situation pictured, and the answer in words."""
    desc = escape(str(sc.description.get(lang) or ""))
    hand_size = (((rules or {}).get("deal") or {}).get("hand_size") or {}).get("value", "?")
    toy = any(k in sc.given for k in TOY_KEYS)
    if toy and isinstance(hand_size, int) and set(sc.given) & set(TOY_KEYS) == {"hand"}:
        toy = len(sc.given["hand"]) < hand_size  # a whole hand is no simplified deal
    tag = f'<p class="toy-label">{escape(UI["toy_deal"][lang].format(n=hand_size))}</p>' if toy else ""
    story = example_story(sc, rules)
    return (f'<div class="example teaching" id="ex-{escape(sc.id)}">'
            f'<p class="example-title"><strong>{UI["example"][lang]} {number}</strong> {desc}</p>{tag}'
            f'{given_html(sc, lang, _table(rules), story)}'
            f'<p class="answer"><span class="prov-label">{UI["answer"][lang]}</span> '
            f'{answer_words(sc, lang, story)}</p></div>')
