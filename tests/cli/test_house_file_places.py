"""A house file in the wrong place, said where it can be fixed, in both languages: ``extends: dir.yaml`` naming a folder
is reported at the ``extends`` line of the file that names it (it was said at ``dir.yaml:1:1``); a house file given
to ``conform --scenarios`` is named, with the hint to give it with ``--variant``."""

from __future__ import annotations

from pathlib import Path

from examples_support import run

HOUSE = """id: huolong/club-x
extends: dir.yaml
name: {zh: 测试, en: test}
summary: {zh: 测试, en: test}
rules: {}
"""


def test_extends_naming_a_folder_is_a_problem_at_the_extends_line(tmp_path):
    (tmp_path / "dir.yaml").mkdir()
    house = tmp_path / "house.yaml"
    house.write_text(HOUSE, encoding="utf-8")
    result = run("validate", str(house))
    assert result.exit_code == 1
    [line] = result.stdout.splitlines()
    assert line.startswith(f"{house}:2:") and "extends: 'dir.yaml' is a folder, not a file" in line, line
    zh = run("--lang", "zh", "validate", str(house))
    assert zh.stdout.startswith(f"{house}:2:") and "'dir.yaml' 是文件夹，不是文件" in zh.stdout, zh.stdout


def test_conform_given_a_house_file_as_scenarios_names_the_file_and_points_to_variant():
    house = str(Path(__file__).resolve().parents[2] / "docs" / "examples" / "house-variant.yaml")
    result = run("conform", "--impl-cmd", "datong-rules serve", "--scenarios", house)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"error: no scenario in {house} (") and "--variant FILE" in result.stderr
    zh = run("--lang", "zh", "conform", "--impl-cmd", "datong-rules serve", "--scenarios", house)
    assert zh.stderr.startswith(f"错误：{house} 里没有场景") and "--variant" in zh.stderr and "fixture" not in zh.stderr
