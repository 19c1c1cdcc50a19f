"""A memo that forgets in two generations (:class:`Recent`), for the engines' bounded memos: what was asked lately
is kept, never all forgotten at once (a memo emptied whole when full forgets the answers in use with the rest, and
again and again when they are more than it holds). Game-neutral: it knows nothing of cards or rules.
"""

from __future__ import annotations

from typing import Any


class Recent:
    """A memo that keeps what was asked lately, in two generations of at most ``size`` entries each: an answer is
    put in the young one; when that one is full it becomes the old one (what was older is forgotten), and an answer
    asked again is taken back from the old one, so the answers in use are never all forgotten at once (a memo
    emptied whole when full forgets them all, again and again when they are more than it holds). It holds at most
    ``2 * size`` entries.

    Attributes: size (entries of one generation, ≥ 1), young and old (dicts: key → answer).
    """

    __slots__ = ("size", "young", "old")

    def __init__(self, size: int) -> None:
        self.size = size
        self.young: dict[Any, Any] = {}
        self.old: dict[Any, Any] = {}

    def get(self, key: Any) -> Any:
        """The answer kept for ``key`` (taken back into the young generation), or None (its answers are never
        None)."""
        found = self.young.get(key)
        if found is None:
            found = self.old.get(key)
            if found is not None:
                self.put(key, found)
        return found

    def put(self, key: Any, value: Any) -> None:
        """Keep ``value`` as the answer for ``key``."""
        if len(self.young) >= self.size:
            self.old = self.young
            self.young = {}
        self.young[key] = value
