"""The import paths of release 0.1 (``reference_impl.…``, ``conformance.…``), kept for one release.

The wheel installs two small top-level packages, ``reference_impl`` and ``conformance`` (from ``compat/``), whose
``__init__`` calls :func:`alias`: importing ``reference_impl.cards`` then gives the very module object
``datong_rules.reference_impl.cards`` (not a second copy) and a :class:`DeprecationWarning` naming the new path.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings
from types import ModuleType


class _AliasFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``OLD.x.y`` as the already-importable ``NEW.x.y`` (``moved`` maps a dotted part elsewhere)."""

    def __init__(self, old: str, new: str, moved: dict[str, str]) -> None:
        self.old, self.new, self.moved = old, new, moved

    def target(self, fullname: str) -> str:
        """The new dotted name of the old ``fullname`` (``OLD.rest`` → ``NEW.rest``, or a moved module: the longest
        key of ``moved`` that ``rest`` starts with)."""
        rest = fullname[len(self.old) + 1:]
        for key in sorted(self.moved, key=len, reverse=True):
            if rest == key or rest.startswith(key + "."):
                return self.moved[key] + rest[len(key):]
        return f"{self.new}.{rest}"

    def find_spec(self, fullname, path=None, target=None):  # noqa: ANN001, ANN201 - importlib's signature
        if not fullname.startswith(self.old + "."):
            return None
        new = self.target(fullname)
        if importlib.util.find_spec(new) is None:
            return None
        return importlib.util.spec_from_loader(fullname, self, is_package=True)

    def create_module(self, spec) -> ModuleType:  # noqa: ANN001
        module = importlib.import_module(self.target(spec.name))
        self._real_spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        module.__spec__ = self._real_spec  # the import system set the alias spec on the shared module object


def alias(old: str, new: str, moved: dict[str, str] | None = None) -> ModuleType:
    """Make the package ``old`` (being imported) an alias of ``new``; warn once that the old path is deprecated.

    Args:
        old: the old top-level name (``"reference_impl"``).
        new: the new package it stands for (``"datong_rules.reference_impl"``).
        moved: modules or subpackages that moved elsewhere, old dotted part → new dotted name
            (``{"rulebook": "datong_rules.rulebook", "bots": "datong_rules.reference_impl.huolong.bots"}``).

    Returns:
        The new package's module object, which also becomes ``sys.modules[old]``.
    """
    warnings.warn(f"the import path '{old}' is deprecated and goes in the next release: import '{new}' instead",
                  DeprecationWarning, stacklevel=3)
    if not any(isinstance(f, _AliasFinder) and f.old == old for f in sys.meta_path):
        sys.meta_path.insert(0, _AliasFinder(old, new, moved or {}))
    module = importlib.import_module(new)
    sys.modules[old] = module
    return module
