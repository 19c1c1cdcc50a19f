"""The errors a newcomer met in English under ``datong-rules --lang zh``, each now in both languages: schema, simulate,
play, diff, table and verify's lines, the form a schema's pattern wants (a card, a scenario id) in 中文, a record's
refusal detail of the kit's own, verify's JSON summary in the command's language, and the table's page language
following the command's ``--lang`` when its own is not given."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from datong_rules.cli import table_cmd
from datong_rules.cli.main import cli
from datong_rules.cli.problem_words import say_zh
from datong_rules.reference_impl.schemas import find_schema


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


def both(*args: str):
    """The (status, stderr) of the command under 中文 and under English."""
    zh, en = invoke("--lang", "zh", *args), invoke("--lang", "en", *args)
    return (zh.exit_code, zh.stderr), (en.exit_code, en.stderr)


def test_an_unknown_schema():
    zh, en = both("schema", "nope")
    assert zh[0] == en[0] == 2
    assert zh[1].startswith("错误：没有名为 'nope' 的 JSON 模式；JSON 模式有：common, ")
    assert en[1].startswith("error: no schema named 'nope'; the schemas are: common, ")
    close = invoke("--lang", "zh", "schema", "recrod").stderr
    assert close.startswith("错误：没有名为 'recrod' 的 JSON 模式（是不是想写 'record'？）；JSON 模式有：")


def test_simulate_without_a_count():
    assert both("simulate", "datong-guide") == ((2, "错误：请给出 --hands N 或 --matches M（二者之一）\n"),
                                                (2, "error: give --hands N or --matches M (one of them)\n"))


@pytest.mark.parametrize("command", [("play",), ("simulate", "--hands", "3")])
def test_an_abstract_variant_cannot_be_played(command):
    assert both(*command[:1], "huolong/base", *command[1:]) == (
        (2, "错误：huolong/base：抽象版本不能打\n"), (2, "error: huolong/base: an abstract variant cannot be played\n"))


def test_diff_of_two_games():
    assert both("diff", "li-zhijiang", "biedan-guide") == (
        (2, "错误：li-zhijiang 是 huolong 的版本，biedan-guide 是 biedan 的版本（应为同一个游戏的两个版本）\n"),
        (2, "error: li-zhijiang is a huolong variant and biedan-guide a biedan variant (expected two variants of one "
            "game)\n"))


def test_simulate_of_two_games():
    assert both("simulate", "datong-guide", "biedan-guide", "--hands", "10") == (
        (2, "错误：这些版本属于不同的游戏（biedan, huolong）；应为同一个游戏的版本\n"),
        (2, "error: the variants are of several games (biedan, huolong); expected variants of one game\n"))


def test_an_unknown_primary_measure():
    zh, en = both("simulate", "datong-guide", "--hands", "3", "--primary", "nope")
    assert zh[0] == en[0] == 2
    assert zh[1].startswith("错误：--primary：huolong 没有度量 'nope'（应为以下之一：banker_side_won, ")
    assert en[1].startswith("error: --primary: unknown measure 'nope' for huolong (expected one of: banker_side_won, ")


def test_a_ray_address_where_nothing_listens():
    zh, en = both("simulate", "datong-guide", "--hands", "3", "--ray", "127.0.0.1:1")
    assert zh[0] == en[0] == 2
    assert zh[1].startswith("错误：--ray 127.0.0.1:1：那里没有回应（")
    assert zh[1].endswith("）；应为一个正在运行的 Ray 集群的地址（host:port，即 `ray start --head` 显示的地址，或 "
                          "ray://host:port）、auto 或 local\n")
    assert en[1].startswith("error: --ray 127.0.0.1:1: nothing answers there (")
    assert en[1].endswith("); expected the address of a running Ray cluster (host:port, as `ray start --head` prints "
                          "it, or ray://host:port), auto, or local\n")


def test_the_html_report_without_its_extra(monkeypatch, tmp_path):
    from datong_rules.simulate import report_charts

    def missing() -> None:
        raise report_charts.ReportUnavailable(report_charts.EXTRA_MISSING)

    monkeypatch.setattr(report_charts, "check_available", missing)
    report = str(tmp_path / "r.html")
    assert both("simulate", "datong-guide", "--hands", "3", "--html", report) == (
        (2, "错误：--html：HTML 报告需要 matplotlib：请用 \"pip install 'datong-rules[report]'\" 安装附加包\n"),
        (2, "error: --html: the HTML report needs matplotlib: install the extra with pip install "
            "'datong-rules[report]'\n"))


def test_the_table_without_its_extra(monkeypatch):
    monkeypatch.setattr(table_cmd, "NEEDS", ("no_such_module_of_the_table",))
    assert both("table", "li-zhijiang", "--no-browser") == (
        (2, "错误：牌桌需要 [table] 附加包（缺少 no_such_module_of_the_table）：pip install 'datong-rules[table]'\n"),
        (2, "error: the table needs the [table] extra (no_such_module_of_the_table missing): pip install "
            "'datong-rules[table]'\n"))


needs_table = pytest.mark.skipif(any(__import__("importlib").util.find_spec(m) is None for m in table_cmd.NEEDS),
                                 reason="the [table] extra is not installed")


@needs_table
def test_a_seat_out_of_range():
    assert both("table", "biedan-guide", "--seat", "-1", "--port", "0", "--no-browser") == (
        (2, "错误：--seat：应为 0–2，收到的是 -1\n"), (2, "error: --seat: expected 0–2, got -1\n"))


@needs_table
def test_an_address_that_cannot_be_listened_on():
    zh, en = both("table", "li-zhijiang", "--host", "192.0.2.1", "--port", "18767", "--no-browser")  # RFC 5737
    assert zh[0] == en[0] == 2
    assert zh[1].startswith("错误：无法在 192.0.2.1:18767 上监听：")
    assert en[1].startswith("error: cannot listen on 192.0.2.1:18767: ")


@needs_table
@pytest.mark.parametrize("args, env, lang", [
    (("--lang", "en", "table", "li-zhijiang"), {}, "en"),
    (("--lang", "zh", "table", "li-zhijiang"), {}, "zh"),
    (("table", "li-zhijiang"), {"DATONG_RULES_LANG": "en", "LC_ALL": "zh_CN.UTF-8"}, "en"),
    (("--lang", "en", "table", "li-zhijiang", "--lang", "zh"), {}, "zh"),  # the table's own option wins
])
def test_the_tables_page_follows_the_language_of_the_messages(monkeypatch, args, env, lang):
    from datong_rules.table_app import app

    seen = []

    def made(options):
        seen.append(options.lang)
        raise SystemExit(0)  # the server is not started

    monkeypatch.setattr(app, "create_app", made)
    result = CliRunner().invoke(cli, [*args, "--port", "0", "--no-browser"], env=env)
    assert (result.exit_code, seen) == (0, [lang])


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> dict:
    """A one-hand 攉龙 match record played by the bots."""
    path = tmp_path_factory.mktemp("played") / "g.json"
    assert invoke("play", "li-zhijiang", "--seed", "3", "--hands", "1", "--record", str(path)).exit_code == 0
    return json.loads(path.read_text(encoding="utf-8"))


def _write(tmp_path: Path, name: str, record: dict) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_a_card_out_of_notation_says_the_notation_in_chinese(played, tmp_path):
    record = copy.deepcopy(played)
    next(a for a in record["hands"][0]["actions"] if a.get("cards"))["cards"][0] = "ZZ"
    path = _write(tmp_path, "zz.json", record)
    zh, en = both("verify", str(path))
    assert zh == (2, f"错误：{path}：记录无效，在 hands[0].actions[0].cards[0]：'ZZ' 的写法不合要求（应为：一张牌的写法："
                     "花色 S H C D 加点数 2–10 J Q K A（如 SA、H10），或 BJ（大王）、LJ（小王）；SJ 是黑桃 J）\n")
    assert en == (2, f"error: {path}: not a valid record at hands[0].actions[0].cards[0]: 'ZZ' does not have the "
                     "required form (expected a card in canonical notation: suit S H C D + rank 2–10 J Q K A, or BJ "
                     "(big joker) / LJ (small joker); SJ is the jack of spades)\n")


def test_a_scenario_id_out_of_form_says_the_form_in_chinese(tmp_path):
    (tmp_path / "s.yaml").write_text(
        "scenarios:\n  - id: x\n    variant: huolong/li-zhijiang\n    op: trick_winner\n    rules: [trick.winner]\n"
        "    description: {zh: 测试, en: test}\n    given: {level: '3', trump_suit: H, leader: 0, plays: [[SQ], [HA], "
        "[S4], [SA]]}\n    expect: {winner: 1}\n", encoding="utf-8")
    zh = invoke("--lang", "zh", "conform", "--scenarios", str(tmp_path)).stderr
    en = invoke("--lang", "en", "conform", "--scenarios", str(tmp_path)).stderr
    assert "scenarios[0].id: 'x' 的写法不合要求（应为：一个场景 id：<game>.<topic>.<slug>-<nnn>，在整个测试套件里唯一且不变，" \
           "如 huolong.ranking.level-cards-equal-001）" in zh
    assert "scenarios[0].id: 'x' does not have the required form (expected Stable, unique across the suite: " in en


@pytest.mark.parametrize("schema, where", [
    ("scenario", ("$defs", "scenarioId")), ("scenario", ("$defs", "variantId")), ("scenario", ("$defs", "ruleId")),
    ("scenario", ("$defs", "op")), ("record", ("$defs", "envelope", "properties", "variant")),
    ("games/huolong/record", ("$defs", "card")),
    ("common", ("$defs", "card")), ("operations", ("$defs", "card")),
])
def test_the_forms_the_loaders_name_are_said_in_chinese(schema, where):
    """Each description a loader gives as the form a value wants has its 中文 words (a changed description is
    caught here)."""
    node = json.loads(find_schema(schema).read_text(encoding="utf-8"))
    for key in where:
        node = node[key]
    description = node["description"]
    assert say_zh(description) != description


def test_a_bad_pack_is_said_in_chinese_and_the_json_summary_too(played, tmp_path):
    record = copy.deepcopy(played)
    record["hands"][0]["pack"].pop()  # 161 cards where the two decks and their jokers make 162
    path = _write(tmp_path, "bad9.json", record)
    assert invoke("--lang", "zh", "verify", str(path)).stdout == (
        f"{path}：hands[0]：bad_pack（引擎的说明：这副牌有 161 张，应为 162 张）\n")
    assert invoke("--lang", "en", "verify", str(path)).stdout == (
        f"{path}: hands[0]: bad_pack (the pack has 161 cards, expected 162)\n")
    zh = json.loads(invoke("--lang", "zh", "verify", "--format", "json", str(path)).stdout)[0]
    en = json.loads(invoke("--lang", "en", "verify", "--format", "json", str(path)).stdout)[0]
    assert (zh["summary"], en["summary"]) == ("hands[0]：bad_pack（引擎的说明：这副牌有 161 张，应为 162 张）",
                                              "hands[0]: bad_pack (the pack has 161 cards, expected 162)")
    assert zh["detail"] == en["detail"] == "the pack has 161 cards, expected 162"  # the engine's field, as written
