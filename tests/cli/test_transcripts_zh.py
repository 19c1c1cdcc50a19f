"""`datong-rules --lang zh play` prints its transcript in 中文 for the three games (and under DATONG_RULES_LANG=zh):
no English word is left, and it says the same facts as the English transcript of the same seed: the same lines,
the same cards in the same order on each line, the same numbers (seats, points, levels, counts), and the same seat
taking each round or trick.

What may stay in Latin letters in a 中文 transcript (:func:`english_words` removes it before looking for words):
card notation (a suit symbol with its rank, ``♠10``, ``♥J``; the jokers ``BJ`` and ``LJ``), the variant id and the
bot kind of the title line (identifiers the command was given). A single letter is a rank or a level (``打J``), not a
word: a word is two letters or more (:data:`WORD`).
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.reference_impl.transcript_words import SHARED

WORD = re.compile(r"[A-Za-z]{2,}")
"""An English word: two Latin letters or more in a row."""
CARD = re.compile(r"[♠♥♣♦](?:10|[2-9JQKA])\*?|(?<![A-Za-z])[BL]J(?![A-Za-z])")
"""A card as the transcript writes it: a suit symbol and rank (a wild card marked ``*``), or a joker."""
NUMBER = re.compile(r"[+-]?\d+")
TAKER_EN = re.compile(r"→ seat (\d+)")
TAKER_ZH = re.compile(r"→ (\d+)号座位")
"""Who takes a round or wins a trick: the first seat after the arrow."""

GAMES = [("huolong/li-zhijiang", 1), ("huolong/datong-guide", 2), ("biedan/biedan-guide", 1),
         ("biedan/biedan-guide", 4), ("dadun/dadun-guide", 1), ("dadun/dadun-guide", 3),
         ("docs/examples/biedan-doudizhu.yaml", 1), ("docs/examples/dadun-guandan.yaml", 1)]
"""Variants and seeds: each game's guide, huolong's other show kinds, a house variant with Dou Dizhu-style
combinations (三带一 …) and one with a tribute."""


def play(variant: str, seed: int, *lang: str, hands: int = 2, env: dict[str, str] | None = None) -> list[str]:
    out = CliRunner().invoke(cli, [*lang, "play", variant, "--seed", str(seed), "--hands", str(hands)], env=env)
    assert out.exit_code == 0, out.output
    return out.output.splitlines()


def english_words(line: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """The English words of a 中文 line: what :data:`WORD` finds once the cards and the ``allowed`` identifiers
    are taken out."""
    for ident in allowed:
        line = line.replace(ident, " ")
    return WORD.findall(CARD.sub(" ", line))


def facts(line: str) -> tuple[list[str], list[str]]:
    """The cards of a line in order, and its numbers (outside the cards) in order."""
    return CARD.findall(line), NUMBER.findall(CARD.sub(" ", line))


@pytest.mark.parametrize("variant, seed", GAMES)
def test_the_chinese_transcript_has_no_english_word(variant, seed):
    lines = play(variant, seed, "--lang", "zh")
    variant_id = re.search(r"（([^（）]+)）· 种子", lines[0]).group(1)  # the title line's id, as the command resolved it
    found = {word for line in lines for word in english_words(line, (variant_id, "random"))}
    assert found == set(), f"English in the 中文 transcript of {variant}: {sorted(found)}"


@pytest.mark.parametrize("variant, seed", GAMES)
def test_the_chinese_transcript_says_what_the_english_one_says(variant, seed):
    english, chinese = play(variant, seed, "--lang", "en"), play(variant, seed, "--lang", "zh")
    assert len(chinese) == len(english)
    for en, zh in zip(english, chinese):
        en_cards, en_numbers = facts(en)
        zh_cards, zh_numbers = facts(zh)
        assert zh_cards == en_cards, (en, zh)
        assert sorted(set(zh_numbers)) == sorted(set(en_numbers)), (en, zh)
        assert TAKER_ZH.findall(zh)[:1] == TAKER_EN.findall(en)[:1], (en, zh)
    takers = [t for line in chinese for t in TAKER_ZH.findall(line)[:1]]
    assert len(takers) >= 10  # the rounds' and tricks' takers were compared, not nothing


def test_the_environment_variable_chooses_chinese_too():
    by_option = play("biedan/biedan-guide", 1, "--lang", "zh", hands=1)
    by_variable = play("biedan/biedan-guide", 1, hands=1, env={"DATONG_RULES_LANG": "zh"})
    assert by_variable == by_option
    assert by_option[0] == "大同扑克 · 憋蛋（biedan/biedan-guide）· 种子 1 · 机器人：random"


def test_the_biedan_guide_hand_in_chinese():
    """Seed 1's first hand of biedan-guide, read from its English transcript (docs/getting-started.en.md) and said
    in the rulebook's words: seat 2 banks as holder of ♥3; seat 1 goes out first in round 16 and seat 2 leads on;
    seat 1 draws the best card of the one stuck with the egg, seat 0, who takes the egg; the bank passes to seat 1."""
    text = "\n".join(play("biedan/biedan-guide", 1, "--lang", "zh", hands=1))
    assert "── 第1局 · 庄家：2号座位（拿着♥3的人）· 先摸牌：0号座位" in text
    assert "蛋（2号座位扣下）：♦J ♠7 ♥4" in text
    assert "第 1轮：2：♠J（单张） · 0：♥A（单张） · 1：LJ（单张） · 2：BJ（单张） · 0：过 · 1：过 → 2号座位拿下这一轮，接着出" in text
    assert "1：♠6（单张） — 出完，第一名 · 2：过 · 0：过 → 1号座位拿下这一轮，已经出完，由2号座位出" in text
    assert "名次：第一名 1号座位，第二名 2号座位，第三名（憋蛋） 0号座位" in text
    assert "换牌：1号座位从0号座位那里抽走最大的一张牌：♥K" in text
    assert "换牌：0号座位收下蛋：♦J ♠7 ♥4" in text
    assert "庄家：2号座位下庄；下一局由1号座位坐庄" in text


def _transcript_words():
    from datong_rules.reference_impl.biedan import transcript as biedan
    from datong_rules.reference_impl.dadun import transcript as dadun
    from datong_rules.reference_impl.huolong import transcript as huolong

    return {"shared": SHARED, "biedan": biedan.WORDS, "biedan steps": biedan.STEPS, "dadun": dadun.WORDS,
            "huolong": huolong.WORDS}


FIELD = re.compile(r"\{[^{}]*\}")


@pytest.mark.parametrize("name, words", list(_transcript_words().items()))
def test_every_sentence_of_a_transcript_is_in_both_languages(name, words):
    """Every sentence, also those no seed above reaches (a resisted tribute, a team sent back from A, a redeal …),
    has its 中文 and its English, and the 中文 has no English word outside its ``{fields}``."""
    for key, said in words.items():
        assert set(said) == {"zh", "en"}, (name, key)
        assert WORD.findall(FIELD.sub(" ", said["zh"])) == [], (name, key, said["zh"])


def test_english_is_still_the_default():
    assert play("dadun/dadun-guide", 1, hands=1)[3].startswith("── hand 1 · level 2 (team 0 at 2, team 1 at 2)")


@pytest.mark.parametrize("args, chinese, english", [
    # biedan-guide's session is 6 hands (match.hands), over a cap of 1
    (["play", "biedan/biedan-guide", "--max-hands", "1"], "错误：要打 6 局，超过了上限 1 局（用 --max-hands 可以提高上限）",
     "error: 6 hands asked for, more than the cap of 1 (raise the cap with --max-hands)"),
    # two hands of 攉龙 cannot carry a team from 3 past A
    (["play", "huolong/li-zhijiang", "--seed", "1", "--max-hands", "2"],
     "错误：打了 2 局还没有赢家（用 --max-hands 可以提高上限）",
     "error: no winner after 2 hands (raise the cap with --max-hands)"),
])
def test_a_match_stopped_by_its_cap_is_said_in_chinese(args, chinese, english):
    said = CliRunner().invoke(cli, ["--lang", "zh", *args])
    assert said.exit_code == 1 and said.output.splitlines()[-1] == chinese
    said = CliRunner().invoke(cli, ["--lang", "en", *args])
    assert said.exit_code == 1 and said.output.splitlines()[-1] == english
