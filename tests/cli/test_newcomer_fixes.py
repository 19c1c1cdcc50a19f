"""Bad inputs a newcomer met on a first try of the kit: each gets one ``error:`` line and the right exit status."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from datong_rules.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
HOUSE = ROOT / "docs" / "examples" / "house-variant.yaml"


def run(*args: str):
    """``datong-rules ARGS`` in-process (click's runner)."""
    return CliRunner().invoke(cli, list(args))


def error_lines(result) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.strip()]


def test_play_refuses_a_record_over_the_variant_file(tmp_path):
    house = tmp_path / "house.yaml"
    text = HOUSE.read_text(encoding="utf-8")
    house.write_text(text, encoding="utf-8")
    result = run("play", str(house), "--record", str(tmp_path / "." / "house.yaml"))
    assert result.exit_code == 2
    lines = error_lines(result)
    assert len(lines) == 1 and lines[0].startswith("error: --record") and "variant file" in lines[0]
    assert house.read_text(encoding="utf-8") == text  # the house rules are untouched


def _biedan_house(tmp_path: Path, hands: int) -> Path:
    house = tmp_path / "long-session.yaml"
    house.write_text(f"""id: biedan/long-session
extends: biedan/biedan-guide
game: biedan
family: climbing
name: {{zh: 憋蛋 · 长场, en: Biedan · a long session}}
summary: {{zh: 一场打{hands}局。, en: A session of {hands} hands.}}
rules:
  match:
    hands:
      value: {hands}
      text: {{zh: 一场打{hands}局。, en: A session is {hands} hands.}}
      inferred: {{reason: A club's house rule., reason_zh: 俱乐部的规矩。}}
""", encoding="utf-8")
    return house


def test_play_over_the_cap_names_max_hands_and_writes_no_record(tmp_path):
    house = _biedan_house(tmp_path, 1000)
    assert run("validate", str(house)).exit_code == 0
    record = tmp_path / "session.json"
    result = run("play", str(house), "--record", str(record))
    assert result.exit_code == 1
    lines = error_lines(result)
    assert len(lines) == 1 and "--max-hands" in lines[0] and "1000 hands" in lines[0]
    assert not record.exists()
