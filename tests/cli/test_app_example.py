"""docs/examples/huolong-app.yaml (the open-source Huolong app's rules) and the sources a variant file lists
itself: it validates, plays (seeds 1 to 3) and its records verify; `diff` against li-zhijiang reads as the app's rule
sheet; validate refuses an unknown local source id and an app without its commit; rulebook pages link the app."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli

from examples_support import play_and_verify

REPO = Path(__file__).resolve().parents[2]
APP = REPO / "docs" / "examples" / "huolong-app.yaml"
LINE = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): \S")


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_the_app_file_validates():
    result = run("validate", str(APP))
    assert result.exit_code == 0 and "no problems" in result.output


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_app_file_plays_and_its_record_verifies(seed, tmp_path):
    data = play_and_verify(APP, seed, tmp_path)
    assert all("last_bankers" in hand for hand in data["hands"])  # rotation.take_over: team_alternates


def test_every_app_item_cites_the_app():
    """Every rule item of the file cites one of its own app sources, by file (and function) or by setting."""
    import yaml

    data = yaml.safe_load(APP.read_text(encoding="utf-8"))
    own = {s["id"]: s for s in data["sources"]}
    assert all(s["kind"] == "app" and s["url"].startswith("https://github.com/") and s["commit"] for s in own.values())
    items = [(f"{section}.{name}", item) for section, rules in data["rules"].items() for name, item in rules.items()]
    assert len(items) >= 15
    for rule_id, item in items:
        cite = item.get("source") or {}
        assert cite.get("id") in own, rule_id
        assert cite.get("file") or cite.get("setting"), rule_id
        assert item["text"]["zh"] and item["text"]["en"], rule_id


def test_diff_reads_as_the_app_s_rule_sheet():
    result = run("diff", "huolong/li-zhijiang", str(APP))
    assert result.exit_code == 0
    out = result.stdout
    block = out[out.index("■ rotation.take_over"):].split("■")[1]
    assert 'B huolong/jason-zhao-app  值 value: "team_alternates"' in block
    assert "来源 source: huolong-app assets/scripts/case_huolong/data/modal_huolong.js calculateRoundReport()" in block
    assert "来源 source: gamebase setting joker2AddUpgrade: 2" in out
    assert "https://github.com/Jason-Zhao-Jie/Huolong @ e0481db" in out
    for rule in ("deal.first_drawer", "declaration.show_all_big_jokers", "star_burial.order",
                 "star_burial.banker_jokers", "star_burial.small_joker_levels", "star_burial.success",
                 "settlement.table", "bury.max_points"):
        assert f"■ {rule}\n" in out, rule


def test_show_keeps_the_file_s_own_sources():
    data = json.loads(run("show", "--format", "json", str(APP)).stdout)
    assert [s["id"] for s in data["sources"]] == ["huolong-app", "gamebase"]
    assert data["rules"]["star_burial"]["small_joker_levels"]["source"] == {"id": "gamebase",
                                                                             "setting": "joker2AddUpgrade: 2"}


def test_diff_refuses_variants_of_two_games():
    result = run("diff", "huolong/li-zhijiang", "biedan/biedan-guide")
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1
    assert "expected two variants of one game" in result.stderr


HOUSE = """\
id: huolong/cites
extends: huolong/li-zhijiang
name: {zh: 测试, en: Test}
summary: {zh: 测试, en: Test}
sources:
  - id: some-app
    kind: app
    game: huolong
    title: Some app
    author: null
    language: en
    url: https://example.org/app
    %s
    sections: Files.
    about: {zh: 一个程序。, en: An app.}
rules:
  bottom:
    multiplier:
      value: 1
      text: {zh: 不翻倍。, en: Not doubled.}
      source: {id: %s, file: src/rules.js, function: bottomPoints}
"""


def test_a_local_app_source_may_be_cited(tmp_path):
    path = tmp_path / "cites.yaml"
    path.write_text(HOUSE % ("version: '1.2'", "some-app"), encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 0, result.output


def test_an_unknown_local_source_id_is_one_line(tmp_path):
    path = tmp_path / "cites.yaml"
    path.write_text(HOUSE % ("version: '1.2'", "other-app"), encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1
    (line,) = result.stdout.splitlines()
    assert LINE.match(line) and ":21:" in line
    assert "source 'other-app' is listed neither in spec/sources.yaml nor in the variant's sources:" in line
    assert "some-app" in line  # the expected ids name the local one


def test_an_app_source_needs_its_commit_or_version(tmp_path):
    path = tmp_path / "cites.yaml"
    path.write_text(HOUSE % ("", "some-app"), encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1 and LINE.match(result.stdout.splitlines()[0])
    assert "commit" in result.stdout and "Traceback" not in result.output


def test_a_local_source_may_not_reuse_a_bundled_id(tmp_path):
    path = tmp_path / "cites.yaml"
    path.write_text((HOUSE % ("version: '1.2'", "li-zhijiang")).replace("id: some-app", "id: li-zhijiang"),
                    encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1 and "source id 'li-zhijiang' is already listed in spec/sources.yaml" in result.stdout


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_rulebook_page_links_the_app(lang):
    from datong_rules.reference_impl.variant import default_registry
    from datong_rules.rulebook.pages import VariantDoc, rulebook_page
    from datong_rules.rulebook.site import load_sources

    variant = default_registry().load_file(APP)
    page = rulebook_page(VariantDoc.from_data(variant.id, variant.data), lang, load_sources())
    assert '<li id="src-huolong-app">' in page and 'href="https://github.com/Jason-Zhao-Jie/Huolong/tree/e0481db"' in page
    assert ('href="https://github.com/Jason-Zhao-Jie/Huolong/blob/e0481db/assets/scripts/case_huolong/data/'
            'modal_huolong.js"') in page
    assert "<code>calculateRoundReport()</code>" in page
    assert ("设置" if lang == "zh" else "setting") + " <code>joker2AddUpgrade: 2</code>" in page
    assert ("程序，提交 e0481db" if lang == "zh" else "app, commit e0481db") in page
