"""Combinations with attachments in 憋蛋 Biedan (rule ``combinations.attachments``): three with one, three with a
pair, four with two, airplanes with wings — reading a set of cards, listing the shapes a hand can play, and the card
sets of a shape.

The count rules (the rule's schema says them; docs/implementers/biedan-operations.md, ``classify``): the main part
is ``per_rank`` singles or pairs heavier per rank; attached cards are never of a rank of the main part; attached
singles hold at most ``same_rank`` cards of one rank (rule ``combinations.attached_same_rank``: 1, 2 or 3), never
both jokers, and a rank whose three cards are attached is never next to the main part in ``ranking.sequence_order``
(with it the main part would be a longer run); attached pairs are of different ranks. With these rules the main part
is one window of the ranks held ``main_unit`` times (all of them when attached singles hold at most two of a rank):
another window would hold a rank next to the first one, so a set of cards has at most one reading.

With ``beside_body`` (``combinations.attached_same_rank: 3_beside_body``, OpenSpiel's reading) the rank whose three
cards are attached may lie next to the main part: every run of the ranks held three times that leaves proper
attachments is a reading (three each of 4, 5, 6 and 7: the main part 4-5-6 with the 7s, or 5-6-7 with the 4s), and
the same cards may also be a catalogue run of triples. The shapes of a hand then list each card set once: under its
**highest** main part (the rank just above the main part is never attached three times when the window one place up
is a run), and, leading, not at all when the catalogue reads the cards first (a run of triples: the catalogue's
shapes list it).

A **shape** of an attachment is a :class:`.combinations.Shape` whose ``ranks`` are the main part's strength indexes
(low to high; a run in sequence order) followed by one index per attached card (sorted), and whose ``key`` is the
main part's (the strength of its rank, or the sequence place of its top).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ..climbing.catalogue import Attachment
from ..climbing.reading import Reading

if TYPE_CHECKING:  # the table module imports this one
    from .combinations import Table

JOKER_RANKS = ("BJ", "LJ")


def main_length(att: Attachment, ranks: tuple[int, ...]) -> int:
    """Ranks of the main part of a shape of ``att`` whose ``ranks`` are as the module docstring says."""
    return len(ranks) // (1 + att.per_rank * att.attach_unit)


def reading_parts(t: Table, att: Attachment, counts: dict[str, int]) -> list[tuple[int, str, int]]:
    """``(key, top rank, main length)`` of each reading as ``att`` of the cards whose ranks are counted in
    ``counts``, by key from the lowest: none when they are not such a play, at most one but with ``beside_body``
    (see the module docstring for the count rules)."""
    found = []
    for main in _main_parts(t, att, counts):
        if _attached_ok(att, main, counts):
            part = _main_reading(t, att, main)
            if part is not None:
                found.append(part)
    return sorted(found)


def _main_reading(t: Table, att: Attachment, main: list[str]) -> tuple[int, str, int] | None:
    """``(key, top rank, length)`` of the ranks ``main`` as the main part of ``att``, or None when they are none."""
    combo = att.main
    if combo.shape == "same_rank":
        if len(main) != 1 or main[0] in JOKER_RANKS:
            return None
        return t.strength[main[0]], main[0], 1
    if len(main) < combo.min_length or (combo.max_length and len(main) > combo.max_length):
        return None
    top = t.run_top(main)
    return None if top is None else (top, t.seq_ranks[top], len(main))


def _main_parts(t: Table, att: Attachment, counts: dict[str, int]) -> list[list[str]]:
    """The rank lists that may be the main part of a set of ``counts`` read as ``att`` (as many ranks as its card
    count gives, each held ``main_unit`` times): with more such ranks (three attached singles of a rank), the one
    window beside none of the others, or with ``beside_body`` every run of them."""
    held = [rank for rank, n in counts.items() if n == att.main_unit]
    length, extra = divmod(sum(counts.values()), att.cards_for(1))
    if extra or not length or len(held) < length:
        return []
    if len(held) == length:
        return [held]
    found = [list(m) for m in itertools.combinations(held, length) if _main_ok(t, att, m, counts)]
    return found if len(found) == 1 or att.beside_body else []


def _attached_ok(att: Attachment, main: list[str], counts: dict[str, int]) -> bool:
    """Whether the cards beside the main part are its attachments: singles at most ``same_rank`` of a rank and not
    both jokers, or ``per_rank`` pairs per main rank, of different ranks."""
    kickers = {rank: n for rank, n in counts.items() if rank not in main}
    if att.attach == "single":
        return not (any(n > att.same_rank for n in kickers.values()) or all(j in kickers for j in JOKER_RANKS))
    return all(n == 2 for n in kickers.values()) and len(kickers) == att.per_rank * len(main)


def _main_ok(t: Table, att: Attachment, main: tuple[str, ...], counts: dict[str, int]) -> bool:
    """Whether ``main`` (ranks) may be the main part of a set of ``counts``: a run of ``att``'s main part beside
    none of the ranks whose three cards are attached (any run with ``beside_body``)."""
    if att.main.shape == "same_rank" or t.run_top(main) is None:
        return att.main.shape == "same_rank"
    return att.beside_body or not any(_beside(t, main, rank) for rank, n in counts.items()
                                      if n == 3 and rank not in main)


def above_main(t: Table, main: tuple[int, ...]) -> int | None:
    """The strength index of the rank one place above the run ``main`` (strength indexes) in
    ``ranking.sequence_order`` when the window one place up is a run of the same length, else None: with
    ``beside_body``, three attached cards of that rank give the cards a higher reading (:func:`_kickers`)."""
    top = t.run_top(t.ranks_by_strength[s] for s in main)
    if top is None or top + 1 >= len(t.seq_to_sidx) or not t.window_ok(top + 1, len(main)):
        return None
    above = t.seq_to_sidx[top + 1]
    return None if above in main else above


def catalogue_run(t: Table, ranks: Iterable[str]) -> bool:
    """Whether cards of ``ranks``, three of each, are a run of triples of ``combinations.catalogue`` (a sequence
    entry of unit 3 whose lengths hold them; the catalogue's readings come first)."""
    ranks = list(ranks)
    n = len(ranks)
    return t.run_top(ranks) is not None and any(
        c.shape == "sequence" and c.unit == 3 and n >= c.min_length and not (c.max_length and n > c.max_length)
        for c in t.catalogue)


def _beside(t: Table, main: tuple[str, ...], rank: str) -> bool:
    """Whether ``rank`` is next to the run ``main`` (ranks) in ``ranking.sequence_order``: with it they would be a
    longer run."""
    return t.run_top((*main, rank)) is not None


def _mains(t: Table, hand: list[list[str]], att: Attachment, table: Reading | None,
           minkey: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """``(main ranks as strength indexes, key)`` of every main part the hand holds that may be played (leading:
    any; following ``table``: the same main length and a key of at least ``minkey``)."""
    combo, unit = att.main, att.main_unit
    if combo.shape == "same_rank":
        for sidx, cards in enumerate(hand):
            if len(cards) >= unit and sidx >= minkey and sidx not in t.jokers_sidx:
                yield (sidx,), sidx
        return
    places = t.seq_to_sidx
    low, high = combo.min_length, combo.max_length or len(set(t.seq_ranks))
    if table is not None:
        low = high = table.length
    for top in range(len(places)):
        if top < minkey:
            continue
        for length in range(low, min(high, top + 1) + 1):
            window = places[top - length + 1:top + 1]
            if t.window_ok(top, length) and all(len(hand[s]) >= unit for s in window):
                yield tuple(window), top


def _kickers(t: Table, hand: list[list[str]], att: Attachment, main: tuple[int, ...],
             leading: bool) -> Iterator[tuple[int, ...]]:
    """Every choice of attached cards as sorted strength indexes (a rank repeated once per card); with
    ``beside_body``, only those whose cards read ``main`` as their highest main part and, ``leading``, that the
    catalogue does not read first (the module docstring)."""
    need = att.per_rank * len(main)
    if att.attach == "pair":
        ranks = [s for s, cards in enumerate(hand) if len(cards) >= 2 and s not in main]
        for chosen in itertools.combinations(ranks, need):
            yield tuple(s for s in chosen for _ in range(2))
        return
    jokers = tuple(sorted(t.jokers_sidx))
    limit = att.same_rank
    slots = [s for s, cards in enumerate(hand) if cards and s not in main for _ in range(min(len(cards), limit))]
    main_ranks = tuple(t.ranks_by_strength[s] for s in main) if limit >= 3 and len(main) > 1 else ()
    above = above_main(t, main) if main_ranks and att.beside_body else None
    for chosen in sorted(set(itertools.combinations(slots, need))):
        if not all(j in chosen for j in jokers) and (not main_ranks or _wings_ok(t, att, main_ranks, above, chosen,
                                                                                 leading)):
            yield chosen


def _wings_ok(t: Table, att: Attachment, main_ranks: tuple[str, ...], above: int | None, chosen: tuple[int, ...],
              leading: bool) -> bool:
    """Whether the attached singles ``chosen`` (strength indexes, a rank once per card) go with the run
    ``main_ranks`` as :func:`_kickers` lists them: no three of a rank beside it; with ``beside_body``, no three of
    the rank just above it (``above``: the same cards under the main part one place up) and, ``leading``, not every
    card one of three making a catalogue run of triples (the catalogue lists those)."""
    if not att.beside_body:
        return not any(chosen.count(s) == 3 and _beside(t, main_ranks, t.ranks_by_strength[s]) for s in set(chosen))
    if above is not None and chosen.count(above) == 3:
        return False
    return not (leading and all(chosen.count(s) == 3 for s in chosen)
                and catalogue_run(t, main_ranks + tuple(t.ranks_by_strength[s] for s in set(chosen))))


def shape_parts(t: Table, hand: list[list[str]], att: Attachment, table: Reading | None,
                minkey: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """``(ranks, key)`` of every shape of ``att`` the hand can play (see :func:`_mains`; the ranks as the module
    docstring says), each card set under one shape only."""
    for main, key in _mains(t, hand, att, table, minkey):
        for kickers in _kickers(t, hand, att, main, table is None):
            yield main + kickers, key


def _groups(att: Attachment, ranks: tuple[int, ...]) -> list[tuple[int, int]]:
    """``(strength index, cards of it)`` of a play of the shape whose ranks are ``ranks``: the main part's ranks,
    then each attached rank with its number of cards."""
    length = main_length(att, ranks)
    kickers = ranks[length:]
    return [(s, att.main_unit) for s in ranks[:length]] + [(s, kickers.count(s)) for s in sorted(set(kickers))]


def plays(hand: list[list[str]], att: Attachment, ranks: tuple[int, ...]) -> Iterator[list[str]]:
    """Every card set of the shape whose ranks are ``ranks`` (lists of cards)."""
    groups = _groups(att, ranks)
    for choice in itertools.product(*(itertools.combinations(hand[s], n) for s, n in groups)):
        yield [card for group in choice for card in group]


def sample(hand: list[list[str]], att: Attachment, ranks: tuple[int, ...], rng: random.Random,
           force: str | None, force_sidx: int | None) -> list[str]:
    """One card set of the shape, suits at random; ``force`` (of strength index ``force_sidx``, one of the shape's
    ranks): a card the set must contain."""
    groups = _groups(att, ranks)
    out: list[str] = []
    for sidx, n in groups:
        cards = hand[sidx]
        if sidx == force_sidx:
            out += [force, *rng.sample([c for c in cards if c != force], n - 1)]  # type: ignore[list-item]
        else:
            out += rng.sample(cards, n)
    return out
