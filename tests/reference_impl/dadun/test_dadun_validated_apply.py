"""打墩 ``apply(action)`` validated: a plain pass is known legal without judging it again; every play is judged
(:meth:`HandState.judge`), the very play the engine last drew included, so a drawn play changed after the draw, the
caller's choice of :meth:`HandState.play_action` and a draw on a copy whose hands were redealt are refused with the
reason judge gives. Either way the record, the table and the hands are those the judged action makes."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from datong_rules.reference_impl.dadun.state import new_hand
from datong_rules.reference_impl.state_api import IllegalAction

V = "dadun/dadun-guide"


def _drawn_play(seed: int, combination: str | None = None):
    """(state, rng, the play random_action drew for the seat to act): the first drawn play of a hand (of
    ``combination`` when given), the hand's earlier draws applied trusted."""
    rng = random.Random(seed)
    state = new_hand(V, rng)
    while True:
        action = state.random_action(rng)
        if action["type"] == "play" and combination in (None, action["reading"]["combination"]):
            return state, rng, action
        state.apply(action, validate=False)


class _Liar(str):
    """A card that says it equals any card."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = str.__hash__


def test_a_drawn_play_applied_validated_makes_what_its_judged_copy_makes():
    mine, _, drawn = _drawn_play(11)
    twin, _, again = _drawn_play(11)
    assert drawn == again and drawn is not again
    twin._sampled = None  # the twin's action comes from outside: judged
    mine.apply(drawn)
    twin.apply({**again, "cards": list(again["cards"]), "reading": dict(again["reading"])})
    assert mine.actions == twin.actions and mine.table == twin.table and mine.hands == twin.hands
    assert mine.actions[-1] is not drawn  # the record's entry is the engine's own copy
    assert mine.turn == twin.turn


@pytest.mark.parametrize("change, reason", [
    (lambda a, hand: a.update(cards=[next(c for c in ("BJ", "LJ", "SA") if not hand[c])]), "not_in_hand"),
    (lambda a, hand: a["reading"].update(combination="linked_bomb"), "bad_reading"),
    (lambda a, hand: a.update(note="x"), "bad_action"),
    (lambda a, hand: a.update(seat=True), "bad_action"),
    (lambda a, hand: a.update(cards=[_Liar("XX")]), "bad_action"),
    (lambda a, hand: a["reading"].update(cards=[_Liar("XX")]), "bad_action"),
])
def test_a_drawn_play_changed_after_the_draw_is_judged(change, reason):
    state, _, drawn = _drawn_play(5, "single")
    change(drawn, state.hands[state.turn])
    before = len(state.actions)
    with pytest.raises(IllegalAction) as refused:
        state.apply(drawn)
    assert refused.value.reason == reason and len(state.actions) == before


def test_the_caller_s_play_of_play_action_is_judged():
    state, _, drawn = _drawn_play(5, "single")
    seat = state.turn
    missing = next(c for c in ("BJ", "LJ", "SA", "HA") if not state.hands[seat][c])
    reading = state.judge({"type": "play", "seat": seat, "cards": drawn["cards"], "reading": drawn["reading"]})[1]
    chosen = state.play_action((missing,), reading._replace(cards=(missing,)))
    with pytest.raises(IllegalAction) as refused:
        state.apply(chosen)
    assert refused.value.reason == "not_in_hand"


def test_a_draw_carried_into_a_redealt_copy_is_judged_there():
    # the copy (with_hands) keeps the state's last draw; its seat no longer holds the drawn cards: refused there
    state, _, drawn = _drawn_play(7)
    seat = state.turn
    other = (seat + 1) % 4
    hands = [Counter(h) for h in state.hands]
    for card in drawn["cards"]:  # each drawn card swapped for one of the other seat's cards not drawn
        swap = next(c for c in sorted(hands[other]) if c not in drawn["cards"] and hands[other][c])
        hands[seat][card] -= 1
        hands[other][card] += 1
        hands[other][swap] -= 1
        hands[seat][swap] += 1
    for card in set(drawn["cards"]):  # no copy of a drawn card left with the seat
        moved = hands[seat][card]
        if moved:
            spare = [c for c in sorted(hands[other]) if c not in drawn["cards"] and hands[other][c]][:moved]
            hands[seat][card] = 0
            hands[other][card] += moved
            for c in spare:
                hands[other][c] -= 1
                hands[seat][c] += 1
    copy = state.with_hands([list((+h).elements()) for h in hands])
    carried = copy._sampled
    assert carried == drawn
    with pytest.raises(IllegalAction) as refused:
        copy.apply(carried)
    assert refused.value.reason == "not_in_hand"
    state.apply(drawn)  # the state itself is unchanged by the copy: its draw is legal there


def test_a_plain_pass_is_legal_and_a_pass_to_lead_is_refused():
    rng = random.Random(3)
    state = new_hand(V, rng)
    seat = state.turn
    with pytest.raises(IllegalAction) as refused:
        state.apply({"type": "pass", "seat": seat})
    assert refused.value.reason == "must_lead"
    while state.table is None or state.tribute_step is not None:
        state.apply(state.random_action(rng), validate=False)
    seat = state.turn
    with pytest.raises(IllegalAction) as refused:
        state.apply({"type": "pass", "seat": (seat + 1) % 4})
    assert refused.value.reason == "out_of_turn"
    with pytest.raises(IllegalAction) as refused:
        state.apply({"type": "pass", "seat": seat, "note": 1})
    assert refused.value.reason == "bad_action"
    state.apply({"type": "pass", "seat": seat})
    assert state.actions[-1] == {"type": "pass", "seat": seat} and state.turn != seat
