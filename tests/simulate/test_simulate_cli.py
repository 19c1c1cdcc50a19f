"""``datong-rules simulate`` on the command line: a run of each game writes a document that validates against its
schema, a published variant against a house file is compared, every kind of bad input is one ``error:`` line and
exit status 2, and SIGTERM stops a run that still reports and writes its finished shards, marked interrupted."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.reference_impl import games
from datong_rules.reference_impl.schemas import find_schema

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "docs" / "examples"


def _simulate(*args: str):
    return CliRunner().invoke(cli, ["simulate", *args])


def _validate(doc: dict) -> None:
    schema = json.loads(find_schema("simulate").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(doc)


@pytest.mark.parametrize("variant, house", [
    ("biedan/biedan-guide", "biedan-house.yaml"),
    ("dadun/dadun-guide", "dadun-house.yaml"),
    ("huolong/datong-guide", "huolong-house.yaml"),
])
def test_each_game_against_a_house_file(tmp_path, variant, house):
    out = tmp_path / "sim.json"
    house_file = str(EXAMPLES / house)
    result = _simulate(variant, house_file, "--hands", "30", "--workers", "1", "--seed", "2", "--json", str(out))
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    _validate(doc)
    first, second = doc["results"]["variants"]
    assert (first["variant"], first["file"], second["file"]) == (variant, None, house_file)
    assert first["hands"] >= 30 and second["hands"] >= 30  # whole matches: the last one played to its end
    assert first["matches"] > 0 and second["matches"] > 0
    assert all(m["n"] > 0 for m in first["measures"] if m["per"] == "hand" and m["id"].startswith("seat_won_"))
    [comparison] = doc["results"]["comparisons"]
    assert comparison["against"] == variant and comparison["variant"] == house_file
    assert comparison["rules_differ"]  # a house file changes some rule
    assert f"{house_file} against {variant}: rules that differ: " in result.output
    assert "not by expert players" in result.output


def test_a_matches_run_observes_whole_matches(tmp_path):
    out = tmp_path / "sim.json"
    result = _simulate("biedan-guide", "--matches", "2", "--workers", "1", "--json", str(out))
    assert result.exit_code == 0, result.output
    [variant] = json.loads(out.read_text(encoding="utf-8"))["results"]["variants"]
    assert variant["matches"] + variant["capped"] == 2
    assert any(m["per"] == "match" and m["n"] == variant["matches"] for m in variant["measures"])


def _one_error_line(result, *fragments: str) -> None:
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


@pytest.mark.parametrize("args, fragments", [
    (["biedan-guide"], ["--hands N or --matches M"]),
    (["biedan-guide", "--hands", "5", "--matches", "5"], ["--hands N or --matches M"]),
    (["biedan-guide", "--hands", "0"], ["--hands"]),
    (["biedan-guide", "--hands", "5", "--seed", "-1"], ["--seed"]),
    (["no-such-variant", "--hands", "5"], ["no-such-variant"]),
    ([""], ["is empty"]),
    (["biedan-guide", "dadun-guide", "--hands", "5"], ["several games", "biedan", "dadun"]),
    (["biedan-guide", "--hands", "5", "--bots", "expert"], ["unknown bot kind 'expert'", "greedy", "random"]),
    (["biedan-guide", "--hands", "5", "--bots", "random,greedy"], ["2 kinds", "3 seats"]),
    (["biedan-guide", "--hands", "5", "--json", "/no/such/folder/x.json"], ["--json", "/no/such/folder"]),
    (["biedan-guide", "--hands", "5", "--html", "/no/such/folder/x.html"], ["--html", "/no/such/folder"]),
    (["biedan-guide", "--hands", "5", "--ray", " "], ["--ray is empty"]),
    (["huolong/base", "--hands", "5"], ["huolong/base"]),
    (["biedan-guide", "--hands", "5", "--primary", "nope"], ["--primary: unknown measure 'nope'", "banker_side_won"]),
])
def test_bad_input_is_one_line_and_status_2(args, fragments):
    _one_error_line(_simulate(*args), *fragments)


def test_ray_without_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails
    _one_error_line(_simulate("biedan-guide", "--hands", "5", "--ray", "local"), "pip install 'datong-rules[scale]'")


def test_html_without_the_extra(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    _one_error_line(_simulate("biedan-guide", "--hands", "5", "--html", str(tmp_path / "r.html")), "--html")


def test_a_game_without_measures(monkeypatch):
    facet = games.Game.facet
    monkeypatch.setattr(games.Game, "facet", lambda self, name: None if name == "measures" else facet(self, name))
    _one_error_line(_simulate("biedan-guide", "--hands", "5"), "no measures", "biedan.measures")


def test_html_report_is_written(tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "report.html"
    result = _simulate("biedan-guide", "--hands", "20", "--workers", "1", "--html", str(out))
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "biedan/biedan-guide" in page and "<svg" in page


def test_results_of_a_game_do_not_depend_on_the_workers(tmp_path):
    docs = []
    for workers in ("1", "2"):
        out = tmp_path / f"sim{workers}.json"
        result = _simulate("biedan-guide", "--hands", "600", "--workers", workers, "--seed", "5", "--json", str(out))
        assert result.exit_code == 0, result.output
        docs.append(json.loads(out.read_text(encoding="utf-8")))
    assert docs[0]["results"] == docs[1]["results"] and docs[0]["run"]["shards_total"] == 2


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM")
@pytest.mark.parametrize("workers", ["1", "2"])
def test_sigterm_reports_the_finished_shards(tmp_path, workers):
    out = tmp_path / "sim.json"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "datong_rules", "simulate", "biedan-guide", "--hands", "200000",
                             "--workers", workers, "--seed", "3", "--json", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    time.sleep(6)  # long enough to finish a shard of 500 hands, far too short for 400 of them
    proc.send_signal(signal.SIGTERM)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 143, stderr
    assert "error: interrupted" in stderr and "INTERRUPTED:" in stdout
    doc = json.loads(out.read_text(encoding="utf-8"))
    _validate(doc)
    run = doc["run"]
    assert run["interrupted"] is True and run["shards_total"] == 400 and 0 <= run["shards_done"] < 400
    # each shard plays whole matches until it has its 500 hands (a 憋蛋 session is 6 hands: at most 5 more)
    assert 500 * run["shards_done"] <= doc["results"]["variants"][0]["hands"] <= 505 * run["shards_done"]


def test_the_default_bots_use_the_rules_that_make_the_game(tmp_path):
    """The default bots play like beginners who know the rules: in 打墩 they use wild cards (the greedy bot in
    nearly every hand; random bots almost never) and bombs."""
    out = tmp_path / "sim.json"
    result = _simulate("dadun-guide", "--hands", "20", "--workers", "1", "--seed", "1", "--json", str(out))
    assert result.exit_code == 0, result.output
    results = json.loads(out.read_text(encoding="utf-8"))["results"]
    assert results["bots"] == ["greedy"]
    [variant] = results["variants"]
    measures = {m["id"]: m for m in variant["measures"]}
    assert measures["wild_used"]["value"] > 0.5 and measures["bomb_played"]["value"] > 0


def test_the_bots_note_says_what_each_bot_of_the_mix_does(tmp_path):
    out = tmp_path / "sim.json"
    result = _simulate("dadun-guide", "--hands", "5", "--workers", "1", "--bots", "greedy,random,greedy,random",
                       "--json", str(out))
    assert result.exit_code == 0, result.output
    results = json.loads(out.read_text(encoding="utf-8"))["results"]
    assert results["bots"] == ["greedy", "random", "greedy", "random"]
    note = results["bots_note"]
    assert note["en"].count("greedy gives and returns tribute") == 1 and "random plays a random legal action" in \
        note["en"] and "never bombs its partner's play" in note["en"]
    assert "greedy：进贡和还贡" in note["zh"] and "random：随机出一个合法动作" in note["zh"]
    assert "never keeps a bomb back" in result.output  # the console says it too
