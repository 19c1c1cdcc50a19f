"""What every narrated sample hand shares, whatever its game: the page's opening and the pictured tricks or rounds
with the others summarised between them (:mod:`.sample_page`, :mod:`.sample_climbing`)."""

from __future__ import annotations

from html import escape
from typing import Any

from .labels import LANGS, UI
from .paths import page_path, sample_path, url
from .player_page import lang_switch


def page_head(doc: Any, lang: str, hand: dict[str, Any]) -> list[str]:
    """The opening of a sample-hand page: title, language switch, a link to the player's page and the command that
    records the game (``hand``'s ``seed`` and ``bots``)."""
    here = sample_path(doc.id, lang)
    other = LANGS[1 - LANGS.index(lang)]
    cmd = f"datong-rules play {doc.id} --seed {hand['seed']} --bots {hand['bots']}"
    return [f"# {escape(doc.name.get(lang, doc.id), quote=False)} · {UI['sample_hand'][lang]}\n\n",
            lang_switch(sample_path(doc.id, other), here, lang),
            f'<p>{escape(UI["sample_intro"][lang])} <a href="{url(page_path(doc.id, lang), here)}">'
            f'{escape(UI["player_page"][lang])}</a></p>\n\n',
            f'<p class="sample-source">{escape(UI["sample_source"][lang])} <code>{escape(cmd)}</code></p>\n\n']


def pictured(items: list[dict[str, Any]], shown: list[int], picture: Any, summary: Any) -> list[str]:
    """The tricks (or rounds) of a hand in play order: those numbered in ``shown`` as ``picture(item)``, each run of
    the others before one of them as ``summary(run)``; Markdown blocks."""
    out, last = [], 0
    for item in items:
        if item["number"] not in shown:
            continue
        skipped = [x for x in items if last < x["number"] < item["number"]]
        if skipped:
            out.append(summary(skipped) + "\n\n")
        out.append(picture(item) + "\n\n")
        last = item["number"]
    return out
