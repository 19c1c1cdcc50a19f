"""Huolong's readers of an operation's ``given`` (reference_impl/huolong/ops/given.py)."""

from __future__ import annotations

import pytest

from datong_rules.reference_impl.huolong.ops import given as parse
from datong_rules.reference_impl.huolong.ops.hand import OPS as HAND_OPS
from datong_rules.reference_impl.huolong.rules import rules_for

LI = rules_for("huolong/li-zhijiang")


def test_values_in_the_engine_s_form():
    given = {"level": "t", "trump_suit": "♥", "hand": ["hT", "♠A", "小王"], "banker": 2, "dug": False,
             "holdings": {"1": 2, "3": 0}, "levels": {"banker_team": "5", "attackers": "J"}}
    assert parse.level(LI, given, "level") == "10"
    assert parse.trump_suit(given, "trump_suit") == "H"
    assert parse.cards(LI, given, "hand") == ["H10", "SA", "LJ"]
    assert parse.seat(given, "banker") == 2
    assert parse.flag(given, "dug") is False
    assert parse.seat_counts(given, "holdings") == {1: 2, 3: 0}
    assert parse.teams(given, "levels") == {"banker_team": "5", "attackers": "J"}
    ranking = parse.ranking(LI, given)
    assert (ranking.level, ranking.trump_suit) == ("10", "H")


def test_defaults_apply_only_to_absent_keys():
    assert parse.trump_suit({}, "trump_suit") is None
    assert parse.seat({}, "banker", default=None) is None
    assert parse.seat({"banker": None}, "banker", default=None) is None
    assert parse.count({}, "hand_number", minimum=1, default=1) == 1
    assert parse.seat_counts({}, "holdings") == {}
    assert parse.entries({}, "loads", "{seat, count}", default=[]) == []
    with pytest.raises(ValueError, match=r"^given.hand_number: expected an integer ≥ 1, got 0$"):
        parse.count({"hand_number": 0}, "hand_number", minimum=1, default=1)


@pytest.mark.parametrize(
    ("read", "message"),
    [
        (lambda: parse.need({}, "hand"), r"^given: missing 'hand'$"),
        (lambda: parse.need(["H5"], "hand"), r"^given: expected a mapping"),
        (lambda: parse.cards(LI, {"hand": ["H5", "X9"]}, "hand"), r"^given.hand: bad card 'X9' at position 1"),
        (lambda: parse.cards(LI, {"hand": "H5"}, "hand"), r"^given.hand: expected a list of cards$"),
        (lambda: parse.card_lists(LI, {"trick": ["H5"]}, "trick"), r"^given.trick: expected a list of lists"),
        (lambda: parse.level(LI, {"level": "2"}, "level"), r"^given.level: '2' is not a level of huolong/li-zhijiang$"),
        (lambda: parse.trump_suit({"trump_suit": "HH"}, "trump_suit"), r"^given.trump_suit: 'HH' is not a suit"),
        (lambda: parse.seat({"banker": True}, "banker"), r"^given.banker: expected a seat 0–3, got True$"),
        (lambda: parse.seat({"seat": 4}, "seat", "given.shows[1]"), r"^given.shows\[1\].seat: expected a seat"),
        (lambda: parse.flag({"dug": 1}, "dug"), r"^given.dug: expected true or false, got 1$"),
        (lambda: parse.teams({"stars": {"attackers": 1}}, "stars"), r"^given.stars: expected \{banker_team"),
        (lambda: parse.seat_counts({"holdings": {"north": 1}}, "holdings"), r"^given.holdings: 'north' is not a seat"),
        (lambda: parse.seat_counts({"holdings": {"1": -1}}, "holdings"), r"^given.holdings.1: expected an integer ≥ 0"),
        (lambda: parse.entries({"shows": [{}, 3]}, "shows", "{seat}"), r"^given.shows\[1\]: expected \{seat\}$"),
    ],
)
def test_bad_values_are_one_line_errors_saying_where(read, message):
    with pytest.raises(ValueError, match=message) as info:
        read()
    assert "\n" not in str(info.value)


def test_an_entry_s_problem_is_named_by_its_place_in_the_list():
    given = {"level": "3", "first_drawer": 0, "deal": [], "bottom": ["S3"] * 6,
             "shows": [{"seat": 1, "cards": ["BJ"], "after": 0}, {"seat": 1, "cards": ["BJ"]}]}
    with pytest.raises(ValueError, match=r"^given.shows\[1\]: missing 'after'$"):
        HAND_OPS["declare"](LI, given)


def test_a_list_of_cards_is_bounded_by_the_variant_s_pack():
    # li-zhijiang deck.decks 3, deck.jokers_per_deck 2: 3 × 54 = 162 cards in the pack.
    assert len(parse.cards(LI, {"hand": ["H5"] * 162}, "hand")) == 162
    with pytest.raises(ValueError, match=r"^given.hand: 163 cards, more than the whole pack of huolong/li-zhijiang "
                                         r"\(162 cards\)$"):
        parse.cards(LI, {"hand": ["H5"] * 163}, "hand")
    with pytest.raises(ValueError, match=r"^given.plays: 200 cards, more than the whole pack"):
        parse.card_lists(LI, {"plays": [["H5"] * 100, ["H6"] * 100]}, "plays")


@pytest.mark.parametrize(("record", "message"), [
    ({"actions": "x"}, r"^given.record: missing 'variant' \(the record's variant id, e.g. 'huolong/li-zhijiang'\)$"),
    ({"variant": 3}, r"^given.record.variant: expected a variant id, got 3$"),
    ({"variant": "huolong/datong-guide"}, r"^given.record.variant: the record is of 'huolong/datong-guide', "
                                          r"but the query asks 'huolong/li-zhijiang'$"),
    ("x", r"^given.record: expected a game record \(a mapping\), got str$"),
])
def test_a_malformed_replay_record_is_named_clearly(record, message):
    with pytest.raises(ValueError, match=message):
        HAND_OPS["replay"](LI, {"record": record})
