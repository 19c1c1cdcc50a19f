"""The toy climbing game (tests/toy_game/) through the kit's generic parts: registry, state API with passes, a
declared wild reading and a card transfer, records and ``datong-rules verify``/``play``, the loader's game checks,
and a few scenarios (one fixture variant) through the conformance runner with the in-process reference adapter."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.conformance.runner import PASSED, run
from datong_rules.conformance.scenarios_io import load_scenarios
from datong_rules.reference_impl import bots, games, records
from datong_rules.reference_impl.variant import SpecError, default_registry

from . import GAME, SCENARIOS, SPEC, registered


@pytest.fixture(autouse=True)
def toy():
    with registered() as game:
        yield game


def test_the_toy_registers_from_the_tests_and_leaves_again():
    assert games.get("toy") is GAME and "toy" in games.ids()
    assert GAME.facet("faults") is None and GAME.facet("checks") is not None  # optional facets
    with pytest.raises(games.UnknownGame, match="unknown game 'nope' \\(known games: biedan, dadun, huolong, toy\\)"):
        games.get("nope")


def test_greedy_and_random_bots_play_a_hand_with_passes_a_declared_wild_and_a_transfer(toy):
    rules = toy.rules_for("toy/three")
    assert rules.table.players == 3 and rules.table.play_direction == "clockwise"
    seen = set()
    for seed in range(30):
        state = toy.state.new_hand(rules, random.Random(seed))
        bots.play_hand(state, bots.make_bots(toy, "greedy" if seed % 2 else "random", random.Random(seed), 3))
        assert state.is_terminal() and state.current_player() is None
        for action in state.actions:
            seen.add(action["type"])
            if action["type"] == "play" and action["cards"] == ["BJ"]:
                seen.add("declared wild")
        give = next(a for a in state.actions if a["type"] == "give")
        assert give["seat"] == state.finish[-1] and give["to"] == state.finish[0] and len(give["cards"]) == 1
        assert sum(state.settlement()["scores"]) == 0
    assert {"pass", "play", "give", "settle", "declared wild"} <= seen


def test_illegal_actions_are_refused_with_a_reason(toy):
    rules = toy.rules_for("toy/base")
    state = toy.state.new_hand(rules, random.Random(1))
    seat = state.current_player()
    with pytest.raises(ValueError, match="must_lead"):
        state.apply({"type": "pass", "seat": seat})
    with pytest.raises(ValueError, match="out_of_turn"):
        state.apply({"type": "pass", "seat": 1 - seat})
    with pytest.raises(ValueError, match="wrong_phase"):
        state.apply({"type": "give", "seat": seat, "to": 1 - seat, "cards": [sorted(state.hands[seat])[0]]})
    with pytest.raises(ValueError, match="bad_action: reading.cards: 1 cards for a play of 2"):
        state.apply({"type": "play", "seat": seat, "cards": ["S3", "H3"], "reading": {"combination": "pair",
                                                                                    "cards": ["S3"]}})
    assert state.actions == []  # nothing applied


def test_a_match_record_verifies_and_a_changed_one_is_refused(toy, tmp_path):
    rules = toy.rules_for("toy/base")
    match = toy.state.Match(rules, 7)
    match.play(bots.make_bots(toy, "random", random.Random(7), rules.players))
    record = records.match_record(match)
    assert (record["game"], record["record"], len(record["hands"])) == ("toy", "match", 3)
    assert records.verify(record).accepted
    path = tmp_path / "toy.json"
    records.dump(record, path)
    out = CliRunner().invoke(cli, ["verify", str(path)])
    assert out.exit_code == 0 and "OK (match, 3 deals)" in out.output, out.output
    plays = [i for i, a in enumerate(record["hands"][1]["actions"]) if a["type"] == "play"]
    record["hands"][1]["actions"][plays[-1]]["cards"] = ["S2"]  # not in the deck, nor in the hand
    records.dump(record, path)
    out = CliRunner().invoke(cli, ["verify", str(path)])
    assert out.exit_code == 1 and f"hands[1] action {plays[-1]}" in out.output and "not_in_hand" in out.output


def test_play_prints_a_transcript_and_writes_a_record_that_verifies(tmp_path):
    path = tmp_path / "toy.json"
    out = CliRunner().invoke(cli, ["play", str(SPEC / "toy" / "base.yaml"), "--seed", "3", "--record", str(path)])
    assert out.exit_code == 0, out.output
    assert "── hand 1" in out.output and "gives" in out.output and "Scores" in out.output
    assert out.output.splitlines()[1] == "Seats: 0 south, 1 north (play goes counter-clockwise)"  # two players sit opposite
    assert json.loads(path.read_text(encoding="utf-8"))["game"] == "toy"
    assert CliRunner().invoke(cli, ["verify", str(path)]).exit_code == 0


def test_the_loader_runs_the_toys_own_checks(tmp_path):
    text = (SPEC / "toy" / "base.yaml").read_text(encoding="utf-8").replace("value: BJ", "value: LJ")
    house = tmp_path / "bad.yaml"
    house.write_text(text.replace("id: toy/base", "id: toy/bad"), encoding="utf-8")
    with pytest.raises(SpecError) as err:
        default_registry().load_file(house)
    assert err.value.kind == "bad_value" and "the wild card LJ is not in deck.cards" in str(err.value)


class _ToyReference(ReferenceImplementation):
    """The reference adapter, told about the toy's variants (fixture variants included) until the runner loads
    fixture variants itself."""

    def supported_variants(self) -> list[str]:
        return ["toy/base", "toy/three", "toy/wild-natural"]


def test_scenarios_with_a_fixture_variant_pass_through_the_runner():
    # the scenario folders of the toy's variants (the fixture variant's file sits in toy/variants/, which the loader
    # will read itself once it loads fixture variants; the toy's rules_for finds it there meanwhile)
    suite = load_scenarios([SCENARIOS / "toy" / "base", SCENARIOS / "toy" / "wild-natural"], spec_check=False)
    assert {s.variant for s in suite} == {"toy/base", "toy/wild-natural"} and len(suite) == 7
    result = run(_ToyReference(), suite)
    assert [(r.scenario.id, r.status, r.message) for r in result.results if r.status != PASSED] == []


def test_the_adapter_takes_full_operation_names():
    impl = ReferenceImplementation()
    assert impl.answer("toy/base", "toy/readings", {"cards": ["S7", "H7"]}) == \
        impl.answer("toy/base", "readings", {"cards": ["S7", "H7"]}) == {"readings": [{"combination": "pair",
                                                                                       "rank": "7"}]}


def test_the_rulebook_follows_the_toys_outline_and_draws_its_table():
    from datong_rules.reference_impl.variant import Registry
    from datong_rules.rulebook.pages import VariantDoc, rulebook_page

    variant = Registry(SPEC).load_variant("toy/three")
    page = rulebook_page(VariantDoc.from_data(variant.id, variant.data), "en", {})
    titles = [line for line in page.splitlines() if line.startswith("## ")]
    assert [t.split("{#")[1].rstrip("}") for t in titles if t[3].isdigit()] == [
        "players", "deck", "deal", "ranking", "combinations", "wild", "transfer", "settlement", "match"]
    assert "## Card ranking" not in page and "play goes clockwise" in page and "player C" in page
