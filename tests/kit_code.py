"""Which files of the repository are the kit's own code, for the tests that hold the kit's code to its house rules."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def outsider_engine(path: Path) -> bool:
    """Whether ``path`` is in an engine written from the docs alone by someone outside the project
    (``conformance/examples/outsider_*``): a whole game engine, kept as its writer wrote it (it checks the docs, not
    the kit's code), so it holds game rules and seat arithmetic by nature and is left out of the kit's own house
    rules (tests/test_layers.py, tests/test_complexity.py)."""
    examples = REPO / "conformance" / "examples"
    return examples in path.parents and path.relative_to(examples).parts[0].startswith("outsider_")
