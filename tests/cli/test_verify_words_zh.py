"""``datong-rules --lang zh verify``: a record file that cannot be read is said in 中文 (the loader's words said
again, as a variant or scenario file's problems are), and a refusal is 中文 around the engine's own detail, which is
said again where the kit has its words; English is unchanged, and the JSON report's summary is the text line's tail in
the command's language (its reason, detail and rules fields stay as the engine wrote them)."""

from __future__ import annotations

import copy
import json

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> dict:
    """A one-hand 攉龙 match record played by the bots (the base every bad file below is made from)."""
    path = tmp_path_factory.mktemp("played") / "g.json"
    assert invoke("play", "li-zhijiang", "--seed", "3", "--hands", "1", "--record", str(path)).exit_code == 0
    return json.loads(path.read_text(encoding="utf-8"))


def _with(record: dict, **changes) -> str:
    return json.dumps({**record, **changes})


CASES = {  # name: (how the file is made from the played record, 中文 after "FILE：", English after "FILE: ")
    "empty": (lambda r: "", "文件是空的（应为：一份牌局记录：JSON，即 `datong-rules play --record` 写出的那种）",
              "the file is empty (expected a game record: JSON, as `datong-rules play --record` writes it)"),
    "twice": (lambda r: '{"seed": 1, "seed": 2}', "JSON 写法错误：一个对象里的键 'seed' 重复了（应为：每个键只出现一次）",
              "bad JSON: duplicate key 'seed' in an object (expected each key once)"),
    "syntax": (lambda r: "{seed", "JSON 写法错误（第 1 行第 2 列）：这里应有用双引号括起来的键名",
               "bad JSON at line 1 column 2: Expecting property name enclosed in double quotes"),
    "nan": (lambda r: '{"seed": NaN}', "JSON 写法错误：NaN 不是 JSON 的数（应为：一个整数）",
            "bad JSON: NaN is not a JSON number (expected a whole number)"),
    "list": (lambda r: "[1]", "记录无效，在最上层：找到的是一个列表（应为：一个映射）",
             "not a valid record at the top: found a list (expected a mapping)"),
    "seed": (lambda r: _with(r, seed="abc"), "记录无效，在 seed：找到的是文字 'abc'（应为：一个整数或 null）",
             "not a valid record at seed: found the text 'abc' (expected a whole number or null)"),
    "keys": (lambda r: _with(r, x1=1, x2=2),
             "记录无效，在最上层：未知的键 'x1'；未知的键 'x2'（应为：以下之一：record, kit, game, variant, seed, hands, "
             "match_winner）",
             "not a valid record at the top: unknown key 'x1'; unknown key 'x2' (expected one of: record, kit, game, "
             "variant, seed, hands, match_winner)"),
    "games": (lambda r: _with(r, game="biedan"),
              "记录的游戏和版本对不上：游戏 'biedan'，版本 'huolong/li-zhijiang'（这是 huolong 的版本；游戏应为 'huolong'）",
              "the record's game and variant disagree: game 'biedan', variant 'huolong/li-zhijiang' (a huolong "
              "variant; expected game 'huolong')"),
}


@pytest.mark.parametrize("name", CASES)
def test_an_unreadable_record_in_both_languages(played, tmp_path, name):
    make, zh, en = CASES[name]
    path = tmp_path / f"{name}.json"
    path.write_text(make(played), encoding="utf-8")
    chinese, english = invoke("--lang", "zh", "verify", str(path)), invoke("--lang", "en", "verify", str(path))
    assert (chinese.exit_code, chinese.stderr) == (2, f"错误：{path}：{zh}\n")
    assert (english.exit_code, english.stderr) == (2, f"error: {path}: {en}\n")


def test_a_record_of_an_unknown_variant_or_another_variant_in_chinese(played, tmp_path):
    unknown = tmp_path / "unknown.json"
    unknown.write_text(_with(played, variant="huolong/no-such"), encoding="utf-8")
    line = invoke("--lang", "zh", "verify", str(unknown)).stderr
    assert line.startswith(f"错误：{unknown}：未知的版本 'huolong/no-such'（已知的：") and "huolong/li-zhijiang" in line
    assert line.endswith("；自定规则版本请用 --variant 给出它的文件）\n")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(played), encoding="utf-8")
    other = invoke("--lang", "zh", "verify", str(good), "--variant", "biedan-guide")
    assert other.stderr == (f"错误：{good}：这份记录是用版本 'huolong/li-zhijiang' 打的，不是给出的版本 "
                            "'biedan/biedan-guide'（huolong 的记录，biedan 的版本）；请给出打它时用的版本，内置版本则什么也不用给\n")


def test_a_folder_a_large_file_and_bytes_that_are_not_utf8_in_chinese(tmp_path):
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"seed": "\xe9"}')
    assert invoke("--lang", "zh", "verify", str(latin)).stderr == (
        f"错误：{latin}：字节 0xE9 不是 UTF-8（第 1 行第 11 列）（应为：UTF-8 文本（把文件存成 UTF-8））\n")
    utf16 = tmp_path / "utf16.json"
    utf16.write_bytes(b"\xff\xfe{\x00}\x00")
    assert invoke("--lang", "zh", "verify", str(utf16)).stderr == (
        f"错误：{utf16}：文件是 UTF-16 文本（第 1 行第 1 列）（应为：UTF-8 文本（把文件存成 UTF-8））\n")
    large = tmp_path / "large.json"
    large.write_text(" " * (9 * 2**20), encoding="utf-8")  # over the 8 MiB a record may have
    assert invoke("--lang", "zh", "verify", str(large)).stderr == (
        f"错误：{large}：文件太大（9,437,184 字节）（应为：至多 8 MiB）\n")
    assert invoke("--lang", "zh", "verify", str(tmp_path)).stderr == f"错误：{tmp_path}：它是文件夹，不是文件\n"


def test_the_engines_detail_and_the_json_summary_are_chinese(played, tmp_path):
    played = copy.deepcopy(played)
    actions = played["hands"][0]["actions"]
    index = next(i for i, a in enumerate(actions) if a["type"] == "play")
    seat = actions[index]["seat"]
    actions[index]["seat"] = (seat + 1) % 4  # the next seat plays out of turn: seat `seat` is to play
    path = tmp_path / "turn.json"
    path.write_text(json.dumps(played), encoding="utf-8")
    head = f"hands[0] action {index} (seat {(seat + 1) % 4}): out_of_turn"
    assert invoke("verify", str(path)).stdout == f"{path}: {head} (seat {seat} is to play)\n"
    assert invoke("--lang", "zh", "verify", str(path)).stdout == (
        f"{path}：hands[0] 第 {index} 个动作（{(seat + 1) % 4}号座位）：out_of_turn（引擎的说明：该 {seat} 号座位出牌）\n")
    entry = json.loads(invoke("--lang", "zh", "verify", "--format", "json", str(path)).stdout)[0]
    assert entry["summary"] == (f"hands[0] 第 {index} 个动作（{(seat + 1) % 4}号座位）：out_of_turn（引擎的说明：该 {seat} "
                                "号座位出牌）")
    assert entry["detail"] == f"seat {seat} is to play"  # the engine's field, as written
    english = json.loads(invoke("--lang", "en", "verify", "--format", "json", str(path)).stdout)[0]
    assert english["summary"] == f"{head} (seat {seat} is to play)"


def test_the_json_summary_of_a_refusal_in_words_is_in_the_commands_language(played, tmp_path):
    played = copy.deepcopy(played)
    actions = played["hands"][0]["actions"]
    bury = next(a for a in actions if a["type"] == "bury")
    bury["cards"].pop()  # 5 cards put back where the bottom holds 6: wrong_count, said in words (no detail)
    path = tmp_path / "bury.json"
    path.write_text(json.dumps(played), encoding="utf-8")
    entry = json.loads(invoke("--lang", "en", "verify", "--format", "json", str(path)).stdout)[0]
    assert entry["summary"].endswith(": wrong_count: the bury must put back as many cards as the bottom holds "
                                     "(rules: bury.count)")
    entry = json.loads(invoke("--lang", "zh", "verify", "--format", "json", str(path)).stdout)[0]
    assert entry["summary"].endswith("：wrong_count：扣回的张数要和底牌一样多（规则：bury.count）")
    assert entry["words"] == "扣回的张数要和底牌一样多"  # the words field is the command's language, as before
