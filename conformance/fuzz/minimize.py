"""A shrunk disagreement made smaller still, and the same for every shrink of one fault (:mod:`.driver`).

Hypothesis shrinks the random choices behind a question; it stops at a question no single change of those choices
makes smaller, which is not always the smallest, and two shrinks of one fault may stop at two different questions
(four queens where another stops at four threes; a straight of mixed suits where another has the suits in another
mix). The driver groups disagreements by their shrunk question, so such questions are taken further here, on the
question itself, each step kept only when the question is still valid and still disagrees the same way (the same
differing keys and values, the disagreement's ``signature``; ``recheck`` gives it):

* :func:`drop_keys`: each key of the question left out in turn (a flag such as ``passed``, a key with a default);
* :func:`drop_entries`: each entry of each list left out in turn (a show, a load, a card of a hand);
* :func:`drop_ranks`: every card of one rank left out at once, wherever it is (a pair of a pair run, a triple of an
  airplane: entries that only go together);
* :func:`lower_cards`: every card of one rank moved to a lower rank the question does not hold (all four queens to
  threes together), and each card moved to an earlier suit of its rank, in the notation order of
  :data:`~datong_rules.reference_impl.cards.ALL_CARDS` (suits ``S H C D``, ranks ``2 … A``); jokers stay.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Protocol, TypeVar

from datong_rules.reference_impl.cards import ALL_CARDS, card_rank, card_suit, is_card


class _Case(Protocol):
    given: dict[str, Any]

    @property
    def signature(self) -> tuple[Any, ...]: ...


C = TypeVar("C", bound=_Case)
Recheck = Callable[[dict[str, Any]], Any]
"""``recheck(question)``: the disagreement on ``question`` if it is a valid one, else None."""

SUITS = tuple(dict.fromkeys(card_suit(c) for c in ALL_CARDS if card_suit(c)))
RANKS = tuple(dict.fromkeys(card_rank(c) for c in ALL_CARDS if card_suit(c)))


def drop_keys(case: C, recheck: Recheck) -> C:
    """``case`` without the keys of its question it can do without: each is left out in turn, and kept out when the
    question is still valid (a required key is not) and disagrees in the same way (the same ``signature``)."""
    same = _same(case, recheck)
    for key in list(case.given):
        found = same({k: v for k, v in case.given.items() if k != key}) if key in case.given else None
        if found is not None:
            case = found
    return case


def drop_entries(case: C, recheck: Recheck, budget: int = 200) -> C:
    """``case`` made smaller after Hypothesis' shrink: each entry of each list of the question (a show, a load, a
    card of a hand) is left out in turn, and kept out when the smaller question is still valid and still answered
    differently, in the same way (the same ``signature``; Hypothesis does not always manage to drop an entry that
    others follow). At most ``budget`` questions are asked."""
    same = _same(case, recheck)
    changed = True
    while changed and budget > 0:
        changed = False
        for key, value in list(case.given.items()):
            if not isinstance(value, list):
                continue
            i = len(value) - 1
            while i >= 0 and budget > 0:
                budget -= 1
                smaller = same({**case.given, key: value[:i] + value[i + 1:]})
                if smaller is not None:
                    case, value, changed = smaller, smaller.given[key], True
                i -= 1
    return case


def drop_ranks(case: C, recheck: Recheck, budget: int = 60) -> C:
    """``case`` without whole ranks: for each rank the question holds (each joker a rank of its own), every card of
    it is left out of every list at once, and kept out when the question still disagrees in the same way (the
    same ``signature``). At most ``budget`` questions are asked."""
    same = _same(case, recheck)
    changed = True
    while changed and budget > 0:
        changed = False
        for rank in sorted({card_rank(c) for c in _cards(case.given)}, key=_rank_place, reverse=True):
            if budget <= 0:
                break
            budget -= 1
            found = same(_without(case.given, rank))
            if found is not None:
                case, changed = found, True
                break
    return case


def lower_cards(case: C, recheck: Recheck, budget: int = 200) -> C:
    """``case`` with its cards moved as low as they go (see the module docstring): a whole rank to the lowest rank
    absent from the question, then each card to the earliest suit of its rank, while the question still disagrees
    in the same way (``recheck`` gives a disagreement of the same ``signature``). At most ``budget`` questions are
    asked; the question is returned unchanged when it holds no card."""
    same = _same(case, recheck)
    changed = True
    while changed and budget > 0:
        changed = False
        held = list(_cards(case.given))
        present = {card_rank(c) for c in held if card_suit(c)}
        for rank in sorted(present, key=RANKS.index, reverse=True):
            for lower in RANKS[:RANKS.index(rank)]:
                if lower in present or budget <= 0:
                    continue
                budget -= 1
                found = same(_mapped(case.given, lambda c, r=rank, lo=lower: _with_rank(c, r, lo)))
                if found is not None:
                    case, changed = found, True
                    break
            if changed:
                break
        if changed:
            continue
        for index, card in enumerate(held):
            suit = card_suit(card)
            for earlier in SUITS[:SUITS.index(suit)] if suit else ():
                if budget <= 0:
                    break
                budget -= 1
                found = same(_nth(case.given, index, earlier + card_rank(card)))
                if found is not None:
                    case, changed = found, True
                    break
            if changed:
                break
    return case


def _same(case: _Case, recheck: Recheck) -> Recheck:
    """``recheck`` keeping only disagreements of ``case``'s signature."""
    signature = case.signature

    def same(question: dict[str, Any]) -> Any:
        found = recheck(question)
        return found if found is not None and found.signature == signature else None

    return same


def _rank_place(rank: str) -> int:
    return RANKS.index(rank) if rank in RANKS else len(RANKS)


def _without(value: Any, rank: str) -> Any:
    """``value`` with every card of ``rank`` left out of its lists."""
    if isinstance(value, dict):
        return {k: _without(v, rank) for k, v in value.items()}
    if isinstance(value, list):
        return [_without(v, rank) for v in value if not (is_card(v) and card_rank(v) == rank)]
    return value


def _with_rank(card: str, rank: str, lower: str) -> str:
    suit = card_suit(card)
    return suit + lower if suit and card_rank(card) == rank else card


def _cards(value: Any) -> Iterator[str]:
    """Every card token of a question, in order (keys in their order, lists in theirs)."""
    if is_card(value):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _cards(item)
    elif isinstance(value, list):
        for item in value:
            yield from _cards(item)


def _mapped(value: Any, change: Callable[[str], str]) -> Any:
    """``value`` with each card token replaced by ``change(card)``."""
    if is_card(value):
        return change(value)
    if isinstance(value, dict):
        return {k: _mapped(v, change) for k, v in value.items()}
    if isinstance(value, list):
        return [_mapped(v, change) for v in value]
    return value


def _nth(value: Any, index: int, card: str) -> Any:
    """``value`` with its ``index``-th card token (in :func:`_cards`' order) replaced by ``card``."""
    seen = iter(range(1 << 62))

    def change(old: str) -> str:
        return card if next(seen) == index else old

    return _mapped(value, change)
