"""A hand's lead classes kept up to date as it plays (the random bot's draw reads them at every decision of its
seat): the classes of :func:`.count.play_classes` with no table, worked out unit by unit (a card, a rank, a run
window …: :data:`.count.Unit`). After a play only the units that read the cards played and still have a class
are worked out again, and only when a decision needs them (a follow reads the shapes that may beat the table, a
lead every shape). A play with a wild card changes every unit that may use one: every unit with a class is then
worked out again (a hand holds few wild cards, so this is rare) [combinations.*, wild.*, beating.*].
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..climbing.beating import COMPARE, tier_reason
from ..climbing.reading import Reading
from .combinations import (TIER, TIERS, BeatTarget, _tiers, beat_target, beats_target, reading_of, rules_memo,
                           table_is_led, wild_card)
from .count import SHAPE_OF, SHAPES, PlayClass, _Hand, units_by_card
from .rules import DadunRules

Make = Callable[[_Hand, Any], tuple[PlayClass, ...]]
"""A shape's maker of one unit's classes (:attr:`.count.Shape.make`)."""

class LeadClasses:
    """The lead classes of one hand at one level, kept while the hand loses cards (:meth:`remove`).

    The units are those of the hand as it was made (a unit of a card or a dun the hand no longer holds has no
    class), in :func:`.count.play_classes` order, shape by shape; a shape is worked out whole when first needed,
    then only its units that read cards lost since (and still have a class) when next needed.

    Attributes: rules, hand (the Counter read; the caller's, changed by the caller), level, wild (the wild card's
    token).
    """

    __slots__ = ("rules", "hand", "level", "wild", "_view", "_keys", "_by_card", "_classes", "_ways", "_live",
                 "_pending", "_every", "_total", "_wilds", "_flat", "_beats", "_shapes")

    def __init__(self, rules: DadunRules, hand: Counter, level: str) -> None:
        self.rules, self.hand, self.level = rules, hand, level
        self.wild = wild_card(rules, level)
        view = self._view = _Hand(rules, hand, level, None, "round_opening")
        self._keys: list[list[Any]] = []  # per shape: its units' keys (shared by every hand for a fixed shape)
        self._by_card: list[dict[str, list[int]]] = []  # per shape: card → the places of its units that read it
        for shape in SHAPES:
            keys, by_card = units_by_card(shape, view)
            self._keys.append(keys)
            self._by_card.append(by_card)
        n = len(SHAPES)
        self._classes: list[list[tuple[PlayClass, ...]]] = [[] for _ in range(n)]  # per shape, per unit
        self._ways: list[list[int]] = [[] for _ in range(n)]  # per shape, per unit: its classes' plays
        self._live: list[list[int]] = [[] for _ in range(n)]  # per shape: the places of its units with a class
        self._flat: list[list[PlayClass]] = [[] for _ in range(n)]  # per shape: its classes, in order
        self._pending: list[set[str] | None] = [None] * n  # per shape: None never worked out, else the cards lost since
        self._every = [False] * n  # per shape: every unit with a class to work out again (the wild cards changed)
        self._total = 0
        self._wilds = hand.get(self.wild, 0)
        self._beats: dict[Any, tuple[BeatTarget, list[dict[tuple[str, ...], bool]]]] = rules_memo(
            rules, "uniform_beats")
        """(table's reading but its cards, led, level) → (the table as plays are compared with it, per shape:
        representative → whether its class beats)."""
        self._shapes: dict[tuple[str, frozenset[str] | None], tuple[int, ...]] = rules_memo(rules, "beating_shapes")
        """(table's combination, among) → the places of the shapes :meth:`beating` reads."""

    def remove(self, cards: Iterable[str]) -> None:
        """Take into account that the hand lost ``cards`` (the caller has taken them out of it): the units that
        read them are worked out again when next needed, every unit when the hand's wild cards changed; but a unit
        with no class keeps none (a hand that loses cards loses plays, never gains one: a lead's reading does not
        depend on the cards kept), so a shape with no class left is not looked at again."""
        pending = self._pending
        wilds = self.hand.get(self.wild, 0)
        if wilds != self._wilds:
            self._view = _Hand(self.rules, self.hand, self.level, None, "round_opening")
            self._wilds = wilds
            for shape, cards_lost in enumerate(pending):
                if cards_lost is not None:
                    self._every[shape] = True
            return
        played = set(cards)
        self._view.forget(played)
        for cards_lost, live in zip(pending, self._live):
            if cards_lost is not None and live:
                cards_lost |= played

    def _refresh(self, shape: int) -> None:
        """Work out again the units of the shape ``shape`` (its place in SHAPES) changed since last worked out."""
        lost = self._pending[shape]
        every = self._every[shape]
        if lost is not None and not lost and not every:
            return
        if lost is None:  # never worked out: every unit
            view, at_once, keys = self._view, SHAPES[shape].at_once, self._keys[shape]
            classes = self._classes[shape] = at_once(view, keys) if at_once is not None else [
                SHAPES[shape].make(view, key) for key in keys]
            ways = self._ways[shape] = [found[0].ways if len(found) == 1 else sum(c.ways for c in found)
                                        for found in classes]
            self._total += sum(ways)
            live = self._live[shape] = [i for i, found in enumerate(classes) if found]
        else:
            updated = self._update(shape, lost, every)
            if updated is None:  # no unit with a class reads the cards lost: the shape's classes stand
                lost.clear()
                return
            live = updated
        self._pending[shape] = set()
        self._every[shape] = False
        classes = self._classes[shape]
        self._flat[shape] = [found for i in live for found in classes[i]]

    def _update(self, shape: int, lost: set[str], every: bool) -> list[int] | None:
        """Work out again the units of the shape ``shape`` with a class that read the cards ``lost`` (``every``:
        every unit with a class); the places of its units with a class now, or None when no unit was to be worked
        out."""
        classes, ways, live = self._classes[shape], self._ways[shape], self._live[shape]
        if every:
            todo: Iterable[int] = live
        else:
            by_card = self._by_card[shape]
            todo = {i for card in lost for i in by_card.get(card, ()) if classes[i]} if live else ()
            if not todo:
                return None
        view, make, keys = self._view, SHAPES[shape].make, self._keys[shape]
        emptied = False
        for i in todo:
            found = classes[i] = make(view, keys[i])
            now = found[0].ways if len(found) == 1 else sum(c.ways for c in found)  # most units: one class
            self._total += now - ways[i]
            ways[i] = now
            emptied = emptied or not found
        if emptied:
            live = self._live[shape] = [i for i in live if classes[i]]
        return live

    @property
    def total(self) -> int:
        """How many plays the hand may lead (every class's :attr:`~.count.PlayClass.ways`)."""
        pending, every = self._pending, self._every
        for shape, lost in enumerate(pending):
            if lost is None or lost or every[shape]:  # else nothing to work out (:meth:`_refresh`'s first test)
                self._refresh(shape)
        return self._total

    def classes(self, among: frozenset[str] | None = None) -> list[PlayClass]:
        """Every lead class, in :func:`.count.play_classes` order (``among``: only the classes of the shapes that
        make these combinations, :data:`.count.SHAPE_OF`; other combinations those shapes make come too)."""
        out: list[PlayClass] = []
        pending, every = self._pending, self._every
        for shape in range(len(SHAPES)) if among is None else _shapes_of(among):
            lost = pending[shape]
            if lost is None or lost or every[shape]:  # else nothing to work out (:meth:`_refresh`'s first test)
                self._refresh(shape)
            out += self._flat[shape]
        return out

    def pick(self, i: int) -> PlayClass:
        """The class of the ``i``-th play (0 ≤ i < :attr:`total`) when the plays are taken class by class in
        :meth:`classes` order.

        Raises:
            IndexError: ``i`` is not below :attr:`total`.
        """
        if not 0 <= i < self.total:
            raise IndexError(f"no play {i} among the hand's {self._total}")
        for shape, live in enumerate(self._live):
            ways, classes = self._ways[shape], self._classes[shape]
            for unit in live:
                if i < ways[unit]:
                    for found in classes[unit]:
                        if i < found.ways:
                            return found
                        i -= found.ways
                i -= ways[unit]
        raise AssertionError("the units' plays add up to the total")  # pragma: no cover

    def beating(self, table: Reading, table_was: str, among: frozenset[str] | None = None) -> list[PlayClass]:
        """The classes that beat ``table`` (``table_was``: ``hand_opening`` | ``round_opening`` | ``follow``), in
        :meth:`classes` order: those of the shapes whose combinations may beat it (:func:`_rivals`; ``among``: of
        those, only the shapes that make these combinations), each checked on its representative (remembered per
        rules object, by the table's reading but its cards, and whether the table counts as led: whether a play
        beats a table depends on the ranks its cards stand for, which its combination, key and top rank tell, and
        on :func:`.combinations.table_is_led` alone of ``table_was``; per shape by the representative, which names
        one class of a shape) [beating.*]."""
        rules, level = self.rules, self.level
        memo = self._beats
        if len(memo) > 4096:
            memo.clear()
        led = table_is_led(rules, table_was)
        slot = (table[:7], led, level)  # a table's cards but through its fields: its ranks decide
        found = memo.get(slot)
        if found is None:
            found = memo[slot] = (beat_target(rules, table, level, table_was), [{} for _ in SHAPES])
        target, known = found
        shapes = self._shapes.get((table.combination, among))
        if shapes is None:
            shapes = _rivals(rules, table.combination)
            if among is not None:
                shapes = _among(shapes, among)
            self._shapes[table.combination, among] = shapes
        out = []
        flat, pending, every = self._flat, self._pending, self._every
        for shape in shapes:
            lost = pending[shape]
            if lost is None or lost or every[shape]:  # else nothing to work out (:meth:`_refresh`'s first test)
                self._refresh(shape)
            of_shape = known[shape]
            get = of_shape.get
            for one in flat[shape]:
                beats_it = get(one[1])  # its representative (stood)
                if beats_it is None:
                    beats_it = of_shape[one[1]] = beats_target(
                        rules, reading_of(rules, one[0], one[1], level), target) is None
                if beats_it:
                    out.append(one)
        return out


def _rivals(rules: DadunRules, combination: str) -> tuple[int, ...]:
    """The places in :data:`.count.SHAPES` of the shapes that make a combination of the catalogue that may beat a
    play of ``combination``: by tiers, or of its tier (of ``combination`` itself in the ordinary tier), in order
    (remembered per rules object) [beating.*]."""
    memo = rules_memo(rules, "rivals")
    found = memo.get(combination)
    if found is None:
        tiers = _tiers(rules.bombs_beat_ordinary)
        table_tier = TIERS[TIER[combination]]
        shapes = set()
        for name in rules.catalogue:
            reason = tier_reason(tiers, TIERS[TIER[name]], table_tier)
            if reason is None or reason == COMPARE and (TIER[name] or name == combination):
                shapes.add(SHAPES.index(SHAPE_OF[name]))
        found = memo[combination] = tuple(sorted(shapes))
    return found


_SHAPES_OF: dict[frozenset[str], tuple[int, ...]] = {}
_AMONG: dict[tuple[tuple[int, ...], frozenset[str]], tuple[int, ...]] = {}


def _among(shapes: tuple[int, ...], combinations: frozenset[str]) -> tuple[int, ...]:
    """Those of ``shapes`` (places in :data:`.count.SHAPES`) that make ``combinations``, in order (remembered)."""
    found = _AMONG.get((shapes, combinations))
    if found is None:
        wanted = _shapes_of(combinations)
        found = _AMONG[shapes, combinations] = tuple(shape for shape in shapes if shape in wanted)
    return found


def _shapes_of(combinations: frozenset[str]) -> tuple[int, ...]:
    """The places in :data:`.count.SHAPES` of the shapes that make ``combinations``, in order (remembered)."""
    found = _SHAPES_OF.get(combinations)
    if found is None:
        found = _SHAPES_OF[combinations] = tuple(sorted({SHAPES.index(SHAPE_OF[c]) for c in combinations
                                                         if c in SHAPE_OF}))
    return found
