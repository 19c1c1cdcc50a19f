"""The memo of two generations (:class:`datong_rules.reference_impl.recent_memo.Recent`) the engines' bounded memos
use: an answer asked again is kept when its generation is forgotten, and at most twice its size are held."""

from __future__ import annotations

from datong_rules.reference_impl.recent_memo import Recent


def test_a_memo_of_two_generations_keeps_what_is_asked_again():
    memo = Recent(2)
    memo.put("a", 1)
    memo.put("b", 2)
    memo.put("c", 3)  # the young generation was full: a and b are now the old one
    assert memo.get("a") == 1  # asked again: taken back into the young one (c, a)
    memo.put("d", 4)  # full again: c and a are the old one, b forgotten
    assert memo.get("b") is None
    assert (memo.get("a"), memo.get("c"), memo.get("d")) == (1, 3, 4)
    assert len(memo.young) <= 2 and len(memo.old) <= 2

