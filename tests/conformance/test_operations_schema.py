"""spec/schema/games/huolong/operations.schema.json (and the shared types of spec/schema/operations.schema.json): valid, complete against the operations doc, agreeing with the bundled
scenarios and the reference engine, strict enough to refuse wrong shapes; and used by the runner (answers) and the
scenario loader (given and expect)."""

from __future__ import annotations

import copy
import json
import random
import re
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from datong_rules.conformance import operations_schema as ops
from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.cli.main import cli
from datong_rules.conformance.reports.console import render_console
from datong_rules.conformance.runner import FAILED, PASSED, answer_schema_problem, run, run_one
from datong_rules.conformance.scenarios_io import Scenario, ScenarioError, load_scenario_file, load_scenarios
from datong_rules.reference_impl import records
from datong_rules.reference_impl.huolong.bots import make_bots
from datong_rules.reference_impl.huolong.match import Match
from datong_rules.reference_impl.huolong.rules import rules_for

import conformance_support  # noqa: F401 - puts fake_impls on sys.path for --impl

ROOT = Path(__file__).resolve().parents[2]
DOCS = {lang: (ROOT / "docs" / "implementers" / name).read_text(encoding="utf-8")
        for lang, name in (("zh", "operations.md"), ("en", "operations.en.md"))}
"""The Huolong operations guide, its 中文 page and its English twin: both name the same operations and codes."""
BURY_CODES = {"zh": ("取第一个成立的：", "手里凑不出"), "en": ("first that applies:", "When the hand")}
"""Where each language's ``bury`` section lists its reason codes (between these two phrases)."""
RECORD_SCHEMA = json.loads((ROOT / "spec" / "schema" / "games" / "huolong" / "record.schema.json").read_text(encoding="utf-8"))
DEFS = ops.schema("huolong")["$defs"]
COMMON = ops.common_schema()["$defs"]


@pytest.fixture(scope="module")
def suite() -> list[Scenario]:
    return [s for s in load_scenarios() if s.fixture is None]  # fixture variants: see test_fixture_variants


@pytest.fixture(scope="module")
def engine() -> ReferenceImplementation:
    return ReferenceImplementation()


def violations(op: str, part: str, instance) -> list[str]:
    return [f"{e.json_path}: {e.message}" for e in ops.validator(op, part).iter_errors(instance)]


# -- the schema itself --------------------------------------------------------------------------------------------
def test_schema_is_a_valid_2020_12_schema():
    for doc in (ops.schema("huolong"), ops.common_schema()):
        Draft202012Validator.check_schema(doc)
        assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_operations_are_named_per_game():
    assert ops.games() == ("huolong",) or "huolong" in ops.games()
    assert "huolong/classify" in ops.operations() and "classify" in ops.operations("huolong")
    assert ops.operations("nogame") == [] and ops.schema("nogame") is None
    assert ops.validator("huolong/facts", ops.GIVEN) is ops.validator("facts", ops.GIVEN, "huolong")
    assert ops.validator("facts", ops.GIVEN, "nogame") is None


@pytest.mark.parametrize("lang", DOCS)
def test_every_operation_of_the_doc_has_a_schema_and_vice_versa(engine, lang):
    documented = re.findall(r"^## `(\w+)`$", DOCS[lang], flags=re.M)
    assert len(documented) == 12
    assert sorted(documented) == ops.operations("huolong")
    assert set(engine.supported_operations()) == set(ops.operations())  # every game's, by full name
    halves = {name.rsplit(".", 1)[0] for name in DEFS if name.endswith((".given", ".answer"))}
    assert halves == set(ops.operations("huolong"))  # no lone given or answer


def test_shared_types_are_those_of_the_record_schema():
    for name in ("card", "seat", "rank", "suit"):
        ours = {k: v for k, v in (DEFS.get(name) or COMMON[name]).items() if k != "description"}
        theirs = {k: v for k, v in RECORD_SCHEMA["$defs"][name].items() if k != "description"}
        assert ours == theirs, name


def _section(op: str, lang: str = "en") -> str:
    return DOCS[lang].split(f"## `{op}`\n", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("lang", DOCS)
def test_reason_codes_are_those_of_the_doc_and_the_record_schema(lang):
    play = re.findall(r"^\| `([a-z_]+)` \|", _section("legal_play", lang), flags=re.M)
    assert DEFS["playReason"]["enum"] == play
    start, end = BURY_CODES[lang]
    bury_text = _section("bury", lang).split(start, 1)[1].split(end, 1)[0]
    assert DEFS["buryReason"]["enum"] == re.findall(r"`([a-z_]+)`", re.sub(r"[(（][^)）]*[)）]", "", bury_text))
    described = RECORD_SCHEMA["description"].split("Reason codes:", 1)[1]
    groups = re.findall(r"`([a-z_]+(?:, [a-z_]+)*)`:", described)
    record_codes = {code for group in groups for code in group.split(", ")}
    ours = set(DEFS["playReason"]["enum"]) | set(DEFS["buryReason"]["enum"]) | set(DEFS["recordReason"]["enum"])
    assert ours == record_codes
    assert {ref["$ref"] for ref in DEFS["replayReason"]["anyOf"]} == {
        "#/$defs/playReason", "#/$defs/buryReason", "#/$defs/recordReason"}


def test_validator_of_an_unknown_operation_or_part():
    assert ops.validator("echo", ops.ANSWER) is None
    with pytest.raises(ValueError, match="part must be"):
        ops.validator("facts", "question")


# -- agreement with the bundled scenarios and the reference engine -------------------------------------------------
def test_every_bundled_scenario_has_an_operation_of_the_schema(suite):
    assert len(suite) >= 400
    assert {s.full_op for s in suite} <= set(ops.operations())


def test_every_given_matches_its_operation(suite):
    bad = [f"{s.id}: {v}" for s in suite if not s.bad_input  # a refusal's given is bad on purpose
           for v in violations(s.full_op, ops.GIVEN, s.given)]
    assert not bad, "\n".join(bad[:20])


def test_every_expect_is_made_of_answer_keys(suite):
    bad = [f"{s.id}: {v}" for s in suite for v in violations(s.full_op, ops.EXPECT, s.expect)]
    assert not bad, "\n".join(bad[:20])


def test_every_reference_answer_matches_the_full_answer_schema(suite, engine):
    bad = []
    for s in suite:
        if s.bad_input:  # refused, not answered (test_bad_input_refusals.py)
            continue
        answer = engine.answer(s.variant, s.op, copy.deepcopy(s.given))
        bad += [f"{s.id}: {v}" for v in violations(s.full_op, ops.ANSWER, answer)]
    assert not bad, "\n".join(bad[:20])


def _records(variant: str) -> list[dict]:
    """Records (played by seeded random bots) that get each kind of verdict: accepted (a match, a hand), a record
    that stops early, a play out of turn in a match, a wrong setup (index null)."""
    match = Match(rules_for(variant), 3)
    match.play(make_bots("random", random.Random(3)), hands=2)
    whole = json.loads(json.dumps(records.match_record(match)))
    first = whole["hands"][0]
    short = {**first, "actions": first["actions"][:-5]}
    turn = copy.deepcopy(whole)
    turn["hands"][0]["actions"][-3]["seat"] = (turn["hands"][0]["actions"][-3]["seat"] + 1) % 4
    setup = copy.deepcopy(whole)
    setup["hands"][1]["hand_number"] = 7
    return [whole, first, short, turn, setup]


def test_replay_records_and_answers_match(engine):
    variant = "huolong/li-zhijiang"
    kinds = set()
    for record in _records(variant):
        assert not violations("replay", ops.GIVEN, {"record": record})
        answer = engine.answer(variant, "replay", {"record": record})
        assert not violations("replay", ops.ANSWER, answer), answer
        kinds.add((answer["accepted"], answer.get("reason"), "hand" in answer, answer.get("index") is None))
    assert kinds == {(True, None, False, True), (False, "missing_actions", False, False),
                     (False, "out_of_turn", True, False), (False, "wrong_setup", True, True)}


# -- strict enough: wrong shapes are refused -------------------------------------------------------------------
REFERENCE_GIVEN = {
    "declare": {"level": "3", "first_drawer": 0, "deal": ["S3"], "bottom": ["D9", "H4", "C8", "D4", "SK", "C6"],
                "shows": [{"seat": 1, "cards": ["S3"], "after": 2}]},
    "legal_play": {"level": "7", "trump_suit": "S", "hand": ["D9", "D9"], "trick": [], "play": ["D9"]},
    "star_burial": {"level": "7", "trump_suit": "H", "banker": 0, "bottom": ["S3", "S4", "SA", "C9", "D6", "DQ"],
                    "holdings": {"1": 1}, "loads": [{"seat": 1, "count": 1}]},
    "trick_winner": {"level": "10", "trump_suit": "H", "leader": 0, "plays": [["S10"], ["C10"], ["H10"], ["D10"]]},
    "settle": {"banker": 0, "levels": {"banker_team": "3", "attackers": "3"}, "attacker_points": 0,
               "bottom_dug": False},
}


@pytest.mark.parametrize(("op", "change", "path"), [
    ("declare", {"bottom": ["D9", "H4"]}, "$.bottom"),
    ("declare", {"shows": [{"seat": 1, "cards": ["S3"]}]}, "$.shows[0]"),
    ("declare", {"banker": 4}, "$.banker"),
    ("legal_play", {"level": "2"}, "$.level"),
    ("legal_play", {"trump_suit": None}, "$.trump_suit"),
    ("legal_play", {"hand": ["SJ", "SJJ"]}, "$.hand[1]"),
    ("legal_play", {"trick": [["SA"], ["S3"], ["S4"], ["S5"]]}, "$.trick"),
    ("legal_play", {"trick": [[]]}, "$.trick[0]"),
    ("legal_play", {"seat": 1}, "$"),
    ("star_burial", {"holdings": {"4": 1}}, "$.holdings"),
    ("star_burial", {"loads": [{"seat": 1, "count": -1}]}, "$.loads[0].count"),
    ("trick_winner", {"plays": [["S10"], ["C10"], ["H10"]]}, "$.plays"),
    ("settle", {"levels": {"banker_team": "3"}}, "$.levels"),
    ("settle", {"stars": {"banker_team": 0, "attackers": -1}}, "$.stars.attackers"),
    ("settle", {"attacker_points": 120.5}, "$.attacker_points"),
])
def test_wrong_givens_are_refused(op, change, path):
    good = REFERENCE_GIVEN[op]
    assert not violations(op, ops.GIVEN, good)
    found = violations(op, ops.GIVEN, {**good, **change})
    assert {v.split(": ", 1)[0] for v in found} == {path}, found


@pytest.mark.parametrize(("op", "answer", "path"), [
    ("facts", {"players": 4}, "$"),
    ("card_order", {"order": [[]]}, "$.order[0]"),
    ("card_order", {"order": [["SJ", "sj"]]}, "$.order[0][1]"),
    ("classify", {"combination": "tractor", "suit": "S"}, "$.combination"),
    ("classify", {"combination": None, "suit": "mixed", "why": "x"}, "$"),
    ("legal_play", {"legal": False}, "$"),
    ("legal_play", {"legal": True, "reason": "not_in_hand"}, "$.reason"),
    ("legal_play", {"legal": False, "reason": "big_joker"}, "$.reason"),
    ("legal_play_count", {"count": -1}, "$.count"),
    ("trick_winner", {"winner": 4, "points": 10}, "$.winner"),
    ("declare", {"outcome": "declared", "trump_suit": "S", "banker": 1}, "$"),
    ("declare", {"outcome": "nobody", "trump_suit": None, "banker": None, "rejected": []}, "$.outcome"),
    ("bottom_points", {"points": 25, "awarded": "25"}, "$.awarded"),
    ("bury", {"legal": False, "reason": "must_follow_suit"}, "$.reason"),
    ("star_burial", {"bottom": ["S3"], "taken_back": [], "rejected": [], "forced": [],
                     "stars": {"banker_team": 0, "attackers": 0}}, "$.bottom"),
    ("star_burial", {"bottom": ["S3"] * 6, "taken_back": [], "rejected": [], "forced": [{"seat": 1, "count": 0}],
                     "stars": {"banker_team": 0, "attackers": 0}}, "$.forced[0].count"),
    ("settle", {"next_banker": None, "levels": {"banker_team": "A", "attackers": "3"}, "match_winner": "banker",
                "stakes": {"banker_team": 100, "attackers": -100}}, "$.match_winner"),
    ("replay", {"accepted": True, "hand": 0}, "$.hand"),
    ("replay", {"accepted": False, "index": None, "reason": "bad_pack"}, "$"),
    ("replay", {"accepted": False, "index": 3, "seat": 1, "reason": "illegal"}, "$.reason"),
])
def test_wrong_answers_are_refused(op, answer, path):
    found = violations(op, ops.ANSWER, answer)
    assert {v.split(": ", 1)[0] for v in found} == {path}, found


def test_expect_may_leave_keys_out_but_not_add_or_misshape_them():
    assert not violations("legal_play", ops.EXPECT, {"legal": False})
    assert not violations("settle", ops.EXPECT, {"next_banker": None})
    assert not violations("facts", ops.EXPECT, {})
    assert violations("legal_play", ops.ANSWER, {"legal": False})  # the full answer needs its reason
    half_levels = {"levels": {"banker_team": "3"}}
    assert [v.split(": ")[0] for v in violations("settle", ops.EXPECT, half_levels)] == ["$.levels"]
    assert [v.split(": ")[0] for v in violations("legal_play", ops.EXPECT, {"legal": True, "why": 1})] == ["$"]
    assert [v.split(": ")[0] for v in violations("bury", ops.EXPECT, {"reason": "nope"})] == ["$.reason"]


# -- the runner checks answers ------------------------------------------------------------------------------------
class Fixed(ReferenceImplementation):
    """Answers every query with one fixed answer."""

    def __init__(self, answer):
        self.fixed = answer

    def answer(self, variant, op, given):
        return copy.deepcopy(self.fixed)


LEGAL = Scenario(id="huolong.test.schema-001", variant="huolong/li-zhijiang", rules=("follow.same_count",),
                 op="legal_play", given=REFERENCE_GIVEN["legal_play"], expect={"legal": False})


def test_an_answer_right_on_the_expected_keys_but_of_the_wrong_shape_fails():
    result = run_one(Fixed({"legal": False, "reason": "must_follow_suits"}), LEGAL)
    assert result.status == FAILED and result.mismatched == []
    assert result.message == result.schema_problem
    assert result.message.startswith("answer does not match the operation's schema: $.reason: 'must_follow_suits' "
                                     "is not an allowed value (did you mean 'must_follow_suit'?) "
                                     "(expected one of: empty_play, ")
    assert run_one(Fixed({"legal": False, "reason": "must_follow_suits"}), LEGAL, check_schema=False).status == PASSED
    assert run_one(Fixed({"legal": False, "reason": "must_follow_suit"}), LEGAL).status == PASSED


def test_a_wrong_value_and_a_wrong_shape_are_both_reported():
    result = run_one(Fixed({"legal": True, "reason": "not_in_hand"}), LEGAL)
    assert result.status == FAILED and result.mismatched == ["legal"]
    assert result.message == ("answer does not match the operation's schema: $.reason: not allowed here "
                              "(only when legal is false); wrong or missing: legal")
    text = render_console(run(Fixed({"legal": True, "detail": 1}), [LEGAL]))
    assert "answer does not match the operation's schema: $: unknown key 'detail' (allowed: legal, reason)" in text


def test_answer_schema_problem_for_operations_without_a_schema():
    assert answer_schema_problem("echo", {"anything": 1}) is None
    assert answer_schema_problem("facts", {}) == "answer does not match the operation's schema: $: " \
                                                 "missing required key 'players'"


def test_conform_checks_the_schema_by_default_and_not_when_told():
    one_file = ROOT / "conformance" / "scenarios" / "huolong" / "li-zhijiang" / "bottom_points.yaml"
    base = ["conform", "--impl", "chatty_reference:ChattyReference", "--scenarios", str(one_file), "-q"]
    checked = CliRunner().invoke(cli, base, catch_exceptions=False)
    assert checked.exit_code == 1 and " 0 passed, 5 failed" in checked.output
    unchecked = CliRunner().invoke(cli, [*base, "--no-schema-check"], catch_exceptions=False)
    assert unchecked.exit_code == 0 and " 5 passed, 0 failed" in unchecked.output


# -- the loader checks given and expect ---------------------------------------------------------------------------
BAD_FILE = """\
defaults:
  variant: huolong/li-zhijiang
  op: legal_play
  rules: [follow.same_count]
scenarios:
  - id: huolong.test.bad-given-001
    reasoning: by hand
    description: {zh: 坏, en: bad}
    given:
      level: "2"
      trump_suit: H
      hand: [SA, S11]
      trick: []
      play: [SA]
      seat: 1
    expect: {legal: false, reason: must_follow_suits}
  - id: huolong.test.good-given-002
    reasoning: by hand
    description: {zh: 好, en: good}
    given: {level: "7", trump_suit: S, hand: [D9], trick: [], play: [D9]}
    expect: {legal: true}
"""


def test_a_malformed_given_or_expect_is_named_with_file_line_and_column(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(textwrap.dedent(BAD_FILE), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario_file(path)
    errors = [line.removeprefix(f"{path}:") for line in caught.value.errors]
    assert [e.split(": ")[0] for e in errors] == ["10:7", "12:18", "15:7", "16:28"]
    assert errors[0].startswith("10:7: scenarios[0].given.level: '2' is not an allowed value (expected one of: 3, 4, ")
    assert errors[1].startswith("12:18: scenarios[0].given.hand[1]: 'S11' does not have the required form (expected ")
    assert errors[2] == ("15:7: scenarios[0].given.seat: unknown key 'seat' "
                         "(allowed: level, trump_suit, hand, trick, play)")
    assert errors[3].startswith("16:28: scenarios[0].expect.reason: 'must_follow_suits' is not an allowed value "
                                "(did you mean 'must_follow_suit'?) (expected one of: empty_play, ")
    fixed = BAD_FILE.replace('"2"', '"7"').replace("S11", "S10").replace("      seat: 1\n", "")
    path.write_text(fixed.replace("must_follow_suits", "must_follow_suit"), encoding="utf-8")
    assert [s.id for s in load_scenario_file(path)] == ["huolong.test.bad-given-001", "huolong.test.good-given-002"]
