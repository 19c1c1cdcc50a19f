"""The pytest plugin's items for a suite's fixture variants (:mod:`.pytest_plugin`): each ``variants`` folder of a
collected suite is a :class:`FixtureVariantsFolder`, whose fixture variant files that cannot be loaded are one failing
:class:`FixtureVariantProblem` each, with their one-line problems, as ``conform`` says them
(:func:`~.fixture_variants.read_fixture_variants`).

A scenario file naming a broken fixture variant already says its problems in its collection error; the item of a
problem said so is left out (:func:`unsaid`), so that each is said once, and the problem of a fixture variant no
scenario names (which no scenario file says) is said by its item.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from datong_rules.conformance.fixture_variants import fixtures_beside, variant_files_in
from datong_rules.conformance.suite_files import display_path


class FixtureVariantsFolder(pytest.Directory):
    """A ``<game>/variants`` folder: one :class:`FixtureVariantProblem` per entry named ``*.yaml`` there that cannot be
    loaded as a fixture variant (a folder or a broken link included); none when all load."""

    def collect(self):
        files = variant_files_in(self.path)
        read = fixtures_beside(files)
        by_name = {display_path(file): file for file in files}
        for name, lines in read.problems.items():
            path = by_name.get(name, self.path / Path(name).name)
            yield FixtureVariantProblem.from_parent(self, name=path.name, path=path, lines=lines)


class FixtureVariantProblem(pytest.Item):
    """A fixture variant file that cannot be loaded: the item fails with its problems, one line each
    (``file:line:col: message``)."""

    def __init__(self, *, lines: list[str], **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines = list(lines)

    def runtest(self) -> None:
        pytest.fail("\n".join(self.lines), pytrace=False)

    def reportinfo(self):
        return self.path, 0, f"fixture variant {self.name}"


def unsaid(items: list, said: Iterable[str]) -> list:
    """``items`` without the :class:`FixtureVariantProblem` items whose every line is in ``said`` (the lines of the
    scenario files' collection errors)."""
    said = set(said)
    return [item for item in items if not (isinstance(item, FixtureVariantProblem) and set(item.lines) <= said)]
