"""Every distinct legal play of a hand (cards multiset + canonical reading) for the state API, and one of them drawn
uniformly without listing them (the random bot's draw; the narrow same-rank policy is :mod:`.same_rank_plays`).

The plays are those of the hand's play classes (:func:`.count.play_classes`, which also counts them): each class
says which cards make its plays (:attr:`.count.PlayClass.parts`); a class's plays are listed part by part
(:func:`class_cards`: the class's reading shared by its plays, each part's choices worked out once per copies held)
and drawn choice by choice (:func:`class_play`, :func:`_play_of`); a play is listed once per (cards, reading).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
import random

from ..cards import ALL_CARDS
from ..climbing.cardset import rank_of, sort_cards, sort_key
from ..climbing.reading import Reading
from .combinations import _fill, _token, excluded, reading_of, wild_card, wild_ok
from .count import Part, PlayClass, _takes, play_classes
from .lead_classes import LeadClasses
from .rules import DadunRules


def _taken(copies: tuple[int, ...], need: int, least: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """How many of each card a choice of a part takes, the hand holding ``copies`` of each (its cards in string
    order), and its wilds: ``need`` cards, at least ``least`` natural; the most natural cards first, then by the
    copies taken of the first card, most first, then of the second, and so on (the order of :func:`_choices`). The
    same for every part holding as many copies: kept in a bounded memo."""
    slot = (copies, need, least)
    found = _TAKEN.get(slot)
    if found is None:
        if len(_TAKEN) > 50_000:
            _TAKEN.clear()
        most = min(need, sum(copies))
        found = _TAKEN[slot] = tuple((taken, need - size) for size in range(most, least - 1, -1)
                                     for taken in _sums(copies, size))
    return found


_TAKEN: dict[tuple[tuple[int, ...], int, int], tuple[tuple[tuple[int, ...], int], ...]] = {}
""":func:`_taken`' memo."""


def _submultisets(counts: dict[str, int], size: int) -> Iterator[tuple[str, ...]]:
    """Every sub-multiset of exactly ``size`` cards of ``counts`` (card → available copies), in :func:`_choices`'
    order: the first card's (string order) copies most first, then the next card's likewise (:func:`_sums`)."""
    cards = sorted(counts)
    for taken in _sums(tuple([counts[card] for card in cards]), size):
        yield tuple([card for card, k in zip(cards, taken) for _ in range(k)])


@lru_cache(maxsize=4096)
def _sums(copies: tuple[int, ...], size: int) -> tuple[tuple[int, ...], ...]:
    """Every way to take ``size`` cards from cards held ``copies`` times each, as the copies taken of each: the
    first card's most first, then the second's, and so on."""
    if not copies:
        return ((),) if size == 0 else ()
    first, rest = copies[0], copies[1:]
    return tuple((k,) + after for k in range(min(first, size), -1, -1) for after in _sums(rest, size - k))


Choice = tuple[tuple[str, ...], int]
"""(natural cards, wilds) of one part of a class."""

_CHOICES: dict[tuple[tuple[tuple[str, int], ...], int, int], tuple[Choice, ...]] = {}
"""The choices of a part by (its tokens held with their copies, need, least): :func:`_choices`' memo (tuples: the
garbage collector need not look into them)."""


def _choices(hand: Counter, part: Part) -> tuple[Choice, ...]:
    """(natural cards, wilds) that make one part of a class: ``need`` cards, at least ``least`` natural, the natural
    cards in string order (the same choices, in the same order, for the same copies held: kept in a bounded memo;
    the order of :func:`_taken`)."""
    tokens, need, least = part
    return _choices_held(tuple((t, hand[t]) for t in tokens if hand.get(t, 0) > 0), need, least)


def _choices_held(held: tuple[tuple[str, int], ...], need: int, least: int) -> tuple[Choice, ...]:
    """:func:`_choices` of a part whose cards the hand holds as ``held`` ((card, copies), copies ≥ 1)."""
    slot = (held, need, least)
    found = _CHOICES.get(slot)
    if found is None:
        if len(_CHOICES) > 50_000:
            _CHOICES.clear()
        ordered = sorted(held)
        names = [card for card, _ in ordered]
        found = _CHOICES[slot] = tuple((tuple([card for card, k in zip(names, taken) for _ in range(k)]), wilds)
                                       for taken, wilds in _taken(tuple(n for _, n in ordered), need, least))
    return found


_EXACT = frozenset(("single", "straight_flush", "dun", "linked_dun", "joker_bomb"))
"""Combinations whose classes name each card (the others name ranks only)."""


Play = tuple[tuple[str, ...], Reading]
"""A play: (cards in notation order, its reading)."""


def _play_of(rules: DadunRules, level: str, wild: str, found: PlayClass, choice: tuple[Choice, ...],
             fields: tuple, may_go: bool) -> Play | None:
    """The play of the class ``found`` that one choice of its parts makes (``(natural cards, wilds)`` per part,
    :func:`_choices`, the hand holding the wilds it takes), or None when the cards have no reading of the class:
    the wilds stand for what the class's cards lack (in a suit-blind combination a wild of a rank is written
    ``H<rank>``) [wild.*, combinations.*].

    The cards then stand for the class's representative's ranks (its very cards in a combination that names them),
    so they form its combination with its compare key; what may still take the reading away is the use of the wild
    cards (:func:`.combinations.wild_ok`) and a catalogue option (:func:`.combinations.excluded`), as
    :func:`.combinations.check_declared` would say. The reading is the class's with these cards standing for it.
    ``fields``: the class's reading but its cards; ``may_go``: whether a catalogue option may take the reading away
    (:func:`_class_reading`)."""
    naturals = [c for sub, _ in choice for c in sub]
    wilds = sum(w for _, w in choice)
    combination = found.combination
    if not wilds and wild not in naturals:  # natural cards standing for themselves
        cards = stood = tuple(sort_cards(naturals))
    else:
        cards = tuple(sort_cards(naturals + [wild] * wilds))
        exact = combination in _EXACT
        values = list(found.stood) if exact else [rank_of(c) for c in found.stood]  # what the wilds stand for
        for card in naturals:
            if card != wild:
                try:
                    values.remove(card if exact else rank_of(card))
                except ValueError:  # a natural card the class has no place for
                    return None
        if len(values) != cards.count(wild):
            return None
        stood = _fill(cards, wild, values if exact else [_token(r) for r in values])
        if not wild_ok(rules, combination, cards, stood, level):
            return None
    if may_go and excluded(rules, combination, cards, level):
        return None
    return cards, Reading._make(fields + (stood,))


def _class_reading(rules: DadunRules, level: str, found: PlayClass) -> tuple[tuple, bool]:
    """(the reading of the class ``found`` but its cards, whether a catalogue option may take it away from some of
    its plays: a triple of identical cards, a straight of one suit [combinations.dun_also_triple,
    combinations.flush_also_straight])."""
    combination = found.combination
    return tuple(reading_of(rules, combination, found.stood, level)[:7]), _may_go(rules, combination)


def _may_go(rules: DadunRules, combination: str) -> bool:
    """Whether a catalogue option may take the reading ``combination`` away from some plays of its classes (a triple
    of identical cards, a straight of one suit: :func:`.combinations.excluded`) [combinations.dun_also_triple,
    combinations.flush_also_straight]."""
    return (combination == "triple" and not rules.dun_also_triple) or (
        combination == "straight" and not rules.flush_also_straight)


def _within(options: list[tuple[Choice, ...]], wild: str, wilds: int) -> Iterator[tuple[Choice, ...]]:
    """The choices of every part (``options``, one list per part) that take at most ``wilds`` wild cards, in the
    order of :func:`itertools.product` (the last part's choice changing first)."""
    yield from _within_from(options, wild, 0, wilds, [])


def _within_from(options: list[tuple[Choice, ...]], wild: str, i: int, left: int,
                 taken: list[Choice]) -> Iterator[tuple[Choice, ...]]:
    """:func:`_within` from the part ``i`` on, ``left`` wild cards left, ``taken`` the choices of the parts before
    (a function of the module, not a closure calling itself: that would be a reference cycle per call)."""
    if i == len(options):
        yield tuple(taken)
        return
    for option in options[i]:
        used = option[1] + option[0].count(wild)
        if used <= left:
            taken.append(option)
            yield from _within_from(options, wild, i + 1, left - used, taken)
            taken.pop()


def class_plays(rules: DadunRules, hand: Counter, level: str, found: PlayClass) -> Iterator[Play]:
    """Every play of the class ``found`` in ``hand``: (cards in notation order, its reading of the class), one per
    choice of its parts that the hand's wild cards allow and that makes one, in the order of :func:`class_cards`
    (the class's reading but its cards made once: :func:`_class_reading`)."""
    fields, _ = _class_reading(rules, level, found)
    make = Reading._make
    for cards, stood in class_cards(rules, hand, level, found):
        yield cards, make(fields + (stood,))


def class_cards(rules: DadunRules, hand: Counter, level: str, found: PlayClass) -> list[tuple[tuple[str, ...],
                                                                                                tuple[str, ...]]]:
    """(cards in notation order, what each stands for) of every play of the class ``found`` in ``hand`` (the
    reading's ``cards``; its other fields are the class's): the plays :func:`_play_of` makes of each choice of the
    parts (:func:`_within`), in that order [wild.*, combinations.*], worked out part by part rather than play by play.

    Each part's choices come with what they add to a play (:func:`_options`, kept per copies held, only those of no
    more wilds than the hand holds); the choices of the parts but the last are folded into whole choices
    (:func:`_fold`), each then completed by every choice of the last part; a play's cards are its natural cards
    sorted, with its wild cards where the wild card sorts, and its reading's cards the same with the wild cards
    standing for what their parts lack. Whether the wild cards are used as the variant allows (:func:`.combinations.wild_ok`) is asked
    once per values they stand for: it reads the natural cards only by rank, and the parts fix the ranks of a play's
    natural cards once the values of its wild cards are known (:func:`_laid_out`). A class whose parts do not lay
    its cards out in order (none that :mod:`.count` makes) is read play by play (:func:`_play_of`)."""
    wild = wild_card(rules, level)
    wilds = hand.get(wild, 0)
    combination = found.combination
    may_go = _may_go(rules, combination)
    options = _laid_out(hand, found, wild, wilds)
    if options is None:
        fields, _ = _class_reading(rules, level, found)
        made = (_play_of(rules, level, wild, found, choice, fields, may_go)
                for choice in _within([_choices(hand, part) for part in found.parts], wild, wilds))
        return [(play[0], play[1].cards) for play in made if play is not None]
    several = len(options) > 1
    if not several and not wilds and not may_go:  # natural cards only, each standing for itself
        return [(naturals, naturals) for naturals, used, _, _ in options[0] if not used]
    out = []
    position = _POSITION.__getitem__
    judged: dict[tuple[str, ...], tuple[str, ...] | None] = {}  # values of the wild cards → sorted, or None: misused
    last = options[-1]  # the last part's choices change first: folded play by play below, the others before
    for begun, taken, values, below in _fold(options[:-1], wilds):
        for more, extra, also, ahead in last:
            used = taken + extra
            if used > wilds:
                continue
            naturals = tuple(sorted(begun + more, key=position)) if several else more
            if not used:
                cards = stood = naturals
            else:
                before = below + ahead
                stand = values + also
                head, tail = naturals[:before], naturals[before:]
                cards = head + (wild,) * used + tail
                if stand in judged:
                    sorted_values = judged[stand]
                    if sorted_values is None:
                        continue
                    stood = head + sorted_values + tail
                else:
                    sorted_values = tuple(sorted(stand, key=position))
                    stood = head + sorted_values + tail
                    ok = wild_ok(rules, combination, cards, stood, level)
                    judged[stand] = sorted_values if ok else None
                    if not ok:
                        continue
            if may_go and excluded(rules, combination, cards, level):
                continue
            out.append((cards, stood))
    return out


_POSITION: dict[str, int] = {card: sort_key(card) for card in ALL_CARDS}
"""Card → its place in the notation order (:func:`..climbing.cardset.sort_key`, as a dict for sorting)."""


def _laid_out(hand: Counter, found: PlayClass, wild: str, wilds: int) -> list[tuple[Option, ...]] | None:
    """The choices of each part of ``found`` (:func:`_options`) when the parts lay the class's cards
    (:attr:`.count.PlayClass.stood`) out in order: part i makes the next ``need`` of them, all one card, and every
    natural card of the hand it may take is that card (a combination that names its cards) or of its rank (the
    others, a wild card then written ``H<rank>``); else None. So laid out, a part's natural cards take their place
    among the class's cards and its wild cards the rest of its own, as :func:`_play_of` would place them."""
    exact = found.combination in _EXACT
    stood = found.stood
    out = []
    at = 0
    for part in found.parts:
        need = part[1]
        if need < 1 or stood[at:at + need].count(stood[at] if at < len(stood) else "") != need:
            return None
        options = _options(hand, part, wild, stood[at], exact, wilds)
        if options is None:
            return None
        out.append(options)
        at += need
    return out if at == len(stood) else None


Option = tuple[tuple[str, ...], int, tuple[str, ...], int]
"""One choice of a part as :func:`class_cards` folds it: (its natural cards but the wild card, in notation order; the
wild cards it takes, its wilds and the wild cards among its cards; what those stand for; how many of its natural
cards sort before the wild card)."""

_OPTIONS: dict[tuple[tuple[tuple[str, int], ...], int, int, str, str, bool], tuple[Option, ...] | None] = {}
"""The options of a part by (its cards held with their copies, need, least, the wild card, the class's card the part
makes, whether the combination names its cards): :func:`_options`' memo."""


def _options(hand: Counter, part: Part, wild: str, card: str, exact: bool, wilds: int) -> tuple[Option, ...] | None:
    """The choices of one part (:func:`_choices`, in their order) that take at most ``wilds`` wilds, as
    :data:`Option` values, the part making copies of the class's ``card`` (``exact``: that very card; else a card of
    its rank, a wild card standing for ``H<rank>``), or None when the hand holds a natural card of the part that is
    not one (kept in a bounded memo)."""
    tokens, need, least = part
    held = tuple([(t, hand[t]) for t in tokens if hand.get(t, 0) > 0])
    if least < need - wilds:  # a choice of more wilds than the hand holds makes no play
        least = need - wilds
    slot = (held, need, least, wild, card, exact)
    if slot in _OPTIONS:
        return _OPTIONS[slot]
    if len(_OPTIONS) > 50_000:
        _OPTIONS.clear()
    rank = rank_of(card)
    if any(t != wild and (t != card if exact else rank_of(t) != rank) for t, _ in held):
        _OPTIONS[slot] = None
        return None
    value = card if exact else _token(rank)
    where = _POSITION[wild]
    ordered = sorted(held)
    in_order = sorted(range(len(ordered)), key=lambda i: _POSITION[ordered[i][0]])  # the cards in notation order
    out = []
    for taken, more in _taken(tuple(n for _, n in ordered), need, least):
        naturals: tuple[str, ...] = ()
        used, before = more, 0
        for i in in_order:
            k = taken[i]
            if k:
                name = ordered[i][0]
                if name == wild:
                    used += k
                else:
                    naturals += (name,) * k
                    before += k if _POSITION[name] < where else 0
        out.append((naturals, used, (value,) * used, before))
    found = _OPTIONS[slot] = tuple(out)
    return found


def _fold(options: list[tuple[Option, ...]], wilds: int) -> list[Option]:
    """Every whole choice of the parts (one of ``options`` per part) that takes at most ``wilds`` wild cards, in the
    order of :func:`_within`, as one :data:`Option` (the parts' natural cards, not sorted together; the wild cards
    taken; what they stand for, part by part; how many natural cards sort before the wild card)."""
    combos: list[Option] = [((), 0, (), 0)]
    for part in options:
        combos = [(naturals + more, used + extra, stand + also, before + below)
                  for naturals, used, stand, before in combos
                  for more, extra, also, below in part if used + extra <= wilds]
    return combos


def class_play(rules: DadunRules, hand: Counter, level: str, found: PlayClass, rng: random.Random) -> Play:
    """One of the plays of the class ``found`` (:func:`class_plays`), drawn uniformly without listing them: a choice
    of each part drawn uniformly among those that take no more wild cards than the hand holds
    (:func:`_draw_choice`), drawn again until it makes a play (every play is made by exactly one choice: the parts
    hold cards of different ranks or tokens, so the cards tell the choice; a choice drawn uniformly and kept only
    when it makes a play is a play drawn uniformly). The choices of a part are counted, not listed
    (:func:`_drawable`): only the one drawn is made."""
    wild = wild_card(rules, level)
    wilds = hand.get(wild, 0)
    parts = [_drawable(hand, part, wild, wilds) for part in found.parts]
    completions = _completions(tuple([part[0] for part in parts]), wilds)
    fields, may_go = _class_reading(rules, level, found)
    while True:
        play = _play_of(rules, level, wild, found, _draw_choice(parts, completions, wilds, rng), fields, may_go)
        if play is not None:
            return play


Drawable = tuple[tuple[int, ...], int, tuple[str, ...], tuple[int, ...], list[list[Choice]] | None]
"""One part of a class as :func:`_draw_choice` reads it: (how many of its choices take u wild cards, u = 0 …
the hand's wild cards; how many cards it needs; its tokens held, in string order, and their copies; its choices by
the wild cards they take, listed only when the wild card is one of its tokens (:func:`_drawable`))."""


def _drawable(hand: Counter, part: Part, wild: str, wilds: int) -> Drawable:
    """The part ``part`` of a class in ``hand`` (:data:`Drawable`): a choice of it takes ``need - k`` wild cards
    when it takes ``k`` natural cards (least ≤ k ≤ need), and there are as many of those as sub-multisets of ``k``
    of its tokens' copies (:func:`.count._takes`), in :func:`_choices`' order (:func:`_nth_sub`). A part whose
    tokens hold the wild card itself (three wild cards as a dun) takes wild cards among its natural cards too: its
    choices are listed (:func:`_by_wilds`)."""
    tokens, need, least = part
    cards = tuple(sorted([t for t in tokens if hand.get(t, 0) > 0]))
    counts = tuple([hand[t] for t in cards])
    if wild in tokens:
        groups = _by_wilds(_choices(hand, part), wild, wilds)
        return tuple([len(group) for group in groups]), need, cards, counts, groups
    takes = _takes(counts)
    most = min(need, len(takes) - 1)
    return (tuple([takes[need - u] if least <= need - u <= most else 0 for u in range(wilds + 1)]), need, cards,
            counts, None)


def _nth_sub(cards: tuple[str, ...], counts: tuple[int, ...], k: int, j: int) -> tuple[str, ...]:
    """The ``j``-th sub-multiset of exactly ``k`` of ``cards`` (tokens in string order, held ``counts`` times each)
    in :func:`_choices`' order (the first token's copies most first, then the rest's likewise), made without
    listing those before it: the sub-multisets after ``t`` copies of a token are counted by :func:`.count._takes`
    of the tokens after it."""
    out: list[str] = []
    for i, card in enumerate(cards):
        if not k:
            break
        rest = _takes(counts[i + 1:])
        for t in range(min(counts[i], k), -1, -1):
            block = rest[k - t] if k - t < len(rest) else 0
            if j < block:
                out += [card] * t
                k -= t
                break
            j -= block
    return tuple(out)


def _by_wilds(options: tuple[Choice, ...], wild: str, wilds: int) -> list[list[Choice]]:
    """The choices of one part by the wild cards each takes (its wilds and the wild cards among its cards): list
    ``u`` holds those that take ``u`` of them, for u = 0 … ``wilds`` (those that take more are left out)."""
    out: list[list[Choice]] = [[] for _ in range(wilds + 1)]
    for option in options:
        used = option[1] + option[0].count(wild)
        if used <= wilds:
            out[used].append(option)
    return out


_COMPLETIONS: dict[tuple[tuple[tuple[int, ...], ...], int], list[list[int]]] = {}
""":func:`_completions`' memo (its answers read only, never changed)."""


def _completions(sizes: tuple[tuple[int, ...], ...], wilds: int) -> list[list[int]]:
    """``out[i][b]``: how many choices of the parts ``i`` … last take at most ``b`` wild cards, for b = 0 …
    ``wilds`` (``sizes[i][u]``: how many choices of the part ``i`` take u wild cards; ``out[len(sizes)]`` all 1:
    nothing left to choose); kept in a bounded memo (the caller only reads it)."""
    found = _COMPLETIONS.get((sizes, wilds))
    if found is None:
        if len(_COMPLETIONS) > 20_000:
            _COMPLETIONS.clear()
        out = [[1] * (wilds + 1)]
        for part in reversed(sizes):
            after = out[-1]
            out.append([sum(part[u] * after[b - u] for u in range(b + 1)) for b in range(wilds + 1)])
        out.reverse()
        found = _COMPLETIONS[sizes, wilds] = out
    return found


def _draw_choice(parts: list[Drawable], completions: list[list[int]], wilds: int,
                 rng: random.Random) -> tuple[Choice, ...]:
    """A choice of every part drawn uniformly among those that take at most ``wilds`` wild cards in all, one number
    drawn per part: part by part, a choice drawn by how many ways the parts after it can be completed within the
    wild cards left (``completions``, :func:`_completions`), so every whole choice is equally likely; the choice
    drawn is then made (:func:`_nth_sub`) or taken from the part's list."""
    budget, taken = wilds, []
    for i, (sizes, need, cards, counts, groups) in enumerate(parts):
        after = completions[i + 1]
        r = int(rng.random() * completions[i][budget])
        for used in range(budget + 1):
            per = after[budget - used]
            block = sizes[used] * per
            if r < block:
                if groups is None:
                    taken.append((_nth_sub(cards, counts, need - used, r // per), used))
                else:
                    taken.append(groups[used][r // per])
                budget -= used
                break
            r -= block
    return tuple(taken)


def iter_plays(rules: DadunRules, hand: Counter, level: str, table: Reading | None = None,
               table_was: str = "round_opening") -> Iterator[Play]:
    """Every distinct legal play of ``hand`` (as :func:`legal_plays`), generated lazily class by class: the classes
    in :func:`.count.play_classes`' order (shape, then rank or window), each class's plays as :func:`class_plays`
    makes them; the same order in every run [play.*, beating.*]."""
    for found in play_classes(rules, hand, level, table, table_was):
        yield from class_plays(rules, hand, level, found)


def uniform_play(rules: DadunRules, hand: Counter, level: str, table: Reading | None, table_was: str,
                 rng: random.Random, others: int = 0,
                 leads: LeadClasses | None = None) -> Play | None:
    """One of the legal plays of ``hand`` (as :func:`iter_plays`) or one of ``others`` further actions (a pass),
    drawn uniformly, without listing the plays: a class drawn by how many plays it holds
    (:attr:`.count.PlayClass.ways`), then one of its plays; None when one of the ``others`` is drawn (or the hand
    has no play and ``others`` is 0) [play.*, beating.*, wild.*]. ``leads``: the hand's lead classes when the
    caller keeps them (:class:`.lead_classes.LeadClasses` of this ``hand`` as it is now): they draw the class
    (:meth:`~.lead_classes.LeadClasses.draw`: the same number drawn, the same class) instead of working the classes
    out again."""
    if leads is not None:
        drawn = leads.draw(table, table_was, others, rng)
        return None if drawn is None else class_play(rules, hand, level, drawn, rng)
    classes = list(play_classes(rules, hand, level, table, table_was))
    total = sum(found.ways for found in classes)
    if not total + others:
        return None
    i = int(rng.random() * (total + others))
    for found in classes:
        if i < found.ways:
            return class_play(rules, hand, level, found, rng)
        i -= found.ways
    return None


def legal_plays(rules: DadunRules, hand: Counter, level: str, table: Reading | None = None,
                table_was: str = "round_opening") -> list[tuple[tuple[str, ...], Reading]]:
    """Every distinct legal play of ``hand``: (cards in notation order, canonical reading), beating ``table`` when
    one is given [play.*, beating.*]: the plays of :func:`iter_plays`, sorted by the cards as sorted strings, then
    catalogue order, then the reading's cards."""
    order = rules.catalogue_order
    out = list(iter_plays(rules, hand, level, table, table_was))
    return sorted(out, key=lambda p: (tuple(sorted(p[0])), order[p[1].combination], [sort_key(c) for c in p[1].cards]))
