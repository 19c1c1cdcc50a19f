"""Card notation (datong_rules.reference_impl.cards): unit tests and Hypothesis round-trip properties.

Expected values come from the notation as the module docstring defines it: suits S H C D (♠♥♣♦ on
input), ranks 2 … 10 J Q K A (T for 10), jokers BJ (big) and LJ (small; SJ is the jack of spades).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from datong_rules.reference_impl.cards import (
    ALL_CARDS,
    BIG_JOKER,
    JOKERS,
    RANKS,
    SMALL_JOKER,
    SUIT_SYMBOLS,
    SUITS,
    CardNotationError,
    build_deck,
    card_rank,
    card_suit,
    expand,
    format_cards,
    parse_card,
    parse_cards,
    parse_hand,
    sort_cards,
)

# ------------------------------------------------------------------------------------------------ unit tests


@pytest.mark.parametrize("token, card", [
    ("H10", "H10"), ("HT", "H10"), ("ht", "H10"), ("h10", "H10"), ("♥10", "H10"), ("♡T", "H10"),
    ("SA", "SA"), ("♠A", "SA"), ("sa", "SA"), ("♤a", "SA"),
    ("D3", "D3"), ("♦3", "D3"), ("♢3", "D3"),
    ("C2", "C2"), ("♣2", "C2"), ("♧2", "C2"),
    ("SJ", "SJ"), ("sj", "SJ"), ("♠J", "SJ"),
    ("BJ", "BJ"), ("bj", "BJ"), ("大王", "BJ"),
    ("LJ", "LJ"), ("lj", "LJ"), ("小王", "LJ"),
    ("  HK ", "HK"),
])
def test_parse_card_accepts_every_documented_spelling(token, card):
    assert parse_card(token) == card


def test_jack_of_spades_and_small_joker_are_different_cards():
    assert parse_card("SJ") != parse_card("LJ")
    assert card_suit(parse_card("SJ")) == "S" and card_rank(parse_card("SJ")) == "J"
    assert card_suit(parse_card("LJ")) is None


@pytest.mark.parametrize("token", ["", "H", "H1", "H11", "X10", "10H", "HH", "B", "SJJ", "♥", "JB", "H 10", "🂡"])
def test_bad_tokens_are_refused(token):
    with pytest.raises(CardNotationError) as info:
        parse_card(token)
    assert info.value.token == token
    assert info.value.position is None


def test_non_string_token_is_refused():
    with pytest.raises(CardNotationError):
        parse_card(10)  # type: ignore[arg-type]


def test_bad_token_error_names_the_token_and_its_position():
    with pytest.raises(CardNotationError) as info:
        parse_cards("H10 SA Z9 D3")
    assert info.value.token == "Z9"
    assert info.value.position == 2
    assert "'Z9'" in str(info.value) and "position 2" in str(info.value)


def test_first_bad_token_is_reported():
    with pytest.raises(CardNotationError) as info:
        parse_cards(["H10", "XX", "YY"])
    assert (info.value.token, info.value.position) == ("XX", 1)


def test_parse_cards_keeps_order_and_accepts_commas():
    assert parse_cards("HT, ♠A,bj  D3") == ["H10", "SA", "BJ", "D3"]
    assert parse_cards(["ht", "LJ"]) == ["H10", "LJ"]
    assert parse_cards("") == []


def test_parse_hand_is_a_multiset():
    hand = parse_hand("H10 HT ♥10 SA BJ")
    assert hand == Counter({"H10": 3, "SA": 1, "BJ": 1})
    assert parse_hand("SA H10") == parse_hand("H10 SA")


def test_suit_and_rank_of_cards():
    assert (card_suit("H10"), card_rank("H10")) == ("H", "10")
    assert (card_suit("DA"), card_rank("DA")) == ("D", "A")
    assert (card_suit("BJ"), card_rank("BJ")) == (None, "BJ")


def test_sort_order_is_suits_then_ranks_then_jokers():
    assert sort_cards(["BJ", "LJ", "DA", "S2", "H10", "S10", "C3"]) == ["S2", "S10", "H10", "C3", "DA", "BJ", "LJ"]


def test_format_cards_letters_and_symbols():
    assert format_cards(["H10", "SA", "BJ"]) == "H10 SA BJ"
    assert format_cards(["H10", "SA", "LJ"], symbols=True) == "♥10 ♠A LJ"
    assert format_cards(Counter({"SA": 1, "H10": 2})) == "SA H10 H10"


def test_expand_lists_each_copy():
    assert expand({"H10": 2, "BJ": 1}) == ["H10", "H10", "BJ"]


def test_one_deck_has_54_distinct_cards():
    deck = build_deck(1)
    assert len(deck) == 54 == len(set(deck))
    assert set(deck) == set(ALL_CARDS)
    assert BIG_JOKER in deck and SMALL_JOKER in deck


def test_three_decks_hold_162_cards_three_of_each():
    deck = Counter(build_deck(3))
    assert sum(deck.values()) == 162
    assert set(deck.values()) == {3}
    assert deck["BJ"] == deck["LJ"] == deck["SJ"] == 3


def test_deck_without_jokers():
    deck = build_deck(2, jokers=False)
    assert len(deck) == 104 and not set(deck) & set(JOKERS)


@pytest.mark.parametrize("decks", [0, -1, 1.5, True, "3"])
def test_bad_deck_counts_are_refused(decks):
    with pytest.raises(ValueError):
        build_deck(decks)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------------ properties

cards = st.sampled_from(ALL_CARDS)
card_lists = st.lists(cards, max_size=60)


def _spellings(card: str) -> st.SearchStrategy[str]:
    """Every documented way of writing ``card`` (letters or symbols, any case, T for 10)."""
    if card in JOKERS:
        chinese = {"BJ": "大王", "LJ": "小王"}[card]
        return st.sampled_from([card, card.lower(), card.capitalize(), chinese])
    suit, rank = card[0], card[1:]
    suit_forms = [suit, suit.lower(), SUIT_SYMBOLS[suit]]
    rank_forms = [rank, rank.lower()] + (["T", "t"] if rank == "10" else [])
    return st.tuples(st.sampled_from(suit_forms), st.sampled_from(rank_forms)).map("".join)


@given(cards)
def test_canonical_token_round_trips(card):
    assert parse_card(card) == card
    assert parse_card(format_cards([card])) == card


@given(cards.flatmap(lambda c: st.tuples(st.just(c), _spellings(c))))
def test_every_spelling_parses_to_its_card(pair):
    card, spelling = pair
    assert parse_card(spelling) == card


@given(card_lists)
def test_sequence_round_trips_in_order(seq):
    assert parse_cards(format_cards(seq)) == seq
    assert parse_cards(format_cards(seq, symbols=True)) == seq


@given(card_lists)
def test_multiset_round_trips(seq):
    hand = Counter(seq)
    assert parse_hand(format_cards(hand)) == hand
    assert Counter(expand(hand)) == hand


@given(card_lists)
def test_sorting_is_a_permutation_and_idempotent(seq):
    once = sort_cards(seq)
    assert Counter(once) == Counter(seq)
    assert sort_cards(once) == once
    assert sort_cards(reversed(seq)) == once


@given(card_lists, st.integers(min_value=0, max_value=60), st.text(min_size=1, max_size=4).filter(
    lambda t: t.strip() and "," not in t and not any(ch.isspace() for ch in t)))
def test_a_bad_token_is_reported_at_its_position(seq, where, junk):
    try:
        parse_card(junk)
    except CardNotationError:
        pass
    else:
        return  # the junk happens to be a card
    where = min(where, len(seq))
    tokens = [*seq[:where], junk, *seq[where:]]
    with pytest.raises(CardNotationError) as info:
        parse_cards(" ".join(tokens))
    assert info.value.position == where
    assert info.value.token == junk


@given(st.integers(min_value=1, max_value=8))
def test_deck_of_n_has_n_copies_of_each_card(n):
    deck = build_deck(n)
    assert len(deck) == 54 * n
    assert Counter(deck) == Counter({card: n for card in ALL_CARDS})


def test_suits_and_ranks_constants():
    assert SUITS == ("S", "H", "C", "D")
    assert RANKS == ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    assert len(ALL_CARDS) == 54 == len(set(ALL_CARDS))
