"""What a game supplies to its rulebook pages: its ``rulebook`` facet (outline, teaching examples, terms, sample
hands), reached through the game registry so that this package never imports a game package by itself.

The facet is the game folder's ``rulebook.py`` (``reference_impl/<game>/rulebook.py``); a game without one gets the
generic pages only (rules as data, comparison, options). What a facet may define (see the Huolong one):

* ``chart_data(rules) -> dict | None``: the card ranking chart (``level``, ``trump_suit``, ``side_suit``,
  ``trumps``/``side``: groups of equal cards, strongest first).
* ``FAMILY``: ``{zh, en}``, the game's family, for ``{family}`` in the outline.
* ``OUTLINE``: the rule sections in playing order, for the rules-as-data page (:func:`.rules_html.outline`).
* ``SECTION_TITLES``: ``{section: {zh, en}}``, the titles of the game's own rule sections (:func:`section_title`;
  sections every game has are titled by the rulebook, :data:`.labels.SECTION_TITLES`); ``SECTION_WORDS``:
  ``{section: key of WORDS}``, sections titled on the 中文 pages by the variant's own word.
* ``PLAYER_PAGE``: the player's page, a list of sections ``{id, title: {zh, en}, intro?, terms?, picture?
  ("seating" | "ranking"), steps?, aims?, rules?: [rule ids or "section.*"]}``; ``{family}``, ``{star}``, ``{dig}``
  (the variant's :data:`WORDS`) and ``{<rule id>}`` (the rule's value) are filled in.
* ``EXAMPLES``: ``{section id: {variant name: [scenario names, simplest first]}}``, a scenario name being the
  scenario id without ``<game>.<variant>.``; every name must be a scenario of the suite.
* ``WORDS``: ``{variant name: {word key: {zh, en}}}``, the variant's word where the sources differ.
* ``TERMS``: ``{key: {term: {zh, en}, def: {zh, en}}}``, the glossary (hover definitions).
* ``MATRIX`` and ``matrix_fact(name, rules, lang) -> (value, words)``: the comparison page's opening matrix.
* ``SAMPLE_HANDS`` and ``sample_hand(variant_id) -> dict | None``: the narrated sample hand: ``seed`` and ``bots``
  (the command that records it) and ``sections``, ``[{id, title, story}]`` told as stories (:mod:`.story`;
  :mod:`.sample_page` lays them out). The climbing games tell their play alike
  (``reference_impl/climbing/sample_story.py``).
* ``QUICK_CARD``: the quick-reference card's text blocks, ``[({zh, en} title, (rule ids…))]`` (default: Huolong's
  :data:`.card_page.CARD_SECTIONS`).
* ``example_story(scenario, rules) -> {"given": blocks | None, "answer": blocks | None}``: a teaching example's
  situation and answer told as stories (:mod:`.story`; None: the generic layout, every key in a table). The climbing
  games share theirs (``reference_impl/climbing/stories.py``).
* ``selection(state, seat, cards) -> [{"action", "combination": T | None, "reading": T}]``: the actions a player's
  selected cards (canonical tokens) can make in the hand's present phase, one per reading (a wild card's stand-ins),
  with the combination and the reading in words (texts of :mod:`.story`); :func:`.explain.describe_selection` judges
  each with the state's ``check``. Without it a selection is read as one ``play`` of the cards.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from .labels import SECTION_TITLES


def rulebook_facet(game: str) -> ModuleType | None:
    """The game's ``rulebook`` facet, or ``None`` when the game has none.

    Uses the game registry (:func:`datong_rules.reference_impl.games.find`); an unknown game has none.
    """
    from datong_rules.reference_impl import games

    found = games.find(game)
    return found.facet("rulebook") if found is not None else None


def facet_data(game: str, name: str, default: Any = None) -> Any:
    """One attribute of the game's rulebook facet (``PLAYER_PAGE``, ``EXAMPLES``, ...), or ``default``."""
    facet = rulebook_facet(game)
    return getattr(facet, name, default) if facet is not None else default


def game_name(game: str, lang: str) -> str:
    """``攉龙`` / ``Huolong`` for ``huolong``: the registered game's name (:mod:`datong_rules.reference_impl.games`),
    else the id (a game not registered)."""
    from datong_rules.reference_impl import games

    registered = games.find(game)
    if registered is not None and registered.name.get(lang):
        return registered.name[lang]
    return game


def section_title(game: str | None, section: str, lang: str, variant: str | None = None) -> str:
    """The title of a rule section: the game's own (its facet's ``SECTION_TITLES``), else the rulebook's
    (:data:`.labels.SECTION_TITLES`), else the section's id. With ``variant`` (a variant id), a section that the
    game titles by the variant's own word (facet ``SECTION_WORDS``: ``{section: key of WORDS}``) takes that word on
    the 中文 pages, where the sources name it differently (载王, 摘星)."""
    if variant and game and lang == "zh":
        key = (facet_data(game, "SECTION_WORDS", {}) or {}).get(section)
        words = (facet_data(game, "WORDS", {}) or {}).get(variant.split("/", 1)[-1], {})
        word = (words.get(key) or {}) if key else {}
        if word.get(lang):
            return str(word[lang])
    own = (facet_data(game, "SECTION_TITLES", {}) or {}) if game else {}
    entry = own.get(section) or SECTION_TITLES.get(section)
    return entry[lang] if entry else section
