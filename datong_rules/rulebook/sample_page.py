"""The narrated sample hand of a variant: one hand of a recorded reference-engine game, told step by step. The
game's rulebook facet names the hand, replays it and tells it (``sample_hand(variant_id)`` returns the hand with
its ``sections``: ``[{id, title, story}]``, stories in the format of :mod:`.story`); this module lays out the page:
its title, the command that recorded the game, then each section. It names no game.
"""

from __future__ import annotations

from html import escape
from typing import Any

from .game_data import rulebook_facet
from .labels import LANGS, UI
from .paths import page_path, sample_path, url
from .player_page import lang_switch
from .story import story_html, text

SAMPLE_TABLE = "kv sample-settle"
"""The class of the tables of a sample hand's stories."""


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


def sample_page(doc: Any, lang: str) -> str | None:
    """The sample-hand page of one variant in one language, as Markdown: each section of the game's story under a
    numbered heading (anchored by the section's id); ``None`` when the game names no sample hand for the variant."""
    facet = rulebook_facet(doc.game)
    hand = facet.sample_hand(doc.id) if facet is not None and hasattr(facet, "sample_hand") else None
    if hand is None:
        return None
    out = page_head(doc, lang, hand)
    for number, section in enumerate(hand["sections"], 1):
        out.append(f"## {number}. {text(section['title'], lang)} {{#{section['id']}}}\n\n")
        out.extend(block + "\n\n" for block in story_html(section["story"], lang, SAMPLE_TABLE))
    return "".join(out)
