"""Load and validate the scenario files of the conformance suite.

Layout: ``conformance/scenarios/<game>/**/*.yaml``. A file is a mapping::

    defaults:            # optional: given to every scenario of the file that lacks the key
      variant: huolong/li-zhijiang
      rules: [ranking.trump_order]
      source: {id: li-zhijiang-2009, section: "3.2"}
      op: card_order
    scenarios:
      - id: huolong.ranking.level-cards-equal-001
        description: {zh: ..., en: ...}
        given: {...}
        expect: {...}

The file schema is ``spec/schema/scenario.schema.json`` (``#/$defs/scenario`` is a complete
scenario after the defaults are applied). A scenario of an operation that
``spec/schema/operations.schema.json`` describes must also have a ``given`` of that operation's
shape and an ``expect`` made of its answer's keys (:mod:`datong_rules.conformance.operations_schema`); one that
expects a refusal (``expect_bad_input: true``, no ``expect``) has a ``given`` bad on purpose, of known keys only. YAML is
read by the spec loader's strict reader (:mod:`datong_rules.reference_impl.variant.yaml_loader`: no duplicate
keys, anchors, aliases or tags). Every
problem is reported as one line ``file:line:col: message``; all the problems of a load are
gathered into one :class:`ScenarioError`.

**Checked against the bundled spec** (``spec_check=True``, the default; ``conform --no-spec-check`` turns
it off): a scenario's ``op`` must be an operation of the operations schema, its ``variant`` a bundled,
non-abstract variant, and each of its ``rules`` a rule id of that variant, so that a misspelt name is an
error at its line, never a scenario silently skipped. A bundled variant whose file cannot be loaded is
not an error here (its rule ids are not checked): the commands report the file's problem once
(:mod:`datong_rules.conformance.bundled_spec`) and the reference engine answers its scenarios with that problem. A
suite of another game, or a test's made-up operations and variants, is loaded with ``spec_check=False``.

The suite's fixture variants (``<game>/variants/*.yaml``: finding, loading, and saying a broken one once) are
:mod:`.fixture_variants`'s; what both modules share (:class:`ScenarioError`, :func:`scenarios_root`,
:func:`display_path`) is :mod:`.suite_files`'s. Those names, and :func:`find_variant_files` and
:func:`load_fixture_variants`, are importable from here too, as they always were. A schema violation is put in
words by :mod:`.schema_messages` (:func:`schema_message`, also importable from here).
"""

from __future__ import annotations

import difflib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from datong_rules.conformance import bundled_spec, operations_schema
from datong_rules.conformance.fixture_variants import (FixtureVariants, find_variant_files, fixtures_beside,
                                                       is_variant_file, load_fixture_variants, new_text,
                                                       read_fixture_variants)
from datong_rules.conformance.names import bare_op, full_op, game_of
from datong_rules.conformance.schema_messages import schema_errors, schema_message
from datong_rules.conformance.suite_files import VARIANTS_FOLDER, ScenarioError, display_path, scenarios_root
from datong_rules.reference_impl.schema_validator import SchemaValidator
from datong_rules.reference_impl.user_files import resolved
from datong_rules.reference_impl.variant import Variant
from datong_rules.reference_impl.variant.errors import SpecError, format_path
from datong_rules.reference_impl.variant.yaml_loader import LoadedYaml, read_yaml_file

SCHEMA_FILE = "scenario.schema.json"
_PACKAGE_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Scenario:
    """One checked question and its expected answer.

    Attributes:
        id: unique, stable id (``huolong.ranking.level-cards-equal-001``).
        variant: variant id (``huolong/li-zhijiang``).
        rules: rule ids the scenario checks.
        op: the operation's bare name (``classify``); :attr:`full_op` gives ``huolong/classify``.
        given: the question's input, JSON-compatible.
        expect: the expected answer keys, JSON-compatible.
        description: ``{"zh": ..., "en": ...}``.
        source: ``{"id": ..., "section": ...}`` or ``None``.
        reasoning: the hand reasoning or ``None``.
        file: the file it was read from (``""`` when built in code); line: 1-based line of its entry.
        key_rules: per-key rule attribution, expected key → the rule ids its value depends on (empty: every
            key depends on every rule of ``rules``).
        loose: expected keys a source leaves vague, key → ``{"one_of": [...]}`` or ``{"at_least": n,
            "at_most": m}`` (either bound may be absent), each with its ``reason``.
        fixture: the resolved fixture variant when ``variant`` is one (a variant file of the suite, not of
            spec/), else ``None``; its rules reach the implementation with the query.
        derived: ``""`` for a hand-worked scenario (every scenario of a file); for a check derived from the
            reference engine playing a house variant (:mod:`.derived`), how it was made (``steered``, ``swept``).
        bad_input: the question is bad input (the file says ``expect_bad_input: true`` instead of ``expect``):
            the implementation must refuse it, not answer; ``expect`` is then empty.
    """

    id: str
    variant: str
    rules: tuple[str, ...]
    op: str
    given: dict[str, Any]
    expect: dict[str, Any]
    description: dict[str, str] = field(default_factory=dict)
    source: dict[str, Any] | None = None
    reasoning: str | None = None
    file: str = ""
    line: int = 0
    key_rules: dict[str, tuple[str, ...]] = field(default_factory=dict)
    loose: dict[str, dict[str, Any]] = field(default_factory=dict)
    fixture: Variant | None = field(default=None, compare=False, repr=False)
    derived: str = ""
    bad_input: bool = False

    @property
    def game(self) -> str:
        """The game of the scenario's variant (``"huolong"``)."""
        return game_of(self.variant)

    @property
    def full_op(self) -> str:
        """The operation's full name, ``<game>/<op>`` (``"huolong/classify"``)."""
        return full_op(self.game, self.op)

    def rules_of(self, keys: Iterable[str]) -> tuple[str, ...]:
        """The rule ids the expected values of ``keys`` depend on (per :attr:`key_rules`; all of :attr:`rules`
        when the scenario gives no per-key attribution or a key is not in it), in :attr:`rules` order."""
        keys = list(keys)
        if not self.key_rules or any(k not in self.key_rules for k in keys):
            return self.rules
        wanted = {r for k in keys for r in self.key_rules[k]}
        return tuple(r for r in self.rules if r in wanted)

    @property
    def location(self) -> str:
        """``file:line`` of the scenario's entry."""
        return f"{self.file}:{self.line}"


def find_scenario_files(root: Path | str | None = None) -> list[Path]:
    """All ``*.yaml`` files under ``root`` (default :func:`scenarios_root`), sorted by path.

    A path to a single file is accepted and returned as a one-element list.

    Raises:
        ScenarioError: ``root`` does not exist, is neither a regular file nor a folder (``/dev/null``, a
            FIFO, a socket), or is a folder without any ``*.yaml`` file (the message says so, and counts the
            ``.json``/``.yml`` files found there, which are not read).
    """
    root = Path(root) if root is not None else scenarios_root()
    if os.path.isfile(root):
        return [root]
    if not os.path.isdir(root):
        what = "not a regular file or folder (a FIFO, a device or a socket)" if os.path.exists(root) else \
            "no such scenario file or folder"
        raise ScenarioError([f"{root}: {what}"])
    files = sorted(p for p in root.rglob("*.yaml") if p.is_file() and p.parent.name != VARIANTS_FOLDER)
    if not files:
        others = sum(1 for p in root.rglob("*") if p.suffix in (".json", ".yml") and p.is_file())
        found = f"; it has {others} .json or .yml file(s), which are not read" if others else ""
        raise ScenarioError([f"{root}: no scenario file in this folder (scenario files are YAML, named *.yaml{found})"])
    return files


@lru_cache(maxsize=1)
def _validators() -> tuple[SchemaValidator, SchemaValidator]:
    """(validator of a whole file, validator of one complete scenario: ``#/$defs/scenario``)."""
    # Imported here: datong_rules.reference_impl.paths knows where spec/ lives in a checkout and in a wheel.
    from datong_rules.reference_impl.paths import schema_path

    try:
        path = schema_path(SCHEMA_FILE)
    except FileNotFoundError:  # spec/ not complete yet in a checkout: use the folder beside us
        path = _PACKAGE_DIR.parent / "spec" / "schema" / SCHEMA_FILE
    schema = json.loads(path.read_text(encoding="utf-8"))
    one = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/scenario"}
    return SchemaValidator(schema), SchemaValidator(one)


def load_scenario_file(path: Path | str, *, spec_check: bool = True,
                       fixtures: dict[str, Variant] | None = None,
                       known: dict[str, Variant] | None = None) -> list[Scenario]:
    """Load one scenario file, apply its ``defaults`` and validate every scenario.

    Args:
        spec_check: also check each scenario's ``op``, ``variant`` and ``rules`` against the bundled spec
            (see the module docstring).
        fixtures: the suite's fixture variants by id (:func:`load_fixture_variants`); default those beside
            ``path`` (:func:`find_variant_files`).
        known: variants known besides those, by id (house variant files: see :func:`load_scenarios`).

    Returns:
        The file's scenarios in file order.

    Raises:
        ScenarioError: unreadable file, YAML problem (see :mod:`datong_rules.reference_impl.variant.yaml_loader`), schema
            violation (of the scenario file schema, or of the operation's ``given`` or answer keys in
            ``expect``), an id used twice in the file, a ``key_rules`` or ``expect_loose`` that does not fit
            its ``expect`` and ``rules``, or (``spec_check``) an unknown operation, variant or rule id; one
            line per problem. With the fixture variants beside ``path``, as :func:`load_scenarios` says them: a
            fixture variant file that cannot be loaded is said (its problems, and one line for the scenarios of
            this file naming it, left out) only when a scenario of this file names it, so that the files naming
            only the others load; a problem of a fixture file whose id cannot be told (nor taken from its place),
            or that is not of one broken variant (an id two files define, a bundled variant's id), by every file.
    """
    path = Path(path)
    beside = fixtures_beside(tuple(find_variant_files(path))) if fixtures is None else FixtureVariants()
    if fixtures is None:
        fixtures = beside.found
    if known:
        fixtures = {**known, **fixtures}
    left_out = beside.left_out(fixtures)
    try:
        scenarios = _load_read(_read(path), spec_check=spec_check, fixtures=fixtures, left_out=left_out)
        errors: list[str] = []
    except ScenarioError as exc:
        errors = exc.errors
    errors = beside.said_by_one_file(left_out) + errors  # as load_scenarios orders them
    if errors:
        raise ScenarioError(errors)
    return scenarios


def _read(path: Path) -> LoadedYaml:
    name = display_path(path)
    try:
        return read_yaml_file(path, display=name)
    except SpecError as exc:
        if exc.kind == "empty":
            raise ScenarioError([f"{name}:1:1: empty scenario file (expected a mapping with 'scenarios')"]) from None
        raise ScenarioError([str(exc)]) from None


def _load_read(loaded: LoadedYaml, *, spec_check: bool, fixtures: dict[str, Variant],
               left_out: dict[str, list[str]] | None = None) -> list[Scenario]:
    """The scenarios of a read file, checked; a scenario naming a key of ``left_out`` (a fixture variant that cannot
    be loaded) is not built, its place (``file:line``) added to that key's list instead.

    Raises:
        ScenarioError: the problems of the file, one located line each.
    """
    name = loaded.file
    data = loaded.data

    file_validator, scenario_validator = _validators()
    errors = schema_errors(file_validator, data, (), loaded)
    if errors:
        raise ScenarioError(errors)

    defaults = data.get("defaults", {})
    scenarios: list[Scenario] = []
    seen: dict[str, int] = {}
    for index, entry in enumerate(data["scenarios"]):
        where = ("scenarios", index)
        merged = {**{k: v for k, v in defaults.items() if k not in entry}, **entry}
        problems = schema_errors(scenario_validator, merged, where, loaded)
        problems = problems or _op_name_errors(merged, entry, where, loaded)
        problems = problems or _operation_errors(merged, where, loaded) + _attribution_errors(merged, where, loaded)
        line = loaded.position(where)[0]
        if not problems and left_out and merged["variant"] in left_out:  # said once for them all: not built
            left_out[merged["variant"]].append(f"{name}:{line}")
            continue
        if spec_check and not problems:
            problems = _spec_errors(merged, entry, where, loaded, fixtures)
        if merged["id"] in seen:
            problems.append(f"{name}:{line}:1: duplicate scenario id '{merged['id']}' "
                            f"(first at line {seen[merged['id']]})")
        seen.setdefault(merged["id"], line)
        errors.extend(problems)
        if not problems:
            scenarios.append(_build(merged, name, line, fixtures.get(merged["variant"])))
    if errors:
        raise ScenarioError(errors)
    return scenarios


def load_scenarios(paths: Iterable[Path | str] | Path | str | None = None, *,
                   spec_check: bool = True, known: dict[str, Variant] | None = None) -> list[Scenario]:
    """Load a whole suite: its fixture variants (:func:`find_variant_files`), then every file of
    :func:`find_scenario_files` for each given root.

    Args:
        paths: a folder or file, or several; default the bundled suite. The bundled suite's fixture variants are
            always known (a scenario of yours may use them).
        spec_check: check scenarios against the bundled spec (see :func:`load_scenario_file`).
        known: variants known besides the bundled ones and the suite's fixture variants, by id (the house variant
            files of ``conform --variant HOUSE.yaml``: a scenario naming a house's id is asked under its rules); a
            fixture variant of the suite with the same id is taken instead.

    Returns:
        All scenarios, files in path order, each file's scenarios in file order. A file reached through two
        roots (``--scenarios f.yaml --scenarios folder-holding-f``), or two paths to it, is loaded once, at its
        first place. A variant file found among the scenario files (one with ``id`` and ``extends``, not
        ``scenarios``) is taken as a fixture variant, not read as scenarios.

    Raises:
        ScenarioError: every problem of every file (one line each), and every scenario id used in
            two places (naming both).
    """
    roots = [paths] if paths is None or isinstance(paths, (str, Path)) else list(paths)
    errors: list[str] = []
    scenarios: list[Scenario] = []
    seen_files: set[Path] = set()
    variant_files: list[Path] = []
    reads: list[LoadedYaml] = []
    seen_texts: set[bytes] = set()
    for root in [None, *roots] if None not in roots else roots:
        variant_files += [f for f in find_variant_files(root)
                          if _first_time(f, seen_files) and new_text(f, seen_texts)]
    for root in roots:
        try:
            files = find_scenario_files(root)
        except ScenarioError as exc:
            errors.extend(exc.errors)
            continue
        for file in files:
            if not _first_time(file, seen_files):
                continue
            try:
                loaded = _read(file)
            except ScenarioError as exc:
                errors.extend(exc.errors)
                continue
            if is_variant_file(loaded.data):
                variant_files.append(file)
            else:
                reads.append(loaded)
    fixtures: dict[str, Variant] = dict(known or {})
    read = read_fixture_variants(variant_files)
    fixtures.update(read.found)
    errors.extend(read.problem_lines())
    after_fixtures = len(errors)
    left_out = read.left_out(fixtures)
    for loaded in reads:
        try:
            scenarios.extend(_load_read(loaded, spec_check=spec_check, fixtures=fixtures, left_out=left_out))
        except ScenarioError as exc:
            errors.extend(exc.errors)
    errors[after_fixtures:after_fixtures] = read.left_out_lines(left_out)  # next to the variant's problems
    first: dict[str, Scenario] = {}
    for scenario in scenarios:
        other = first.setdefault(scenario.id, scenario)
        if other is not scenario and other.file != scenario.file:
            errors.append(f"{scenario.location}:1: duplicate scenario id '{scenario.id}' "
                          f"(also at {other.location})")
    if errors:
        raise ScenarioError(errors)
    return scenarios


def _first_time(file: Path, seen: set[Path]) -> bool:
    """Record ``file`` in ``seen``; False when it (or another path to it) was there already."""
    try:
        key = resolved(file)
    except (OSError, RuntimeError):  # a symlink loop: it fails to load later, with its own message
        key = file.absolute()
    if key in seen:
        return False
    seen.add(key)
    return True


def _build(merged: dict[str, Any], file: str, line: int, fixture: Variant | None = None) -> Scenario:
    return Scenario(
        id=merged["id"], variant=merged["variant"], rules=tuple(merged["rules"]), op=bare_op(merged["op"]),
        given=merged["given"], expect=merged.get("expect", {}), description=merged["description"],
        source=merged.get("source"), reasoning=merged.get("reasoning"), file=file, line=line,
        key_rules={k: tuple(v) for k, v in merged.get("key_rules", {}).items()},
        loose=dict(merged.get("expect_loose", {})), fixture=fixture, bad_input=bool(merged.get("expect_bad_input")),
    )


def _located(loaded: LoadedYaml, where: tuple, entry: dict[str, Any], key: str, *rest: Any) -> tuple:
    """The path of ``key`` of a scenario: in its entry, or in the file's ``defaults`` when taken from there."""
    return (where if key in entry else ("defaults",)) + (key, *rest)


def _line(loaded: LoadedYaml, path: tuple, message: str) -> str:
    row, col = loaded.position(path)
    return f"{loaded.file}:{row}:{col}: {format_path(path)}: {message}"


def _op_name_errors(scenario: dict[str, Any], entry: dict[str, Any], where: tuple, loaded: LoadedYaml) -> list[str]:
    """A full operation name (``huolong/classify``) whose game is not the game of the scenario's variant."""
    op, game = scenario["op"], game_of(scenario["variant"])
    if "/" in op and op.split("/", 1)[0] != game:
        return [_line(loaded, _located(loaded, where, entry, "op"),
                      f"operation '{op}' is not of the game of variant {scenario['variant']} "
                      f"(write '{bare_op(op)}' or '{full_op(game, bare_op(op))}')")]
    return []


def _attribution_errors(scenario: dict[str, Any], where: tuple, loaded: LoadedYaml) -> list[str]:
    """``key_rules`` and ``expect_loose`` that do not fit the scenario: an attribution must name every expected
    key and only those, with rule ids of ``rules``, each rule of ``rules`` under some key; a loose key must not also be in ``expect``, and each value it
    allows must be of the answer key's shape."""
    errors = []
    expect, loose = scenario.get("expect", {}), scenario.get("expect_loose", {})
    keys = list(expect) + [k for k in loose if k not in expect]
    for key in loose:
        if key in expect:
            errors.append(_line(loaded, where + ("expect_loose", key),
                                f"'{key}' is also in expect (a key is expected exactly or loosely, not both)"))
            continue
        check = operations_schema.validator(scenario["op"], operations_schema.EXPECT, game_of(scenario["variant"]))
        form = loose[key]
        values = form.get("one_of", [])
        for index, value in enumerate(values):
            if check is not None:
                errors += schema_errors(check, {key: value}, where + ("expect_loose", key, "one_of", index), loaded)
        if "at_least" in form and "at_most" in form and form["at_least"] > form["at_most"]:
            errors.append(_line(loaded, where + ("expect_loose", key),
                                f"at_least {form['at_least']} is more than at_most {form['at_most']}"))
    attribution = scenario.get("key_rules")
    if attribution is None:
        return errors
    rules = scenario["rules"]
    for key in keys:
        if key not in attribution:
            errors.append(_line(loaded, where + ("key_rules",),
                                f"names no rules for the expected key '{key}' (key_rules names every expected key)"))
    named = {rule for ids in attribution.values() for rule in ids}
    for index, rule in enumerate(rules):
        if rule not in named:
            errors.append(_line(loaded, where + ("key_rules",), f"names no expected key for the rule '{rule}' "
                                                                f"(every rule of rules is some key's)"))
    for key, ids in attribution.items():
        if key not in keys:
            errors.append(_line(loaded, where + ("key_rules", key), f"'{key}' is not an expected key "
                                                                     f"(expected keys: {', '.join(keys)})"))
        for index, rule in enumerate(ids):
            if rule not in rules:
                errors.append(_line(loaded, where + ("key_rules", key, index),
                                    f"'{rule}' is not one of the scenario's rules (add it to rules)"))
    return errors


def _operation_errors(scenario: dict[str, Any], where: tuple, loaded: LoadedYaml) -> list[str]:
    """Schema violations of a (file-schema-valid) scenario's ``given`` and ``expect`` against its
    operation's schema; none for an operation the schema does not describe. The ``given`` of a scenario expecting
    a refusal (``expect_bad_input``) is bad on purpose, so only its keys are checked (a misspelt key would make it
    bad input for the wrong reason): each must be one the operation's given names."""
    errors = []
    op, game = bare_op(scenario["op"]), game_of(scenario["variant"])
    if scenario.get("expect_bad_input"):
        check = operations_schema.validator(op, operations_schema.GIVEN, game)
        known = check.schema.get("properties") if check is not None else None
        if known is not None and check.schema.get("additionalProperties") is False:
            errors += [_line(loaded, where + ("given", key), f"unknown key '{key}' (allowed: {', '.join(known)}; "
                                                            f"a refused question is bad in its values, not its keys)")
                       for key in scenario["given"] if key not in known]
        return errors
    for key, part in (("given", operations_schema.GIVEN), ("expect", operations_schema.EXPECT)):
        check = operations_schema.validator(op, part, game)
        if check is not None:
            errors += schema_errors(check, scenario[key], where + (key,), loaded)
    return errors


def _spec_errors(scenario: dict[str, Any], entry: dict[str, Any], where: tuple, loaded: LoadedYaml,
                 fixtures: dict[str, Variant]) -> list[str]:
    """The ``op``, ``variant`` and ``rules`` of a (schema-valid) scenario that the bundled spec (and the suite's
    fixture variants) do not know, one located line each; a key taken from ``defaults`` is located there."""
    def located(key: str, *rest: int) -> tuple:
        return _located(loaded, where, entry, key, *rest)

    errors = []
    variant_id = scenario["variant"]
    op, game = bare_op(scenario["op"]), game_of(variant_id)
    operations = bundled_spec.operations(game)
    if op not in operations:
        known = f"expected one of: {', '.join(operations)}" if operations else \
            f"game '{game}' has no operations schema (spec/schema/games/{game}/operations.schema.json)"
        errors.append(_line(loaded, located("op"), f"unknown operation '{op}'{suggest(op, operations)} ({known})"))
    variant = fixtures.get(variant_id) or bundled_spec.variant(variant_id)
    if variant is None or (not isinstance(variant, SpecError) and variant.abstract):
        playable = bundled_spec.playable_ids() + sorted(fixtures)
        same_game = [v for v in playable if game_of(v) == game]  # the game's own: the whole list runs to a hundred
        playable = same_game or playable
        what = "unknown variant" if variant is None else "abstract variant (it only holds shared rules)"
        errors.append(_line(loaded, located("variant"), f"{what} '{variant_id}'{suggest(variant_id, playable)} "
                                                        f"(expected one of: {', '.join(playable)})"))
    elif not isinstance(variant, SpecError):
        rule_ids = list(variant.rule_ids())
        for index, rule in enumerate(scenario["rules"]):
            if rule not in rule_ids:
                errors.append(_line(loaded, located("rules", index), f"'{rule}' is not a rule of {variant_id}"
                                                                     f"{suggest(rule, rule_ids)}"))
    return errors


def closest(word: str, choices: list[str]) -> str | None:
    """The choice closest to a misspelt ``word``, or None: the same in another case, one ending with ``/word``
    (``li-zhijiang`` → ``huolong/li-zhijiang``), or a close spelling."""
    close = ([c for c in choices if c.casefold() == word.casefold()]
             or [c for c in choices if c.endswith("/" + word)]
             or difflib.get_close_matches(word, choices, n=1, cutoff=0.75))
    return close[0] if close else None


def suggest(word: str, choices: list[str]) -> str:
    """`` (did you mean 'x'?)`` for the choice :func:`closest` to a misspelt ``word``, or ``""``."""
    close = closest(word, choices)
    return f" (did you mean '{close}'?)" if close is not None else ""
