"""Bad inputs a newcomer met on a first try of the kit: each gets one ``error:`` line and the right exit status."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from click.testing import CliRunner

from datong_rules.cli.main import cli

from child_signals import ctrl_c_as_in_a_terminal

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
     "error: Invalid value for '--seed': -5 is not in the range 0<=x<=9007199254740991 (see 'datong-rules play --help')"),
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
    guides = sorted(p.name for p in (ROOT / "docs" / "implementers").glob("*operations.en.md"))
    assert guides == ["biedan-operations.en.md", "dadun-operations.en.md", "operations.en.md"]
    assert all(f"docs/implementers/{guide}" in readme for guide in guides)  # the English twins: README is English
    assert all((ROOT / "docs" / "implementers" / guide.replace(".en.md", ".md")).is_file() for guide in guides)
    assert "datong-rules coverage --counts" in readme  # the per-rule counts need --counts


def test_release_pins_are_the_package_version():
    pin = re.compile(r"(?:rev: |datong-rules@)(v\d+\.\d+\.\d+)")
    files = [".pre-commit-hooks.yaml", "action.yml", "docs/implementers/index.md", "docs/implementers/index.en.md",
             "docs/rule-keepers-editor.md", "docs/rule-keepers-editor.en.md"]
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


@pytest.mark.parametrize("command", sorted(cli.commands))
def test_every_command_says_what_it_does_in_its_help(command):
    """``datong-rules COMMAND --help`` starts with a sentence (a help built by ``+`` is no docstring: ``table``
    once showed only its options)."""
    result = run(command, "--help")
    assert result.exit_code == 0
    paragraphs = result.output.split("\n\n")
    assert paragraphs[0].startswith("Usage: ") and paragraphs[1].strip() and not paragraphs[1].startswith("Options:")


def test_the_table_help_names_the_variant_argument_and_the_exit_statuses():
    out = run("table", "--help").output
    assert "VARIANT is a variant id" in out and "Exit status: 130 when Ctrl-C" in out


@pytest.mark.parametrize(("args", "line"), [
    (["--seed", "-1"], "error: Invalid value for '--seed': -1 is not in the range 0<=x<=9007199254740991"),
    (["--host", ""], "error: --host is empty (expected an address to listen on"),
    (["--host", " "], "error: --host is empty (expected an address to listen on"),
])
def test_table_refuses_a_negative_seed_and_an_empty_host_before_serving(args, line):
    result = run("table", "li-zhijiang", "--no-browser", "--port", "0", *args)
    assert result.exit_code == 2
    lines = error_lines(result)
    assert len(lines) == 1 and lines[0].startswith(line), lines


def test_an_unknown_bot_kind_says_what_is_expected_wherever_it_is_given():
    """The table's bots come from ``bots_of``: its message words the kinds as play and simulate do."""
    import random

    from datong_rules.reference_impl.bots import bots_of

    with pytest.raises(ValueError, match=r"^unknown bot kind 'zz' \(expected one of: greedy, random\)$"):
        bots_of({"random": object, "greedy": object}, "zz", random.Random(0), 4)


@pytest.mark.parametrize(("where", "reason"), [
    ("missing/coverage.json", "the folder {tmp}/missing does not exist (create it first)"),
    ("file.txt/coverage.json", "{tmp}/file.txt is not a folder"),
])
def test_coverage_refuses_an_unwritable_json_before_counting_and_makes_no_folder(tmp_path, where, reason):
    (tmp_path / "file.txt").write_text("not a folder", encoding="utf-8")
    target = tmp_path / where
    result = run("coverage", "--json", str(target))
    assert result.exit_code == 2
    assert error_lines(result) == [f"error: cannot write the --json report to {target}: "
                                   + reason.format(tmp=tmp_path)]
    assert result.stdout == ""  # nothing counted, nothing printed
    assert not (tmp_path / "missing").exists()


def test_coverage_says_what_an_empty_rules_file_should_hold(tmp_path):
    empty = tmp_path / "rules.yaml"
    empty.write_text("# nothing yet\n", encoding="utf-8")
    result = run("coverage", "--rules-file", str(empty))
    assert result.exit_code == 2
    assert error_lines(result) == [f"error: {empty}:1:1: the file holds no YAML document (expected a mapping of "
                                   "variant id to a list of rule ids)"]


@pytest.mark.parametrize(("option", "count", "most"), [
    ("--hands", "99999999999999999999", "100000000"),
    ("--matches", "10000001", "10000000"),
])
def test_simulate_refuses_a_count_too_large_to_plan(option, count, most):
    """A count beyond the cap was planned shard by shard in memory before any hand, and could not be stopped."""
    result = run("simulate", "li-zhijiang", option, count, "--workers", "1")
    assert result.exit_code == 2
    lines = error_lines(result)
    assert len(lines) == 1 and f"{count} is not in the range 1<=x<={most}" in lines[0], lines


REFERENCE = "datong_rules.conformance.adapters.reference:ReferenceImplementation"


@pytest.mark.parametrize(("args", "line"), [
    # an operation another game has was said to be turned off by the variant's rules
    (["--op", "biedan/trick_winner"], "error: --op biedan/trick_winner: no such biedan operation (operations: beats, "),
    (["--variant", "li-zhijiang", "--op", "biedan/classify"],
     "error: --op biedan/classify: no variant of the game biedan is fuzzed (the variants: huolong/li-zhijiang)"),
    (["--variant", "li-zhijiang", "--op", "huolong/clasify"],
     "error: --op huolong/clasify: no such huolong operation (did you mean classify?)"),
])
def test_fuzz_names_an_operation_of_another_game_as_such(args, line):
    result = run("fuzz", "--impl", REFERENCE, "--seconds", "1", *args)
    assert result.exit_code == 2
    lines = error_lines(result)
    assert len(lines) == 1 and lines[0].startswith(line), lines


def test_fuzz_help_says_which_replay_is_not_fuzzed():
    out = " ".join(run("fuzz", "--help").output.split())
    assert "Every operation is fuzzed but Huolong's replay" in out


def test_a_variant_file_with_problems_names_a_validate_command_that_can_be_pasted(tmp_path):
    """A path with spaces (and Chinese) is quoted in the command the error suggests."""
    folder = tmp_path / "俱乐部 规则"
    folder.mkdir()
    club = folder / "我的 俱乐部.yaml"
    club.write_text((ROOT / "docs" / "examples" / "my-club.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    result = run("show", str(club))
    assert result.exit_code == 2
    lines = error_lines(result)
    assert len(lines) == 1
    command = re.search(r"\((datong-rules validate .*?) lists them all\)", lines[0])[1]
    import shlex

    assert shlex.split(command) == ["datong-rules", "validate", str(club)]


@pytest.mark.parametrize(("value", "expected"), [
    (3.0, "(expected a whole number without one: 3)"),
    (1e308, "(expected a whole number without one)"),  # not its 309 digits
])
def test_a_whole_number_with_a_decimal_point_is_named_briefly(tmp_path, value, expected):
    record_path, record = _match_record(tmp_path, "huolong/li-zhijiang", "--hands", "1")
    record["hands"][0]["first_drawer"] = value
    result = verify_edited(record_path, record)
    assert result.exit_code == 2
    lines = error_lines(result)
    assert len(lines) == 1 and lines[0].endswith(f"a number with a decimal point {expected}"), lines


@pytest.mark.parametrize("name", ["getting-started.md", "getting-started.en.md"])
def test_the_output_formats_table_lists_every_format_of_each_command(name):
    """docs/getting-started.md's --format table, in both languages: each row names exactly the formats the command
    takes (``table``, an older name still accepted, aside); every command with --format has a row."""
    page = (ROOT / "docs" / name).read_text(encoding="utf-8")
    section = page[page.index("{#format}"):]
    section = section[:section.index("\n## ")]
    rows = dict(re.findall(r"^\| `([a-z]+)` \| (.*) \|$", section, flags=re.M))
    with_format = {}
    for name in cli.commands:
        command = cli.commands[name]
        option = next((p for p in command.params if "--format" in getattr(p, "opts", ())), None)
        if option is not None:
            with_format[name] = set(option.type.choices)
    assert set(rows) == set(with_format)
    for name, cell in rows.items():
        named = set(re.findall(r"(?<!: )(?<!：)`([a-z]+)`", cell)) - {"table"}  # not a key named after a colon
        assert named == with_format[name], name


def test_a_scenario_missing_several_keys_names_each_once(tmp_path):
    """jsonschema reports one error per missing key: each line names its own key (the first was named three
    times)."""
    suite = tmp_path / "suite.yaml"
    suite.write_text("scenarios:\n  - id: x.1\n    variant: huolong/li-zhijiang\n    op: bottom_points\n"
                     "    rules: [bottom.multiplier]\n", encoding="utf-8")
    result = run("conform", "--scenarios", str(suite), "-q")
    assert result.exit_code == 2
    lines = error_lines(result)
    missing = [found[1] for line in lines if (found := re.search(r"missing required key '(\w+)'", line))]
    assert sorted(missing) == ["description", "given"]
    # expect or, since refusals of bad input, expect_bad_input: one line naming both
    assert sum("needs 'expect' or 'expect_bad_input'" in line for line in lines) == 1 and len(lines) == 3


def test_serve_into_a_closed_pipe_ends_quietly(tmp_path):
    """``datong-rules serve < queries | head -1``: serve stops when the reader goes away; the bytes it still held
    printed an "Exception ignored … BrokenPipeError" traceback at exit (status 120)."""
    import subprocess

    queries = tmp_path / "queries.jsonl"
    lines = ['{"type":"start","protocol":1}'] + [
        f'{{"type":"query","id":"q{i}","variant":"huolong/li-zhijiang","op":"facts","given":{{}}}}' for i in range(3000)]
    queries.write_text("\n".join(lines) + "\n", encoding="utf-8")
    kit = "import sys; sys.argv[0] = 'datong-rules'; from datong_rules.cli.main import main; main()"
    with queries.open("rb") as stdin:
        proc = subprocess.Popen([sys.executable, "-c", kit, "serve"], stdin=stdin, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        assert proc.stdout.readline().startswith(b'{"type":"ready"')
        proc.stdout.close()  # the reader goes away with ~1 MB of replies to come
        stderr = proc.stderr.read().decode()
        assert proc.wait(timeout=120) == 0
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr


@pytest.mark.parametrize(("args", "line"), [
    (["conform", "-q", "--variant", ""], "error: --variant is empty (expected a variant id or the path of a house"),
    (["conform", "-q", "--op", " "], "error: --op is empty (expected an operation, such as classify;"),
    (["conform", "-q", "--rule", ""], "error: --rule is empty (expected a rule id or a section, such as settlement;"),
    (["conform", "-q", "-k", ""], "error: -k is empty (expected text of a scenario's id or description;"),  # ran all
    (["coverage", "--variant", ""], "error: --variant is empty (expected a variant id or the path of a house"),
    (["fuzz", "--impl", REFERENCE, "--op", ""], "error: --op is empty (expected an operation, such as classify;"),
])
def test_an_empty_filter_is_an_unset_variable_not_a_filter(args, line):
    result = run(*args)
    assert result.exit_code == 2
    lines = error_lines(result)
    assert len(lines) == 1 and lines[0].startswith(line), lines


def test_the_fuzz_command_a_house_run_suggests_can_be_pasted(tmp_path):
    import shlex

    club = tmp_path / "我的 俱乐部.yaml"
    club.write_text(HOUSE.read_text(encoding="utf-8"), encoding="utf-8")
    result = run("conform", "-q", "--variant", str(club))
    assert result.exit_code == 0, result.output
    suggested = next(line for line in result.output.splitlines() + result.stderr.splitlines()
                     if "datong-rules fuzz" in line)
    words = shlex.split(suggested[suggested.index("datong-rules fuzz"):])
    assert words[:4] == ["datong-rules", "fuzz", "--variant", str(club)]


@pytest.mark.parametrize("address", ["127.0.0.1:1", "no-such-host.invalid:6379", "ray://127.0.0.1:1"])
def test_simulate_says_at_once_that_no_ray_cluster_answers(address):
    """Ray retries an address where nothing listens for minutes, deaf to Ctrl-C: the command says so first."""
    pytest.importorskip("ray")
    result = run("simulate", "li-zhijiang", "--hands", "5", "--ray", address)
    assert result.exit_code == 2
    lines = error_lines(result)
    assert len(lines) == 1 and lines[0].startswith(f"error: --ray {address}: nothing answers there ("), lines


@pytest.mark.parametrize("address", ["local", "auto"])
def test_ray_addresses_of_ray_s_own_are_left_to_ray(address):
    from datong_rules.simulate.ray_address import address_problem

    assert address_problem(address) is None


def test_hypothesis_examples_have_no_deadline():
    """tests/conftest.py loads a profile without the 200 ms deadline: under load a property test failed on time
    (test_sequence_round_trips_in_order, 276 ms), not on the kit."""
    from hypothesis import settings

    assert settings.default.deadline is None


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_during_play_keeps_the_finished_hands_in_the_record(tmp_path):
    """Nothing lost: Ctrl-C during a long match writes the record of the hands finished so far (a match cut short,
    which verify accepts), says so, and exits 130."""
    import os
    import signal
    import subprocess

    house = _biedan_house(tmp_path, 400)
    record = tmp_path / "interrupted.json"
    kit = "import sys; sys.argv[0] = 'datong-rules'; from datong_rules.cli.main import main; main()"
    proc = subprocess.Popen([sys.executable, "-c", kit, "play", str(house), "--record", str(record)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1", "NO_COLOR": "1"},
                            preexec_fn=ctrl_c_as_in_a_terminal)
    headers = 0
    for line in proc.stdout:
        headers += line.startswith("── hand")
        if headers == 3:  # three hands finished (a hand's lines are printed when it ends)
            break
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    kept = re.search(r"^Record of the (\d+) finished hands written to ", stderr, flags=re.M)
    assert kept and stderr.strip().endswith("error: interrupted"), stderr
    data = json.loads(record.read_text(encoding="utf-8"))
    assert len(data["hands"]) == int(kept[1]) >= 3 and data["match_over"] is False
    assert run("verify", str(record), "--variant", str(house)).exit_code == 0


@pytest.mark.parametrize(("given", "why"), [
    ({"hand": ["S3", "H3"], "table": None, "play": "pass", "passed": True},
     "passed: true with table: null is bad input (a player who leads starts a round in which nobody has passed)."),
    ({"hand": ["S3", "H3"], "table": ["S4"], "play": ["S3"], "first_lead": True},
     "first_lead: true with a table is bad input (a first lead has nothing to beat)."),
])
def test_contradictory_flags_are_said_in_words_not_as_a_schema_dump(given, why):
    """A ``not`` of the operation schema gave jsonschema's "{…} should not be valid under {…}"."""
    import io

    from datong_rules.conformance.serve import serve

    lines = [{"type": "start", "protocol": 1}, {"type": "query", "id": "q", "variant": "biedan/biedan-guide",
                                                "op": "legal_play", "given": given}, {"type": "stop"}]
    out = io.BytesIO()
    serve(None, stdin=io.BytesIO("".join(json.dumps(x) + "\n" for x in lines).encode()), stdout=out,
          stderr=io.StringIO())
    reply = json.loads(out.getvalue().decode().splitlines()[1])
    assert reply == {"type": "errored", "id": "q",
                     "message": f"given does not match the operation's schema: $: {why}"}


@pytest.mark.parametrize("text", ["", " \n\n"])
def test_verify_says_an_empty_record_file_is_empty(tmp_path, text):
    """It said 'bad JSON at line 1 column 1: Expecting value'."""
    empty = tmp_path / "game.json"
    empty.write_text(text, encoding="utf-8")
    result = run("verify", str(empty))
    assert result.exit_code == 2
    assert error_lines(result) == [f"error: {empty}: the file is empty (expected a game record: JSON, as "
                                   "`datong-rules play --record` writes it)"]
