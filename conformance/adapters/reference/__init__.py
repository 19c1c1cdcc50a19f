"""The reference engine behind the :class:`~datong_rules.conformance.adapters.base.Implementation` protocol.

The engine is one registered implementation among others: it finds the game of a query's variant in the game
registry (:mod:`datong_rules.reference_impl.games`) and calls that game's operation ``OPS[op](rules, given)`` (the
game's ``ops`` module); this class only dispatches and names no game. Bad input in ``given`` (a bad card token, a
missing key) raises ``ValueError`` with a one-line message, which the runner reports as *errored*.

An operation is asked by its bare name (``classify``: the op of the variant's game) or by its full name
``<game>/<op>`` (``huolong/classify``). The engine plays every bundled variant of a registered game that loads
(:mod:`datong_rules.conformance.bundled_spec`): a variant file that cannot be loaded leaves out only itself and the
variants extending it; a query for such a variant is answered with an error naming the file's problem, not skipped.
"""

from __future__ import annotations

from typing import Any

from datong_rules.reference_impl import __version__, games
from datong_rules.reference_impl.variant import SpecError

from ... import bundled_spec
from ..base import Implementation, ImplementationError, Unsupported


PROTOCOL1_GAME = "huolong"
"""The game whose variants and bare operation names the protocol-1 lists (handshake, ``supported_*``) hold."""


def game_ops(game: games.Game) -> dict[str, Any]:
    """The operations of ``game`` (its ``ops.OPS``), ``{}`` for a game without operations."""
    module = game.facet("ops")
    return dict(getattr(module, "OPS", {}))


class ReferenceImplementation(Implementation):
    """The kit's own engine, answering every operation of every registered game for its playable variants."""

    name = "datong-rules reference engine"
    version = __version__

    _variants: list[str] | None = None

    def supported_variants(self) -> list[str]:
        """The bundled, non-abstract variants of the registered games that load (listed once per instance: the
        runner asks before every scenario, and listing scans spec/); one that cannot be loaded is left out, its
        problem kept in :func:`datong_rules.conformance.bundled_spec.warnings`."""
        if self._variants is None:
            self._variants = bundled_spec.playable_ids(PROTOCOL1_GAME)
        return list(self._variants)

    def skip_reason(self, variant: str, op: str) -> str | None:
        """As :meth:`Implementation.skip_reason`, except that a bundled variant whose file cannot be loaded is
        asked (and answered with an error naming the problem), not skipped."""
        game = games.find(variant.split("/", 1)[0])
        if isinstance(bundled_spec.variant(variant), SpecError) and game is not None \
                and self._op_name(game, op) in game_ops(game):
            return None
        if game is not None and game.id != PROTOCOL1_GAME:  # not in the protocol-1 lists: asked directly
            loaded = bundled_spec.variant(variant)
            bundled = loaded is not None and not getattr(loaded, "abstract", False)
            if not bundled and variant not in self.supported_variants():
                return f"variant '{variant}' not supported by {self.name}"
            if self._op_name(game, op) not in game_ops(game):
                return f"operation '{game.id}/{self._op_name(game, op)}' not supported by {self.name}"
            return None
        return super().skip_reason(variant, op)

    def supported_operations(self) -> list[str]:
        """Huolong's operation names: protocol 1 lists bare names, which mean Huolong's. The other registered games
        (Biedan) are answered all the same (:meth:`skip_reason` lets their variants and operations through)."""
        return sorted(game_ops(games.get(PROTOCOL1_GAME)))

    @staticmethod
    def _op_name(game: games.Game, op: str) -> str:
        """``huolong/classify`` → ``classify`` for a Huolong variant; a bare name unchanged."""
        prefix, _, bare = op.rpartition("/")
        return bare if prefix == game.id else op

    def answer(self, variant: str, op: str, given: dict[str, Any]) -> dict[str, Any]:
        """Dispatch to the ``OPS[op]`` of the variant's game with the variant's rules.

        Raises:
            Unsupported: a variant of no registered game, or an operation its game does not have.
            ImplementationError: a bundled variant whose file (or a file it extends) cannot be loaded.
            ValueError: bad input in ``given`` (one-line message).
        """
        game = games.find(variant.split("/", 1)[0])
        if game is None:
            raise Unsupported(f"variant '{variant}' is not a variant of a known game ({', '.join(games.ids())})")
        func = game_ops(game).get(self._op_name(game, op))
        if func is None:
            raise Unsupported(f"unknown operation '{op}'")
        loaded = bundled_spec.variant(variant)
        if isinstance(loaded, SpecError):
            raise ImplementationError(f"variant '{variant}' cannot be loaded: {loaded}")
        return func(game.rules_for(variant), given)
