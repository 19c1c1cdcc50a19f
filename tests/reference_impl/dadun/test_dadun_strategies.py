"""The 打墩 Dadun question generators reach the house rules of play: runs and links over the level rank, level cards
above A on every lead, the joker bomb (generated questions that a switched reading answers differently)."""

from __future__ import annotations

from hypothesis import given, settings

from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.conformance.fuzz.readings import Exercise, switched_readings
from datong_rules.conformance.scenarios_io import find_variant_files, load_fixture_variants
from datong_rules.reference_impl.dadun.ops import OPS
from datong_rules.reference_impl.dadun.rules import rules_for, rules_from_variant
from datong_rules.reference_impl.dadun.strategies import strategies

V = "dadun/dadun-guide"


def _questions(rules, op: str, count: int, derandomize: bool = True) -> list[dict]:
    seen: list[dict] = []

    @settings(max_examples=count, database=None, deadline=None, derandomize=derandomize)
    @given(strategies(rules)[op])
    def collect(question):
        seen.append(question)

    collect()
    return seen


def test_questions_exercise_runs_over_the_level_and_level_cards_on_every_lead():
    reference = ReferenceImplementation()
    house_rules = ("combinations.runs_skip_level", "ranking.lead_means")
    for op in ("classify", "beats"):
        counter = Exercise({op: switched_readings(V, house_rules)})
        for question in _questions(rules_for(V), op, 300):
            counter.observe(op, question, reference.answer(V, op, question))
        wanted = ("combinations.runs_skip_level",) if op == "classify" else house_rules
        assert all(counter.counts[rule] > 0 for rule in wanted), (op, dict(counter.counts))


def test_questions_reach_the_joker_bomb():
    fixture = load_fixture_variants(find_variant_files())["dadun/joker-bomb"]
    rules = rules_from_variant(fixture)
    read = [OPS["classify"](rules, q)["combinations"] for q in _questions(rules, "classify", 300)]
    assert any("joker_bomb" in names for names in read)


def test_questions_reach_the_ace_two_link_under_either_reading():
    # the generators alone (not the suite's questions fuzz mixes in): classify questions whose answer changes when
    # combinations.ace_two_link is switched (AAA222 is a linked dun under every_linked_shape only)
    fixture = load_fixture_variants(find_variant_files())["dadun/ace-two-linked"]
    for variant, rules in ((V, rules_for(V)), (fixture, rules_from_variant(fixture))):
        counter = Exercise({"classify": switched_readings(variant, ("combinations.ace_two_link",))})
        for question in _questions(rules, "classify", 300):
            counter.observe("classify", question, OPS["classify"](rules, question))
        assert "combinations.ace_two_link" in counter.measurable
        assert counter.counts["combinations.ace_two_link"] >= 3, getattr(variant, "id", variant)


def test_questions_reach_the_largest_combinations_of_the_catalogue():
    """By hand from dadun-guide's catalogue and pack: three decks, so 12 natural cards of a rank, and three wild
    cards (the level rank in hearts). The largest bomb is every natural card of a rank and the three wilds (15); the
    largest linked bomb two bombs of 13 on linked ranks (12 + 12 naturals and two wilds: 26 cards); the pair run
    and the triple run (steel plate) have exactly three ranks (6 and 9 cards)."""
    reference = ReferenceImplementation()
    shapes = set()
    for question in _questions(rules_for(V), "classify", 2500):
        for reading in reference.answer(V, "classify", question)["readings"]:
            shapes.add((reading["combination"], reading["size"]))
    assert {("bomb", n) for n in range(4, 16)} <= shapes, sorted(shapes)
    assert {("linked_bomb", 2 * n) for n in range(4, 14)} <= shapes, sorted(shapes)
    assert {("pair_run", 6), ("triple_run", 9)} <= shapes
    assert not {s for s in shapes if s[0] == "bomb" and s[1] > 15 or s[0] == "linked_bomb" and s[1] > 26}
    tables = {(q["table"]["reading"]["combination"], len(q["table"]["cards"]))
              for q in _questions(rules_for(V), "beats", 1500)}
    assert {("triple_run", 9), ("linked_bomb", 26), ("bomb", 15)} & tables and any(
        c == "linked_bomb" and n >= 14 for c, n in tables), sorted(tables)  # the ladder's extension is contested


def test_questions_reach_guandans_full_house():
    """On the fixture dadun/full-house-guandan the classify questions hold full houses whose pair is far from the
    triple and full houses whose pair is two jokers: the guide reads neither, dadun/full-house-any-pair the first."""
    fixtures = load_fixture_variants(find_variant_files())
    guandan, any_pair = (rules_from_variant(fixtures[f"dadun/full-house-{n}"]) for n in ("guandan", "any-pair"))
    guide = rules_for(V)
    far = jokers = 0
    for question in _questions(guandan, "classify", 400):
        answers = [OPS["classify"](r, question)["combinations"] for r in (guandan, any_pair, guide)]
        if "full_house" in answers[0] and "full_house" not in answers[2]:
            if "full_house" in answers[1]:
                far += 1
            elif any(c in ("BJ", "LJ") for c in question["cards"]):
                jokers += 1
    assert far and jokers, (far, jokers)
