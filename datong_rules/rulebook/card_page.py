"""The one-page quick-reference card of a variant: ranking, combinations, follow rules, the numbers that matter
and the settlement table, laid out to print on one A4 page (``@media print`` in docs/stylesheets/rulebook.css).

The docs build prints each card to PDF with headless Chromium when it is installed
(:mod:`datong_rules.rulebook.pdf`); the card links to that PDF.
"""

from __future__ import annotations

from html import escape
from typing import Any

from .chart_html import chart_body, chart_data_of
from .game_data import facet_data
from .labels import LANGS, UI
from .paths import card_path, card_pdf_path, page_path, url
from .player_page import expand_rule_ids, lang_switch
from .rules_html import is_decision_table, rule_items, settlement_table_html

CARD_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("card_numbers", ("deck.decks", "deal.hand_size", "deal.bottom_size", "points.card_points", "points.threshold",
                      "bury.*", "bottom.multiplier")),
    ("card_combinations", ("combinations.catalogue", "lead.one_combination")),
    ("card_follow", ("follow.*", "trick.winner", "trick.ruff_same_shape")),
    ("card_levels", ("levels.stop_levels", "rotation.*")),
)
"""The card's text blocks: a label key of :data:`~.labels.UI` (or a ``{zh, en}`` title) and the rule ids
(``section.*`` for all) shown, in order; an entry ``term:<key>`` shows the game's definition of that word (its
facet's ``TERMS``), for a word the card's rules use (13+24). A game's rulebook facet may give its own as
``QUICK_CARD``."""

TERM = "term:"
"""The prefix of a card entry that is a word's definition, not a rule id."""

CARD_QUIET: dict[str, object] = {"follow.meteor_obliges_pair": False, "follow.keep_meteors_whole": False}
"""Rule id → the value at which the card leaves the rule out: a house rule switched off (no pair duty) tells a player
nothing the other follow rules do not, and the card must fit one page. Switched on, it is shown."""


def card_page(doc: Any, lang: str) -> str:
    """The quick-reference card of one variant in one language, as Markdown (a ``div.quick-card``)."""
    here = card_path(doc.id, lang)
    other = LANGS[1 - LANGS.index(lang)]
    name = doc.name.get(lang, doc.id)
    items = dict(rule_items(doc.rules))
    parts = [f"# {escape(name, quote=False)} · {UI['quick_card'][lang]}\n\n",
             lang_switch(card_path(doc.id, other), here, lang),
             f'<p class="no-print page-links"><a href="{url(card_pdf_path(doc.id, lang), here)}">'
             f'{escape(UI["quick_card_pdf"][lang])}</a> · <a href="{url(page_path(doc.id, lang), here)}">'
             f'{escape(UI["player_page"][lang])}</a></p>\n\n']
    blocks = []
    sections = facet_data(doc.game, "QUICK_CARD", None) or CARD_SECTIONS
    data = chart_data_of(doc.game, doc.rules)
    if data is not None:
        rows = " qc-rows" if "rows" in data else ""  # a game's own labelled rows: laid out side by side
        blocks.append(f'<section class="qc-ranking chart{rows}"><h2>{UI["chart"][lang]}</h2>{chart_body(data, lang)}</section>')
    terms = facet_data(doc.game, "TERMS", {}) or {}
    for key, patterns in sections:
        lis = ""
        for pattern in patterns:
            if pattern.startswith(TERM):
                entry = terms.get(pattern[len(TERM):])
                if entry:
                    lis += (f'<li class="qc-term"><strong>{escape(entry["term"][lang])}</strong>'
                            f'{"：" if lang == "zh" else ": "}{escape(entry["def"][lang])}</li>')
                continue
            lis += "".join(f"<li>{escape(str(items[r]['text'][lang]))}</li>" for r in expand_rule_ids([pattern], doc.rules)
                           if not is_decision_table(items[r].get("value"))
                           and not (r in CARD_QUIET and items[r].get("value") is CARD_QUIET[r]))
        if lis:
            title = UI[key][lang] if isinstance(key, str) else key[lang]
            blocks.append(f'<section><h2>{escape(title)}</h2><ul>{lis}</ul></section>')
    table = items.get("settlement.table")
    if table and is_decision_table(table.get("value")):
        blocks.append(f'<section class="qc-settle"><h2>{UI["sample_settle"][lang]}</h2>'
                      f'{settlement_table_html(table["value"], lang, names=False)}</section>')
    parts.append(f'<div class="quick-card">{"".join(blocks)}</div>\n')
    return "".join(parts)
