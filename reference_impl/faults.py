"""Planted faults for the mutation check: the :class:`Mutant` shape, and planting faults in the engine in memory.

Each game lists its faults in its ``faults`` module (``MUTANTS``, found through the game registry); the mutation
check (:mod:`datong_rules.conformance.mutation`) plants each in turn and runs the suite. A :class:`Patcher` records every change it makes and undoes them in reverse order. Nothing is
written to disk. Three kinds of change:

* :meth:`Patcher.function` replaces a function everywhere it is bound: in its own module and in
  every loaded ``datong_rules`` module that imported it by name (``from .trick
  import trick_winner`` makes a second binding that patching the defining module alone would miss);
* :meth:`Patcher.attribute` replaces one attribute (a method of a class, usually);
* :meth:`Patcher.rules` makes the engine see a variant with some rule values changed: the typed
  rules are rebuilt from the variant's data with the new values (``rules_with`` of the variant's game's
  ``rules`` module, under the same variant id) and that module's ``rules_for`` is wrapped to return them.

The games cache per-rules objects (rankings, show kinds); :func:`clear_engine_caches` empties
those caches, and the runner calls it before and after each mutant so that no faulty object
outlives its mutant.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from . import games
from .variant import load_variant

_PACKAGES = ("datong_rules.",)
"""Only modules of these packages are scanned for bindings of a patched function."""

_KEPT_CACHES = {"rules_for", "_rules_for_id"}
"""Engine caches left alone by :func:`clear_engine_caches` (their values are never mutated)."""


@dataclass(frozen=True)
class Mutant:
    """One planted fault.

    Attributes:
        id: stable short name (kebab case).
        description: what the faulty engine does, in one sentence in each language, as a scenario's description
            is written: ``{"zh": "…", "en": "…"}`` (:meth:`described` gives one).
        rules: the rule ids the fault breaks.
        plant: plants the fault with the given patcher (the caller undoes it).
    """

    id: str
    description: dict[str, str]
    rules: tuple[str, ...]
    plant: Callable[[Patcher], None]

    def described(self, lang: str) -> str:
        """The description in ``lang`` (``"zh"`` or ``"en"``, as
        :data:`~datong_rules.reference_impl.transcript_words.LANGS`).

        Raises:
            KeyError: the description has no sentence in ``lang``.
        """
        return self.description[lang]


def catalogue(into: list[Mutant]) -> Callable[..., Callable]:
    """A decorator factory that adds mutants to ``into``: ``mutant = catalogue(MUTANTS)``, then
    ``@mutant(id, {"zh": …, "en": …}, *rule_ids)`` on a ``plant(patcher)`` function."""
    def mutant(mutant_id: str, description: dict[str, str],
               *rules: str) -> Callable[[Callable[[Patcher], None]], Callable]:
        def register(plant: Callable[[Patcher], None]) -> Callable[[Patcher], None]:
            into.append(Mutant(mutant_id, description, tuple(rules), plant))
            return plant
        return register
    return mutant


def option_mutants(variant_id: str, rows: list[tuple[str, dict[str, str], str, Any]]) -> list[Mutant]:
    """Mutants that each play another value of one rule option in ``variant_id`` (the fault of an implementer who
    hard-codes the wrong reading): ``rows`` of ``(mutant id, {"zh": description, "en": description}, rule id,
    value)``."""
    def plant(rule_id: str, value: Any) -> Callable[[Patcher], None]:
        return lambda p: p.rules(variant_id, {rule_id: value})
    return [Mutant(mutant_id, description, (rule_id,), plant(rule_id, value))
            for mutant_id, description, rule_id, value in rows]


def all_mutants() -> list[Mutant]:
    """The mutants of every registered game that has a ``faults`` module, game by game."""
    out: list[Mutant] = []
    for game_id in games.ids():
        faults = games.get(game_id).facet("faults")
        if faults is not None:
            out.extend(getattr(faults, "MUTANTS", []))
    return out


class Patcher:
    """Plants changes and undoes them (use as a context manager: undone on exit, even on error)."""

    def __init__(self) -> None:
        self._undo: list[tuple[Any, str, Any]] = []
        self._rules: dict[str, Any] = {}
        self._patched: set[str] = set()
        self._overrides: dict[str, dict[str, Any]] = {}

    def __enter__(self) -> Patcher:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.undo()

    def attribute(self, owner: Any, name: str, new: Any) -> Any:
        """Set ``owner.name = new``; returns the original value.

        Raises:
            AttributeError: ``owner`` has no attribute ``name`` (a mutant gone stale).
        """
        original = owner.__dict__[name] if isinstance(owner, type) and name in owner.__dict__ else getattr(owner, name)
        setattr(owner, name, new)
        self._undo.append((owner, name, original))
        return original

    def function(self, module: ModuleType, name: str, new: Callable[..., Any]) -> Callable[..., Any]:
        """Replace ``module.name`` and every other binding of the same object; returns the original.

        Raises:
            AttributeError: ``module`` has no attribute ``name``.
        """
        original = getattr(module, name)
        for mod_name, mod in list(sys.modules.items()):
            if mod is None or not mod_name.startswith(_PACKAGES):
                continue
            for attr, value in list(vars(mod).items()):
                if value is original:
                    setattr(mod, attr, new)
                    self._undo.append((mod, attr, original))
        return original

    def rules(self, variant_id: str, overrides: dict[str, Any]) -> Any:
        """Make the engine play ``variant_id`` with the rule values ``overrides`` (rule id → value).

        Several calls for one variant accumulate. Returns the changed rules.

        Raises:
            ValueError: an override names a rule the variant lacks, or a value the engine refuses (the game's
                ``RulesError``).
            UnknownGame: the variant is of no registered game.
        """
        game = games.game_of_variant(variant_id)
        rules_module = game.facet("rules")
        if game.id not in self._patched:
            self._patched.add(game.id)
            original = rules_module.rules_for
            changed = self._rules

            def rules_for(vid: Any) -> Any:
                return (changed.get(vid) if isinstance(vid, str) else None) or original(vid)

            for name in ("cache_clear", "cache_info"):
                if hasattr(original, name):
                    setattr(rules_for, name, getattr(original, name))
            self.function(rules_module, "rules_for", rules_for)
        merged = {**self._overrides.get(variant_id, {}), **overrides}
        self._rules[variant_id] = rules_module.rules_with(variant_id, merged, variant_id=variant_id)
        self._overrides[variant_id] = merged
        return self._rules[variant_id]

    def undo(self) -> None:
        """Put back every original, latest change first. Safe to call twice."""
        while self._undo:
            owner, name, original = self._undo.pop()
            setattr(owner, name, original)
        self._rules, self._overrides, self._patched = {}, {}, set()


def rule_value(variant_id: str, rule_id: str) -> Any:
    """The published value of a rule of a variant (what a mutant starts from)."""
    return load_variant(variant_id).rule(rule_id)


def clear_engine_caches() -> None:
    """Empty the caches of the games' modules (rankings, show kinds…), except ``rules_for``'s."""
    packages = tuple(games.get(game_id).package for game_id in games.ids())
    for mod_name, mod in list(sys.modules.items()):
        if mod is None or not mod_name.startswith(packages):
            continue
        for attr, value in list(vars(mod).items()):
            targets = [value]
            if isinstance(value, type) and value.__module__ == mod_name:
                targets = [getattr(value, a, None) for a in vars(value)]
            for target in targets:
                clear = getattr(target, "cache_clear", None)
                if callable(clear) and attr not in _KEPT_CACHES and getattr(target, "__name__", "") not in _KEPT_CACHES:
                    clear()
