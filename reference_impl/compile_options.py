"""mypyc's class options for the optional compiled build (``setup.py``), importable without mypy.

``mypyc_attr`` is mypy_extensions' decorator when that package is installed (mypyc reads it while compiling), and a
decorator that changes nothing otherwise: the package never needs mypy_extensions to run, compiled or not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - mypy_extensions comes with mypy (the test extra)
    def mypyc_attr(*attrs: str, **options: object) -> Callable[[Any], Any]:  # type: ignore[misc]
        """The class or function decorated, unchanged (mypyc's options matter only while compiling)."""
        return lambda decorated: decorated

__all__ = ["mypyc_attr"]
