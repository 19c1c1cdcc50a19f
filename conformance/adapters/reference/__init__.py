"""The reference engine behind the :class:`~datong_rules.conformance.adapters.base.Implementation` protocol.

The engine is one registered implementation among others: it finds the game of a query's variant in the game
registry (:mod:`datong_rules.reference_impl.games`) and calls that game's operation ``OPS[op](rules, given)`` (the
game's ``ops`` module); this class only dispatches and names no game. Bad input in ``given`` (a bad card token, a
missing key, a value the operations guide calls an error) raises
:class:`~datong_rules.conformance.adapters.base.BadInput` (a ``ValueError``) with the operation's one-line
message: a refusal of bad input, which a scenario expecting it passes on.

An operation is asked by its bare name (``classify``: the op of the variant's game) or by its full name
``<game>/<op>`` (``huolong/classify``). The engine plays every bundled variant of a registered game that loads
(:mod:`datong_rules.conformance.bundled_spec`): a variant file that cannot be loaded leaves out only itself and the
variants extending it; a query for such a variant is answered with an error naming the file's problem, not skipped.
"""

from __future__ import annotations

from typing import Any

from datong_rules.reference_impl import __version__, games
from datong_rules.reference_impl.variant import SpecError, Variant, check_rules_data

from ... import bundled_spec
from ..base import BadInput, Implementation, ImplementationError, Unsupported


def game_ops(game: games.Game) -> dict[str, Any]:
    """The operations of ``game`` (its ``ops.OPS``), ``{}`` for a game without operations."""
    module = game.facet("ops")
    return dict(getattr(module, "OPS", {}))


class ReferenceImplementation(Implementation):
    """The kit's own engine, answering every operation of every registered game for its playable variants."""

    name = "datong-rules reference engine"
    version = __version__
    refuses_bad_input = True  # every game's operations raise ValueError for bad input, and only for it

    _variants: list[str] | None = None

    def supported_variants(self) -> list[str]:
        """The bundled, non-abstract variants of every registered game that load, and the fixture variants announced
        (:meth:`use_variants`) (the bundled ones listed once per instance: the
        runner asks before every scenario, and listing scans spec/); one that cannot be loaded is left out, its
        problem kept in :func:`datong_rules.conformance.bundled_spec.warnings`."""
        if self._variants is None:
            self._variants = [v for game in games.ids() for v in bundled_spec.playable_ids(game)]
        return list(self._variants) + [v for v in self.fixture_variants if games.find(v.split("/", 1)[0])]

    def use_variants(self, variants: dict[str, dict[str, Any]]) -> None:
        """Accept fixture variants (resolved mappings, see :meth:`Implementation.use_variants`): their rules are
        built when first asked about (a variant the engine cannot play is then answered with an error)."""
        super().use_variants(variants)
        for variant_id in variants:
            self._fixture_rules.pop(variant_id, None)

    @property
    def _fixture_rules(self) -> dict[str, Any]:
        return self.__dict__.setdefault("_built_fixture_rules", {})

    def skip_reason(self, variant: str, op: str) -> str | None:
        """As :meth:`Implementation.skip_reason`, except that a bundled variant whose file cannot be loaded is
        asked (and answered with an error naming the problem), not skipped."""
        game = games.find(variant.split("/", 1)[0])
        if isinstance(bundled_spec.variant(variant), SpecError) and game is not None \
                and self._op_name(game, op) in game_ops(game):
            return None
        return super().skip_reason(variant, op)

    def supported_operations(self) -> list[str]:
        """The full operation names (``huolong/classify``, ``biedan/classify``) of every registered game; ``serve``
        lists Huolong's by their bare names under protocol 1, where bare names mean Huolong's."""
        return sorted(f"{game_id}/{op}" for game_id in games.ids() for op in game_ops(games.get(game_id)))

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
            BadInput: bad input in ``given`` (the operation's one-line ``ValueError`` message).
            ValueError: a fixture variant's rules (a query's
                ``variant_rules``) that a variant file could not hold (:func:`~datong_rules.reference_impl.variant.
                check_rules_data`: one checker of rule values for files and data).
        """
        game = games.find(variant.split("/", 1)[0])
        if game is None:
            raise Unsupported(f"variant '{variant}' is not a variant of a known game ({', '.join(games.ids())})")
        func = game_ops(game).get(self._op_name(game, op))
        if func is None:
            raise Unsupported(f"unknown operation '{op}'")
        if variant in self.fixture_variants:
            if variant not in self._fixture_rules:
                data = self.fixture_variants[variant]
                problems = check_rules_data(data)  # the checks of rule values a variant file gets
                if problems:
                    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
                    raise ValueError(f"the rules of '{variant}' cannot be played: {problems[0]}{more}")
                self._fixture_rules[variant] = game.rules_for(Variant(variant, data))
            return _asked(func, self._fixture_rules[variant], given)
        loaded = bundled_spec.variant(variant)
        if isinstance(loaded, SpecError):
            raise ImplementationError(f"variant '{variant}' cannot be loaded: {loaded}")
        return _asked(func, game.rules_for(variant), given)


def _asked(func: Any, rules: Any, given: dict[str, Any]) -> dict[str, Any]:
    """``func(rules, given)``, an operation's ``ValueError`` (bad input, by the games' contract) raised as
    :class:`BadInput`."""
    try:
        return func(rules, given)
    except BadInput:
        raise
    except ValueError as exc:
        raise BadInput(str(exc)) from None
