"""Legal plays of a 憋蛋 Biedan hand counted without listing them: the counter of ``legal_play_count``.

The plays :func:`.ops.legal_plays` lists are the card sets of the hand's legal shapes (:func:`.hand_shapes.shapes`):
one shape's card sets are a product of choices of suits, one choice per rank, so each shape is counted by binomial
arithmetic (:func:`.draw.ways`). Combinations with attachments have too many shapes to list on a large hand (one
per choice of attached ranks): their plays are counted per main part, the attached cards by generating polynomials
(:func:`_attached_ways`). Two corrections keep the count equal to the listing: the card a first lead must contain
[play.first_lead_with_banker_card], and the cards a fixed set first in a house catalogue claims from another
combination (:attr:`.combinations.Table.claimed`) [combinations.catalogue, combinations.attachments, beating.*].
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from math import comb

from ..climbing.catalogue import Attachment, Combination
from ..climbing.reading import Reading
from . import attached
from .combinations import Shape, Table, by_rank
from .draw import ways as shape_ways
from .hand_shapes import masks_of, shape_parts

Poly = list[int]
"""A generating polynomial: index ``k`` holds the ways to choose ``k`` cards."""


def count_plays(t: Table, hand: list[str], table: Reading | None, must: str | None = None) -> int:
    """How many distinct legal plays (card sets) ``hand`` (distinct cards) holds against ``table`` (None: leading):
    as many as :func:`.ops.legal_plays` lists, without listing them. ``must``: a card of the hand every play must
    contain (a first lead's banker card), or None."""
    held = by_rank(t, hand)
    counted: list[Shape] = []
    for part in shape_parts(t, held, table, masks_of(held), attachments=False)[0]:
        if part.__class__ is list:
            counted += part
        else:
            pre, mask = part
            counted += [pre[s] for s in range(mask.bit_length()) if mask >> s & 1]
    n = sum(shape_ways(t, held, shape, must) for shape in counted)
    plan = t.lead_plan if table is None else t.follow_plan(table)
    for att, kind, _, minkey, *_ in plan:
        if kind == "attached":
            n += sum(_attached_ways(t, held, att, main, must, table is None)
                     for main, _ in attached._mains(t, held, att, table, minkey))
    for cards, claimer in t.claimed.items():  # a claimed set counted under another combination: its cards play once
        if cards <= set(hand) and (must is None or must in cards):
            n -= sum(1 for shape in counted if shape.combo.name != claimer and _is_set_of(t, shape, cards))
            n -= sum(1 for att, kind, _, minkey, *_ in plan
                     if kind == "attached" and att.name != claimer and _attached_set(t, held, att, table, minkey, cards))
    return n


def _times(a: Poly, b: Poly, top: int) -> Poly:
    """The product of two generating polynomials, cut above degree ``top``."""
    out = [0] * (top + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[:top + 1 - i]):
                out[i + j] += x * y
    return out


def _attached_ways(t: Table, held: list[list[str]], att: Attachment, main: tuple[int, ...], must: str | None,
                   leading: bool) -> int:
    """The plays of ``att`` with main part ``main`` (strength indexes) in ``held``: the main part's suits times the
    choices of attached cards (:mod:`.attached`'s count rules), each containing ``must`` when given; with
    ``beside_body`` and ``leading``, not those the catalogue reads first as a run of triples (:func:`_run_ways`)."""
    must_rank = None if must is None else t.card_sidx[must]
    ways = 1
    for r in main:
        n = len(held[r])
        ways *= comb(n - 1, att.main_unit - 1) if r == must_rank else comb(n, att.main_unit)
    forced = must_rank if must_rank is not None and must_rank not in main else None
    polys = _kicker_polys(t, held, att, main, forced)
    if forced is not None and forced not in polys:
        return 0
    need = att.per_rank * len(main)
    kickers = _coefficient(polys.values(), need)
    if att.attach == "single" and all(j in polys for j in t.jokers_sidx):  # never both jokers among attached singles
        kickers -= _coefficient(([0, *poly[1:]] if s in t.jokers_sidx else poly for s, poly in polys.items()), need)
    if att.beside_body and leading and att.attach == "single" and len(main) > 1:
        kickers -= _run_ways(t, held, att, main, forced, polys)
    return ways * kickers


def _run_ways(t: Table, held: list[list[str]], att: Attachment, main: tuple[int, ...], forced: int | None,
              polys: dict[int, Poly]) -> int:
    """The choices of attached singles counted in ``polys`` that make the cards a catalogue run of triples with
    the run ``main`` (``combinations.attached_same_rank: 3_beside_body``): every attached card one of three of a
    rank, those ranks the ones just below the main part (the rank just above is never attached three times,
    :func:`.attached.above_main`), as many ranks as a third of the attached cards."""
    need = att.per_rank * len(main)
    if need % 3:
        return 0
    top = t.run_top(t.ranks_by_strength[s] for s in main)
    low = (top or 0) - len(main)  # the place just below the main part
    if top is None or low - need // 3 + 1 < 0:
        return 0
    below = [t.seq_to_sidx[place] for place in range(low - need // 3 + 1, low + 1)]
    if any(s in main or len(polys.get(s, ())) < 4 for s in below) or (forced is not None and forced not in below):
        return 0
    if not attached.catalogue_run(t, [t.ranks_by_strength[s] for s in (*main, *below)]):
        return 0
    out = 1
    for s in below:
        out *= polys[s][3]
    return out


def _kicker_polys(t: Table, held: list[list[str]], att: Attachment, main: tuple[int, ...],
                  forced: int | None) -> dict[int, Poly]:
    """Strength index → the generating polynomial of the attached cards ``att`` may take of that rank (ranks outside
    the main part): singles, at most ``att.same_rank`` of a rank [combinations.attached_same_rank], and never three
    of a rank next to a run's main part (:func:`.attached._beside`); pairs, one pair of a rank. The rank ``forced``
    (of a card every play must contain) gives only choices holding that card. With ``beside_body`` three of a rank
    beside the main part are attached but for the rank just above it (those cards are counted under the main part
    one place up: :func:`.attached.above_main`)."""
    single = att.attach == "single"
    main_ranks = tuple(t.ranks_by_strength[s] for s in main) if att.same_rank >= 3 and len(main) > 1 else ()
    above = attached.above_main(t, main) if main_ranks and att.beside_body else None
    polys: dict[int, Poly] = {}
    for s, cards in enumerate(held):
        n = len(cards)
        if s in main or n < (1 if single else 2):
            continue
        if single:
            most = min(n, att.same_rank)
            if most >= 3 and main_ranks and (s == above if att.beside_body
                                             else attached._beside(t, main_ranks, t.ranks_by_strength[s])):
                most = 2  # three of this rank beside the run: a longer run, or (beside_body) a higher main part
            polys[s] = [comb(n, k) if s != forced else (comb(n - 1, k - 1) if k else 0) for k in range(most + 1)]
        else:
            polys[s] = [0, n - 1] if s == forced else [1, comb(n, 2)]
    return polys


def _coefficient(polys: Iterable[Poly], degree: int) -> int:
    """The coefficient of ``x**degree`` in the product of ``polys``."""
    total: Poly = [1]
    for poly in polys:
        total = _times(total, poly, degree)
    return total[degree] if degree < len(total) else 0


def _is_set_of(t: Table, shape: Shape, cards: frozenset[str]) -> bool:
    """Whether ``cards`` is one of the card sets of ``shape`` (not an attachment)."""
    combo = shape.combo
    assert isinstance(combo, Combination)  # attachments: _attached_set
    if combo.shape == "fixed_set":
        return cards == frozenset(combo.cards)
    unit = combo.size if combo.shape == "same_rank" else int(combo.unit)
    if shape.flush_only and len({c[0] for c in cards}) != 1:
        return False
    return Counter(t.card_sidx[c] for c in cards) == {r: unit for r in shape.ranks}


def _attached_set(t: Table, held: list[list[str]], att: Attachment, table: Reading | None, minkey: int,
                  cards: frozenset[str]) -> bool:
    """Whether ``cards`` is a play of ``att`` the hand may play now (a main part :func:`.attached._mains` yields)."""
    counts = Counter(t.rank_of[c] for c in cards)
    parts = attached.reading_parts(t, att, counts)
    if not parts:
        return False
    key, _, length = parts[-1]  # the highest main part: the one the shapes list the cards under
    return any(k == key and len(m) == length for m, k in attached._mains(t, held, att, table, minkey))
