"""Where the bundled data lives, in a checkout and in an installed wheel.

The repository's ``spec/`` folder sits beside ``reference_impl/``; the wheel installs it as ``datong_rules/spec``,
beside ``datong_rules/reference_impl``. Either way it is the folder next to this package.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def spec_root() -> Path:
    """The directory holding ``sources.yaml``, ``schema/`` and one folder per game.

    Returns:
        An existing directory path.

    Raises:
        FileNotFoundError: neither the bundled copy nor a checkout's ``spec/`` exists.
    """
    candidate = _PACKAGE_DIR.parent / "spec"
    if (candidate / "sources.yaml").is_file():
        return candidate
    raise FileNotFoundError("the kit's spec/ folder was not found (broken install?)")


def schema_path(name: str) -> Path:
    """Path of a JSON schema in ``spec/schema/`` by file name, e.g. ``"variant.schema.json"``."""
    return spec_root() / "schema" / name
