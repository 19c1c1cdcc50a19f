"""Real house files checked with the scenarios they inherit and the checks derived for what they change, against
the reference engine: every fixture variant of the suite used as a house file, every example of docs/examples, files
with values no bundled variant uses (another marked card, shorter triple runs), and one generated file per named value
(enum or boolean) of every rule of every game (the games from the registry). The reference engine plays every rule,
so none of them may fail or error: a failure means a scenario was inherited although the house answers it otherwise.
Every rule an example changes is checked, and an engine that plays one changed rule as the parent does fails."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from conformance_support import import_engines  # (the module puts fake_impls on sys.path, for --impl planted:…)

from datong_rules.cli.main import cli
from datong_rules.conformance import bundled_spec
from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.conformance.derived import check_house
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


def _problems(path: Path | str, suite, derived: int | None = None) -> tuple[int, list[str]]:
    """(how many scenarios the house file inherits, one line per inherited scenario that failed or errored); with
    ``derived``, its derived checks (that many steered ones per changed rule) are run too."""
    house = open_variant(str(path))
    chosen = inherit(house, suite)
    if derived is not None:
        check_house(chosen, suite, count=derived)
    impl = ReferenceImplementation()
    impl.start()
    try:
        outcome = run(impl, [*chosen.scenarios, *chosen.derived])
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


@pytest.mark.parametrize("path", [p for p in EXAMPLES if p.name not in BROKEN_EXAMPLES],
                         ids=[p.name for p in EXAMPLES if p.name not in BROKEN_EXAMPLES])
def test_every_rule_an_example_changes_is_checked(path, suite):
    house = open_variant(str(path))
    checked = check_house(inherit(house, suite), suite, count=3)
    assert checked.changed and checked.unchecked == []
    assert {rule: sum(row.values()) for rule, row in checked.coverage.items() if not sum(row.values())} == {}
    # every derived check is of one changed rule, which bears on it (the expected answer is the house's)
    assert all(len(c.rules) == 1 and c.rules[0] in checked.changed and c.derived for c in checked.derived)


def _values_no_variant_uses() -> list[tuple[str, list[tuple[str, object]]]]:
    """``(variant id, changes)`` of house files with values no bundled or fixture variant sets: 憋蛋's first banker
    found by another marked card (跑得快 marks the banker by the ♠3), 打墩 with triple runs of two triples (the
    Guandan 钢板), 打墩 with pair runs of two pairs."""
    def catalogue(name: str, length: int) -> list[dict]:
        entries = load_variant("dadun/dadun-guide").rule("combinations.catalogue")
        return [{**entry, "length": length} if entry["name"] == name else entry for entry in entries]
    return [("biedan/biedan-guide", [("banker.first", {"holder_of": "S3"})]),
            ("biedan/biedan-guide", [("banker.first", {"holder_of": "D7"})]),
            ("dadun/dadun-guide", [("combinations.catalogue", catalogue("triple_run", 2))]),
            ("dadun/dadun-guide", [("combinations.catalogue", catalogue("pair_run", 2))])]


@pytest.mark.parametrize("index", range(len(_values_no_variant_uses())))
def test_a_house_file_with_values_no_variant_uses(index, suite, tmp_path):
    variant_id, changes = _values_no_variant_uses()[index]
    for rule_id, value in changes:  # no variant of the suite or the spec sets it: not a reading the kit knows
        known = [s.fixture or load_variant(s.variant) for s in suite if s.variant.startswith(variant_id.split("/")[0])]
        assert all(v.rule(rule_id) != value for v in known)
    path = _house_file(tmp_path, variant_id, changes, index)
    assert path is not None, "the loader refused the house file"
    inherited, problems = _problems(path, suite, derived=3)
    assert inherited > 100 and not problems, "\n".join(problems)


def test_a_scenario_no_dependency_file_knows_is_inherited_exactly(suite, tmp_path):
    # a scenario added after dependencies.json was written (a new id): inheritance asks the engine, not the file
    from conformance_support import LOCKING_CLUB

    from datong_rules.conformance import dependencies

    house_file = tmp_path / "club.yaml"
    house_file.write_text(LOCKING_CLUB, encoding="utf-8")
    house = open_variant(str(house_file))
    round_ = next(s for s in suite if s.id == "biedan.biedan-guide.round.straight-round-001")
    legal = next(s for s in suite if s.variant == "biedan/biedan-guide" and s.op == "classify")
    new = [dataclasses.replace(s, id=f"biedan.biedan-guide.new.{n}") for n, s in enumerate((round_, legal))]
    assert all(dependencies.computed(s) is None for s in new)
    chosen = inherit(house, new)
    assert [s.id for s in chosen.scenarios] == [new[1].id]
    assert [(e.scenario.id, e.why) for e in chosen.left_out] == [(new[0].id, "invalid")]


def test_an_engine_that_classifies_as_the_parent_fails_conform(tmp_path):
    # biedan-doudizhu.yaml changes the catalogue and the attachments (wings): an engine that reads the house file
    # for everything but classify, where it plays biedan-guide's combinations, must fail on those rules
    report = tmp_path / "report.json"
    result = CliRunner().invoke(cli, ["conform", "--variant", "docs/examples/biedan-doudizhu.yaml", "--impl",
                                      "planted:ParentClassify", "--op", "classify", "-q", "--json", str(report)],
                                catch_exceptions=False)
    assert result.exit_code == 1, result.output
    data = json.loads(report.read_text(encoding="utf-8"))
    failed = [r for r in data["results"] if r["status"] == FAILED]
    assert failed and all(r["operation"] == "biedan/classify" for r in failed)
    blamed = {rule for r in failed for rule in r["blamed_rules"]}
    assert blamed & {"combinations.catalogue", "combinations.attachments"}
    assert any(r["kind"] == "derived" for r in failed)
    assert data["houses"][0]["coverage"]["combinations.attachments"]["derived"] > 0
    # without the derived checks the inherited hand-worked ones alone see less, and say so per rule
    bare = CliRunner().invoke(cli, ["conform", "--variant", "docs/examples/biedan-doudizhu.yaml", "--impl",
                                    "planted:ParentClassify", "--op", "classify", "-q", "--no-derived"])
    assert "derived checks" not in bare.output.splitlines()[0]


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
