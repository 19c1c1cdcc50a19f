"""The fixture variants of a scenario suite: finding them, loading them, and saying a broken one once.

A fixture variant is a variant file (the spec's format) kept with a suite, ``<game>/variants/<name>.yaml``, that
``extends`` a bundled variant and exists only to pin a reading; its id is ``<game>/<name>`` and must be its own. A
scenario naming one is asked under its rules (:attr:`~.scenarios_io.Scenario.fixture`).

A fixture variant file that cannot be loaded is said once: its own problems, and one line for the scenarios that name
it (:meth:`FixtureVariants.left_out_lines`), which are left out rather than each said to name an unknown variant. A
file whose YAML is broken (its ``id`` unreadable) is taken to declare the id of its place (:func:`id_by_place`).
A scenario file put in a ``variants`` folder by mistake is said in one line (:data:`SCENARIO_FILE_HERE`), not as a
variant breaking the schema; so is an entry named ``*.yaml`` there that is no file to read (:func:`not_a_file`: a
folder, a broken symbolic link), never opened. Which of these problems a single scenario file says (the pytest plugin loads files one by one) is
:meth:`FixtureVariants.said_by_one_file`. The scenario files themselves are :mod:`.scenarios_io`'s.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from datong_rules.conformance import bundled_spec
from datong_rules.conformance.names import game_of
from datong_rules.conformance.suite_files import VARIANTS_FOLDER, ScenarioError, display_path, scenarios_root
from datong_rules.reference_impl.user_files import is_regular_file
from datong_rules.reference_impl.variant import Variant, load_file
from datong_rules.reference_impl.variant.errors import SpecError
from datong_rules.reference_impl.variant.yaml_loader import read_yaml_file


def find_variant_files(root: Path | str | None = None) -> list[Path]:
    """The fixture variant files of a suite, sorted: every ``*.yaml`` in a ``variants`` folder under ``root``
    (default :func:`~.suite_files.scenarios_root`); for a single scenario file, those of the ``variants`` folder
    beside it or beside its folder (``<game>/variants/`` for ``<game>/<variant-name>/<op>.yaml``). An entry so named
    that is not a regular file (a folder, a broken symbolic link) is among them: loading says it
    (:func:`not_a_file`). A root that does not exist has none (:func:`~.scenarios_io.find_scenario_files` reports
    it)."""
    root = Path(root) if root is not None else scenarios_root()
    if os.path.isfile(root):
        folders = [root.parent / VARIANTS_FOLDER, root.parent.parent / VARIANTS_FOLDER]
        return sorted({p for folder in folders for p in variant_files_in(folder)})
    if not os.path.isdir(root):
        return []
    return sorted(root.rglob(f"{VARIANTS_FOLDER}/*.yaml"))


def variant_files_in(folder: Path) -> tuple[Path, ...]:
    """The entries named ``*.yaml`` of one ``variants`` folder, sorted (none when it is no folder): its fixture
    variant files, and what is named so but is no file (:func:`not_a_file`)."""
    return tuple(sorted(folder.glob("*.yaml"))) if folder.is_dir() else ()


def is_variant_file(data: Any) -> bool:
    """Whether a mapping read from a suite file is a variant file (``id`` and ``extends`` or ``rules``, no
    ``scenarios``): a fixture variant placed beside scenario files rather than in a ``variants`` folder."""
    return (isinstance(data, dict) and "scenarios" not in data and "id" in data
            and ("extends" in data or "rules" in data))


def is_scenario_file(data: Any) -> bool:
    """Whether a mapping read from a YAML file is a scenario file (``scenarios``, neither ``id`` nor ``rules``): what
    ``validate`` leaves to ``conform --scenarios`` when a folder (or a pre-commit hook) hands it one."""
    return isinstance(data, dict) and "scenarios" in data and "id" not in data and "rules" not in data


def new_text(file: Path, seen: set[bytes]) -> bool:
    """Record the bytes of ``file`` in ``seen``; False when a file with the very same bytes was there already (a copy
    of the bundled suite brings copies of its fixture variants: the same definition twice is one definition)."""
    if not is_regular_file(file):  # never opened (a FIFO would block): said later, in one line (not_a_file)
        return True
    try:
        text = file.read_bytes()
    except OSError:  # unreadable: it fails to load later, with its own message
        return True
    if text in seen:
        return False
    seen.add(text)
    return True


@dataclass(frozen=True)
class FixtureVariants:
    """The fixture variants of some files, loaded without raising (:func:`read_fixture_variants`).

    Attributes:
        found: the fixture variants loaded, by id.
        problems: the problems of the other files (one located line each), by the file's name
            (:func:`~.suite_files.display_path`), in file order.
        broken: the id each file that defines none declares → that file's name, for an id that no other file and no
            bundled variant has: a scenario naming one is left out (:meth:`left_out`), with one line for them all
            (:meth:`left_out_lines`), not said to name an unknown variant.
    """

    found: dict[str, Variant] = field(default_factory=dict)
    problems: dict[str, list[str]] = field(default_factory=dict)
    broken: dict[str, str] = field(default_factory=dict)

    def problem_lines(self) -> list[str]:
        """Every problem of the files, in file order."""
        return [line for lines in self.problems.values() for line in lines]

    def left_out(self, known: Mapping[str, Variant]) -> dict[str, list[str]]:
        """An empty list for each broken id that ``known`` (the variants a scenario may name besides the bundled
        ones) does not have: the loader adds to it the place (``file:line``) of each scenario naming that id, which
        it leaves out."""
        return {vid: [] for vid in self.broken if vid not in known}

    def left_out_lines(self, left_out: Mapping[str, list[str]]) -> list[str]:
        """One line for each broken fixture variant that scenarios name (``left_out``: id → where each such scenario
        is, ``file:line``, as :meth:`left_out` gave it and the loader filled it): how many were left out, and
        where."""
        lines = []
        for vid, uses in left_out.items():
            if len(uses) == 1:
                lines.append(f"{self.broken[vid]}:1:1: fixture variant '{vid}' cannot be loaded: the 1 scenario "
                             f"naming it is left out (at {uses[0]})")
            elif uses:
                lines.append(f"{self.broken[vid]}:1:1: fixture variant '{vid}' cannot be loaded: the {len(uses)} "
                             f"scenarios naming it are left out (first at {uses[0]})")
        return lines

    def said_by_one_file(self, left_out: Mapping[str, list[str]]) -> list[str]:
        """The fixture lines that one scenario file, loaded alone, says (``left_out`` filled by its scenarios): the
        problems of a broken fixture variant only when a scenario of the file names it (so that the files naming
        only the others load), then its :meth:`left_out_lines`; a problem that is not of one broken variant (an id
        two files define, a bundled variant's id, a broken file whose id cannot be told) by every file."""
        named = {self.broken[vid] for vid, uses in left_out.items() if uses}
        hurt = [line for name, lines in self.problems.items()
                if name in named or name not in self.broken.values() for line in lines]
        return hurt + self.left_out_lines(left_out)


def load_fixture_variants(files: Iterable[Path]) -> dict[str, Variant]:
    """The fixture variants of these files, by id.

    A fixture variant is a variant file (the spec's format) that ``extends`` a bundled variant and exists only to
    pin a reading; its id is ``<game>/<name>`` and must be its own.

    Raises:
        ScenarioError: a file that cannot be loaded (the spec loader's one-line problems), a variant without
            ``extends``, an id that a bundled variant has, or an id used by two files.
    """
    read = read_fixture_variants(files)
    if read.problems:
        raise ScenarioError(read.problem_lines())
    return read.found


def read_fixture_variants(files: Iterable[Path]) -> FixtureVariants:
    """:func:`load_fixture_variants` without raising: the variants loaded, the problems of the other files, and the
    ids the broken ones declare (:class:`FixtureVariants`). A file whose ``id`` cannot be read (broken YAML) is taken
    to declare the id of its place (:func:`id_by_place`)."""
    problems: dict[str, list[str]] = {}
    found: dict[str, Variant] = {}
    where: dict[str, str] = {}
    broken: dict[str, str] = {}
    bundled = set(bundled_spec.variant_ids())
    for path in files:
        name = display_path(path)
        odd = not_a_file(path)
        if odd is not None:  # never opened: a FIFO would block the read
            problems[name] = [f"{name}:1:1: {odd}"]
            broken.setdefault(id_by_place(path, bundled) or "", name)
            continue
        try:
            variant = load_file(path)
        except SpecError as exc:
            problems[name] = ([f"{name}:1:1: {SCENARIO_FILE_HERE}"] if _is_scenario_file(path)
                              else [str(p) for p in getattr(exc, "problems", None) or [exc]])
            broken.setdefault(_declared_id(path) or id_by_place(path, bundled) or "", name)
            continue
        if variant.id in bundled:
            problems[name] = [f"{name}:1:1: id: '{variant.id}' is the id of a bundled variant (a fixture variant "
                              f"needs an id of its own, e.g. '{game_of(variant.id)}/my-reading')"]
        elif variant.parent is None:
            problems[name] = [f"{name}:1:1: a fixture variant must extend a bundled variant (add 'extends: …')"]
            broken.setdefault(variant.id, name)
        elif variant.id in found:
            problems[name] = [f"{name}:1:1: id: fixture variant '{variant.id}' is also defined in {where[variant.id]}"]
        else:
            found[variant.id] = variant
            where[variant.id] = name
    return FixtureVariants(found, problems, {vid: name for vid, name in broken.items()
                                             if vid and vid not in found and vid not in bundled})


def id_by_place(path: Path, bundled: set[str]) -> str | None:
    """The id a fixture variant file has by its place, ``<game>/<file name without .yaml>`` for
    ``<game>/variants/<name>.yaml`` (as every bundled fixture variant is named), when ``<game>`` is the game of a
    bundled variant (``bundled``: the bundled variants' ids); else None."""
    game = path.parent.parent.name
    if path.parent.name != VARIANTS_FOLDER or not any(v.startswith(f"{game}/") for v in bundled):
        return None
    return f"{game}/{path.stem}"


SCENARIO_FILE_HERE = "a scenario file in the variants folder, which holds fixture variants only"
"""The one problem of a scenario file put in a ``variants`` folder (in place of the variant schema's problems)."""


FOLDER_HERE = "a folder in the variants folder, which holds fixture variant files only"
"""The one problem of a folder named ``*.yaml`` in a ``variants`` folder."""
BROKEN_LINK_HERE = "a broken symbolic link in the variants folder (its target {target} does not exist)"
"""The one problem of a symbolic link named ``*.yaml`` in a ``variants`` folder whose target cannot be reached
(``{target}``: where it points, as written in the link)."""
NOT_REGULAR_HERE = "not a regular file (a FIFO, a device or a socket) in the variants folder"
"""The one problem of any other entry named ``*.yaml`` in a ``variants`` folder that is no regular file."""


def not_a_file(path: Path) -> str | None:
    """Why ``path``, an entry of a ``variants`` folder, is no fixture variant file to read (:data:`FOLDER_HERE`,
    :data:`BROKEN_LINK_HERE` or :data:`NOT_REGULAR_HERE`), or None for a regular file (or a link to one)."""
    if is_regular_file(path):
        return None
    if path.is_dir():
        return FOLDER_HERE
    if path.is_symlink():
        try:
            target = os.readlink(path)
        except OSError:  # gone between the two looks
            target = "?"
        return BROKEN_LINK_HERE.format(target=target)
    return NOT_REGULAR_HERE


def _is_scenario_file(path: Path) -> bool:
    """Whether the file (in a ``variants`` folder, not a loadable variant) reads as a scenario file: a mapping with
    ``scenarios`` at its top and neither ``extends`` nor ``id``."""
    try:
        data = read_yaml_file(path, display=display_path(path)).data
    except SpecError:
        return False
    return isinstance(data, dict) and "scenarios" in data and "extends" not in data and "id" not in data


def _declared_id(path: Path) -> str | None:
    """The ``id`` a variant file that cannot be loaded declares, if its YAML can be read and the id is text."""
    try:
        data = read_yaml_file(path, display=display_path(path)).data
    except SpecError:
        return None
    declared = data.get("id") if isinstance(data, dict) else None
    return declared if isinstance(declared, str) else None


def fixtures_beside(files: tuple[Path, ...]) -> FixtureVariants:
    """:func:`read_fixture_variants`, kept for the process per set of files and their modification times (the pytest
    plugin loads scenario files one by one, each with the fixture variants beside it)."""
    try:
        key = tuple((str(f), f.stat().st_mtime_ns) for f in files)
    except OSError:
        return read_fixture_variants(files)
    if key not in _FIXTURE_CACHE:
        _FIXTURE_CACHE[key] = read_fixture_variants(files)
    return _FIXTURE_CACHE[key]


_FIXTURE_CACHE: dict[tuple, FixtureVariants] = {}
