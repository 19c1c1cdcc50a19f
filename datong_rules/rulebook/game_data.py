"""What a game supplies to its rulebook pages: its ``rulebook`` facet (outline, teaching examples, terms, sample
hands), reached through the game registry so that this package never imports a game package by itself.

The facet is the game folder's ``rulebook.py`` (``reference_impl/<game>/rulebook.py``); a game without one gets the
generic pages only (rules as data, comparison, options). What a facet may define (see the Huolong one):

* ``chart_data(rules) -> dict | None``: the card ranking chart (``level``, ``trump_suit``, ``side_suit``,
  ``trumps``/``side``: groups of equal cards, strongest first).
* ``FAMILY``: ``{zh, en}``, the game's family, for ``{family}`` in the outline.
* ``OUTLINE``: the rule sections in playing order, for the rules-as-data page (:func:`.rules_html.outline`).
* ``PLAYER_PAGE``: the player's page, a list of sections ``{id, title: {zh, en}, intro?, terms?, picture?
  ("seating" | "ranking"), steps?, aims?, rules?: [rule ids or "section.*"]}``; ``{family}``, ``{star}``, ``{dig}``
  (the variant's :data:`WORDS`) and ``{<rule id>}`` (the rule's value) are filled in.
* ``EXAMPLES``: ``{section id: {variant name: [scenario names, simplest first]}}``, a scenario name being the
  scenario id without ``<game>.<variant>.``; every name must be a scenario of the suite.
* ``WORDS``: ``{variant name: {word key: {zh, en}}}``, the variant's word where the sources differ.
* ``TERMS``: ``{key: {term: {zh, en}, def: {zh, en}}}``, the glossary (hover definitions).
* ``MATRIX`` and ``matrix_fact(name, rules, lang) -> (value, words)``: the comparison page's opening matrix.
* ``SAMPLE_HANDS`` and ``sample_hand(variant_id) -> dict | None``: the narrated sample hand
  (:mod:`.sample_page` lists the keys it reads; a hand with ``"kind": "climbing"`` is told by
  :mod:`.sample_climbing`: rounds instead of tricks, and the game's own parts as data: ``setup`` and ``settle``
  stories (:mod:`.story`), the ``intro`` text and the ``highlights``).
* ``QUICK_CARD``: the quick-reference card's text blocks, ``[({zh, en} title, (rule ids…))]`` (default: Huolong's
  :data:`.card_page.CARD_SECTIONS`).
* ``EXAMPLE_LAYOUT``: ``"climbing"`` when the teaching examples are laid out as a climbing game's
  (:mod:`.answers_climbing`: plays, passes and rounds instead of tricks).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any


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
