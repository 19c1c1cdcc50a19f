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
shape and an ``expect`` made of its answer's keys (:mod:`datong_rules.conformance.operations_schema`). YAML is
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
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema

from datong_rules.conformance import bundled_spec, operations_schema
from datong_rules.reference_impl.schema_validator import SchemaValidator
from datong_rules.reference_impl.variant.errors import SpecError, format_path
from datong_rules.reference_impl.variant.schema_check import _show, describe_error
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
        op: operation name (opaque to the runner).
        given: the question's input, JSON-compatible.
        expect: the expected answer keys, JSON-compatible.
        description: ``{"zh": ..., "en": ...}``.
        source: ``{"id": ..., "section": ...}`` or ``None``.
        reasoning: the hand reasoning or ``None``.
        file: the file it was read from (``""`` when built in code); line: 1-based line of its entry.
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

    @property
    def location(self) -> str:
        """``file:line`` of the scenario's entry."""
        return f"{self.file}:{self.line}"


class ScenarioError(ValueError):
    """Scenario files that cannot be used.

    Attributes:
        errors: one line per problem, each ``file:line:col: message``; ``str()`` joins them with
            newlines.
    """

    def __init__(self, errors: list[str]) -> None:
        self.errors = list(errors)
        super().__init__("\n".join(self.errors))


def scenarios_root() -> Path:
    """The bundled suite's folder, ``conformance/scenarios`` (it may not exist yet)."""
    return _PACKAGE_DIR / "scenarios"


def find_scenario_files(root: Path | str | None = None) -> list[Path]:
    """All ``*.yaml`` files under ``root`` (default :func:`scenarios_root`), sorted by path.

    A path to a single file is accepted and returned as a one-element list.

    Raises:
        ScenarioError: ``root`` does not exist, is neither a regular file nor a folder (``/dev/null``, a
            FIFO, a socket), or is a folder without any ``*.yaml`` file (the message says so, and counts the
            ``.json``/``.yml`` files found there, which are not read).
    """
    root = Path(root) if root is not None else scenarios_root()
    if root.is_file():
        return [root]
    if not root.is_dir():
        what = "not a regular file or folder (a FIFO, a device or a socket)" if root.exists() else \
            "no such scenario file or folder"
        raise ScenarioError([f"{root}: {what}"])
    files = sorted(p for p in root.rglob("*.yaml") if p.is_file())
    if not files:
        others = sum(1 for p in root.rglob("*") if p.suffix in (".json", ".yml") and p.is_file())
        found = f"; it has {others} .json or .yml file(s), which are not read" if others else ""
        raise ScenarioError([f"{root}: no scenario file in this folder (scenario files are YAML, named *.yaml{found})"])
    return files


def display_path(path: Path) -> str:
    """``path`` relative to the working directory when it lies below it, else as given."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


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


def load_scenario_file(path: Path | str, *, spec_check: bool = True) -> list[Scenario]:
    """Load one scenario file, apply its ``defaults`` and validate every scenario.

    Args:
        spec_check: also check each scenario's ``op``, ``variant`` and ``rules`` against the bundled spec
            (see the module docstring).

    Returns:
        The file's scenarios in file order.

    Raises:
        ScenarioError: unreadable file, YAML problem (see :mod:`datong_rules.reference_impl.variant.yaml_loader`), schema
            violation (of the scenario file schema, or of the operation's ``given`` or answer keys in
            ``expect``), an id used twice in the file, or (``spec_check``) an unknown operation, variant or
            rule id; one line per problem.
    """
    path = Path(path)
    name = display_path(path)
    try:
        loaded = read_yaml_file(path, display=name)
    except SpecError as exc:
        if exc.kind == "empty":
            raise ScenarioError([f"{name}:1:1: empty scenario file (expected a mapping with 'scenarios')"]) from None
        raise ScenarioError([str(exc)]) from None
    data = loaded.data

    file_validator, scenario_validator = _validators()
    errors = _schema_errors(file_validator, data, (), loaded)
    if errors:
        raise ScenarioError(errors)

    defaults = data.get("defaults", {})
    scenarios: list[Scenario] = []
    seen: dict[str, int] = {}
    for index, entry in enumerate(data["scenarios"]):
        where = ("scenarios", index)
        merged = {**{k: v for k, v in defaults.items() if k not in entry}, **entry}
        problems = _schema_errors(scenario_validator, merged, where, loaded)
        problems = problems or _operation_errors(merged, where, loaded)
        if spec_check and not problems:
            problems = _spec_errors(merged, entry, where, loaded)
        line = loaded.position(where)[0]
        if merged["id"] in seen:
            problems.append(f"{name}:{line}:1: duplicate scenario id '{merged['id']}' "
                            f"(first at line {seen[merged['id']]})")
        seen.setdefault(merged["id"], line)
        errors.extend(problems)
        if not problems:
            scenarios.append(_build(merged, name, line))
    if errors:
        raise ScenarioError(errors)
    return scenarios


def load_scenarios(paths: Iterable[Path | str] | Path | str | None = None, *,
                   spec_check: bool = True) -> list[Scenario]:
    """Load a whole suite: every file of :func:`find_scenario_files` for each given root.

    Args:
        paths: a folder or file, or several; default the bundled suite.
        spec_check: check scenarios against the bundled spec (see :func:`load_scenario_file`).

    Returns:
        All scenarios, files in path order, each file's scenarios in file order. A file reached through two
        roots (``--scenarios f.yaml --scenarios folder-holding-f``), or two paths to it, is loaded once, at its
        first place.

    Raises:
        ScenarioError: every problem of every file (one line each), and every scenario id used in
            two places (naming both).
    """
    roots = [paths] if paths is None or isinstance(paths, (str, Path)) else list(paths)
    errors: list[str] = []
    scenarios: list[Scenario] = []
    loaded: set[Path] = set()
    for root in roots:
        try:
            files = find_scenario_files(root)
        except ScenarioError as exc:
            errors.extend(exc.errors)
            continue
        for file in files:
            try:
                key = file.resolve()
            except (OSError, RuntimeError):  # a symlink loop: it fails to load below, with its own message
                key = file.absolute()
            if key in loaded:
                continue
            loaded.add(key)
            try:
                scenarios.extend(load_scenario_file(file, spec_check=spec_check))
            except ScenarioError as exc:
                errors.extend(exc.errors)
    first: dict[str, Scenario] = {}
    for scenario in scenarios:
        other = first.setdefault(scenario.id, scenario)
        if other is not scenario and other.file != scenario.file:
            errors.append(f"{scenario.location}:1: duplicate scenario id '{scenario.id}' "
                          f"(also at {other.location})")
    if errors:
        raise ScenarioError(errors)
    return scenarios


def _build(merged: dict[str, Any], file: str, line: int) -> Scenario:
    return Scenario(
        id=merged["id"], variant=merged["variant"], rules=tuple(merged["rules"]), op=merged["op"],
        given=merged["given"], expect=merged["expect"], description=merged["description"],
        source=merged.get("source"), reasoning=merged.get("reasoning"), file=file, line=line,
    )


def _operation_errors(scenario: dict[str, Any], where: tuple, loaded: LoadedYaml) -> list[str]:
    """Schema violations of a (file-schema-valid) scenario's ``given`` and ``expect`` against its
    operation's schema; none for an operation the schema does not describe."""
    errors = []
    for key, part in (("given", operations_schema.GIVEN), ("expect", operations_schema.EXPECT)):
        check = operations_schema.validator(scenario["op"], part)
        if check is not None:
            errors += _schema_errors(check, scenario[key], where + (key,), loaded)
    return errors


def _spec_errors(scenario: dict[str, Any], entry: dict[str, Any], where: tuple, loaded: LoadedYaml) -> list[str]:
    """The ``op``, ``variant`` and ``rules`` of a (schema-valid) scenario that the bundled spec does not know,
    one located line each; a key taken from ``defaults`` is located there."""
    def located(key: str, *rest: int) -> tuple:
        return (where if key in entry else ("defaults",)) + (key, *rest)

    def line(path: tuple, message: str) -> str:
        row, col = loaded.position(path)
        return f"{loaded.file}:{row}:{col}: {format_path(path)}: {message}"

    errors = []
    op, variant_id = scenario["op"], scenario["variant"]
    operations = bundled_spec.operations()
    if op not in operations:
        errors.append(line(located("op"), f"unknown operation '{op}'{suggest(op, operations)} "
                                          f"(expected one of: {', '.join(operations)})"))
    variant = bundled_spec.variant(variant_id)
    if variant is None or (not isinstance(variant, SpecError) and variant.abstract):
        playable = bundled_spec.playable_ids()
        what = "unknown variant" if variant is None else "abstract variant (it only holds shared rules)"
        errors.append(line(located("variant"), f"{what} '{variant_id}'{suggest(variant_id, playable)} "
                                               f"(expected one of: {', '.join(playable)})"))
    elif not isinstance(variant, SpecError):
        rule_ids = list(variant.rule_ids())
        for index, rule in enumerate(scenario["rules"]):
            if rule not in rule_ids:
                errors.append(line(located("rules", index), f"'{rule}' is not a rule of {variant_id}"
                                                            f"{suggest(rule, rule_ids)}"))
    return errors


def suggest(word: str, choices: list[str]) -> str:
    """`` (did you mean 'x'?)`` for the choice closest to a misspelt ``word``, or ``""``: the same in another
    case, one ending with ``/word`` (``li-zhijiang`` → ``huolong/li-zhijiang``), or a close spelling."""
    close = ([c for c in choices if c.casefold() == word.casefold()]
             or [c for c in choices if c.endswith("/" + word)]
             or difflib.get_close_matches(word, choices, n=1, cutoff=0.75))
    return f" (did you mean '{close[0]}'?)" if close else ""


def _schema_errors(validator: SchemaValidator, instance: Any, base: tuple,
                   loaded: LoadedYaml) -> list[str]:
    """One ``file:line:col: path: message`` line per schema violation of ``instance`` (found at
    path ``base`` of the loaded file), in document order."""
    lines = []
    for error in validator.iter_errors(instance):
        error = jsonschema.exceptions.best_match([error])  # into oneOf/anyOf: the branch that nearly fits
        path = base + tuple(error.absolute_path)
        message = schema_message(error)
        extra = _unknown_keys(error)
        if extra:
            path = path + (extra[0],)
        line, col = loaded.position(path)
        lines.append((line, col, f"{loaded.file}:{line}:{col}: {format_path(path) or '(file)'}: {message}"))
    return [text for _, _, text in sorted(lines, key=lambda t: (t[0], t[1]))]


def _unknown_keys(error: jsonschema.ValidationError) -> list[Any]:
    """The keys of ``error.instance`` its schema does not allow (for an ``additionalProperties`` error), sorted
    by their text: an in-process answer may have keys of any type (``{1: 2, (1, 2): 3}``), which do not compare."""
    if error.validator != "additionalProperties" or not isinstance(error.instance, dict):
        return []
    known = error.schema.get("properties", {})
    return sorted((k for k in error.instance if k not in known), key=lambda k: (not isinstance(k, str), str(k)))


def schema_message(error: jsonschema.ValidationError) -> str:
    """A schema violation in words, one line of at most 200 characters (``unknown key 'x' (allowed:
    …)``, ``missing required key 'y'``, ``not allowed here (…)`` for a ``{"not": {}}`` schema, or the spec
    loader's wording, :func:`datong_rules.reference_impl.variant.schema_check.describe_error`: ``found null (expected a
    mapping)``)."""
    extra = _unknown_keys(error)
    if extra:
        allowed = ", ".join(error.schema.get("properties", {}))
        key = f"'{extra[0]}'" if isinstance(extra[0], str) else f"{extra[0]!r} (not a string)"
        return f"unknown key {key}" + (f" (allowed: {allowed})" if allowed else "")
    if error.validator == "not" and error.validator_value in ({}, True):
        why = error.schema.get("description") if isinstance(error.schema, dict) else None
        return "not allowed here" + (f" ({why})" if why else "")
    if error.validator == "required":
        missing = [k for k in error.validator_value if k not in error.instance]
        return f"missing required key '{missing[0]}'" if missing else error.message
    if error.validator == "anyOf" and all(set(s) == {"required"} for s in error.validator_value):
        options = " or ".join(f"'{s['required'][0]}'" for s in error.validator_value)
        return f"needs {options}"
    if error.validator == "anyOf" and error.context and all(e.validator == "enum" for e in error.context):
        allowed = dict.fromkeys(v for e in error.context for v in e.validator_value)  # the enums together
        text = f"{_show(error.instance)} is not an allowed value (expected one of: {', '.join(map(str, allowed))})"
    else:  # the spec loader's wording: "found null (expected a mapping)", "… is out of range (expected …)"
        _, _, text, expected = describe_error(error, path=())[0]
        expected = "at least one key" if expected.endswith(": ") else expected  # minProperties, no properties
        text += f" (expected {expected})" if expected else ""
    text = " ".join(text.split())
    return text if len(text) <= 200 else text[:197] + "..."
