"""The reference engine of the Datong card-games rule kit.

Layers, bottom up (checked by tests/test_layers.py): :mod:`~datong_rules.reference_impl.cards` (notation); the game
registry :mod:`~datong_rules.reference_impl.games` (games by dotted name, imported lazily);
:mod:`~datong_rules.reference_impl.variant` (loading and validating spec files into a resolved variant) and
:mod:`~datong_rules.reference_impl.table` (seats, direction, teams); the services every game shares (game records,
the bot driver, planted faults); the games, each in its own folder (:mod:`datong_rules.reference_impl.huolong`), none
imported from outside it but through the registry.
"""

from typing import Any

__all__ = ["__version__"]


def __getattr__(name: str) -> Any:
    """``__version__``: the kit's version (:data:`datong_rules.__version__`, read at first use)."""
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import datong_rules

    return datong_rules.__version__
