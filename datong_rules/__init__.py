"""datong-rules: the rule kit for the card games of Datong (攉龙 Huolong, 打墩 Dadun, 大同扑克 · 憋蛋 Biedan).

Import names (the repository keeps one folder per layer; the package maps them under ``datong_rules``):

- :mod:`datong_rules.reference_impl`: card notation, spec loading, the games' engines (folder ``reference_impl/``);
- :mod:`datong_rules.conformance`: scenarios, runner, adapters, reports, pytest plugin (folder ``conformance/``);
- :mod:`datong_rules.rulebook`: the generated rulebooks (folder ``datong_rules/rulebook/``);
- :mod:`datong_rules.cli`: the ``datong-rules`` command (folder ``datong_rules/cli/``).

Imports run one way: notation and spec loading, then the engine, then the checker, then rulebooks and the CLI
(``tests/test_layers.py`` checks it). ``__version__`` is read from the installed package's metadata, whose only
source is ``pyproject.toml``.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    """``__version__``, read from the installed package's metadata at first use (importlib.metadata is not imported
    by ``import datong_rules``, so that commands that do not need the version start faster)."""
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import metadata

    try:
        version = metadata.version("datong-rules")
    except metadata.PackageNotFoundError:  # running from a checkout that was never installed
        version = "0+unknown"
    globals()["__version__"] = version
    return version
