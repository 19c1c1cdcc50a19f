"""Bad inputs a newcomer met on a first try of the kit: each gets one ``error:`` line and the right exit status."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

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


def _match_record(tmp_path: Path, variant: str, *extra: str) -> tuple[Path, dict]:
    path = tmp_path / f"{variant.replace('/', '-')}.json"
    played = run("play", variant, "--record", str(path), *extra)
    assert played.exit_code == 0, played.output
    return path, json.loads(path.read_text(encoding="utf-8"))


def verify_edited(path: Path, record: dict):
    """Write the edited ``record`` over ``path`` and ``verify`` it."""
    path.write_text(json.dumps(record), encoding="utf-8")
    return run("verify", str(path))


NO_HANDS = "not a valid record at hands: the list has 0 item(s) (expected at least 1)"
GAME_NOT_VARIANTS = ("the record's game and variant disagree: game 'biedan', variant 'huolong/li-zhijiang' (a huolong "
                     "variant; expected game 'huolong')")


@pytest.mark.parametrize(("variant", "key", "value", "message"), [
    ("biedan/biedan-guide", "hands", [], NO_HANDS),
    ("dadun/dadun-guide", "hands", [], NO_HANDS),
    ("huolong/li-zhijiang", "game", "biedan", GAME_NOT_VARIANTS),  # not "unknown key 'match_winner'"
])
def test_verify_refuses_an_unreadable_match_record_in_one_line(tmp_path, variant, key, value, message):
    path, record = _match_record(tmp_path, variant, "--bots", "greedy", "--hands", "1")
    record[key] = value
    result = verify_edited(path, record)
    assert result.exit_code == 2
    assert error_lines(result) == [f"error: {path}: {message}"]


def test_verify_refuses_a_biedan_session_cut_short(tmp_path):
    path, record = _match_record(tmp_path, "biedan/biedan-guide")
    assert record["match_over"] is True and len(record["hands"]) == 6  # the guide's session: 6 hands [match.hands]
    record["hands"].pop()
    result = verify_edited(path, record)
    assert result.exit_code == 1
    assert result.stdout.strip() == (f"{path}: hands[4]: result_mismatch (match_over is true, but the record holds "
                                     f"5 of the session's 6 hands)")


def test_verify_refuses_a_dadun_match_cut_short(tmp_path):
    path, record = _match_record(tmp_path, "dadun/dadun-guide", "--bots", "greedy")
    winner = record["match_winner"]
    assert winner in (0, 1) and record["hands"][-1]["result"]["match_winner"] == winner
    record["hands"].pop()
    result = verify_edited(path, record)
    assert result.exit_code == 1
    last = len(record["hands"]) - 1
    assert result.stdout.strip() == (f"{path}: hands[{last}]: wrong_setup (match_winner is team {winner}, the hands "
                                     f"give no winner)")


def test_unfinished_climbing_matches_and_old_records_still_verify(tmp_path):
    path, record = _match_record(tmp_path, "biedan/biedan-guide", "--hands", "2")
    assert record["match_over"] is False
    assert run("verify", str(path)).exit_code == 0
    del record["match_over"]  # a record of kit 0.1: the field is absent
    assert verify_edited(path, record).exit_code == 0


@pytest.mark.parametrize("option", ["--json", "--markdown", "--junit"])
def test_conform_refuses_a_report_in_a_missing_folder_before_running(tmp_path, option):
    target = tmp_path / "missing" / "deeper" / "report.out"
    result = run("conform", "--variant", "dadun/dadun-guide", option, str(target))
    assert result.exit_code == 2
    assert error_lines(result) == [f"error: cannot write the {option} report to {target}: the folder "
                                   f"{target.parent} does not exist (create it first)"]
    assert not (tmp_path / "missing").exists()  # no folder made
    assert "passed" not in result.output  # refused before running


def test_play_refuses_a_record_in_a_missing_folder_in_the_same_words(tmp_path):
    target = tmp_path / "missing" / "match.json"
    result = run("play", "dadun/dadun-guide", "--record", str(target))
    assert result.exit_code == 2
    assert error_lines(result) == [f"error: cannot write the record to {target}: the folder {target.parent} "
                                   f"does not exist (create it first)"]


@pytest.mark.skipif(not Path("/proc/version").is_file(), reason="needs Linux's /proc")
def test_a_report_over_a_proc_file_gives_the_real_reason():
    result = run("conform", "--junit", "/proc/version")
    assert result.exit_code == 2
    lines = error_lines(result)
    assert len(lines) == 1 and lines[0].startswith("error: cannot write the --junit report to /proc/version: ")
    assert "no new file can be made in its folder /proc" in lines[0]


def test_verify_says_a_missing_huolong_winner_in_words(tmp_path):
    path, record = _match_record(tmp_path, "li-zhijiang")
    winner = record["match_winner"]
    assert winner in (0, 1)
    record["hands"].pop()
    result = verify_edited(path, record)
    assert result.exit_code == 1
    line = result.stdout.strip()
    assert line.endswith(f"wrong_setup (match_winner is team {winner}, the hands give no winner)")
    assert "None" not in line


DYING_ENGINE = """import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        print(json.dumps({"type": "ready", "name": "dying", "version": "0", "variants": ["*"],
                          "operations": ["bottom_points"]}), flush=True)
    elif message["type"] == "query":
        sys.exit(3)
    else:
        break
"""


def test_conform_summary_columns_add_up_when_the_engine_dies(tmp_path):
    engine = tmp_path / "dying.py"
    engine.write_text(DYING_ENGINE, encoding="utf-8")
    result = run("conform", "--impl-cmd", f"{sys.executable} {engine}", "--op", "bottom_points",
                 "--variant", "huolong/li-zhijiang")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["operation", "asked", "not", "asked", "passed", "failed", "skipped", "errored"]
    name, asked, not_asked, *statuses = lines[1].split()
    assert name == "huolong/bottom_points" and int(not_asked) > 0  # the crashes stop the queries
    assert int(asked) + int(not_asked) == sum(map(int, statuses))
    assert any(line.startswith("not asked: ") and "not queried" in line for line in lines)


@pytest.mark.parametrize(("args", "line"), [
    (["conform", "--timeout", "abc"],
     "error: Invalid value for '--timeout': 'abc' is not a valid float (see 'datong-rules conform --help')"),
    (["coverage", "--fail-under", "150"],
     "error: Invalid value for '--fail-under': 150 is not a number from 0 to 100 "
     "(see 'datong-rules coverage --help')"),
    (["verify"], "error: Missing argument 'FILES...' (see 'datong-rules verify --help')"),
    (["no-such-command"], "error: No such command 'no-such-command' (see 'datong-rules --help')"),
    (["play", "biedan/biedan-guide", "--seed", "-5"],  # a seed is a whole number ≥ 0 everywhere, as fuzz says
     "error: Invalid value for '--seed': -5 is not in the range x>=0 (see 'datong-rules play --help')"),
])
def test_usage_errors_are_one_error_line(args, line):
    result = CliRunner().invoke(cli, args, prog_name="datong-rules")
    assert result.exit_code == 2
    assert error_lines(result) == [line]


def test_help_is_still_help():
    result = CliRunner().invoke(cli, ["verify", "--help"], prog_name="datong-rules")
    assert result.exit_code == 0 and result.output.startswith("Usage: datong-rules verify")


def _package_version() -> str:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def test_manifest_and_readme_layout_name_only_folders_that_exist():
    grafted = [line.split()[1] for line in (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
               if line.startswith("graft ")]
    assert grafted and [g for g in grafted if not (ROOT / g).is_dir()] == []
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme.split("## Layout", 1)[1].split("```")[1]
    folders = re.findall(r"^([a-z_]+)/ ", layout, re.MULTILINE)
    assert "spec" in folders and [f for f in folders if not (ROOT / f).is_dir()] == []
    games_line = re.search(r"one folder of variant files per game \(([^)]*)\)", layout)
    assert games_line is not None
    named = sorted(g.strip().rstrip("/") for g in games_line.group(1).split(","))
    assert named == sorted(p.name for p in (ROOT / "spec").iterdir() if p.is_dir() and p.name != "schema")


def test_readme_points_implementers_at_every_games_operations_guide():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    guides = sorted(p.name for p in (ROOT / "docs" / "implementers").glob("*operations.md"))
    assert guides == ["biedan-operations.md", "dadun-operations.md", "operations.md"]
    assert all(f"docs/implementers/{guide}" in readme for guide in guides)
    assert "datong-rules coverage --counts" in readme  # the per-rule counts need --counts


def test_release_pins_are_the_package_version():
    pin = re.compile(r"(?:rev: |datong-rules@)(v\d+\.\d+\.\d+)")
    files = [".pre-commit-hooks.yaml", "action.yml", "docs/implementers/index.md", "docs/implementers/index.en.md",
             "docs/rule-keepers-editor.md"]
    found = {f: pin.findall((ROOT / f).read_text(encoding="utf-8")) for f in files}
    assert all(found.values()), found
    assert {tag for tags in found.values() for tag in tags} == {f"v{_package_version()}"}


@pytest.mark.parametrize("command", ["conform", "coverage"])
def test_an_abstract_variant_is_said_to_be_abstract(command):
    result = run(command, "--variant", "base")
    assert result.exit_code == 2
    lines = error_lines(result)
    assert len(lines) == 1
    assert lines[0].startswith("error: --variant huolong/base: huolong/base is abstract (a base for other variants")
    assert "huolong/li-zhijiang" in lines[0]  # a variant that can be played instead
    assert "biedan/" not in lines[0]  # not the list of every fixture variant


def test_diff_gives_the_reason_of_an_inferred_rule_in_both_languages():
    out = run("diff", "dadun/dadun-guide", str(ROOT / "docs" / "examples" / "dadun-house.yaml")).output
    block = out.split("■ wild.alone\n", 1)[1].split("■", 1)[0].splitlines()
    guide = block[:block.index(next(line for line in block if line.startswith("  B ")))]
    # the guide's item has reason_zh: two lines; the house's item has only an English reason: one line
    assert any(line.strip().startswith("推断：") for line in guide)
    assert any(line.strip().startswith("inferred: ") for line in guide)
    assert any(line.strip().startswith("推断 inferred: House rule") for line in block)
