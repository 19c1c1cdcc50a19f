"""``extends: dir.yaml`` naming a folder is reported at the ``extends`` line of the file that names it (it was said at
``dir.yaml:1:1``, a place the rule keeper cannot fix), in both languages."""

from __future__ import annotations

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
