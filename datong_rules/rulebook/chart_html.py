"""The card ranking chart as HTML, from the ``chart_data(rules)`` of a game's rulebook facet, in either shape a game
gives: Huolong's ``{level, trump_suit, side_suit, trumps, side}`` (drawn for one example level and trump suit) or
a game's own labelled rows ``{rows: [{label: {zh, en}, groups}]}`` (Biedan: the single order, the combinations).
"""

from __future__ import annotations

from html import escape
from typing import Any

from .card_svg import ranking_html, suit_label
from .game_data import facet_data
from .labels import UI, in_brackets


def chart_data_of(game: str, rules: dict[str, Any]) -> dict[str, Any] | None:
    """The game's chart data for a variant's rules, or ``None`` (no facet, no chart)."""
    chart_data = facet_data(game, "chart_data")
    return chart_data(rules) if chart_data is not None else None


def _labels(row: dict[str, Any], lang: str) -> list[str] | None:
    """A row's ``labels`` (one ``{zh, en}`` per group) in ``lang``, or ``None``."""
    labels = row.get("labels")
    return [label[lang] for label in labels] if labels else None


def chart_body(data: dict[str, Any], lang: str, legend: str = "") -> str:
    """The chart's caption and rows (no wrapper): labelled rows of ranked card groups (a row's optional
    ``labels`` name its groups)."""
    if "rows" in data:
        head = f'<p class="chart-caption">{escape(legend)}</p>' if legend else ""
        return head + "".join(f'<p class="chart-label">{escape(row["label"][lang])}</p>'
                              f'<div class="chart-row">{ranking_html(row["groups"], lang, _labels(row, lang))}</div>'
                              for row in data["rows"])
    caption = UI["chart_example"][lang].format(level=data["level"], suit=suit_label(data["trump_suit"], lang))
    return (f'<p class="chart-caption">{escape(caption)} {UI["chart_equal"][lang]} {escape(legend)}</p>'
            f'<p class="chart-label">{UI["chart_trumps"][lang]}</p>'
            f'<div class="chart-row">{ranking_html(data["trumps"], lang)}</div>'
            f'<p class="chart-label">{UI["chart_side"][lang]}{in_brackets(escape(suit_label(data["side_suit"], lang)), lang)}</p>'
            f'<div class="chart-row">{ranking_html(data["side"], lang)}</div>')
