"""Rule coverage counting."""

from __future__ import annotations

from datong_rules.conformance.coverage import coverage


def test_counts_uncovered_and_percent(demo_scenarios):
    report = coverage(demo_scenarios, {"demo/plain": ["echo.basic", "echo.lists", "add.sum", "add.carry"],
                                       "demo/other": ["echo.basic"], "demo/empty": []})
    plain = report.variants["demo/plain"]
    assert plain.counts == {"echo.basic": 3, "echo.lists": 1, "add.sum": 2, "add.carry": 0}
    assert plain.uncovered == ["add.carry"] and plain.percent == 75.0
    assert report.variants["demo/other"].counts == {"echo.basic": 1}
    assert report.variants["demo/empty"].percent == 100.0
    assert report.errors == []
    assert report.to_json()["variants"]["demo/plain"]["uncovered"] == ["add.carry"]


def test_rules_of_another_variant_and_unlisted_variants_are_errors_one_line_each(demo_scenarios):
    report = coverage(demo_scenarios, {"demo/plain": ["echo.basic"]}, rules_from="rules.json")
    errors = report.errors
    assert len(errors) == 3
    assert errors[0].endswith(": 1 scenario is for variant 'demo/other', which is not in rules.json "
                              "(first: 'demo.echo.other-variant-004')")
    assert errors[1].endswith("add.yaml:7: 2 scenarios of variant 'demo/plain' cite rule 'add.sum', which is not a "
                              "rule of that variant in rules.json (first: 'demo.add.small-001')")
    assert errors[2].endswith("echo.yaml:12: 1 scenario of variant 'demo/plain' cites rule 'echo.lists', which is "
                              "not a rule of that variant in rules.json (first: 'demo.echo.list-002')")


def test_a_text_only_rule_is_not_counted_by_coverage():
    from datong_rules.reference_impl.variant import load_variant

    dadun = load_variant("dadun/dadun-guide")
    assert dadun.item("players.table_talk")["text_only"] is True
    assert "players.table_talk" in dadun.rule_ids()
    assert "players.table_talk" not in dadun.checked_rule_ids()
    assert len(dadun.checked_rule_ids()) == len(dadun.rule_ids()) - 1


def test_a_moot_rule_is_not_counted_and_says_why():
    """攉龙's follow.keep_meteors_whole plays alike either way when no rule obliges a pair (the bundled variants):
    coverage leaves it out there, and counts it again once a pair duty exists (follow.shape match_when_held, or
    follow.meteor_obliges_pair)."""
    import copy
    import dataclasses

    from datong_rules.reference_impl.variant import load_variant

    bundled = load_variant("huolong/li-zhijiang")
    assert bundled.rule("follow.shape") == "free" and bundled.rule("follow.meteor_obliges_pair") is False
    why = bundled.moot_rules()["follow.keep_meteors_whole"]
    assert "follow.shape" in why["en"] and "流星" in why["zh"]
    assert "follow.keep_meteors_whole" in bundled.rule_ids()
    assert "follow.keep_meteors_whole" not in bundled.checked_rule_ids()
    for rule, value in (("shape", "match_when_held"), ("meteor_obliges_pair", True)):
        data = copy.deepcopy(bundled.data)
        data["rules"]["follow"][rule]["value"] = value
        duty = dataclasses.replace(bundled, data=data)
        assert duty.moot_rules() == {}
        assert "follow.keep_meteors_whole" in duty.checked_rule_ids()
    assert load_variant("dadun/dadun-guide").moot_rules() == {}


def test_coverage_names_the_moot_rules_it_leaves_out():
    from click.testing import CliRunner

    from datong_rules.cli.main import cli

    result = CliRunner().invoke(cli, ["coverage", "--variant", "huolong/li-zhijiang"])
    assert result.exit_code == 0, result.output
    assert "huolong/li-zhijiang: follow.keep_meteors_whole not counted (moot here): no rule of this variant " \
           "obliges a pair" in result.output
    assert "uncovered" not in result.output


def test_coverage_says_the_moot_rules_and_an_unknown_variant_in_chinese_under_lang_zh():
    """--lang zh: the moot rule's line says why in 中文 (the game's own 中文 words were there, the English shown),
    and a --variant naming no variant is said in 中文."""
    from click.testing import CliRunner

    from datong_rules.cli.main import cli

    result = CliRunner().invoke(cli, ["--lang", "zh", "coverage", "--variant", "huolong/li-zhijiang"])
    assert result.exit_code == 0, result.output
    assert "huolong/li-zhijiang：follow.keep_meteors_whole 不计入（这里不起作用）：这个版本没有必须跟对子的规定" in result.output
    result = CliRunner().invoke(cli, ["--lang", "zh", "coverage", "--variant", "huolong/nosuch"])
    assert result.exit_code == 2, result.output
    assert "错误：未知的版本 'huolong/nosuch'（已知的：biedan/biedan-guide, " in result.output
