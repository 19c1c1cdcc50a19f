"""What the loaders of a scenario suite share: where the bundled suite is, the folder name of fixture variants, a
file's path as a problem line names it, and :class:`ScenarioError`, which gathers those lines.

:mod:`.scenarios_io` (the scenario files) and :mod:`.fixture_variants` (the fixture variants beside them) both
import these; each name is importable from :mod:`.scenarios_io` too, where callers have always found it.
"""

from __future__ import annotations

from pathlib import Path

from datong_rules.reference_impl.user_files import resolved

VARIANTS_FOLDER = "variants"
"""Fixture variants of a suite are the ``*.yaml`` files in folders of this name (``<game>/variants/``)."""
_PACKAGE_DIR = Path(__file__).resolve().parent


class ScenarioError(ValueError):
    """Scenario files that cannot be used.

    Attributes:
        errors: one line per problem, each ``file:line:col: message``, in order, a line given twice kept once (a
            file's ``defaults`` naming an unknown variant is found at the same place for each of its scenarios);
            ``str()`` joins them with newlines.
    """

    def __init__(self, errors: list[str]) -> None:
        self.errors = list(dict.fromkeys(errors))
        super().__init__("\n".join(self.errors))


def scenarios_root() -> Path:
    """The bundled suite's folder, ``conformance/scenarios`` (it may not exist yet)."""
    return _PACKAGE_DIR / "scenarios"


def display_path(path: Path) -> str:
    """``path`` relative to the working directory when it lies below it, else as given."""
    try:
        return str(resolved(path).relative_to(resolved(Path.cwd())))
    except (ValueError, OSError):
        return str(path)
