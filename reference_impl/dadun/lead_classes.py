"""A hand's lead classes kept up to date as it plays (the random bot's draw reads them at every decision of its
seat): the classes of :func:`.count.play_classes` with no table, worked out unit by unit (a card, a rank, a run
window …: :data:`.count.Unit`). After a play only the units that read the cards played and still have a class
are worked out again, and only when a decision needs them (a follow reads the shapes that may beat the table, a
lead every shape). A play with a wild card changes every unit that may use one: every unit with a class is then
worked out again (a hand holds few wild cards, so this is rare) [combinations.*, wild.*, beating.*]. The units
of runs, full houses and straight flushes are counted only (:attr:`.count.Shape.count_of`): a unit's class is made
from its count when first read since the unit changed (drawn, listed, or beating a table it is compared with by
its key's representative), and kept until the unit changes again.

The units of a shape come in spans of one combination (:func:`.count.unit_spans`), each with its plays counted as
its units change: a follow asks only the spans of the combinations that may beat the table, takes a span whose
tier beats the table's whole (its count, never looking at its classes), and checks one class by one only in a span
that must be compared with the table (:func:`_plan`); a play is then drawn (:meth:`LeadClasses.draw`) without
making the list of the classes that beat. The tables met lately are remembered per rules object in two
generations (:class:`..recent_memo.Recent`), never all forgotten at once.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..climbing.beating import COMPARE, tier_reason
from ..climbing.reading import Reading
from ..recent_memo import Recent
from .combinations import (TIER, TIERS, BeatTarget, _tiers, beat_target, beats_target, reading_of, rules_memo,
                           table_is_led, wild_card)
from .count import SHAPE_OF, SHAPES, PlayClass, Shape, Span, _Hand, unit_spans, units_by_card
from .rules import DadunRules

Make = Callable[[_Hand, Any], tuple[PlayClass, ...]]
"""A shape's maker of one unit's classes (:attr:`.count.Shape.make`)."""

Part = tuple[int, int, int, int, list[PlayClass] | None]
"""(plays, shape, first, last, classes): the plays of one span that beat a table (:meth:`LeadClasses._parts`):
those of the shape's units ``first`` … ``last - 1``, every class of them (``classes`` None), or only ``classes``."""

Visit = tuple[int, tuple[tuple[int, int, int, bool], ...]]
"""(shape, its spans to read: (place of the span, first unit, past the last, whether its plays all beat))."""


def recent(rules: DadunRules, name: str, size: int) -> Recent:
    """The :class:`..recent_memo.Recent` memo ``name`` (generations of ``size`` entries) of the rules object
    ``rules`` (kept as :func:`.combinations.rules_memo` keeps its memos)."""
    memo = rules_memo(rules, name)
    found = memo.get("recent")
    if found is None:
        found = memo["recent"] = Recent(size)
    return found


class LeadClasses:
    """The lead classes of one hand at one level, kept while the hand loses cards (:meth:`remove`).

    The units are those of the hand as it was made (a unit of a card or a dun the hand no longer holds has no
    class), in :func:`.count.play_classes` order, shape by shape; a shape is worked out whole when first needed,
    then only its units that read cards lost since (and still have a class) when next needed.

    Attributes: rules, hand (the Counter read; the caller's, changed by the caller), level, wild (the wild card's
    token).
    """

    __slots__ = ("rules", "hand", "level", "wild", "_view", "_keys", "_by_card", "_spans", "_span_of", "_classes",
                 "_ways", "_span_ways", "_live", "_pending", "_every", "_total", "_wilds", "_flat", "_visits",
                 "_targets", "_readings")

    def __init__(self, rules: DadunRules, hand: Counter, level: str) -> None:
        self.rules, self.hand, self.level = rules, hand, level
        self.wild = wild_card(rules, level)
        view = self._view = _Hand(rules, hand, level, None, "round_opening")
        self._keys: list[list[Any]] = []  # per shape: its units' keys (shared by every hand for a fixed shape)
        self._by_card: list[dict[str, frozenset[int]]] = []  # per shape: card → the places of its units reading it
        self._spans: list[tuple[Span, ...]] = []  # per shape: its units' spans of one combination
        self._span_of: list[list[int]] = []  # per shape, per unit: the place of its span
        memo = rules_memo(rules, "lead_units")
        fixed = memo.get(level)
        if fixed is None:  # the fixed shapes' units, the same for every hand of these rules at this level
            fixed = memo[level] = [_units_of(shape, view) if shape.fixed else None for shape in SHAPES]
        for shape, known in zip(SHAPES, fixed):
            keys, by_card, spans, span_of = _units_of(shape, view) if known is None else known
            self._keys.append(keys)
            self._by_card.append(by_card)
            self._spans.append(spans)
            self._span_of.append(span_of)
        n = len(SHAPES)
        self._classes: list[list[tuple[PlayClass, ...] | None]] = [[] for _ in range(n)]
        """Per shape, per unit: its classes (None: not made yet, :meth:`_made`; a shape with a ``count_of`` counts its
        units' plays and makes their classes only when they are read)."""
        self._ways: list[list[int]] = [[] for _ in range(n)]  # per shape, per unit: its classes' plays
        self._span_ways: list[list[int]] = [[] for _ in range(n)]  # per shape, per span: its classes' plays
        self._live: list[list[int]] = [[] for _ in range(n)]  # per shape: the places of its units with a class
        self._flat: list[list[PlayClass] | None] = [None] * n  # per shape: its classes in order (None: to make)
        self._visits: dict[tuple[str, frozenset[str] | None], list[Visit]] = {}
        """(table's combination, among) → the spans :meth:`_parts` reads, shape by shape."""
        self._pending: list[set[str] | None] = [None] * n  # per shape: None never worked out, else the cards lost since
        self._every = [False] * n  # per shape: every unit with a class to work out again (the wild cards changed)
        self._total = 0
        self._wilds = hand.get(self.wild, 0)
        readings = rules_memo(rules, "class_readings")
        found = readings.get(level)
        if found is None:
            found = readings[level] = [{} for _ in SHAPES]
        self._readings: list[dict[tuple[str, ...], Reading]] = found
        """Per shape: a class's representative → its reading at the level (kept per rules object and level)."""
        self._targets = recent(rules, "beat_targets", 4096)
        """(table's reading but its cards, led, level) → (the table as plays are compared with it, per shape:
        representative → whether its class beats) (:meth:`_target`)."""

    def remove(self, cards: Iterable[str]) -> None:
        """Take into account that the hand lost ``cards`` (the caller has taken them out of it): the units that
        read them are worked out again when next needed, every unit when the hand's wild cards changed; but a unit
        with no class keeps none (a hand that loses cards loses plays, never gains one: a lead's reading does not
        depend on the cards kept), so a shape with no class left is not looked at again."""
        pending = self._pending
        wilds = self.hand.get(self.wild, 0)
        played = set(cards)
        if wilds != self._wilds:  # the view's count of wild cards (all it reads of them) set anew
            played.discard(self.wild)
            self._view.forget(played)
            self._view.w_max = self._wilds = wilds
            for shape, cards_lost in enumerate(pending):
                if cards_lost is not None:
                    self._every[shape] = True
            return
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
            view, keys, of = self._view, self._keys[shape], SHAPES[shape]
            count, at_once = of.count_of, of.count_at_once
            if count is None:
                made = [of.make(view, key) for key in keys]
                ways = [found[0].ways if len(found) == 1 else sum(c.ways for c in found) for found in made]
                self._classes[shape] = list(made)
            else:  # counted only: the classes are made when read
                ways = at_once(view, keys) if at_once is not None else [count(view, key) for key in keys]
                self._classes[shape] = [None] * len(keys)
            self._ways[shape] = ways
            self._span_ways[shape] = [sum(ways[first:last]) for _, first, last in self._spans[shape]]
            self._total += sum(ways)
            self._live[shape] = [i for i, w in enumerate(ways) if w]
        elif not self._update(shape, lost, every):  # no unit with a class reads the cards lost: the classes stand
            lost.clear()
            return
        self._pending[shape] = set()
        self._every[shape] = False
        self._flat[shape] = None

    def _update(self, shape: int, lost: set[str], every: bool) -> bool:
        """Work out again the units of the shape ``shape`` with a class that read the cards ``lost`` (``every``:
        every unit with a class); whether there was one."""
        classes, ways, live = self._classes[shape], self._ways[shape], self._live[shape]
        if every:
            todo: Iterable[int] = live
        else:
            by_card = self._by_card[shape]
            todo = []
            if live:
                units: set[int] = set()
                for card in lost:
                    found_units = by_card.get(card)
                    if found_units is not None:
                        units |= found_units
                todo = [i for i in units if ways[i]]
            if not todo:
                return False
        view, keys, of = self._view, self._keys[shape], SHAPES[shape]
        span_ways, span_of = self._span_ways[shape], self._span_of[shape]
        emptied = []
        total = self._total
        make, count = of.make, of.count_of
        for i in todo:
            if count is None:
                found = classes[i] = make(view, keys[i])
                now = found[0].ways if len(found) == 1 else sum(c.ways for c in found)  # most units: one class
            else:  # counted only: its classes made again when read
                now = count(view, keys[i])
                classes[i] = None
            change = now - ways[i]
            if change:
                total += change
                span_ways[span_of[i]] += change
                ways[i] = now
                if not now:
                    emptied.append(i)
        self._total = total
        if len(emptied) > 2:
            self._live[shape] = [i for i in live if ways[i]]
        else:  # a unit or two without a class now: taken out of the list of those with one
            for i in emptied:
                del live[bisect_left(live, i)]
        return True

    def _made(self, shape: int, unit: int) -> tuple[PlayClass, ...]:
        """The classes of the unit ``unit`` of the shape ``shape`` (worked out), made when first read since it
        changed (a shape with a ``count_of``: :attr:`.count.Shape.count_of`; from the count kept when the shape has a
        ``build``)."""
        found = self._classes[shape][unit]
        if found is None:
            of = SHAPES[shape]
            build = of.build
            found = self._classes[shape][unit] = of.make(self._view, self._keys[shape][unit]) if build is None \
                else build(self._view, self._keys[shape][unit], self._ways[shape][unit])
        return found

    def _worked_out(self, shape: int) -> None:
        """:meth:`_refresh` the shape ``shape`` when it has changes to work out (its first test, inlined)."""
        lost = self._pending[shape]
        if lost is None or lost or self._every[shape]:
            self._refresh(shape)

    def _flat_of(self, shape: int) -> list[PlayClass]:
        """The classes of the shape ``shape`` (worked out), in order (made again after a change)."""
        self._worked_out(shape)
        flat = self._flat[shape]
        if flat is None:
            classes, made = self._classes[shape], self._made  # made when not yet (a live unit has a class)
            flat = self._flat[shape] = [found for i in self._live[shape] for found in classes[i] or made(shape, i)]
        return flat

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
        for shape in range(len(SHAPES)) if among is None else _shapes_of(among):
            out += self._flat_of(shape)
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
            ways = sum(self._span_ways[shape])
            if i < ways:
                return self._pick_in(shape, 0, len(self._keys[shape]), i)
            i -= ways
        raise AssertionError("the units' plays add up to the total")  # pragma: no cover

    def _pick_in(self, shape: int, first: int, last: int, i: int) -> PlayClass:
        """The class of the ``i``-th play of the units ``first`` … ``last - 1`` of the shape ``shape`` (``i`` below
        their plays)."""
        ways, live = self._ways[shape], self._live[shape]
        for unit in live[bisect_left(live, first):bisect_left(live, last)]:
            if i < ways[unit]:
                for found in self._made(shape, unit):
                    if i < found.ways:
                        return found
                    i -= found.ways
            i -= ways[unit]
        raise AssertionError("the units' plays add up to their count")  # pragma: no cover

    def draw(self, table: Reading | None, table_was: str, others: int, rng: random.Random) -> PlayClass | None:
        """The class of a play drawn uniformly among the hand's plays that lead (``table`` None) or beat ``table``
        (as :meth:`classes` and :meth:`beating` list them) and ``others`` further actions: one number drawn,
        ``int(rng.random() * (plays + others))``, the plays taken class by class in that order; None when one of
        the ``others`` is drawn (no number drawn when there is no play and ``others`` is 0)."""
        if table is None:
            total = self.total
            if not total + others:
                return None
            i = int(rng.random() * (total + others))
            return self.pick(i) if i < total else None
        total, parts = self._parts(table, table_was, None)
        if not total + others:
            return None
        i = int(rng.random() * (total + others))
        if i >= total:
            return None
        for ways, shape, first, last, checked in parts:
            if i < ways:
                if checked is None:
                    return self._pick_in(shape, first, last, i)
                for found in checked:
                    if i < found.ways:
                        return found
                    i -= found.ways
            i -= ways
        raise AssertionError("the parts' plays add up to the total")  # pragma: no cover

    def beating(self, table: Reading, table_was: str, among: frozenset[str] | None = None) -> list[PlayClass]:
        """The classes that beat ``table`` (``table_was``: ``hand_opening`` | ``round_opening`` | ``follow``), in
        :meth:`classes` order: those of the spans of the combinations that may beat it (:func:`_plan`; ``among``:
        of the shapes that make these combinations only), a span whose tier beats the table's whole, else each
        class checked on its representative (:meth:`_parts`) [beating.*]."""
        out: list[PlayClass] = []
        for _, shape, first, last, checked in self._parts(table, table_was, among)[1]:
            if checked is None:
                classes, live = self._classes[shape], self._live[shape]
                for unit in live[bisect_left(live, first):bisect_left(live, last)]:
                    out += classes[unit] or self._made(shape, unit)
            else:
                out += checked
        return out

    def _parts(self, table: Reading, table_was: str, among: frozenset[str] | None) -> tuple[int, list[Part]]:
        """(how many plays beat ``table``, their :data:`Part` span by span in :meth:`classes` order): the spans of
        the combinations :func:`_plan` names (of the shapes that make ``among`` only, when given), a span whose
        tier beats the table's whole taken whole, the classes of a span to compare each checked on its
        representative (remembered per rules object, by the table's reading but its cards and whether the table
        counts as led: whether a play beats a table depends on the ranks its cards stand for, which its
        combination, key and top rank tell, and on :func:`.combinations.table_is_led` alone of ``table_was``; per
        shape by the representative, which names one class of a shape) [beating.*]."""
        rules, level = self.rules, self.level
        target, known = self._target(table, table_was)
        visits = self._visits.get((table.combination, among))
        if visits is None:
            visits = self._visits[table.combination, among] = self._visits_of(table.combination, among)
        pending, every, readings = self._pending, self._every, self._readings
        total = 0
        parts: list[Part] = []
        for shape, spans in visits:
            lost = pending[shape]
            if lost is None or lost or every[shape]:  # else nothing to work out (:meth:`_refresh`'s first test)
                self._refresh(shape)
            span_ways, spans_of = self._span_ways[shape], self._spans[shape]
            for s, first, last, all_beat in spans:
                ways = span_ways[s]
                if not ways:
                    continue
                if all_beat:
                    parts.append((ways, shape, first, last, None))
                    total += ways
                    continue
                of_shape = known[shape]
                get = of_shape.get
                read = readings[shape]
                classes, live = self._classes[shape], self._live[shape]
                lazy = SHAPES[shape].build is not None  # a unit of one class, its representative its key's last
                keys, unit_ways = self._keys[shape], self._ways[shape]
                got = []
                ways = 0
                for unit in live[bisect_left(live, first):bisect_left(live, last)]:
                    made = classes[unit]
                    if made is None:
                        if lazy:  # its class compared by the key, made only when it beats
                            stood = keys[unit][-1]
                            beats_it = get(stood)
                            if beats_it is None:
                                beats_it = of_shape[stood] = _beats(rules, level, read, spans_of[s][0], stood, target)
                            if beats_it:
                                got.append(self._made(shape, unit)[0])
                                ways += unit_ways[unit]
                            continue
                        made = self._made(shape, unit)
                    for one in made:
                        beats_it = get(one[1])  # its representative (stood)
                        if beats_it is None:
                            beats_it = of_shape[one[1]] = _beats(rules, level, read, one[0], one[1], target)
                        if beats_it:
                            got.append(one)
                            ways += one[2]
                if ways:
                    parts.append((ways, shape, first, last, got))
                    total += ways
        return total, parts

    def _visits_of(self, combination: str, among: frozenset[str] | None) -> list[Visit]:
        """The spans :meth:`_parts` reads for a table of ``combination``: those of the combinations :func:`_plan`
        names, shape by shape in order (of the shapes that make ``among`` only, when given)."""
        shapes, whole = _plan(self.rules, combination)
        if among is not None:
            shapes = _among(shapes, among)
        return [(shape, tuple((s, first, last, whole[name]) for s, (name, first, last) in enumerate(self._spans[shape])
                              if name in whole)) for shape in shapes]

    def _target(self, table: Reading, table_was: str) -> tuple[BeatTarget, list[dict[tuple[str, ...], bool]]]:
        """(``table`` as plays are compared with it, per shape: representative → whether its class beats it),
        remembered per rules object for the tables met lately (:class:`..recent_memo.Recent`)."""
        slot = (table[:7], table_is_led(self.rules, table_was), self.level)  # the table's cards through its fields
        found = self._targets.get(slot)
        if found is None:
            found = (beat_target(self.rules, table, self.level, table_was), [{} for _ in SHAPES])
            self._targets.put(slot, found)
        return found


def _beats(rules: DadunRules, level: str, read: dict[tuple[str, ...], Reading], combination: str,
           stood: tuple[str, ...], target: BeatTarget) -> bool:
    """Whether the class of ``combination`` with the representative ``stood`` beats the table of ``target``
    (its reading at ``level`` kept in ``read``)."""
    reading = read.get(stood)
    if reading is None:
        reading = read[stood] = reading_of(rules, combination, stood, level)
    return beats_target(rules, reading, target) is None


def _units_of(shape: Shape, view: _Hand) -> tuple[list[Any], dict[str, frozenset[int]], tuple[Span, ...], list[int]]:
    """The units of ``shape`` in the hand ``view``: their keys and, card → the places of those reading it
    (:func:`.count.units_by_card`), their spans of one combination and the place of each one's span
    (:func:`.count.unit_spans`)."""
    keys, by_card = units_by_card(shape, view)
    spans, span_of = unit_spans(shape, view, keys)
    return keys, by_card, spans, span_of


def _plan(rules: DadunRules, combination: str) -> tuple[tuple[int, ...], dict[str, bool]]:
    """(the places in :data:`.count.SHAPES` of the shapes that make a combination of the catalogue that may beat a
    play of ``combination``, in order; combination → whether its plays all beat such a play, else whether each must
    be compared with it): every combination whose tier beats the table's, as :func:`..climbing.beating.tier_reason`
    says (all of its plays beat: :func:`.combinations.beats_target` asks that first), and those of the table's
    tier that it compares, above the ordinary tier or of ``combination`` itself in it (remembered per rules object)
    [beating.*]."""
    memo = rules_memo(rules, "beating_plan")
    found = memo.get(combination)
    if found is None:
        tiers = _tiers(rules.bombs_beat_ordinary)
        table_tier = TIERS[TIER[combination]]
        whole: dict[str, bool] = {}
        for name in rules.catalogue:
            reason = tier_reason(tiers, TIERS[TIER[name]], table_tier)
            if reason is None or reason == COMPARE and (TIER[name] or name == combination):
                whole[name] = reason is None
        shapes = tuple(sorted({SHAPES.index(SHAPE_OF[name]) for name in whole}))
        found = memo[combination] = (shapes, whole)
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
