"""Paths that cannot be followed: a symbolic link loop given as a variant, a report or a record; a folder holding
one looping link; an ``extends`` name too long for the system. Each is one located line and the command's usual
status for bad input, never an internal error (exit 70)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.reference_impl.user_files import clipped, is_regular_file, resolved

LOOP_REASON = "Too many levels of symbolic links"


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture
def loop(tmp_path, monkeypatch):
    """``loop.yaml`` in the working folder: a link to itself."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "loop.yaml").symlink_to("loop.yaml")
    return "loop.yaml"


@pytest.mark.parametrize("command", [
    ["show", "{}"], ["diff", "{}", "li-zhijiang"], ["play", "{}"], ["verify", "--variant", "{}", "x.json"],
    ["conform", "--variant", "{}"], ["coverage", "--variant", "{}"], ["fuzz", "--variant", "{}", "--impl-cmd", "x"],
    ["simulate", "{}", "--hands", "1"], ["table", "{}"], ["serve", "--variant-file", "{}"],
])
def test_a_looping_variant_link_is_one_line_and_exit_2(loop, command):
    result = invoke(*[part.replace("{}", loop) for part in command])
    assert result.exit_code == 2, result.output
    assert f"loop.yaml:1:1: cannot read the file: {LOOP_REASON}" in result.stderr
    assert len(result.stderr.splitlines()) == 1 and "internal error" not in result.stderr


def test_validate_a_looping_link_is_a_problem_of_that_file(loop):
    result = invoke("validate", loop)
    assert result.exit_code == 1
    assert result.stdout == f"loop.yaml:1:1: cannot read the file: {LOOP_REASON}\n"


def test_validate_a_folder_with_one_looping_link_checks_the_others(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "a-loop.yaml").symlink_to("a-loop.yaml")
    (tmp_path / "club" / "house.yaml").write_text("id: huolong/house\nextends: huolong/li-zhijiang\n"
                                                   "name: {zh: 会, en: House}\nsummary: {zh: 会, en: House}\n")
    result = invoke("validate", "club")
    assert result.exit_code == 1
    assert result.stdout == f"club/a-loop.yaml:1:1: cannot read the file: {LOOP_REASON}\n"  # house.yaml is fine
    assert "2 file(s) checked: 1 problem" in result.stderr


def test_extends_naming_a_looping_link_says_why_it_cannot_be_read(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "parent.yaml").symlink_to("parent.yaml")
    (tmp_path / "house.yaml").write_text("id: huolong/house\nextends: parent.yaml\n")
    result = invoke("validate", "house.yaml")
    assert f"parent.yaml:1:1: cannot read the file: {LOOP_REASON}" in result.stdout
    assert "does not exist" not in result.stdout


@pytest.mark.parametrize("option", ["--json", "--junit", "--markdown"])
def test_a_looping_report_path_of_conform_is_refused_before_the_run(tmp_path, monkeypatch, option):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.out").symlink_to("r.out")
    result = invoke("conform", "--variant", "li-zhijiang", "--op", "trick_winner", option, "r.out", "-q")
    assert result.exit_code == 2
    assert result.stderr == f"error: cannot write the {option} report to r.out: {LOOP_REASON}\n"


@pytest.mark.parametrize("extends", ["a" * 5000 + ".yaml", "huolong/" + "a" * 5000])
def test_an_extends_name_of_5000_characters_is_one_short_line(tmp_path, monkeypatch, extends):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "long.yaml").write_text(f"id: huolong/x\nname: {{zh: 长, en: Long}}\nsummary: {{zh: 长, en: Long}}\n"
                                        f"extends: {extends}\n")
    result = invoke("validate", "long.yaml")
    assert result.exit_code == 1
    (line,) = result.stdout.splitlines()
    assert line.startswith("long.yaml:4:1: extends: ") and "does not exist" in line
    assert "(5,005 characters)" in line or "(5,008 characters)" in line
    assert len(line) < 700


def test_the_path_helpers_never_raise(tmp_path):
    (tmp_path / "loop").symlink_to("loop")
    long_name = tmp_path / ("n" * 5000)
    for path in (tmp_path / "loop", long_name):
        assert resolved(path).is_absolute()
        assert is_regular_file(path) is False
    assert is_regular_file("a\0b") is False
    assert clipped("short") == "short"
    assert clipped("x" * 500, 100) == "x" * 35 + "…" + "x" * 35 + " (500 characters)"
