"""The spec subcommands of datong-rules: validate, variants, show, diff."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from datong_rules.cli.main import cli

HERE = Path(__file__).resolve().parents[1] / "reference_impl" / "variant"  # the spec fixtures
FIXTURE = HERE / "fixtures" / "house-club.yaml"
MALFORMED = sorted((HERE / "malformed").glob("*.yaml"))
LINE = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): \S")


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def run_apart(args: list[str]):
    """The command's result with standard error apart from standard output (click 8.1 mixes them by default)."""
    try:
        runner = CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click < 8.2
    except TypeError:
        runner = CliRunner()  # click ≥ 8.2: always apart
    return runner.invoke(cli, args)


@pytest.mark.parametrize("command", ["validate", "variants", "show", "diff"])
def test_help(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert result.output.startswith("Usage: ")


def test_validate_bundled_data_exits_0():
    result = run("validate")
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert "no problems" in result.stderr


def test_validate_house_fixture_exits_0():
    result = run("validate", str(FIXTURE))
    assert result.exit_code == 0 and result.stdout == ""


def test_validate_malformed_files_one_line_per_problem(monkeypatch):
    monkeypatch.chdir(HERE / "malformed")
    names = [p.name for p in MALFORMED]
    result = run("validate", *names)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines and all(LINE.match(line) for line in lines), [line for line in lines if not LINE.match(line)]
    assert {LINE.match(line)["file"] for line in lines} == set(names)  # every file reports, none is lost
    assert "Traceback" not in result.output


def test_validate_a_folder(monkeypatch):
    monkeypatch.chdir(HERE)
    result = run("validate", "malformed")
    assert result.exit_code == 1
    assert {LINE.match(line)["file"] for line in result.stdout.splitlines()} >= {
        str(Path("malformed") / "empty.yaml"), str(Path("malformed") / "trees" / "cycle" / "huolong" / "a.yaml")}


def test_validate_json_format(monkeypatch):
    monkeypatch.chdir(HERE / "malformed")
    result = run("validate", "--format", "json", "bad-enum-value.yaml")
    assert result.exit_code == 1
    (problem,) = json.loads(result.stdout)
    assert problem["kind"] == "bad_value" and problem["line"] == 9
    assert problem["rule_path"] == "rules.star_burial.policy.value"


def test_validate_missing_file_is_one_line():
    result = run("validate", "no-such-file.yaml")
    assert result.exit_code == 1
    assert result.stdout == "no-such-file.yaml:1:1: cannot read the file: No such file or directory\n"


def test_validate_sources_file(tmp_path):
    bad = tmp_path / "sources.yaml"
    bad.write_text("sources:\n  - id: x\n", encoding="utf-8")
    result = run("validate", str(bad))
    assert result.exit_code == 1
    assert all(LINE.match(line) for line in result.stdout.splitlines())
    assert "missing key 'game'" in result.stdout


def test_console_script_never_prints_a_traceback(tmp_path):
    """The real entry point, in a subprocess, on every corpus file at once."""
    result = subprocess.run([sys.executable, "-c", "from datong_rules.cli.main import main; main()", "validate",
                             *map(str, MALFORMED)], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    assert all(LINE.match(line) for line in result.stdout.splitlines())


def test_variants_table():
    result = run("variants")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["id", "名称", "name"]
    row = next(line for line in lines if line.startswith("huolong/li-zhijiang "))
    assert "攉龙 · 李志江本" in row and "Huolong · Li Zhijiang's rules" in row and "huolong/base" in row
    assert row.rstrip().endswith("no")
    assert next(line for line in lines if line.startswith("huolong/base ")).rstrip().endswith("yes")


def test_variants_json():
    rows = json.loads(run("variants", "--format", "json").stdout)
    by_id = {row["id"]: row for row in rows}
    assert by_id["huolong/online-platform"]["sources"] == ["datong-guide", "li-zhijiang", "online-platform"]
    assert by_id["huolong/base"]["abstract"] is True and by_id["huolong/base"]["parent"] == ""
    assert by_id["huolong/base"]["game"] == "huolong" and by_id["huolong/base"]["playable"] is False
    assert by_id["huolong/li-zhijiang"]["playable"] is True


def test_variants_yaml_is_the_json_list():
    result = run("variants", "--format", "yaml")
    assert result.exit_code == 0
    rows = yaml.safe_load(result.stdout)
    by_id = {row["id"]: row for row in rows}
    assert by_id["biedan/biedan-guide"]["game"] == "biedan" and by_id["biedan/biedan-guide"]["playable"] is True
    assert by_id["huolong/base"]["abstract"] is True


def test_show_resolved_variant_with_provenance():
    result = run("show", "huolong/datong-guide")
    assert result.exit_code == 0
    data = yaml.safe_load(result.stdout)
    assert data["id"] == "huolong/datong-guide" and data["game"] == "huolong"
    assert data["chain"] == ["huolong/base", "huolong/datong-guide"]
    multiplier = data["rules"]["bottom"]["multiplier"]
    assert multiplier["value"] == 2 and multiplier["source"] == {"id": "datong-guide", "section": "三.4"}
    assert multiplier["defined_in"] == "huolong/datong-guide"
    assert data["rules"]["points"]["threshold"]["defined_in"] == "huolong/base"
    assert data["rules"]["levels"]["order"]["value"][7] == "10"  # stays text


def test_show_json_and_house_file():
    data = json.loads(run("show", "--format", "json", str(FIXTURE)).stdout)
    assert data["id"] == "huolong/example-club"
    assert data["rules"]["star_burial"]["policy"]["value"] == "fast"


def test_show_unknown_id_is_one_line_listing_known_ids():
    result = run("show", "huolong/nope")
    assert result.exit_code == 2
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert "unknown variant 'huolong/nope'" in line and "huolong/li-zhijiang" in line


def test_show_broken_file_is_one_line(monkeypatch):
    monkeypatch.chdir(HERE / "malformed")
    result = run("show", "alias-bomb.yaml")
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert "alias-bomb.yaml:7:8" in line


def test_diff_text():
    result = run("diff", "huolong/li-zhijiang", "huolong/datong-guide")
    assert result.exit_code == 0
    out = result.stdout
    block = out[out.index("■ bottom.multiplier"):].split("■")[1]
    assert "A huolong/li-zhijiang  值 value: 1" in block and "B huolong/datong-guide  值 value: 2" in block
    assert "来源 source: li-zhijiang 一.六.4" in block and "来源 source: datong-guide 三.4" in block
    assert "翻一倍" in block and "count double" in block  # both languages of B's text
    assert "■ points.threshold" not in out  # equal values are not shown
    assert re.search(r"\d+ 条规则不同 / rule\(s\) differ, \d+ 相同 / the same", out)


def test_diff_json_lists_exactly_the_rules_whose_values_differ():
    out = json.loads(run("diff", "--format", "json", "huolong/li-zhijiang", str(FIXTURE)).stdout)
    assert sorted(d["rule"] for d in out["differences"]) == ["bottom.multiplier", "star_burial.policy"]
    first = next(d for d in out["differences"] if d["rule"] == "star_burial.policy")
    assert (first["a"]["value"], first["b"]["value"]) == ("slow", "fast")
    assert first["b"]["defined_in"] == "huolong/example-club"


def test_diff_with_a_rule_missing_on_one_side():
    out = json.loads(run("diff", "--format", "json", "huolong/base", "huolong/li-zhijiang").stdout)
    scope = next(d for d in out["differences"] if d["rule"] == "declaration.scope")
    assert scope["a"] == {"variant": "huolong/base", "present": False}
    assert scope["b"]["value"] == "match"


def test_diff_of_a_variant_with_itself():
    out = json.loads(run("diff", "--format", "json", "huolong/base", "huolong/base").stdout)
    assert out["differences"] == [] and out["same"] > 30


def test_diff_unknown_id():
    result = run("diff", "huolong/li-zhijiang", "nope/nope")
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1
    assert "unknown variant 'nope/nope'" in result.stderr


def test_validate_an_empty_folder_is_an_error(tmp_path):
    result = run("validate", str(tmp_path))
    assert result.exit_code == 1 and "no .yaml file" in result.stderr


# ------------------------------------------------------------------------------------------------ newcomer findings

def test_show_and_diff_take_a_short_id():
    assert run("show", "li-zhijiang").stdout.startswith("# huolong/li-zhijiang, resolved:")
    result = run("diff", "--format", "json", "li-zhijiang", "datong-guide")
    assert result.exit_code == 0 and json.loads(result.stdout)["b"] == "huolong/datong-guide"


@pytest.mark.parametrize("args", [("show", "nope"), ("diff", "nope", "li-zhijiang"), ("play", "nope")])
def test_an_unknown_variant_is_exit_2_everywhere_quoting_what_was_typed(args):
    result = run(*args)
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: unknown variant 'nope' (known: biedan/biedan-guide, dadun/dadun-guide, huolong/base,") and ":1:1:" not in line


def test_show_a_folder_says_it_is_a_folder(tmp_path):
    folder = tmp_path / "adir.yaml"
    folder.mkdir()
    for ref in (str(folder), str(tmp_path)):
        result = run("show", ref)
        assert result.exit_code == 2
        assert result.stderr == f"error: '{ref}' is a folder, not a variant file (give a .yaml file, or a variant id)\n"


def test_show_a_missing_file_names_it_once(tmp_path):
    result = run("show", str(tmp_path / "gone.yaml"))
    assert result.exit_code == 2 and result.stderr == f"error: no such file: '{tmp_path / 'gone.yaml'}'\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("command", ["show", "validate"])
def test_a_fifo_is_refused_at_once(tmp_path, command):
    fifo = tmp_path / "club.yaml"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer forever
    result = run(command, str(fifo))
    assert result.exit_code == (2 if command == "show" else 1)
    assert "it is not a regular file (a FIFO, a device or a socket)" in result.output


def test_validate_reports_an_unreadable_file_as_a_problem_line(monkeypatch):
    """click must not refuse the file first (its usage error, exit 2): every problem is a FILE:LINE:COL line."""
    monkeypatch.setattr(os, "access", lambda *args, **kwargs: False)  # what click's readable check would ask
    result = run("validate", str(FIXTURE))
    assert result.exit_code == 0, result.output


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any file")
def test_validate_an_unreadable_file(tmp_path):
    path = tmp_path / "noperm.yaml"
    path.write_text(FIXTURE.read_text(encoding="utf-8"), encoding="utf-8")
    path.chmod(0)
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert result.stdout == f"{path}:1:1: cannot read the file: Permission denied\n"


def test_validate_an_unreadable_path_is_one_problem_line(tmp_path):
    blocker = tmp_path / "file.yaml"
    blocker.write_text("a: 1\n", encoding="utf-8")
    result = run("validate", str(blocker / "inner.yaml"))  # a path through a file: cannot be opened
    assert result.exit_code == 1
    assert LINE.match(result.stdout) and "cannot read the file: Not a directory" in result.stdout


def test_a_house_file_extending_itself(tmp_path):
    path = tmp_path / "self.yaml"
    path.write_text(FIXTURE.read_text(encoding="utf-8").replace("extends: huolong/li-zhijiang",
                                                                "extends: huolong/example-club"), encoding="utf-8")
    result = run("validate", str(path))
    assert "extends: the variant extends itself ('huolong/example-club')" in result.stdout


def test_too_deep_nesting_says_what_is_expected(tmp_path):
    path = tmp_path / "deep.yaml"
    path.write_text("a: " + "[" * 70 + "]" * 70 + "\n", encoding="utf-8")
    result = run("validate", str(path))
    assert "nesting deeper than 64 levels (expected at most 64 levels of lists and mappings)" in result.stdout


def test_short_help_of_every_command_reads_whole():
    """datong-rules --help: each command's line is a whole first sentence, not cut by click (e.g. at 'e.g.')."""
    text = run("--help").stdout
    lines = text.split("Commands:\n", 1)[1].splitlines()
    ours = ("diff", "play", "show", "validate", "variants", "verify")
    for line in lines:
        name = line.split()[0]
        if name in ours:
            assert not line.rstrip().endswith(("...", "(e.g.")), line


CLIMBING_HOUSE = """\
id: {game}/house-app
extends: {game}/{game}-guide
name: {{zh: 家规, en: House}}
summary: {{zh: 家规, en: House}}
sources:
  - id: club-app
    kind: app
    url: https://example.org/club-app
    commit: 0123abc
    game: {game}
    title: Club app
    author: null
    language: en
    sections: files of the repository
    about: {{zh: 俱乐部的程序, en: the club's app}}
rules:
  players:
    play_direction:
      value: clockwise
      text: {{zh: 顺时针, en: clockwise}}
      source: {{id: club-app, file: src/table.ts}}
"""


@pytest.mark.parametrize("game", ["biedan", "dadun"])
def test_an_app_citation_validates_in_a_climbing_house_file(tmp_path, game):
    """source: {id, file} cites an app's file in every game (the common rule item), and a broken item of a climbing
    game's house file gets the located, worded messages of the common rule item."""
    path = tmp_path / "house.yaml"
    path.write_text(CLIMBING_HOUSE.format(game=game), encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 0, result.output
    path.write_text(CLIMBING_HOUSE.format(game=game).replace("source: {id: club-app, file: src/table.ts}",
                                                             "sourc: {id: club-app, file: src/table.ts}"),
                    encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert any(line.startswith(f"{path}:21:7: rules.players.play_direction.sourc: unknown key 'sourc' "
                               "(did you mean 'source'?)") for line in lines), lines
    assert any(":18:5: rules.players.play_direction: the rule item says neither where it comes from nor why" in line
               for line in lines), lines


def test_validate_places_a_problem_of_a_list_valued_rule_on_its_entry(monkeypatch):
    """combinations.attachments (none, or a list of entries): a schema problem of one entry's field and an entry
    the engine refuses are each placed on that entry's field (file:line:column, path ``value[1].field``)."""
    monkeypatch.chdir(HERE / "malformed")
    result = run("validate", "attachments-entry-bad-value.yaml", "unplayable-attachment-main.yaml")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "attachments-entry-bad-value.yaml:13:50: rules.combinations.attachments.value[1].attach: 'triple' is not an "
        "allowed value (expected one of: single, pair)",
        "unplayable-attachment-main.yaml:13:33: rules.combinations.attachments.value[1].main: entry 2 (four_with_two): "
        "main 'four' is not a combination of combinations.catalogue (expected a value the biedan engine plays)"]


def test_show_a_name_that_is_both_a_bundled_id_and_a_file(tmp_path, monkeypatch):
    """``show li-zhijiang`` reads the bundled variant and notes the file it passed over; ``show ./li-zhijiang`` reads
    the file (its own id); the help says so."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "li-zhijiang").write_text(FIXTURE.read_text(encoding="utf-8"), encoding="utf-8")
    bundled = run_apart(["show", "li-zhijiang", "--format", "json"])
    assert bundled.exit_code == 0 and json.loads(bundled.stdout)["id"] == "huolong/li-zhijiang"
    assert bundled.stderr == ("note: 'li-zhijiang' is read as the bundled variant huolong/li-zhijiang; a file of that "
                              "name is here too: give ./li-zhijiang to read the file\n")
    house = run_apart(["show", "./li-zhijiang", "--format", "json"])
    assert house.exit_code == 0 and json.loads(house.stdout)["id"] == "huolong/example-club" and house.stderr == ""
    alone = run_apart(["show", "datong-guide", "--format", "json"])
    assert alone.exit_code == 0 and alone.stderr == ""  # no file of that name: no note
    assert "write ./NAME (or a name ending in .yaml) for the file" in " ".join(run("show", "--help").output.split())
