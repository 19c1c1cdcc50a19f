"""Loader checks of a Biedan variant beyond the schema: what one deck makes impossible.

:func:`findings` returns :class:`~datong_rules.reference_impl.variant.findings.Finding` tuples located at
the offending value, so the loader reports ``file:line:col`` and a one-line message. Kinds (see
``variant.errors.KINDS``): ``impossible`` (a combination or a flush one deck cannot hold), ``rank_order`` (an
order that misses or repeats a card), ``duplicate_name``, ``deal_arithmetic``, ``bad_value``.

The checks:

* a same_rank combination of more than 4 cards per deck (a five-card bomb: one deck has four of a rank);
* a sequence whose ``min_length`` exceeds the ranks of ``ranking.sequence_order``, or whose unit exceeds 4;
* a fixed_set naming a card twice or a card not in the pack;
* a flush for anything but a one-card-per-rank sequence: a flush pair, triple, bomb or pair run cannot exist with one
  deck (every card is unique, so two cards of a rank differ in suit), a flush single says nothing, and jokers have
  no suit; a flush naming a combination not in the catalogue;
* ``ranking.single_order`` not listing BJ, LJ and the 13 ranks once each; ``ranking.sequence_order`` repeating a
  rank (but one rank may stand first and last: the A at either end of a run) or holding one that is not a rank;
* players × hand size ≠ cards in the pack; an egg as large as a hand.

:func:`warnings` (``validate`` reports them and succeeds): a ``match.hands`` above the safety cap of a match
(:data:`~datong_rules.reference_impl.state_api.MAX_HANDS`, ``play --max-hands``) [``match_over_cap``]: the schema
allows it and the engine plays it, but ``play`` refuses it unless the cap is raised.
"""

from __future__ import annotations

from typing import Any

from ..cards import build_deck
from ..state_api import MAX_HANDS
from ..variant.findings import Finding
from ..variant.variant import rule_value

RANKS13 = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _at(rule_id: str, *rest: Any) -> tuple:
    return ("rules", *rule_id.split("."), "value", *rest)


def _combination(index: int, combo: dict, decks: int, seq: Any) -> list[Finding]:
    """A same_rank, sequence or fixed_set entry one deck (or ``decks`` decks) cannot hold."""
    name, shape, out = combo.get("name"), combo.get("shape"), []
    if shape == "same_rank" and isinstance(combo.get("size"), int) and combo["size"] > 4 * decks:
        out.append(Finding(_at("combinations.catalogue", index, "size"), "impossible",
                           f"'{name}' needs {combo['size']} cards of one rank, but {decks} deck(s) hold "
                           f"only {4 * decks} (a {combo['size']}-card bomb cannot be formed)",
                           f"a size of at most {4 * decks}", ("deck.decks",)))
    if shape == "sequence":
        if isinstance(combo.get("unit"), int) and combo["unit"] > 4 * decks:
            out.append(Finding(_at("combinations.catalogue", index, "unit"), "impossible",
                               f"'{name}' needs {combo['unit']} cards of each rank, but {decks} deck(s) "
                               f"hold only {4 * decks}", f"a unit of at most {4 * decks}", ("deck.decks",)))
        if isinstance(seq, list) and isinstance(combo.get("min_length"), int) and combo["min_length"] > len(set(seq)):
            out.append(Finding(_at("combinations.catalogue", index, "min_length"), "impossible",
                               f"'{name}' needs {combo['min_length']} ranks in sequence, but "
                               f"ranking.sequence_order has only {len(set(seq))}",
                               f"a min_length of at most {len(set(seq))}", ("ranking.sequence_order",)))
    if shape == "fixed_set" and isinstance(combo.get("cards"), list):
        out += _fixed_set(index, name, combo["cards"], decks)
    return out


def _fixed_set(index: int, name: Any, cards: list, decks: int) -> list[Finding]:
    out = []
    pack = set(build_deck(1))
    for card_index, card in enumerate(cards):
        if card not in pack:
            out.append(Finding(_at("combinations.catalogue", index, "cards", card_index), "impossible",
                               f"'{name}' names {card}, which is not in the pack", "a card of the pack"))
    if decks == 1 and len(set(cards)) != len(cards):
        out.append(Finding(_at("combinations.catalogue", index, "cards"), "impossible",
                           f"'{name}' names a card twice, but one deck holds each card once", "distinct cards"))
    return out


def _catalogue(catalogue: Any, decks: int, seq: Any) -> tuple[list[Finding], dict[str, dict]]:
    """The catalogue's findings and its entries by name."""
    out: list[Finding] = []
    names: dict[str, dict] = {}
    if not isinstance(catalogue, list):
        return out, names
    for index, combo in enumerate(catalogue):
        if not isinstance(combo, dict):
            continue
        name = combo.get("name")
        if name in names:
            out.append(Finding(_at("combinations.catalogue", index, "name"), "duplicate_name",
                               f"combination '{name}' is listed twice", "each name once"))
        names[name] = combo
        out += _combination(index, combo, decks, seq)
    return out, names


def _flush_one(where: tuple, name: str, combo: dict | None, decks: int) -> Finding | None:
    """Why a flush of ``name`` cannot be (None when it can)."""
    if combo is None:
        return Finding(where, "bad_value", f"flush names '{name}', which is not in the catalogue",
                       "a name of combinations.catalogue", ("combinations.catalogue",))
    shape = combo.get("shape")
    if shape == "same_rank" and combo.get("size", 0) >= 2 and decks == 1:
        return Finding(where, "impossible", f"a flush {name} is impossible with one deck: its {combo['size']} cards "
                       "of one rank always differ in suit", "only straights (one card per rank)",
                       ("combinations.catalogue", "deck.decks"))
    if shape == "same_rank":
        return Finding(where, "impossible", f"a flush {name} means nothing: one card is always of one suit",
                       "only straights (one card per rank)", ("combinations.catalogue",))
    if shape == "sequence" and combo.get("unit", 1) >= 2 and decks == 1:
        return Finding(where, "impossible", f"a flush {name} is impossible with one deck: the cards of each rank "
                       "differ in suit", "only straights (one card per rank)", ("combinations.catalogue",))
    if shape == "fixed_set":
        return Finding(where, "impossible", f"a flush {name} is impossible: jokers have no suit",
                       "only straights (one card per rank)", ("combinations.catalogue",))
    return None


def _flush(flush: Any, names: dict[str, dict], catalogue: Any, decks: int) -> list[Finding]:
    if not (isinstance(flush, dict) and isinstance(flush.get("applies_to"), list) and isinstance(catalogue, list)):
        return []
    found = (_flush_one(_at("combinations.flush", "applies_to", index), name, names.get(name), decks)
             for index, name in enumerate(flush["applies_to"]))
    return [f for f in found if f is not None]


def _orders(order: Any, seq: Any) -> list[Finding]:
    """ranking.single_order: every rank and joker once; ranking.sequence_order: no rank twice, except one rank
    standing first and last (runs with the A at either end)."""
    out = []
    if isinstance(order, list):
        wanted = {"BJ", "LJ", *RANKS13}
        missing = sorted(wanted - set(order), key=lambda r: (len(r), r))
        repeated = sorted({r for r in order if order.count(r) > 1})
        if missing or repeated:
            out.append(Finding(_at("ranking.single_order"), "rank_order",
                               "the single order " + "; ".join(
                                   ([f"misses {', '.join(missing)}"] if missing else [])
                                   + ([f"repeats {', '.join(repeated)}"] if repeated else [])),
                               "BJ, LJ and the 13 ranks, each once"))
    if isinstance(seq, list):
        ends = seq[0] if len(seq) > 2 and seq[0] == seq[-1] and seq.count(seq[0]) == 2 else None
        repeated = sorted({r for r in seq if seq.count(r) > 1 and r != ends})
        if repeated:
            out.append(Finding(_at("ranking.sequence_order"), "rank_order",
                               f"the sequence order repeats {', '.join(repeated)}",
                               "each rank at most once (one rank, the A, may stand at both ends)"))
    return out


def _deal(players: Any, hand: Any, egg: Any, decks: int) -> list[Finding]:
    """players × hand size = the pack; an egg smaller than a hand."""
    out = []
    if isinstance(players, int) and isinstance(hand, int) and players * hand != 54 * decks:
        out.append(Finding(_at("deal.hand_size"), "deal_arithmetic",
                           f"{players} players × {hand} cards = {players * hand}, but the pack has {54 * decks}",
                           f"a hand size of {54 * decks // players}" if 54 * decks % players == 0
                           else "a hand size that shares out the pack", ("players.count", "deck.decks")))
    if isinstance(egg, int) and isinstance(hand, int) and egg >= hand:
        out.append(Finding(_at("egg.count"), "bad_value", f"an egg of {egg} cards leaves the banker no card to play "
                           f"from a hand of {hand}", f"fewer than {hand}", ("deal.hand_size",)))
    return out


def findings(variant: Any) -> list[Finding]:
    """Every problem of the module docstring in a resolved Biedan variant (``Variant`` or its data mapping)."""
    data = variant.data if hasattr(variant, "data") else variant
    rules = data.get("rules", {})
    decks = rule_value(rules, "deck.decks", 1)
    decks = decks if isinstance(decks, int) else 1
    catalogue = rule_value(rules, "combinations.catalogue")
    seq = rule_value(rules, "ranking.sequence_order")
    out, names = _catalogue(catalogue, decks, seq)
    out += _flush(rule_value(rules, "combinations.flush"), names, catalogue, decks)
    out += _orders(rule_value(rules, "ranking.single_order"), seq)
    hand = rule_value(rules, "deal.hand_size")
    out += _deal(rule_value(rules, "players.count"), hand, rule_value(rules, "egg.count"), decks)
    return out


def warnings(variant: Any) -> list[Finding]:
    """A ``match.hands`` above :data:`MAX_HANDS` (``Variant`` or its data mapping): one ``match_over_cap`` finding at
    the value, naming the cap and the ``play --max-hands`` that lets the match be played; ``[]`` otherwise."""
    data = variant.data if hasattr(variant, "data") else variant
    hands = rule_value(data.get("rules", {}), "match.hands")
    if not isinstance(hands, int) or isinstance(hands, bool) or hands <= MAX_HANDS:
        return []
    return [Finding(_at("match.hands"), "match_over_cap",
                    f"{hands} hands, more than the cap of {MAX_HANDS} that play keeps by default: play refuses this "
                    f"match unless given --max-hands {hands} or more",
                    f"at most {MAX_HANDS} hands, or play --max-hands {hands}")]
