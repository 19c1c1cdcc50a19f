"""The reference engine behind the :class:`~datong_rules.conformance.adapters.base.Implementation` protocol.

Each operation is answered by a function ``op_NAME(rules, given) -> answer`` of
:mod:`.ops_play` (card play and settlement) or :mod:`.ops_hand` (deal, declaration, bury, star burial,
replay); this class only dispatches. Both read ``given`` with the readers of :mod:`.given`: bad input (a bad
card token, a missing key) raises ``ValueError`` with a one-line message, which the runner reports as *errored*.

The engine plays every bundled Huolong variant that loads (:mod:`datong_rules.conformance.bundled_spec`): a variant file that
cannot be loaded leaves out only itself and the variants extending it; a query for such a variant is answered
with an error naming the file's problem, not skipped.
"""

from __future__ import annotations

from typing import Any

from datong_rules.reference_impl import __version__
from datong_rules.reference_impl.huolong.rules import rules_for
from datong_rules.reference_impl.variant import SpecError

from ... import bundled_spec
from ..base import Implementation, ImplementationError, Unsupported
from . import ops_hand, ops_play

OPS = {**ops_play.OPS, **ops_hand.OPS}
"""Operation name → function answering it."""


class ReferenceImplementation(Implementation):
    """The kit's own engine, answering every operation for every playable Huolong variant."""

    name = "datong-rules reference engine"
    version = __version__

    _variants: list[str] | None = None

    def supported_variants(self) -> list[str]:
        """The bundled, non-abstract Huolong variants that load (listed once per instance: the runner asks
        before every scenario, and listing scans spec/); one that cannot be loaded is left out, its problem
        kept in :func:`datong_rules.conformance.bundled_spec.warnings`."""
        if self._variants is None:
            self._variants = bundled_spec.playable_ids("huolong")
        return list(self._variants)

    def skip_reason(self, variant: str, op: str) -> str | None:
        """As :meth:`Implementation.skip_reason`, except that a bundled variant whose file cannot be loaded is
        asked (and answered with an error naming the problem), not skipped."""
        if isinstance(bundled_spec.variant(variant), SpecError) and op in OPS:
            return None
        return super().skip_reason(variant, op)

    def supported_operations(self) -> list[str]:
        """Every operation of ``docs/implementers/operations.md``."""
        return sorted(OPS)

    def answer(self, variant: str, op: str, given: dict[str, Any]) -> dict[str, Any]:
        """Dispatch to ``OPS[op]`` with the variant's rules.

        Raises:
            Unsupported: unknown operation or a variant that is not a playable Huolong variant.
            ImplementationError: a bundled variant whose file (or a file it extends) cannot be loaded.
            ValueError: bad input in ``given`` (one-line message).
        """
        func = OPS.get(op)
        if func is None:
            raise Unsupported(f"unknown operation '{op}'")
        if not variant.startswith("huolong/"):
            raise Unsupported(f"variant '{variant}' is not a Huolong variant")
        loaded = bundled_spec.variant(variant)
        if isinstance(loaded, SpecError):
            raise ImplementationError(f"variant '{variant}' cannot be loaded: {loaded}")
        return func(rules_for(variant), given)
