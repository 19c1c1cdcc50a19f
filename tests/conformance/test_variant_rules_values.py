"""One checker of rule values for variant files and for a query's ``variant_rules``: what the file loader refuses
(a whole number written 3.0, a value out of bounds, a hand larger than the pack) ``serve`` refuses too, as an
errored query naming the rule, instead of answering with rules no file could hold."""

from __future__ import annotations

import copy
import io
import json

import pytest

from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.conformance.serve import Server, serve_lines
from datong_rules.reference_impl.variant import check_rules_data, load_variant

START = json.dumps({"type": "start", "protocol": 1, "protocols": [1, 2]})
GIVEN = {"huolong": {"cards": ["H3"], "level": "3", "trump_suit": "S"}, "biedan": {"cards": ["H3"]},
         "dadun": {"cards": ["H3"]}}


def _changed(variant_id: str, rule: tuple[str, str], value) -> dict:
    """The resolved rules of ``variant_id`` under a fixture's id, with ``rule``'s value replaced."""
    data = copy.deepcopy(load_variant(variant_id).data)
    data["id"] = f"{data['game']}/fixture-values"
    data["rules"][rule[0]][rule[1]]["value"] = value
    return data


def _ask(data: dict) -> dict:
    game = data["game"]
    query = {"type": "query", "id": "q", "variant": data["id"], "op": f"{game}/classify", "given": GIVEN[game],
             "variant_rules": data}
    raw = f"{START}\n{json.dumps(query)}\n".encode()
    out = io.BytesIO()
    serve_lines(Server(ReferenceImplementation()), io.BytesIO(raw), out, io.StringIO())
    return json.loads(out.getvalue().decode().splitlines()[-1])


@pytest.mark.parametrize("variant_id, rule, value, words", [
    ("huolong/li-zhijiang", ("deck", "decks"), 1.0, "rules.deck.decks.value: found 1.0, a number with a decimal point"),
    ("biedan/biedan-guide", ("egg", "count"), 3.0, "rules.egg.count.value: found 3.0, a number with a decimal point"),
    ("biedan/biedan-guide", ("deal", "hand_size"), 10**9, "rules.deal.hand_size.value: 1000000000 is out of range"),
    ("huolong/li-zhijiang", ("deal", "hand_size"), 10**9, "rules.deal.hand_size.value: 4 players × 1000000000 cards"),
])
def test_serve_refuses_rule_values_a_file_could_not_hold(variant_id, rule, value, words):
    data = _changed(variant_id, rule, value)
    reply = _ask(data)
    assert reply["type"] == "errored", reply
    assert reply["message"].startswith(f"the rules of '{data['id']}' cannot be played: variant_rules:1:1: {words}")


def test_the_same_rules_as_a_file_get_the_same_words(tmp_path):
    """The checker is the file loader's: the problem a house file with the value gets is the one serve says."""
    from datong_rules.reference_impl.variant import check_file

    house = tmp_path / "house.yaml"
    house.write_text("id: biedan/house\nextends: biedan/biedan-guide\nname: {zh: 会, en: House}\n"
                     "summary: {zh: 会, en: House}\nrules:\n  egg:\n    count:\n      value: 3.0\n      text: {zh: 三, en: Three}\n"
                     "      inferred: {reason: a test}\n", encoding="utf-8")
    (from_file,) = check_file(house)
    (from_data,) = check_rules_data(_changed("biedan/biedan-guide", ("egg", "count"), 3.0))
    assert (from_file.rule_path, from_file.message) == (from_data.rule_path, from_data.message)


@pytest.mark.parametrize("variant_id", ["huolong/li-zhijiang", "biedan/biedan-guide", "dadun/dadun-guide"])
def test_the_bundled_rules_sent_as_data_are_answered(variant_id):
    data = copy.deepcopy(load_variant(variant_id).data)
    data["id"] = f"{data['game']}/fixture-values"
    assert check_rules_data(data) == []
    assert _ask(data)["type"] == "result"


@pytest.mark.parametrize("data", [None, [], {"id": 3}, {"id": "huolong/x", "rules": "all"}])
def test_what_is_no_resolved_variant_is_a_problem_not_a_crash(data):
    problems = check_rules_data(data)
    assert problems and all(str(p).startswith("variant_rules:1:1: ") for p in problems)
