"""The harness of ``datong-rules simulate`` on the draw toy (tests/draw_toy), whose probabilities are worked by hand
in its docstring: the estimates' intervals cover the worked values, the intervals narrow as 1/√n, the results do
not depend on the workers (nor on a local Ray cluster), an interrupted run reports its finished shards, variants are
compared, and the document validates against its published schema."""

from __future__ import annotations

import gc
import json
import os
import sys

import draw_toy
import jsonschema
import pytest

from datong_rules.reference_impl.schemas import find_schema
from datong_rules.simulate import shards as shards_module
from datong_rules.simulate import simulate
from datong_rules.simulate.shards import HANDS_PER_SHARD, MATCHES_PER_SHARD, plan, play_shard, shard_seed


def _run(*entrants, unit="matches", count=1000, **options):
    return simulate(list(entrants or [draw_toy.entrant()]), unit=unit, count=count, bots=("draw",), **options)


def _measure(doc, measure_id, variant=0):
    return next(m for m in doc["results"]["variants"][variant]["measures"] if m["id"] == measure_id)


@pytest.fixture(scope="module")
def matches_run():
    return _run(count=2000, seed=7)


@pytest.mark.parametrize("measure_id, worked", [
    ("seat_won_0", draw_toy.P_SEAT0_WINS),
    ("tie", draw_toy.P_TIE),
    ("card_0", sum(draw_toy.PACK) / len(draw_toy.PACK)),
    ("match_hands", draw_toy.HANDS_PER_MATCH),
    ("match_won_0", 0.5),
])
def test_the_interval_covers_the_value_worked_by_hand(matches_run, measure_id, worked):
    measure = _measure(matches_run, measure_id)
    low, high = measure["ci95"]
    assert low <= worked <= high, (measure_id, measure["value"], measure["ci95"])
    assert low < measure["value"] < high


def test_counts_of_a_matches_run(matches_run):
    variant = matches_run["results"]["variants"][0]
    assert variant["matches"] == 2000 and variant["capped"] == 0
    assert _measure(matches_run, "match_hands")["n"] == 2000
    assert _measure(matches_run, "seat_won_0")["n"] == variant["hands"] == variant["deals"]
    # the hands of the matches are the matches' lengths added up
    assert variant["hands"] == round(_measure(matches_run, "match_hands")["value"] * 2000)


def test_rule_firings_are_counted_per_hand(matches_run):
    variant = matches_run["results"]["variants"][0]
    [fired] = variant["rules_fired"]
    tie = _measure(matches_run, "tie")
    assert fired["rule"] == "deal.pack" and fired["n"] == variant["deals"]
    assert fired["rate"] == tie["value"] and fired["ci95"] == tie["ci95"]


def test_a_hands_run_plays_whole_matches():
    doc = _run(unit="hands", count=1234, seed=1)
    variant = doc["results"]["variants"][0]
    assert doc["run"]["shards_total"] == 3  # 500 + 500 + 234
    # each shard plays matches until it has its hands, the last match to its end: a few more hands than asked, all
    # of them hands of whole matches, which are observed as matches too
    assert variant["hands"] >= 1234 and variant["capped"] == 0
    assert variant["matches"] == _measure(doc, "match_hands")["n"] > 0
    assert variant["hands"] == round(_measure(doc, "match_hands")["value"] * variant["matches"])
    assert variant["hands"] - 1234 < 3 * 20  # less than one match per shard beyond its share (matches are short)


def test_the_interval_narrows_as_one_over_root_n():
    small = _measure(_run(unit="hands", count=2000, seed=2), "seat_won_0")
    large = _measure(_run(unit="hands", count=32000, seed=2), "seat_won_0")
    width = lambda m: m["ci95"][1] - m["ci95"][0]  # noqa: E731
    # 16 times the hands: a quarter of the width; 2 · 1.96 · √(p(1-p)/n) with p = 5/12
    assert width(large) / width(small) == pytest.approx(0.25, rel=0.05)
    assert width(large) == pytest.approx(2 * 1.959964 * (5 / 12 * 7 / 12 / 32000) ** 0.5, rel=0.02)


def test_shards_are_fixed_in_size_and_seeded_by_variant_and_index():
    entrants = [draw_toy.entrant(), draw_toy.entrant((1, 2, 3, 4), label="draw/distinct")]
    shards = plan(entrants, "matches", 120, 5, ("draw",))
    # interleaved across the variants: an interrupted run has played as many shards of each
    assert [(s.variant_index, s.index, s.count) for s in shards] == [
        (0, 0, 50), (1, 0, 50), (0, 1, 50), (1, 1, 50), (0, 2, 20), (1, 2, 20)]
    assert MATCHES_PER_SHARD == 50 and HANDS_PER_SHARD == 500
    seeds = [s.seed for s in shards]
    assert len(set(seeds)) == 6 and seeds[0] == shard_seed(5, 0, 0) != shard_seed(6, 0, 0)


@pytest.mark.parametrize("collecting", [True, False])
def test_a_shard_plays_with_the_cyclic_collector_off_and_leaves_it_as_it_was(collecting, monkeypatch):
    seen = []
    shard = plan([draw_toy.entrant()], "matches", 3, 1, ("draw",))[0]
    played = shards_module._play_match

    def spy(*args):
        seen.append(gc.isenabled())
        return played(*args)
    monkeypatch.setattr(shards_module, "_play_match", spy)
    was = gc.isenabled()
    (gc.enable if collecting else gc.disable)()
    try:
        assert play_shard(shard).hands
        assert gc.isenabled() is collecting
    finally:
        (gc.enable if was else gc.disable)()
    assert seen and not any(seen)


def test_results_do_not_depend_on_the_workers():
    one = _run(count=300, seed=11, workers=1)
    two = _run(count=300, seed=11, workers=2)
    assert one["results"] == two["results"]
    assert (one["run"]["workers"], two["run"]["workers"]) == (1, 2)
    assert _run(count=300, seed=12)["results"] != one["results"]  # the seed does matter


@pytest.mark.slow
def test_a_local_ray_cluster_gives_the_same_results(monkeypatch):
    pytest.importorskip("ray")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in sys.path if p))  # the toy for Ray's workers
    local = _run(count=200, seed=4)
    on_ray = _run(count=200, seed=4, workers=2, ray="local")
    assert on_ray["results"] == local["results"]
    assert on_ray["run"]["ray"] == "local" and not on_ray["run"]["interrupted"]


@pytest.mark.slow
def test_an_interrupted_ray_run_reports_its_finished_shards(monkeypatch):
    pytest.importorskip("ray")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in sys.path if p))

    def interrupt(done, total):
        raise KeyboardInterrupt

    doc = _run(unit="hands", count=4 * HANDS_PER_SHARD, seed=3, workers=1, ray="local", progress=interrupt)
    assert doc["run"]["interrupted"] is True and doc["run"]["shards_done"] == 1
    assert HANDS_PER_SHARD <= doc["results"]["variants"][0]["hands"] < HANDS_PER_SHARD + 20


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_run_reports_its_finished_shards(workers):
    def interrupt(done, total):
        if done == 2:
            raise KeyboardInterrupt

    doc = _run(unit="hands", count=5 * HANDS_PER_SHARD, seed=3, workers=workers, progress=interrupt)
    assert doc["run"]["interrupted"] is True
    assert doc["run"]["shards_done"] == 2 and doc["run"]["shards_total"] == 5
    assert 2 * HANDS_PER_SHARD <= doc["results"]["variants"][0]["hands"] < 2 * HANDS_PER_SHARD + 2 * 20


def test_an_interrupted_comparison_stays_balanced():
    # one worker plays the shards in plan order: after 4 of them each variant has 2 (shards 0 and 1)
    def interrupt(done, total):
        if done == 4:
            raise KeyboardInterrupt

    doc = _run(draw_toy.entrant(), draw_toy.entrant((1, 2, 3, 4), label="draw/distinct"), unit="hands",
               count=5 * HANDS_PER_SHARD, seed=3, progress=interrupt)
    assert doc["run"]["shards_done"] == 4
    for variant in doc["results"]["variants"]:
        assert 2 * HANDS_PER_SHARD <= variant["hands"] < 2 * HANDS_PER_SHARD + 2 * 20


def test_variants_are_compared_with_the_first():
    # the pack 1 2 3 4 has no equal cards: the tie rate drops by 1/6, seat 0 wins half of the hands (+1/12); every
    # hand is decisive, so a match takes 2.5 hands instead of 3 (-0.5)
    doc = _run(draw_toy.entrant(), draw_toy.entrant((1, 2, 3, 4), label="draw/distinct"), unit="hands",
               count=6000, seed=8)
    [comparison] = doc["results"]["comparisons"]
    assert (comparison["variant"], comparison["against"]) == ("draw/distinct", "draw/standard")
    assert comparison["rules_differ"] == ["deal.pack"]
    by_id = {m["id"]: m for m in comparison["measures"]}
    for measure_id, worked in (("tie", -1 / 6), ("seat_won_0", 1 / 12), ("match_hands", -0.5)):
        found = by_id[measure_id]
        se = (found["ci95"][1] - found["ci95"][0]) / (2 * 1.959964)
        assert abs(found["difference"] - worked) < 4 * se, found  # within 4 standard errors of the worked value
        assert found["significant"] and found["p_value"] < 1e-6
    # the primary measure (the toy's first rate per hand: seat 0 wins) keeps its p; the others are Holm-adjusted
    assert comparison["primary"] == "seat_won_0" == doc["results"]["statistics"]["primary"]
    assert by_id["seat_won_0"]["role"] == "primary" and by_id["seat_won_0"]["p_adjusted"] == by_id["seat_won_0"][
        "p_value"]
    secondary = [m for m in comparison["measures"] if m["role"] == "secondary"] + comparison["rules_fired"]
    assert len(secondary) == 5  # tie, card_0, match_hands, match_won_0, and the rule deal.pack fired
    assert all(m["p_adjusted"] >= m["p_value"] for m in secondary)
    # the rule deal.pack fires in every tie: its difference is the tie rate's, not zero-width
    [fired] = comparison["rules_fired"]
    assert fired["rule"] == "deal.pack" and fired["difference"] == by_id["tie"]["difference"]
    assert fired["significant"]


def test_the_bots_and_what_their_figures_mean_are_said(matches_run):
    results = matches_run["results"]
    assert results["bots"] == ["draw"]
    assert "not by expert players" in results["bots_note"]["en"] and "draw" in results["bots_note"]["en"]
    assert "高手" in results["bots_note"]["zh"]


def test_the_document_validates_against_its_schema(matches_run):
    schema = json.loads(find_schema("simulate").read_text(encoding="utf-8"))
    assert matches_run["schema"] == schema["$id"]
    jsonschema.Draft202012Validator(schema).validate(json.loads(json.dumps(matches_run)))
    broken = json.loads(json.dumps(matches_run))
    del broken["results"]["variants"][0]["measures"][0]["ci95"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(schema).validate(broken)


def test_variants_of_several_games_are_refused():
    import toy_game

    other = draw_toy.entrant()
    with pytest.raises(ValueError, match="several games"):
        simulate([other, type(other)("x", "x", None, toy_game.GAME, None, {})], unit="hands", count=1)


def test_the_registry_finds_a_games_measures():
    import draw_toy.measures
    import toy_game

    from datong_rules.reference_impl import games

    assert games.measures(draw_toy.GAME) is draw_toy.measures  # an entry, registered or not
    assert games.measures("biedan").__name__ == "datong_rules.reference_impl.biedan.measures"
    with pytest.raises(games.UnknownGame):
        games.measures("no-such-game")
    with pytest.raises(LookupError, match=r"game 'toy' has no measures \(expected a module toy_game.measures\)"):
        games.measures(toy_game.GAME)


def test_matches_stopped_by_their_cap_are_counted_apart():
    # two equal cards: every hand is a tie, no seat ever wins, so each match stops at its cap of 500 hands
    matches = _run(draw_toy.entrant((1, 1), label="draw/ties"), unit="matches", count=2, seed=1)
    variant = matches["results"]["variants"][0]
    assert (variant["hands"], variant["capped"], variant["matches"]) == (1000, 2, 0)
    assert _measure(matches, "match_hands")["n"] == 0 and _measure(matches, "tie")["value"] == 1.0


def test_the_keeper_names_the_primary_measure():
    doc = _run(draw_toy.entrant(), draw_toy.entrant((1, 2, 3, 4), label="draw/distinct"), unit="matches", count=100,
               seed=2, primary="card_0")
    [comparison] = doc["results"]["comparisons"]
    roles = {m["id"]: m["role"] for m in comparison["measures"]}
    assert roles["card_0"] == "primary" and list(roles.values()).count("primary") == 1
    assert doc["results"]["statistics"]["primary"] == "card_0"
    # a run of matches is judged by the first rate per match unless told: seat 0 wins the match
    assert _run(count=50)["results"]["statistics"]["primary"] == "match_won_0"
    with pytest.raises(ValueError, match="primary measure 'nope' is not a measure of draw"):
        _run(count=1, primary="nope")


@pytest.mark.parametrize("game", ["biedan", "dadun", "huolong"])
def test_each_game_judges_comparisons_by_who_wins(game):
    from datong_rules.reference_impl import games

    module = games.measures(game)
    by_id = {m.id: m for m in module.MEASURES}
    assert set(module.PRIMARY) == {"hand", "match"}
    for per, measure_id in module.PRIMARY.items():
        assert by_id[measure_id].kind == "rate" and by_id[measure_id].per == per
