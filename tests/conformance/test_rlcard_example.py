"""RLCard's Dou Dizhu behind its adapter (conformance/examples/rlcard_doudizhu/impl.py), checked on the house file
docs/examples/biedan-doudizhu.yaml, which says it plays Dou Dizhu as RLCard's judger lists it.

What is expected, worked out from RLCard's judger (rlcard/games/doudizhu/judger.py, ``playable_cards_from_hand``):
RLCard lists no play of more than 20 cards (the largest Dou Dizhu hand): runs of triples stop at 6, airplanes with
singles at 5 triples, with pairs at 4, pair runs at 10 pairs. The house file states these caps, so RLCard agrees with
it on every question of the five operations the adapter answers, hand-worked and derived alike; the other operations
(a 憋蛋 deal, egg, exchange, rounds and settlement, which RLCard's Dou Dizhu does not play) are skipped. Without the
caps the house would call three hand-worked plays of the suite combinations that RLCard refuses: seven triples in a
run (21 cards), six triples with singles (24), five triples with pairs (25).

RLCard's whole action space (its card-type table, 27,471 plays) is also read under the house file: every
play alike now, and under the kept earlier file (two wings of a rank at most) only airplanes with three wings of a
rank part.

Needs ``rlcard`` (``pip install -e '.[compare]'``); skipped without it.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("rlcard", reason="RLCard is not installed: pip install -e '.[compare]' (rlcard==1.2.0)")

from datong_rules.conformance.adapters.reference.inputs import resolved_reference  # noqa: E402
from datong_rules.reference_impl.variant import open_variant  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
HOUSE = ROOT / "docs" / "examples" / "biedan-doudizhu.yaml"
KEPT = ROOT / "tests" / "fixtures" / "house-files" / "biedan-doudizhu.yaml"  # before the wings of three and the caps
ADAPTER = ROOT / "conformance" / "examples" / "rlcard_doudizhu" / "impl.py"
ANSWERED = {"card_order", "classify", "beats", "legal_play", "legal_play_count"}
NOT_PLAYED = {"facts", "egg", "exchange", "first_banker", "first_leader", "round", "settle"}
CAPS = ("max_length: 10, ", "max_length: 6, ", ", max_length: 5}", ", max_length: 4}")


def conform(house: Path, report: Path, *more: str) -> subprocess.CompletedProcess:
    """``datong-rules conform --variant HOUSE`` on the adapter, with a JSON report."""
    return subprocess.run([sys.executable, "-m", "datong_rules.cli.main", "conform", "--variant", str(house),
                           "--impl-cmd", f"{sys.executable} {ADAPTER}", "--json", str(report), "-q", *more],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)


def test_rlcard_agrees_with_the_house_file_on_every_question_it_answers(tmp_path):
    out = tmp_path / "report.json"
    proc = conform(HOUSE, out)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    results = json.loads(out.read_text(encoding="utf-8"))["results"]
    ops = {r["op"] for r in results if r["status"] == "passed"}
    assert ops == ANSWERED
    assert {r["op"] for r in results if r["status"] == "skipped"} == NOT_PLAYED
    assert all(r["status"] == "passed" for r in results if r["op"] in ANSWERED)
    derived = {r["op"] for r in results if r["kind"] == "derived" and r["status"] == "passed"}
    assert {"classify", "beats", "legal_play_count"} <= derived  # the changed rules are checked by derived checks


def test_without_rlcards_caps_the_house_calls_three_long_plays_combinations(tmp_path):
    text = HOUSE.read_text(encoding="utf-8")
    for cap in CAPS:
        assert text.count(cap) == 1, cap
        text = text.replace(cap, "}" if cap.endswith("}") else "")
    uncapped = tmp_path / "biedan-doudizhu-uncapped.yaml"
    uncapped.write_text(text, encoding="utf-8")
    out = tmp_path / "report.json"
    proc = conform(uncapped, out, "--no-derived", "--op", "biedan/classify")
    assert proc.returncode == 1, proc.stdout[-3000:] + proc.stderr[-2000:]
    results = json.loads(out.read_text(encoding="utf-8"))["results"]
    failed = {r["id"]: r for r in results if r["status"] != "passed"}
    assert sorted(failed) == ["biedan.attachments.classify.five-triples-with-pairs-001",
                              "biedan.attachments.classify.seven-triples-in-sequence-001",
                              "biedan.attachments.classify.six-triples-with-singles-001"]
    assert all(r["status"] == "failed" and r["actual"] == {"combination": None, "readings": []}
               for r in failed.values())


def _adapter():
    """The adapter program as a module (its classify is RLCard's card-type table, translated)."""
    spec = importlib.util.spec_from_file_location("rlcard_doudizhu_impl", ADAPTER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _action_space_differences(house: Path) -> list[tuple[str, dict]]:
    """Every play of RLCard's card-type table (its whole action space but pass) that the house file reads otherwise
    than RLCard, as ``(RLCard's letters, RLCard's reading)``; each play is spelled with suits S, H, C, D in turn."""
    impl, ask = _adapter(), resolved_reference(open_variant(str(house)))
    jokers = {"R": "BJ", "B": "LJ"}
    out = []
    for play in impl.CARD_TYPE[1]:
        seen: Counter = Counter()
        cards = []
        for letter in play:
            cards.append(jokers.get(letter) or "SHCD"[seen[letter]] + impl.LETTER_TO_KIT_RANK[letter])
            seen[letter] += 1
        rlcard = impl.classify({"cards": cards})
        if rlcard != ask("classify", {"cards": cards}):
            out.append((play, rlcard))
    return out


def test_rlcards_whole_action_space_reads_alike_under_the_house_file():
    assert _action_space_differences(HOUSE) == []


def test_before_the_wings_of_three_the_house_file_parted_from_rlcard_on_those_airplanes_only():
    """The kept earlier file allowed two attached singles of a rank at most; RLCard's solo_attachments takes three:
    every difference is an airplane with singles whose wings hold one rank three times (besides the run's ranks, one
    more rank held three times)."""
    differences = _action_space_differences(KEPT)
    assert differences
    for play, rlcard in differences:
        reading = rlcard["readings"][0]
        assert reading["combination"] == "airplane_with_singles", play
        assert sum(1 for n in Counter(play).values() if n == 3) == reading["length"] + 1, play
