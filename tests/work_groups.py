"""Which tests pytest-xdist runs on one worker, so that each costly fixture is made once in a parallel run.

A session or module fixture is made once per worker that runs a test needing it. The tests of each costly session
fixture (:data:`SHARED`: the kit's wheel, the docs site, the mutation check) make one group, and the tests of a
module with module- or class-scoped fixtures another; every other test goes to any worker on its own. The
controller of pytest-xdist knows only the tests' ids, so a test's group is read from its module's text
(:func:`work_group`); :func:`misread` compares that with the fixtures pytest resolved (tests/conftest.py warns,
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

FIRST = ("mutation", "wheel", "site", "tests/test_random_simulation.py", "tests/test_compiled.py")
"""The longest groups (each a minute or more of one worker), handed out first so that none is left for the end."""

_MODULE_SCOPE = re.compile(r"""scope\s*=\s*["'](module|class)["']""")


@functools.cache
def _module(path: str) -> tuple[dict[str, list[str]], bool]:
    """The parameters of each function of the module at ``path``, and whether it defines a module- or class-scoped
    fixture."""
    try:
        text = (REPO / path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}, False
    parameters = {name: re.findall(r"\w+", names) for name, names in re.findall(r"\bdef (\w+)\(([^)]*)\)", text)}
    return parameters, bool(_MODULE_SCOPE.search(text))


def _shared_group(path: str, function: str) -> str | None:
    """The group of the first costly session fixture (:data:`SHARED`) that ``function`` of the module at ``path``
    takes, itself or through the module's fixtures it takes."""
    parameters, _ = _module(path)
    seen, todo = set(), [function]
    while todo:
        name = todo.pop(0)
        if name in seen:
            continue
        seen.add(name)
        for parameter in parameters.get(name, ()):
            if parameter in SHARED:
                return SHARED[parameter]
            todo.append(parameter)
    return None


def module_group(path: str) -> str | None:
    """The group of all the tests of the module at ``path`` (relative to the repository, ``/``-separated), when it
    defines a module- or class-scoped fixture: the group of a costly session fixture one of its functions takes, or
    the module itself; else None (each test goes by :func:`work_group`)."""
    parameters, module_scoped = _module(path)
    if not module_scoped:
        return None
    return next((g for g in (_shared_group(path, f) for f in parameters) if g is not None), path)


def work_group(nodeid: str) -> str:
    """The unit of work of the test ``nodeid``: its module's group (:func:`module_group`), else the group of the
    costly session fixture it takes, else the test alone."""
    path, _, rest = nodeid.partition("::")
    function = rest.split("[", 1)[0].rsplit("::", 1)[-1]
    return module_group(path) or _shared_group(path, function) or nodeid


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
        # a module fixture needs the module's tests together: any group of the whole module does that
        if wanted == "module" and module_group(path) is None:
            lines.add(f"{path}: its tests use a module- or class-scoped fixture its text does not define")
        elif wanted not in (None, "module") and work_group(item.nodeid) != wanted:
            lines.add(f"{item.nodeid}: it needs the group {wanted!r}, its text gives {work_group(item.nodeid)!r}")
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
