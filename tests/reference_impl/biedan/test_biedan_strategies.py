"""The 憋蛋 Biedan question generators reach the largest combinations a catalogue allows: for the Dou Dizhu-style
house file as it was kept before it stated RLCard's caps (tests/fixtures/house-files/biedan-doudizhu.yaml: airplanes of
any length), airplanes with wings as long as the pack allows in ``classify``, and the 12- to 16-card ones a hand of
18 holds as contested tables and plays (``beats``, ``legal_play_count``); for today's house file
(docs/examples/biedan-doudizhu.yaml), airplanes up to its caps and no longer.

The expected shapes are worked out by hand from the house's catalogue, not read from the generators: its runs go
3 … A (12 ranks; ``ranking.sequence_order`` of biedan-guide), one deck, ``deal.hand_size`` 18; attached singles may
hold two of a rank but never three, nor both jokers; attached pairs are of different ranks (the count rules of
``combinations.attachments``).

* Airplane with singles of k triples: the k singles come from the ranks outside the run: 12 − k ranks of the run's
  order and the 2, two cards of each at most, and one joker: 2(13 − k) + 1 ≥ k, so k ≤ 9 (36 cards).
* Airplane with pairs of k triples: k pairs of different ranks outside the run (no joker pair): 13 − k ≥ k, so
  k ≤ 6 (30 cards).
* In a hand of 18: with singles 4k ≤ 18, k ≤ 4 (16 cards: k = 3 is 12 cards); with pairs 5k ≤ 18, k ≤ 3 (15 cards).
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings

from datong_rules.conformance.adapters.reference.inputs import input_strategies, resolved_reference
from datong_rules.reference_impl.variant import open_variant

REPO = Path(__file__).resolve().parents[3]
HOUSE = REPO / "tests" / "fixtures" / "house-files" / "biedan-doudizhu.yaml"
CAPPED = REPO / "docs" / "examples" / "biedan-doudizhu.yaml"
SINGLES, PAIRS = "airplane_with_singles", "airplane_with_pairs"


def _asked(op: str, count: int, path: Path = HOUSE) -> list[tuple[dict, dict]]:
    """``count`` generated questions of ``op`` for the house file at ``path``, each with the reference's answer."""
    house = open_variant(str(path))
    ask = resolved_reference(house)
    seen: list[tuple[dict, dict]] = []

    @settings(max_examples=count, database=None, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(input_strategies(house)[op])
    def collect(question):
        seen.append((question, ask(op, question)))

    collect()
    return seen


def _shape(cards: list[str]) -> tuple[str | None, int]:
    """(combination, main length) of cards by the house's rules."""
    answer = resolved_reference(open_variant(str(HOUSE)))("classify", {"cards": cards})
    readings = answer["readings"]
    return answer["combination"], readings[0]["length"] if readings else 0


def test_classify_reaches_the_longest_airplanes_with_wings():
    shapes = {(a["combination"], a["readings"][0]["length"]) for _, a in _asked("classify", 2000) if a["readings"]}
    assert {(SINGLES, k) for k in range(2, 10)} <= shapes  # up to 9 triples and 9 singles: 36 cards
    assert {(PAIRS, k) for k in range(2, 7)} <= shapes  # up to 6 triples and 6 pairs: 30 cards
    assert (SINGLES, 10) not in shapes and (PAIRS, 7) not in shapes  # no more (see the module docstring)


def test_classify_stops_at_the_house_files_caps():
    """docs/examples/biedan-doudizhu.yaml: airplanes with singles of 5 triples at most, with pairs of 4 (RLCard's)."""
    shapes = {(a["combination"], a["readings"][0]["length"]) for _, a in _asked("classify", 2000, CAPPED)
              if a["readings"]}
    assert {(SINGLES, k) for k in range(2, 6)} | {(PAIRS, k) for k in range(2, 5)} <= shapes
    assert not {(SINGLES, k) for k in range(6, 10)} & shapes and not {(PAIRS, k) for k in range(5, 7)} & shapes


def test_beats_contests_airplanes_of_12_to_16_cards():
    contested = set()
    for question, _ in _asked("beats", 2000):
        table, play = _shape(question["table"]), _shape(question["play"])
        if table == play and table[0] in (SINGLES, PAIRS):
            contested.add((table[0], len(question["table"])))
    assert {(SINGLES, 12), (SINGLES, 16), (PAIRS, 15)} <= contested, contested


def test_play_questions_hold_the_longest_airplanes_a_hand_of_18_holds():
    tables, plays = set(), set()
    for question, answer in _asked("legal_play_count", 1500):
        if question["table"] and answer["count"] > 0:  # a table the hand can beat
            tables.add(_shape(question["table"]))
    for question, _ in _asked("legal_play", 1500):
        if isinstance(question["play"], list) and question["play"]:
            plays.add(_shape(question["play"]))
    assert {(SINGLES, 3), (SINGLES, 4), (PAIRS, 3)} <= tables, tables  # 12, 16 and 15 cards
    assert {(SINGLES, 3), (SINGLES, 4)} <= plays, plays
    assert all(k <= 4 for c, k in plays if c == SINGLES) and all(k <= 3 for c, k in plays if c == PAIRS)
