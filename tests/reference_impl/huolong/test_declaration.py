"""The declaration during the deal (rule ids declaration.shows, declaration.overcall_by, declaration.next_card_joker,
declaration.window, declaration.unresolved_show, declaration.nobody_declared, declaration.scope).

Dealing sequences are written round by round: ``rounds(r0, r1, …)`` where each round lists the cards of the first
drawer, the next seat, and so on; card i goes to seat (first_drawer + i) mod 4. A show ``(seat, cards, after)`` is made
once ``after`` cards have been dealt. Expected outcomes are worked by hand from the sources.
"""

from __future__ import annotations

import random

import pytest

from datong_rules.reference_impl.huolong.bots import RandomBot, play_hand
from datong_rules.reference_impl.huolong.declaration import (
    NO_DECLARATION, NOT_A_SHOW, NOT_HELD, OVERCALL_NOT_ALLOWED, TOO_WEAK, WINDOW_CLOSED, Declaration,
    run_declaration,
)
from datong_rules.reference_impl.huolong.hand import HandState
from datong_rules.reference_impl.huolong.rules import rules_with

from lifecycle_helpers import DG, LI, OP, full_pack

BOTTOM = ["S3", "S4", "S5", "S6", "S7", "S8"]


def rounds(*rows: str) -> list[str]:
    return [card for row in rows for card in row.split()]


def declare(rules, deal, shows, *, level="3", first=0, bottom=BOTTOM, **kw):
    result, rejected = run_declaration(rules, level, first, deal, bottom, shows, **kw)
    return result.outcome, result.trump_suit, result.banker, rejected


# ------------------------------------------------------------------ li-zhijiang (一.二, 三)

def test_li_big_joker_then_the_same_players_next_card_fixes_the_suit():
    """declaration.shows (li-zhijiang 一.二): 'I draw a big joker and one round later a ♥6: hearts are trumps'.
    The shower's next card is the 4th card after the joker in dealing order, not the next card of the pack."""
    deal = rounds("S4 H5 BJ C6", "D7 S8 H6 D9")
    assert declare(LI, deal, [(2, ["BJ"], 3)]) == ("declared", "H", 2, [])


def test_li_two_big_jokers_overcall_one():
    """declaration.shows two_big_jokers (一.二): a player with two big jokers may overcall and becomes banker;
    the overcaller's next card fixes the suit. A second single big joker cannot overcall (too weak)."""
    deal = rounds("BJ S4 BJ C6", "D7 S8 BJ D9", "H7 C8 S9 D10")
    shows = [(0, ["BJ"], 1), (2, ["BJ"], 3), (2, ["BJ", "BJ"], 7)]
    assert declare(LI, deal, shows) == ("declared", "S", 2, [1])


def test_li_the_first_declaration_stands_without_an_overcall():
    deal = rounds("BJ S4 BJ C6", "D7 S8 H9 D9")
    assert declare(LI, deal, [(0, ["BJ"], 1), (2, ["BJ"], 3)]) == ("declared", "D", 0, [1])


def test_li_a_joker_as_next_card_is_skipped():
    """declaration.next_card_joker skip (inferred): a joker has no suit; the shower's next card with a suit decides."""
    deal = rounds("BJ S4 H5 C6", "LJ S8 H6 D9", "C7 D8 H8 S9")
    assert declare(LI, deal, [(0, ["BJ"], 1)]) == ("declared", "C", 0, [])


def test_li_shows_of_cards_not_held_are_refused():
    """declaration.window (inferred): the shower must hold the cards shown, at the moment of the show."""
    deal = rounds("S4 H5 BJ C6", "D7 S8 H6 D9")
    assert declare(LI, deal, [(2, ["BJ"], 2), (1, ["BJ"], 3)])[3] == [0, 1]


def test_li_level_cards_and_small_jokers_are_not_shows():
    """declaration.shows: the essay names the big joker only (part 三's flips are not in this variant).
    Nobody declared: the bottom's first card with a suit (三), the first drawer is banker (inferred)."""
    deal = rounds("H3 LJ C5 D6", "S7 S8 H6 D9")
    bottom = ["BJ", "LJ", "D10", "S4", "S5", "S6"]
    out = declare(LI, deal, [(1, ["H3"], 1), (2, ["LJ"], 2)], first=1, bottom=bottom)
    assert out == ("bottom", "D", 1, [0, 1])


def test_li_show_after_the_deal_is_refused():
    deal = rounds("S4 H5 BJ C6")
    assert declare(LI, deal, [(2, ["BJ"], 5)])[3] == [0]


def test_li_unresolved_show_lapses():
    """declaration.unresolved_show lapses (inferred): no next card before the deal ends → no effect."""
    deal = rounds("S4 H5 BJ C6")
    assert declare(LI, deal, [(2, ["BJ"], 3)]) == ("bottom", "S", 0, [])


def test_li_a_lapsed_overcall_leaves_the_earlier_declaration():
    """unresolved_show lapses: the lapsed overcall has no effect, so the declaration it overcalled stands."""
    deal = rounds("BJ S4 BJ C6", "H7 S8 BJ D9")
    shows = [(0, ["BJ"], 1), (2, ["BJ", "BJ"], 7)]
    assert declare(LI, deal, shows) == ("declared", "H", 0, [])


def test_li_match_scope_later_hands_keep_the_suit():
    """declaration.scope match (一.二 '红桃就为这一龙的主'): later hands have no declaration; the suit and the
    rotation's banker hold; every show is refused."""
    deal = rounds("BJ S4 H5 C6", "D7 S8 H6 D9")
    out = declare(LI, deal, [(0, ["BJ"], 1)], hand_number=2, banker=3, kept_suit="C")
    assert out == ("kept", "C", 3, [0])


def test_li_overcall_by_any_player_even_the_same_team():
    """declaration.overcall_by any_player (一.二)."""
    deal = rounds("BJ S4 BJ C6", "D7 S8 BJ D9", "H7 C8 S9 D10")
    assert declare(LI, deal, [(0, ["BJ"], 1), (2, ["BJ", "BJ"], 7)])[:3] == ("declared", "S", 2)


def test_overcall_by_other_team_option():
    """declaration.overcall_by other_team (a house option): partners may not overcall each other."""
    rules = rules_with("huolong/li-zhijiang", {"declaration.overcall_by": "other_team"})
    decl = Declaration(rules, "3", 0)
    for card in rounds("BJ S4 BJ C6", "D7 S8 BJ D9"):
        decl.on_card(card)
    decl.show(0, ["BJ"])
    assert decl.check_show(2, ["BJ", "BJ"]) == OVERCALL_NOT_ALLOWED


# ------------------------------------------------------------------ datong-guide (三.1)

def test_dg_last_level_card_flipped_fixes_the_suit_first_flipper_is_banker():
    """declaration.shows level_card (datong-guide 三.1): '最后翻出的级牌花色即为主花色'; '先亮出级牌的玩家成为庄家'."""
    deal = rounds("S4 H3 C5 S3", "D7 S8 H6 D9")
    assert declare(DG, deal, [(1, ["H3"], 2), (3, ["S3"], 4)]) == ("declared", "S", 1, [])


def test_dg_three_flips_banker_stays_the_first_flipper():
    deal = rounds("D3 H3 C5 S3", "D7 S8 H6 D9")
    shows = [(1, ["H3"], 2), (3, ["S3"], 4), (0, ["D3"], 4)]
    assert declare(DG, deal, shows) == ("declared", "D", 1, [])


def test_dg_small_joker_is_overcalled_by_a_big_joker_and_both_beat_flips():
    """'小王定主，大王可反' (三.1); a joker show beating a flip is inferred (note of declaration.shows)."""
    deal = rounds("H3 LJ BJ C6", "D7 S8 H9 D9")
    shows = [(0, ["H3"], 1), (1, ["LJ"], 2), (2, ["BJ"], 3)]
    assert declare(DG, deal, shows) == ("declared", "H", 2, [])


def test_dg_small_joker_alone_declares_with_its_next_card():
    deal = rounds("H3 LJ BJ C6", "D7 S8 H9 D9")
    assert declare(DG, deal, [(0, ["H3"], 1), (1, ["LJ"], 2)]) == ("declared", "S", 1, [])


def test_dg_big_joker_is_overcalled_only_by_two():
    """'大王定主，两个大王可反' (三.1): a small joker, a single big joker or a flip cannot overcall a big joker."""
    deal = rounds("BJ LJ BJ BJ", "D7 S8 H9 BJ", "C4 C5 C6 S10")
    shows = [(0, ["BJ"], 1), (1, ["LJ"], 2), (2, ["BJ"], 3), (3, ["BJ"], 4), (3, ["BJ", "BJ"], 8)]
    assert declare(DG, deal, shows) == ("declared", "S", 3, [1, 2, 3])


def test_dg_flip_after_a_joker_show_is_too_weak():
    decl = Declaration(DG, "3", 0)
    for card in rounds("LJ H3 C5 D6"):
        decl.on_card(card)
    decl.show(0, ["LJ"])
    assert decl.check_show(1, ["H3"]) == TOO_WEAK


def test_dg_nobody_declared_uses_the_bottom():
    """declaration.nobody_declared bottom_first_non_joker (三.1: '如果第一张是王，则利用第二张')."""
    deal = rounds("S4 H5 C6 D7")
    bottom = ["LJ", "BJ", "H7", "C9", "S5", "D6"]
    assert declare(DG, deal, [], first=2, bottom=bottom) == ("bottom", "H", 2, [])


def test_dg_later_hand_declares_the_suit_only():
    """declaration.scope hand: later hands declare the suit; the banker comes from the rotation."""
    deal = rounds("S4 H5 D5 C6")
    out = declare(DG, deal, [(3, ["D5"], 3)], level="5", hand_number=3, banker=1, first=1)
    assert out == ("declared", "D", 1, [])


def test_dg_only_level_rank_cards_flip():
    """card: level_card: a card of the hand's level rank, one at a time."""
    decl = Declaration(DG, "5", 0)
    for card in rounds("H4 H5 C5 D6", "H5 S8 H6 D9"):
        decl.on_card(card)
    assert decl.check_show(0, ["H4"]) == NOT_A_SHOW
    assert decl.check_show(1, ["H5"]) is None
    assert decl.check_show(0, ["H5", "H5"]) == NOT_A_SHOW
    assert decl.check_show(2, ["H5"]) == NOT_HELD
    assert decl.legal_shows(1) == [["H5"]]


# A house variant of datong-guide whose only show is the level-card flip (its first kind): no kind shows a joker.
FLIPS_ONLY = rules_with("huolong/datong-guide", {"declaration.shows": [DG.declaration["shows"][0]]})


def test_at_level_j_a_joker_opens_no_flip_a_jack_does():
    """card: level_card is a card of the level rank (三.1 翻级牌); a joker has no rank, so at level J a joker (BJ, LJ,
    whose tokens end in J) opens no show where no kind shows jokers, while a jack of any suit does (SJ is the jack of
    spades in the notation, the small joker is LJ)."""
    decl = Declaration(FLIPS_ONLY, "J", 0)
    assert not decl.may_show_with("BJ")
    assert not decl.may_show_with("LJ")
    assert [card for card in ("SJ", "HJ", "CJ", "DJ", "SQ", "S10") if decl.may_show_with(card)] == ["SJ", "HJ", "CJ", "DJ"]
    # the filter agrees with the rule: receiving a joker gives no legal show, receiving a jack gives its flip
    decl.on_card("BJ")
    decl.on_card("LJ")
    assert decl.legal_shows(0) == [] and decl.legal_shows(1) == []
    decl.on_card("HJ")
    assert decl.legal_shows(2) == [["HJ"]]


def test_at_level_j_jokers_open_a_show_where_a_kind_shows_them():
    """datong-guide shows the small and the big joker (三.1 亮王) at every level, J included."""
    decl = Declaration(DG, "J", 0)
    assert decl.may_show_with("BJ") and decl.may_show_with("LJ") and decl.may_show_with("DJ")
    assert not decl.may_show_with("DQ")


def test_at_level_j_bots_are_asked_on_jacks_only():
    """play_hand asks the receiver of each card that may open a show: under FLIPS_ONLY at level J, the receivers of
    the dealt jacks, in dealing order, and never the receiver of a joker."""
    asked = []

    class Silent(RandomBot):
        def choose_show(self, state, seat):
            asked.append(state.pack[state.decl.dealt - 1])
            return None

    rng = random.Random(1)
    pack = full_pack(FLIPS_ONLY, seed=1)
    state = HandState(FLIPS_ONLY, pack, team_levels=("J", "J"))
    play_hand(state, [Silent(rng) for _ in range(4)])
    dealt = pack[:FLIPS_ONLY.players * FLIPS_ONLY.hand_size]
    assert any(card in ("BJ", "LJ") for card in dealt)  # the deal holds jokers: the test can fail
    assert asked == [card for card in dealt if card in ("SJ", "HJ", "CJ", "DJ")]


def test_dg_window_closes_with_the_deal():
    decl = Declaration(DG, "3", 0)
    decl.on_card("H3")
    decl.finish(BOTTOM)
    assert decl.check_show(0, ["H3"]) == WINDOW_CLOSED


def test_no_declaration_in_a_kept_hand():
    decl = Declaration(LI, "3", 0, hand_number=2, banker=1, kept_suit="S")
    decl.on_card("BJ")
    assert decl.check_show(0, ["BJ"]) == NO_DECLARATION
    assert decl.legal_shows(0) == []


# ------------------------------------------------------------------ online-platform (【亮牌规则】)

def test_op_chain_small_then_big_joker():
    """declaration.next_card_joker chain: '亮了一个小王，下一张是一个大王，则又也许接着亮大王' — the card after the
    chained joker fixes the suit; the shower is banker."""
    deal = rounds("S4 LJ C5 D6", "S7 BJ C8 D8", "S9 H9 C9 D9")
    assert declare(OP, deal, [(1, ["LJ"], 2), (1, ["BJ"], 6)]) == ("declared", "H", 1, [])


def test_op_unchained_show_lapses_and_nobody_declared_redeals():
    """'借使不亮，小王将失去效力'; nobody_declared redeal ('若发牌解散仍无人亮牌，则从新发牌')."""
    deal = rounds("S4 LJ C5 D6", "S7 BJ C8 D8", "S9 H9 C9 D9")
    assert declare(OP, deal, [(1, ["LJ"], 2)]) == ("redeal", None, None, [])


def test_op_chain_of_big_then_small_joker():
    """'亮了一个大王，下一张是一个小王，则又也许接着亮小王'."""
    deal = rounds("S4 BJ C5 D6", "S7 LJ C8 D8", "S9 C10 C9 D9")
    assert declare(OP, deal, [(1, ["BJ"], 2), (1, ["LJ"], 6)]) == ("declared", "C", 1, [])


def test_op_a_chain_counts_as_its_strongest_show():
    """A chain small → big joker counts as a big joker: one big joker of another player cannot overcall it."""
    deal = rounds("S4 LJ C5 D6", "S7 BJ BJ D8", "S9 H9 C9 D9")
    shows = [(1, ["LJ"], 2), (1, ["BJ"], 6), (2, ["BJ"], 7)]
    assert declare(OP, deal, shows) == ("declared", "H", 1, [2])


def test_op_chaining_is_only_for_the_joker_drawn_next():
    """The chance to chain ends when the shower draws again (the small joker lapses); a later show of the big
    joker is a fresh show, whose suit comes from the card after it (♣10), not from the chain's next card (♥9).
    A non-level card is not a show."""
    deal = rounds("S4 LJ C5 D6", "S7 BJ C8 D8", "S9 H9 C9 D9", "S10 C10 H10 D10")
    out = declare(OP, deal, [(0, ["S4"], 1), (1, ["LJ"], 2), (1, ["BJ"], 10)])
    assert out == ("declared", "C", 1, [0])


def test_op_overcalls_escalate_one_then_two():
    """'只能2大王反,顺次累推': a single big joker is overcalled by two (not by another single)."""
    deal = rounds("BJ S4 BJ D6", "H7 S8 BJ D8", "C9 H9 S9 D9")
    shows = [(0, ["BJ"], 1), (2, ["BJ"], 3), (2, ["BJ", "BJ"], 7)]
    assert declare(OP, deal, shows) == ("declared", "S", 2, [1])


def test_op_three_big_jokers():
    """three_big_jokers: with 3 big jokers in the pack it can only follow the same player's own shows; here the
    third joker is drawn right after a two-joker show and chained onto it; the next card (♠10) fixes the suit."""
    deal = rounds("BJ LJ C5 D6", "BJ S8 H8 D8", "BJ H9 C9 D9", "S10 H10 C10 D10")
    shows = [(1, ["LJ"], 2), (0, ["BJ", "BJ"], 5), (0, ["BJ", "BJ", "BJ"], 9)]
    assert declare(OP, deal, shows) == ("declared", "S", 0, [])
