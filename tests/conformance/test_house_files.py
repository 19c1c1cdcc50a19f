"""Real house files checked with the scenarios they inherit, against the reference engine: every fixture variant of
the suite used as a house file, every example of docs/examples, and one generated file per named value (enum or
boolean) of every rule of every game. The reference engine plays every rule, so none of them may fail or error:
a failure means a scenario was inherited although its answer depends on a rule the house file changes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from conformance_support import import_engines

from datong_rules.cli.main import cli
from datong_rules.conformance import bundled_spec
from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.conformance.find_dependencies import schema_choices
from datong_rules.conformance.house import inherit
from datong_rules.conformance.runner import ERRORED, FAILED, run
from datong_rules.conformance.scenarios_io import find_variant_files
from datong_rules.reference_impl import games
from datong_rules.reference_impl.variant import SpecError, VariantNotFound, load_variant, open_variant

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "docs" / "examples").glob("*.yaml"))
BROKEN_EXAMPLES = {"my-club.yaml"}
"""Examples made to show an error (a misspelt rule name): checked to be refused, not run."""
FIXTURE_FILES = find_variant_files()

import_engines()


@pytest.fixture
def suite(bundled_suite):
    return bundled_suite


def _problems(path: Path | str, suite) -> tuple[int, list[str]]:
    """(how many scenarios the house file inherits, one line per inherited scenario that failed or errored)."""
    house = open_variant(str(path))
    chosen = inherit(house, suite)
    impl = ReferenceImplementation()
    impl.start()
    try:
        outcome = run(impl, chosen.scenarios)
    finally:
        impl.close()
    return len(chosen.scenarios), [f"{r.scenario.id}: {r.status}: {r.message}" for r in outcome.results
                                   if r.status in (FAILED, ERRORED)]


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=[p.stem for p in FIXTURE_FILES])
def test_a_fixture_variant_as_a_house_file(path, suite):
    inherited, problems = _problems(path, suite)
    assert inherited > 0 and not problems, "\n".join(problems)


def test_the_fixture_variants_are_all_there():
    assert len(FIXTURE_FILES) >= 50 and {p.parent.parent.name for p in FIXTURE_FILES} == set(games.ids())


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_conform_an_example_house_file(path):
    result = CliRunner().invoke(cli, ["conform", "--variant", str(path.relative_to(REPO)), "-q"],
                                catch_exceptions=False)
    if path.name in BROKEN_EXAMPLES:
        assert result.exit_code == 2 and "unknown key" in result.output, result.output
        return
    assert result.exit_code == 0, result.output
    assert " 0 failed, 0 skipped, 0 errored" in result.output


def _house_file(tmp: Path, variant_id: str, changes: list[tuple[str, object]], index: int) -> Path | None:
    """A house file extending ``variant_id`` that sets each ``(rule id, value)`` of ``changes``; ``None`` when the
    loader refuses it (a value that makes the variant unplayable is no house file anyone can write)."""
    game, name = variant_id.split("/")
    tree: dict = {}
    for rule_id, value in changes:
        node = tree
        for part in rule_id.split(".")[:-1]:
            node = node.setdefault(part, {})
        node[rule_id.split(".")[-1]] = {"value": value, "text": {"zh": "家规", "en": "A house rule"},
                                        "inferred": {"reason": "A generated house file."}}
    house_id = f"{game}/{name}-house-{index}"
    data = {"id": house_id, "extends": variant_id, "name": {"zh": "家规", "en": house_id},
            "summary": {"zh": "家规", "en": house_id}, "rules": tree}
    path = tmp / f"{name}-house-{index}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    try:
        open_variant(str(path))
    except (SpecError, VariantNotFound):
        return None
    return path


def _named_changes() -> list[tuple[str, list[tuple[str, object]]]]:
    """``(variant id, [(rule id, value), …])``: every named value (enum, boolean) of every checked rule of every
    bundled playable variant, other than the variant's own."""
    out = []
    for game in games.ids():
        choices = schema_choices(game)
        for variant_id in bundled_spec.playable_ids(game):
            base = load_variant(variant_id)
            out.append((variant_id, [(rule_id, value) for rule_id in base.checked_rule_ids()
                                     for value in choices.get(rule_id, []) if value != base.rule(rule_id)]))
    return out


def _run_all(files: list[tuple[str, Path]], suite) -> list[str]:
    problems = []
    for name, path in files:
        problems += [f"{name}: {line}" for line in _problems(path, suite)[1]]
    return problems


@pytest.mark.slow
def test_one_house_file_per_named_value_of_every_rule(suite, tmp_path):
    files = [(f"{variant_id} {rule_id}={value}", path)
             for variant_id, changes in _named_changes() for index, (rule_id, value) in enumerate(changes)
             if (path := _house_file(tmp_path, variant_id, [(rule_id, value)], index)) is not None]
    assert len(files) > 100
    problems = _run_all(files, suite)
    assert not problems, "\n".join(problems)


@pytest.mark.slow
def test_house_files_that_change_two_rules(suite, tmp_path):
    # a seeded sample: two rules may matter only together (the dependencies file looks for such pairs)
    draw = random.Random(21)
    files = []
    for variant_id, changes in _named_changes():
        for index in range(12):
            first, second = draw.sample(changes, 2)
            if first[0] != second[0] and (path := _house_file(tmp_path, variant_id, [first, second], index)):
                files.append((f"{variant_id} {first[0]}={first[1]} {second[0]}={second[1]}", path))
    assert len(files) > 50
    problems = _run_all(files, suite)
    assert not problems, "\n".join(problems)
