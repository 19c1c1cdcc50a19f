"""An example's title agrees with its answer where the title states a number: the rulebooks print a scenario's
description as the title of a worked example, so a settlement titled "up 1 + 3 = 4 levels" must expect a gain of
4 levels, and one titled "from 3 to 10" must expect a team going from 3 to 10.

Checked: every scenario with given and expected ``levels`` (the settlements of every game). A title's level
numbers are read in both languages: gains (升两级, 升1+3级, 1 + 3 = 4 levels, advances one, gain 3) and moves
(3升到10, 7到9, from 3 to 10, 9 rises to K).
"""

from __future__ import annotations

import re

import pytest

from datong_rules.conformance.scenarios_io import load_scenarios

ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
NUMBERS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
           "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
LEVEL = r"(10|[2-9JQKA])"
GAIN_SUMS = [re.compile(r"升(\d+)\+(\d+)(?:=(\d+))?级"), re.compile(r"(\d+) \+ (\d+)(?: = (\d+))?(?: levels?)?")]
GAINS = [re.compile(r"(?<!不)升([一两二三四五六七八九十]|\d+)级"),
         re.compile(r"(?:advances?|up|rises?|gains?|gain) (one|two|three|four|five|six|ten|\d+)\b(?! \+)"),
         re.compile(r"\b(one|two|three|four|five|six|ten|\d+) levels? in all\b")]
MOVES = [re.compile(LEVEL + r"(?:升)?到" + LEVEL + r"(?![0-9])"),
         re.compile(r"\bfrom " + LEVEL + r" to " + LEVEL + r"\b"), re.compile(r"\b" + LEVEL + r" (?:rises )?to " + LEVEL + r"\b")]


def number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word]


def title_claims(title: str) -> tuple[list[int], list[tuple[str, str]]]:
    """``(gains, moves)`` a title states: level gains (sums added up) and ``(from, to)`` level moves."""
    gains, moves = [], []
    for pattern in GAIN_SUMS:
        for m in pattern.finditer(title):
            total = int(m.group(1)) + int(m.group(2))
            gains.append(total)
            if m.group(3) is not None:
                gains.append(int(m.group(3)))  # "= 4" must be the same gain
    if not gains:
        for pattern in GAINS:
            gains += [number(m.group(1)) for m in pattern.finditer(title)]
    for pattern in MOVES:
        moves += [(m.group(1), m.group(2)) for m in pattern.finditer(title)]
    return gains, moves


def team_moves(given: dict | list, expect: dict | list) -> list[tuple[str, str]]:
    pairs = zip(given.values(), expect.values()) if isinstance(given, dict) else zip(given, expect)
    return [(str(a), str(b)) for a, b in pairs]


SETTLEMENTS = [s for s in load_scenarios()
               if isinstance(s.given, dict) and isinstance(s.expect, dict)
               and isinstance(s.given.get("levels"), (dict, list)) and isinstance(s.expect.get("levels"), (dict, list))]


def test_the_title_reader_reads_both_languages():
    assert title_claims("庄家载一个王并保底：升1+3=4级") == ([4, 4], [])
    assert title_claims("载两个王保底：3升到10") == ([], [("3", "10")])
    assert title_claims("One joker held: 1 + 3 levels") == ([4], [])
    assert title_claims("Losers under 35: winners up two") == ([2], [])
    assert title_claims("J does not stop jumps here: 9 rises to K") == ([], [("9", "K")])
    assert title_claims("Attackers load a joker, dig and make their points: three levels in all") == ([3], [])
    assert title_claims("13+24: the first side is full and wins") == ([], [])  # a finish pattern, not a gain
    assert len(SETTLEMENTS) >= 100


@pytest.mark.parametrize("scenario", SETTLEMENTS, ids=[s.id for s in SETTLEMENTS])
def test_a_settlement_title_agrees_with_its_answer(scenario):
    moved = team_moves(scenario.given["levels"], scenario.expect["levels"])
    gains_seen = {ORDER.index(b) - ORDER.index(a) for a, b in moved if a in ORDER and b in ORDER}
    for lang in ("zh", "en"):
        title = (scenario.description or {}).get(lang, "")
        gains, moves = title_claims(title)
        for gain in gains:
            assert gain in gains_seen, f"{lang} title {title!r}: no team gains {gain} ({moved})"
        for move in moves:
            assert move in moved, f"{lang} title {title!r}: no team goes {move[0]} -> {move[1]} ({moved})"


COUNTS = {  # operation → (the answer's field, patterns of a number the title gives for it)
    "legal_play_count": ("plays", [re.compile(r"(\d+)种"), re.compile(r"\b(\d+) (?:legal )?plays?\b")]),  # the pass apart
    "round_points": ("points", [re.compile(r"共(\d+)分"), re.compile(r": (\d+)$")]),
}
COUNTED = [s for s in load_scenarios() if s.op in COUNTS and isinstance(s.expect, dict)]


@pytest.mark.parametrize("scenario", COUNTED, ids=[s.id for s in COUNTED])
def test_a_counting_title_agrees_with_its_answer(scenario):
    field, patterns = COUNTS[scenario.op]
    for lang in ("zh", "en"):
        title = (scenario.description or {}).get(lang, "")
        for pattern in patterns:
            for m in pattern.finditer(title):
                answer = scenario.expect.get(field, scenario.expect.get("count"))  # Huolong's count has no pass
                assert int(m.group(1)) == answer, f"{lang} title {title!r}: {scenario.expect}"


def test_counting_titles_are_checked():
    stated = [s for s in COUNTED for p in COUNTS[s.op][1] if p.search(s.description.get("en", "") + " " + s.description.get("zh", ""))]
    assert len(stated) >= 50
