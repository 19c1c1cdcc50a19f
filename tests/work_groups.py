"""Which tests pytest-xdist runs on one worker, so that each costly fixture is made once in a parallel run.

A session or module fixture is made once per worker that runs a test needing it. The tests of each costly session
fixture (:data:`SHARED`: the kit's wheel, the docs site, the mutation check) make one group, and the tests of a
module with module- or class-scoped fixtures another; every other test goes to any worker on its own. The
controller of pytest-xdist knows only the tests' ids, so a module's group is read from its text
(:func:`module_group`); :func:`misread` compares that with the fixtures pytest resolved (tests/conftest.py warns,
tests/test_work_groups.py fails).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

SHARED = {"built": "wheel", "installed": "wheel", "built_site": "site", "mutation_report": "mutation"}
"""Costly session fixtures (tests/conftest.py, tests/docs/conftest.py) → the group of the tests that use them."""

FIRST = ("wheel", "site", "mutation", "tests/docs/test_docs_console.py", "tests/test_random_simulation.py")
"""The longest groups (each a minute or more of one worker), handed out first so that none is left for the end."""

_MODULE_SCOPE = re.compile(r"""scope\s*=\s*["'](module|class)["']""")


@functools.cache
def module_group(path: str) -> str | None:
    """The group of the tests of the module at ``path`` (relative to the repository, ``/``-separated): that of the
    first costly session fixture (:data:`SHARED`) one of the module's functions takes as a parameter; else the
    module itself when it defines a module- or class-scoped fixture; else None (each test on its own)."""
    try:
        text = (REPO / path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    parameters = {name for names in re.findall(r"\bdef \w+\(([^)]*)\)", text) for name in re.findall(r"\w+", names)}
    for fixture, group in SHARED.items():
        if fixture in parameters:
            return group
    return path if _MODULE_SCOPE.search(text) else None


def work_group(nodeid: str) -> str:
    """The unit of work of the test ``nodeid``: its module's group, or the test alone."""
    return module_group(nodeid.split("::", 1)[0]) or nodeid


def resolved_group(item: pytest.Item) -> str | None:
    """What :func:`module_group` should give for the module of ``item``, from the fixtures pytest resolved for it: the
    group of a costly session fixture it uses, ``"module"`` when it uses a module- or class-scoped one, else None."""
    for name in getattr(item, "fixturenames", ()):
        if name in SHARED:
            return SHARED[name]
    definitions = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
    return "module" if any(d and d[-1].scope in ("module", "class") for d in definitions.values()) else None


def misread(items: Iterable[pytest.Item]) -> list[str]:
    """One line per module whose group :func:`module_group` reads wrong, sorted."""
    lines = set()
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        wanted = resolved_group(item)
        # a module fixture needs the module's tests together: any group of the module does that
        if wanted is not None and not (module_group(path) is not None if wanted == "module"
                                       else module_group(path) == wanted):
            lines.add(f"{path}: its tests need the group {wanted!r}, its text gives {module_group(path)!r}")
    return sorted(lines)


def scheduler(config: pytest.Config, log):  # noqa: ANN001, ANN201 - pytest-xdist's Producer and Scheduling
    """pytest-xdist's scope scheduler with :func:`work_group` as the scope: the groups of :data:`FIRST` first, then
    the others, largest first."""
    from xdist.scheduler import LoadScopeScheduling

    class WorkGroupScheduling(LoadScopeScheduling):
        ordered = False

        def _split_scope(self, nodeid: str) -> str:
            return work_group(nodeid)

        def _assign_work_unit(self, node) -> None:  # noqa: ANN001 - pytest-xdist's WorkerController
            if not self.ordered:
                for group in reversed(FIRST):
                    if group in self.workqueue:
                        self.workqueue.move_to_end(group, last=False)
                self.ordered = True
            super()._assign_work_unit(node)

    return WorkGroupScheduling(config, log)
