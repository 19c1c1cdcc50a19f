"""Biedan in the kit: the game registry finds every facet, the rulebook chart draws the single order and every
combination as cards, and a house variant plays and verifies with --variant."""

from __future__ import annotations

import textwrap

from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.reference_impl import games
from datong_rules.reference_impl.variant import load_variant


def test_registered_with_every_facet():
    game = games.get("biedan")
    assert game.family == "climbing" and game.name == {"zh": "憋蛋", "en": "Biedan"}
    for facet in ("rules", "checks", "state", "bots", "ops", "records", "transcript", "rulebook"):
        assert game.facet(facet) is not None, facet
    assert sorted(game.facet("bots").BOTS) == ["greedy", "random", "search"]
    assert games.game_of_variant("biedan/biedan-guide") is game


def test_chart_rows_draw_the_order_and_the_combinations():
    chart = games.get("biedan").facet("rulebook").chart_data(load_variant("biedan/biedan-guide").data["rules"])
    rows = chart["rows"]
    assert rows[0]["groups"][:3] == [["BJ"], ["LJ"], ["S2"]] and rows[0]["groups"][-1] == ["S3"]
    assert [r["label"]["en"] for r in rows[1:8]] == ["Single", "Pair", "Triple", "Bomb", "Straight", "Pair run",
                                                     "Rocket"]
    assert rows[7]["groups"] == [["BJ", "LJ"]]
    flush, mixed = rows[8]["groups"]
    assert len({c[0] for c in flush}) == 1 and len({c[0] for c in mixed}) > 1
    assert sorted(c[1:] for c in flush) == sorted(c[1:] for c in mixed)
    assert sum(len(g) for r in rows for g in r["groups"]) >= 20
    assert all(r["label"]["zh"] and r["label"]["en"] for r in rows)


def test_house_variant_plays_and_verifies(tmp_path):
    house = tmp_path / "club.yaml"
    house.write_text(textwrap.dedent("""\
        id: biedan/club
        extends: biedan/biedan-guide
        name: {zh: 俱乐部, en: Club}
        summary: {zh: 俱乐部规则, en: Club rules}
        rules:
          play:
            next_leader: {value: next_of_last_player, text: {zh: 下家出, en: the next player leads},
                          source: {id: biedan-guide, section: 三.3}}
        """), encoding="utf-8")
    record = tmp_path / "club.json"
    runner = CliRunner()
    played = runner.invoke(cli, ["play", str(house), "--seed", "4", "--hands", "2", "--bots", "greedy",
                                 "--record", str(record)])
    assert played.exit_code == 0, played.output
    assert runner.invoke(cli, ["verify", "--variant", str(house), str(record)]).exit_code == 0
    unknown = runner.invoke(cli, ["verify", str(record)])
    assert unknown.exit_code == 2 and "unknown variant 'biedan/club'" in unknown.output
