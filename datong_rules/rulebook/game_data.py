"""What a game supplies to its rulebook pages: its ``rulebook`` facet (outline, teaching examples, terms, sample
hands), reached through the game registry so that this package never imports a game package by itself.

The facet is the game folder's ``rulebook.py`` (PLAN: ``reference_impl/<game>/rulebook.py``); a game without one
gets the generic pages only.
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
    """One attribute of the game's rulebook facet (``OUTLINE``, ``EXAMPLES``, ...), or ``default``."""
    facet = rulebook_facet(game)
    return getattr(facet, name, default) if facet is not None else default
