"""The shapes a 憋蛋 Biedan hand can play (:func:`shapes`): leading, any; following, those that beat the table.

Which shapes of a combination a hand holds depends on how many cards it holds of each rank, not on its suits (but
for a flush, and a fixed set's own cards). A hand's counts are kept as **rank masks** (:func:`masks_of`):
``masks[n]`` has bit ``s`` set when the hand holds at least ``n`` cards of the rank of strength index ``s``
(:attr:`.combinations.Table.strength`). A hand state keeps its masks up to date card by card
(:func:`take_cards`, :func:`put_cards`), and the shapes of a same-rank combination or a run are looked up by mask in
lists the variant's :class:`.combinations.Table` keeps (made once per mask, in the order of the catalogue's
listing): no list of shapes is built twice for the same ranks. The lists are those of the rules the table was
made for [combinations.catalogue, ranking.*, beating.*, combinations.flush_reach]: see :func:`shapes`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..climbing.catalogue import Combination
from ..climbing.reading import Reading
from . import attached
from .combinations import PlanStep, Shape, Table, _flush_suits, _int, plays_of
from .draw import list_ways, same_rank_ways

_MIN_MASKS = 5
"""Masks kept at least (index 0 unused, then 1..4: a rank of one deck)."""


def masks_of(hand: list[list[str]]) -> list[int]:
    """The rank masks of ``hand`` (a hand by rank, :func:`.combinations.by_rank`): ``masks[n]`` has bit ``s`` set
    when ``hand[s]`` holds at least ``n`` cards (``masks[0]`` is 0; at least 5 masks, more for a rank of more than
    4 cards)."""
    one = two = three = four = 0
    more: list[tuple[int, int]] = []
    for s, cards in enumerate(hand):
        count = len(cards)
        if count:
            bit = 1 << s
            one |= bit
            if count > 1:
                two |= bit
                if count > 2:
                    three |= bit
                    if count > 3:
                        four |= bit
                        if count > 4:
                            more.append((bit, count))
    masks = [0, one, two, three, four]
    for bit, count in more:  # a rank of more than one deck's four cards
        masks.extend([0] * (count + 1 - len(masks)))
        for n in range(_MIN_MASKS, count + 1):
            masks[n] |= bit
    return masks


def take_cards(hand: list[list[str]], masks: list[int], sidx: dict[str, int], cards: list[str]) -> None:
    """Take ``cards`` out of ``hand`` (by rank) and its rank ``masks``; ``sidx``: card → strength index.

    Raises:
        ValueError: a card the hand does not hold (the masks may then be wrong: a caller's error).
    """
    for card in cards:
        s = sidx[card]
        held = hand[s]
        masks[len(held)] &= ~(1 << s)
        held.remove(card)


def put_cards(hand: list[list[str]], masks: list[int], sidx: dict[str, int], cards: list[str]) -> None:
    """Put ``cards`` into ``hand`` (by rank, each after the cards of its rank) and its rank ``masks`` (the list of
    masks grows for a rank of more cards than it had room for); ``sidx``: card → strength index."""
    for card in cards:
        s = sidx[card]
        held = hand[s]
        held.append(card)
        if len(held) >= len(masks):
            masks.extend([0] * (len(held) + 1 - len(masks)))
        masks[len(held)] |= 1 << s


def shapes(t: Table, hand: list[list[str]], table: Reading | None, masks: list[int] | None = None) -> list[Shape]:
    """The shapes ``hand`` (by rank) can play: any when leading (``table`` None), else those that beat ``table``
    (as :func:`.combinations.beat_reason` decides: same combination and count and higher, a flush where it decides,
    bombs, the top combination), in the order of the catalogue [combinations.catalogue, combinations.attachments],
    each combination's shapes from the weakest.

    Args:
        t: the variant's lookup table; hand: the hand by rank; table: the reading to beat, or None (leading);
        masks: the hand's rank masks (:func:`masks_of`) if the caller keeps them.

    Returns:
        Shapes (mostly the table's precomputed objects: do not change them).
    """
    out: list[Shape] = []
    for part in shape_parts(t, hand, table, masks_of(hand) if masks is None else masks)[0]:
        if part.__class__ is list:
            out += part
        else:
            pre, mask = part
            out += [pre[s] for s in range(mask.bit_length()) if mask >> s & 1]
    return out


def has_play(t: Table, hand: list[list[str]], table: Reading | None, masks: list[int] | None = None) -> bool:
    """Whether ``hand`` (by rank) holds a play that beats ``table`` (any play when leading): a shape of
    :func:`shapes` with a card set (:func:`.combinations.plays_of`: a fixed set that comes first claims its cards)."""
    found = shapes(t, hand, table, masks)
    if not t.claimed:
        return bool(found)
    return any(next(plays_of(t, hand, shape), None) is not None for shape in found)


def shape_parts(t: Table, hand: list[list[str]], table: Reading | None, masks: list[int], *,
                attachments: bool = True, weights: list[int] | None = None) -> tuple[list[Any], int]:
    """The shapes of :func:`shapes`, in the same order, in parts, and how many they are: a part is a list of shapes
    (never empty), or ``(precomputed shapes by strength index, mask)`` for a same-rank combination (its shapes: those
    of the mask's bits, from the lowest). The random draw takes one without listing them all (:mod:`.draw`).
    ``attachments=False``: the shapes of combinations with attachments left out (:mod:`.count` counts their plays
    without listing them). ``weights``: a list to which the card sets of each part are appended (the random draw's
    weights, :func:`.draw.part_weights` without a card every play must contain)."""
    out: list[Any] = []
    n = 0
    top = len(masks)
    plan: Sequence[PlanStep]
    if table is None:
        plan = t.lead_plan
    else:
        known = t.follow_by_object.get(id(table))
        plan = known[1] if known is not None and known[0] is table else t.follow_plan(table)
    for combo, kind, pre, minkey, size, fixed, blocks, valid in plan:
        if kind == "same_rank":
            mask = (masks[size] if size < top else 0) & valid
            if mask:
                out.append((pre, mask))
                n += mask.bit_count()
                if weights is not None:
                    weights.append(same_rank_ways(masks, mask, size))
        elif kind == "sequence":
            unit = combo.unit
            mask = masks[unit] if unit < top else 0
            before = len(out)
            n += _sequence_parts(t, hand, combo, pre, blocks, mask & t.place_bits if t.places_in_order
                                 else places_of(t, mask), table, out)
            if weights is not None:
                for k in range(before, len(out)):
                    weights.append(list_ways(t, hand, out[k]))
        elif kind == "attached":
            if not attachments:
                continue
            found = [Shape(combo, ranks, False, key) for ranks, key in attached.shape_parts(t, hand, combo, table,
                                                                                            minkey)]
            if found:
                out.append(found)
                n += len(found)
                if weights is not None:
                    weights.append(list_ways(t, hand, found))
        elif pre.key >= minkey:
            for sidx, card in fixed:
                if card not in hand[sidx]:
                    break
            else:
                out.append([pre])
                n += 1
                if weights is not None:
                    weights.append(1)
    return out, n


def _sequence_parts(t: Table, hand: list[list[str]], combo: Combination, pre: dict[Any, Any], blocks: list[Any],
                    places: int, table: Reading | None, out: list[Any]) -> int:
    """Append to ``out`` the parts of the runs of ``combo`` (a sequence) the hand may play over the sequence
    ``places`` it holds (:func:`places_of`): leading, every run (the precomputed runs of each block of places);
    following, as :func:`_bomb_runs` or :func:`_follow_runs` say. Returns how many runs were added."""
    found = _BLOCKS.get(places)
    if found is None:
        found = _blocks(places)
    if table is None or (combo.tier != "bomb" and table.combination != combo.name):
        n = 0
        for start, end in found:
            runs = blocks[start][end]
            if runs:  # a block shorter than the shortest run has none
                out.append(runs)
                n += len(runs)
        return n
    if combo.tier == "bomb":
        runs = _bomb_runs(t, [shape for start, end in found for shape in blocks[start][end]], combo, table)
    else:
        runs = _follow_runs(t, hand, combo, pre, found, table)
    if runs:
        out.append(runs)
    return len(runs)


def places_of(t: Table, mask: int) -> int:
    """The places of ``ranking.sequence_order`` whose rank is in the rank ``mask``, as a mask (bit ``i``: place
    ``i``; a rank at both ends of the order gives both places)."""
    if t.places_in_order:
        return mask & t.place_bits
    places = 0
    for i, sidx in enumerate(t.seq_to_sidx):
        if mask >> sidx & 1:
            places |= 1 << i
    return places


_BLOCKS: dict[int, tuple[tuple[int, int], ...]] = {}


def _blocks(places: int) -> tuple[tuple[int, int], ...]:
    """``(first, last)`` place of each block of consecutive places of the mask ``places``, from the lowest (made
    once per mask)."""
    found = _BLOCKS.get(places)
    if found is None:
        out = []
        rest = places
        while rest:
            start = (rest & -rest).bit_length() - 1
            length = (~(rest >> start) & ((rest >> start) + 1)).bit_length() - 1
            out.append((start, start + length - 1))
            rest &= ~(((1 << length) - 1) << start)
        found = tuple(out)
        if len(_BLOCKS) < 1 << 16:
            _BLOCKS[places] = found
    return found


def _bomb_runs(t: Table, runs: list[Shape], combo: Combination, table: Reading) -> list[Shape]:
    """The ``runs`` of ``combo``, a sequence of the bomb tier, that beat ``table``: every run of the hand over an
    ordinary play (where bombs beat it); over a bomb, those with more cards, or as many and a higher top
    [beating.*] (as :func:`.combinations.beat_reason` compares bombs: the tops of two combinations as ranks, by
    ranking.single_order)."""
    if table.tier != "bomb":
        return runs
    unit = int(combo.unit)
    if table.combination != combo.name:  # tops of another combination compare as ranks: the strength of the top
        floor = t.strength[table.top]
        return [s for s in runs if len(s.ranks) * unit > table.count
                or (len(s.ranks) * unit == table.count and s.ranks[-1] > floor)]
    return [s for s in runs if len(s.ranks) * unit > table.count
            or (len(s.ranks) * unit == table.count and s.key > _int(table.key))]


def _follow_runs(t: Table, hand: list[list[str]], combo: Combination, pre: dict[Any, Any],
                 blocks: tuple[tuple[int, int], ...], table: Reading) -> list[Shape]:
    """The runs of ``combo`` over the ``blocks`` of sequence places the hand holds (:func:`_blocks`), as long as
    the table's run (of the same combination), that beat it, by top place: a higher top, or where a flush decides
    [combinations.flush_reach] a flush."""
    length, key = table.length, _int(table.key)
    out: list[Shape] = []
    if combo.name not in t.flush or combo.unit != 1:
        by_top = t.plain_runs[combo.name]  # pre's plain runs by top place and length, without a tuple key each
        for start, end in blocks:
            for i in range(max(start + length - 1, key + 1), end + 1):
                plain = by_top[i][length]
                if plain is not None:
                    out.append(plain)
        return out
    by_top = t.plain_runs[combo.name]
    plain_beats = t.flush_any and not table.flush  # a higher plain run beats a plain table (_flush_follow)
    for start, end in blocks:
        for i in range(start + length - 1, end + 1):
            plain = by_top[i][length]
            if plain is not None:
                if plain_beats and i > key:  # _flush_follow's common case, without its call
                    out.append(plain)
                else:
                    _flush_follow(t, hand, i, plain, pre[i, length][1], table, out)
    return out


def _flush_follow(t: Table, hand: list[list[str]], i: int, plain: Shape, flush_only: Shape, table: Reading,
                  out: list[Shape]) -> None:
    """The run of top place ``i`` (``plain`` any suits, ``flush_only`` one suit) against ``table`` of a combination
    that can be a flush [combinations.flush_reach]: appended to ``out`` as it may beat."""
    key = _int(table.key)
    if t.flush_any:
        if table.flush:
            if i > key and _flush_suits(hand, plain.ranks):
                out.append(flush_only)
        elif i > key:
            out.append(plain)
        elif _flush_suits(hand, plain.ranks):
            out.append(flush_only)
    elif i > key:
        out.append(plain)
    elif i == key and not table.flush and _flush_suits(hand, plain.ranks):
        out.append(flush_only)
