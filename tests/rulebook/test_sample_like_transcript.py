"""The web sample hand of 打墩 shows what the terminal's transcript of the same game shows (``datong-rules play
dadun/dadun-guide --seed S --bots B``): every player's starting hand, each play's combination named, what each wild
card stands for; and it pictures cards by rank (cards of one rank together), not by suit. 憋蛋's names the rocket a
rocket, never a bomb. The transcript is read from the CLI's output, the page from the built site."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.reference_impl.cards import SUIT_SYMBOLS
from datong_rules.rulebook.game_data import facet_data
from datong_rules.rulebook.paths import sample_path
from datong_rules.rulebook.site import load_site

SITE = load_site()
VARIANT = "dadun/dadun-guide"
SPEC = facet_data("dadun", "SAMPLE_HANDS")["dadun-guide"]
LANGS = ("zh", "en")
_LETTER = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()}


def _tokens(shown: str) -> list[str]:
    """``♠10 ♥2* BJ`` → ``["S10", "H2", "BJ"]``."""
    return [t if t in ("BJ", "LJ") else _LETTER[t[0]] + t[1:] for t in shown.replace("*", "").split()]


def _transcript_hand() -> list[str]:
    result = CliRunner().invoke(cli, ["play", VARIANT, "--seed", str(SPEC["seed"]), "--bots", SPEC["bots"],
                                      "--hands", str(SPEC["hand"])])
    assert result.exit_code == 0, result.output
    hands = result.output.split("── hand ")
    return hands[SPEC["hand"]].splitlines()


TRANSCRIPT = _transcript_hand()


def _section(page: str, section_id: str) -> str:
    start = page.index(f"{{#{section_id}}}")
    end = page.find("\n## ", start)
    return page[start:end if end >= 0 else len(page)]


def _rows(page: str) -> list[list[str]]:
    """The cards pictured in each row of the deal section's tables (the starting hands)."""
    deal = _section(page, "deal")
    return [re.findall(r'data-card="([^"]+)"', row) for row in re.findall(r"<tr>(.*?)</tr>", deal, re.S)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_starting_hands_are_the_transcripts(lang):
    drawn = {int(m.group(1)): _tokens(m.group(2)) for line in TRANSCRIPT
             if (m := re.match(r"\s*seat (\d) \(\d+ cards\): (.*)$", line))}
    assert sorted(drawn) == [0, 1, 2, 3]
    rows = [cards for cards in _rows(SITE.pages[sample_path(VARIANT, lang)]) if len(cards) >= 30]
    assert [Counter(cards) for cards in rows] == [Counter(drawn[seat]) for seat in range(4)]


@pytest.mark.parametrize("lang", LANGS)
def test_cards_are_pictured_by_rank(lang):
    """In every starting hand and every play, the cards of one rank stand together (a wild card stands where the
    card it is read as would, so it is left out)."""
    page = SITE.pages[sample_path(VARIANT, lang)]
    natural = r'<svg class="card(?: point-card)?" data-card="([^"]+)"'
    deal = _section(page, "deal")
    groups = [re.findall(natural, row) for row in re.findall(r"<tr>(.*?)</tr>", deal, re.S)]
    groups += [re.findall(natural, p)
               for p in re.findall(r'<span class="cards[^"]*">(.*?)</span>', _section(page, "play"))]
    assert len(groups) > 20
    for cards in groups:
        ranks = [c if c in ("BJ", "LJ") else c[1:] for c in cards]
        runs = [r for i, r in enumerate(ranks) if i == 0 or r != ranks[i - 1]]
        assert len(runs) == len(set(runs)), cards


@pytest.mark.parametrize("lang", LANGS)
def test_each_play_is_named_and_each_wild_read(lang):
    """Each pictured round: every play has a label, and as many plays say what a wild card stands for as the
    transcript's round has plays read ``as`` other cards."""
    rounds = {int(m.group(1)): m.group(2) for line in TRANSCRIPT if (m := re.match(r"\s*Round\s+(\d+): (.*)$", line))}
    page = SITE.pages[sample_path(VARIANT, lang)]
    word = "百搭" if lang == "zh" else "wild"
    tricks = re.findall(r'<p class="trick-head">(?:第(\d+)轮|Round (\d+))</p>(.*?)</div>', page, re.S)
    assert tricks
    read = 0
    for zh_n, en_n, body in tricks:
        number = int(zh_n or en_n)
        plays = re.findall(r'<span class="play">(.*?)</span></span>', body, re.S)
        played = [p for p in plays if 'class="cards' in p]
        assert all('class="play-label"' in p for p in played), number
        labels = re.findall(r'<span class="play-label">([^<]*)</span>', body)
        if number in rounds:
            expected = rounds[number].count(" as ")
            assert sum(word in label for label in labels) == expected, (number, labels)
            read += expected
    assert read >= 1, "the sample hand shows no wild card read as another card"


@pytest.mark.parametrize("lang", LANGS)
def test_the_biedan_sample_names_the_rocket(lang):
    page = SITE.pages[sample_path("biedan/biedan-guide", lang)]
    for body in re.findall(r'<div class="trick">(.*?)</div></div>', page, re.S) or [page]:
        if re.search(r'data-card="BJ".*?data-card="LJ"|data-card="LJ".*?data-card="BJ"', body, re.S) \
                and re.search(r'<span class="play-label">(天王炸|rocket)</span>', body):
            assert ("天王炸" if lang == "zh" else "rocket") in re.sub(r"<[^>]+>", "", body.split("</div>")[-1] + body)
            assert not re.search(r"这一轮有炸弹|A bomb is played", body)
            return
    pytest.fail("the biedan sample hand pictures no rocket")
