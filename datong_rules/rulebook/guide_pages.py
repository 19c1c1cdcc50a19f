"""Ways in for players: "which variant do we play?" and the glossary of the Chinese terms with hover definitions.

Both are built from what the games supply (the ``MATRIX``, ``matrix_fact`` and ``TERMS`` of each game's rulebook
facet) and the variants' own texts.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from .compare import compact
from .game_data import facet_data, game_name
from .labels import LANGS, UI
from .paths import glossary_path, page_path, url, which_path
from .player_page import lang_switch, variant_card
from .rules_html import rule_items


def _cell(row: dict[str, Any], rules: dict[str, Any], lang: str, fact: Any) -> tuple[str, str]:
    if row.get("derived") and fact is not None:
        value, words = fact(row["derived"], rules, lang)
        return compact(value), words
    items = dict(rule_items(rules))
    found = [items[r] for r in row.get("rules", []) if r in items]
    return (compact([i.get("value") for i in found]),
            ("" if lang == "zh" else " ").join(str(i["text"][lang]) for i in found))


def which_page(docs: Sequence[Any], lang: str) -> str:
    """"Which variant do we play?": per game, each difference that matters as a question whose answers (the
    variants' own words) link to the variant that plays it; then every variant as a linked card."""
    here = which_path(lang)
    other = LANGS[1 - LANGS.index(lang)]
    out = [f"# {UI['which_title'][lang]}\n\n", lang_switch(which_path(other), here, lang),
           f"<p>{escape(UI['which_intro'][lang])}</p>\n\n"]
    for game in sorted({d.game for d in docs}):
        in_game = [d for d in docs if d.game == game]
        out.append(f"## {escape(game_name(game, lang))} {{#{game}}}\n\n")
        rows = facet_data(game, "MATRIX", []) or []
        fact = facet_data(game, "matrix_fact")
        number = 0
        for row in rows:
            cells = [(_cell(row, d.rules, lang, fact), d) for d in in_game]
            if len({c[0][0] for c in cells}) < 2:
                continue
            number += 1
            answers: dict[str, list[Any]] = {}
            for (value, words), d in cells:
                answers.setdefault(words, []).append(d)
            lis = "".join(
                f"<li>{escape(words)} → " + UI["list_sep"][lang].join(
                    f'<a href="{url(page_path(d.id, lang), here)}">{escape(d.name.get(lang, d.id))}</a>' for d in ds)
                + "</li>" for words, ds in answers.items())
            out.append(f'<div class="which-q"><p><strong>{number}. {escape(row["title"][lang])}</strong></p>'
                       f'<ul>{lis}</ul></div>\n\n')
        for d in in_game:
            out.append(variant_card(d, lang, here))
    return "".join(out)


def glossary_page(games: Sequence[str], lang: str) -> str:
    """The players' glossary: every term the games' pages define, the Chinese term with its definition on hover
    (``<abbr title>``) and written out beside it."""
    here = glossary_path(lang)
    other = LANGS[1 - LANGS.index(lang)]
    out = [f"# {UI['glossary_title'][lang]}\n\n", lang_switch(glossary_path(other), here, lang),
           f"<p>{escape(UI['glossary_intro'][lang])}</p>\n\n"]
    for game in games:
        terms = facet_data(game, "TERMS", {}) or {}
        if not terms:
            continue
        out.append(f"## {escape(game_name(game, lang))} {{#{game}}}\n\n")
        rows = []
        for key, entry in terms.items():
            zh, en, definition = entry["term"]["zh"], entry["term"]["en"], entry["def"][lang]
            head = (f'<abbr title="{escape(definition)}">{escape(zh)}</abbr>' if lang == "zh" else
                    f'<abbr lang="zh" title="{escape(definition)}">{escape(zh)}</abbr> · {escape(en)}')
            anchor = f"{game}-{key}"  # games share words (庄家, 炸弹): the game keeps the ids unique
            rows.append(f'<dt id="term-{escape(anchor)}">{head}</dt><dd>{escape(definition)}</dd>')
        out.append(f'<dl class="terms glossary">{"".join(rows)}</dl>\n\n')
    return "".join(out)
