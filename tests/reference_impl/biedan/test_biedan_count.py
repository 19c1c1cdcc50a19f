"""Listing, counting and brute force agree (perft-like): for random small hands and tables, under every value of the
rules that shape plays, the legal plays the engine lists (:func:`legal_plays`, the state's ``legal_actions``) are
exactly the card sets among all subsets of the hand that ``legal_play`` accepts, each once, and ``legal_play_count``
counts them."""

from __future__ import annotations

import itertools
import random

import pytest
from biedan_helpers import with_options

from datong_rules.reference_impl.biedan.combinations import readings, table_for
from datong_rules.reference_impl.biedan.ops import OPS, legal_plays
from datong_rules.reference_impl.biedan.state import play_reason
from datong_rules.conformance.scenarios_io import find_variant_files, load_fixture_variants
from datong_rules.reference_impl.cards import ALL_CARDS
from datong_rules.reference_impl.variant import load_variant

FIXTURES = load_fixture_variants(find_variant_files())
FIXTURE = FIXTURES["biedan/attachments"]
"""The suite's fixture variant with every attached play of Dou Dizhu (and the run of triples)."""
RUN_BOMBS = FIXTURES["biedan/pair-run-bombs"]
"""The fixture where the pair run is a bomb (a bomb of a sequence shape, of any length)."""

GUIDE = load_variant("biedan/biedan-guide")
LUCKY = {"name": "lucky_threes", "shape": "fixed_set", "cards": ["S3", "H3"], "tier": "top"}
"""A house's top-tier set of two 3s (also a pair): first or last in the catalogue decides which reading plays."""

EITHER_END = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]

VARIANTS = {
    "guide": {},
    "attachments": {"combinations__catalogue": FIXTURE.rule("combinations.catalogue"),
                    "combinations__attachments": FIXTURE.rule("combinations.attachments")},
    "attachments-one-of-a-rank": {"combinations__catalogue": FIXTURE.rule("combinations.catalogue"),
                                  "combinations__attachments": FIXTURE.rule("combinations.attachments"),
                                  "combinations__attached_same_rank": 1},
    "attachments-three-of-a-rank": {"combinations__catalogue": FIXTURE.rule("combinations.catalogue"),
                                    "combinations__attachments": FIXTURE.rule("combinations.attachments"),
                                    "combinations__attached_same_rank": 3},
    "attachments-beside-body": {"combinations__catalogue": FIXTURE.rule("combinations.catalogue"),
                                "combinations__attachments": FIXTURE.rule("combinations.attachments"),
                                "combinations__attached_same_rank": "3_beside_body"},
    "attachments-must-beat": {"combinations__catalogue": FIXTURE.rule("combinations.catalogue"),
                              "combinations__attachments": FIXTURE.rule("combinations.attachments"),
                              "play__pass": "only_when_unable"},
    "ace-either-end": {"ranking__sequence_order": EITHER_END},
    "bombs-same-type": {"beating__bombs_beat_ordinary": False},
    "flush-same-ranks": {"combinations__flush_reach": "same_ranks"},
    "pair-run-bombs": {"combinations__catalogue": RUN_BOMBS.rule("combinations.catalogue")},
    # house catalogues whose entries overlap: a set two entries read is one play, of its first reading
    "lucky-threes-first": {"combinations__catalogue": [LUCKY] + GUIDE.rule("combinations.catalogue")},
    "lucky-threes-last": {"combinations__catalogue": GUIDE.rule("combinations.catalogue") + [LUCKY]},
    "twin-bombs-last": {"combinations__catalogue": GUIDE.rule("combinations.catalogue") + [
        {"name": "twin", "shape": "same_rank", "size": 2, "tier": "bomb"}]},
}
"""Rule values that change which card sets are plays or which beat (the others change no listing)."""

# a deck's cards with many of a few ranks, so that hands hold pairs, triples, bombs and runs
RICH = [c for c in ALL_CARDS if c[1:] in ("A", "2", "3", "4", "5", "K", "Q") or c in ("BJ", "LJ")]


def _brute(t, hand: list[str], table: list[str] | None) -> set[frozenset[str]]:
    reading = readings(t, table)[0] if table else None
    return {frozenset(cards) for n in range(1, len(hand) + 1) for cards in itertools.combinations(hand, n)
            if play_reason(t, hand, reading, list(cards)) is None}


def _cases(t, seed: int, count: int):
    rng = random.Random(seed)
    for _ in range(count):
        cards = rng.sample(RICH, 16)
        hand, rest = cards[:11], cards[11:]
        table = None
        if rng.random() < 0.7:
            for size in rng.sample((1, 2, 3, 4, 5), 5):
                found = [list(c) for c in itertools.combinations(rest, size) if readings(t, list(c))]
                if found:
                    table = rng.choice(found)
                    break
        yield hand, table


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_listing_counting_and_brute_force_agree(name):
    rules = with_options(**VARIANTS[name])
    t = table_for(rules)
    checked, kinds = 0, set()
    for hand, table in _cases(t, sum(map(ord, name)), 25):
        listed = legal_plays(rules, hand, readings(t, table)[0] if table else None)
        as_sets = [frozenset(cards) for cards in listed]
        assert len(as_sets) == len(set(as_sets)), "a play listed twice"
        assert set(as_sets) == _brute(t, hand, table), (hand, table)
        counted = OPS["legal_play_count"](rules, {"hand": hand, "table": table})
        assert counted["plays"] == len(as_sets)
        assert counted["pass"] == (table is not None and not (rules.must_beat and as_sets))
        kinds |= {readings(t, cards)[0].combination for cards in listed}
        checked += 1
    assert checked == 25
    assert not rules.attachments or {"triple_with_single", "triple_with_pair"} <= kinds, kinds


def test_either_end_lists_low_and_high_runs_and_never_round_the_corner():
    rules = with_options(ranking__sequence_order=EITHER_END)
    t = table_for(rules)
    hand = ["SA", "H2", "D3", "SQ", "HK"]
    runs = {frozenset(p) for p in legal_plays(rules, hand, None) if len(p) >= 3}
    assert runs == {frozenset(["SA", "H2", "D3"]), frozenset(["SQ", "HK", "SA"])}  # no K-A-2, no Q-K-A-2-3
    assert runs == {s for s in _brute(t, hand, None) if len(s) >= 3}


@pytest.mark.parametrize("table", [None, ["S5", "H5", "C5", "D9"], ["S10", "H10", "CJ", "DJ", "SJ", "CQ", "DQ", "SQ",
                                                                    "HA", "DA"]])
def test_every_attached_kind_is_listed_as_brute_force_finds_it(table):
    rules = with_options(**VARIANTS["attachments"])
    t = table_for(rules)
    hand = ["S3", "H3", "C3", "S4", "H4", "C4", "SK", "HK", "CK", "DK", "S7", "H7", "BJ"]
    reading = readings(t, table)[0] if table else None
    listed = legal_plays(rules, hand, reading)
    assert len({frozenset(p) for p in listed}) == len(listed)
    assert {frozenset(p) for p in listed} == _brute(t, hand, table)
    kinds = {readings(t, cards)[0].combination for cards in listed}
    if table is None:
        assert {att.name for att in rules.attachments} <= kinds
    else:  # on a triple with one: higher triples with one (the Ks) and the bomb; on an airplane J-Q with two pairs: the bomb
        assert kinds == ({"triple_with_single", "bomb"} if len(table) == 4 else {"bomb"})


@pytest.mark.parametrize("hand, table, beating", [
    (["S7", "S8", "C7", "D8", "SK"], ["S3", "H3", "C3", "D3"], {("S7", "C7", "S8", "D8")}),  # 7788 over 3333
    (["S4", "C4", "S5", "C5", "S6", "C6"], ["S7", "H7", "S8", "H8"], {("S4", "C4", "S5", "C5", "S6", "C6")}),
])
def test_run_bombs_over_a_bomb_are_listed_and_counted(hand, table, beating):
    # the pair run is a bomb: over a bomb it beats with more cards, or as many and a higher top
    rules = with_options(**VARIANTS["pair-run-bombs"])
    t = table_for(rules)
    listed = {frozenset(cards) for cards in legal_plays(rules, hand, readings(t, table)[0])}
    assert listed == {frozenset(b) for b in beating} == _brute(t, hand, table)
    assert OPS["legal_play_count"](rules, {"hand": hand, "table": table})["plays"] == len(beating)


WINGS_HAND = ["S3", "H3", "C3", "S4", "H4", "C4", "S5", "H5", "C5", "S6", "H6", "C6", "S9", "H9", "C9"]
"""Four triples in sequence (3 to 6) and three 9s: airplanes whose wings may hold two or three cards of one rank."""


@pytest.mark.parametrize("same_rank", [1, 2, 3])
def test_attached_same_rank_lists_counts_and_brute_forces_alike(same_rank):
    """combinations.attached_same_rank, worked by hand: three 3s, 4s and 5s with the three 9s are an airplane with
    three singles of one rank under the value 3 only; with the three 6s they never are (the 6s lie next to the 5s:
    the twelve cards are a run of four triples, 3 to 6); with two 9s the airplane 3-4 takes a wing pair as two singles
    under 2 and 3; with a 9 and a 6 under every value."""
    rules = with_options(**VARIANTS["attachments"], combinations__attached_same_rank=same_rank)
    t = table_for(rules)
    listed = {frozenset(cards) for cards in legal_plays(rules, WINGS_HAND, None)}
    assert listed == _brute(t, WINGS_HAND, None)
    assert OPS["legal_play_count"](rules, {"hand": WINGS_HAND, "table": None})["plays"] == len(listed)

    def kind(cards: str) -> str | None:
        found = readings(t, cards.split())
        assert (frozenset(cards.split()) in listed) == bool(found), cards
        return found[0].combination if found else None

    assert kind("S3 H3 C3 S4 H4 C4 S5 H5 C5 S9 H9 C9") == ("airplane_with_singles" if same_rank == 3 else None)
    assert kind("S4 H4 C4 S5 H5 C5 S6 H6 C6 S9 H9 C9") == ("airplane_with_singles" if same_rank == 3 else None)
    assert kind("S3 H3 C3 S4 H4 C4 S5 H5 C5 S6 H6 C6") == "triple_run"
    assert kind("S3 H3 C3 S4 H4 C4 S9 H9") == (None if same_rank == 1 else "airplane_with_singles")
    assert kind("S3 H3 C3 S4 H4 C4 S9 S6") == "airplane_with_singles"


def test_the_fuzz_generators_reach_three_wings_of_a_rank():
    """``datong-rules fuzz`` on biedan/doudizhu-judger (combinations.attached_same_rank: 3) asks classify and
    legal_play questions whose answer the value 2 changes: airplanes whose wings hold three cards of a rank."""
    from hypothesis import HealthCheck, given, settings

    from datong_rules.reference_impl.biedan.strategies import strategies

    fixture = FIXTURES["biedan/doudizhu-judger"]
    combinations = {f"combinations__{r}": fixture.rule(f"combinations.{r}") for r in ("catalogue", "attachments", "flush")}
    three = with_options(**combinations, combinations__attached_same_rank=3)
    two = with_options(**combinations, combinations__attached_same_rank=2)
    differ = []

    @settings(max_examples=400, database=None, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(strategies(three)["classify"])
    def ask(question):
        answers = [OPS["classify"](rules, question)["combination"] for rules in (three, two)]
        if answers[0] != answers[1]:
            differ.append((question["cards"], answers))

    ask()
    assert differ and all(a == ["airplane_with_singles", None] for _, a in differ), differ[:3]


FOUR_TRIPLES = ["S6", "H6", "C6", "S7", "H7", "C7", "S8", "H8", "C8", "S9", "H9", "C9", "D9", "SK", "SA"]
"""Three each of 6, 7 and 8, four 9s, a K and an A: airplanes whose three wings of a rank lie beside the body."""


@pytest.mark.parametrize("same_rank", [3, "3_beside_body"])
@pytest.mark.parametrize("table", [None, "S3 H3 C3 S4 H4 C4 S5 H5 C5 D10 DJ DQ", "S3 H3 C3 S4 H4 C4 D5 D10",
                                   "S10 H10 C10 SJ HJ CJ SQ HQ CQ DK HK D2"])
def test_wings_beside_the_body_list_count_and_brute_force_alike(same_rank, table):
    """combinations.attached_same_rank 3 and 3_beside_body on the Dou Dizhu fixture's combinations: the plays
    listed are the card sets legal_play accepts, each once (a set that reads several ways too), and legal_play_count
    counts them; leading, on an airplane with singles of three triples (top 5, then top Q) and of two."""
    fixture = FIXTURES["biedan/doudizhu-judger"]
    rules = with_options(**{f"combinations__{r}": fixture.rule(f"combinations.{r}") for r in ("catalogue", "attachments",
                                                                                          "flush")},
                         combinations__attached_same_rank=same_rank)
    t = table_for(rules)
    table = table.split() if table else None
    listed = [frozenset(cards) for cards in legal_plays(rules, FOUR_TRIPLES, readings(t, table)[0] if table else None)]
    assert len(listed) == len(set(listed)), "a play listed twice"
    assert set(listed) == _brute(t, FOUR_TRIPLES, table)
    assert OPS["legal_play_count"](rules, {"hand": FOUR_TRIPLES, "table": table})["plays"] == len(listed)


def test_wings_beside_the_body_worked_by_hand():
    """On 3-4-5 triples with a 10, J and Q, the hand 6-7-8-9 triples with the D9, K and A plays, as airplanes with
    singles of three triples: 6-7-8 with three of the 9s, K and A (C(6,3) = 20 sets), 7-8-9 with three of the 6s,
    K and A (the 9s three of four: 4 × C(5,3) = 40); the sets holding 6, 7, 8 three times and three 9s are in both
    lists (4): 56 plays, plus the bomb of four 9s: 57. Under the value 3 the three 9s never go with 6-7-8 (20 - 4) nor
    the three 6s with 7-8-9 (40 - 4): 52 plays, 53 with the bomb."""
    fixture = FIXTURES["biedan/doudizhu-judger"]
    combinations = {f"combinations__{r}": fixture.rule(f"combinations.{r}") for r in ("catalogue", "attachments",
                                                                                   "flush")}
    table = "S3 H3 C3 S4 H4 C4 S5 H5 C5 D10 DJ DQ".split()
    for value, plays in ((3, 53), ("3_beside_body", 57)):
        rules = with_options(**combinations, combinations__attached_same_rank=value)
        assert OPS["legal_play_count"](rules, {"hand": FOUR_TRIPLES, "table": table})["plays"] == plays, value
