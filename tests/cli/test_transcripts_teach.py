"""`datong-rules play` transcripts teach, for the three games: the hands are shown at the start, every play is
named (combination; a Dadun wild card marked and what it stands for), rounds or tricks say who takes them and
their points, the finish and the settlement are said in the rulebook's words, and no internal name (a snake_case
id of the data) is printed."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
"""An internal name: a rule value or row name such as points_lost_bottom_dug, take_egg, big_joker."""


def play(variant: str, seed: int) -> str:
    out = CliRunner().invoke(cli, ["play", variant, "--seed", str(seed), "--hands", "1"])
    assert out.exit_code == 0, out.output
    return out.output


@pytest.mark.parametrize("variant", ["huolong/li-zhijiang", "huolong/datong-guide", "huolong/online-platform",
                                     "biedan/biedan-guide", "dadun/dadun-guide"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_transcript_uses_no_internal_names(variant, seed):
    text = play(variant, seed)
    body = text.split("\n", 1)[1]  # the title line names the variant id
    assert SNAKE.findall(body) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_huolong_shows_hands_names_leads_and_says_the_settlement(seed):
    text = play("huolong/li-zhijiang", seed)
    assert len(re.findall(r"^  seat [0-3]: ", text, re.M)) == 4
    tricks = re.findall(r"^Trick +\d+ \((single|pair|meteor) led\): .* → seat \d wins", text, re.M)
    assert len(tricks) >= 30
    settlement = re.search(r"^Settlement: (.*)$", text, re.M).group(1)
    assert re.search(r"the attackers made \d+ points \(\d+ needed\)|a shutout", settlement)
    assert "banks next" in settlement or "the match is over" in settlement


@pytest.mark.parametrize("seed", [1, 2])
def test_biedan_names_every_play_and_who_takes_the_round(seed):
    text = play("biedan/biedan-guide", seed)
    assert len(re.findall(r"^  seat [0-2]: ", text, re.M)) == 3
    rounds = re.findall(r"^Round +\d+: (.*)$", text, re.M)
    plays = [p for r in rounds for p in r.split(" → ")[0].split(" · ") if not p.endswith("pass")]
    assert plays and all(re.search(r"\((single|pair|triple|bomb|straight|pair run|rocket|flush straight)\)", p)
                         for p in plays)
    assert all("takes the round" in r or r.endswith("hand over") for r in rounds)
    assert re.search(r"^Exchange: seat \d draws the best card from seat \d", text, re.M)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dadun_marks_wilds_and_says_points_and_the_finish(seed):
    text = play("dadun/dadun-guide", seed)
    level = re.search(r"level (\w+) \(team 0", text).group(1)
    assert f"♥{level} (marked *)" in text
    hands = re.findall(r"^  seat [0-3] \(\d+ cards\): (.*)$", text, re.M)
    assert len(hands) == 4
    assert all(f"♥{level} " not in h + " " for h in hands)  # every wild card in the hands carries its mark
    assert re.search(r"takes the round \(\d+ points\)", text)
    finish = re.search(r"^ Finish: (.*)$", text, re.M).group(1)
    assert re.match(r"(1\+2|13\+24|14\+23)[ :]", finish) and "goes up" in finish and "next hand at" in finish
    if not finish.startswith("1+2"):
        assert "needed" in finish and ("full" in finish)
