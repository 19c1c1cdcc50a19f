"""The reference engine behind the :class:`~conformance.adapters.base.Implementation` protocol.

Each operation is answered by a function ``op_NAME(rules, given) -> answer`` of
:mod:`.ops_play` (card play and settlement) or :mod:`.ops_hand` (deal, declaration, bury, star burial,
replay); this class only dispatches. Both read ``given`` with the readers of :mod:`.given`: bad input (a bad
card token, a missing key) raises ``ValueError`` with a one-line message, which the runner reports as *errored*.
"""

from __future__ import annotations

from typing import Any

from reference_impl import __version__
from reference_impl.huolong.rules import rules_for
from reference_impl.variant import list_variants, load_variant

from ..base import Implementation, Unsupported
from . import ops_hand, ops_play

OPS = {**ops_play.OPS, **ops_hand.OPS}
"""Operation name → function answering it."""


class ReferenceImplementation(Implementation):
    """The kit's own engine, answering every operation for every playable Huolong variant."""

    name = "datong-rules reference engine"
    version = __version__

    _variants: list[str] | None = None

    def supported_variants(self) -> list[str]:
        """The bundled, non-abstract Huolong variants (listed once per instance: the runner asks
        before every scenario, and listing scans spec/)."""
        if self._variants is None:
            self._variants = [v for v in list_variants() if v.startswith("huolong/") and not load_variant(v).abstract]
        return list(self._variants)

    def supported_operations(self) -> list[str]:
        """Every operation of ``docs/implementers/operations.md``."""
        return sorted(OPS)

    def answer(self, variant: str, op: str, given: dict[str, Any]) -> dict[str, Any]:
        """Dispatch to ``OPS[op]`` with the variant's rules.

        Raises:
            Unsupported: unknown operation or a variant that is not a playable Huolong variant.
            ValueError: bad input in ``given`` (one-line message).
        """
        func = OPS.get(op)
        if func is None:
            raise Unsupported(f"unknown operation '{op}'")
        if not variant.startswith("huolong/"):
            raise Unsupported(f"variant '{variant}' is not a Huolong variant")
        return func(rules_for(variant), given)
