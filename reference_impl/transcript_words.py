"""The words every game's transcript (``datong-rules play``) shares, in 中文 and English, and how a transcript says a
sentence in the language of the command.

A transcript module keeps its own sentences as ``{key: {"zh": template, "en": template}}`` (``{name}`` fields, the
same in both languages) and says them with :func:`say`; the seats, the passes, the list separators and the word
for the hand's end are here, so that the three games name them alike. The English templates are the transcript's
historical wording (tests pin it byte for byte); the 中文 ones use the glossary's terms and the words the table and
the rulebooks already use (``{n}号座位`` as the simulate measures name a seat).

The engine knows no command line: the language is passed in by the caller (``"zh"`` or ``"en"``, as
:data:`LANGS`); the command picks it (``datong_rules.cli.messages.current``). When it is given no ``--lang``,
the environment's choice is :func:`environment_lang`, kept here so that a tool outside the CLI (the mutation check,
``python -m datong_rules.conformance.mutation``) chooses exactly as the CLI does.
"""

from __future__ import annotations

import os
from typing import Any

LANGS = ("zh", "en")
"""The transcript's languages (the rulebooks' and the command's)."""

ENV = "DATONG_RULES_LANG"
"""The environment variable naming the language of a command's words (``zh`` or ``en``)."""


def environment_lang() -> str:
    """The language the environment asks for, when a command is given no ``--lang``: ``DATONG_RULES_LANG`` if it
    names one of :data:`LANGS`, else the locale (the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set:
    ``zh…`` is ``"zh"``, anything else ``"en"``), else ``"en"``."""
    named = os.environ.get(ENV, "").strip().lower()
    if named in LANGS:
        return named
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"

Words = dict[str, dict[str, str]]
"""A transcript's sentences: key → ``{"zh": template, "en": template}``."""

SHARED: Words = {
    "seat": {"zh": "{n}号座位", "en": "seat {n}"},
    "seats_two": {"zh": "{a}号和{b}号座位", "en": "seats {a} and {b}"},
    "pass": {"zh": "过", "en": "pass"},
    "play": {"zh": "{seat}：{cards}", "en": "{seat}: {cards}"},
    "named": {"zh": "{text}（{name}）", "en": "{text} ({name})"},
    "dealt": {"zh": "  {seat}：{cards}", "en": "  {seat}: {cards}"},
    "hand_over": {"zh": " → 这一局结束", "en": " → hand over"},
    "list": {"zh": "，", "en": ", "},
    "clauses": {"zh": "；", "en": "; "},
    "and": {"zh": "和", "en": " and "},
}
"""Words all transcripts use: a seat (``{n}``), a pass, a play (``{seat}``: its number, ``{cards}``), a play with
its combination's name, a hand dealt, the hand's end, list and clause separators."""


def say(words: Words, key: str, lang: str, /, **values: Any) -> str:
    """The sentence ``key`` of ``words`` in ``lang`` (``"zh"`` or ``"en"``), its ``{name}`` fields filled.

    Raises:
        KeyError: ``key`` is not in ``words`` or ``lang`` is not one of :data:`LANGS` (a bug of the caller).
    """
    template = words[key][lang]
    return template.format(**values) if values else template


def seat(n: int | str, lang: str) -> str:
    """``seat 2`` / ``2号座位``."""
    return say(SHARED, "seat", lang, n=n)


def joined(items: list[str], lang: str, how: str = "list") -> str:
    """``items`` joined as a list (``, `` / ``，``), or as clauses (``how="clauses"``: ``; `` / ``；``)."""
    return SHARED[how][lang].join(items)
