"""Planting faults in the reference engine in memory, and taking them out again.

A :class:`Patcher` records every change it makes and undoes them in reverse order. Nothing is
written to disk. Three kinds of change:

* :meth:`Patcher.function` replaces a function everywhere it is bound: in its own module and in
  every loaded ``reference_impl``/``conformance`` module that imported it by name (``from .trick
  import trick_winner`` makes a second binding that patching the defining module alone would miss);
* :meth:`Patcher.attribute` replaces one attribute (a method of a class, usually);
* :meth:`Patcher.rules` makes the engine see a variant with some rule values changed: the typed
  rules are rebuilt from the variant's data with the new values
  (:func:`datong_rules.reference_impl.huolong.rules.rules_with`, under the same variant id) and
  ``rules_for`` is wrapped to return them.

The engine caches per-rules objects (rankings, show kinds); :func:`clear_engine_caches` empties
those caches, and the runner calls it before and after each mutant so that no faulty object
outlives its mutant.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

from datong_rules.reference_impl.huolong import rules as rules_module
from datong_rules.reference_impl.huolong.rules import HuolongRules, rules_with
from datong_rules.reference_impl.variant import load_variant

_PACKAGES = ("datong_rules.",)
"""Only modules of these packages are scanned for bindings of a patched function."""

_KEPT_CACHES = {"rules_for"}
"""Engine caches left alone by :func:`clear_engine_caches` (their values are never mutated)."""


class Patcher:
    """Plants changes and undoes them (use as a context manager: undone on exit, even on error)."""

    def __init__(self) -> None:
        self._undo: list[tuple[Any, str, Any]] = []
        self._rules: dict[str, HuolongRules] = {}
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

    def rules(self, variant_id: str, overrides: dict[str, Any]) -> HuolongRules:
        """Make the engine play ``variant_id`` with the rule values ``overrides`` (rule id → value).

        Several calls for one variant accumulate. Returns the changed rules.

        Raises:
            RulesError: an override names a rule the variant lacks, or a value the engine refuses.
        """
        if not self._rules:
            original = rules_module.rules_for
            changed = self._rules

            def rules_for(vid: str) -> HuolongRules:
                return changed.get(vid) or original(vid)

            rules_for.cache_clear = original.cache_clear  # type: ignore[attr-defined]
            self.function(rules_module, "rules_for", rules_for)
        merged = {**self._overrides.get(variant_id, {}), **overrides}
        self._rules[variant_id] = rules_with(variant_id, merged, variant_id=variant_id)
        self._overrides[variant_id] = merged
        return self._rules[variant_id]

    def undo(self) -> None:
        """Put back every original, latest change first. Safe to call twice."""
        while self._undo:
            owner, name, original = self._undo.pop()
            setattr(owner, name, original)
        self._rules, self._overrides = {}, {}


def rule_value(variant_id: str, rule_id: str) -> Any:
    """The published value of a rule of a variant (what a mutant starts from)."""
    return load_variant(variant_id).rule(rule_id)


def clear_engine_caches() -> None:
    """Empty the caches of the engine's modules (rankings, show kinds…), except ``rules_for``'s."""
    for mod_name, mod in list(sys.modules.items()):
        if mod is None or not mod_name.startswith("datong_rules.reference_impl.huolong"):
            continue
        for attr, value in list(vars(mod).items()):
            targets = [value]
            if isinstance(value, type) and value.__module__ == mod_name:
                targets = [getattr(value, a, None) for a in vars(value)]
            for target in targets:
                clear = getattr(target, "cache_clear", None)
                if callable(clear) and attr not in _KEPT_CACHES and getattr(target, "__name__", "") not in _KEPT_CACHES:
                    clear()
