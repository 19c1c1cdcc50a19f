"""The public API of datong_rules.reference_impl.variant: ids, loading, Variant, SpecError, other spec folders."""

from __future__ import annotations

import json
import pickle
import shutil
from pathlib import Path

import pytest

from datong_rules.reference_impl.paths import schema_path, spec_root
from datong_rules.reference_impl.variant import (
    KINDS,
    Registry,
    SpecError,
    VariantError,
    check_all,
    list_variants,
    load_file,
    load_variant,
)
from datong_rules.reference_impl.variant.errors import format_path, raise_all, sorted_unique
from datong_rules.reference_impl.variant.ids import id_path, id_problem, path_id

FIXTURE = Path(__file__).parent / "fixtures" / "house-club.yaml"
BUNDLED = ["biedan/biedan-guide", "dadun/dadun-guide", "huolong/base", "huolong/datong-guide", "huolong/li-zhijiang", "huolong/online-platform"]


def line_of(path: Path, needle: str) -> int:
    """1-based line of the first line of ``path`` containing ``needle`` (to check positions without pasting)."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(needle)


def test_bundled_data_is_valid():
    assert check_all() == []


def test_list_variants():
    assert list_variants() == BUNDLED


def test_load_variant_is_cached():
    assert load_variant("huolong/li-zhijiang") is load_variant("huolong/li-zhijiang")


@pytest.mark.parametrize("variant_id, rule_id, value", [
    ("huolong/li-zhijiang", "declaration.scope", "match"),          # 一.二: the suit holds for the whole match
    ("huolong/li-zhijiang", "bottom.multiplier", 1),                # 一.六.4: a dug bottom's points are added
    ("huolong/li-zhijiang", "bury.max_points", 40),                 # 一.六.4: at most 40 points buried
    ("huolong/datong-guide", "bottom.multiplier", 2),               # 三.4: doubled
    ("huolong/datong-guide", "stakes.enabled", True),               # 四.3: ±100
    ("huolong/online-platform", "declaration.nobody_declared", "redeal"),
    ("huolong/online-platform", "star_burial.levels_per_joker", [2, 3, 3]),
    ("huolong/base", "deal.hand_size", 39),
])
def test_rule_values(variant_id, rule_id, value):
    assert load_variant(variant_id).rule(rule_id) == value


def test_variant_fields():
    variant = load_variant("huolong/li-zhijiang")
    assert variant.id == "huolong/li-zhijiang" and variant.parent == "huolong/base"
    assert variant.chain == ("huolong/base", "huolong/li-zhijiang")
    assert variant.data["game"] == "huolong" and not variant.abstract
    assert variant.item("bottom.multiplier")["source"] == {"id": "li-zhijiang", "section": "一.六.4"}
    assert variant.defined_in("players.count") == "huolong/base"
    assert variant.defined_in("bottom.multiplier") == "huolong/li-zhijiang"


def test_origin_is_the_file_and_line_that_wrote_the_node():
    variant = load_variant("huolong/li-zhijiang")
    li_file = spec_root() / "huolong" / "li-zhijiang.yaml"
    file, line, column = variant.origin(("rules", "bottom", "multiplier"))
    assert Path(file).resolve() == li_file.resolve()
    assert (line, column) == (line_of(li_file, "multiplier:"), 5)
    base_file = spec_root() / "huolong" / "base.yaml"
    file, line, _ = variant.origin(("rules", "points", "threshold", "value"))
    assert Path(file).resolve() == base_file.resolve()
    assert line == line_of(base_file, "value: 120")


def test_rule_ids_cover_every_rule_the_game_needs():
    complete = json.loads(schema_path("games/huolong/rules.schema.json").read_text(encoding="utf-8"))["$defs"]["complete"]
    needed = {f"{section}.{name}" for section, spec in complete["properties"]["rules"]["properties"].items()
              for name in spec["required"]}
    for variant_id in [v for v in BUNDLED if v.startswith("huolong/") and v != "huolong/base"]:
        assert set(load_variant(variant_id).rule_ids()) == needed


def test_unknown_rule():
    variant = load_variant("huolong/li-zhijiang")
    with pytest.raises(KeyError, match="no rule bury.nothing"):
        variant.rule("bury.nothing")
    with pytest.raises(KeyError, match="section"):
        variant.rule("bury")


@pytest.mark.parametrize("variant_id, kind", [("huolong/nope", "unknown_variant"), ("../etc", "outside_spec"),
                                              ("Huolong/X", "bad_id"), ("huolong", "bad_id")])
def test_load_variant_refuses_bad_ids(variant_id, kind):
    with pytest.raises(SpecError) as info:
        load_variant(variant_id)
    assert info.value.kind == kind
    assert "huolong/li-zhijiang" in info.value.expected


def test_load_file_house_variant():
    variant = load_file(FIXTURE)
    assert variant.id == "huolong/example-club"
    assert variant.chain == ("huolong/base", "huolong/li-zhijiang", "huolong/example-club")
    assert variant.rule("star_burial.policy") == "fast"
    assert variant.rule("bottom.multiplier") == 2
    assert variant.rule("bury.max_points") == 40
    assert variant.defined_in("star_burial.policy") == "huolong/example-club"


def test_load_file_of_a_bundled_file_by_path():
    assert load_file(spec_root() / "huolong" / "online-platform.yaml").data == load_variant(
        "huolong/online-platform").data


# ------------------------------------------------------------------------------------------- other spec folders

@pytest.fixture
def spec_copy(tmp_path) -> Path:
    root = tmp_path / "spec"
    shutil.copytree(spec_root(), root, ignore=shutil.ignore_patterns("schema"))
    return root


def test_registry_on_a_copy_uses_the_kits_schema(spec_copy):
    registry = Registry(spec_copy)
    assert registry.schema_dir == spec_root() / "schema"
    assert registry.check_all() == []
    assert registry.variant_ids() == BUNDLED


def test_a_broken_parent_breaks_its_children_with_all_problems(spec_copy, monkeypatch):
    base = spec_copy / "huolong" / "base.yaml"
    base.write_text(base.read_text(encoding="utf-8").replace("  deck:\n", "  deck:\n    colour: red\n", 1),
                    encoding="utf-8")
    monkeypatch.chdir(spec_copy)
    registry = Registry(spec_copy)
    with pytest.raises(SpecError) as info:
        registry.load_variant("huolong/li-zhijiang")
    assert info.value.kind == "unknown_key" and info.value.file == "huolong/base.yaml"
    assert info.value.line == line_of(base, "colour: red")
    assert [p.kind for p in registry.check_all()] == ["unknown_key"]  # reported once, not once per child


def test_a_broken_sources_file_is_reported_and_source_checks_are_skipped(spec_copy):
    (spec_copy / "sources.yaml").write_text("sources: [\n", encoding="utf-8")
    problems = Registry(spec_copy).check_all()
    assert [p.kind for p in problems] == ["yaml_syntax"]


def test_symlink_cannot_take_an_id_outside_the_folder(tmp_path, spec_copy):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "evil.yaml").write_text("id: x/evil\n", encoding="utf-8")
    (spec_copy / "linked").symlink_to(outside, target_is_directory=True)
    assert id_path(spec_copy, "linked/evil") is None
    assert id_path(spec_copy, "huolong/base") == spec_copy / "huolong" / "base.yaml"


@pytest.mark.parametrize("text, kind", [
    ("huolong/base", None), ("a1/b-2", None), ("../x", "outside_spec"), ("huolong/../x", "outside_spec"),
    ("/etc/passwd", "outside_spec"), ("C:/x", "outside_spec"), ("huolong\\x", "outside_spec"), ("~/x", "outside_spec"),
    ("huolong/x.yaml", "bad_id"), ("huolong", "bad_id"), ("a/b/c", "bad_id"), ("Huolong/x", "bad_id"),
    ("huolong/my club", "bad_id"), (5, "bad_id"), ("", "bad_id"),
])
def test_id_problem(text, kind):
    problem = id_problem(text)
    assert (problem[0] if problem else None) == kind


def test_path_id(spec_copy, tmp_path):
    assert path_id(spec_copy, spec_copy / "huolong" / "base.yaml") == "huolong/base"
    assert path_id(spec_copy, spec_copy / "sources.yaml") is None
    assert path_id(spec_copy, tmp_path / "elsewhere.yaml") is None


# ------------------------------------------------------------------------------------------------ SpecError

def test_spec_error_format_and_fields():
    error = SpecError("a.yaml", 3, 5, "rules.bury.count", "bad", "a number", "wrong_type")
    assert str(error) == "a.yaml:3:5: rules.bury.count: bad (expected a number)"
    assert SpecError("a.yaml", 0, 0, "", "empty", "", "empty").format() == "a.yaml:1:1: empty"
    error.context = "in variant x"
    assert error.format() == "a.yaml:3:5: rules.bury.count: bad (in variant x) (expected a number)"
    assert error.as_dict()["kind"] == "wrong_type"
    assert VariantError is SpecError


def test_spec_error_refuses_unknown_kinds():
    with pytest.raises(ValueError):
        SpecError("a", 1, 1, "", "m", "", "no_such_kind")


def test_spec_error_pickles():
    error = SpecError("a.yaml", 3, 5, "x", "bad", "good", "bad_value", "ctx")
    assert pickle.loads(pickle.dumps(error)).format() == error.format()


def test_messages_are_one_line():
    assert SpecError("a", 1, 1, "", "two\nlines", "x\ny", "bad_value").format() == "a:1:1: two lines (expected x y)"


def test_sorting_dedup_and_raise_all():
    late = SpecError("a", 9, 1, "", "late", kind="bad_value")
    early = SpecError("a", 2, 1, "", "early", kind="bad_value")
    again = SpecError("a", 2, 1, "", "early", kind="bad_value", context="other")
    assert sorted_unique([late, early, again]) == [early, late]
    with pytest.raises(SpecError) as info:
        raise_all([late, early])
    assert info.value is early and info.value.problems == [early, late]
    raise_all([])


def test_kinds_are_documented():
    assert all(isinstance(v, str) and v for v in KINDS.values())


def test_format_path():
    assert format_path(("rules", "settlement", "table", 2, "when")) == "rules.settlement.table[2].when"
    assert format_path((0, "a")) == "[0].a"
    assert format_path(()) == ""
