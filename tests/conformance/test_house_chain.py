"""A house file that extends another house file by its relative path: a league's rules, a club's changes on top.

The chain resolves file by file, ends on a published variant (which the resolved ``extends`` names), and every broken
link is one located error: a missing file, a loop, a file naming itself, a published variant naming a file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.conformance.house import inherit
from datong_rules.reference_impl.paths import spec_root
from datong_rules.reference_impl.variant import Registry, SpecError, load_file

HEAD = "name: {zh: 测试, en: Test}\nsummary: {zh: 测试, en: Test}\n"
LOCKS_OUT = """rules:
  play:
    pass_locks_out:
      value: true
      text: {zh: 过了牌的人要一直过到这一轮结束。, en: A player who passed keeps passing until the round ends.}
      inferred: {reason: House rule of the league.}
"""
WILD_ALONE = """rules:
  wild:
    alone:
      value: declared
      text: {zh: 单出一张混儿时可以声明它当任何单张。, en: A lone wild may be declared as any single.}
      inferred: {reason: House rule of the club.}
"""


@pytest.fixture
def league_and_club(tmp_path: Path) -> Path:
    """``league.yaml`` (extends dadun/dadun-guide, locks out who passed) and ``club/club.yaml`` (extends
    ``../league.yaml``, a lone wild declared); returns the club's path."""
    (tmp_path / "league.yaml").write_text(
        "id: dadun/city-league\nextends: dadun/dadun-guide\n" + HEAD + LOCKS_OUT, encoding="utf-8")
    (tmp_path / "club").mkdir()
    club = tmp_path / "club" / "club.yaml"
    club.write_text("id: dadun/my-club\nextends: ../league.yaml\n" + HEAD + WILD_ALONE, encoding="utf-8")
    return club


def _problem(path: Path) -> SpecError:
    with pytest.raises(SpecError) as caught:
        load_file(path)
    return caught.value


def test_the_chain_resolves_to_the_published_variant(league_and_club):
    club = load_file(league_and_club)
    assert club.chain == ("dadun/dadun-guide", "dadun/city-league", "dadun/my-club")
    assert club.parent == "dadun/dadun-guide"  # the published variant the chain ends on
    assert club.rule("play.pass_locks_out") is True  # the league's change, inherited
    assert club.rule("wild.alone") == "declared"  # the club's own
    assert club.defined_in("play.pass_locks_out") == "dadun/city-league"
    assert club.defined_in("wild.alone") == "dadun/my-club"
    assert club.defined_in("points.cards") == "dadun/dadun-guide"


def test_a_missing_house_parent_is_located(league_and_club):
    (league_and_club.parent.parent / "league.yaml").unlink()
    problem = _problem(league_and_club)
    assert (problem.line, problem.kind) == (2, "missing_parent")
    assert "../league.yaml" in problem.message and problem.file.endswith("club.yaml")


def test_two_house_files_extending_each_other_are_a_cycle(tmp_path):
    (tmp_path / "a.yaml").write_text("id: dadun/a\nextends: b.yaml\n" + HEAD, encoding="utf-8")
    (tmp_path / "b.yaml").write_text("id: dadun/b\nextends: a.yaml\n" + HEAD, encoding="utf-8")
    problem = _problem(tmp_path / "a.yaml")
    assert problem.kind == "extends_cycle" and "dadun/a → dadun/b → a.yaml" in problem.message


def test_a_house_file_naming_itself_is_a_cycle(tmp_path):
    (tmp_path / "c.yaml").write_text("id: dadun/c\nextends: c.yaml\n" + HEAD, encoding="utf-8")
    assert _problem(tmp_path / "c.yaml").kind == "extends_cycle"


@pytest.mark.parametrize("ref, kind", [("/etc/rules.yaml", "outside_spec"), ("C:/rules.yaml", "outside_spec"),
                                       ("rules\\club.yaml", "outside_spec"), ("league.txt", "bad_id")])
def test_a_reference_that_is_neither_an_id_nor_a_relative_file(tmp_path, ref, kind):
    path = tmp_path / "d.yaml"
    path.write_text(f"id: dadun/d\nextends: '{ref}'\n" + HEAD, encoding="utf-8")
    problem = _problem(path)
    assert (problem.line, problem.kind) == (2, kind)
    assert "neither a variant id nor a house file's relative path" in problem.message


def test_a_published_variant_may_not_extend_a_file(tmp_path):
    root = tmp_path / "spec"
    shutil.copytree(spec_root(), root)
    (root / "dadun" / "league.yaml").write_text("id: dadun/league\nextends: dadun-guide.yaml\n" + HEAD,
                                                encoding="utf-8")
    problems = Registry(root).check_file(root / "dadun" / "league.yaml")
    assert [(p.line, p.rule_path, p.kind) for p in problems] == [(2, "extends", "bad_value")]
    assert "a published variant extends a file" in problems[0].message


def test_the_cli_validates_shows_and_diffs_the_chain(league_and_club):
    runner = CliRunner()
    assert runner.invoke(cli, ["validate", str(league_and_club)]).exit_code == 0
    shown = runner.invoke(cli, ["show", str(league_and_club)])
    assert shown.output.splitlines()[0].endswith("dadun/dadun-guide → dadun/city-league → dadun/my-club")
    diff = runner.invoke(cli, ["diff", str(league_and_club.parent.parent / "league.yaml"), str(league_and_club)])
    assert diff.exit_code == 0 and "■ wild.alone" in diff.output and "■ play.pass_locks_out" not in diff.output


def test_house_scenarios_come_from_the_published_variant(league_and_club, bundled_suite):
    chosen = inherit(load_file(league_and_club), bundled_suite)
    assert set(chosen.changed) == {"play.pass_locks_out", "wild.alone"}  # against the published variant
    assert chosen.scenarios and all(s.variant == "dadun/my-club" for s in chosen.scenarios)
    left = {entry.scenario.id: entry.rules for entry in chosen.left_out}
    # a scenario of the guide that depends on the league's rule is left out, as one on the club's is
    assert any("play.pass_locks_out" in why for why in left.values())
    assert any("wild.alone" in why for why in left.values())
