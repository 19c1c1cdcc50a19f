"""``validate`` warns, and still succeeds, where a 打墩 catalogue and its bomb ladder disagree: a step of
``beating.bomb_ladder`` or ``beating.bomb_ladder_extension`` naming a combination the catalogue lacks (a house that
removed the straight flush or the linked bomb from its catalogue and left their steps)."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from datong_rules.reference_impl.variant import load_variant

from examples_support import run

GUIDE = load_variant("dadun/dadun-guide")
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def _house(tmp_path, drop: tuple[str, ...], ladder: bool = False):
    """A house of the guide whose catalogue lacks ``drop``; ``ladder``: its bomb ladders lack those steps too."""
    catalogue = [c for c in GUIDE.rule("combinations.catalogue") if c["name"] not in drop]
    combinations = {"catalogue": {"value": catalogue, "text": {"zh": "牌型", "en": "combinations"},
                                  "inferred": {"reason": "a test"}}}
    rules: dict = {"combinations": combinations}
    if ladder:
        rules["beating"] = {rule: {"value": [s for s in GUIDE.rule(f"beating.{rule}") if s["combination"] not in drop],
                                   "text": {"zh": "等级", "en": "ladder"}, "inferred": {"reason": "a test"}}
                            for rule in ("bomb_ladder", "bomb_ladder_extension")}
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump({"id": "dadun/test-house", "extends": "dadun/dadun-guide",
                                    "name": {"zh": "测试", "en": "test"}, "summary": {"zh": "测试", "en": "test"},
                                    "rules": rules}, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def test_a_ladder_step_the_catalogue_lacks_is_a_warning_at_the_catalogue(tmp_path):
    path = _house(tmp_path, ("straight_flush", "linked_bomb"))
    result = run("validate", str(path))
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stdout.splitlines() if line]
    catalogue_line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if "catalogue:" in text) + 1
    assert len(lines) == 3 and all(line.startswith(f"{path}:{catalogue_line}:") and ": warning: " in line
                                   for line in lines), lines
    assert "beating.bomb_ladder[2].combination" in lines[0] and "step 3 names the combination 'straight_flush'" in lines[0]
    assert "steps 4, 6, 8 name the combination 'linked_bomb'" in lines[1]
    assert "beating.bomb_ladder_extension[0].combination" in lines[2]
    assert "no problems, 3 warnings" in result.stderr


def test_the_warnings_in_json_and_github_forms(tmp_path):
    path = _house(tmp_path, ("straight_flush",))
    found = json.loads(run("validate", "--format", "json", str(path)).stdout)
    assert [(w["kind"], w["level"]) for w in found] == [("ladder_step_unused", "warning")]
    github = run("validate", "--format", "github", str(path))
    assert github.exit_code == 0 and github.stdout.startswith("::warning file=") and "title=ladder_step_unused" in github.stdout


def test_no_warning_when_the_ladder_lost_the_steps_too_nor_for_the_bundled_and_example_files(tmp_path):
    result = run("validate", str(_house(tmp_path, ("straight_flush", "linked_bomb"), ladder=True)))
    assert result.exit_code == 0 and result.stdout == "" and "warning" not in result.stderr, result.output
    bundled = run("validate")
    assert bundled.exit_code == 0 and "warning" not in bundled.output
    examples = run("validate", str(EXAMPLES / "dadun-house.yaml"), str(EXAMPLES / "dadun-guandan.yaml"))
    assert examples.exit_code == 0 and "warning" not in examples.output


def _long_biedan(tmp_path, hands: int):
    """A house of the 憋蛋 guide whose match is ``hands`` hands long."""
    path = tmp_path / "long.yaml"
    path.write_text(yaml.safe_dump({"id": "biedan/test-long", "extends": "biedan/biedan-guide",
                                    "name": {"zh": "长局", "en": "long"}, "summary": {"zh": "长局", "en": "long"},
                                    "rules": {"match": {"hands": {"value": hands, "text": {"zh": "局数", "en": "hands"},
                                                                  "inferred": {"reason": "a test"}}}}},
                                   allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def test_a_match_longer_than_plays_cap_is_a_warning_at_its_line_naming_the_cap_and_max_hands(tmp_path):
    path = _long_biedan(tmp_path, 600)
    refused = run("play", str(path), "--seed", "1")
    assert refused.exit_code != 0 and "600 hands asked for, more than the cap of 500" in refused.output
    hands_line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if "hands:" in text) + 1
    result = run("validate", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{path}:{hands_line}:") and ": warning: rules.match.hands" in result.stdout
    assert "cap of 500" in result.stdout and "--max-hands 600" in result.stdout
    assert "no problems, 1 warning" in result.stderr
    zh = run("--lang", "zh", "validate", str(path))
    assert "上限 500 局" in zh.stdout and "--max-hands 600" in zh.stdout and "play refuses" not in zh.stdout
    assert run("play", str(path), "--seed", "1", "--max-hands", "600").exit_code == 0


def test_a_match_at_the_cap_warns_of_nothing(tmp_path):
    result = run("validate", str(_long_biedan(tmp_path, 500)))
    assert result.exit_code == 0 and result.stdout == "" and "warning" not in result.stderr, result.output
