"""The ``classify`` sweep of the derived checks reaches the sizes of the combinations houses change (airplanes with
wings, runs, full houses, four with two pairs, linked bombs), shaped and seeded where enumerating is too much, and an
engine that reads one of those bigger combinations otherwise than the house fails ``conform --variant``."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

import conformance_support  # noqa: F401 - puts fake_impls on sys.path for --impl

from datong_rules.cli.main import cli
from datong_rules.conformance.derived import (SHAPED_LIMIT, SWEEP_MAX_SIZE, SWEPT, _copies, check_house,
                                              rank_multisets, shaped_multisets, swept_multisets)
from datong_rules.conformance.house import inherit
from datong_rules.conformance.scenarios_io import load_scenarios
from datong_rules.reference_impl.cards import card_rank
from datong_rules.reference_impl.variant import open_variant

REPO = Path(__file__).resolve().parents[2]
DOUDIZHU = REPO / "docs" / "examples" / "biedan-doudizhu.yaml"


def _ranks(cards):
    return tuple(sorted(card_rank(c) for c in cards))


def _set(text):
    return tuple(sorted(text.split()))


def test_the_shaped_sets_hold_the_bigger_combinations():
    shaped = {_ranks(cards) for cards in shaped_multisets(1, 5, seed="0")}
    for wanted in ("3 3 3 3 4 4 4 4",  # four with two pairs of one rank (a fault of a public engine)
                   "3 3 3 3 4 4 5 5",  # four with two pairs
                   "3 3 3 4 4 4 5 5 5 6 6 6",  # a run of four triples, or three with wings of the next rank
                   "3 3 3 4 4 4 5 6",  # an airplane with single wings
                   "3 3 3 4 4 4 5 5 6 6",  # an airplane with pair wings
                   "3 3 3 4 4 4 5 5 5 5",  # an airplane with wings of one rank
                   "3 4 5 6 7", "10 J Q K A", "2 3 4 5 A",  # runs, the ace high or low
                   "3 3 3 4 4", "3 3 4 4 5 5",  # a full house, a pair run
                   "3 3 3 4 4 4 5 5 5 6 6 6 7 7 8 8"):  # a 16-card airplane of four triples with pair wings
        assert _set(wanted) in shaped, wanted


def test_the_sweep_goes_past_four_cards_and_stays_in_the_pack():
    for decks in (1, 2, 3):
        cards_of = _copies(decks)
        small = rank_multisets(decks)
        sets = swept_multisets(decks, "7")
        assert sets == swept_multisets(decks, "7")  # the same seed, the same sets
        sizes = Counter(len(cards) for cards in sets[len(small):])
        assert min(sizes) == max(map(len, small)) + 1 and max(sizes) == SWEEP_MAX_SIZE
        assert all(sizes[n] > 0 for n in range(5, SWEEP_MAX_SIZE + 1))
        seen = set()
        for cards in sets:
            counts = Counter(cards)
            assert all(n <= cards_of[card_rank(c)].count(c) for c, n in counts.items())
            assert _ranks(cards) not in seen
            seen.add(_ranks(cards))
        assert len(sets) - len(small) <= SHAPED_LIMIT + 13 * 13 * 12  # the sample, and every bare run
    # three decks: more shaped sets than the limit, so a seeded sample of them (another seed, another sample)
    assert swept_multisets(3, "7") != swept_multisets(3, "8")


def test_the_house_changes_are_swept_at_their_sizes():
    house = open_variant(str(DOUDIZHU))
    scenarios = load_scenarios()
    suite = check_house(inherit(house, scenarios), scenarios, count=0, seed=0)
    swept = [s for s in suite.derived if s.derived == SWEPT and s.op.endswith("classify")]
    sizes = {rule: {len(s.given["cards"]) for s in swept if rule in s.rules} for rule in suite.changed}
    assert max(sizes["combinations.catalogue"]) >= 12  # runs of triples, long straights
    assert max(sizes["combinations.attachments"]) >= 8  # four with two pairs, airplanes with wings
    assert sizes["combinations.attached_same_rank"]  # wings of one rank: 8 cards and more, none swept before
    assert min(sizes["combinations.attached_same_rank"]) >= 8


def test_an_engine_reading_bigger_combinations_otherwise_fails_the_sweep(tmp_path):
    """The planted engine reads 333444555666 also as an airplane with wings of the next rank; the house refuses
    such wings. With the steered checks off (--derived 0), the swept checks alone find it."""
    report = tmp_path / "report.json"
    result = CliRunner().invoke(cli, ["conform", "--variant", str(DOUDIZHU), "--impl", "planted:WingsOfTheNextRank",
                                      "--op", "classify", "--derived", "0", "--json", str(report)],
                                catch_exceptions=False)
    assert result.exit_code == 1, result.output
    data = json.loads(report.read_text(encoding="utf-8"))
    failed = [r for r in data["results"] if r["status"] == "failed" and r["kind"] == "derived"]
    assert failed and all(r["derived"] == SWEPT for r in failed)
    assert "FAILED (derived, swept) derived.biedan/biedan-doudizhu.combinations.catalogue.classify." in result.output
    reference = CliRunner().invoke(cli, ["conform", "--variant", str(DOUDIZHU), "--op", "classify", "--derived", "0",
                                         "-q"], catch_exceptions=False)
    assert reference.exit_code == 0 and " 0 failed" in reference.output
