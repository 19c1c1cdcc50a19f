"""The reference answers of the Biedan operations (docs/implementers/biedan-operations.md).

``OPS`` maps an operation name to ``fn(rules, given) -> answer``; ``rules`` is a variant id, a ``Variant`` or
:class:`~.rules.BiedanRules`. Bad input (a missing key, a bad card, a card repeated or lying in two places in a
list that describes cards, contradictory flags of ``legal_play``, a table that is no combination, an action out of
turn in ``round``) raises :class:`ValueError` with a one-line message naming the key; a card repeated in a player's
choice (``legal_play``'s play, ``egg``'s egg) is the answer ``not_in_hand`` instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import CardNotationError, parse_card, sort_cards
from ..climbing.round_replay import replay_round
from . import exchange as xchg
from ..climbing.reading import Reading
from .count import count_plays
from .combinations import Table, by_rank, play_reading, readings, plays_of, table_for
from .hand_shapes import shapes
from .rules import BiedanRules, rules_for
from .state import PLAYERS, egg_reason, play_reason, score, settle

Answer = dict[str, Any]


# ----------------------------------------------------------------------------------------------- readers
def _get(given: dict, key: str, default: Any = ...) -> Any:
    if not isinstance(given, dict):
        raise ValueError("given: expected a mapping")
    if key not in given:
        if default is ...:
            raise ValueError(f"given.{key}: missing")
        return default
    return given[key]


def _cards(value: Any, where: str, *, distinct: bool = True) -> list[str]:
    if not isinstance(value, list):
        raise ValueError(f"{where}: expected a list of cards")
    out = []
    for i, token in enumerate(value):
        if not isinstance(token, str):
            raise ValueError(f"{where}[{i}]: expected a card token, found {token!r}")
        try:
            out.append(parse_card(token))
        except CardNotationError as exc:
            raise ValueError(f"{where}[{i}]: {exc}") from None
    if distinct and len(set(out)) != len(out):
        twice = sorted({c for c in out if out.count(c) > 1})
        raise ValueError(f"{where}: {', '.join(twice)} given twice (one deck holds each card once)")
    return out


def _seat(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < PLAYERS:
        raise ValueError(f"{where}: expected a seat 0-{PLAYERS - 1}, found {value!r}")
    return value


def _flag(given: dict, key: str) -> bool:
    value = _get(given, key, False)
    if not isinstance(value, bool):
        raise ValueError(f"given.{key}: expected true or false, found {value!r}")
    return value


def _table(t: Table, given: dict, key: str = "table", allow_null: bool = True) -> Reading | None:
    value = _get(given, key)
    if value is None and allow_null:
        return None
    cards = _cards(value, f"given.{key}")
    found = readings(t, cards)
    if not found:
        raise ValueError(f"given.{key}: {' '.join(cards) or 'no cards'} is not a combination")
    return found[0]


def _hands(given: dict, key: str = "hands") -> list[list[str]]:
    value = _get(given, key)
    if not isinstance(value, list) or len(value) != PLAYERS:
        raise ValueError(f"given.{key}: expected a list of {PLAYERS} hands")
    hands = [_cards(h, f"given.{key}[{i}]") for i, h in enumerate(value)]
    seen: set[str] = set()
    for i, hand in enumerate(hands):
        if seen & set(hand):
            raise ValueError(f"given.{key}[{i}]: {', '.join(sorted(seen & set(hand)))} also in another hand")
        seen |= set(hand)
    return hands


def _apart(first: list[str], second: list[str], where: str, other: str) -> None:
    """Bad input when a card lies in two places at once (one deck: ``first`` and ``second`` share no card)."""
    both = sorted(set(first) & set(second))
    if both:
        raise ValueError(f"{where}: {', '.join(both)} also in {other} (one deck holds each card once)")


def _flags(given: dict, table: Reading | None) -> tuple[bool, bool]:
    """``passed`` and ``first_lead`` of legal_play / legal_play_count; contradictory ones are bad input."""
    passed, first_lead = _flag(given, "passed"), _flag(given, "first_lead")
    if passed and table is None:
        raise ValueError("given.passed: true with table null (a player who leads has not passed in the new round)")
    if first_lead and table is not None:
        raise ValueError("given.first_lead: true with a table (a first lead has nothing to beat)")
    return passed, first_lead


def _reading(r: Reading) -> dict:
    return {"combination": r.combination, "top": r.top, "length": r.length, "flush": r.flush}


# ----------------------------------------------------------------------------------------------- operations
def op_facts(rules: BiedanRules, given: dict) -> Answer:
    """``facts``."""
    return {"players": rules.players, "decks": rules.decks, "cards": rules.cards_total, "hand_size": rules.hand_size,
            "egg_size": rules.egg_size, "banker_cards_after_bury": rules.hand_size - rules.egg_size,
            "first_banker_card": rules.first_banker_card,
            "combinations": [c.name for c in rules.catalogue] + [a.name for a in rules.attachments],
            "single_order": list(rules.single_order), "match_hands": rules.match_hands,
            "play_direction": rules.play_direction, "egg_secret": rules.egg_secret}


def op_card_order(rules: BiedanRules, given: dict) -> Answer:
    """``card_order``: groups of equal strength, strongest first."""
    t = table_for(rules)
    cards = _cards(_get(given, "cards"), "given.cards")
    groups: dict[int, list[str]] = {}
    for card in cards:
        groups.setdefault(t.card_strength[card], []).append(card)
    return {"order": [sort_cards(groups[k]) for k in sorted(groups, reverse=True)]}


def op_classify(rules: BiedanRules, given: dict) -> Answer:
    """``classify``: every reading."""
    cards = _cards(_get(given, "cards"), "given.cards")
    if not cards:
        raise ValueError("given.cards: expected at least one card")
    found = readings(table_for(rules), cards)
    return {"combination": found[0].combination if found else None, "readings": [_reading(r) for r in found]}


def op_beats(rules: BiedanRules, given: dict) -> Answer:
    """``beats``: does ``play`` beat ``table``."""
    t = table_for(rules)
    table = _table(t, given, allow_null=False)
    play = _cards(_get(given, "play"), "given.play")
    _apart(play, _cards(given["table"], "given.table"), "given.play", "given.table")
    reason = play_reading(t, play, table)[1]
    return {"beats": True} if reason is None else {"beats": False, "reason": reason}


def _hand_and_table(t: Table, given: dict) -> tuple[list[str], Reading | None, bool, bool]:
    """``(hand, table reading, passed, first_lead)`` of a legal_play / legal_play_count question; a card both in
    the hand and on the table is bad input (``ValueError``)."""
    hand = _cards(_get(given, "hand"), "given.hand")
    most = xchg.most_held(t.rules)
    if len(hand) > most:
        raise ValueError(f"given.hand: {len(hand)} cards, more than a seat can hold ({most}: deal.hand_size and the "
                         f"cards the exchange can bring)")
    table = _table(t, given)
    if table is not None:
        _apart(hand, _cards(given["table"], "given.table"), "given.hand", "given.table")
    passed, first_lead = _flags(given, table)
    return hand, table, passed, first_lead


def op_legal_play(rules: BiedanRules, given: dict) -> Answer:
    """``legal_play``: a play or a pass."""
    t = table_for(rules)
    hand, table, passed, first_lead = _hand_and_table(t, given)
    play = _get(given, "play")
    if play != "pass":
        play = _cards(play, "given.play", distinct=False)
    must = rules.first_banker_card if first_lead and rules.first_lead_with_banker_card else None
    reason = play_reason(t, hand, table, play, passed=passed, must_contain=must)
    return {"legal": True} if reason is None else {"legal": False, "reason": reason}


def legal_plays(rules: BiedanRules, hand: list[str], table: Reading | None, *, passed: bool = False,
                first_lead: bool = False) -> list[list[str]]:
    """Every distinct legal play (card lists) of ``hand`` against ``table``."""
    t = table_for(rules)
    if passed and rules.pass_locks_out and table is not None:
        return []
    held = by_rank(t, hand)
    must = _must(rules, hand, first_lead)
    return [cards for shape in shapes(t, held, table) for cards in plays_of(t, held, shape)
            if must is None or must in cards]


def _must(rules: BiedanRules, hand: list[str], first_lead: bool) -> str | None:
    """The card every play of a first lead must contain when the hand holds it [play.first_lead_with_banker_card]."""
    must = rules.first_banker_card if first_lead and rules.first_lead_with_banker_card else None
    return must if must in hand else None


def op_legal_play_count(rules: BiedanRules, given: dict) -> Answer:
    """``legal_play_count``: distinct legal plays, pass, total (counted without listing them: :mod:`.count`)."""
    t = table_for(rules)
    hand, table, passed, first_lead = _hand_and_table(t, given)
    locked = passed and rules.pass_locks_out and table is not None
    plays = 0 if locked else count_plays(t, hand, table, _must(rules, hand, first_lead))
    can_pass = table is not None and (not rules.must_beat or plays == 0)  # play.pass
    return {"count": plays + can_pass, "plays": plays, "pass": can_pass}


def op_round(rules: BiedanRules, given: dict) -> Answer:
    """``round``: replay the actions of one round from its start (:func:`..climbing.round_replay.replay_round`);
    a card played twice in the round, a play that is no combination or does not beat the table is bad input."""
    t = table_for(rules)
    sizes = _get(given, "hand_sizes")
    if not isinstance(sizes, list) or len(sizes) != PLAYERS or any(
            isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in sizes):
        raise ValueError(f"given.hand_sizes: expected {PLAYERS} card counts")
    leader = _seat(_get(given, "leader"), "given.leader")
    if not sizes[leader]:
        raise ValueError(f"given.leader: seat {leader} holds no cards")
    if sum(1 for n in sizes if n) < 2:
        raise ValueError("given.hand_sizes: fewer than two seats hold cards (the hand is over)")
    played: list[str] = []

    def read_play(where: str, seat: int, action: dict, table: Reading | None) -> tuple[Reading, list[str]]:
        cards = _cards(action.get("cards"), f"{where}.cards")
        _apart(cards, played, f"{where}.cards", "an earlier play of the round")
        played.extend(cards)
        found, reason = play_reading(t, cards, table)
        if found is None:
            raise ValueError(f"{where}: {' '.join(cards)} is not a combination")
        if reason is not None:
            raise ValueError(f"{where}: {' '.join(cards)} does not beat the table ({reason})")
        return found, cards

    done = replay_round(rules.round, sizes, leader, _get(given, "actions"), read_play)
    return {"over": done.over, "hand_over": done.hand_over, "to_act": done.to_act,
            "table": None if done.over or done.table is None else done.table_cards,
            "next_leader": done.next_leader, "out": done.out}


def op_egg(rules: BiedanRules, given: dict) -> Answer:
    """``egg``: may the banker bury these cards."""
    hand = _cards(_get(given, "hand"), "given.hand")
    egg = _cards(_get(given, "egg"), "given.egg", distinct=False)
    reason = egg_reason(rules, hand, egg)
    return {"legal": True} if reason is None else {"legal": False, "reason": reason}


def _banker_of(rules: BiedanRules, hands: list[list[str]]) -> int:
    for seat, hand in enumerate(hands):
        if rules.first_banker_card in hand:
            return seat
    raise ValueError(f"given.hands: nobody holds {rules.first_banker_card} (banker.first)")


def op_first_banker(rules: BiedanRules, given: dict) -> Answer:
    """``first_banker``: the holder of banker.first's card."""
    return {"banker": _banker_of(rules, _hands(given))}


def op_first_leader(rules: BiedanRules, given: dict) -> Answer:
    """``first_leader``: the banker leads; the card the lead must contain."""
    hands = _hands(given)
    banker = _banker_of(rules, hands)
    egg = _cards(_get(given, "egg", []), "given.egg")
    if any(card not in hands[banker] for card in egg):
        raise ValueError(f"given.egg: not all in the banker's (seat {banker}) hand")
    card = rules.first_banker_card
    must = card if rules.first_lead_with_banker_card and card not in egg else None
    return {"leader": banker, "must_contain": must}


def op_exchange(rules: BiedanRules, given: dict) -> Answer:
    """``exchange``: the moves of the exchange, with default picks among ties."""
    t = table_for(rules)
    places = _get(given, "places")
    if not isinstance(places, dict) or set(places) != {"first", "second", "third"}:
        raise ValueError("given.places: expected {first, second, third}")
    seats = {k: _seat(v, f"given.places.{k}") for k, v in places.items()}
    if len(set(seats.values())) != PLAYERS:
        raise ValueError("given.places: three different seats expected")
    banker = _seat(_get(given, "banker"), "given.banker")
    hands = _hands(given)
    egg = _cards(_get(given, "egg"), "given.egg") if rules.exchange_timing == "end_of_hand" else []
    _apart(egg, [c for hand in hands for c in hand], "given.egg", "given.hands")
    held = [list(h) for h in hands]
    handed: list[str] = []
    moves = []
    for step in xchg.plan(rules, seats, banker, rules.exchange_timing):
        if step.pick == "egg":
            cards = list(egg)
        elif step.pick == "all_but_egg":
            cards = [c for c in held[step.giver] if c not in egg]
            handed = list(cards)
        else:
            pool = handed if step.name == "return" else held[step.giver]
            cards = xchg.default_pick(t, pool, min(step.count, len(pool)), step.pick)
            if step.name == "return":
                handed = []
        if not cards:
            continue
        if step.giver is not None:
            for card in cards:
                held[step.giver].remove(card)
        held[step.receiver] += cards
        ranks = [t.rank_of[c] for c in sorted(cards, key=lambda c: -t.card_strength[c])]
        moves.append({"step": step.name, "from": step.giver, "to": step.receiver, "count": len(cards),
                      "ranks": ranks})
    return {"moves": moves, "counts": [len(h) for h in held]}


def op_settle(rules: BiedanRules, given: dict) -> Answer:
    """``settle``: places, bank, and the points each seat's place adds to the match tally (match.score)."""
    banker = _seat(_get(given, "banker"), "given.banker")
    out = _get(given, "out")
    if not isinstance(out, list) or len(out) != 2:
        raise ValueError("given.out: expected the first and second seats out")
    first, second = (_seat(s, f"given.out[{i}]") for i, s in enumerate(out))
    if first == second:
        raise ValueError("given.out: the same seat twice")
    third = next(s for s in range(PLAYERS) if s not in (first, second))
    result = settle(rules, banker, {"first": first, "second": second, "third": third})
    return {"places": result["places"], "banker_kept": result["banker_kept"], "next_banker": result["next_banker"],
            "score": score(rules, result["places"])}


def op_replay(rules: BiedanRules, given: dict) -> Answer:
    """``replay``: check a record (see :mod:`.records`)."""
    from .records import replay
    record = _get(given, "record")
    if not isinstance(record, dict):
        raise ValueError("given.record: expected a record mapping")
    return replay(record, rules).answer()


_OPS: dict[str, Callable[[BiedanRules, dict], Answer]] = {
    "facts": op_facts, "card_order": op_card_order, "classify": op_classify, "beats": op_beats,
    "legal_play": op_legal_play, "legal_play_count": op_legal_play_count, "round": op_round, "egg": op_egg,
    "first_banker": op_first_banker, "first_leader": op_first_leader, "exchange": op_exchange,
    "settle": op_settle, "replay": op_replay,
}


def _wrap(fn: Callable[[BiedanRules, dict], Answer]) -> Callable[[Any, dict], Answer]:
    def op(rules: Any, given: dict) -> Answer:
        return fn(rules_for(rules), given if given is not None else {})
    op.__doc__ = fn.__doc__
    op.__name__ = fn.__name__
    return op


OPS: dict[str, Callable[[Any, dict], Answer]] = {name: _wrap(fn) for name, fn in _OPS.items()}
"""Operation name → ``fn(rules_or_variant, given) -> answer``."""
