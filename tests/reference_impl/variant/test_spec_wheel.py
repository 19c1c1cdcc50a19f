"""The installed kit works from any directory: build the wheel, install it into a fresh virtual environment, and run
the spec commands from a directory outside the checkout.

Slow (about 20 s: a build and a pip install that resolves PyYAML, jsonschema and click; the fixture ``installed`` in
tests/conftest.py is shared with tests/test_build.py); it runs in the default suite. Set DATONG_SKIP_WHEEL=1 to leave
it out (e.g. offline, where pip cannot reach an index).
"""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURE = Path(__file__).parent / "fixtures" / "house-club.yaml"

pytestmark = pytest.mark.slow


def test_installed_kit_validates_its_bundled_data_from_elsewhere(installed, run_clean, tmp_path):
    result = run_clean([str(installed / "datong-rules"), "validate"], cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no problems" in result.stderr
    where = run_clean([str(installed / "python"), "-c", "import datong_rules.reference_impl.paths as p; print(p.spec_root())"],
                      cwd=tmp_path)
    assert str(installed.parent) in where.stdout  # the wheel's own copy of spec/, not the checkout's


def test_installed_kit_checks_a_house_variant(installed, run_clean, tmp_path):
    house = tmp_path / "club.yaml"
    house.write_text(FIXTURE.read_text(encoding="utf-8"), encoding="utf-8")
    assert run_clean([str(installed / "datong-rules"), "validate", "club.yaml"], cwd=tmp_path).returncode == 0
    house.write_text(FIXTURE.read_text(encoding="utf-8").replace("value: fast", "value: fastt"), encoding="utf-8")
    result = run_clean([str(installed / "datong-rules"), "validate", "club.yaml"], cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.startswith("club.yaml:15:7: rules.star_burial.policy.value: 'fastt'")
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("command", ["validate", "variants", "show", "diff"])
def test_installed_help(installed, run_clean, tmp_path, command):
    result = run_clean([str(installed / "datong-rules"), command, "--help"], cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.startswith("Usage: ")


def test_installed_show_and_diff(installed, run_clean, tmp_path):
    show = run_clean([str(installed / "datong-rules"), "show", "huolong/li-zhijiang"], cwd=tmp_path)
    assert show.returncode == 0 and "defined_in: huolong/li-zhijiang" in show.stdout
    diff = run_clean([str(installed / "datong-rules"), "diff", "huolong/li-zhijiang", "huolong/online-platform"],
                     cwd=tmp_path)
    assert diff.returncode == 0 and "■ declaration.nobody_declared" in diff.stdout
