"""The reference engine of the Datong card-games rule kit.

Layers (DESIGN.md): :mod:`reference_impl.cards` (notation) → :mod:`reference_impl.variant`
(loading and validating spec files into a resolved variant) → family mechanics
(:mod:`reference_impl.huolong`) → hand and match state machines, bots and game records.
"""

__version__ = "0.1.0"
