"""Fuzz that reaches every rule: switched readings tell which rules a question exercises and which reading explains a
disagreement; replay questions for the climbing games; questions steered to the suite's decision points; the
search goes on after a disagreement."""

from __future__ import annotations

from typing import Any

from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.conformance.fuzz import session
from datong_rules.conformance.fuzz.readings import Exercise, switched_readings, touched
from datong_rules.conformance.fuzz.steer import steered
from datong_rules.conformance.scenarios_io import find_variant_files, load_fixture_variants


class _Switched(ReferenceImplementation):
    """The reference engine answering biedan/biedan-guide with the fixture variant biedan/exchange-next-deal."""

    def __init__(self) -> None:
        fixture = load_fixture_variants(find_variant_files())["biedan/exchange-next-deal"]
        self.use_variants({fixture.id: fixture.data})

    def answer(self, variant: str, op: str, given: dict[str, Any]) -> dict[str, Any]:
        if variant == "biedan/biedan-guide":
            return super().answer("biedan/exchange-next-deal", op, given)
        return super().answer(variant, op, given)


def test_switched_readings_come_from_other_variants_and_fixtures():
    shown = {r.shown for r in switched_readings("biedan/biedan-guide", ["exchange.timing", "players.count"])}
    assert shown == {"exchange.timing = after_next_deal"}  # players.count: no variant sets another value


def test_a_question_exercises_a_rule_when_its_other_reading_answers_differently():
    readings = {"facts": switched_readings("biedan/biedan-guide", ["players.play_direction", "egg.secret"])}
    counter = Exercise(readings)
    reference = ReferenceImplementation().answer("biedan/biedan-guide", "facts", {})
    counter.observe("facts", {}, reference)
    assert counter.counts["players.play_direction"] == 1 and counter.counts["egg.secret"] == 1
    assert counter.never() == []
    rules, explained = touched(readings["facts"], "facts", {}, reference,
                               {**reference, "play_direction": "clockwise"})
    # an engine answering clockwise play is explained by that reading, and by no other
    assert "players.play_direction" in rules and explained == ("players.play_direction = clockwise",)


def test_the_climbing_games_fuzz_replay_and_a_switched_exchange_timing_is_found_and_explained():
    chosen = session.targets([("biedan/biedan-guide", "biedan/biedan-guide")], ["replay"])
    assert list(chosen[0].strategies) == ["replay"]
    (result,) = session.run(_Switched(), chosen, seed=1, seconds=60, max_examples=100)
    cases = result.outcome.disagreements
    assert cases and any("exchange.timing = after_next_deal" in c.explained for c in cases)
    assert result.outcome.examples == 100  # it went on after the first disagreement


def test_steered_questions_include_the_suites_own():
    strategy = steered(session.targets([("dadun/dadun-guide", "dadun/dadun-guide")], ["beats"])[0].strategies["beats"],
                       "dadun/dadun-guide", "beats")
    from hypothesis import given, settings

    from datong_rules.conformance.scenarios_io import load_scenarios

    suite = [s.given for s in load_scenarios() if s.game == "dadun" and s.op == "beats"]
    seen = []

    @settings(max_examples=200, database=None, deadline=None, derandomize=True)
    @given(strategy)
    def collect(question):
        seen.append(question)

    collect()
    assert any(q in suite for q in seen)


def test_round_questions_are_rounds_of_played_hands():
    from hypothesis import given, settings

    reference = ReferenceImplementation()
    for variant in ("biedan/biedan-guide", "dadun/dadun-guide"):
        (target,) = session.targets([(variant, variant)], ["round"])
        answers = []

        @settings(max_examples=30, database=None, deadline=None, derandomize=True)
        @given(target.strategies["round"])
        def ask(question):
            answers.append(reference.answer(variant, "round", question))  # a refused question raises: the test fails

        ask()
        assert any(a["over"] for a in answers) and any(not a["over"] for a in answers), variant


def test_a_fixture_setting_several_rules_is_one_reading_switched_together():
    # dadun/joker-bomb sets combinations.catalogue (the joker bomb) and beating.bomb_ladder_extension (its step):
    # either alone is no joker bomb, so the two are switched together
    # (other fixtures set the catalogue too, with other rules: the full house's pair, two decks, Guandan's card play)
    (reading,) = [r for r in switched_readings("dadun/dadun-guide", ["combinations.catalogue"])
                  if r.rules == ("combinations.catalogue", "beating.bomb_ladder_extension")]
    assert "joker_bomb" in reading.shown and reading.shown.startswith("combinations.catalogue = ")
    both = switched_readings("dadun/dadun-guide", ["combinations.catalogue", "beating.bomb_ladder_extension"])
    assert [r.rules for r in both if set(r.rules) == {"combinations.catalogue", "beating.bomb_ladder_extension"}] == [
        ("beating.bomb_ladder_extension", "combinations.catalogue")]  # once, not twice
    question = {"cards": ["BJ", "BJ", "LJ", "LJ"], "level": "2"}
    assert reading.ask("classify", question)["combinations"] == ["joker_bomb"]
    assert ReferenceImplementation().answer("dadun/dadun-guide", "classify", question)["combinations"] == []


def test_fuzz_plays_the_joker_bomb_reading():
    chosen = session.targets([("dadun/dadun-guide", "dadun/dadun-guide")], ["beats"])
    (result,) = session.run(ReferenceImplementation(), chosen, seed=3, seconds=60, max_examples=300)
    assert not result.outcome.disagreements
    counts = chosen[0].exercise.counts
    # the catalogue has readings of its own (the full-house fixtures): it is credited when those answer otherwise,
    # not for the joker bomb's reading switched beside the ladder's extension
    assert counts["beating.bomb_ladder_extension"] > 0, dict(counts)


def test_a_rule_with_a_reading_of_its_own_is_not_credited_for_the_rules_switched_beside_it():
    # dadun/skip-level-ace-two switches runs_skip_level with ace_two_link (and dadun/skip-level-wild-dun with
    # three_wilds_dun); each also has a reading of its own (the fixtures runs-skip-level, ace-two-linked and
    # three-wilds-dun): a run over the level at level 8 exercises runs_skip_level only
    readings = switched_readings("dadun/dadun-guide", ["combinations.ace_two_link", "combinations.runs_skip_level",
                                                       "wild.three_wilds_dun"])
    assert sorted(r.rules for r in readings) == [
        ("combinations.ace_two_link",), ("combinations.ace_two_link", "combinations.runs_skip_level"),
        ("combinations.runs_skip_level",), ("combinations.runs_skip_level", "wild.three_wilds_dun"),
        ("wild.three_wilds_dun",), ("wild.three_wilds_dun", "wild.only_wilds", "combinations.dun_also_triple")]
    counter = Exercise({"classify": readings})
    question = {"cards": ["S5", "S6", "D7", "S9", "S10"], "level": "8"}
    counter.observe("classify", question, ReferenceImplementation().answer("dadun/dadun-guide", "classify", question))
    assert dict(counter.counts) == {"combinations.runs_skip_level": 1}
