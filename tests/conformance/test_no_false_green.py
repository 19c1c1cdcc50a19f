"""No false green: a run that checks nothing fails, failures stay local, reports blame the right rule."""

from __future__ import annotations

import json

from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.conformance.reports.common import by_rule
from datong_rules.conformance.reports.console import render_console
from datong_rules.conformance.runner import run
from datong_rules.conformance.scenarios_io import Scenario

from conformance_support import SCENARIOS, fake_cmd

SUITE = ["--scenarios", str(SCENARIOS), "--no-spec-check"]


def invoke(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_a_handshake_with_a_short_variant_id_or_a_misspelt_operation_fails_the_run():
    result = invoke("conform", "--impl-cmd", fake_cmd("--protocol", "1", "--variants", "datong-guide",
                                                      "--ops", "trick-winner"), "--op", "trick_winner")
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
    assert errors[0] == ("error: the implementation declares what the kit does not know; fix its declaration "
                         "(nothing was run):")
    assert "unknown variant 'datong-guide' in the implementation's declared variants (did you mean " \
           "'huolong/datong-guide'?)" in errors[1]
    assert "unknown operation 'trick-winner' in the implementation's declared operations (did you mean " \
           "'trick_winner'?)" in errors[2]


def test_an_engine_that_skips_everything_fails_the_run_unless_allowed():
    result = invoke("conform", *SUITE, "--impl-cmd", fake_cmd(*[f for i in (
        "demo.add.small-001", "demo.add.negative-002", "demo.echo.word-001", "demo.echo.list-002", "demo.echo.number-003",
        "demo.echo.other-variant-004") for f in ("--skip-on", i)]), "-q")
    assert result.exit_code == 1
    assert "error: nothing was checked: no scenario passed (6 asked); a run that checks nothing fails " \
           "(--allow-empty accepts it)" in result.output
    allowed = invoke("conform", *SUITE, "--impl-cmd", fake_cmd("--ops", "nothing"), "--allow-empty", "-q")
    assert "unknown operation 'demo/nothing'" in allowed.output and allowed.exit_code == 1  # a typo is never allowed


def test_a_run_where_nothing_was_asked_fails_and_the_summary_counts_asked_per_operation():
    result = invoke("conform", *SUITE, "--impl-cmd", fake_cmd("--variants", "demo/other", "--ops", "add"))
    assert result.exit_code == 1
    assert "no scenario was asked: all 6 were outside the variants and operations the implementation declares" \
           in result.output
    ok = invoke("conform", *SUITE, "--impl-cmd", fake_cmd("--variants", "demo/other", "--ops", "add"), "--allow-empty")
    assert ok.exit_code == 0
    lines = ok.output.splitlines()
    assert lines[0].split() == ["operation", "asked", "not", "asked", "passed", "failed", "skipped", "errored"]
    assert lines[1].split() == ["demo/add", "0", "2", "0", "0", "2", "0"]
    assert lines[2].split() == ["demo/echo", "0", "4", "0", "0", "4", "0"]



def test_why_nothing_was_checked_is_said_in_chinese_under_zh():
    # the reason (conformance.runner's Outcome.empty) was left in English inside the 中文 line
    skipping = fake_cmd(*[f for i in ("demo.add.small-001", "demo.add.negative-002", "demo.echo.word-001",
                                      "demo.echo.list-002", "demo.echo.number-003", "demo.echo.other-variant-004")
                          for f in ("--skip-on", i)])
    result = invoke("--lang", "zh", "conform", *SUITE, "--impl-cmd", skipping, "-q")
    assert result.exit_code == 1
    assert "错误：什么也没有检查：没有一个场景通过（问了 6 个）；什么也不检查的运行算失败（--allow-empty 可以接受）" \
        in result.output, result.output
    declaring_other = fake_cmd("--variants", "demo/other", "--ops", "add")
    result = invoke("--lang", "zh", "conform", *SUITE, "--impl-cmd", declaring_other)
    assert result.exit_code == 1
    assert "什么也没有检查：一个场景也没有问：全部 6 个都不在实现声明的版本和操作之内；" in result.output, result.output

def attributed(expect_keys):
    return Scenario(id="demo.settle-001", variant="demo/plain", rules=("levels.advance", "rotation.keep", "a.b"),
                    op="echo", given={"value": 1}, expect={"levels": 1, "next_banker": 2},
                    key_rules={"levels": ("levels.advance", "a.b"), "next_banker": ("rotation.keep", "a.b")})


class Wrong:
    name, version = "w", "1"

    def answer(self, variant, op, given):
        return {"levels": 2, "next_banker": 2}


def test_a_failure_counts_only_against_the_rules_of_the_differing_keys():
    from datong_rules.conformance.adapters.base import _Duck

    outcome = run(_Duck(Wrong()), [attributed(None)], check_schema=False)
    (result,) = outcome.results
    assert result.status == "failed" and result.mismatched == ["levels"]
    assert result.blamed == ("levels.advance", "a.b")
    table = by_rule(outcome)
    assert table["levels.advance"]["failed"] == 1 and {k: table["rotation.keep"][k] for k in ("passed", "failed", "skipped", "errored")} == {
        "passed": 1, "failed": 0, "skipped": 0, "errored": 0}
    text = render_console(outcome)
    assert "FAILED demo.settle-001  [levels.advance, a.b; not blamed: rotation.keep]" in text
    assert "\x1b[" not in text and "\x1b[31m" in render_console(outcome, color=True)


def test_loose_expectations_one_of_and_ranges():
    from datong_rules.conformance.runner import allowed, compare
    assert allowed({"one_of": [1, 3]}, 3) and not allowed({"one_of": [1, 3]}, 2)
    assert allowed({"at_least": 2}, 5) and not allowed({"at_least": 2, "at_most": 4}, 5)
    assert not allowed({"at_least": 0}, True)
    assert compare("x", {"a": 1}, {"a": 1, "b": 7}, {"b": {"at_most": 6, "reason": "r"}}) == ["b"]


def test_the_json_report_has_a_version_declarations_and_blamed_rules(tmp_path):
    report = tmp_path / "r.json"
    invoke("conform", *SUITE, "--impl", "fake_inprocess:WrongAddImpl", "--json", str(report))
    data = json.loads(report.read_text())
    assert data["report_version"] == 2 and data["declared"]["operations"] == ["demo/echo", "demo/add"]
    failed = [r for r in data["results"] if r["status"] == "failed"]
    assert failed and all(r["blamed_rules"] == r["rules"] and r["asked"] for r in failed)


def test_a_bundled_settle_scenario_failing_on_levels_alone_does_not_blame_rotation():
    from datong_rules.conformance.adapters.reference import ReferenceImplementation
    from datong_rules.conformance.runner import select
    from datong_rules.conformance.scenarios_io import load_scenarios

    class WrongLevels(ReferenceImplementation):
        def answer(self, variant, op, given):
            out = super().answer(variant, op, given)
            return {**out, "levels": {"banker_team": "K", "attackers": "K"}} if op == "settle" else out

    chosen = [s for s in select(load_scenarios(), ops=["settle"], rules=["rotation.keep"])
              if s.expect.get("next_banker") is not None and s.key_rules]
    outcome = run(WrongLevels(), chosen)
    failed = [r for r in outcome.results if r.status == "failed"]
    assert failed and all(r.mismatched == ["levels"] for r in failed)
    assert all("rotation.keep" not in r.blamed and "settlement.table" in r.blamed for r in failed)
    assert by_rule(outcome)["rotation.keep"]["failed"] == 0


def test_every_multi_key_bundled_settle_scenario_attributes_its_keys():
    from datong_rules.conformance.scenarios_io import load_scenarios

    settle = [s for s in load_scenarios() if s.op == "settle" and len(s.expect) > 1 and len(s.rules) > 1]
    assert sum(1 for s in settle if s.key_rules) > 80
    assert all(s.key_rules or not ({"rotation.keep", "rotation.take_over", "stakes.enabled"} & set(s.rules))
               for s in settle)
    for s in settle:
        for key, rules in s.key_rules.items():
            assert not ({"rotation.keep", "rotation.take_over"} & set(rules)) or key == "next_banker", s.id
            assert "stakes.enabled" not in rules or key == "stakes", s.id


# -- no false green, reports ------------------------------------------------------------------------------------------------
def test_a_failed_replay_shows_where_and_why_in_the_console():
    from datong_rules.conformance.adapters.reference import ReferenceImplementation
    from datong_rules.conformance.runner import select
    from datong_rules.conformance.scenarios_io import load_scenarios

    class Refuses(ReferenceImplementation):
        def answer(self, variant, op, given):
            if op == "replay":
                return {"accepted": False, "index": 12, "seat": 1, "reason": "must_follow_suit"}
            return super().answer(variant, op, given)

    chosen = [s for s in select(load_scenarios(), ops=["replay"]) if s.expect.get("accepted") is True][:1]
    text = render_console(run(Refuses(), chosen))
    assert "accepted: expected true" in text and "accepted: actual   false" in text
    assert 'answer also says: index 12, seat 1, reason "must_follow_suit"' in text


def test_diff_all_shows_the_rules_with_equal_values():
    plain = invoke("diff", "huolong/li-zhijiang", "huolong/datong-guide")
    every = invoke("diff", "huolong/li-zhijiang", "huolong/datong-guide", "--all")
    assert plain.exit_code == every.exit_code == 0
    assert not any(line.startswith("= ") for line in plain.output.splitlines())
    equal = [line for line in every.output.splitlines() if line.startswith("= ")]
    assert equal and "= points.threshold" in equal
    data = json.loads(invoke("diff", "huolong/li-zhijiang", "huolong/datong-guide", "--all", "--format", "json").output)
    assert len(data["equal"]) == data["same"] == len(equal)


def test_the_implementer_guide_links_only_to_pages_of_the_docs_folder_and_points_to_show_json():
    import re
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs"
    for name in ("index.md", "index.en.md"):  # the 中文 page and its English twin
        guide = (docs / "implementers" / name).read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)#]+\.md)(?:#[^)]*)?\)", guide):
            assert (docs / "implementers" / target).resolve().is_file(), (name, target)
        assert "datong-rules show huolong/li-zhijiang --format json" in guide, name


def test_replay_and_the_record_schema_agree_on_wrong_setup_trump_suit_and_bottom_order(tmp_path):
    from datong_rules.conformance.adapters.reference import ReferenceImplementation
    from pathlib import Path

    record = tmp_path / "r.json"
    assert invoke("play", "huolong/datong-guide", "--seed", "3", "--hands", "1", "--record", str(record)).exit_code == 0
    hand = json.loads(record.read_text())["hands"][0]
    engine = ReferenceImplementation()
    assert engine.answer("huolong/datong-guide", "replay", {"record": hand}) == {"accepted": True}
    schema = (Path(__file__).resolve().parents[2] / "spec/schema/games/huolong/record.schema.json").read_text()
    # a trump suit in a hand that declares its own: null in the schema, wrong_setup on replay
    assert "or a trump_suit in a hand that declares its own trumps" in schema
    answer = engine.answer("huolong/datong-guide", "replay", {"record": {**hand, "trump_suit": "S"}})
    assert (answer["accepted"], answer["reason"], answer["index"]) == (False, "wrong_setup", None)
    # wrong_setup in a single hand record (the schema no longer says match records only)
    assert "in a hand record as in a match record" in schema
    answer = engine.answer("huolong/datong-guide", "replay",
                           {"record": {**hand, "first_drawer": (hand["first_drawer"] + 1) % 4}})
    assert answer["reason"] == "wrong_setup"
    # the final bottom in any order: the schema says so, the engine compares it as a multiset
    assert "The final bottom, in any order" in schema
    settle = next(i for i, a in enumerate(hand["actions"]) if a["type"] == "settle")
    shuffled = [dict(a) for a in hand["actions"]]
    shuffled[settle]["bottom"] = list(reversed(shuffled[settle]["bottom"]))
    assert engine.answer("huolong/datong-guide", "replay", {"record": {**hand, "actions": shuffled}})["accepted"]
