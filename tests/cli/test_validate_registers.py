"""``validate spec/`` reads the spec folder's registers (readings, reasons, value words) as what they are, each
against its own schema, not as variants (which gave 12 false problems)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.reference_impl.variant.registry import REGISTER_SCHEMAS, declared_schema

SPEC = Path(__file__).resolve().parents[2] / "spec"


def test_validate_the_spec_folder_finds_no_problem():
    result = CliRunner().invoke(cli, ["validate", str(SPEC)])
    assert result.exit_code == 0, result.output
    assert result.stdout == "" and "no problems" in result.stderr


@pytest.mark.parametrize("name", ["readings.yaml", "reasons.yaml", "value-words.yaml"])
def test_each_register_names_its_own_schema(name):
    assert declared_schema(SPEC / name) == name.replace(".yaml", ".schema.json") in REGISTER_SCHEMAS


def test_a_broken_register_is_checked_against_its_own_schema(tmp_path):
    broken = tmp_path / "reasons.yaml"
    broken.write_text((SPEC / "reasons.yaml").read_text(encoding="utf-8").replace("\nreasons:", "\nreasonz:", 1),
                      encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(broken)])
    assert result.exit_code == 1
    assert "missing key 'reasons'" in result.stdout and "missing key 'id'" not in result.stdout


def test_a_variant_file_is_still_read_as_a_variant(tmp_path):
    house = tmp_path / "readings.yaml"  # a name is not enough: the first line says what a file is
    house.write_text("id: huolong/readings\nextends: huolong/li-zhijiang\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(house)])
    assert result.exit_code == 1 and "missing key 'name'" in result.stdout
