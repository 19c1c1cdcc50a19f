"""Finding, loading, resolving and validating the variants of a spec folder.

A :class:`Registry` serves one spec folder (by default the kit's own, :func:`datong_rules.reference_impl.paths.spec_root`):
``<root>/sources.yaml``, ``<root>/schema/``, and one folder per game holding variant files. A variant file is
validated in two steps:

1. **each file on its own** (the file and every file of its ``extends`` chain): strict YAML
   (:mod:`.yaml_loader`), the variant schema (``schema/variant.schema.json``), a bundled file's ``id`` matching its
   place, a house file not reusing a bundled id; ``extends`` resolved by id to ``<root>/<id>.yaml``, never outside
   ``<root>``, with cycles and missing parents reported;
2. **the resolved variant** (only when step 1 found nothing, since the checks rely on well-formed data): the chain
   merged by the rules of :mod:`.merge`, then checked against ``$defs/resolved`` of the variant schema and, unless
   abstract, ``$defs/complete`` of the game's rule schema ``schema/games/<game>/rules.schema.json`` (the rules the
   game needs, kept as data), then the checks of :mod:`.findings` (shared ones, then the game's own through the game
   registry). Every problem is located in the file that wrote the offending node.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from ..paths import spec_root
from ..user_files import clipped, is_regular_file, resolved
from .findings import Finding, playability_findings, semantic_findings, warning_findings
from .errors import SpecError, format_path, raise_all, sorted_unique
from .ids import id_path, id_problem, is_file_ref, path_id
from .merge import deletions_without_target, merge_variant
from .schema_check import load_schema, schema_problems, validator
from .variant import Variant
from .yaml_loader import LoadedYaml, read_yaml_file

VARIANT_SCHEMA = "variant.schema.json"
SOURCES_SCHEMA = "sources.schema.json"
SOURCES_FILE = "sources.yaml"

REGISTER_SCHEMAS = ("readings.schema.json", "reasons.schema.json", "value-words.schema.json")
"""The schemas of the spec folder's registers that are not variants (``spec/readings.yaml``, ``spec/reasons.yaml``,
``spec/value-words.yaml``): a file whose first line names one (``# yaml-language-server: $schema=…``) is checked
against it by :meth:`Registry.check_file`, not read as a variant."""

_SCHEMA_LINE = re.compile(r"^#\s*yaml-language-server:\s*\$schema=\S*?([A-Za-z0-9_.-]+\.schema\.json)\s*$")


def game_mismatches(files: list[LoadedYaml]) -> list[SpecError]:
    """A ``game`` or ``family`` that a file of an ``extends`` chain (``files``: the published variant first) gives
    otherwise than the files before it (kind ``game_mismatch``), at that key of that file."""
    problems: list[SpecError] = []
    given: dict[str, Any] = {}
    for loaded in files:
        for key in ("game", "family"):
            if key in loaded.data:
                if key in given and loaded.data[key] != given[key]:
                    problems.append(loaded.error((key,), f"{key} '{loaded.data[key]}' differs from the parent's "
                                                 f"'{given[key]}'", f"'{given[key]}' or nothing (inherited)",
                                                 "game_mismatch"))
                given[key] = loaded.data[key]
    return problems


class Registry:
    """The variants of one spec folder.

    Args:
        root: the spec folder (default: the kit's bundled ``spec/``). Its ``schema/`` folder is used if it holds the
            variant schema, else the kit's.
    """

    def __init__(self, root: str | Path | None = None) -> None:
        self.root = Path(root) if root is not None else spec_root()
        own_schema = self.root / "schema"
        self.schema_dir = own_schema if (own_schema / VARIANT_SCHEMA).is_file() else spec_root() / "schema"
        self._files: dict[tuple, LoadedYaml] = {}
        self._data_checks: dict[tuple[int, str], tuple[dict, list[SpecError]]] = {}  # (id(data), name) → problems
        self._variants: dict[str, Variant] = {}
        self._sources: tuple[set[str] | None, list[SpecError]] | None = None

    # ----------------------------------------------------------------------------------------------- listing
    def variant_ids(self) -> list[str]:
        """Ids of every variant file in ``<root>/<game>/*.yaml``, abstract ones included, sorted."""
        ids = []
        for game_dir in sorted(p for p in self.root.iterdir() if p.is_dir() and p.name != "schema"):
            ids += [f"{game_dir.name}/{p.stem}" for p in sorted(game_dir.glob("*.yaml"))]
        return ids

    def display(self, path: str | Path) -> str:
        """How a file is named in messages: relative to the working directory when inside it, else absolute."""
        try:
            absolute = Path(os.path.abspath(path))  # not resolved: a link is named as the user named it
            return os.path.relpath(absolute) if absolute.is_relative_to(Path.cwd()) else str(absolute)
        except (OSError, ValueError):
            return str(path)

    # ----------------------------------------------------------------------------------------------- sources
    def source_ids(self) -> set[str] | None:
        """The ids of ``<root>/sources.yaml``, or ``None`` when that file cannot be loaded."""
        if self._sources is None:
            self._sources = self._read_sources(self.root / SOURCES_FILE)
        return self._sources[0]

    def sources(self) -> list[dict]:
        """The entries of ``<root>/sources.yaml`` (``[]`` when unreadable; :meth:`check_sources` says why)."""
        try:
            return list(self._load(self.root / SOURCES_FILE).data.get("sources") or [])
        except SpecError:
            return []

    def check_sources(self, path: str | Path | None = None) -> list[SpecError]:
        """Problems of a sources file (default ``<root>/sources.yaml``): YAML, schema, duplicate ids."""
        return self._read_sources(Path(path) if path is not None else self.root / SOURCES_FILE)[1]

    def _read_sources(self, path: Path) -> tuple[set[str] | None, list[SpecError]]:
        try:
            loaded = self._load(path)
        except SpecError as exc:
            return None, [exc]
        problems = self._schema_problems(loaded, SOURCES_SCHEMA)
        ids: set[str] = set()
        for index, entry in enumerate(loaded.data.get("sources") or []):
            source_id = entry.get("id") if isinstance(entry, dict) else None
            if source_id in ids:
                problems.append(loaded.error(("sources", index, "id"), f"source id '{source_id}' is listed twice",
                                             "unique ids", "duplicate_id"))
            if isinstance(source_id, str):
                ids.add(source_id)
        return (None if problems else ids), sorted_unique(problems)

    # ----------------------------------------------------------------------------------------------- loading
    def load_variant(self, variant_id: str) -> Variant:
        """The resolved bundled variant ``variant_id`` (cached).

        Raises:
            SpecError: the id is unknown (kind ``unknown_variant``, or ``bad_id``/``outside_spec`` for a malformed id),
                or the variant or its chain has problems; the first is raised with all of them in ``problems``.
        """
        if variant_id not in self._variants:
            problem = id_problem(variant_id)
            path = id_path(self.root, variant_id) if problem is None else None
            if path is None or not path.is_file():
                known = ", ".join(self.variant_ids())
                message = problem[1] if problem else f"unknown variant {variant_id!r}"
                raise SpecError(str(variant_id), 1, 1, "", message, f"one of: {known}",
                                problem[0] if problem else "unknown_variant")
            variant, problems = self._resolve(path, variant_id)
            raise_all(problems)
            assert variant is not None  # no problems: step 1 succeeded
            self._variants[variant_id] = variant
        return self._variants[variant_id]

    def load_file(self, path: str | Path) -> Variant:
        """The resolved variant of any variant file (a house variant outside spec/, or a bundled file by path).

        Raises:
            SpecError: the first problem, with all of them in ``problems``.
        """
        variant, problems = self._resolve(Path(path), path_id(self.root, Path(path)))
        raise_all(problems)
        assert variant is not None  # no problems: step 1 succeeded
        return variant

    def check_file(self, path: str | Path) -> list[SpecError]:
        """Every problem of one file, sorted; ``[]`` if none: a variant; a sources file (named ``sources.yaml``, or
        declaring its schema); a register of the spec folder (:data:`REGISTER_SCHEMAS`), against its own schema."""
        path = Path(path)
        declared = declared_schema(path)
        if path.name == SOURCES_FILE or declared == SOURCES_SCHEMA:
            return self.check_sources(path)
        if declared in REGISTER_SCHEMAS:
            try:
                return sorted_unique(self._schema_problems(self._load(path), declared))
            except SpecError as exc:
                return [exc]
        return sorted_unique(self._resolve(path, path_id(self.root, path))[1])

    def warnings_file(self, path: str | Path) -> list[SpecError]:
        """The warnings of one variant file (:func:`.findings.warning_findings`), located as problems are, sorted;
        ``[]`` when the file has a problem (:meth:`check_file` reports those) or is a sources file."""
        path = Path(path)
        if path.name == SOURCES_FILE:
            return []
        variant, problems = self._resolve(path, path_id(self.root, path))
        if problems or variant is None:
            return []
        return sorted_unique([_located_finding(variant, variant.file, f) for f in warning_findings(variant)])

    def warnings_all(self) -> list[SpecError]:
        """The warnings of every variant of the folder, sorted."""
        return sorted_unique([w for variant_id in self.variant_ids()
                              for w in self.warnings_file(self.root / f"{variant_id}.yaml")])

    def check_all(self) -> list[SpecError]:
        """Every problem of the sources file and of every variant of the folder, sorted; ``[]`` if none."""
        problems = self.check_sources()
        for variant_id in self.variant_ids():
            problems += self.check_file(self.root / f"{variant_id}.yaml")
        return sorted_unique(problems)

    # ------------------------------------------------------------------------------------------- internals
    def rules_schema(self, game: Any) -> Path | None:
        """The rule-section schema of ``game`` (``schema/games/<game>/rules.schema.json``), or None if it has none."""
        if not isinstance(game, str) or id_problem(f"{game}/x") is not None:
            return None
        path = self.schema_dir / "games" / game / "rules.schema.json"
        return path if path.is_file() else None

    def _load(self, path: Path) -> LoadedYaml:
        display = self.display(path)  # part of the key: the name messages give depends on the working directory
        try:
            stat = path.stat()
            key: tuple = (str(resolved(path)), stat.st_mtime_ns, stat.st_size, display)
        except OSError:
            key = (str(path), None, None, display)
        if key not in self._files:
            self._files[key] = read_yaml_file(path, display=display)
        return self._files[key]

    def _schema_problems(self, loaded: LoadedYaml | None, schema: str, definition: str = "", data: Any = None,
                         locate: Any = None, missing_kind: str = "missing_key") -> list[SpecError]:
        check = validator(self.schema_dir / schema, definition)
        if loaded is not None:
            data = loaded.data if data is None else data
            locate = locate or (lambda p: (loaded.file, *loaded.position(p)))
        return schema_problems(data, check, locate, missing_kind=missing_kind)

    def _file_problems(self, loaded: LoadedYaml, bundled_id: str | None) -> list[SpecError]:
        """Step 1 for one file: schema, and its id against its place (bundled) or the bundled ids (house)."""
        problems = self._schema_problems(loaded, VARIANT_SCHEMA)
        own_id = loaded.data.get("id")
        if isinstance(own_id, str) and id_problem(own_id) is None:
            if bundled_id is not None and own_id != bundled_id:
                problems.append(loaded.error(("id",), f"id '{own_id}' does not match the file's place",
                                             f"'{bundled_id}' (the path under spec/ without .yaml)", "id_mismatch"))
            if bundled_id is None and own_id in self.variant_ids():
                problems.append(loaded.error(("id",), f"'{own_id}' is the id of a bundled variant",
                                             "an id of your own, e.g. huolong/my-club", "id_taken"))
        return problems

    def _resolve(self, path: Path, bundled_id: str | None) -> tuple[Variant | None, list[SpecError]]:
        """Load ``path`` and its chain, merge, and check; returns the variant (``None`` if step 1 failed).

        A link of the chain is a published variant's id (``<root>/<id>.yaml``) or, in a house file, another house
        file by its path relative to the naming file (:func:`.ids.is_file_ref`); a chain reaches a published
        variant in the end."""
        try:
            leaf = self._load(path)
        except SpecError as exc:
            return None, [exc]
        problems = self._file_problems(leaf, bundled_id)
        files, ids = [leaf], [bundled_id or leaf.data.get("id")]
        visited = {resolved(path)}  # by file, not id: a house file may reuse an id, but no extends can reach it
        current, current_path, current_bundled = leaf, path, bundled_id is not None
        while isinstance(ref := current.data.get("extends"), str):
            step = self._parent_of(current, current_path, current_bundled, ref, ids, visited)
            if isinstance(step, SpecError):
                problems.append(step)
                break
            if step is None:
                break
            parent_path, parent_id = step
            try:
                parent = self._load(parent_path)
            except SpecError as exc:
                problems.append(exc)
                break
            problems += self._file_problems(parent, parent_id)
            files.append(parent)
            ids.append(parent_id or parent.data.get("id"))
            visited.add(resolved(parent_path))
            current, current_path, current_bundled = parent, parent_path, parent_id is not None
        files.reverse()
        ids.reverse()
        if problems:
            mismatches = game_mismatches(files)
            if mismatches:  # a file of another game than its parent: its rules were checked against that game's
                moot = {p.file for p in mismatches}
                problems = mismatches + [p for p in problems if p.file not in moot or not p.rule_path.startswith("rules")]
            return None, problems
        return self._merge_and_check(files, ids)

    def _parent_of(self, current: LoadedYaml, current_path: Path, bundled: bool, ref: str, ids: list,
                   visited: set[Path]) -> tuple[Path, str | None] | SpecError | None:
        """The next link of an ``extends`` chain: ``(parent file, its published id or None for a house file)``; a
        :class:`SpecError` for a broken link (self, cycle, missing, a published variant naming a file); None when
        ``ref`` is malformed (the schema check of the file reports it)."""
        parent_path: Path | None
        parent_id: str | None
        if is_file_ref(ref):
            if bundled:
                return current.error(("extends",), f"a published variant extends a file ('{ref}')",
                                     "the id of a published variant, e.g. huolong/li-zhijiang", "bad_value")
            parent_path, parent_id = current_path.parent / ref, None
        elif id_problem(ref) is None:
            parent_path, parent_id = id_path(self.root, ref), ref
        else:
            return None
        if parent_id is not None and parent_id == current.data.get("id") and (
                parent_path is None or not is_regular_file(parent_path) or resolved(parent_path) in visited):
            return current.error(("extends",), f"the variant extends itself ('{parent_id}')",
                                 "the id of another variant, e.g. huolong/li-zhijiang", "extends_cycle")
        chain = " → ".join(clipped(str(i)) for i in [*ids, ref])
        if parent_path is not None and is_regular_file(parent_path) and resolved(parent_path) in visited:
            return current.error(("extends",), f"extends makes a cycle: {chain}",
                                 "a chain that ends in a variant without extends", "extends_cycle")
        if parent_path is None or not os.path.lexists(parent_path):  # a link loop exists: its reading says why
            if parent_id is None:
                problem = current.error(("extends",), f"house file '{clipped(ref)}' does not exist (looked for "
                                        f"{clipped(self.display(parent_path or ref))})",
                                        "a house file's path relative to this file, or a published variant's id",
                                        "missing_parent")
            else:
                problem = current.error(("extends",), f"variant '{clipped(parent_id)}' does not exist",
                                        "one of: " + ", ".join(self.variant_ids()), "missing_parent")
            problem.context = f"chain: {chain}"
            return problem
        if os.path.isdir(parent_path):  # said at the extends line that names it, not at the folder's "line 1"
            return current.error(("extends",), f"{clipped(ref)!r} is a folder, not a file (looked for "
                                 f"{clipped(self.display(parent_path))})",
                                 "a house file's path relative to this file, or a published variant's id",
                                 "missing_parent")
        return parent_path, parent_id

    def _merge_and_check(self, files: list[LoadedYaml], ids: list[str]) -> tuple[Variant, list[SpecError]]:
        problems: list[SpecError] = []
        data: dict = {}
        for loaded in files:
            for path in deletions_without_target(data, loaded.data):
                problems.append(loaded.error(path, f"null deletes '{format_path(path)}', but nothing is inherited "
                                             "there", "a key the parent variant defines", "nothing_to_delete"))
            data = merge_variant(data, loaded.data)
        problems += game_mismatches(files)
        if is_file_ref(data.get("extends")):  # a house file over house files: name the published variant
            data["extends"] = next(ref for loaded in reversed(files)
                                   if isinstance(ref := loaded.data.get("extends"), str) and not is_file_ref(ref))
        variant = Variant(id=data["id"], data=data, file=files[-1].file, chain=tuple(ids), files=tuple(files))
        if any(p.kind == "game_mismatch" for p in problems):
            return variant, problems  # the game's checks would not apply
        return variant, problems + self._resolved_problems(variant, files[-1], problems)

    def _resolved_problems(self, variant: Variant, leaf: LoadedYaml | None,
                           earlier: list[SpecError]) -> list[SpecError]:
        """Step 2 for a resolved variant: its schema (``$defs/resolved``), its game's complete rules, its id's game,
        the semantic checks and, when nothing else is wrong (``earlier`` included), playability. ``leaf``: the
        variant's own file (a problem of a missing rule points there); None for rules received as data, whose
        problems are placed at ``variant.file``, line 1 (then the semantic checks wait for a clean schema check,
        which the files' step 1 gives otherwise)."""
        data = variant.data
        problems = [] if leaf is not None else self._schema_problems(None, VARIANT_SCHEMA, "", data, variant.origin)
        problems += self._schema_problems(leaf, VARIANT_SCHEMA, "resolved", data, variant.origin)
        if leaf is None and problems:  # each rule's value as a file's step 1 checks it, then the whole
            return sorted_unique(problems)
        game = data.get("game")
        rules_schema = self.rules_schema(game)
        if not variant.abstract and rules_schema is not None and "complete" in load_schema(rules_schema)["$defs"]:
            # a missing rule is added in the leaf file: point there (at the deepest place it has)
            problems += self._schema_problems(leaf, str(rules_schema.relative_to(self.schema_dir)), "complete",
                                              data, None if leaf is not None else variant.origin, "incomplete")
        if leaf is None and problems:
            return problems
        if isinstance(game, str) and data["id"].split("/")[0] != game:
            message, expected = f"id '{data['id']}' does not start with its game '{game}'", f"'{game}/…'"
            problems.append(leaf.error(("id",), message, expected, "id_mismatch") if leaf is not None else
                            SpecError(variant.file, 1, 1, "id", message, expected, "id_mismatch"))
        for finding in semantic_findings(variant, self.source_ids()):
            problems.append(_located_finding(variant, variant.file, finding))
        if not problems and not earlier:  # the engine assumes a variant without other problems
            for finding in playability_findings(variant):
                problems.append(_located_finding(variant, variant.file, finding))
        return problems

    def check_rules_data(self, data: Any, name: str = "variant_rules") -> list[SpecError]:
        """Every problem of a resolved variant received as data rather than read from files (a query's
        ``variant_rules``, what ``datong-rules show ID --format json`` prints): the same checks of rule values as
        a variant file's resolved rules get (a whole number written ``3.0``, a value out of its bounds, a hand
        larger than the deck, an unplayable combination), each placed at ``name``, line 1, with its rule path.
        ``[]`` when the rules can be played. The same mapping given again (the same object, as a suite gives its
        fixture variants at each run) is not checked again: a mapping is not to be changed once given."""
        if not isinstance(data, dict) or id_problem(data.get("id")) is not None:
            return [SpecError(name, 1, 1, "id", "not a resolved variant with a variant id",
                              "a mapping with id, game, rules (as `datong-rules show ID --format json` prints it)",
                              "bad_value")]
        # the same mapping comes again and again (a suite's fixture variants, at each run): checked once; the
        # mapping is kept with its problems, so that its id names it while it is kept (it is read, never changed)
        key = (id(data), name)
        kept = self._data_checks.get(key)
        if kept is None or kept[0] is not data:
            variant = Variant(id=data["id"], data=data, file=name, chain=(data["id"],))
            if len(self._data_checks) >= 512:
                self._data_checks.clear()
            kept = self._data_checks[key] = (data, sorted_unique(self._resolved_problems(variant, None, [])))
        return list(kept[1])


def declared_schema(path: Path) -> str | None:
    """The schema file a YAML file names on its first line (``# yaml-language-server: $schema=../x.schema.json``
    → ``x.schema.json``); None when it names none or cannot be read (its reading then says why)."""
    if not is_regular_file(path):
        return None
    try:
        with open(path, "rb") as handle:
            first = handle.readline(400).decode("utf-8", "replace").strip()
    except OSError:
        return None
    match = _SCHEMA_LINE.match(first)
    return match[1] if match else None


def _rule_place(path: tuple) -> str:
    """``("rules", "settlement", "table", "value", 0)`` → ``"settlement.table[0]"`` (a rule and the place in it)."""
    parts = [p for p in (path[1:] if path[:1] == ("rules",) else path) if p != "value"]
    return format_path(parts)


def _located_finding(variant: Variant, leaf_file: str, finding: Finding) -> SpecError:
    """A finding of the resolved-variant checks as a :class:`SpecError`, placed where the user can act on it.

    At ``finding.path`` when the variant's own file (``leaf_file``) writes it; else at the first rule of
    ``finding.involves`` that the own file sets, naming the inherited place and the other rules checked with it;
    else at ``finding.path`` in the parent's file, saying that the variant inherits it.
    """
    file, line, column = variant.origin(finding.path)
    path = finding.path
    if file == leaf_file:
        return SpecError(file, line, column, format_path(path), finding.message, finding.expected, finding.kind)
    by_file = {loaded.file: variant_id for variant_id, loaded in zip(variant.chain, variant.files, strict=True)}
    for rule_id in finding.involves:
        own = ("rules", *rule_id.split("."), "value")
        own_file, own_line, own_column = variant.origin(own)
        if own_file == leaf_file:
            others = [r for r in finding.involves if r != rule_id]
            message = f"{_rule_place(path)} (inherited from {by_file.get(file, file)}): {finding.message}"
            context = "found with this value" + (f" and {', '.join(others)}" if others else "")
            return SpecError(own_file, own_line, own_column, format_path(own), message, finding.expected,
                             finding.kind, context)
    context = f"in variant {variant.id}, which inherits it"
    return SpecError(file, line, column, format_path(path), finding.message, finding.expected, finding.kind, context)


_default: Registry | None = None


def default_registry() -> Registry:
    """The registry of the kit's bundled spec folder (created on first use)."""
    global _default
    if _default is None:
        _default = Registry()
    return _default


def load_variant(variant_id: str) -> Variant:
    """The resolved bundled variant ``variant_id`` (``"huolong/li-zhijiang"``), cached.

    Raises:
        SpecError: unknown id, or problems in the variant or its chain (all in ``problems``).
    """
    return default_registry().load_variant(variant_id)


def list_variants() -> list[str]:
    """Ids of all bundled variants, abstract ones included, sorted."""
    return default_registry().variant_ids()


def load_file(path: str | Path) -> Variant:
    """The resolved variant of a variant file anywhere (a house variant); it may extend bundled variants.

    Raises:
        SpecError: the first problem, all of them in ``problems``.
    """
    return default_registry().load_file(path)


def check_file(path: str | Path) -> list[SpecError]:
    """Every problem of one file (variant, or a ``sources.yaml``), in report order."""
    return default_registry().check_file(path)


def check_rules_data(data: Any, name: str = "variant_rules") -> list[SpecError]:
    """Every problem of a resolved variant received as data (:meth:`Registry.check_rules_data`), ``[]`` if none."""
    return default_registry().check_rules_data(data, name)


def check_all() -> list[SpecError]:
    """Every problem of the bundled spec folder (sources and all variants), in report order."""
    return default_registry().check_all()


__all__ = ["Registry", "check_all", "check_file", "check_rules_data", "default_registry", "list_variants",
           "load_file", "load_variant"]
