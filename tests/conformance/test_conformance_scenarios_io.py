"""Loading scenario files: defaults, validation, and one-line errors with file and line."""

from __future__ import annotations

import re
import textwrap

import pytest

from datong_rules.conformance import bundled_spec
from datong_rules.conformance.scenarios_io import ScenarioError, find_scenario_files, load_scenario_file, load_scenarios

from conformance_support import SCENARIOS

GOOD = """\
defaults:
  variant: demo/plain
  op: echo
  rules: [echo.basic]
scenarios:
  - id: demo.x.one-001
    reasoning: by hand
    description: {zh: 一, en: one}
    given: {value: 1}
    expect: {value: 1}
"""


def write(tmp_path, text, name="s.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def one_error(exc_info) -> str:
    errors = exc_info.value.errors
    assert len(errors) >= 1
    for line in errors:
        assert "\n" not in line
    return errors[0]


def test_demo_suite_loads_with_defaults_applied(demo_scenarios):
    by_id = {s.id: s for s in demo_scenarios}
    assert len(by_id) == 6
    word = by_id["demo.echo.word-001"]
    assert (word.variant, word.op, word.rules) == ("demo/plain", "echo", ("echo.basic",))
    assert word.source == {"id": "demo-source", "section": "1"}
    assert word.description == {"zh": "回声一个词", "en": "echo a word"}
    assert by_id["demo.echo.list-002"].rules == ("echo.basic", "echo.lists")
    assert by_id["demo.echo.other-variant-004"].variant == "demo/other"
    assert by_id["demo.add.small-001"].reasoning == "1 + 2 = 3." and by_id["demo.add.small-001"].source is None
    assert word.file.endswith("echo.yaml") and word.line == 8


def test_find_files_sorted_and_single_file():
    files = find_scenario_files(SCENARIOS)
    assert [f.name for f in files] == ["add.yaml", "echo.yaml"]
    assert find_scenario_files(files[0]) == [files[0]]


def test_missing_root_is_an_error(tmp_path):
    with pytest.raises(ScenarioError, match="no such scenario file or folder"):
        load_scenarios(tmp_path / "nope")


def test_good_file(tmp_path):
    [s] = load_scenario_file(write(tmp_path, GOOD), spec_check=False)
    assert s.given == {"value": 1} and s.expect == {"value": 1}


@pytest.mark.parametrize(("text", "line", "needle"), [
    (GOOD.replace("    given: {value: 1}\n", "    given: {value: 1}\n    given: {value: 2}\n"), 10,
     "duplicate key 'given' (first at line 9)"),
    (GOOD.replace("    reasoning: by hand\n", "    reasoning: by hand\n    expected: {value: 1}\n"), 8,
     "unknown key 'expected'"),
    (GOOD.replace("    given: {value: 1}\n", ""), 6, "missing required key 'given'"),
    (GOOD.replace("  op: echo\n", ""), 5, "missing required key 'op'"),
    (GOOD.replace("    reasoning: by hand\n", ""), 6, "needs 'source' or 'reasoning'"),
    (GOOD.replace("  - id: demo.x.one-001", "  - id: Demo X"), 6, "does not have the required form"),
    (GOOD + GOOD.split("scenarios:\n")[1], 11, "duplicate scenario id 'demo.x.one-001' (first at line 6)"),
    (GOOD.replace("given: {value: 1}", "given: {value: &a 1}"), 9, "anchor &a is not allowed"),
    (GOOD.replace("given: {value: 1}", "given: {value: 1, other: *a}"), 9, "alias *a is not allowed"),
    (GOOD.replace("given: {value: 1}", "given: {<<: {value: 1}}"), 9, "merge key << is not allowed"),
    (GOOD.replace("given: {value: 1}", "given: {value: !!python/name:os.system 1}"), 9, "is not allowed"),
    (GOOD.replace("given: {value: 1}", "given: {on: 1}"), 9, "not as text"),
    (GOOD.replace("given: {value: 1}", "given: {value: [1}"), 9, ""),
    ("scenarios: []\n", 1, "the list has 0 item(s) (expected at least 1)"),
    ("", 1, "empty scenario file"),
    ("- a\n- b\n", 1, "the top of the file is a list"),
])
def test_bad_files_give_one_line_error_with_file_and_line(tmp_path, text, line, needle):
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as exc_info:
        load_scenario_file(path, spec_check=False)
    first = one_error(exc_info)
    assert re.match(rf"{re.escape(str(path))}:{line}:\d+: ", first), first
    assert needle in first


def test_duplicate_id_across_files_names_both(tmp_path):
    write(tmp_path, GOOD, "a.yaml")
    write(tmp_path, GOOD, "b.yaml")
    with pytest.raises(ScenarioError) as exc_info:
        load_scenarios(tmp_path, spec_check=False)
    [error] = exc_info.value.errors
    assert str(tmp_path / "b.yaml") + ":6" in error and str(tmp_path / "a.yaml") + ":6" in error
    assert "duplicate scenario id 'demo.x.one-001'" in error


def test_all_errors_of_all_files_are_gathered(tmp_path):
    write(tmp_path, GOOD.replace("op: echo", "op: echo\n  colour: red"), "a.yaml")
    write(tmp_path, "scenarios: 3\n", "b.yaml")
    with pytest.raises(ScenarioError) as exc_info:
        load_scenarios(tmp_path, spec_check=False)
    assert len(exc_info.value.errors) == 2
    assert "unknown key 'colour'" in exc_info.value.errors[0]


def test_timestamps_stay_strings(tmp_path):
    [s] = load_scenario_file(write(tmp_path, GOOD.replace("given: {value: 1}", "given: {value: 2024-01-01}")),
                             spec_check=False)
    assert s.given == {"value": "2024-01-01"}


def test_checked_against_the_bundled_spec_by_default_at_the_defaults_lines(tmp_path):
    with pytest.raises(ScenarioError) as exc_info:
        load_scenario_file(write(tmp_path, GOOD))
    path = tmp_path / "s.yaml"
    assert exc_info.value.errors == [
        f"{path}:3:3: defaults.op: unknown operation 'echo' (game 'demo' has no operations schema "
        "(spec/schema/games/demo/operations.schema.json))",
        f"{path}:2:3: defaults.variant: unknown variant 'demo/plain' (expected one of: "
        f"{', '.join(bundled_spec.playable_ids())})",
    ]


def test_a_folder_without_yaml_files_is_an_error(tmp_path):
    (tmp_path / "a.json").write_text("{}", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"no scenario file in this folder \(scenario files are YAML, named "
                                            r"\*\.yaml; it has 1 \.json or \.yml file\(s\), which are not read\)"):
        find_scenario_files(tmp_path)


def test_a_huge_scenario_file_is_refused_as_a_file_not_as_a_spec_file(tmp_path):
    path = write(tmp_path, GOOD + "# " + "x" * (1 << 20) + "\n")
    with pytest.raises(ScenarioError) as exc_info:
        load_scenario_file(path, spec_check=False)
    error = one_error(exc_info)
    assert error.startswith(f"{path}:1:1: ") and "1 MiB" in error and "spec file" not in error


def test_a_replay_record_with_banker_none_text_gets_the_kit_s_wording(tmp_path):
    """banker: 'None' (text) in a replay scenario's record: one located line in the kit's words, as trump_suit beside
    it gets (not jsonschema's "is not valid under any of the given schemas")."""
    import yaml

    from datong_rules.conformance.scenarios_io import scenarios_root

    bundled = scenarios_root() / "huolong" / "li-zhijiang" / "replay.yaml"
    data = yaml.safe_load(bundled.read_text(encoding="utf-8"))
    scenario = data["scenarios"][0]
    scenario["given"]["record"]["banker"] = "None"
    scenario["given"]["record"]["trump_suit"] = "None"
    data["scenarios"] = [scenario]
    path = tmp_path / "replay.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ScenarioError) as exc_info:
        load_scenario_file(path)
    text = str(exc_info.value)
    assert "not valid under any of the given schemas" not in text
    assert "given.record.banker: found the text 'None' (expected a whole number 0–3 or null)" in text
    assert "given.record.trump_suit: 'None' is not an allowed value (expected one of: S, H, C, D)" in text
