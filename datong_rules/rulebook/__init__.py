"""Rulebooks generated from the spec: Markdown pages with card pictures for the docs site.

Public API:

* :func:`card_svg` ``(card, lang="en") -> str``: one card picture, inline SVG.
* :func:`cards_html` ``(cards, lang="en", fan=None) -> str``: a row of card pictures.
* :class:`VariantDoc`, :func:`rulebook_page` ``(doc, lang, sources, scenarios) -> str``: one variant's page.
* :func:`compare_page` ``(game, docs, lang) -> str``: a game's variants side by side.
* :func:`options_page` ``(game, docs, schema, lang) -> str``: the options reference for rule keepers (every
  rule id of the variant schema, the values it accepts, which variant uses which; conflicts first).
* :func:`build_site` ``(variants, sources, scenarios) -> {docs path: markdown}`` and :func:`load_site`
  ``() -> Site``: every generated page, from the bundled spec/ and scenarios.

The mkdocs hook that puts the pages into the site is :mod:`datong_rules.rulebook.mkdocs_hook`
(named in mkdocs.yml; it is the only module here that imports mkdocs).
"""

from .card_svg import card_svg, cards_html
from .options_page import options_page
from .pages import VariantDoc, compare_page, page_path, rulebook_page
from .site import Site, build_site, load_site

__all__ = ["Site", "VariantDoc", "build_site", "card_svg", "cards_html", "compare_page", "load_site",
           "options_page", "page_path", "rulebook_page"]
