"""A newcomer's break-it round on a fresh clone: each hostile input is one located line with the usual status,
never an internal error (exit 70) or a traceback."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.mark.parametrize("number", ["0x" + "f" * 5000, "!!int 0x" + "f" * 5000, "-0x" + "F" * 4000])
def test_a_hexadecimal_number_too_long_to_show_is_a_located_problem(tmp_path, number):
    # Python reads a hexadecimal number of any length, but cannot print one of more than 4,300 decimal digits:
    # the schema check's message then failed with exit 70.
    house = tmp_path / "hex.yaml"
    house.write_text("id: huolong/hex\nextends: huolong/li-zhijiang\nrules:\n  deck:\n    decks:\n"
                     f"      value: {number}\n", encoding="utf-8")
    result = invoke("validate", str(house))
    assert result.exit_code == 1, result.output
    assert result.stdout == (f"{house}:6:14: a number of {len(number.split()[-1]):,} characters, too long to read "
                             "(expected a number of at most 4,300 digits)\n")
    for command in (["show", str(house)], ["play", str(house), "--hands", "1"],
                    ["conform", "--variant", str(house), "-q"]):
        result = invoke(*command)
        assert result.exit_code == 2, (command, result.output)
        assert "too long to read" in result.stderr and "internal error" not in result.stderr


def test_a_long_hexadecimal_number_that_can_be_shown_is_judged_by_the_schema(tmp_path):
    house = tmp_path / "hex.yaml"
    house.write_text("id: huolong/hex\nextends: huolong/li-zhijiang\nrules:\n  deck:\n    decks:\n"
                     f"      value: 0x{'f' * 1000}\n", encoding="utf-8")
    result = invoke("validate", str(house))
    assert result.exit_code == 1 and "out of range" in result.stdout and "too long" not in result.stdout


def _record(tmp_path, change) -> str:
    """A one-hand 攉龙 match record played by the bots, then changed by ``change(actions)``."""
    import json

    path = tmp_path / "game.json"
    assert invoke("play", "li-zhijiang", "--seed", "3", "--hands", "1", "--record", str(path)).exit_code == 0
    record = json.loads(path.read_text(encoding="utf-8"))
    change(record["hands"][0]["actions"])
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def _first(actions, kind):
    return next(action for action in actions if action["type"] == kind)


def test_verify_says_why_a_recorded_action_is_refused_and_which_rules_refuse_it(tmp_path):
    # A newcomer reading `verify`'s refusal got a bare code; the words and rule ids are spec/reasons.yaml's, the
    # entry of the refused action's type (wrong_count of a bury, not of a follow).
    path = _record(tmp_path, lambda actions: _first(actions, "bury")["cards"].pop())  # 5 cards back, 6 taken
    result = invoke("verify", path)
    assert result.exit_code == 1
    assert result.stdout.endswith(": wrong_count: the bury must put back as many cards as the bottom holds "
                                  "(rules: bury.count)\n"), result.stdout
    result = invoke("--lang", "zh", "verify", path)
    assert result.stdout.endswith("：hands[0] 第 3 个动作（0号座位）：wrong_count：扣回的张数要和底牌一样多（规则：bury.count）\n"), \
        result.stdout  # docs/getting-started.md quotes this line
    import json

    entry = json.loads(invoke("verify", "--format", "json", path).stdout)[0]
    assert (entry["reason"], entry["words"], entry["rules"]) == (
        "wrong_count", "the bury must put back as many cards as the bottom holds", ["bury.count"])


def test_verify_gives_the_words_of_a_refusal_no_rule_decides(tmp_path):
    # Four big jokers: three decks hold three, so no seat holds them; no rule but the cards decides it.
    path = _record(tmp_path, lambda actions: _first(actions, "play").update(cards=["BJ"] * 4))
    result = invoke("verify", path)
    assert result.exit_code == 1
    assert result.stdout.endswith(": not_in_hand: the player does not hold these cards\n"), result.stdout


@pytest.mark.parametrize("name, near", [
    ("li-zhijiang\u200b", "li-zhijiang"),  # a zero-width space copied from a web page
    ("Li-Zhijiang ", "li-zhijiang"),
    ("huolong/li-zhijiang\u00a0", "huolong/li-zhijiang"),  # a no-break space
])
def test_a_variant_name_with_an_invisible_or_capital_letter_is_shown_and_corrected(name, near):
    # The name was quoted as it is, so "unknown variant 'li-zhijiang​'" showed nothing wrong.
    result = invoke("play", name, "--hands", "1")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: unknown variant {name!r} (did you mean '{near}'?) (known: ")


def test_an_invisible_character_in_a_variant_id_is_shown_escaped(tmp_path):
    house = tmp_path / "zwsp.yaml"
    house.write_text("id: huolong/club\u200b\nextends: huolong/li-zhijiang\n", encoding="utf-8")
    result = invoke("validate", str(house))
    assert f"{house}:1:1: id: 'huolong/club\\u200b' is not a variant id (expected " in result.stdout


def test_a_house_of_another_game_than_its_parent_is_told_so_not_that_its_rules_are_unknown(tmp_path):
    # game: dadun over a Huolong parent: the file's rules were checked against Dadun's sections, and the only
    # problems said were "unknown key 'follow'" and "unknown key 'bottom'", never the game.
    house = tmp_path / "house.yaml"
    house.write_text("id: huolong/club\nextends: huolong/li-zhijiang\ngame: dadun\nname: {zh: 俱乐部, en: Club}\n"
                     "summary: {zh: 俱乐部, en: Club}\nrules:\n  bottom:\n    multiplier:\n      value: 1\n"
                     "      text: {zh: 不翻倍, en: Once}\n      inferred: {reason: house}\n", encoding="utf-8")
    result = invoke("validate", str(house))
    assert result.exit_code == 1
    assert result.stdout == (f"{house}:3:1: game: game 'dadun' differs from the parent's 'huolong' "
                             "(expected 'huolong' or nothing (inherited))\n")


def test_the_readme_installs_the_report_extra_where_it_asks_for_an_html_report():
    # The first command installs only the kit (pip install .); the README's simulate line then stopped at
    # "--html: the HTML report needs matplotlib".
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    lines = [line for line in readme.splitlines() if "simulate" in line and "--html" in line]
    assert lines and all("[report]" in line for line in lines), lines


def test_conform_refuses_a_negative_seed_as_play_and_fuzz_do():
    # conform --seed -5 ran and passed, where every other command refuses a seed below 0.
    result = invoke("conform", "--seed", "-5", "-q")
    assert result.exit_code == 2
    assert "Invalid value for '--seed': -5 is not in the range 0<=x<=9007199254740991" in result.stderr


def test_conform_on_a_house_ends_with_its_summary_not_with_the_scenarios_left_out():
    # README's `conform --variant docs/examples/dadun-guandan.yaml` printed its summary and the checks of each
    # changed rule, then some 300 "left out" lines: the summary scrolled out of sight.
    from pathlib import Path

    house = Path(__file__).resolve().parents[2] / "docs" / "examples" / "house-variant.yaml"
    lines = invoke("conform", "--variant", str(house), "--op", "bottom_points").stdout.splitlines()
    left_out = [i for i, line in enumerate(lines) if line.startswith("  left out ")]
    summary = next(i for i, line in enumerate(lines) if line.startswith("datong-rules reference engine"))
    assert left_out and max(left_out) < summary
    assert lines[min(left_out) - 1] == (f"scenarios of the game left out under {house}, and why (-q leaves this "
                                        "list out):")
    assert lines[-1].startswith("  more generated questions")


def test_simulate_refuses_one_file_for_both_reports_before_playing(tmp_path, monkeypatch):
    # --json X --html X wrote the JSON report, then the HTML one over it: the JSON was lost, and the run said
    # "JSON written to X".
    monkeypatch.chdir(tmp_path)
    result = invoke("simulate", "li-zhijiang", "--hands", "1", "--workers", "1", "--json", "r.out",
                    "--html", "./r.out")
    assert result.exit_code == 2
    assert result.stderr == "error: --json and --html name the same file './r.out' (each report needs its own)\n"
    assert not (tmp_path / "r.out").exists()
    result = invoke("--lang", "zh", "simulate", "li-zhijiang", "--hands", "1", "--json", "-", "--html", "-")
    assert result.exit_code == 2
    assert result.stderr == "错误：--json 和 --html 都写到标准输出（'-'；只能有一份报告这样写）\n"


def _houses(tmp_path):
    """A house file and a club's file that extends it (by its relative path), in ``tmp_path``."""
    from pathlib import Path

    league = tmp_path / "league.yaml"
    league.write_text((Path(__file__).resolve().parents[2] / "docs" / "examples" / "house-variant.yaml")
                      .read_text(encoding="utf-8"), encoding="utf-8")
    club = tmp_path / "club.yaml"
    club.write_text("id: huolong/club\nextends: league.yaml\nname: {zh: 俱乐部, en: Club}\n"
                    "summary: {zh: 俱乐部的规则, en: The club's rules}\n", encoding="utf-8")
    return league, club


@pytest.mark.parametrize("command", [
    ["simulate", "{house}", "--hands", "1", "--workers", "1", "--json", "{target}"],
    ["simulate", "li-zhijiang", "{house}", "--hands", "1", "--workers", "1", "--html", "{target}"],
    ["conform", "--variant", "{house}", "-q", "--junit", "{target}"],
    ["coverage", "--variant", "{house}", "--json", "{target}"],
    ["play", "{house}", "--hands", "1", "--record", "{target}"],
])
@pytest.mark.parametrize("which", ["house", "parent"])
def test_no_report_is_written_over_the_house_rules_it_reads(tmp_path, monkeypatch, command, which):
    # simulate --json, conform --json/--junit/--markdown and coverage --json overwrote the house file they read
    # (play --record alone refused it): the club's rules were lost.
    monkeypatch.chdir(tmp_path)
    league, club = _houses(tmp_path)
    target = "./club.yaml" if which == "house" else "league.yaml"
    before = {path: path.read_text(encoding="utf-8") for path in (league, club)}
    result = invoke(*[part.format(house="club.yaml", target=target) for part in command])
    assert result.exit_code == 2, result.output
    option = command[command.index("{target}") - 1]
    assert result.stderr.startswith((f"error: {option} {target} names the variant file ",
                                     f"error: {option} {target.removeprefix('./')} names the variant file "))
    assert result.stderr.endswith(": writing it would overwrite it (give another file)\n")
    assert {path: path.read_text(encoding="utf-8") for path in (league, club)} == before


def test_no_report_is_written_over_a_scenario_or_rules_file_read(tmp_path, monkeypatch):
    from pathlib import Path

    monkeypatch.chdir(tmp_path)
    scenarios = Path(__file__).resolve().parents[2] / "conformance" / "scenarios" / "huolong" / "li-zhijiang"
    source = sorted(scenarios.glob("*.yaml"))[0]
    mine = tmp_path / "mine.yaml"
    mine.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    result = invoke("conform", "--scenarios", "mine.yaml", "-q", "--markdown", "./mine.yaml")
    assert result.exit_code == 2
    assert result.stderr == ("error: --markdown ./mine.yaml names the scenario file mine.yaml: writing it would "
                             "overwrite it (give another file)\n")
    rules = tmp_path / "rules.yaml"
    rules.write_text("huolong/li-zhijiang: [trick.winner]\n", encoding="utf-8")
    result = invoke("--lang", "zh", "coverage", "--rules-file", "rules.yaml", "--json", "rules.yaml")
    assert result.exit_code == 2
    assert result.stderr == "错误：--json rules.yaml 指向规则文件 rules.yaml：写它会把它覆盖掉（请换一个文件）\n"
    assert mine.read_text(encoding="utf-8") == source.read_text(encoding="utf-8")
    assert rules.read_text(encoding="utf-8") == "huolong/li-zhijiang: [trick.winner]\n"


LOOKS = "expected plain spaces for indentation and a plain ':' after a key (type them in half-width mode), which " \
        "YAML reads as such"


@pytest.mark.parametrize("line, shown", [
    ("\u3000\u3000decks:", "'\\u3000\\u3000decks' holds U+3000 (IDEOGRAPHIC SPACE, which YAML does not read as a space)"),
    ("\u00a0\u00a0\u00a0\u00a0decks:", "'\\xa0\\xa0\\xa0\\xa0decks' holds U+00A0 (NO-BREAK SPACE, which YAML does not "
                                      "read as a space)"),
])
def test_a_full_width_space_in_the_indentation_is_named(tmp_path, line, shown):
    # A Chinese input method in full-width mode types U+3000 for a space: the key became '　　decks', "unknown key".
    house = tmp_path / "house.yaml"
    house.write_text(f"id: huolong/club\nextends: huolong/li-zhijiang\nrules:\n  deck:\n{line}\n"
                     "      value: 3\n", encoding="utf-8")
    result = invoke("validate", str(house))
    assert result.exit_code == 1
    assert result.stdout == f"{house}:5:1: the key {shown} at character 1 ({LOOKS})\n"


@pytest.mark.parametrize("line, shown, column", [
    ("      value:\u30003", "U+3000 (IDEOGRAPHIC SPACE, which YAML does not read as a space)", 13),
    ("      value\uff1a 3", "U+FF1A (FULLWIDTH COLON, which YAML does not read as a colon)", 12),
])
def test_a_full_width_space_or_colon_after_a_key_is_named_in_the_syntax_error(tmp_path, line, shown, column):
    house = tmp_path / "house.yaml"
    house.write_text(f"id: huolong/club\nextends: huolong/li-zhijiang\nrules:\n  deck:\n    decks:\n{line}\n"
                     "      inferred: {reason: house}\n", encoding="utf-8")
    result = invoke("validate", str(house))
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{house}:7:15: invalid YAML: mapping values are not allowed here (line 6 holds "
                                    f"{shown} at column {column}) ({LOOKS})\n"), result.stdout


def test_a_full_width_colon_inside_chinese_text_is_not_blamed(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("id: huolong/club\nname: {zh: 规则：甲, en: x}\nsummary: [unclosed\n", encoding="utf-8")
    result = invoke("validate", str(house))
    assert result.exit_code == 1 and "U+FF1A" not in result.stdout and "invalid YAML" in result.stdout


@pytest.mark.parametrize("variant", ["dadun/dadun-guide", "biedan/biedan-guide"])
def test_verify_says_why_an_action_is_malformed(tmp_path, variant):
    # A play whose reading no longer pairs with its cards (one card added by hand) was "bad_action" and nothing more.
    import json

    path = tmp_path / "game.json"
    assert invoke("play", variant, "--seed", "2", "--hands", "1", "--record", str(path)).exit_code == 0
    record = json.loads(path.read_text(encoding="utf-8"))
    hand = record["hands"][0] if "hands" in record else record
    play = next(action for action in hand["actions"] if action["type"] == "play")
    play["reading"] = {"combination": "single", "cards": [play["cards"][0]]}
    play["cards"] = play["cards"] + [play["cards"][0]]  # two cards at least, read as one
    path.write_text(json.dumps(record), encoding="utf-8")
    result = invoke("verify", str(path))
    assert result.exit_code == 1
    count = len(play["cards"])
    assert result.stdout.endswith(f"bad_action (reading.cards: 1 cards for a play of {count} (one per card))\n"), \
        result.stdout


@pytest.mark.parametrize("args, line", [
    (["--seat", "9"], "error: --seat: expected 0–3, got 9"),
    (["--seat", "-1"], "error: --seat: expected 0–3, got -1"),
    (["--bots", "zz"], "error: --bots (huolong): unknown bot kind 'zz' (expected one of: greedy, random, search)"),
    (["--bots", "search:0"], "error: --bots (huolong): bot kind 'search:0': budget 0 is out of range"),
])
def test_table_names_the_option_of_a_bad_seat_or_bot_kind(args, line):
    # "error: seat: expected 0–3, got 9" named the page form's field, not the option given.
    result = invoke("table", "li-zhijiang", "--no-browser", "--port", "0", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith(line), result.stderr
