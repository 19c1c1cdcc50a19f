"""The reference engine of the Datong card-games rule kit.

Layers: :mod:`datong_rules.reference_impl.cards` (notation) → :mod:`datong_rules.reference_impl.variant`
(loading and validating spec files into a resolved variant) → family mechanics
(:mod:`datong_rules.reference_impl.huolong`) → hand and match state machines, bots and game records.
"""

from datong_rules import __version__

__all__ = ["__version__"]
